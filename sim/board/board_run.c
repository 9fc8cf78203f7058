/* SPDX-License-Identifier: BSD-3-Clause */
/* The board's run loop: fire due events, run the CPU until the next one
 * (a board of several cores: board_smp.c). */
#include "board_internal.h"

const char *ds_stop_name(ds_stop why)
{
    switch (why) {
    case DS_STOP_HALT:
        return "halt";
    case DS_STOP_EXIT:
        return "exit";
    case DS_STOP_BUDGET:
        return "cycle budget";
    case DS_STOP_IDLE:
        return "idle";
    case DS_STOP_FATAL:
        return "fatal";
    case DS_STOP_HOST_EVENT:
        return "host event";
    }
    return "unknown";
}

ds_status ds_board_finish(ds_board *b, ds_run_result *res, ds_stop why,
                          int status, unsigned core)
{
    /* lazy events due by now happen before the host looks (only lazy
     * ones can be due here: the core stops at every other) */
    if (ds_clock_lazy_pending(b->clk))
        ds_clock_run_due(b->clk, xt_cycles(b->cpu));
    res->why = why;
    res->status = status;
    res->cycles = ds_board_cycles(b);
    res->events = b->events;
    res->core = core;
    b->stop_on = 0;
    b->running = false;
    return DS_OK;
}

static ds_status finish(ds_board *b, ds_run_result *res, ds_stop why,
                        int status)
{
    return ds_board_finish(b, res, why, status, 0);
}

ds_status ds_board_run(ds_board *b, uint64_t max_cycles, unsigned stop_on,
                       ds_run_result *res)
{
    if (!b || !res || b->running)
        return DS_ERR_ARG; /* not from a callback inside a run */
    b->running = true;
    uint64_t start = xt_cycles(b->cpu);
    uint64_t limit = max_cycles && max_cycles <= DS_CLOCK_NEVER - start
                         ? start + max_cycles
                         : DS_CLOCK_NEVER;
    b->halted = false;
    b->events = 0;
    b->stop_on = stop_on;
    b->limit = limit;
    ds_run_begin(b->svc);
    if (b->ncores > 1)
        return ds_board_smp_run(b, res);
    for (;;) {
        uint64_t now = xt_cycles(b->cpu);
        ds_clock_run_due(b->clk, now);
        /* the service's boundary: after the events due now (a new run
         * fires none then), before the checks that may end this run */
        ds_run_boundary(b->svc, now, b->cpu);
        if (xt_cycles(b->cpu) != now)
            continue; /* a debugger put it back to a checkpoint */
        if (ds_run_ended(b->svc))
            return finish(b, res, DS_STOP_BUDGET, 0);
        if (b->events & stop_on)
            return finish(b, res, DS_STOP_HOST_EVENT, 0);
        if (now >= limit)
            return finish(b, res, DS_STOP_BUDGET, 0);
        uint64_t end = ds_clock_next_strict(b->clk);
        if (end > limit)
            end = limit;
        end = ds_run_slice_end(b->svc, now, end);
        xt_run_opts ro = { .max_cycles = end == DS_CLOCK_NEVER ? 0
                                                               : end - now };
        xt_stop why;
        b->run_end = end;
        b->in_run = true;
        xt_err e = xt_run(b->cpu, &ro, &why);
        b->in_run = false;
        if (e != XT_OK) {
            b->stop_on = 0;
            b->running = false;
            return DS_ERR_CPU;
        }
        if (b->halted)
            return finish(b, res, DS_STOP_HALT, (int)b->halt_status);
        switch (why) {
        case XT_STOP_EXIT:
            return finish(b, res, DS_STOP_EXIT, xt_exit_status(b->cpu));
        case XT_STOP_FATAL:
            return finish(b, res, DS_STOP_FATAL, 0);
        case XT_STOP_IDLE:
            return finish(b, res, DS_STOP_IDLE, 0);
        default: /* budget (= next event) or stop request: go round */
            ds_run_after_slice(b->svc, b->cpu, why);
            if (b->events & stop_on)
                return finish(b, res, DS_STOP_HOST_EVENT, 0);
            break;
        }
    }
}

ds_run *ds_board_service(ds_board *b)
{
    return b ? b->svc : NULL;
}

ds_status ds_board_wait_doorbell(ds_board *b, uint64_t max_cycles,
                                 uint32_t *msg, uint64_t *cycle,
                                 ds_run_result *res)
{
    if (!b || !res)
        return DS_ERR_ARG;
    if (ds_board_doorbell_pending(b, msg, cycle)) {
        res->why = DS_STOP_HOST_EVENT;
        res->status = 0;
        res->cycles = ds_board_cycles(b);
        res->events = DS_EVENT_D2H;
        res->core = 0;
        return DS_OK;
    }
    ds_status st = ds_board_run(b, max_cycles, DS_EVENT_D2H, res);
    if (st == DS_OK && res->why == DS_STOP_HOST_EVENT)
        ds_board_doorbell_pending(b, msg, cycle);
    return st;
}

void ds_board_set_pause(ds_board *b, uint64_t at, ds_pause_fn fn, void *user)
{
    ds_run_set_pause(b->svc, at, fn, user);
}

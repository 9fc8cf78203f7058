/* SPDX-License-Identifier: BSD-3-Clause */
/* A board of several cores (docs/board.md, "Several cores").
 *
 * The cores share the one event clock.  Core k's place on it is its own
 * cycle count plus 'base', the board cycle at which it left reset.  The
 * run loop goes in rounds: between two rounds the events due at the
 * laggard's cycle fire; a round then runs each core in turn up to the
 * round's end, at most 'quantum' cycles past the laggard and never past
 * the next event (an event scheduled during the round pulls the end in).
 * Inside a round the cores run one after the other: first the cores that
 * are busy, by number, then those waiting in WAITI, and a core chosen
 * runs up to the end before the next is chosen, however often it stops
 * on the way (a debugger, a host event), so that where a run is cut does
 * not change the order.  A busy core that starts waiting stops there
 * (xt_run_opts.stop_at_wait) and takes its turn with the waiting ones,
 * after the busy ones have run: so it wakes at the cycle a busy one
 * raises its line, not at the end of the round.
 *
 * Device accesses are exact: before a core's access to a device (the
 * inter-core device, its semaphores, the DMA ...) at cycle t, every other
 * core that is behind runs up to t in the same way (nested: those runs
 * make accesses of their own), and the events due by t fire.  So the
 * devices see every access in cycle order, and a core waiting for an
 * interrupt from another is at the other's cycle when it comes.  What is
 * not exact is bounded by the quantum: a core that ran ahead sees a line
 * another core raises, and another core's plain stores, up to that many
 * cycles late.
 *
 * Everything depends on the cores' and the devices' state only, never on
 * the caller's limit or the run service's clients (dspsim/run.h: pause
 * point, lockstep, debugger, progress): a boundary is between two rounds,
 * the debugger and progress are served after a core's slice, and a round
 * is cut only where every core only waits, so a run cut anywhere goes on
 * as it would have.
 */
#include "board_internal.h"

#define SR_PRID 235 /* the special register of the processor id */

static uint64_t core_now(const struct ds_board_core *c)
{
    return c->base + xt_cycles(c->cpu);
}

static bool on_stack(const ds_board *b, unsigned k)
{
    for (unsigned i = 0; i < b->smp.depth; i++)
        if (b->smp.stack[i] == k)
            return true;
    return false;
}

/* The cycle the slowest core out of reset has reached. */
static uint64_t laggard(const ds_board *b)
{
    uint64_t t = DS_CLOCK_NEVER;
    for (unsigned k = 0; k < b->ncores; k++)
        if (b->core[k].on && core_now(&b->core[k]) < t)
            t = core_now(&b->core[k]);
    return t;
}

uint64_t ds_board_smp_now(const ds_board *b)
{
    if (b->smp.firing)
        return b->smp.fire_now;
    if (b->smp.depth)
        return core_now(&b->core[b->smp.stack[b->smp.depth - 1]]);
    return laggard(b);
}

unsigned ds_board_smp_current(const ds_board *b)
{
    return b->smp.depth ? b->smp.stack[b->smp.depth - 1] : 0;
}

void ds_board_smp_stop(ds_board *b)
{
    for (unsigned i = 0; i < b->smp.depth; i++)
        xt_stop_request(b->core[b->smp.stack[i]].cpu);
}

void ds_board_smp_schedule(ds_board *b, uint64_t at)
{
    bool cut = false;
    for (unsigned l = 0; l < b->smp.levels; l++) {
        if (at < b->smp.hz[l]) {
            b->smp.hz[l] = at;
            cut = true;
        }
    }
    if (cut)
        ds_board_smp_stop(b);
}

/* Fire the events due at 'now' (the devices' clock reads 'now'). */
static void fire(ds_board *b, uint64_t now)
{
    bool was = b->smp.firing;
    uint64_t was_now = b->smp.fire_now;
    b->smp.firing = true;
    b->smp.fire_now = now;
    ds_clock_run_due(b->clk, now);
    b->smp.firing = was;
    b->smp.fire_now = was_now;
}

/* The core to run towards horizon l: the one already running towards it,
 * else the first (by number) that is busy, else the first that waits in
 * WAITI, of the cores out of reset, not inside a run, behind the
 * horizon; -1 when there is none. */
static int pick(ds_board *b, unsigned l)
{
    uint64_t h = b->smp.hz[l];
    int k = b->smp.pick[l];
    if (k >= 0 && core_now(&b->core[k]) < h)
        return k;
    b->smp.pick[l] = -1;
    for (int waiting = 0; waiting < 2; waiting++) {
        for (unsigned i = 0; i < b->ncores; i++) {
            const struct ds_board_core *c = &b->core[i];
            if (!c->on || on_stack(b, i) || core_now(c) >= h ||
                (xt_wake_cycle(c->cpu) != 0) != waiting)
                continue;
            b->smp.picked_waiting[l] = waiting;
            return b->smp.pick[l] = (int)i;
        }
    }
    return -1;
}

/* Run core k towards horizon l. */
static xt_err run_core(ds_board *b, unsigned k, unsigned l, xt_stop *why)
{
    struct ds_board_core *c = &b->core[k];
    xt_run_opts ro = { .max_cycles = b->smp.hz[l] - core_now(c),
                       .stop_at_wait = !b->smp.picked_waiting[l] };
    bool outer = !b->in_run;
    b->smp.stack[b->smp.depth++] = k;
    b->in_run = true;
    xt_err e = xt_run(c->cpu, &ro, why);
    b->in_run = !outer;
    b->smp.depth--;
    if (e == XT_OK && *why == XT_STOP_WAIT)
        b->smp.pick[l] = -1; /* its turn comes with the waiting ones */
    return e;
}

/* After core k's slice: does the run end (a halt, or a core's exit or
 * fatal state, recorded: the first one counts)? */
static bool slice_ends_run(ds_board *b, unsigned k, xt_stop why)
{
    if ((why == XT_STOP_EXIT || why == XT_STOP_FATAL) && !b->smp.stopped) {
        b->smp.stopped = true;
        b->smp.stop_why = why == XT_STOP_EXIT ? DS_STOP_EXIT : DS_STOP_FATAL;
        b->smp.stop_core = k;
    }
    return b->halted || b->smp.stopped;
}

void ds_board_smp_sync(ds_board *b)
{
    if (!b->smp.depth || !b->smp.levels || b->halted || b->smp.stopped ||
        b->smp.levels > BOARD_MAX_CORES)
        return;
    uint64_t t = ds_board_smp_now(b);
    unsigned l = b->smp.levels++;
    b->smp.pick[l] = -1;
    for (;;) {
        uint64_t next = ds_clock_next_strict(b->clk);
        b->smp.hz[l] = next < t ? next : t;
        int k;
        while ((k = pick(b, l)) >= 0) {
            xt_stop why;
            if (run_core(b, (unsigned)k, l, &why) != XT_OK) {
                b->smp.stopped = true; /* cannot happen: not running */
                b->smp.stop_why = DS_STOP_FATAL;
                b->smp.stop_core = (unsigned)k;
            }
            if (slice_ends_run(b, (unsigned)k, why)) {
                ds_board_smp_stop(b); /* the cores this access is in */
                b->smp.levels--;
                return;
            }
            /* a debugger's stop (a breakpoint of the core that ran) is
             * served here, inside the other core's access: that core is
             * between the start and the end of its load or store */
            if (why == XT_STOP_REQUEST)
                ds_run_after_slice(b->svc, b->cpu, why);
        }
        uint64_t h = b->smp.hz[l];
        fire(b, h);
        if (h >= t)
            break;
    }
    b->smp.levels--;
}

/* Where the next round ends, from 'now' (the laggard's cycle); false
 * when every core waits for an interrupt that nothing can raise. */
static bool round_end(ds_board *b, uint64_t now, uint64_t *end)
{
    uint64_t next = ds_clock_next_strict(b->clk), wake = DS_CLOCK_NEVER;
    for (unsigned k = 0; k < b->ncores; k++) {
        const struct ds_board_core *c = &b->core[k];
        if (!c->on)
            continue;
        uint64_t w = xt_wake_cycle(c->cpu);
        if (!w) { /* a core is busy: a round of one quantum */
            uint64_t q = now + b->cfg.quantum;
            *end = next < q ? next : q;
            return true;
        }
        if (w != UINT64_MAX && c->base + w < wake)
            wake = c->base + w;
    }
    /* every core waits: until the first wakes or an event comes nothing
     * runs, so the round may end anywhere, e.g. where the run is cut */
    uint64_t h = next < wake ? next : wake;
    if (b->limit < h)
        h = b->limit;
    /* the run service's points and slices (a debugger keeps a board
     * that only waits running, to be interrupted; a point ahead, of a
     * snapshot or the lockstep checker, is run to, as on one core) */
    if (h == DS_CLOCK_NEVER && !ds_run_debugged(b->svc)) {
        uint64_t p = ds_run_next_point(b->svc);
        if (p == DS_RUN_NEVER || p <= now)
            return false;
        h = p;
    }
    h = ds_run_slice_end(b->svc, now, h);
    if (h == DS_CLOCK_NEVER)
        return false;
    *end = h > now ? h : now + 1;
    return true;
}

ds_status ds_board_smp_run(ds_board *b, ds_run_result *res)
{
    b->smp.stopped = false;
    for (;;) {
        if (!b->smp.levels) {
            uint64_t now = laggard(b);
            fire(b, now);
            /* the service's boundary: between two rounds, after the
             * events due at the laggard's cycle */
            ds_run_boundary(b->svc, now, b->cpu);
            if (ds_run_ended(b->svc))
                return ds_board_finish(b, res, DS_STOP_BUDGET, 0, 0);
            if (b->events & b->stop_on)
                return ds_board_finish(b, res, DS_STOP_HOST_EVENT, 0, 0);
            if (now >= b->limit)
                return ds_board_finish(b, res, DS_STOP_BUDGET, 0, 0);
            if (!round_end(b, now, &b->smp.hz[0]))
                return ds_board_finish(b, res, DS_STOP_IDLE, 0, 0);
            b->smp.pick[0] = -1;
            b->smp.levels = 1;
        }
        int k;
        while ((k = pick(b, 0)) >= 0) {
            xt_stop why;
            if (run_core(b, (unsigned)k, 0, &why) != XT_OK) {
                b->stop_on = 0;
                b->running = false;
                return DS_ERR_CPU;
            }
            if (b->halted)
                return ds_board_finish(b, res, DS_STOP_HALT,
                                       (int)b->halt_status, b->halt_core);
            if (slice_ends_run(b, (unsigned)k, why)) {
                unsigned c = b->smp.stop_core;
                int st = b->smp.stop_why == DS_STOP_EXIT
                             ? xt_exit_status(b->core[c].cpu)
                             : 0;
                return ds_board_finish(b, res, b->smp.stop_why, st, c);
            }
            ds_run_after_slice(b->svc, b->cpu, why);
            if (ds_run_ended(b->svc))
                return ds_board_finish(b, res, DS_STOP_BUDGET, 0, 0);
            if (b->events & b->stop_on)
                return ds_board_finish(b, res, DS_STOP_HOST_EVENT, 0, 0);
        }
        b->smp.levels = 0;
    }
}

void ds_board_smp_start(void *user, unsigned k, uint32_t pc)
{
    ds_board *b = user;
    struct ds_board_core *c = &b->core[k];
    if (k >= b->ncores || c->on)
        return;
    uint64_t now = ds_board_smp_now(b);
    xt_reset(c->cpu);
    xt_reg_write(c->cpu, XT_REG_SR(SR_PRID), k);
    xt_reg_write(c->cpu, XT_REG_PC, pc);
    c->base = now;
    c->on = true;
    ds_board_irq_redrive(b, c);
    ds_icd_redrive(b->icd, k);
}

void ds_board_smp_reset(ds_board *b)
{
    for (unsigned k = 0; k < b->ncores; k++) {
        struct ds_board_core *c = &b->core[k];
        if (k)
            xt_reset(c->cpu);
        xt_reg_write(c->cpu, XT_REG_SR(SR_PRID), k);
        c->base = 0;
        c->on = k == 0;
    }
    b->smp = (struct ds_board_smp){ 0 };
    ds_icd_reset(b->icd);
}

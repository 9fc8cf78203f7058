/* SPDX-License-Identifier: BSD-3-Clause */
/* The sliced-run service (dspsim/run.h): the clients' slots, the
 * hand-over points a machine's loop calls, and the loop of a bare CPU. */
#include <stdlib.h>

#include "dspsim/run.h"

struct ds_run {
    struct {
        ds_run_poll_fn poll;
        ds_run_debugger_at_fn at;
        void *user;
        uint64_t slice;
        uint64_t horizon;
    } dbg;
    struct {
        ds_run_progress_fn fn;
        void *user;
        uint64_t slice;
    } prog;
    struct {
        ds_run_pause_fn fn;
        void *user;
        uint64_t at;
    } pause;
    struct {
        ds_run_checkpoint_fn fn;
        void *user;
        uint64_t at;
    } ckpt;
    struct {
        ds_run_lockstep ops;
        bool on;
        void *user;
        uint64_t at;
    } ls;
    bool ended;
};

ds_run *ds_run_new(void)
{
    ds_run *r = calloc(1, sizeof *r);
    if (r) {
        r->dbg.horizon = DS_RUN_NEVER;
        r->pause.at = r->ckpt.at = r->ls.at = DS_RUN_NEVER;
    }
    return r;
}

void ds_run_free(ds_run *r)
{
    free(r);
}

void ds_run_set_debugger(ds_run *r, ds_run_poll_fn poll, void *user,
                         uint64_t slice_cycles)
{
    r->dbg.poll = poll;
    r->dbg.user = poll ? user : NULL;
    r->dbg.slice = poll ? slice_cycles : 0;
    if (!poll) {
        r->dbg.horizon = DS_RUN_NEVER;
        r->dbg.at = NULL;
    }
}

void ds_run_set_debugger_at(ds_run *r, ds_run_debugger_at_fn at)
{
    r->dbg.at = r->dbg.poll ? at : NULL;
}

void ds_run_set_horizon(ds_run *r, uint64_t at)
{
    r->dbg.horizon = at;
}

void ds_run_set_progress(ds_run *r, ds_run_progress_fn fn, void *user,
                         uint64_t slice_cycles)
{
    r->prog.fn = fn;
    r->prog.user = fn ? user : NULL;
    r->prog.slice = fn ? slice_cycles : 0;
}

void ds_run_set_pause(ds_run *r, uint64_t at, ds_run_pause_fn fn, void *user)
{
    r->pause.fn = fn;
    r->pause.user = fn ? user : NULL;
    r->pause.at = fn ? at : DS_RUN_NEVER;
}

void ds_run_set_checkpoint(ds_run *r, uint64_t at, ds_run_checkpoint_fn fn,
                           void *user)
{
    r->ckpt.fn = fn;
    r->ckpt.user = fn ? user : NULL;
    r->ckpt.at = fn ? at : DS_RUN_NEVER;
}

void ds_run_set_lockstep(ds_run *r, const ds_run_lockstep *ops, void *user)
{
    r->ls.on = ops != NULL;
    if (ops)
        r->ls.ops = *ops;
    r->ls.user = ops ? user : NULL;
    r->ls.at = ops && ops->at ? ops->first : DS_RUN_NEVER;
}

void ds_run_end(ds_run *r)
{
    r->ended = true;
}

bool ds_run_ended(const ds_run *r)
{
    return r->ended;
}

void ds_run_begin(ds_run *r)
{
    r->ended = false;
}

static uint64_t min64(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

uint64_t ds_run_next_point(const ds_run *r)
{
    return min64(min64(r->pause.at, r->ckpt.at),
                 min64(r->ls.at, r->dbg.horizon));
}

uint64_t ds_run_slice_end(const ds_run *r, uint64_t now, uint64_t end)
{
    if (r->dbg.poll && r->dbg.slice && end - now > r->dbg.slice)
        end = now + r->dbg.slice;
    if (r->prog.fn && r->prog.slice && end - now > r->prog.slice)
        end = now + r->prog.slice;
    uint64_t p = ds_run_next_point(r);
    if (p > now && p < end)
        end = p; /* a slice ends at a point */
    return end;
}

void ds_run_boundary(ds_run *r, uint64_t now, xt_cpu *cpu)
{
    (void)cpu;
    if (r->pause.fn && now >= r->pause.at && r->pause.fn(r->pause.user, now)) {
        r->pause.fn = NULL;
        r->pause.at = DS_RUN_NEVER;
    }
    if (r->ckpt.fn && now >= r->ckpt.at)
        r->ckpt.at = r->ckpt.fn(r->ckpt.user, now);
    if (r->ls.on && r->ls.ops.at && now >= r->ls.at)
        r->ls.at = r->ls.ops.at(r->ls.user, now);
    /* last: a stop it asks for is no part of what the others saved */
    if (r->dbg.at)
        r->dbg.at(r->dbg.user, now);
}

static void progress(ds_run *r, xt_cpu *cpu)
{
    if (r->prog.fn)
        r->prog.fn(r->prog.user, xt_cycles(cpu), xt_insn_count(cpu));
}

static bool poll_debugger(ds_run *r)
{
    return r->dbg.poll && r->dbg.poll(r->dbg.user);
}

bool ds_run_after_slice(ds_run *r, xt_cpu *cpu, xt_stop why)
{
    progress(r, cpu);
    if (why != XT_STOP_CYCLE_BUDGET && why != XT_STOP_REQUEST)
        return false;
    return poll_debugger(r);
}

bool ds_run_lockstep_slice(ds_run *r, xt_stop why, bool final)
{
    if (!r->ls.on || !r->ls.ops.after_slice)
        return true;
    return r->ls.ops.after_slice(r->ls.user, why, final);
}

bool ds_run_polled(const ds_run *r)
{
    return r->dbg.poll || r->prog.fn;
}

bool ds_run_debugged(const ds_run *r)
{
    return r->dbg.poll != NULL;
}

/* ---- the loop of a bare CPU ---------------------------------------------- */
static bool budget_hit(const ds_run_budget *b, xt_cpu *cpu, xt_stop *why)
{
    if (b->max_cycles && xt_cycles(cpu) >= b->max_cycles) {
        *why = XT_STOP_CYCLE_BUDGET;
        return true;
    }
    if (b->max_insns && xt_insn_count(cpu) >= b->max_insns) {
        *why = XT_STOP_INSN_BUDGET;
        return true;
    }
    return false;
}

xt_err ds_run_cpu(ds_run *r, xt_cpu *cpu, const ds_run_budget *budget,
                  xt_stop *why)
{
    ds_run_begin(r);
    for (;;) {
        ds_run_boundary(r, xt_cycles(cpu), cpu);
        /* (a debugger may have put the CPU back to a checkpoint there) */
        uint64_t now = xt_cycles(cpu), n = xt_insn_count(cpu);
        if (r->ended) {
            *why = XT_STOP_REQUEST;
            return XT_OK;
        }
        /* a budget used up at a boundary: a run would start over */
        if (budget_hit(budget, cpu, why)) {
            ds_run_lockstep_slice(r, *why, true);
            return XT_OK;
        }
        xt_run_opts o = { 0 };
        if (budget->max_cycles)
            o.max_cycles = budget->max_cycles - now;
        if (budget->max_insns)
            o.max_insns = budget->max_insns - n;
        uint64_t own = o.max_cycles ? now + o.max_cycles : DS_RUN_NEVER;
        uint64_t end = ds_run_slice_end(r, now, own);
        if (end != DS_RUN_NEVER)
            o.max_cycles = end - now;
        xt_err err = xt_run(cpu, &o, why);
        if (err != XT_OK)
            return err;
        progress(r, cpu);
        bool more;
        if (*why == XT_STOP_CYCLE_BUDGET || *why == XT_STOP_INSN_BUDGET) {
            /* the totals decide; a slice's end is the debugger's look */
            xt_stop b;
            more = !budget_hit(budget, cpu, &b);
            if (!more)
                *why = b; /* a slice may end where a budget does */
            else if (*why == XT_STOP_CYCLE_BUDGET)
                poll_debugger(r);
        } else {
            more = *why == XT_STOP_REQUEST && poll_debugger(r);
        }
        if (!ds_run_lockstep_slice(r, *why, !more) || !more)
            return XT_OK;
    }
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Reverse execution (bs, bc; docs/debugging.md, "Reverse execution") on
 * the run's history (dspsim/history.h).
 *
 * The target is stopped at position S.  Going back is putting back the
 * latest checkpoint before S and running forward, with a code hook that
 * sees every instruction's position, twice:
 *   SCAN  from the checkpoint to S, remembering the last candidate before
 *         S: every instruction for bs; for bc, an instruction at a
 *         breakpoint, or one whose access hits a watchpoint (the stop is
 *         then before that access, as GDB expects going backwards), or a
 *         write by another master (gdb_rev_watch);
 *   GO    from the latest checkpoint before the candidate to it, where the
 *         target stops.
 * A scan that finds nothing moves to the interval before; at the oldest
 * checkpoint the target stops there with T05replaylog:begin;.  A bs
 * remembers the instructions its scan saw, so the next bs goes straight
 * to the one before.  While going back the forward breakpoints,
 * watchpoints and faults do not stop the target. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gdb_internal.h"

static void on_rev_code(xt_cpu *cpu, uint32_t pc, unsigned len, void *user);

/* Only the code it needs to see: every instruction for a bs scan or
 * when a watchpoint's access is to be placed; otherwise the breakpoints
 * (a bc's scan) or the target (a go) alone, so that the engine runs every
 * other instruction without calling out.  The forward hooks are off
 * meanwhile (gdb_target_update_hooks). */
static void hook(ds_gdb *g, bool on)
{
    gdb_rev *rv = &g->rev;
    for (unsigned i = 0; i < rv->nhooks; i++)
        xt_hook_del(g->cpu, rv->hooks[i]);
    rv->nhooks = 0;
    gdb_target_update_hooks(g);
    if (!on)
        return;
    uint32_t at[GDB_MAX_SW_BREAKS + GDB_MAX_HW_BREAKS];
    unsigned n = 0;
    bool all = false;
    if (rv->mode == GDB_REV_GO && rv->target.kind == DS_POS_INSN)
        at[n++] = rv->target.pc;
    else if (rv->mode == GDB_REV_GO)
        n = 0; /* an event's position: the run service's horizon stops it */
    else if (rv->cont && !g->nwatches)
        for (unsigned i = 0; i < g->nbreaks; i++)
            at[n++] = g->breaks[i].addr;
    else
        all = true;
    if (all)
        n = 1;
    for (unsigned i = 0; i < n; i++) {
        uint32_t b = all ? 1 : at[i], e = all ? 0 : at[i];
        if (xt_hook_add(g->cpu, &rv->hooks[rv->nhooks], XT_HOOK_CODE,
                        (void *)on_rev_code, g, b, e) == XT_OK)
            rv->nhooks++;
    }
}

static void trail_push(gdb_rev *rv, const ds_pos *p)
{
    rv->trail[rv->trail_head] = *p;
    rv->trail_head = (rv->trail_head + 1) % GDB_REV_TRAIL;
    if (rv->trail_n < GDB_REV_TRAIL)
        rv->trail_n++;
}

static ds_pos trail_pop(gdb_rev *rv)
{
    rv->trail_head = (rv->trail_head + GDB_REV_TRAIL - 1) % GDB_REV_TRAIL;
    rv->trail_n--;
    return rv->trail[rv->trail_head];
}

static void on_rev_code(xt_cpu *cpu, uint32_t pc, unsigned len, void *user)
{
    ds_gdb *g = user;
    gdb_rev *rv = &g->rev;
    (void)len;
    if (rv->arrived)
        return;
    ds_pos p = { xt_insn_count(cpu), xt_cycles(cpu), DS_POS_INSN, pc };
    if (rv->mode == GDB_REV_SCAN) {
        if (ds_pos_cmp(&p, &rv->until) >= 0) {
            rv->arrived = true;
            xt_stop_request(cpu);
            return;
        }
        rv->cur = p;
        if (!rv->cont) {
            rv->found = true;
            rv->hit = p;
            rv->hit_watch = -1;
            trail_push(rv, &p);
            return;
        }
        for (unsigned i = 0; i < g->nbreaks; i++)
            if (g->breaks[i].addr == pc) {
                rv->found = true;
                rv->hit = p;
                rv->hit_watch = -1;
                return;
            }
    } else if (rv->mode == GDB_REV_GO && ds_pos_cmp(&p, &rv->target) >= 0) {
        rv->arrived = true;
        xt_stop_request(cpu);
    }
}

void gdb_rev_watch(ds_gdb *g, int kind, uint32_t addr, const ds_pos *at,
                   const char *who)
{
    gdb_rev *rv = &g->rev;
    if (rv->mode != GDB_REV_SCAN || !rv->cont)
        return;
    ds_pos p = at ? *at : rv->cur;
    if (ds_pos_cmp(&p, &rv->until) >= 0)
        return;
    rv->found = true;
    rv->hit = p;
    rv->hit_watch = kind;
    rv->hit_addr = addr;
    snprintf(rv->hit_who, sizeof rv->hit_who, "%s", who);
}

/* Back to checkpoint k; false (said) when it does not load. */
static bool restore(ds_gdb *g, int k)
{
    char err[512];
    if (!ds_hist_restore(g->hist, (size_t)k, &g->rev.origin, err, sizeof err)) {
        fprintf(g->log, "%s: gdb: %s\n", g->log_prefix, err);
        g->rev.failed = true;
        return false;
    }
    g->stop_pending = false;
    g->fault_view = false;
    g->rev.arrived = false;
    return true;
}

/* The reverse operation is over: the target stops here, as stop says. */
static void end(ds_gdb *g)
{
    g->rev.mode = GDB_REV_NONE;
    hook(g, false);
    if (g->run)
        ds_run_set_horizon(g->run, DS_RUN_NEVER);
}

/* The target stops at `at`: the stop is sent, then served (unless a
 * packet's handler is running: the server it runs in goes on serving). */
static void stop_here(ds_gdb *g, const ds_pos *at, int watch, uint32_t addr,
                      bool begin)
{
    end(g);
    g->stop_sig = GDB_SIGTRAP;
    g->stop_watch = watch;
    g->stop_addr = addr;
    g->stop_replaylog = begin;
    g->stop_pos = *at;
    g->stop_pos_set = true;
    snprintf(g->stop_who, sizeof g->stop_who, "%s",
             watch >= 0 ? g->rev.hit_who : "");
    gdb_report_stop(g);
    if (!g->rev.in_packet)
        gdb_serve(g);
}

/* The start of the history: the oldest checkpoint. */
static void at_begin(ds_gdb *g)
{
    ds_pos p = ds_hist_pos(g->hist, 0);
    if (!restore(g, 0)) {
        end(g);
        return;
    }
    ds_hist_stats st;
    ds_hist_get_stats(g->hist, &st);
    if (st.dropped) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 "dspsim: reverse execution: the history starts at cycle "
                 "%" PRIu64 " (older checkpoints dropped at the memory "
                 "bound)\n",
                 p.cycles);
        gdb_send_console(g, msg);
    }
    stop_here(g, &p, -1, 0, true);
}

/* Run from the latest checkpoint before target to it. */
static void go(ds_gdb *g, const ds_pos *target)
{
    gdb_rev *rv = &g->rev;
    int k = ds_hist_find(g->hist, target, false);
    if (k < 0) {
        at_begin(g);
        return;
    }
    if (!restore(g, k)) {
        end(g);
        return;
    }
    rv->mode = GDB_REV_GO;
    rv->target = *target;
    hook(g, true);
    ds_hist_refine(g->hist, target);
    ds_run_set_horizon(g->run, target->cycles);
}

/* Scan the interval from checkpoint k to until. */
static void scan(ds_gdb *g, int k, const ds_pos *until)
{
    gdb_rev *rv = &g->rev;
    rv->until = *until;
    rv->from = ds_hist_pos(g->hist, (size_t)k);
    rv->found = false;
    rv->hit_watch = -1;
    rv->trail_n = 0;
    if (!restore(g, k)) {
        end(g);
        return;
    }
    rv->mode = GDB_REV_SCAN;
    hook(g, true);
    if (!rv->cont) /* the go to the last instruction replays little */
        ds_hist_refine(g->hist, until);
    ds_run_set_horizon(g->run, until->cycles);
}

static void scan_end(ds_gdb *g)
{
    gdb_rev *rv = &g->rev;
    if (rv->found) {
        if (!rv->cont)
            trail_pop(rv); /* the target itself */
        go(g, &rv->hit);
        return;
    }
    int k = ds_hist_find(g->hist, &rv->from, false);
    if (k < 0) {
        at_begin(g);
        return;
    }
    ds_pos until = rv->from;
    scan(g, k, &until);
}

static void arrive(ds_gdb *g)
{
    gdb_rev *rv = &g->rev;
    ds_pos at = rv->target;
    if (!rv->cont) {
        rv->trail_ok = true;
        rv->trail_end = at;
    }
    stop_here(g, &at, rv->cont ? rv->hit_watch : -1, rv->hit_addr, false);
}

bool gdb_rev_poll(ds_gdb *g)
{
    gdb_rev *rv = &g->rev;
    ds_pos now = ds_pos_now(g->cpu, DS_POS_EVENTS);
    if (rv->mode == GDB_REV_SCAN) {
        /* the horizon stops the run at the boundary of `until` (or just
         * past it, in a wait): every candidate before it has been seen */
        bool at_end = now.insns > rv->until.insns ||
                      (now.insns == rv->until.insns &&
                       now.cycles >= rv->until.cycles &&
                       rv->until.kind != DS_POS_SETTLED &&
                       rv->until.kind != DS_POS_HOST);
        if (!rv->arrived && !at_end)
            return false;
        rv->arrived = false;
        scan_end(g);
        return true;
    }
    if (!rv->arrived &&
        (rv->target.kind != DS_POS_EVENTS || ds_pos_cmp(&now, &rv->target) < 0))
        return false;
    rv->arrived = false;
    arrive(g);
    return true;
}

void gdb_boundary(void *user, uint64_t cycle)
{
    ds_gdb *g = user;
    gdb_rev *rv = &g->rev;
    (void)cycle;
    if (g->stop_pending && rv->mode == GDB_REV_NONE && !g->ended &&
        !g->killed) {
        gdb_serve_pending(g); /* a DMA burst wrote a watched range */
        return;
    }
    ds_pos now = ds_pos_now(g->cpu, DS_POS_SETTLED);
    if (rv->mode == GDB_REV_GO && !rv->arrived &&
        rv->target.kind == DS_POS_SETTLED &&
        ds_pos_cmp(&now, &rv->target) >= 0) {
        arrive(g); /* before a host's write */
        return;
    }
    if (rv->mode != GDB_REV_SCAN || rv->arrived ||
        rv->until.kind != DS_POS_SETTLED)
        return;
    /* the scan ends after the events of until's cycle, before anything
     * else happens there (the next instruction, a host's step) */
    if (ds_pos_cmp(&now, &rv->until) >= 0)
        scan_end(g);
}

void gdb_rev_host_write(ds_gdb *g)
{
    gdb_rev *rv = &g->rev;
    ds_pos now = ds_pos_now(g->cpu, DS_POS_HOST);
    if (rv->mode == GDB_REV_SCAN && !rv->arrived &&
        ds_pos_cmp(&now, &rv->until) >= 0)
        scan_end(g); /* the host's write the scan was to end at */
}

void gdb_rev_cancel(ds_gdb *g)
{
    if (g->rev.mode != GDB_REV_NONE)
        end(g);
    g->rev.trail_ok = false;
}

static gdb_action begin_op(ds_gdb *g, bool cont);

gdb_action gdb_rev_begin(ds_gdb *g, bool cont)
{
    if (!g->hist || !g->run || !ds_hist_started(g->hist)) {
        gdb_send_str(g, ""); /* not supported here */
        return GDB_STAY;
    }
    g->rev.in_packet = true;
    gdb_action a = begin_op(g, cont);
    g->rev.in_packet = false;
    if (a == GDB_STAY && g->rev.failed)
        gdb_send_str(g, "E01"); /* a checkpoint did not load (said) */
    return a;
}

static gdb_action begin_op(ds_gdb *g, bool cont)
{
    gdb_rev *rv = &g->rev;
    rv->failed = false;
    ds_pos s = g->stop_pos_set ? g->stop_pos
                               : ds_pos_now(g->cpu, DS_POS_EVENTS);
    rv->origin = s;
    rv->cont = cont;
    rv->hit_watch = -1;
    rv->hit_addr = 0;
    if (!cont && rv->trail_ok && rv->trail_n &&
        !ds_pos_cmp(&s, &rv->trail_end)) {
        ds_pos t = trail_pop(rv);
        go(g, &t);
    } else {
        rv->trail_ok = false;
        int k = ds_hist_find(g->hist, &s, false);
        if (k < 0) /* at the start already */
            stop_here(g, &s, -1, 0, true);
        else
            scan(g, k, &s);
    }
    return rv->mode == GDB_REV_NONE ? GDB_STAY : GDB_RESUME;
}

void gdb_rev_changed(ds_gdb *g)
{
    gdb_rev_cancel(g);
    if (!g->hist)
        return;
    ds_pos s = g->stop_pos_set ? g->stop_pos
                               : ds_pos_now(g->cpu, DS_POS_EVENTS);
    ds_hist_diverge(g->hist, &s);
}

void gdb_rev_forward(ds_gdb *g)
{
    g->rev.trail_ok = false;
}

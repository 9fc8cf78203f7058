/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: reverse execution under --gdb (docs/debugging.md,
 * "Reverse execution") for `dspsim run` and `dspsim play`.
 *
 * The run's history (dspsim/history.h) keeps checkpoints of the board's
 * memories as pages (the CPU's; host memory compared), the board's
 * devices and the host driver (dsh_drv_save_state), and the harness's
 * place in the streams: like a snapshot's "EXEC" section (exec_snapshot.c)
 * but the outputs as their frame counts, the spools being cut back to
 * them (xp_out_truncate) rather than copied.  A checkpoint is taken only
 * where a snapshot can be: inside a step of the streaming phases.
 *
 * Going back happens inside a debugger's stop, deep in the harness's
 * calls (a phase, a step, the driver, the board's run): the board, the
 * CPU and the driver are put back at once; the harness's own state waits
 * in r->rewind_state, the driver answers every call DSH_DRV_EREWIND, the
 * board's run ends, the calls return to execute(), which applies it
 * (xp_reverse_rewound) and goes on with the step the checkpoint is in,
 * as a run restored from a snapshot does.  While the run goes over history
 * again, the verbose log, the board's diagnostics and the timeline are
 * quiet; the driver's console and statistics, being state, are not.
 * Cases with scripted faults or topology rebuilds, and runs with
 * --profile, have no history (as they have no snapshots). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dspsim/history.h"
#include "exec/exec_internal.h"

#define TAG_XCKP   DS_SNAP_TAG('X', 'C', 'K', 'P')
#define XCKP_STATE 2u /* 2: the faults' progress */

static void put_ep(const xp_ep *ep, ds_snap_w *w)
{
    const uint32_t u[] = { ep->pipe,     ep->comp_id, ep->fmt,      ep->slot,
                           ep->last_pos, ep->active,  ep->in_failed };
    for (unsigned k = 0; k < sizeof u / sizeof *u; k++)
        ds_snap_put_u32(w, u[k]);
    ds_snap_put_u64(w, ep->moved);
    ds_snap_put_u64(w, ep->pos);
    ds_snap_put_u64(w, ep->in_frame);
    ds_snap_put_u64(w, ep->out_spooled);
    ds_snap_put_u64(w, ep->refill_hold);
    ds_snap_put_u32(w, ep->refill_skip);
    ds_snap_put_u8(w, ep->refill_faulted);
}

/* The harness's state (section XCKP). */
static void save_harness(const xp_run *r, ds_snap_w *w)
{
    size_t m = ds_snap_begin(w, TAG_XCKP);
    ds_snap_put_u32(w, XCKP_STATE);
    ds_snap_put_u32(w, (uint32_t)r->pos.phase);
    ds_snap_put_u32(w, r->pos.next_ctl);
    ds_snap_put_u64(w, r->pos.until);
    ds_snap_put_u64(w, r->pos.aux);
    const uint64_t v[] = { r->start_cycle,
                           r->stream_end_cycle,
                           r->xruns,
                           r->unexpected_ipc,
                           r->expected_rejected,
                           r->restarts,
                           r->host_xruns,
                           r->xrun_codes[0],
                           r->xrun_codes[1],
                           r->xrun_codes[2],
                           r->resumable_end,
                           r->panic_cause,
                           r->next_fault,
                           r->nfired };
    for (unsigned i = 0; i < sizeof v / sizeof *v; i++)
        ds_snap_put_u64(w, v[i]);
    ds_snap_put_u8(w, r->setup_rejected);
    ds_snap_put_u8(w, r->setup_refused);
    ds_snap_put_u8(w, r->panic_seen);
    ds_snap_put_u32(w, (uint32_t)r->status);
    size_t ml = strlen(r->msg);
    ds_snap_put_u32(w, (uint32_t)ml);
    ds_snap_put_bytes(w, r->msg, ml);
    ds_snap_put_u32(w, r->npipes);
    ds_snap_put_bytes(w, r->pipes, r->npipes * sizeof(xp_pipe));
    for (unsigned i = 0; i < r->c->n_endpoints; i++)
        put_ep(&r->eps[i], w);
    ds_snap_end(w, m);
}

/* At the rewind point: the harness as the checkpoint left it.  false
 * (said) when an output's spool cannot go back. */
static bool apply_harness(xp_run *r, ds_snap_r *s)
{
    if (ds_snap_get_u32(s) != XCKP_STATE)
        return ds_snap_fail(s, "harness: another state version");
    r->pos.phase = (xp_phase)ds_snap_get_u32(s);
    r->pos.next_ctl = ds_snap_get_u32(s);
    r->pos.until = ds_snap_get_u64(s);
    r->pos.aux = ds_snap_get_u64(s);
    uint64_t *const v[] = {
        &r->start_cycle,    &r->stream_end_cycle,  &r->xruns,
        &r->unexpected_ipc, &r->expected_rejected, &r->restarts,
        &r->host_xruns,     &r->xrun_codes[0],     &r->xrun_codes[1],
        &r->xrun_codes[2],  &r->resumable_end
    };
    for (unsigned i = 0; i < sizeof v / sizeof *v; i++)
        *v[i] = ds_snap_get_u64(s);
    r->panic_cause = (uint32_t)ds_snap_get_u64(s);
    /* the faults fired later are forgotten (the record is append-only:
     * the ones before are as they were) */
    r->next_fault = (unsigned)ds_snap_get_u64(s);
    r->nfired = ds_snap_get_u64(s);
    r->setup_rejected = ds_snap_get_u8(s) != 0;
    r->setup_refused = ds_snap_get_u8(s) != 0;
    r->panic_seen = ds_snap_get_u8(s) != 0;
    r->status = (dsh_res_status)ds_snap_get_u32(s);
    uint32_t ml = ds_snap_get_u32(s);
    if (s->bad || ml >= sizeof r->msg)
        return ds_snap_fail(s, "harness: message of %u bytes", (unsigned)ml);
    ds_snap_get_bytes(s, r->msg, ml);
    r->msg[ml] = '\0';
    r->npipes = ds_snap_get_u32(s);
    if (s->bad || r->npipes > DSH_MAX_PIPELINES)
        return ds_snap_fail(s, "harness: %u pipelines", r->npipes);
    ds_snap_get_bytes(s, r->pipes, r->npipes * sizeof(xp_pipe));
    for (unsigned i = 0; i < r->c->n_endpoints && !s->bad; i++) {
        xp_ep *ep = &r->eps[i];
        ep->pipe = ds_snap_get_u32(s);
        ep->comp_id = ds_snap_get_u32(s);
        ep->fmt = ds_snap_get_u32(s);
        ep->slot = ds_snap_get_u32(s);
        ep->last_pos = ds_snap_get_u32(s);
        ep->active = ds_snap_get_u32(s) != 0;
        ep->in_failed = ds_snap_get_u32(s) != 0;
        ep->moved = ds_snap_get_u64(s);
        ep->pos = ds_snap_get_u64(s);
        ep->in_frame = ds_snap_get_u64(s);
        uint64_t frames = ds_snap_get_u64(s);
        ep->refill_hold = ds_snap_get_u64(s);
        ep->refill_skip = ds_snap_get_u32(s);
        ep->refill_faulted = ds_snap_get_u8(s) != 0;
        if (!s->bad && ep->spool && !xp_out_truncate(ep, frames))
            return ds_snap_fail(s, "%s", ep->spool_err);
    }
    return ds_snap_done(s, "harness");
}

/* ---- the machine of the history ---------------------------------------- */
static bool m_save(void *user, ds_snap_w *w)
{
    xp_run *r = user;
    if (r->pos.phase == XP_PHASE_NONE || r->rewinding)
        return false; /* not a point a run resumes from */
    save_harness(r, w);
    dsh_drv_save_state(r->drv, w);
    return true;
}

static bool m_load(void *user, ds_snap_r *rd)
{
    xp_run *r = user;
    ds_snap_r s;
    if (!ds_snap_open(rd, TAG_XCKP, &s))
        return false;
    uint8_t *keep = realloc(r->rewind_state, s.len ? s.len : 1);
    if (!keep)
        return ds_snap_fail(rd, "harness: out of memory");
    memcpy(keep, s.p, s.len);
    r->rewind_state = keep;
    r->rewind_len = s.len;
    if (!dsh_drv_load_state(r->drv, rd))
        return false;
    /* back to execute(), which applies the harness's part */
    r->rewinding = true;
    dsh_drv_set_rewind(r->drv, true);
    ds_run_end(ds_board_service(dsh_drv_board(r->drv)));
    return true;
}

static void m_replay(void *user, bool on)
{
    xp_run *r = user;
    r->replaying = on;
    dsh_timeline_pause(r->tl, on);
}

/* Writes by the DMA and the host, for the debugger's watchpoints. */
static void write_watch(void *user, const ds_mem_write *w)
{
    char who[96];
    ds_mem_write_describe(w, who, sizeof who);
    ds_gdb_note_write(user, w->addr, w->len, who, w->between_runs);
}

void xp_reverse_start(xp_run *r)
{
    ds_board *b = dsh_drv_board(r->drv);
    ds_board_set_write_watch(b, write_watch, r->gdb);
    if (r->o->reverse_off || r->o->profile_path || r->c->rebuild_every_ms > 0)
        return;
    if (ds_board_cores(b) > 1) { /* the history holds one core */
        xp_log(r, "reverse execution: a board of one core only; off");
        return;
    }
    ds_hist_mem mems[DS_BOARD_HIST_MEMS];
    size_t nmems = ds_board_hist_mems(b, mems);
    ds_hist_machine m = { .cpu = ds_board_cpu(b),
                          .mems = mems,
                          .nmems = nmems,
                          .save = m_save,
                          .load = m_load,
                          .replay = m_replay,
                          .user = r,
                          .track_now = true };
    ds_hist_config hc = { .mem_limit = r->o->reverse_mem,
                          .every = r->o->reverse_every };
    if (!(r->hist = ds_hist_new(&m, &hc))) {
        xp_log(r, "reverse execution: out of memory; off");
        return;
    }
    ds_gdb_set_history(r->gdb, r->hist);
}

bool xp_reverse_rewound(xp_run *r)
{
    ds_snap_r s;
    char err[512] = "";
    ds_snap_r_init(&s, r->rewind_state, r->rewind_len, err, sizeof err);
    r->rewinding = false;
    dsh_drv_set_rewind(r->drv, false);
    if (!apply_harness(r, &s))
        return xp_fail(r, DSH_RES_ERROR, "reverse execution: %s", err);
    r->resuming = true;
    return true;
}

void xp_reverse_free(xp_run *r)
{
    if (r->drv)
        ds_board_set_write_watch(dsh_drv_board(r->drv), NULL, NULL);
    ds_hist_free(r->hist);
    r->hist = NULL;
    free(r->rewind_state);
    r->rewind_state = NULL;
}

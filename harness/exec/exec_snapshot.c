/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: snapshots and replay (docs/debugging.md, "Snapshots";
 * docs/snapshot-format.md).
 *
 * --snapshot-at CYCLE FILE arms the board's pause point at CYCLE.  The
 * board calls back at the first instruction boundary at or after it; the
 * snapshot is taken there if the harness is inside a step of simulated
 * time of the streaming phases (r->pos, set by exec_run.c around each
 * step), else at the next boundary where it is (the setup and a
 * command's reply wait are not points a run can resume from).  The file
 * holds section "EXEC" (the harness: its place in the phases and in the
 * control schedule, the pipelines' records, each endpoint's positions in
 * its stream and the output collected so far), then the driver's and the
 * board's sections.
 *
 * --restore FILE builds the driver and board as a run from the start
 * would (same firmware loaded), opens the streams, then loads the
 * sections over them; exec_run.c finishes the interrupted step and goes
 * on with the phase.  Firmware, case, board configuration and inputs must
 * be the ones the snapshot was made with (hashes in the header). */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dspsim/snapshot.h"
#include "exec/exec_internal.h"

#define EXEC_STATE_VERSION 1u
#define TAG_EXEC           DS_SNAP_TAG('E', 'X', 'E', 'C')

/* The case's identity: its text, the board configuration and the input
 * samples. */
static bool case_hash(xp_run *r, uint64_t *out)
{
    uint64_t h = DS_SNAP_HASH_INIT;
    if (r->o->case_text) {
        /* hashed as the file holding this text would be (a bundle's case
         * has the identity of the case file it came from) */
        uint64_t th = ds_snap_hash(DS_SNAP_HASH_INIT, r->o->case_text,
                                   r->o->case_len);
        h = ds_snap_hash(h, &th, sizeof th);
    } else {
        char err[512];
        uint64_t fh;
        if (!ds_snap_hash_file(r->c->path, &fh, err, sizeof err))
            return xp_fail(r, DSH_RES_ERROR, "snapshot: case %s", err);
        h = ds_snap_hash(h, &fh, sizeof fh);
    }
    const ds_board_config *cfg = ds_board_get_config(dsh_drv_board(r->drv));
    h = ds_snap_hash(h, &cfg->cpu_hz,
                     sizeof *cfg - offsetof(ds_board_config, cpu_hz));
    /* the inputs' samples, read through their streams a block at a time
     * (the same bytes, in the same order, as whole) */
    for (unsigned i = 0; i < r->c->n_endpoints; i++) {
        xp_ep *ep = &r->eps[i];
        if (!ep->in)
            continue;
        int32_t buf[4096];
        uint64_t per = sizeof buf / sizeof *buf / ep->in_info.channels;
        char err[512];
        for (uint64_t f = 0; f < ep->in_info.frames; f += per) {
            uint64_t k = ep->in_info.frames - f < per ? ep->in_info.frames - f
                                                      : per;
            if (!dsh_audio_stream_read(ep->in, f, k, buf, err, sizeof err))
                return xp_fail(r, DSH_RES_ERROR, "snapshot: %s", err);
            h = ds_snap_hash(h, buf,
                             (size_t)k * ep->in_info.channels * sizeof *buf);
        }
    }
    *out = h;
    return true;
}

/* false: reading an output's spool failed (err). */
static bool exec_save(const xp_run *r, ds_snap_w *w, char *err, size_t errsz)
{
    size_t m = ds_snap_begin(w, TAG_EXEC);
    ds_snap_put_u32(w, EXEC_STATE_VERSION);
    ds_snap_put_u32(w, (uint32_t)r->pos.phase);
    ds_snap_put_u32(w, r->pos.next_ctl);
    ds_snap_put_u64(w, r->pos.until);
    ds_snap_put_u64(w, r->pos.aux);
    const uint64_t v[] = {
        r->start_cycle,    r->stream_end_cycle,  r->xruns,
        r->unexpected_ipc, r->expected_rejected, r->restarts
    };
    for (unsigned i = 0; i < sizeof v / sizeof *v; i++)
        ds_snap_put_u64(w, v[i]);
    ds_snap_put_u8(w, r->setup_rejected);
    ds_snap_put_u8(w, r->setup_refused);
    ds_snap_put_u32(w, (uint32_t)r->status);
    size_t ml = strlen(r->msg);
    ds_snap_put_u32(w, (uint32_t)ml);
    ds_snap_put_bytes(w, r->msg, ml);
    /* the pipelines' records as this build lays them out (the build id
     * in the header pins the layout) */
    ds_snap_put_u32(w, r->npipes);
    ds_snap_put_u32(w, (uint32_t)sizeof(xp_pipe));
    ds_snap_put_bytes(w, r->pipes, r->npipes * sizeof(xp_pipe));
    ds_snap_put_u32(w, r->c->n_endpoints);
    for (unsigned i = 0; i < r->c->n_endpoints; i++) {
        const xp_ep *ep = &r->eps[i];
        const uint32_t u[] = { ep->pipe, ep->comp_id,  ep->fmt,
                               ep->slot, ep->last_pos, ep->e->channels };
        for (unsigned k = 0; k < sizeof u / sizeof *u; k++)
            ds_snap_put_u32(w, u[k]);
        ds_snap_put_u64(w, ep->moved);
        ds_snap_put_u64(w, ep->pos);
        ds_snap_put_u64(w, ep->in_frame);
        ds_snap_put_u8(w, ep->active);
        /* the output so far, read back from its spool a block at a
         * time (before alignment: every frame spooled is kept) */
        ds_snap_put_u64(w, ep->out_frames);
        int32_t buf[4096];
        uint64_t per = sizeof buf / sizeof *buf / ep->e->channels;
        for (uint64_t f = 0; f < ep->out_frames; f += per) {
            uint64_t k = ep->out_frames - f < per ? ep->out_frames - f : per;
            if (!xp_out_read(ep, f, k, buf, err, errsz))
                return false;
            ds_snap_put_bytes(w, buf,
                              (size_t)k * ep->e->channels * sizeof *buf);
        }
    }
    ds_snap_end(w, m);
    return true;
}

/* Before the streams are opened: everything but the input files. */
static bool exec_load(xp_run *r, ds_snap_r *rd, dsh_res_status *status)
{
    ds_snap_r s;
    if (!ds_snap_open(rd, TAG_EXEC, &s))
        return false;
    uint32_t ver = ds_snap_get_u32(&s);
    if (ver != EXEC_STATE_VERSION)
        return ds_snap_fail(rd,
                            "harness: state version %u, this one reads "
                            "%u",
                            (unsigned)ver, EXEC_STATE_VERSION);
    uint32_t phase = ds_snap_get_u32(&s);
    r->pos.next_ctl = ds_snap_get_u32(&s);
    r->pos.until = ds_snap_get_u64(&s);
    r->pos.aux = ds_snap_get_u64(&s);
    if (!s.bad && (phase < XP_PHASE_STREAM || phase > XP_PHASE_FLUSH ||
                   r->pos.next_ctl > r->c->n_controls))
        return ds_snap_fail(rd,
                            "harness: phase %u, control %u of %u: out "
                            "of range",
                            (unsigned)phase, r->pos.next_ctl, r->c->n_controls);
    r->pos.phase = (xp_phase)phase;
    uint64_t *const v[] = {
        &r->start_cycle,    &r->stream_end_cycle,  &r->xruns,
        &r->unexpected_ipc, &r->expected_rejected, &r->restarts
    };
    for (unsigned i = 0; i < sizeof v / sizeof *v; i++)
        *v[i] = ds_snap_get_u64(&s);
    r->setup_rejected = ds_snap_get_u8(&s) != 0;
    r->setup_refused = ds_snap_get_u8(&s) != 0;
    uint32_t st = ds_snap_get_u32(&s), ml = ds_snap_get_u32(&s);
    if (!s.bad && (st > DSH_RES_ERROR || ml >= sizeof r->msg))
        return ds_snap_fail(rd, "harness: status %u, message of %u bytes",
                            (unsigned)st, (unsigned)ml);
    *status = (dsh_res_status)st; /* applied once the load is done */
    char msg[sizeof r->msg];
    ds_snap_get_bytes(&s, msg, ml);
    msg[ml] = '\0';
    if (st != DSH_RES_PASS)
        memcpy(r->msg, msg, ml + 1);
    uint32_t np = ds_snap_get_u32(&s), psz = ds_snap_get_u32(&s);
    if (!s.bad && (np > DSH_MAX_PIPELINES || psz != sizeof(xp_pipe)))
        return ds_snap_fail(rd, "harness: %u pipelines of %u bytes",
                            (unsigned)np, (unsigned)psz);
    r->npipes = np;
    ds_snap_get_bytes(&s, r->pipes, np * sizeof(xp_pipe));
    uint32_t ne = ds_snap_get_u32(&s);
    if (!s.bad && ne != r->c->n_endpoints)
        return ds_snap_fail(rd, "harness: %u endpoints, the case has %u",
                            (unsigned)ne, r->c->n_endpoints);
    for (unsigned i = 0; i < ne && !s.bad; i++) {
        xp_ep *ep = &r->eps[i];
        ep->pipe = ds_snap_get_u32(&s);
        ep->comp_id = ds_snap_get_u32(&s);
        ep->fmt = ds_snap_get_u32(&s);
        ep->slot = ds_snap_get_u32(&s);
        ep->last_pos = ds_snap_get_u32(&s);
        uint32_t ch = ds_snap_get_u32(&s);
        ep->moved = ds_snap_get_u64(&s);
        ep->pos = ds_snap_get_u64(&s);
        ep->in_frame = ds_snap_get_u64(&s);
        ep->active = ds_snap_get_u8(&s) != 0;
        uint64_t n = ds_snap_get_u64(&s);
        if (s.bad)
            break;
        if (ch != r->c->endpoints[i].channels || ep->pipe >= np ||
            n > (s.len - s.pos) / 4 / (ch ? ch : 1))
            return ds_snap_fail(rd,
                                "harness: endpoint %u: %u channels, "
                                "pipeline %u, %" PRIu64 " frames: does "
                                "not fit the case",
                                i, (unsigned)ch, ep->pipe, n);
        /* into a new spool, a block at a time */
        ep->e = &r->c->endpoints[i];
        ep->spool_dir = r->spool_dir;
        xp_out_close(ep);
        ep->out_spooled = ep->out_first = ep->out_frames = 0;
        ep->spool_failed = false;
        int32_t buf[8];
        for (uint64_t f = 0; f < n && !s.bad; f++) {
            ds_snap_get_bytes(&s, buf, ch * sizeof *buf);
            if (!s.bad && !xp_out_append(ep, buf, ch, 1, 0))
                return ds_snap_fail(rd, "harness: %s", ep->spool_err);
        }
    }
    if (!ds_snap_done(&s, "harness")) {
        rd->bad = true;
        return false;
    }
    return true;
}

static bool on_pause(void *user, uint64_t cycle)
{
    xp_run *r = user;
    if (r->pos.phase == XP_PHASE_NONE)
        return false; /* not a point to resume from: ask again */
    uint64_t ch;
    if (!case_hash(r, &ch))
        return true;
    ds_snap_w w;
    ds_snap_w_init(&w);
    char serr[512];
    if (!exec_save(r, &w, serr, sizeof serr)) {
        ds_snap_w_free(&w);
        xp_fail(r, DSH_RES_ERROR, "snapshot: %s", serr);
        return true;
    }
    dsh_drv_save(r->drv, &w);
    char err[1024];
    ds_snap_ident id = { r->fw_hash, ch, cycle };
    if (w.oom)
        xp_fail(r, DSH_RES_ERROR, "snapshot: out of memory");
    else if (!ds_snap_file_write(r->o->snapshot_path, &id, w.p, w.len, err,
                                 sizeof err))
        xp_fail(r, DSH_RES_ERROR, "%s", err);
    else {
        r->snap_taken = true;
        r->snap_cycle = cycle;
        xp_log(r, "snapshot at cycle %" PRIu64 " (%zu bytes) -> %s", cycle,
               w.len, r->o->snapshot_path);
    }
    ds_snap_w_free(&w);
    return true;
}

static bool firmware_hash(xp_run *r, const char *fw)
{
    char err[512];
    if (r->fw_hash)
        return true;
    if (!ds_snap_hash_file(fw, &r->fw_hash, err, sizeof err))
        return xp_fail(r, DSH_RES_ERROR, "snapshot: firmware %s", err);
    return true;
}

/* Scripted faults and topology rebuilds keep state the snapshot does not
 * hold (faults armed in the devices, the schedule's place, the rebuild
 * clock): such a case is refused rather than resumed differently. */
static bool snapshot_supported(xp_run *r, const char *what)
{
    if (r->c->n_faults || r->c->rebuild_every_ms > 0)
        return xp_fail(r, DSH_RES_ERROR,
                       "%s: not supported for a case with "
                       "%s (docs/debugging.md, \"Snapshots\")",
                       what, r->c->n_faults ? "faults:" : "rebuild_every_ms");
    return true;
}

bool xp_snapshot_arm(xp_run *r, const char *fw)
{
    if (!r->o->snapshot_path)
        return true;
    if (!snapshot_supported(r, "--snapshot-at"))
        return false;
    if (!firmware_hash(r, fw))
        return false;
    ds_board_set_pause(dsh_drv_board(r->drv), r->o->snapshot_at, on_pause, r);
    return true;
}

bool xp_snapshot_restore(xp_run *r, const char *fw)
{
    char err[1024], msg[1200];
    uint8_t *body = NULL;
    size_t len = 0;
    ds_snap_ident want = { 0, 0, 0 }, got = { 0, 0, 0 };
    if (!snapshot_supported(r, "--restore") || !firmware_hash(r, fw))
        return false;
    want.firmware_hash = r->fw_hash;
    /* the case hash covers the inputs: checked once the streams are open */
    if (!ds_snap_file_read(r->o->restore_path, &want, &got, &body, &len, err,
                           sizeof err))
        return xp_fail(r, DSH_RES_ERROR, "%s", err);
    ds_snap_r rd;
    ds_snap_r_init(&rd, body, len, err, sizeof err);
    dsh_res_status saved = DSH_RES_PASS;
    bool ok = exec_load(r, &rd, &saved) && xp_streams_open(r);
    uint64_t ch = 0;
    if (ok && r->status == DSH_RES_PASS &&
        (!case_hash(r, &ch) || ch != got.case_hash)) {
        free(body);
        r->npipes = 0;
        if (r->status != DSH_RES_PASS)
            return false;
        ds_snap_case_mismatch(r->o->restore_path, got.case_hash, ch, err,
                              sizeof err);
        return xp_fail(r, DSH_RES_ERROR, "%s", err);
    }
    ok = ok && dsh_drv_load(r->drv, &rd);
    if (ok && rd.pos != rd.len)
        ok = ds_snap_fail(&rd, "%zu bytes after the last section",
                          rd.len - rd.pos);
    free(body);
    if (!ok) {
        r->npipes = 0; /* nothing to free on a board in pieces */
        if (r->status != DSH_RES_PASS)
            return false;
        snprintf(msg, sizeof msg, "snapshot '%s': %s", r->o->restore_path, err);
        return xp_fail(r, DSH_RES_ERROR, "%s", msg);
    }
    r->status = saved;
    r->resuming = true;
    r->restored_cycle = got.cycle;
    xp_log(r, "restored from %s at cycle %" PRIu64, r->o->restore_path,
           got.cycle);
    if (r->o->snapshot_path && r->o->snapshot_at < got.cycle)
        return xp_fail(r, DSH_RES_ERROR,
                       "--snapshot-at %" PRIu64 " is "
                       "before cycle %" PRIu64 ", where the restored "
                       "snapshot '%s' resumes",
                       r->o->snapshot_at, got.cycle, r->o->restore_path);
    return true;
}

void xp_snapshot_finish(xp_run *r)
{
    if (!r->o->snapshot_path || r->snap_taken || !r->drv)
        return;
    ds_board_set_pause(dsh_drv_board(r->drv), 0, NULL, NULL);
    uint64_t end = dsh_drv_cycles(r->drv);
    if (r->o->snapshot_at >= end)
        xp_fail(r, DSH_RES_ERROR,
                "--snapshot-at %" PRIu64 ": beyond the "
                "run's end (it ended at cycle %" PRIu64 "); no snapshot "
                "written",
                r->o->snapshot_at, end);
    else if (!r->resumable_end)
        xp_fail(r, DSH_RES_ERROR,
                "--snapshot-at %" PRIu64 ": the run "
                "never streamed (it ended in its setup, at cycle %" PRIu64
                "), and a snapshot is taken while the case streams; no "
                "snapshot written",
                r->o->snapshot_at, end);
    else
        xp_fail(r, DSH_RES_ERROR,
                "--snapshot-at %" PRIu64 ": after the "
                "streaming part of the run (cycles %" PRIu64 "..%" PRIu64
                "; the drain and stop that follow are not points a run "
                "resumes from); no snapshot written",
                r->o->snapshot_at, r->start_cycle, r->resumable_end);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The host driver's saved state (host_driver.h, dsh_drv_save): section
 * "DRV ", then the board's sections. */
#include <string.h>

#include "driver/drv_internal.h"

#define DRV_STATE_VERSION 2u /* 2: the doorbell faults' effects */
#define TAG_DRV           DS_SNAP_TAG('D', 'R', 'V', ' ')

static void save_drv(const dsh_drv *d, ds_snap_w *w);
static bool load_drv(dsh_drv *d, ds_snap_r *r);

void dsh_drv_save(const dsh_drv *d, ds_snap_w *w)
{
    save_drv(d, w);
    ds_board_save(d->b, w);
}

bool dsh_drv_load(dsh_drv *d, ds_snap_r *r)
{
    return load_drv(d, r) && ds_board_load(d->b, r);
}

void dsh_drv_save_state(const dsh_drv *d, ds_snap_w *w)
{
    save_drv(d, w);
    ds_board_save_devices(d->b, w);
}

bool dsh_drv_load_state(dsh_drv *d, ds_snap_r *r)
{
    return load_drv(d, r) && ds_board_load_devices(d->b, r);
}

static void save_drv(const dsh_drv *d, ds_snap_w *w)
{
    size_t m = ds_snap_begin(w, TAG_DRV);
    ds_snap_put_u32(w, DRV_STATE_VERSION);
    ds_snap_put_u32(w, d->host_seq);
    ds_snap_put_u32(w, d->fw_seq);
    ds_snap_put_u8(w, d->booted);
    ds_snap_put_u32(w, (uint32_t)d->dead);
    ds_snap_put_u32(w, (uint32_t)sizeof d->ready);
    ds_snap_put_bytes(w, &d->ready, sizeof d->ready);
    ds_snap_put_u32(w, (uint32_t)d->last_status);
    const uint64_t st[] = { d->st.commands,
                            d->st.replies,
                            d->st.ipc_errors,
                            d->st.notifications,
                            d->st.deadline_misses,
                            d->st.misses_reported,
                            d->st.max_reply_cycles,
                            d->st.ipc_timeouts,
                            d->st.late_replies,
                            d->st.late_messages,
                            d->st.duplicates,
                            d->last_id,
                            d->dup };
    for (unsigned i = 0; i < sizeof st / sizeof *st; i++)
        ds_snap_put_u64(w, st[i]);
    ds_snap_put_u64(w, d->ncons);
    ds_snap_put_bytes(w, d->console, d->ncons);
    ds_snap_put_u32(w, DSH_DRV_MAX_TASKS);
    ds_snap_put_u32(w, d->ntasks);
    for (unsigned i = 0; i < DSH_DRV_MAX_TASKS; i++) {
        const dsh_drv_task_stats *t = &d->tasks[i];
        ds_snap_put_u32(w, t->task_id);
        ds_snap_put_u64(w, t->jobs);
        ds_snap_put_u64(w, t->worst_cycles);
        ds_snap_put_u64(w, t->total_cycles);
        ds_snap_put_u64(w, t->period_cycles);
        ds_snap_put_u64(w, t->misses);
        ds_snap_put_u64(w, d->job_cycles[i]);
        ds_snap_put_u64(w, d->job_start[i]);
        ds_snap_put_u64(w, d->last_release[i]);
    }
    ds_snap_put_u32(w, d->running[0]);
    ds_snap_put_u64(w, d->run_since[0]);
    for (unsigned i = 0; i < 8; i++) {
        ds_snap_put_u64(w, d->audio_start[i]);
        ds_snap_put_u32(w, d->audio_period[i]);
    }
    for (unsigned i = 0; i < DSH_DRV_DAI_PORTS; i++) {
        ds_snap_put_u32(w, d->dai_first[i].starts);
        ds_snap_put_u32(w, d->dai_first[i].offset_bytes);
        ds_snap_put_u64(w, d->dai_first[i].cycle);
    }
    /* a board of several cores: the other cores' running tasks (none on
     * one core: the section is what it was) */
    for (unsigned c = 1; c < ds_board_cores(d->b) && c < DSH_DRV_MAX_CORES;
         c++) {
        ds_snap_put_u32(w, d->running[c]);
        ds_snap_put_u64(w, d->run_since[c]);
    }
    ds_snap_end(w, m);
}

static bool load_drv(dsh_drv *d, ds_snap_r *r)
{
    ds_snap_r s;
    if (!ds_snap_open(r, TAG_DRV, &s))
        return false;
    uint32_t ver = ds_snap_get_u32(&s);
    if (ver != DRV_STATE_VERSION)
        return ds_snap_fail(r,
                            "host driver: state version %u, this one "
                            "reads %u",
                            (unsigned)ver, DRV_STATE_VERSION);
    d->host_seq = ds_snap_get_u32(&s);
    d->fw_seq = ds_snap_get_u32(&s);
    d->booted = ds_snap_get_u8(&s) != 0;
    uint32_t dead = ds_snap_get_u32(&s);
    uint32_t rsz = ds_snap_get_u32(&s);
    if (!s.bad && (dead > DSH_DRV_ESTATUS || rsz != sizeof d->ready))
        return ds_snap_fail(r, "host driver: state out of range");
    d->dead = (dsh_drv_err)dead;
    ds_snap_get_bytes(&s, &d->ready, sizeof d->ready);
    d->last_status = (int32_t)ds_snap_get_u32(&s);
    uint64_t *const st[] = { &d->st.commands,         &d->st.replies,
                             &d->st.ipc_errors,       &d->st.notifications,
                             &d->st.deadline_misses,  &d->st.misses_reported,
                             &d->st.max_reply_cycles, &d->st.ipc_timeouts,
                             &d->st.late_replies,     &d->st.late_messages,
                             &d->st.duplicates };
    for (unsigned i = 0; i < sizeof st / sizeof *st; i++)
        *st[i] = ds_snap_get_u64(&s);
    d->last_id = (uint32_t)ds_snap_get_u64(&s);
    d->dup = ds_snap_get_u64(&s) != 0;
    uint64_t ncons = ds_snap_get_u64(&s);
    if (!s.bad && ncons > DSH_DRV_CONSOLE_MAX)
        return ds_snap_fail(r, "host driver: console of %llu bytes",
                            (unsigned long long)ncons);
    if (ds_snap_get_bytes(&s, d->console, (size_t)ncons)) {
        d->ncons = (size_t)ncons;
        d->console[d->ncons] = '\0';
    }
    uint32_t maxt = ds_snap_get_u32(&s), nt = ds_snap_get_u32(&s);
    if (!s.bad && (maxt != DSH_DRV_MAX_TASKS || nt > DSH_DRV_MAX_TASKS))
        return ds_snap_fail(r, "host driver: %u of %u task slots", (unsigned)nt,
                            (unsigned)maxt);
    d->ntasks = nt;
    for (unsigned i = 0; i < DSH_DRV_MAX_TASKS; i++) {
        dsh_drv_task_stats *t = &d->tasks[i];
        t->task_id = ds_snap_get_u32(&s);
        t->jobs = ds_snap_get_u64(&s);
        t->worst_cycles = ds_snap_get_u64(&s);
        t->total_cycles = ds_snap_get_u64(&s);
        t->period_cycles = ds_snap_get_u64(&s);
        t->misses = ds_snap_get_u64(&s);
        d->job_cycles[i] = ds_snap_get_u64(&s);
        d->job_start[i] = ds_snap_get_u64(&s);
        d->last_release[i] = ds_snap_get_u64(&s);
    }
    d->running[0] = ds_snap_get_u32(&s);
    d->run_since[0] = ds_snap_get_u64(&s);
    for (unsigned i = 0; i < 8; i++) {
        d->audio_start[i] = ds_snap_get_u64(&s);
        d->audio_period[i] = ds_snap_get_u32(&s);
    }
    for (unsigned i = 0; i < DSH_DRV_DAI_PORTS; i++) {
        d->dai_first[i].starts = ds_snap_get_u32(&s);
        d->dai_first[i].offset_bytes = ds_snap_get_u32(&s);
        d->dai_first[i].cycle = ds_snap_get_u64(&s);
    }
    for (unsigned c = 1; c < ds_board_cores(d->b) && c < DSH_DRV_MAX_CORES;
         c++) {
        d->running[c] = ds_snap_get_u32(&s);
        d->run_since[c] = ds_snap_get_u64(&s);
    }
    if (!ds_snap_done(&s, "host driver")) {
        r->bad = true;
        return false;
    }
    return true;
}

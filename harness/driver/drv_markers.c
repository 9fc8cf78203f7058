/* SPDX-License-Identifier: BSD-3-Clause */
/* Host driver: per-task timing and timeline spans from the kernel's trace
 * markers (abi/trace.h: 2 switch, 3 release, 4 job done, 5 miss, 6 irq)
 * and the audio task's period markers (docs/ipc.md "Trace": 0x20 + slot
 * at period start, value = period number; 0x30 + slot at its end, value =
 * cycles of the period; 0x40 + port: a playback DAI's first period after
 * its DMA started, value = its byte offset in the ring).  The several-core
 * firmware puts the writing core in bits 31..24 of the id: each core has
 * its running task, and with opts.core_tracks its own timeline tracks. */
#include <stdio.h>

#include "driver/drv_internal.h"

enum {
    MK_SWITCH = 2,
    MK_RELEASE = 3,
    MK_JOB_DONE = 4,
    MK_MISS = 5,
    MK_IRQ = 6,
    MK_PANIC = 7
};

static int slot(dsh_drv *d, uint32_t task)
{
    if (task == 0)
        return -1;
    for (unsigned i = 0; i < d->ntasks; i++)
        if (d->tasks[i].task_id == task)
            return (int)i;
    if (d->ntasks == DSH_DRV_MAX_TASKS)
        return -1;
    d->tasks[d->ntasks].task_id = task;
    return (int)d->ntasks++;
}

/* Charge core's running task for the time since it was switched in. */
static void charge(dsh_drv *d, unsigned core, uint64_t now)
{
    int s = slot(d, d->running[core]);
    if (s >= 0 && now > d->run_since[core])
        d->job_cycles[s] += now - d->run_since[core];
    d->run_since[core] = now;
}

/* A track's name: as is, or "core N: name" (core_tracks). */
static void track_name(const dsh_drv *d, unsigned core, char *buf, size_t n,
                       const char *name)
{
    if (d->o.core_tracks)
        snprintf(buf, n, "core %u: %s", core, name);
    else
        snprintf(buf, n, "%s", name);
}

/* Called for every marker (several an audio period): text for the
 * timeline is formatted only when there is one. */
void dsh_drv_on_marker(void *user, uint32_t id, uint32_t value, uint64_t cycle)
{
    dsh_drv *d = user;
    char track[48], name[32], detail[96];
    int s;
    unsigned core = (id >> DSH_DRV_MARKER_CORE_SHIFT) % DSH_DRV_MAX_CORES;

    id &= (1u << DSH_DRV_MARKER_CORE_SHIFT) - 1u;
    switch (id) {
    case MK_SWITCH:
        charge(d, core, cycle);
        d->running[core] = value;
        break;
    case MK_RELEASE:
        s = slot(d, value);
        if (s < 0)
            break;
        if (d->last_release[s] && cycle > d->last_release[s])
            d->tasks[s].period_cycles = cycle - d->last_release[s];
        d->last_release[s] = cycle;
        d->job_start[s] = cycle;
        d->job_cycles[s] = 0;
        break;
    case MK_JOB_DONE:
        charge(d, core, cycle);
        s = slot(d, value);
        if (s < 0)
            break;
        dsh_drv_task_stats *t = &d->tasks[s];
        t->jobs++;
        t->total_cycles += d->job_cycles[s];
        if (d->job_cycles[s] > t->worst_cycles)
            t->worst_cycles = d->job_cycles[s];
        if (d->o.on_job)
            d->o.on_job(d->o.user, value, d->job_start[s], cycle,
                        d->job_cycles[s]);
        if (d->o.timeline) {
            snprintf(name, sizeof name, "task %u", (unsigned)value);
            track_name(d, core, track, sizeof track, name);
            snprintf(detail, sizeof detail, "job %llu: %llu cycles on the CPU",
                     (unsigned long long)t->jobs,
                     (unsigned long long)d->job_cycles[s]);
            dsh_timeline_span(d->o.timeline, track, "period", d->job_start[s],
                              cycle, detail);
        }
        d->job_cycles[s] = 0;
        break;
    case MK_MISS:
        s = slot(d, value);
        if (s >= 0)
            d->tasks[s].misses++;
        if (d->o.on_miss)
            d->o.on_miss(d->o.user, value, cycle);
        if (d->o.timeline) {
            snprintf(name, sizeof name, "task %u", (unsigned)value);
            track_name(d, core, track, sizeof track, name);
            dsh_timeline_instant(d->o.timeline, track, "deadline miss", cycle,
                                 NULL);
        }
        break;
    case MK_IRQ:
        if (d->o.timeline) {
            snprintf(detail, sizeof detail, "line %u",
                     (unsigned)(value & 0xffu));
            track_name(d, core, track, sizeof track, "irq");
            dsh_timeline_instant(d->o.timeline, track, "interrupt", cycle,
                                 detail);
        }
        break;
    case MK_PANIC:
        if (!d->panic_core)
            d->panic_core = core + 1;
        snprintf(detail, sizeof detail, "cause %#x", (unsigned)value);
        if (d->o.core_tracks)
            snprintf(detail, sizeof detail, "cause %#x on core %u",
                     (unsigned)value, core);
        dsh_timeline_instant(d->o.timeline, "firmware", "panic", cycle, detail);
        break;
    default:
        if (id >= 0x40 && id < 0x40 + DSH_DRV_DAI_PORTS) {
            dsh_drv_dai_first *f = &d->dai_first[id - 0x40];
            if (!f->starts++) {
                f->offset_bytes = value;
                f->cycle = cycle;
            }
        } else if (id >= 0x20 && id < 0x28) {
            d->audio_start[id - 0x20] = cycle;
            d->audio_period[id - 0x20] = value;
        } else if (id >= 0x30 && id < 0x38 && d->audio_start[id - 0x30]) {
            unsigned sl = id - 0x30;
            if (d->o.timeline) {
                snprintf(name, sizeof name, "audio pipeline slot %u", sl);
                track_name(d, core, track, sizeof track, name);
                snprintf(detail, sizeof detail, "period %u: %u cycles",
                         (unsigned)d->audio_period[sl], (unsigned)value);
                dsh_timeline_span(d->o.timeline, track, "audio period",
                                  d->audio_start[sl], cycle, detail);
            }
            d->audio_start[sl] = 0;
        }
        break;
    }
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Deadline figures from the firmware's trace markers, cross-checked with
 * its own statistics (exec_internal.h, xp_trace_deadlines). */
#include "exec_internal.h"

#include <inttypes.h>

static const dsh_drv_task_stats *task_of(xp_run *r, uint32_t task_id)
{
    const dsh_drv_task_stats *t;
    unsigned n = dsh_drv_tasks(r->drv, &t);
    for (unsigned i = 0; i < n; i++)
        if (t[i].task_id == task_id)
            return &t[i];
    return NULL;
}

bool xp_trace_deadlines(xp_run *r)
{
    for (unsigned i = 0; i < r->npipes; i++) {
        xp_pipe *p = &r->pipes[i];
        const dsh_drv_task_stats *t = p->have_stats ? task_of(r, p->task_id)
                                                    : NULL;
        if (!t || !t->jobs) {
            if (p->have_stats && p->periods)
                xp_log(r,
                       "pipeline %u: no trace markers of task %u: "
                       "deadline figures from GET_STATS",
                       p->id, p->task_id);
            continue;
        }
        if (t->misses != p->misses)
            return xp_fail(r, DSH_RES_ERROR,
                           "pipeline %u: the trace shows "
                           "%" PRIu64 " deadline misses of task %u, the "
                           "firmware's statistics %" PRIu32,
                           p->id, t->misses, p->task_id, p->misses);
        if (t->jobs < p->periods || t->jobs > p->releases)
            return xp_fail(r, DSH_RES_ERROR,
                           "pipeline %u: the trace shows "
                           "%" PRIu64 " jobs of task %u, the firmware's "
                           "statistics %" PRIu32
                           " measured periods and %" PRIu32 " releases",
                           p->id, t->jobs, p->task_id, p->periods, p->releases);
        p->traced = true;
        p->fw_worst_cycles = p->worst_cycles;
        p->fw_avg_cycles = p->avg_cycles;
        p->fw_misses = p->misses;
        p->worst_cycles = t->worst_cycles > UINT32_MAX
                              ? UINT32_MAX
                              : (uint32_t)t->worst_cycles;
        p->avg_cycles = (uint32_t)(t->total_cycles / t->jobs);
        p->misses = (uint32_t)t->misses;
        xp_log(r,
               "pipeline %u (trace, task %u): %" PRIu64 " jobs, worst %" PRIu32
               " avg %" PRIu32 " cycles on the CPU, %" PRIu32
               " misses; firmware: %" PRIu32 " periods, worst %" PRIu32
               " avg %" PRIu32 " in pipeline_copy",
               p->id, p->task_id, t->jobs, p->worst_cycles, p->avg_cycles,
               p->misses, p->periods, p->fw_worst_cycles, p->fw_avg_cycles);
    }
    return true;
}

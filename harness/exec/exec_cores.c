/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: each core's busy share from the firmware (CORE_STATS,
 * protocol 1.7, issue 32), asked when the streamed run starts and ends
 * in a case with pipelines on several cores. */
#include <inttypes.h>
#include <string.h>

#include "exec/exec_internal.h"

bool xp_cores_sample(xp_run *r, unsigned which)
{
    static dsh_drv_msg m;
    uint32_t reserved = 0;
    if (!dsh_case_uses_cores(r->c))
        return true;
    dsh_drv_err e = xp_command(r, IPC_CMD_AUD_CORE_STATS, &reserved,
                               sizeof reserved, &m);
    if (xp_expected_panic(r, e))
        return false;
    if (e != DSH_DRV_OK)
        return xp_fail(r, e == DSH_DRV_ESTATUS ? DSH_RES_FAIL : DSH_RES_ERROR,
                       "core statistics: %s", dsh_drv_diag(r->drv));
    struct ipc_aud_core_stats_reply s;
    if (m.len < sizeof s)
        return xp_fail(r, DSH_RES_ERROR,
                       "core statistics: reply of %" PRIu32 " bytes", m.len);
    memcpy(&s, m.body, sizeof s);
    r->core_cycle[which] = dsh_drv_cycles(r->drv);
    for (unsigned k = 0; k < 4; k++)
        r->core_idle[which][k] = k < s.cores
                                     ? (uint64_t)s.core[k].idle_hi << 32 |
                                           s.core[k].idle_lo
                                     : 0;
    r->core_sampled[which] = true;
    return true;
}

void xp_cores_summary(const xp_run *r, dsh_exec_summary *s)
{
    if (!r->core_sampled[0] || !r->core_sampled[1] ||
        r->core_cycle[1] <= r->core_cycle[0] || s->cpu_hz <= 0)
        return;
    double span = (double)(r->core_cycle[1] - r->core_cycle[0]);
    for (unsigned k = 0; k < s->ncores && k < 4; k++) {
        double idle = (double)(r->core_idle[1][k] - r->core_idle[0][k]);
        double busy = span > idle ? span - idle : 0;
        s->cores[k].busy_known = true;
        s->cores[k].busy_pct = 100.0 * busy / span;
        s->cores[k].busy_mcps = busy / (span / s->cpu_hz) / 1e6;
    }
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: judging error replies during setup against the case's
 * expect.setup_error (docs/harness.md, "Expected setup errors"). */
#include <stdio.h>

#include "exec/exec_internal.h"

/* "AUD_COMP_NEW of component 'src1' in pipeline 1 to fail with AUD_RATE" */
static void expected(const xp_run *r, char *buf, size_t n)
{
    const dsh_case *c = r->c;
    const dsh_setup_error *x = &c->setup_error;
    char comp[64] = "", pipe[32] = "";
    if (x->component >= 0)
        snprintf(comp, sizeof comp, " of component '%s'",
                 c->comps[x->component].id);
    if (x->pipeline >= 0)
        snprintf(pipe, sizeof pipe, " in pipeline %u",
                 c->pipelines[x->pipeline].id);
    snprintf(buf, n, "%s%s%s to fail with %s", dsh_ipc_id_name(x->command),
             comp, pipe, dsh_drv_status_name(x->status));
}

bool xp_setup_rejected(xp_run *r, uint32_t cmd, unsigned pipe, int comp,
                       const char *what)
{
    const dsh_setup_error *x = &r->c->setup_error;
    int32_t st = dsh_drv_last_status(r->drv);
    char want[160];
    if (x->on && !r->setup_rejected && cmd == x->command && st == x->status &&
        (x->pipeline < 0 || x->pipeline == (int)pipe) &&
        (x->component < 0 || x->component == comp)) {
        r->setup_rejected = true;
        xp_log(r, "%s: rejected as expected (setup_error): %s", what,
               dsh_drv_diag(r->drv));
        dsh_timeline_instant(r->tl, "ipc", "expected setup error",
                             dsh_drv_cycles(r->drv), dsh_drv_status_name(st));
        return false;
    }
    r->unexpected_ipc++;
    r->setup_refused = true;
    if (!x->on)
        return xp_fail(r, DSH_RES_FAIL, "%s: %s", what, dsh_drv_diag(r->drv));
    expected(r, want, sizeof want);
    return xp_fail(r, DSH_RES_FAIL, "%s: %s; expected %s (setup_error)", what,
                   dsh_drv_diag(r->drv), want);
}

bool xp_setup_accepted(xp_run *r)
{
    char want[160];
    if (!r->c->setup_error.on)
        return true;
    expected(r, want, sizeof want);
    return xp_fail(r, DSH_RES_FAIL,
                   "expected %s (setup_error), but the "
                   "firmware accepted the whole setup",
                   want);
}

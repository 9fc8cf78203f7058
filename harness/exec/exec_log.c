/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: the case's verdict (xp_fail: the first diagnosis wins)
 * and the verbose log (xp_log, each line stamped with the DSP cycle).  The
 * bottom of harness/exec: every other file of it uses these. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "exec/exec_internal.h"

bool xp_fail(xp_run *r, dsh_res_status st, const char *fmt, ...)
{
    if (r->rewinding)
        return false; /* the state is the checkpoint's (exec_reverse.c) */
    if (r->status != DSH_RES_PASS)
        return false;                      /* the first diagnosis wins */
    if (r->gdb && ds_gdb_killed(r->gdb)) { /* the cause of what failed */
        r->status = DSH_RES_ERROR;
        snprintf(r->msg, sizeof r->msg, "killed by the debugger");
        return false;
    }
    r->status = st;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
    return false;
}

void xp_log(xp_run *r, const char *fmt, ...)
{
    if (!r->o->verbose || r->replaying)
        return;
    va_list ap;
    fprintf(r->o->verbose, "[%12" PRIu64 "] ",
            r->drv ? dsh_drv_cycles(r->drv) : 0);
    va_start(ap, fmt);
    vfprintf(r->o->verbose, fmt, ap);
    va_end(ap);
    fputc('\n', r->o->verbose);
}

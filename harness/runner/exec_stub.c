/* SPDX-License-Identifier: BSD-3-Clause */
/* An execution that runs nothing, for the runner's own tests (discovery,
 * filters, reports, exit statuses without a firmware): every case is
 * SKIPPED with the reason, never passed. */
#include <stdio.h>

#include "runner.h"

void dsh_exec_not_runnable(const dsh_case *c, const dsh_exec_env *env,
                           dsh_case_result *r, const void *user)
{
    (void)c;
    (void)env;
    (void)user;
    r->status = DSH_RES_SKIP;
    snprintf(r->message, sizeof r->message,
             "not runnable yet: firmware IPC missing");
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Running cases in forked child processes, at most N at a time. */
#ifndef DSH_RUN_POOL_H
#define DSH_RUN_POOL_H

#include <stddef.h>

#include "runner.h"

typedef struct dsh_job {
    const dsh_case *c;
    char out_dir[DSH_PATH_MAX];
    bool plot_data;         /* dsh_exec_env.plot_data (--html) */
    dsh_case_result result; /* filled when done */
    int done;
} dsh_job;

typedef struct dsh_pool_hooks {
    /* job i finished (any order) */
    void (*done)(void *user, dsh_job *jobs, size_t i);
    /* about every 100 ms and at each change: finished and running counts,
     * and one running job (or NULL) */
    void (*progress)(void *user, size_t finished, size_t running,
                     const dsh_job *example);
    void *user;
} dsh_pool_hooks;

/* Runs every job with `exec` in its own child process, `parallel` at a
 * time.  timeout_s > 0 kills a child after that many seconds (ERROR).  A
 * child that dies without a result is an ERROR naming the signal or exit
 * status. */
void dsh_run_pool(dsh_job *jobs, size_t n, unsigned parallel, double timeout_s,
                  dsh_case_exec_fn exec, const void *exec_user,
                  const dsh_pool_hooks *hooks);

#endif

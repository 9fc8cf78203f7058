/* SPDX-License-Identifier: BSD-3-Clause */
/* Running cases in child processes, at most N at a time: N long-lived
 * workers forked once, each running case after case (or, with
 * DSPSIM_TEST_WORKERS=0, a child forked per case). */
#ifndef DSH_RUN_POOL_H
#define DSH_RUN_POOL_H

#include <stddef.h>

#include "runner.h"

typedef struct dsh_job {
    const dsh_case *c;
    char out_dir[DSH_PATH_MAX];
    bool plot_data;         /* dsh_exec_env.plot_data (--html) */
    dsh_case_result result; /* filled when done */
    /* its plot data's text (result.plot_len bytes, malloc'ed) when it
     * sent one (dsh_exec_env.plot_text), else NULL; the caller frees */
    char *plot_text;
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

/* Runs every job with `exec` in a child process, `parallel` at a time.
 * The children are workers forked here (min(parallel, n) of them, after
 * whatever the caller set up, which they inherit): each is handed job
 * after job over a pipe and sends each result back; `exec` must leave
 * nothing behind that changes the next job's results (every job's
 * results are the same whichever worker ran it after whichever jobs).
 * With DSPSIM_TEST_WORKERS=0 in the environment a child is forked per
 * job instead (the way before workers; for comparisons and tests).
 * timeout_s > 0 kills a child whose job runs longer than that many seconds
 * (ERROR).  A child that dies without its job's result makes that job an
 * ERROR naming the timeout, signal or exit status, and a new worker takes
 * the next jobs.  hooks->done runs in the calling process as each job
 * finishes, once the workers that are free have their next jobs (its
 * work, the HTML report's page of the case, keeps none idle).  Every
 * child is reaped before this returns. */
void dsh_run_pool(dsh_job *jobs, size_t n, unsigned parallel, double timeout_s,
                  dsh_case_exec_fn exec, const void *exec_user,
                  const dsh_pool_hooks *hooks);

#endif

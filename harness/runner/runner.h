/* SPDX-License-Identifier: BSD-3-Clause */
/* `dspsim test`: discover, validate, select and run harness test cases
 * in parallel child processes, and report (docs/harness.md).
 *
 * Case execution is a plug-in: dsh_test_main() takes the function that
 * runs one validated case.  It is called in a child process (a worker
 * forked once that runs case after case, run_pool.h), so a crash or hang
 * of one case (or of the simulated firmware) cannot take the runner down;
 * the result travels back through a pipe.  It must leave nothing behind
 * in its process that changes a later case's results.
 * `dspsim test` passes dsh_exec_case() (harness/exec), which drives the
 * firmware over IPC; dsh_exec_not_runnable() reports every case SKIPPED
 * (never passed) and serves the runner's own tests.
 *
 * Exit status of dsh_test_main: 0 every selected case passed or was
 * skipped (with --fail-on-skip: passed), 1 a case failed or errored,
 * 2 usage error or an invalid case (nothing is run then). */
#ifndef DSH_RUNNER_H
#define DSH_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "case/case.h"

enum {
    DSH_TEST_EXIT_PASS = 0,
    DSH_TEST_EXIT_FAIL = 1,
    DSH_TEST_EXIT_USAGE = 2
};

typedef enum dsh_res_status {
    DSH_RES_PASS,
    DSH_RES_FAIL,  /* an expectation was not met */
    DSH_RES_SKIP,  /* could not be run (reason in message) */
    DSH_RES_ERROR, /* the run itself failed: crash, timeout, I/O */
} dsh_res_status;

/* "passed", "failed", "skipped", "error" (inline: the HTML report,
 * which the runner links, reads the runner's headers only) */
static inline const char *dsh_res_status_name(dsh_res_status s)
{
    switch (s) {
    case DSH_RES_PASS:
        return "passed";
    case DSH_RES_FAIL:
        return "failed";
    case DSH_RES_SKIP:
        return "skipped";
    case DSH_RES_ERROR:
        return "error";
    }
    return "?";
}

#define DSH_RESULT_MSG        1024
#define DSH_RESULT_LOG        8192 /* system-out of a failed case */
#define DSH_RESULT_MAX_CHECKS 48
#define DSH_RESULT_MAX_PIPES  8
#define DSH_RESULT_MAX_COMPS  32
#define DSH_RESULT_MAX_CORES  4 /* = dsh_exec_summary's cores */

/* One figure an expectation measured: `subject` is what was measured (an
 * endpoint name, "pipeline 1", "run"), `check` the expectation's key
 * as the case file names it (gain_db, thdn_db, level_dbfs, snr_db,
 * dynamic_range_db, dc_offset_dbfs, length, reference, freq_response,
 * missed, max_load_pct, max_cycles, xruns, ipc_errors, restarts), `value` in `unit` (dB, dBFS, frames, LSB, %,
 * cycles, count).  The bounds it was held to: min (has_min) and max
 * (has_max); passed is the verdict on this figure alone. */
typedef struct dsh_check_figure {
    char subject[40];
    char check[24];
    char unit[8];
    double value;
    double min, max;
    bool has_min, has_max;
    bool passed;
} dsh_check_figure;

/* What a run measured, for the JSON report (filled when the case ran
 * on the board; has_run false otherwise).  Cycles are CPU cycles; MCPS
 * millions of cycles per second of audio. */
typedef struct dsh_run_figures {
    bool has_run;
    double audio_seconds, cpu_hz, mcps, worst_load_pct;
    unsigned long long cycles, deadline_misses, xruns, ipc_errors;
    char engine[8]; /* the CPU engine ("fast", "interp"); "" = not known */
    unsigned npipes;
    struct dsh_pipe_figures {
        unsigned id;
        unsigned long long periods, period_cycles, avg_cycles, worst_cycles,
            misses;
    } pipes[DSH_RESULT_MAX_PIPES];
    unsigned ncomps;
    struct dsh_comp_figures {
        char name[32]; /* "p<pipeline>.<component> <type>" */
        double mcps, worst_pct;
    } comps[DSH_RESULT_MAX_COMPS];
    /* a case with pipelines on several cores: per core the summary's
     * figures (exec.h dsh_exec_core) and the ids of its pipelines; ncores
     * 0 otherwise */
    unsigned ncores;
    struct dsh_core_figures {
        unsigned npipes;
        unsigned pipe_ids[DSH_RESULT_MAX_PIPES];
        double mcps, worst_load_pct;
        unsigned long long deadline_misses;
        bool busy_known; /* busy_pct, busy_mcps measured */
        double busy_pct, busy_mcps;
    } cores[DSH_RESULT_MAX_CORES];
} dsh_run_figures;

typedef struct dsh_case_result {
    dsh_res_status status;
    char message[DSH_RESULT_MSG]; /* one line; "" for a plain pass */
    double seconds;               /* wall time of the child */
    /* a failed or errored run's diagnosis, decoded panic report and the
     * tail of its firmware log (what firmware.log holds, cut to fit from
     * the front of the log part); "" when none */
    char log[DSH_RESULT_LOG];
    unsigned nchecks;
    dsh_check_figure checks[DSH_RESULT_MAX_CHECKS];
    dsh_run_figures run;
    /* bytes of the case's plot data that follow this result on a
     * worker's pipe (run_pool.c; 0: none) */
    uint32_t plot_len;
} dsh_case_result;

typedef struct dsh_exec_env {
    const char *out_dir; /* this case's output directory
                                       (created; outputs go here) */
    /* write the data of the HTML report's plots to
     * out_dir/DSH_PLOTDATA_FILE (harness/exec/exec_plotdata.c) */
    bool plot_data;
    /* set (a worker of `dspsim test`): the plot data's text goes to
     * *plot_text instead (malloc'ed, *plot_len bytes; NULL when none),
     * for the runner, which puts it in the case's page: no file to
     * create and read back per case */
    char **plot_text;
    size_t *plot_len;
} dsh_exec_env;
#define DSH_PLOTDATA_FILE "plotdata.json"

/* Runs one case; fills r->status and r->message. */
typedef void (*dsh_case_exec_fn)(const dsh_case *c, const dsh_exec_env *env,
                                 dsh_case_result *r, const void *user);

/* An execution that runs nothing: every case SKIPPED with a reason. */
void dsh_exec_not_runnable(const dsh_case *c, const dsh_exec_env *env,
                           dsh_case_result *r, const void *user);

/* argv[0] is the command name ("test"). */
int dsh_test_main(int argc, char **argv, dsh_case_exec_fn exec,
                  const void *user);

/* What the command does besides running and reporting (any hook NULL:
 * none).  failed: called
 * in the runner's process once every case has run, in case order, for
 * each case that failed or errored (`dspsim test --bundle-failures`):
 * out_dir is the case's output directory, rel the case's part of it
 * (its path without extension, leading ./ ../ / removed), quiet -q.  It
 * returns false when it could not do its work (it said why on stderr):
 * the exit status is then 2. */
typedef struct dsh_test_hooks {
    bool (*failed)(void *user, const dsh_case *c, const char *out_dir,
                   const char *rel, const dsh_case_result *r, bool quiet);
    void *user;
    /* before_run (NULL: none): called in the runner's process once the
     * cases are validated, selected and their output directories made,
     * just before the workers are forked (never when nothing runs):
     * set-up the workers inherit, started earlier and overlapping the
     * loading of the cases, is finished here. */
    void (*before_run)(void *user);
} dsh_test_hooks;
int dsh_test_main_hooks(int argc, char **argv, dsh_case_exec_fn exec,
                        const void *user, const dsh_test_hooks *hooks);

#endif

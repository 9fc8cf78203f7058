/* SPDX-License-Identifier: BSD-3-Clause */
/* Failure bundles on the command line (docs/harness.md "Failure
 * bundles", harness/bundle): `dspsim run BUNDLE.tar` replays one
 * (run_bundle.c), `dspsim run CASE --bundle FILE` and `dspsim test
 * --bundle-failures DIR` make them (run_bundle.c, test_bundle.c). */
#ifndef DSPSIM_CLI_BUNDLE_H
#define DSPSIM_CLI_BUNDLE_H

#include <stdbool.h>

#include "bundle/bundle.h"
#include "exec/exec.h"

/* ---- dspsim run BUNDLE.tar ---------------------------------------- */
typedef struct cli_replay {
    dsh_bundle *b; /* NULL: the input is a case file */
    char *case_text;
    size_t case_len;
} cli_replay;

/* path is a bundle: its name ends in ".tar" or it starts with a ustar
 * header (anything else is read as a case file). */
bool cli_replay_is_bundle(const char *path);
/* Opens and extracts the bundle (a refusal is said, "dspsim CMD: PATH:
 * refused: WHY", and gives false: exit 2), to be removed at exit or on
 * SIGINT, SIGTERM, SIGHUP; --firmware and --bundle (firmware_opt,
 * bundle_opt not NULL) are refused with a bundle; the engine is the
 * bundled run's unless --engine set one.  Prints what the bundle holds
 * on stdout unless quiet. */
bool cli_replay_open(const char *cmd, const char *path,
                     const char *firmware_opt, const char *bundle_opt,
                     xt_cpu_config *cpu, bool quiet, cli_replay *rp);
/* The bundled case, its inputs the extracted members; its path for the
 * messages is the bundle's.  NULL with diagnostics as dsh_case_load. */
dsh_case *cli_replay_load(cli_replay *rp, const char *path, dsh_diag *diag);
/* Into the run's options: the case's text (the same snapshot identity as
 * the case file) and the bundled firmware. */
void cli_replay_apply(const cli_replay *rp, dsh_exec_opts *o);
/* After the run: the replay against the bundled run, "bundle: the bundled
 * run reproduced: ..." on stdout (not with quiet), or "dspsim CMD:
 * bundle: the replay differs ..." on stderr. */
void cli_replay_report(const char *cmd, const cli_replay *rp,
                       const dsh_exec_summary *s, const char *dir, bool quiet);

/* ---- dspsim run CASE --bundle FILE -------------------------------- */
/* After the run (passed, failed or error): the bundle of the case, the
 * firmware fw it ran and its outputs in dir.  false after a message. */
bool cli_bundle_run(const char *cmd, const char *file, const char *case_path,
                    const char *fw, const dsh_exec_summary *s, const char *dir,
                    bool quiet);

/* ---- dspsim test --bundle-failures DIR ---------------------------- */
typedef struct cli_test_bundles {
    const char *dir;           /* DIR */
    const dsh_exec_opts *opts; /* the runs' options (firmware, engine) */
} cli_test_bundles;

/* dsh_test_hooks.failed, user = cli_test_bundles: DIR/REL.tar. */
bool cli_bundle_failed_case(void *user, const dsh_case *c, const char *out_dir,
                            const char *rel, const dsh_case_result *r,
                            bool quiet);

#endif

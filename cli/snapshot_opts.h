/* SPDX-License-Identifier: BSD-3-Clause */
/* --snapshot-at CYCLE FILE and --restore FILE on `run` and `play`
 * (docs/debugging.md, "Snapshots"): parsing, the checks made before
 * anything runs, and the exit status of a refused snapshot. */
#ifndef DSPSIM_CLI_SNAPSHOT_OPTS_H
#define DSPSIM_CLI_SNAPSHOT_OPTS_H

#include <stdbool.h>
#include <stdint.h>

#include "exec/exec.h"

typedef struct cli_snap_opts {
    const char *at_arg;  /* CYCLE as given */
    const char *path;    /* FILE as given */
    uint64_t at;         /* CYCLE */
    const char *restore; /* --restore FILE */
    char resolved[4096]; /* FILE to write (a symlink's target) */
} cli_snap_opts;

/* For getopt_long: --snapshot-at's CYCLE is getopt's optarg
 * (NULL: missing) and FILE the next argument, taken by advancing optind;
 * --restore's FILE is v (NULL: missing).  false after a message. */
bool cli_snapshot_at_getopt(const char *cmd, int argc, char **argv,
                            const char *cycle, cli_snap_opts *o);
bool cli_restore_value(const char *cmd, const char *v, cli_snap_opts *o);
/* CYCLE a decimal integer, FILE a writable file that is none of the n
 * other files (inputs, outputs, the snapshot restored), --restore a
 * readable regular file; else a message and false (exit 2). */
bool cli_snapshot_check(const char *cmd, cli_snap_opts *o,
                        const char *const *files, unsigned n);
/* Into the run's options. */
void cli_snapshot_apply(const cli_snap_opts *o, dsh_exec_opts *eo);
/* After the run: a refused --restore prints the reason and gives 2;
 * otherwise rc unchanged. */
int cli_snapshot_status(const char *cmd, const dsh_exec_summary *s, int rc);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* --snapshot-at CYCLE FILE and --restore FILE on `dspsim board`
 * (docs/debugging.md, "Snapshots"): the board's sections alone (the
 * program has no host side beyond semihosting), identified by the
 * program's hash and a hash of the board configuration and the guest's
 * arguments. */
#ifndef DSPSIM_CLI_BOARD_SNAPSHOT_H
#define DSPSIM_CLI_BOARD_SNAPSHOT_H

#include <stdbool.h>
#include <stdint.h>

#include "dspsim/board.h"
#include "snapshot_opts.h"

typedef struct board_snap {
    const cli_snap_opts *o;
    ds_board *b;
    uint64_t fw_hash, case_hash;
    bool taken;
    uint64_t cycle; /* taken at / restored from */
    bool failed;    /* writing it failed: err */
    char err[1200];
} board_snap;

/* The identity of this run; false with a message printed. */
bool board_snap_init(board_snap *s, const cli_snap_opts *o, ds_board *b,
                     const char *program, int guest_argc, char **guest_argv);
/* --restore: the board as the snapshot left it; false with a message
 * printed (exit 2). */
bool board_snap_restore(board_snap *s);
/* --snapshot-at: the board's pause point. */
void board_snap_arm(board_snap *s);
/* After the run: a snapshot not taken or not written is said on stderr
 * and gives 2; otherwise status. */
int board_snap_finish(board_snap *s, int status);

#endif

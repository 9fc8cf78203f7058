/* SPDX-License-Identifier: BSD-3-Clause */
/* --snapshot-at CYCLE FILE and --restore FILE on `dspsim exec`
 * (docs/debugging.md, "Snapshots"; docs/snapshot-format.md, "exec"): the
 * CPU with every memory of the 'sim' machine (pages of zeros left out)
 * and the guest's semihosting descriptor table, identified by the
 * program's hash and a hash of the guest's arguments.  A guest with a
 * host file open cannot be saved (the file is not part of the machine). */
#ifndef DSPSIM_CLI_EXEC_SNAPSHOT_H
#define DSPSIM_CLI_EXEC_SNAPSHOT_H

#include <stdbool.h>
#include <stdint.h>

#include "dspsim/semihost.h"
#include "dspsim/xtcpu.h"
#include "snapshot_opts.h"

typedef struct exec_snap {
    const cli_snap_opts *o;
    uint64_t fw_hash, case_hash;
    bool taken;
    bool failed;    /* taking it failed (message printed) */
    uint64_t cycle; /* taken at / restored from (CPU cycles) */
} exec_snap;

/* The identity of this run; false with a message printed (exit 2). */
bool exec_snap_init(exec_snap *s, const cli_snap_opts *o, const char *program,
                    int guest_argc, char **guest_argv);
/* --restore: the CPU, its memories and the descriptor table as the
 * snapshot left them; false with a message printed (exit 2). */
bool exec_snap_restore(exec_snap *s, xt_cpu *cpu, xt_semihost *sh);
/* --snapshot-at: save now (the run stopped at an instruction boundary);
 * false with a message printed (exit 2). */
bool exec_snap_take(exec_snap *s, xt_cpu *cpu, const xt_semihost *sh);

#endif

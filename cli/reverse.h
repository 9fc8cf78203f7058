/* SPDX-License-Identifier: BSD-3-Clause */
/* Reverse execution on `dspsim exec` and `dspsim board` (docs/debugging.md,
 * "Reverse execution"): the run's history (dspsim/history.h) of each
 * machine, what its checkpoints hold beyond the CPU, and what goes quiet
 * while the run goes over history again.
 *
 *   exec   the 'sim' map's memories; semihosting: the descriptor table and
 *          the place in its console I/O log (the guest's output is written
 *          once, its input read once: xt_semihost_io_log); no checkpoint
 *          while the guest has a host file open
 *   board  the board's memories, host memory and devices (ds_board_save_
 *          devices), semihosting as for exec; the board's console and
 *          trace markers muted below the high-water mark
 *
 * The CPU must track its dirty pages from before the program is loaded
 * (xt_mem_dirty_track): the caller turns it on first. */
#ifndef DSPSIM_CLI_REVERSE_H
#define DSPSIM_CLI_REVERSE_H

#include "dspsim/board.h"
#include "dspsim/history.h"
#include "dspsim/semihost.h"
#include "gdb_opt.h"

typedef struct cli_reverse cli_reverse;

/* NULL with "dspsim CMD: ..." on stderr when out of memory; NULL quietly
 * when o turns reverse execution off (--reverse-mem 0). */
cli_reverse *cli_reverse_exec(const char *cmd, const cli_gdb *o, xt_cpu *cpu,
                              const xt_region_desc *regions, size_t nregions,
                              xt_semihost *sh);
cli_reverse *cli_reverse_board(const char *cmd, const cli_gdb *o, ds_board *b,
                               xt_semihost *sh);
ds_hist *cli_reverse_history(const cli_reverse *r);
void cli_reverse_free(cli_reverse *r);

#endif

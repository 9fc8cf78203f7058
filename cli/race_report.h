/* SPDX-License-Identifier: BSD-3-Clause */
/* --race: the races a board's detector found (dspsim/board_race.h), as
 * lines on a stream (docs/board.md, "Races"). */
#ifndef DSPSIM_CLI_RACE_REPORT_H
#define DSPSIM_CLI_RACE_REPORT_H

#include <stdio.h>

#include "dspsim/board.h"
#include "dspsim/loader.h"

/* One line per race, with symbols from elf (may be NULL), then a count
 * line when there is any: "CMD: PROG: race on ADDR (SYM, N bytes): core
 * A write at pc PC (SYM), cycle C, and core B read at pc PC (SYM), cycle
 * C, not ordered by a synchronisation[ (K times)]".  Returns the number
 * of races (0: nothing printed). */
unsigned cli_race_report(FILE *f, const char *cmd, const char *prog,
                         const ds_board *b, const xt_elf *elf);

#endif

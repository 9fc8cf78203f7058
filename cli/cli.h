/* SPDX-License-Identifier: BSD-3-Clause */
/* dspsim command-line tool: shared declarations of the subcommands. */
#ifndef DSPSIM_CLI_H
#define DSPSIM_CLI_H

/* Exit statuses of dspsim itself (docs/cli.md).  A guest that exits
 * through semihosting gives its own status (0..255) instead. */
enum {
    DSPSIM_EXIT_USAGE = 2,     /* bad command line, unreadable or invalid
                                   program file, trace file not writable */
    DSPSIM_EXIT_RACE = 122,    /* --race found races between cores (and
                                   the run ended well otherwise) */
    DSPSIM_EXIT_INTERNAL = 70, /* simulator failure (EX_SOFTWARE): API
                                   error, out of memory, trace write error */
    DSPSIM_EXIT_IDLE = 123,    /* guest waits forever (WAITI, no wake-up) */
    DSPSIM_EXIT_BUDGET = 124,  /* --max-insns / --max-cycles reached */
    DSPSIM_EXIT_FATAL = 125,   /* unrecoverable guest state (double
                                   exception, fetch from unmapped memory) */
};

#ifndef DSPSIM_VERSION
#define DSPSIM_VERSION "unknown"
#endif

/* Subcommands: argv[0] is the subcommand name; return the exit status. */
int cmd_exec(int argc, char **argv);  /* cli/cmd_exec.c */
int cmd_board(int argc, char **argv); /* cli/cmd_board.c */
int cmd_test(int argc, char **argv);  /* cli/cmd_test.c */
int cmd_run(int argc, char **argv);   /* cli/cmd_run.c */
int cmd_play(int argc, char **argv);  /* cli/cmd_play.c */

#endif

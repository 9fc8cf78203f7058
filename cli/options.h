/* SPDX-License-Identifier: BSD-3-Clause */
/* Command-line helpers shared by the subcommands. */
#ifndef DSPSIM_CLI_OPTIONS_H
#define DSPSIM_CLI_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dspsim/xtcpu.h"

/* Matches argv[*i] against "--name VALUE" or "--name=VALUE".  On a match
 * *i advances past VALUE and *value points at it, or is NULL when the
 * option is last on the line without a value. */
bool cli_opt_value(int argc, char **argv, int *i, const char *name,
                   const char **value);

/* The one number syntax of the command line, as in the board YAML:
 * decimal ("4096") or hexadecimal with a 0x/0X prefix ("0x1000"); the
 * whole string, no sign, no spaces, no suffix; the value in [lo, hi]
 * (never wrapped).  Returns what was wrong, and *out only on CLI_NUM_OK. */
typedef enum cli_num_err {
    CLI_NUM_OK,
    CLI_NUM_EMPTY,  /* NULL or "" */
    CLI_NUM_SYNTAX, /* not decimal or 0x hex digits */
    CLI_NUM_LOW,    /* below lo */
    CLI_NUM_HIGH,   /* above hi, or beyond 64 bits */
} cli_num_err;
cli_num_err cli_number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

/* cli_number with the messages: on error prints "dspsim CMD: OPT needs a
 * number", "dspsim CMD: OPT: 'S' is not a decimal number or 0x hex",
 * "... must be at least LO" or "... is too large (at most HI)" to stderr
 * and returns false. */
bool cli_parse_uint(const char *cmd, const char *opt, const char *s,
                    uint64_t lo, uint64_t hi, uint64_t *out);

/* A count >= 1 that fits in 64 bits (cli_parse_uint). */
bool cli_parse_count(const char *cmd, const char *opt, const char *s,
                     uint64_t *out);

/* --engine fast|interp: checks the name and stores the engine in *cpu
 * (engine, engine_set), for the CPUs the command opens with
 * xt_open_config (directly, or through a board's ds_board_config.cpu or
 * the harness's dsh_exec_opts.cpu); on error prints "dspsim CMD: --engine:
 * ..." and returns false.  Without --engine the CPU follows
 * $DSPSIM_ENGINE (xt_engine_from_env), else the fast engine. */
bool cli_set_engine(const char *cmd, const char *name, xt_cpu_config *cpu);

/* Takes "--engine NAME" / "--engine=NAME" out of argv (before a "--")
 * into *cpu (cli_set_engine), for subcommands without guest arguments.
 * Returns false after printing an error for a bad or missing name. */
bool cli_take_engine(const char *cmd, int *argc, char **argv,
                     xt_cpu_config *cpu);

/* getopt_long (opterr 0) returned '?': prints "dspsim CMD: unknown option
 * 'ARG' (see dspsim CMD --help)" for an unknown or ambiguous option, or
 * "dspsim CMD: option '--NAME' takes no value" for "--NAME=VALUE" of an
 * option without one.  Call right after getopt_long (reads optind,
 * optopt). */
void cli_getopt_unknown(const char *cmd, char **argv);

/* The option loop of `exec` and `board`, whose options come before
 * PROGRAM ("+": getopt_long stops at the first non-option; "-" alone is a
 * file name; "--" ends the options).  take(c, value, argc, argv, user)
 * handles one option (value NULL when it is missing: the option's own
 * message) and returns -1 to go on or an exit status.  Returns -1 with
 * optind at PROGRAM, or an exit status (an unknown option is said). */
struct option;
typedef int (*cli_take_fn)(int c, const char *v, int argc, char **argv,
                           void *user);
int cli_getopt_before_program(const char *cmd, int argc, char **argv,
                              const struct option *longopts, cli_take_fn take,
                              void *user);

/* After cli_getopt_before_program: PROGRAM at optind and the guest's
 * arguments after it.  Without PROGRAM says so, prints usage(stderr) and
 * returns the usage status; else returns -1. */
int cli_take_program(const char *cmd, int argc, char **argv,
                     void (*usage)(FILE *), const char **program,
                     int *guest_argc, char ***guest_argv);

/* Monotonic wall-clock time in seconds. */
double cli_now_seconds(void);

#endif

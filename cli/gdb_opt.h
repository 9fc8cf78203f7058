/* SPDX-License-Identifier: BSD-3-Clause */
/* --gdb PORT and --gdb-wait, shared by exec, board, run and play
 * (docs/debugging.md). */
#ifndef DSPSIM_CLI_GDB_OPT_H
#define DSPSIM_CLI_GDB_OPT_H

#include <stdbool.h>

#include "dspsim/gdb.h"

typedef struct cli_gdb {
    bool on;       /* --gdb given */
    unsigned port; /* 0: a free port, printed on stderr */
    bool wait;     /* --gdb-wait */
    /* reverse execution (docs/debugging.md) */
    bool rev_set;       /* --reverse-mem or --reverse-every given */
    uint64_t rev_mem;   /* --reverse-mem MIB in bytes (0: the default) */
    bool rev_off;       /* --reverse-mem 0 */
    uint64_t rev_every; /* --reverse-every CYCLES (0: adaptive) */
} cli_gdb;

/* Help lines of the two options. */
#define CLI_GDB_HELP                                                           \
    "  --gdb PORT      serve GDB's remote protocol on 127.0.0.1:PORT (0: a\n"  \
    "                  free port, printed on stderr; docs/debugging.md)\n"     \
    "  --gdb-wait      with --gdb: wait for the debugger before the first\n"   \
    "                  instruction\n"

#define CLI_REVERSE_HELP                                                       \
    "  --reverse-mem MIB  with --gdb: memory for reverse execution's\n"        \
    "                  checkpoints (default 256; 0: no reverse execution)\n"   \
    "  --reverse-every CYCLES  with --gdb: a checkpoint every CYCLES\n"        \
    "                  (default: adaptive, to cost little host time)\n"

/* The value of --gdb (NULL: missing): sets o->on and o->port, or prints
 * "dspsim CMD: --gdb ..." and returns false. */
bool cli_gdb_value(const char *cmd, const char *v, cli_gdb *o);
/* --reverse-mem MIB (0..65536) and --reverse-every CYCLES (>= 1000). */
bool cli_reverse_mem_value(const char *cmd, const char *v, cli_gdb *o);
bool cli_reverse_every_value(const char *cmd, const char *v, cli_gdb *o);
/* After the command line: --gdb-wait needs --gdb, and --gdb does not go
 * with --lockstep (exec, board; false elsewhere).  false after printing
 * the error. */
bool cli_gdb_check(const char *cmd, const cli_gdb *o, bool lockstep);
/* run, play (the server opens inside the harness): a given port must be
 * free now.  false after printing why not. */
bool cli_gdb_probe(const char *cmd, const cli_gdb *o);
/* Open the server for cpu and print "dspsim CMD: gdb: listening on
 * 127.0.0.1:PORT" on stderr (the server's later lines start alike).  NULL after printing why not. */
ds_gdb *cli_gdb_start(const char *cmd, const cli_gdb *o, xt_cpu *cpu);

#endif

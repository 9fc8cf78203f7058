/* SPDX-License-Identifier: BSD-3-Clause */
/* --trace: one line per executed instruction (format in docs/cli.md):
 *   CYCLE \t PC \t SYMBOL+OFFSET \t MNEMONIC \t OPERANDS \n
 * CYCLE is the cycle count (decimal) before the instruction executes, PC
 * is 8 lowercase hex digits, the symbol field is "name", "name+0x1c" or
 * "?", and the last two fields are xt_disasm_at's objdump-style text
 * (empty OPERANDS for instructions without operands). */
#ifndef DSPSIM_CLI_TRACE_H
#define DSPSIM_CLI_TRACE_H

#include <stdbool.h>
#include <stdio.h>

#include "dspsim/loader.h"
#include "dspsim/xtcpu.h"

typedef struct trace {
    FILE *f;
    const char *path;
    const xt_elf *elf;
    bool failed; /* a write failed; the run was asked to stop */
    int err;     /* errno of the failure */
    xt_hook hook;
    struct trace_cache *cache; /* formatted text per PC */
} trace;

/* Open path for writing; false with errno set on failure. */
bool trace_open(trace *t, const char *path, const xt_elf *elf);
/* Install the XT_HOOK_CODE hook on cpu. */
xt_err trace_install(trace *t, xt_cpu *cpu);
/* Flush and close; false when any write failed (t->err says why). */
bool trace_close(trace *t);

#endif

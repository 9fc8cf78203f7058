/* SPDX-License-Identifier: BSD-3-Clause */
/* Diagnostics printed by dspsim after a run: the machine-state report and
 * the --stats JSON line (formats in docs/cli.md). */
#ifndef DSPSIM_CLI_REPORT_H
#define DSPSIM_CLI_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "dspsim/loader.h"
#include "dspsim/xtcpu.h"

/* Registers a0-a15, PC, PS, SAR, EXCCAUSE, EPC1, EXCVADDR, DEPC, then the
 * last (up to 32) executed instructions with symbol+offset and
 * disassembly, then the next PC.  elf may be NULL. */
void report_state(FILE *f, xt_cpu *cpu, const xt_elf *elf);

/* Disassembly of the instruction at addr as "mnemonic operands" (the tab
 * objdump puts after the mnemonic kept), or "<unreadable>". */
void report_disasm(xt_cpu *cpu, uint32_t addr, char *buf, size_t n);

/* {"instructions":N,"cycles":N,"host_seconds":S,"mips":M} and a newline. */
/* The --stats JSON line: instructions, cycles, host seconds, MIPS, the
 * engine and its translator counters (xt_xlate_stats). */
void report_stats(FILE *f, xt_cpu *cpu, uint64_t cycles, double seconds);

#endif

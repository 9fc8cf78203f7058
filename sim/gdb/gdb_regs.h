/* SPDX-License-Identifier: BSD-3-Clause */
/* The register map the server offers (docs/debugging.md): GDB's numbers,
 * names and the CPU registers behind them, and target.xml. */
#ifndef DSPSIM_GDB_REGS_H
#define DSPSIM_GDB_REGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dspsim/xtcpu.h"

/* Registers 0..GDB_G_REGS-1 make up the 'g' packet (the lx106 GDB's
 * set); GDB_NUM_REGS in all, the rest through 'p'/'P' only. */
#define GDB_G_REGS 22
#define GDB_REG_PC 16
extern const unsigned GDB_NUM_REGS;

/* Name of GDB register n, or NULL if there is none. */
const char *gdb_reg_name(unsigned n);
/* Read GDB register n.  Registers the core does not have read as 0.
 * false only for an unknown n. */
bool gdb_reg_get(xt_cpu *cpu, unsigned n, uint32_t *v);
/* Write GDB register n; a value equal to the current one is not written
 * (no side effect).  false for an unknown or read-only register. */
bool gdb_reg_set(xt_cpu *cpu, unsigned n, uint32_t v);

/* The target description served as target.xml (NUL-terminated). */
const char *gdb_target_xml(size_t *len);

#endif

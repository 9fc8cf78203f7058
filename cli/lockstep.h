/* SPDX-License-Identifier: BSD-3-Clause */
/* Lockstep checking: the fast engine against the reference interpreter.
 *
 * Two CPUs hold the same program.  The fast one runs with its translator
 * returning after every block (xt_xlate_opts.single_block); after each
 * return, and at the end, the reference is run to the same instruction
 * count and the two are compared: a0..a15, pc, every special register of
 * the configuration, the cycle and instruction counts and, every 4096
 * boundaries and at the end, the memory ranges given.  The first
 * divergence is reported with the block in which it happened, as the
 * reference ran it, marking the first instruction that writes a register
 * that differs. */
#ifndef DSPSIM_CLI_LOCKSTEP_H
#define DSPSIM_CLI_LOCKSTEP_H

#include <stdio.h>

#include "dspsim/loader.h"
#include "dspsim/xtcpu.h"

typedef struct lockstep_range {
    uint32_t base, size; /* bytes of RAM/ROM to compare */
} lockstep_range;

typedef struct lockstep_stats {
    uint64_t boundaries;       /* comparisons of registers and counts */
    uint64_t mem_checks;       /* comparisons of memory */
    uint64_t translated_insns; /* instructions the fast engine translated */
    uint64_t tier_insns[2];    /* ... in quick and in optimised code */
    uint64_t promotions;       /* quick units replaced during the run */
} lockstep_stats;

/* Runs both with the run options 'ro' (budgets count from now).  Returns
 * 0 if they agree up to the fast engine's stop (*why), 1 on a divergence
 * (described on f in lines starting "dspsim CMD: lockstep: "), -1 on an
 * API error. */
int lockstep_run(xt_cpu *fast, xt_cpu *ref, const xt_run_opts *ro,
                 const lockstep_range *rg, size_t nrg, const xt_elf *elf,
                 FILE *f, const char *cmd, xt_stop *why, lockstep_stats *st);

/* The fast engine's options under lockstep: translate early, in the
 * foreground, at -O1; single_block returns after every block. */
void lockstep_xlate_opts(xt_xlate_opts *o, bool single_block);

/* One comparison of two CPUs driven alike by their callers (registers,
 * special registers, counts and, with check_mem, the ranges); prints
 * what differs on f ("dspsim CMD: lockstep: ...") and returns 1, else 0. */
int lockstep_compare(xt_cpu *fast, xt_cpu *ref, const lockstep_range *rg,
                     size_t nrg, int check_mem, FILE *f, const char *cmd);

#endif

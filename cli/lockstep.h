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

#include "dspsim/board.h"
#include "dspsim/loader.h"
#include "dspsim/run.h"
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

/* The checker of `dspsim exec --lockstep`, a client of the run service
 * (dspsim/run.h): after every return of the fast CPU (a translated block,
 * the run's end) the reference is run to the same instruction count and
 * the two compared.  lockstep_exec_start installs it on r (the fast CPU
 * returning after every block); the budgets are the run's (from reset).
 * lockstep_exec_finish removes it: 0 if they agreed up to the run's end,
 * 1 on a divergence (described on f in lines starting "dspsim CMD:
 * lockstep: ", and the run was ended there). */
typedef struct lockstep_exec lockstep_exec;
lockstep_exec *lockstep_exec_start(ds_run *r, xt_cpu *fast, xt_cpu *ref,
                                   const ds_run_budget *budget,
                                   const lockstep_range *rg, size_t nrg,
                                   const xt_elf *elf, FILE *f, const char *cmd);
int lockstep_exec_finish(lockstep_exec *ls, lockstep_stats *st);

/* The checker of `dspsim board --lockstep`: the reference board is run in
 * slices of LOCKSTEP_BOARD_SLICE cycles, at the fast board's boundaries
 * every as many cycles, and the two compared after each (memory every
 * LOCKSTEP_BOARD_MEM_EVERY slices and at the end); it ends the fast
 * board's run (ds_run_end) at max_cycles (0: none), counted in nominal
 * slices as the reference runs them, or at a divergence.  After the fast
 * board's run returned (res), lockstep_board_finish runs the reference
 * through the slice in progress when the run ended otherwise, compares a
 * last time, and removes the client: 0 agree, 1 diverged (said on f). */
#define LOCKSTEP_BOARD_SLICE     10000u /* cycles between comparisons */
#define LOCKSTEP_BOARD_MEM_EVERY 64u    /* slices between memory checks */
typedef struct lockstep_board lockstep_board;
lockstep_board *lockstep_board_start(ds_board *fast, ds_board *ref,
                                     uint64_t max_cycles, FILE *f,
                                     const char *cmd);
int lockstep_board_finish(lockstep_board *ls, const ds_run_result *res,
                          uint64_t *slices);

/* The fast engine's options under lockstep: translate early, in the
 * foreground, at -O1; single_block returns after every block. */
void lockstep_xlate_opts(xt_xlate_opts *o, bool single_block);

/* One comparison of two CPUs driven alike by their callers (registers,
 * special registers, counts and, with check_mem, the ranges); prints
 * what differs on f ("dspsim CMD: lockstep: ...") and returns 1, else 0. */
int lockstep_compare(xt_cpu *fast, xt_cpu *ref, const lockstep_range *rg,
                     size_t nrg, int check_mem, FILE *f, const char *cmd);

#endif

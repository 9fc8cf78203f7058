/* SPDX-License-Identifier: BSD-3-Clause */
/* exc.c: exceptions, interrupts and debug exceptions. */
#ifndef DSPSIM_CPU_EXC_H
#define DSPSIM_CPU_EXC_H

#include "core_state.h"

/* Raise a general exception at cpu->pc (EPC1/DEPC, EXCCAUSE, EXCVADDR,
 * PS.EXCM, vector). */
void exc_raise(xt_cpu *cpu, unsigned cause, uint32_t vaddr, int has_vaddr);
/* Debug exception (DEBUGCAUSE bits) at cpu->pc if CINTLEVEL < DEBUGLEVEL;
 * returns 1 if taken. */
int exc_debug(xt_cpu *cpu, uint32_t cause_bits);
/* Take the highest deliverable pending interrupt, if any; returns 1. */
int exc_check_interrupts(xt_cpu *cpu);
/* XT_HOOK_RETURN observers (cpu->n_flow_hooks > 0) */
void exc_call_return_hooks(xt_cpu *cpu, unsigned level, uint32_t pc,
                           uint32_t target, uint64_t cycle);

#endif

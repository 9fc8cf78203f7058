/* SPDX-License-Identifier: BSD-3-Clause */
/* exec.c: the interpreter. */
#ifndef DSPSIM_CPU_EXEC_H
#define DSPSIM_CPU_EXEC_H

#include "core_state.h"

/* Publish the interpreter's handler addresses to the instruction cache
 * (icache_set_handlers); before any code page exists. */
void exec_init(void);
/* Run until a stop condition (xt_run has set up the budgets). */
xt_stop exec_loop(xt_cpu *cpu);

#endif

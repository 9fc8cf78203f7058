/* SPDX-License-Identifier: BSD-3-Clause */
/* xlate.c: the translated engine at run time, as the interpreter and the
 * public API use it (docs/performance.md).  Its state: xlate_state.h. */
#ifndef DSPSIM_XLATE_H
#define DSPSIM_XLATE_H

#include "core_state.h"
#include "xlate_tier.h" /* what the interpreter calls of it */

/* Run the unit at cpu->pc (an entry with the XLATE handler).  Returns 0
 * if it declined (the interpreter executes the instruction), 1 if it ran:
 * cpu->pc/cycles/insns/sar/sar_left/hist_n are then up to date; 2 if it
 * ran and ended after a load whose interlock with the next instruction is
 * left pending in cpu->hz_mask/hz_cost. */
int xlate_enter(xt_cpu *cpu);
void xlate_free(xt_cpu *cpu);

#endif

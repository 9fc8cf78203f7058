/* SPDX-License-Identifier: BSD-3-Clause */
/* timing.c: the cycle model's static part. */
#ifndef DSPSIM_CPU_TIMING_H
#define DSPSIM_CPU_TIMING_H

#include "dspsim/xtcpu.h"
#include "isa.h"

/* Cost in cycles of an instruction, excluding wait states and dynamic
 * penalties. */
unsigned timing_cost(const xt_timing *t, const xt_insn *in);

#endif

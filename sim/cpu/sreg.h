/* SPDX-License-Identifier: BSD-3-Clause */
/* sreg.c: the special registers. */
#ifndef DSPSIM_CPU_SREG_H
#define DSPSIM_CPU_SREG_H

#include "core_state.h"

/* Returns 0, or -1 if the access is illegal (IllegalInstruction). */
int sreg_read(xt_cpu *cpu, unsigned sr, uint32_t *val);
int sreg_write(xt_cpu *cpu, unsigned sr, uint32_t val);
/* Whether XSR may name special register sr. */
int sreg_xsr_ok(unsigned sr);

#endif

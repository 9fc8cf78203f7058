/* SPDX-License-Identifier: BSD-3-Clause */
/* events.c: the event horizon, the cycle at which the interpreter's fast
 * loop must next call its slow check. */
#ifndef DSPSIM_CPU_EVENTS_H
#define DSPSIM_CPU_EVENTS_H

#include "core_state.h"

/* Recompute cpu->slow and the horizon (cpu->ev_cycles, cpu->ev_unit)
 * after state changes. */
void events_update(xt_cpu *cpu);
/* Force the slow check before the next instruction. */
static inline void events_kick(xt_cpu *cpu)
{
    cpu->ev_cycles = cpu->ev_unit = 0;
}
/* Can any pending interrupt be taken now? */
int events_irq_deliverable(const xt_cpu *cpu);
/* Recompute the cycle of the next CCOMPARE0 match (cpu->timer_at). */
void events_timer_rearm(xt_cpu *cpu);

#endif

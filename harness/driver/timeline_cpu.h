/* SPDX-License-Identifier: BSD-3-Clause */
/* The CPU's own tracks of a timeline (timeline.h): interrupt handlers and
 * idle time, observed through the CPU's hooks (dspsim/xtcpu.h), so they
 * cost the firmware nothing and change no cycle.
 *
 * Track "irq": a span "ISR" from each interrupt taken (level 1: EXCCAUSE
 * Level1Interrupt; the NMI) to the RFE / RFI that returns from it, args
 * detail "lines 0x..." (the pending and enabled lines when taken).  Other
 * exceptions (SYSCALL ...) are not drawn.
 * Track "idle": a span "WAITI" for each wait of the core in WAITI that an
 * interrupt ended (from the cycle it began waiting to the one the
 * interrupt was taken; a wait still running at the end is not drawn). */
#ifndef DSH_TIMELINE_CPU_H
#define DSH_TIMELINE_CPU_H

#include "driver/timeline.h"
#include "dspsim/xtcpu.h"

typedef struct dsh_timeline_cpu dsh_timeline_cpu;

/* Adds the hooks; NULL when out of memory or out of hooks (the tracks are
 * then missing, the run goes on).  t NULL: NULL. */
dsh_timeline_cpu *dsh_timeline_cpu_attach(dsh_timeline *t, xt_cpu *cpu);
/* Removes the hooks (before the CPU or the timeline is freed). */
void dsh_timeline_cpu_detach(dsh_timeline_cpu *c);
/* The same with the tracks named prefix + "irq" / "idle" (a core of a
 * board of several: "core 1: "; at most 15 characters). */
dsh_timeline_cpu *dsh_timeline_cpu_attach_prefix(dsh_timeline *t, xt_cpu *cpu,
                                                 const char *prefix);

#endif

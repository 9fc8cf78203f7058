/* SPDX-License-Identifier: BSD-3-Clause */
/* xlate_tier.c: the tier manager (hotness, the jobs of each tier,
 * promotion, installing what they built). */
#ifndef DSPSIM_XLATE_TIER_H
#define DSPSIM_XLATE_TIER_H

#include "xlate_state.h"

/* The interpreter decoded an instruction at pc (first execution). */
void xlate_tier_note_decode(xt_cpu *cpu, uint32_t pc);
/* Called by the interpreter's slow check when cycles reach sample_at. */
void xlate_tier_sample(xt_cpu *cpu);
/* Poll the running jobs; install their units when they are done, start
 * the next ones. */
void xlate_tier_poll(xt_cpu *cpu);
/* The translator's page record of pn, made on first use (NULL: no
 * memory). */
xl_page *xlate_tier_page(struct xl_state_s *x, uint32_t pn);
/* Stop every job: what is still being built is abandoned (xl_backend
 * cancel); returns when nothing of them runs. */
void xlate_tier_cancel(xt_cpu *cpu);
/* The monotonic clock in milliseconds. */
uint64_t xlate_tier_now_ms(void);
/* Unload every object (the CPU goes away). */
void xlate_tier_unload(struct xl_state_s *x);

#endif

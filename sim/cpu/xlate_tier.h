/* SPDX-License-Identifier: BSD-3-Clause */
/* xlate_tier.c: the tier manager (hotness, the jobs of each tier,
 * promotion, installing what they built). */
#ifndef DSPSIM_XLATE_TIER_H
#define DSPSIM_XLATE_TIER_H

#include "xlate_state.h"

/* The translator's page record of pn, made on first use (NULL: no
 * memory). */
xl_page *xlate_tier_page(struct xl_state_s *x, uint32_t pn);
/* Stop every job: what is still being built is abandoned (xl_backend
 * cancel); returns when nothing of them runs. */
void xlate_tier_cancel(xt_cpu *cpu);
/* Unload every object (the CPU goes away). */
void xlate_tier_unload(struct xl_state_s *x);

#endif

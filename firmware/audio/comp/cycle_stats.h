/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Cycle accounting of a component or a whole pipeline: cycles (CCOUNT
 * deltas on the target, a fake counter in tests) spent per period.
 * `total` is 64-bit (added with carries, no helper); the average is
 * total / periods computed by a shift-subtract division (no __udivdi3).
 */
#ifndef AUDIO_CYCLE_STATS_H
#define AUDIO_CYCLE_STATS_H

#include <stdint.h>

/* Cycle counter source: CCOUNT on the target; returns cycles (mod 2^32). */
typedef uint32_t (*audio_cycle_fn)(void *ctx);

struct audio_cycle_stats {
    uint32_t periods; /* samples taken */
    uint32_t last;    /* cycles of the last period */
    uint32_t worst;   /* largest */
    uint64_t total;   /* sum */
};

static inline void audio_cycles_add(struct audio_cycle_stats *s,
                                    uint32_t cycles)
{
    s->periods++;
    s->last = cycles;
    if (cycles > s->worst)
        s->worst = cycles;
    s->total += cycles;
}

/* total / periods rounded down (0 before the first period); saturates at
 * UINT32_MAX (cannot happen: the average is at most `worst`). */
uint32_t audio_cycles_avg(const struct audio_cycle_stats *s);

#endif /* AUDIO_CYCLE_STATS_H */

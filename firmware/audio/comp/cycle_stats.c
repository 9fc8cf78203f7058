/* SPDX-License-Identifier: BSD-3-Clause */
/* Average of the cycle statistics without a 64-bit division helper. */
#include "comp/cycle_stats.h"

uint32_t audio_cycles_avg(const struct audio_cycle_stats *s)
{
    uint64_t rem = 0;
    uint32_t q = 0;
    uint32_t hi = (uint32_t)(s->total >> 32);
    uint32_t lo = (uint32_t)s->total;

    if (s->periods == 0)
        return 0;
    if (hi >= s->periods)
        return UINT32_MAX;
    /* hi < periods, so the quotient fits 32 bits: 32 steps on lo. */
    rem = hi;
    for (int i = 31; i >= 0; i--) {
        rem = (rem << 1) | ((lo >> i) & 1u);
        if (rem >= s->periods) {
            rem -= s->periods;
            q |= 1u << i;
        }
    }
    return q;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The load of every period of a task, kept in bounded memory for the
 * HTML report's load plot (docs/harness.md "HTML report").
 *
 * Each job the kernel's markers show done is added with its release cycle
 * and the CPU cycles it ran.  At most DSH_LOAD_POINTS points are kept:
 * a point is `per` consecutive jobs, holding the release cycle of the
 * first and the most cycles any of them ran.  When the points are full,
 * neighbours are merged pairwise and `per` doubles, so a run of any length
 * keeps its worst periods (the 10-minute soak's 60,000 periods of 10 ms
 * in 938 points of 64). */
#ifndef DSH_LOAD_SERIES_H
#define DSH_LOAD_SERIES_H

#include <stdint.h>

#define DSH_LOAD_POINTS 1024u /* even */

typedef struct dsh_load_series {
    uint32_t task;
    uint64_t jobs;                   /* jobs added */
    uint64_t per;                    /* jobs per point (a power of two) */
    unsigned n;                      /* points */
    uint64_t fill;                   /* jobs in the last point */
    uint64_t cycle[DSH_LOAD_POINTS]; /* release cycle of its first job */
    uint64_t worst[DSH_LOAD_POINTS]; /* most CPU cycles of one job */
} dsh_load_series;

void dsh_load_series_init(dsh_load_series *s, uint32_t task);
void dsh_load_series_add(dsh_load_series *s, uint64_t release_cycle,
                         uint64_t cpu_cycles);

#endif

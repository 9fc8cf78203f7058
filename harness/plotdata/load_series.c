/* SPDX-License-Identifier: BSD-3-Clause */
/* Per-period loads in bounded memory (load_series.h). */
#include "load_series.h"

#include <string.h>

void dsh_load_series_init(dsh_load_series *s, uint32_t task)
{
    memset(s, 0, sizeof *s);
    s->task = task;
    s->per = 1;
}

/* every point full: merge neighbours, twice the jobs a point */
static void halve(dsh_load_series *s)
{
    for (unsigned i = 0; i < s->n / 2; i++) {
        uint64_t a = s->worst[2 * i], b = s->worst[2 * i + 1];
        s->cycle[i] = s->cycle[2 * i];
        s->worst[i] = a > b ? a : b;
    }
    s->n /= 2;
    s->per *= 2;
    s->fill = s->per;
}

void dsh_load_series_add(dsh_load_series *s, uint64_t release_cycle,
                         uint64_t cpu_cycles)
{
    s->jobs++;
    if (s->n && s->fill < s->per) {
        if (cpu_cycles > s->worst[s->n - 1])
            s->worst[s->n - 1] = cpu_cycles;
        s->fill++;
        return;
    }
    if (s->n == DSH_LOAD_POINTS)
        halve(s);
    s->cycle[s->n] = release_cycle;
    s->worst[s->n] = cpu_cycles;
    s->n++;
    s->fill = 1;
}

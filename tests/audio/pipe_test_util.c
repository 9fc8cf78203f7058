/* SPDX-License-Identifier: BSD-3-Clause */
#include "pipe_test_util.h"

#include "pipeline/pipeline.h"

#include <string.h>

int32_t test_rand(uint32_t *state)
{
    uint32_t x = *state;

    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return (int32_t)x;
}

void pipe_test_config(struct pipeline_config *cfg, uint32_t dir,
                      struct host_alloc *ta, audio_notify_fn notify)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->id = 1;
    cfg->dir = dir;
    cfg->period_us = 1000;
    cfg->clock_hz = 80000000;
    cfg->prefill_periods = 1;
    cfg->alloc = &ta->a;
    cfg->notify = notify;
}

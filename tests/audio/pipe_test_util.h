/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Helpers of the buffer/component/pipeline tests over the host platform
 * (firmware/platform/host: host_alloc, fake_dma, fake_clock): a standard
 * pipeline config and test data.
 */
#ifndef PIPE_TEST_UTIL_H
#define PIPE_TEST_UTIL_H

#include <stdint.h>

#include "host_platform.h"

/* A 1 ms pipeline config at 80 MHz, prefill 1, over ta's allocator,
 * notifying `notify` (ctx NULL); no cycle counter. */
struct pipeline_config;
void pipe_test_config(struct pipeline_config *cfg, uint32_t dir,
                      struct host_alloc *ta, audio_notify_fn notify);

/* xorshift32 test data: the next value of *state (not 0). */
int32_t test_rand(uint32_t *state);

#endif

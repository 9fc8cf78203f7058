/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Helpers of the buffer/component/pipeline tests: a malloc allocator that
 * counts live blocks and can fail after N allocations, a fake platform DMA
 * over a test-owned "far side" memory, and a fake cycle counter.
 */
#ifndef PIPE_TEST_UTIL_H
#define PIPE_TEST_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "buffer/audio_alloc.h"
#include "comp/comp_endpoint.h"

struct test_alloc {
	struct audio_alloc a;
	long live;          /* blocks allocated and not freed */
	long fail_after;    /* < 0: never fail; else fail when 0 reached */
	long allocs;
};
void test_alloc_init(struct test_alloc *t);

struct fake_dma {
	bool to_local;      /* far side -> local (source endpoint) */
	uint8_t *mem;       /* far-side memory */
	uint32_t limit;     /* bytes the far side can supply/accept in total */
	uint32_t pos;       /* bytes moved */
	uint32_t starts, stops, transfers;
	bool running;
	bool fail_start;
	int32_t xrun_once;  /* next transfer returns this (a far-side xrun) */
	struct audio_dma_config cfg;
};
extern const struct audio_dma_ops fake_dma_ops;
void fake_dma_init(struct fake_dma *d, bool to_local, void *mem,
		   uint32_t limit);

/* Fake CCOUNT: every read advances by *step (ctx points to the struct). */
struct fake_clock {
	uint32_t now;
	uint32_t step;
};
uint32_t fake_clock_read(void *ctx);

/* A 1 ms pipeline config at 80 MHz, prefill 1, over ta's allocator,
 * notifying `notify` (ctx NULL); no cycle counter. */
struct pipeline_config;
void pipe_test_config(struct pipeline_config *cfg, uint32_t dir,
		      struct test_alloc *ta, audio_notify_fn notify);

/* xorshift32 test data: the next value of *state (not 0). */
int32_t test_rand(uint32_t *state);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The host platform of the firmware's buffers, components and pipelines
 * (library audio_host_platform, firmware/platform/host/README.md): what the
 * board port provides on the target, done over host memory for the unit
 * tests (tests/audio) and the bit-exact reference generator
 * (vectors/refgen).
 *
 *   host_alloc  a malloc allocator (struct audio_alloc) that counts live
 *               blocks and can fail after N allocations
 *   fake_dma    a platform DMA (struct audio_dma_ops) over a caller-owned
 *               "far side" memory
 *   fake_clock  a cycle counter (CCOUNT) advancing by a fixed step per read
 */
#ifndef FW_HOST_PLATFORM_H
#define FW_HOST_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

#include "buffer/audio_alloc.h"
#include "comp/comp_endpoint.h"

/* Blocks come from posix_memalign, filled with 0xa5 (to catch the use of
 * uninitialised memory). */
struct host_alloc {
    struct audio_alloc a; /* give &a to the firmware (ctx = this) */
    long live;            /* blocks allocated and not freed */
    long fail_after;      /* < 0: never fail; else fail when 0 reached */
    long allocs;          /* successful allocations so far */
};
/* Zeroes *t, never fails. */
void host_alloc_init(struct host_alloc *t);

/* Moves bytes between the firmware's local buffer and mem[pos, limit):
 * a transfer moves min(bytes, limit - pos) bytes (0 once the far side is
 * exhausted) and returns that count, -1 when not started, or xrun_once
 * once if set.  ops: fake_dma_ops, ctx: the struct. */
struct fake_dma {
    bool to_local;  /* far side -> local (source endpoint) */
    uint8_t *mem;   /* far-side memory */
    uint32_t limit; /* bytes the far side can supply/accept in total */
    uint32_t pos;   /* bytes moved */
    uint32_t starts, stops, transfers;
    bool running;
    bool fail_start;
    int32_t xrun_once; /* next transfer returns this (a far-side xrun) */
    struct audio_dma_config cfg; /* of the last start */
};
extern const struct audio_dma_ops fake_dma_ops;
void fake_dma_init(struct fake_dma *d, bool to_local, void *mem,
                   uint32_t limit);

/* Fake CCOUNT: every read advances by step cycles (ctx points to the
 * struct); returns the new value. */
struct fake_clock {
    uint32_t now;
    uint32_t step;
};
uint32_t fake_clock_read(void *ctx);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Memory zones:
 *   FW_ZONE_SYSTEM   boot-time objects that live forever: bump allocation,
 *                    never freed (fw_free of such memory fails);
 *   FW_ZONE_RUNTIME  general run-time allocations, freed and reused;
 *   FW_ZONE_DMA      buffers a DMA engine may access; default alignment
 *                    FW_DMA_ALIGN bytes (a cache-line/burst multiple).
 * Sizes in bytes. Allocation never blocks; exhaustion returns NULL and is
 * counted in the zone's `failures`. Callable from interrupts. */
#ifndef FW_MEM_H
#define FW_MEM_H

#include <stddef.h>
#include <stdint.h>
#include "fw/heap.h"

enum fw_zone { FW_ZONE_SYSTEM, FW_ZONE_RUNTIME, FW_ZONE_DMA, FW_ZONE_COUNT };

#define FW_DMA_ALIGN 32u

/* Give each zone its memory (the firmware's start-up uses the linker
 * script's ranges; tests pass their own). */
void fw_mem_init(void *sys, size_t sys_size, void *rt, size_t rt_size,
                 void *dma, size_t dma_size);
/* align: power of two, 0 = default (FW_HEAP_MIN_ALIGN; FW_DMA_ALIGN for
 * FW_ZONE_DMA). */
void *fw_alloc(enum fw_zone z, size_t bytes, size_t align);
void *fw_zalloc(enum fw_zone z, size_t bytes, size_t align);
/* Free runtime or DMA memory; returns -1 (and frees nothing) for NULL,
 * system-zone or foreign pointers, double frees. */
int fw_free(void *p);
/* Zone statistics (for the system zone: size, used = peak, allocs,
 * failures). */
const struct fw_heap_stats *fw_mem_stats(enum fw_zone z);

#endif

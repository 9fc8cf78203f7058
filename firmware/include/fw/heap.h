/* SPDX-License-Identifier: BSD-3-Clause */
/* A first-fit heap over one contiguous memory range: address-ordered free
 * list, neighbours coalesced on free, any power-of-two alignment. Block
 * headers are two pointers (8 bytes on the LX106); sizes and statistics are
 * in bytes. Not locked: the zone layer (fw/mem.h) masks interrupts. */
#ifndef FW_HEAP_H
#define FW_HEAP_H

#include <stddef.h>
#include <stdint.h>

struct fw_heap_block;

struct fw_heap_stats {
    size_t size;          /* bytes managed (after aligning the range) */
    size_t used;          /* bytes in allocated blocks, headers included */
    size_t peak;          /* highest `used` */
    size_t largest_free;  /* largest free block's payload, bytes */
    uint32_t free_blocks; /* number of free blocks (fragmentation) */
    uint32_t allocs, frees, failures;
};

struct fw_heap {
    uint8_t *base, *end;
    struct fw_heap_block *free_list;
    uint32_t tag; /* written into allocated headers */
    struct fw_heap_stats st;
};

/* Manage [mem, mem + size). tag identifies the heap in block headers. */
void fw_heap_init(struct fw_heap *h, void *mem, size_t size, uint32_t tag);
/* bytes > 0, align a power of two (0 = default). NULL when no block fits. */
void *fw_heap_alloc(struct fw_heap *h, size_t bytes, size_t align);
/* Returns 0, or -1 if p is not a live block of this heap (nothing freed). */
int fw_heap_free(struct fw_heap *h, void *p);
int fw_heap_owns(const struct fw_heap *h, const void *p);
/* Fills largest_free/free_blocks and returns the statistics. */
const struct fw_heap_stats *fw_heap_stats(struct fw_heap *h);
/* Smallest alignment of every returned pointer, bytes. */
#define FW_HEAP_MIN_ALIGN (2 * sizeof(void *))

#endif

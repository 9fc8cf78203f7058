/* SPDX-License-Identifier: BSD-3-Clause */
/* First-fit heap with an address-ordered free list and coalescing. Every
 * block starts with a header of two words: the block's total size in bytes
 * (a multiple of the header size, bit 0 = allocated) and either the next
 * free block or, when allocated, a check tag (heap tag ^ block address) that
 * lets fw_heap_free reject foreign pointers and double frees. */
#include <stddef.h>
#include "fw/heap.h"

struct fw_heap_block {
    uintptr_t size; /* bytes incl. header | USED */
    union {
        struct fw_heap_block *next; /* free */
        uintptr_t check;            /* allocated */
    } u;
};

#define UNIT ((uintptr_t)sizeof(struct fw_heap_block))
#define USED ((uintptr_t)1)

static uintptr_t align_up(uintptr_t v, uintptr_t a)
{
    return (v + a - 1) & ~(a - 1);
}

void fw_heap_init(struct fw_heap *h, void *mem, size_t size, uint32_t tag)
{
    uintptr_t b = align_up((uintptr_t)mem, UNIT);
    uintptr_t e = ((uintptr_t)mem + size) & ~(UNIT - 1);

    *h = (struct fw_heap){ 0 };
    h->tag = tag;
    if (size < 2 * UNIT || e < b + 2 * UNIT) {
        h->base = h->end = (uint8_t *)b;
        return;
    }
    h->base = (uint8_t *)b;
    h->end = (uint8_t *)e;
    h->free_list = (struct fw_heap_block *)b;
    h->free_list->size = e - b;
    h->free_list->u.next = NULL;
    h->st.size = e - b;
}

int fw_heap_owns(const struct fw_heap *h, const void *p)
{
    return (const uint8_t *)p >= h->base && (const uint8_t *)p < h->end;
}

void *fw_heap_alloc(struct fw_heap *h, size_t bytes, size_t align)
{
    struct fw_heap_block **link, *b;
    uintptr_t need;

    if (bytes == 0 || (align & (align - 1)) || bytes > h->st.size)
        goto fail;
    if (align < UNIT)
        align = UNIT;
    need = align_up(bytes, UNIT) + UNIT;

    for (link = &h->free_list; (b = *link) != NULL; link = &b->u.next) {
        uintptr_t start = (uintptr_t)b, end = start + b->size;
        uintptr_t blk = align_up(start + UNIT, align) - UNIT;
        uintptr_t rest;
        struct fw_heap_block *a;

        if (blk + need > end || blk + need < blk)
            continue;
        rest = end - (blk + need);
        if (rest < 2 * UNIT) { /* too small to stand alone */
            need += rest;
            rest = 0;
        }
        if (blk != start) {        /* leading alignment fragment */
            b->size = blk - start; /* stays in the list */
            link = &b->u.next;
        } else {
            *link = b->u.next; /* whole block taken */
        }
        if (rest) {
            struct fw_heap_block *r = (struct fw_heap_block *)(blk + need);
            r->size = rest;
            r->u.next = *link;
            *link = r;
        }
        a = (struct fw_heap_block *)blk;
        a->size = need | USED;
        a->u.check = h->tag ^ blk;
        h->st.used += need;
        if (h->st.used > h->st.peak)
            h->st.peak = h->st.used;
        h->st.allocs++;
        return (void *)(blk + UNIT);
    }
fail:
    h->st.failures++;
    return NULL;
}

int fw_heap_free(struct fw_heap *h, void *p)
{
    uintptr_t blk = (uintptr_t)p - UNIT;
    struct fw_heap_block *a = (struct fw_heap_block *)blk, **link, *prev;

    if (!p || (uintptr_t)p < (uintptr_t)h->base + UNIT ||
        (uintptr_t)p >= (uintptr_t)h->end || ((uintptr_t)p & (UNIT - 1)) ||
        !(a->size & USED) || a->u.check != (h->tag ^ blk))
        return -1;
    a->size &= ~USED;
    h->st.used -= a->size;
    h->st.frees++;

    prev = NULL;
    for (link = &h->free_list; *link && (uintptr_t)*link < blk;
         link = &(*link)->u.next)
        prev = *link;
    a->u.next = *link;
    *link = a;
    if (a->u.next && blk + a->size == (uintptr_t)a->u.next) {
        a->size += a->u.next->size;
        a->u.next = a->u.next->u.next;
    }
    if (prev && (uintptr_t)prev + prev->size == blk) {
        prev->size += a->size;
        prev->u.next = a->u.next;
    }
    return 0;
}

const struct fw_heap_stats *fw_heap_stats(struct fw_heap *h)
{
    struct fw_heap_block *b;

    h->st.largest_free = 0;
    h->st.free_blocks = 0;
    for (b = h->free_list; b; b = b->u.next) {
        h->st.free_blocks++;
        if (b->size - UNIT > h->st.largest_free)
            h->st.largest_free = b->size - UNIT;
    }
    return &h->st;
}

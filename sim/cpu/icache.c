/* SPDX-License-Identifier: BSD-3-Clause */
/* The pre-decoded instruction cache: the pages of decoded entries the
 * interpreter dispatches from (icache.h).  Filling an entry is the
 * interpreter's (exec.c, through mem_fetch_decode); dropping entries when
 * their bytes are written is mem.c's. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "icache.h"
#include "populate.h"

const void *const *icache_handlers;

void icache_set_handlers(const void *const *handlers)
{
    icache_handlers = handlers;
}

int icache_init(xt_cpu *cpu)
{
    cpu->dcache = calloc(XT_NUM_PAGES, sizeof(xt_dinsn *));
    return cpu->dcache ? 0 : -1;
}

/* Decoded pages (128 KiB each) come from 2 MiB arenas the kernel may
 * back with one huge page: one fault for fifteen pages instead of 32 for
 * each (a fault cost ~10 us on the development machine's VM; a run's
 * ten to twenty pages took 2 ms, populated 4 KiB at a time). */
#define ARENA_BYTES ((size_t)2 << 20)
#define PAGE_BYTES  (XT_PAGE_ENTRIES * sizeof(xt_dinsn))

static uint8_t *arena_new(void)
{
    /* twice the size, to cut out a 2 MiB-aligned arena */
    uint8_t *m = mmap(NULL, 2 * ARENA_BYTES, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    uintptr_t a = ((uintptr_t)m + ARENA_BYTES - 1) &
                  ~(uintptr_t)(ARENA_BYTES - 1);
    uint8_t *p = (uint8_t *)a;
    if (p > m)
        munmap(m, (size_t)(p - m));
    munmap(p + ARENA_BYTES, (size_t)(m + 2 * ARENA_BYTES - (p + ARENA_BYTES)));
    madvise(p, ARENA_BYTES, MADV_HUGEPAGE); /* a hint: fine if refused */
    return p;
}

static xt_dinsn *page_alloc(xt_cpu *cpu)
{
    if (cpu->ic_arena_left < PAGE_BYTES) {
        uint8_t **n = realloc(cpu->ic_arenas,
                              (cpu->n_ic_arenas + 1) * sizeof *n);
        if (!n)
            return NULL;
        cpu->ic_arenas = n;
        uint8_t *a = arena_new();
        if (!a)
            return NULL;
        n[cpu->n_ic_arenas++] = a;
        cpu->ic_arena_left = ARENA_BYTES;
    }
    uint8_t *p = cpu->ic_arenas[cpu->n_ic_arenas - 1] + ARENA_BYTES -
                 cpu->ic_arena_left;
    cpu->ic_arena_left -= PAGE_BYTES;
    /* page_init writes it whole: populated in one call where the kernel
     * can (else it faults in as written) */
    populate_pages(p, PAGE_BYTES, true);
    return (xt_dinsn *)(void *)p;
}

void icache_free(xt_cpu *cpu)
{
    for (unsigned i = 0; i < cpu->n_ic_arenas; i++)
        munmap(cpu->ic_arenas[i], ARENA_BYTES);
    free(cpu->ic_arenas);
    free(cpu->code_pages);
    free(cpu->dcache);
}

/* Set every entry of a new page to "not decoded". */
static void page_init(xt_dinsn *page)
{
    memset(page, 0, XT_PAGE_ENTRIES * sizeof(xt_dinsn));
    for (unsigned i = 0; i < XT_PAGE_SIZE; i++)
        page[i].handler = icache_handlers[ICACHE_DECODE];
    for (unsigned i = XT_PAGE_SIZE; i < XT_PAGE_ENTRIES; i++)
        page[i].handler = icache_handlers[ICACHE_PAGE_END];
}

xt_dinsn *icache_page_new(xt_cpu *cpu, uint32_t pn)
{
    if (cpu->n_code_pages == cpu->cap_code_pages) {
        unsigned cap = cpu->cap_code_pages ? 2 * cpu->cap_code_pages : 64;
        uint32_t *n = realloc(cpu->code_pages, cap * sizeof *n);
        if (!n)
            return NULL;
        cpu->code_pages = n;
        cpu->cap_code_pages = cap;
    }
    xt_dinsn *d = page_alloc(cpu);
    if (!d)
        return NULL;
    cpu->code_pages[cpu->n_code_pages++] = pn;
    page_init(d);
    cpu->dcache[pn] = d;
    return d;
}

void icache_flush(xt_cpu *cpu)
{
    for (unsigned i = 0; i < cpu->n_code_pages; i++) {
        xt_dinsn *page = cpu->dcache[cpu->code_pages[i]];
        for (unsigned k = 0; k < XT_PAGE_SIZE; k++)
            page[k].handler = icache_handlers[ICACHE_DECODE];
    }
}

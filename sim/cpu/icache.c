/* SPDX-License-Identifier: BSD-3-Clause */
/* The pre-decoded instruction cache: the pages of decoded entries the
 * interpreter dispatches from (icache.h).  Filling an entry is the
 * interpreter's (exec.c, through mem_fetch_decode); dropping entries when
 * their bytes are written is mem.c's. */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "icache.h"

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

void icache_free(xt_cpu *cpu)
{
    for (unsigned i = 0; cpu->dcache && i < cpu->n_code_pages; i++)
        munmap(cpu->dcache[cpu->code_pages[i]],
               XT_PAGE_ENTRIES * sizeof(xt_dinsn));
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
    /* 128 KiB that page_init writes whole at once: mapped populated, in
     * one call, rather than faulted in 4 KiB at a time as the writes
     * reach them (each fault cost ~10 us on the development machine's
     * VM; a run's ten to twenty pages took 2 ms) */
    xt_dinsn *d = mmap(NULL, XT_PAGE_ENTRIES * sizeof(xt_dinsn),
                       PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    if (d == MAP_FAILED)
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

/* SPDX-License-Identifier: BSD-3-Clause */
/* icache.c: the pre-decoded instruction cache.
 *
 * Each guest page that is executed gets an array of XT_PAGE_ENTRIES
 * xt_dinsn entries (core_state.h), one per byte address plus sentinels
 * past its end, listed in cpu->dcache.  An entry's handler is one of the
 * interpreter's label addresses (exec.c publishes them at start-up with
 * icache_set_handlers): the decode stub until the instruction at that
 * address is decoded, then the opcode's handler, or the translated-entry
 * handler where a unit of translated code begins (xlate.c). */
#ifndef DSPSIM_CPU_ICACHE_H
#define DSPSIM_CPU_ICACHE_H

#include "core_state.h"

/* Indices of icache_handlers: 0..XT_OP_COUNT-1 are the opcodes' handlers. */
enum {
    ICACHE_DECODE = XT_OP_COUNT, /* not decoded yet */
    ICACHE_PAGE_END,             /* the sentinels past a page's end */
    ICACHE_XLATE,                /* a block of translated code starts here */
    ICACHE_NHANDLERS
};

/* The interpreter's handler addresses, ICACHE_NHANDLERS of them (set
 * once by exec_init before any page exists). */
extern const void *const *icache_handlers;
void icache_set_handlers(const void *const *handlers);

/* The page directory (cpu->dcache), empty; 0, or -1 out of memory. */
int icache_init(xt_cpu *cpu);
/* Free every decoded page and the directory. */
void icache_free(xt_cpu *cpu);
/* A new page of undecoded entries for page number pn (which has none
 * yet), recorded in cpu->dcache; NULL out of memory. */
xt_dinsn *icache_page_new(xt_cpu *cpu, uint32_t pn);
/* Forget every decoded entry of every page (timing or ITLB change). */
void icache_flush(xt_cpu *cpu);

/* Forget one decoded entry (its bytes were written).  Only the handler is
 * reset: an instruction that overwrites itself still finds its own length
 * and cost in the record (exec_loop's NEXT). */
static inline void icache_entry_reset(xt_dinsn *e)
{
    e->handler = icache_handlers[ICACHE_DECODE];
}

/* Give a decoded entry the translated-entry handler / take it back. */
static inline void icache_entry_mark(xt_dinsn *e)
{
    if (e->handler == icache_handlers[e->in.op])
        e->handler = icache_handlers[ICACHE_XLATE];
}

static inline void icache_entry_unmark(xt_dinsn *e)
{
    if (e->handler == icache_handlers[ICACHE_XLATE])
        e->handler = icache_handlers[e->in.op];
}

static inline int icache_entry_marked(const xt_dinsn *e)
{
    return e->handler == icache_handlers[ICACHE_XLATE];
}

/* Does the entry hold a decoded instruction? */
static inline int icache_entry_decoded(const xt_dinsn *e)
{
    return e->handler != icache_handlers[ICACHE_DECODE] &&
           e->handler != icache_handlers[ICACHE_PAGE_END];
}

#endif

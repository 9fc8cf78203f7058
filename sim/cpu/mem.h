/* SPDX-License-Identifier: BSD-3-Clause */
/* mem.c: guest memory, its slow access path, and instruction fetch. */
#ifndef DSPSIM_CPU_MEM_H
#define DSPSIM_CPU_MEM_H

#include "core_state.h"

/* The page table (cpu->pages); NULL there when out of memory. */
void mem_init(xt_cpu *cpu);
/* Free the page table and the regions' memories. */
void mem_free(xt_cpu *cpu);
/* Recompute the fast-path pointers of every page (after a map, region
 * attribute, hook or data-breakpoint change). */
void mem_refresh_all(xt_cpu *cpu);
/* Slow-path data access: data breakpoints, alignment, region protection,
 * MMIO, hooks, code invalidation.  Returns 0 on success, else raises the
 * guest exception (cpu->pc must be the faulting instruction) and returns
 * -1.  Wait-state cycles are added to cpu->cycles. */
int mem_load_slow(xt_cpu *cpu, uint32_t addr, unsigned size, uint32_t *val);
int mem_store_slow(xt_cpu *cpu, uint32_t addr, unsigned size, uint32_t val);
/* The decoded page for instruction fetches at page number 'pn', allocated
 * on first use; NULL if the page cannot be fetched from (exception raised
 * by the caller). */
xt_dinsn *mem_code_page(xt_cpu *cpu, uint32_t pn);
/* Decode the instruction at 'pc' into 'in'.  Returns 0, or the EXCCAUSE
 * of a fetch fault with *fault_addr set. */
int mem_fetch_decode(xt_cpu *cpu, uint32_t pc, xt_insn *in,
                     uint32_t *fault_addr);
/* Forget all decoded and translated instructions (timing or ITLB
 * change). */
void mem_flush_code(xt_cpu *cpu);
const xt_region *mem_region_at(const xt_cpu *cpu, uint32_t addr);
/* Dirty-page tracking (xt_mem_dirty_track): page pn, or every page of
 * RAM and ROM, was written. */
void mem_mark_dirty(xt_cpu *cpu, uint32_t pn);
void mem_mark_all_dirty(xt_cpu *cpu);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* The translator's front end: one guest page's decoded instructions laid
 * out as blocks, once, for every emitter (the C generator, xlate_gen.c;
 * the x86-64 emitter, xlate_x64.c).
 *
 * A block starts at a head (a branch target, the instruction after a
 * branch or after one the translators leave to the interpreter, or a
 * decoded entry no other decoded instruction falls into) and runs
 * straight to a branch, to the next head, or to an instruction left to
 * the interpreter.  What is static is worked out here: which instructions
 * a block holds, each one's cycle cost and interlock with the next (the
 * emitters sum them into offsets from the block's start), and each
 * block's horizon margin (the static cycle offset of its last
 * instruction: a block runs only if cyc + margin < the event horizon). */
#ifndef DSPSIM_XLATE_PLAN_H
#define DSPSIM_XLATE_PLAN_H

#include <stdint.h>

#include "core_state.h"

#define XL_PAGE XT_PAGE_SIZE

typedef struct xl_plan {
    xt_cpu *cpu;
    uint32_t pn, base;     /* page number, its first address */
    xt_dinsn *dp;          /* its decoded entries */
    uint8_t dec[XL_PAGE];  /* an instruction is decoded at this offset */
    uint8_t head[XL_PAGE]; /* a block starts here */
    uint8_t soft[XL_PAGE]; /* a head reached only from below (regions) */
    uint32_t pre[XL_PAGE]; /* at a head: the block's horizon margin */
    uint16_t *hl;          /* the heads in address order (malloc'ed) */
    unsigned nh;
    uint16_t used; /* the registers its instructions name */
} xl_plan;

/* Horizon checks left out on the edges to a head no branch or jump of
 * the page goes back to (unchecked[head] = 1): such a head is reached on
 * the page only from blocks above it, by a branch, a jump or falling
 * into it, and each of those checks, before it runs, a margin (pre2, in
 * cycles) that covers the heads it reaches so as well as its own block;
 * the unit's entries check pre2 too.  A margin stays at most cap cycles
 * (past it the head keeps its check).  Computed from the page's end up;
 * pre2 and unchecked have XL_PAGE entries (at heads). */
void xlate_plan_forward_margins(const xl_plan *p, unsigned cap, uint32_t *pre2,
                                uint8_t *unchecked);

/* Control transfers: 0 none, 1 conditional branch, 2 direct jump or
 * call, 3 indirect. */
int xlate_plan_transfer_kind(unsigned op);
/* Instructions a translation holds (the rest end a block). */
int xlate_plan_translatable(const xt_insn *in);
/* A store (S8I, S16I, S32I, S32I.N). */
int xlate_plan_is_store(unsigned op);
/* The bytes a load or store (not L32R) moves: 1, 2 or 4; 0 otherwise. */
unsigned xlate_plan_access_size(unsigned op);
/* An L32R whose literal's page has wait states now (instruction memory
 * may): its unit tests the page's pointer first, not its offset. */
int xlate_plan_lit_waits(const xl_plan *p, const xt_insn *in);
/* A load or multiply: its result is a cycle late (an interlock). */
int xlate_plan_is_late(const xt_insn *in);
/* An instruction a block can hold at offset o. */
int xlate_plan_holdable(const xl_plan *p, unsigned o);
/* Stall cycles between the instruction at o and the next (0 or the
 * load-use / multiply-use cost when the next reads its result). */
unsigned xlate_plan_interlock(const xl_plan *p, unsigned o);

/* If-conversion (both emitters): a conditional branch forward on the
 * page over at most XL_IFC_MAX instructions that fall into its target,
 * each a straight ALU op on the guest's registers (no memory, SAR,
 * special register, nor a late result; xlate_plan_predicable), a block of
 * its own with no head inside.  The emitters run such a branch and the
 * instructions it skips without a branch on the host: the guest's data
 * decides these branches (a carry, a digit of a division), and the host
 * would mispredict half of them.  Returns how many it skips, else 0. */
#define XL_IFC_MAX 2
int xlate_plan_predicable(const xt_insn *in);
unsigned xlate_plan_if_convertible(const xl_plan *p, unsigned off);

/* Regions and their guarded copies (both emitters).  A region is a hard
 * head's block and the blocks of the soft heads after it, up to the next
 * hard head: inside it every path runs forward, so a register no
 * instruction above an access writes still holds its value from the
 * region's start there.  For the loads and stores through such base
 * registers (and the L32Rs), one test per base register at the region's
 * start (the whole offset range inside one page that the page table maps
 * directly, without wait states, aligned) lets a copy of the region
 * access host memory with no per-access page lookup, alignment test or
 * wait-state check.  The other accesses check their page in place
 * (XL_DYN_CHECK).  Nothing in the copy calls a helper, so the page table
 * cannot change while it runs: where the copy cannot go on without one
 * (XL_DYN_LEAVE), it continues in the generic block at the same
 * instruction, with the same cycle and instruction totals, as both count
 * from the block's start.  A failed test runs the generic blocks. */
enum { XL_DYN_NONE, XL_DYN_CHECK, XL_DYN_LEAVE };

typedef struct xl_guard {
    int lo[16], hi[16]; /* offsets [lo, hi) accessed via a<n> (bytes) */
    unsigned amask[16]; /* alignment mask the accesses need */
    uint8_t rd[16], wr[16];
    int delta[16];        /* what the head block adds to a<n> (ADDI) */
    int carry;            /* a jump back to the region's head stays in the
                      copy when its bases stay in their pages */
    uint8_t rederive[16]; /* at that jump: a<n> is not its value at the
                             start plus delta; test it and point again */
    int lit;              /* L32R in the region: literals need LITBASE off */
    uint32_t lit_pages[8];
    unsigned nlit;
} xl_guard;

/* The end of the region at hard head h: the next hard head's offset (or
 * the page's end). */
unsigned xlate_plan_region_end(const xl_plan *p, unsigned h);
/* The regions a guarded copy is tried for at hard head h, in order, by
 * their ends: the region's (xlate_plan_region_end), then, where the head
 * block loops on itself (its branch or jump back to h) and the region
 * goes on after it, that loop alone, whose guard tests only the loop's
 * bases, not those of the code after it (which runs once a loop).
 * Returns how many (1 or 2). */
unsigned xlate_plan_copy_ends(const xl_plan *p, unsigned h, unsigned ends[2]);
/* Can the region [h, end) have a guarded copy?  Fills gp, disp[off]
 * (each covered access's offset from its base register's value at the
 * region's start) and dyn[off] (XL_DYN_* of every instruction the
 * region's blocks hold); 1 if a copy is worth it (a loop from two
 * covered accesses on, straight code from four). */
int xlate_plan_guard(const xl_plan *p, unsigned h, unsigned end, xl_guard *gp,
                     int32_t *disp, uint8_t *dyn);

/* A plan of page pn with its decoded entries only (dec, dp): NULL if the
 * page has none.  xlate_plan_page lays it out too (heads, soft heads,
 * margins, hl); NULL if no block. */
xl_plan *xlate_plan_entries(xt_cpu *cpu, uint32_t pn);
xl_plan *xlate_plan_page(xt_cpu *cpu, uint32_t pn);
void xlate_plan_free(xl_plan *p);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* The contract between the engine and translated code (docs/performance.md).
 *
 * Translated code is C that the translator writes and the host compiler
 * builds into a shared object.  Both sides see the declarations below: the
 * engine compiles them here, and the translator pastes the same text
 * (XT_XLATE_ABI_TEXT, made by stringifying the one definition) at the top
 * of every generated file, so they cannot drift apart.  Only fixed-width
 * types are used; xt_xpage mirrors xt_page, and hist is the CPU's ring of
 * control transfers (core_state.h: from | to << 32 in slot hist_n % 32),
 * which xlate.c checks at compile time.
 *
 * A unit function runs translated blocks of one guest page starting at
 * 'entry' and returns 0 if it declined to run anything (the first block
 * would reach the event horizon 'ev'), or 1: the env then holds the new
 * pc, cycles (CPU cycles), insns (retired instructions), sar, sar_left
 * and hist_n, and the guest registers are in ar[].  An access the
 * page table does not allow directly (MMIO, wait states, faults,
 * misalignment) goes through ld/st, and the special-register instructions
 * a unit holds through sr_op; before each call the unit stores pc (of
 * that instruction), cycles (before it), insns (counting it), sar,
 * sar_left and hist_n.  They return XT_XH_DONE (cycles, ev and
 * ccount_offset updated: the unit re-checks the horizon before the next
 * instruction), XT_XH_LEFT (nothing done: the unit ends before the
 * instruction and the interpreter executes it: hooks, stores into code),
 * XT_XH_TAKEN (an exception was taken: the env holds the new state and
 * the unit returns at once) or XT_XH_PENDING (ld only: done, but
 * translated code on the page changed, so the unit ends after the load
 * and leaves its interlock with the next instruction in hz_mask/hz_cost
 * for the interpreter to settle).
 * Direct units (xlate_x64.c) go on from one page's unit into another's
 * themselves, as the engine would call it next, while chain_left is not
 * 0 (each such jump takes one): xpg[pn] is page pn's record (NULL
 * where there is none), its entry the direct unit's entry for such a
 * jump (NULL: the page has no direct unit; the engine calls it).  The
 * unit jumped from adds its instructions since chain_ins0 and one call
 * to its own record, then sets chain_ins0 to insns and chain_pn to the
 * page jumped to: the engine credits the last unit.
 * A group (xlate_gen.h) runs the blocks of several pages and goes on
 * from one page's code into another's only while 'chain' is set (the
 * engine would call the next page's unit itself: no exit hook).
 * sr[n] points at special register n where reading it has no side effect
 * and its value cannot change while a unit runs (NULL elsewhere); CCOUNT
 * is (uint32_t)cycles + ccount_offset. */
#ifndef DSPSIM_XLATE_ABI_H
#define DSPSIM_XLATE_ABI_H

#include <stdint.h>

#define XT_XLATE_ABI_DECL(...) __VA_ARGS__
#define XT_XLATE_ABI_STR2(...) #__VA_ARGS__
#define XT_XLATE_ABI_STR(...)  XT_XLATE_ABI_STR2(__VA_ARGS__)

#define XT_XLATE_ABI(X)                                                        \
    X(                                                                         \
        typedef struct xt_xpage {                                              \
            uint8_t *rd;                                                       \
            uint8_t *wr;                                                       \
            uint8_t rd_wait;                                                   \
            uint8_t wr_wait;                                                   \
            uint8_t region;                                                    \
            uint64_t rd_off;                                                   \
            uint64_t wr_off;                                                   \
        } xt_xpage;                                                            \
        typedef struct xt_xchain {                                             \
            void *entry;                                                       \
            uint64_t insns;                                                    \
            uint64_t calls;                                                    \
        } xt_xchain;                                                           \
        typedef struct xt_xenv xt_xenv; struct xt_xenv {                       \
            uint32_t *ar;                                                      \
            const xt_xpage *pages;                                             \
            uint64_t *hist;                                                    \
            uint64_t cycles;                                                   \
            uint64_t insns;                                                    \
            uint64_t ev;                                                       \
            uint32_t pc;                                                       \
            uint32_t sar;                                                      \
            uint32_t litbase;                                                  \
            uint64_t hist_n;                                                   \
            uint8_t sar_left;                                                  \
            uint8_t single_block;                                              \
            uint8_t chain;                                                     \
            uint32_t ccount_offset;                                            \
            uint16_t hz_mask;                                                  \
            uint8_t hz_cost;                                                   \
            int (*ld)(xt_xenv * e, uint32_t addr, uint32_t size,               \
                      uint32_t * v);                                           \
            int (*st)(xt_xenv * e, uint32_t addr, uint32_t size, uint32_t v);  \
            int (*sr_op)(xt_xenv * e, uint32_t op, uint32_t sr, uint32_t * a); \
            void *cpu;                                                         \
            uint32_t *ps;                                                      \
            const uint32_t *sr[256];                                           \
            xt_xchain *const *xpg;                                             \
            uint32_t chain_left;                                               \
            uint32_t chain_pn;                                                 \
            uint64_t chain_ins0;                                               \
        };                                                                     \
        typedef int (*xt_xunit_fn)(xt_xenv * e, uint32_t entry);)

XT_XLATE_ABI(XT_XLATE_ABI_DECL)

/* The same declarations as text, for the generated files. */
#define XT_XLATE_ABI_TEXT XT_XLATE_ABI_STR(XT_XLATE_ABI(XT_XLATE_ABI_DECL))

#define XT_XHIST 32 /* = XT_HISTORY */

#define XT_XGROUP_MAX 16 /* the most pages a group holds */

/* Results of the env's ld, st and sr_op helpers (see above). */
#define XT_XH_DONE    0
#define XT_XH_LEFT    1
#define XT_XH_TAKEN   2
#define XT_XH_PENDING 3

#endif

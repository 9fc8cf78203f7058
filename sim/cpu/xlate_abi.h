/* The contract between the engine and translated code (docs/performance.md).
 *
 * Translated code is C that the translator writes and the host compiler
 * builds into a shared object.  Both sides see the declarations below: the
 * engine compiles them here, and the translator pastes the same text
 * (XT_XLATE_ABI_TEXT, made by stringifying the one definition) at the top
 * of every generated file, so they cannot drift apart.  Only fixed-width
 * types are used; xt_xpage and xt_xhist mirror xt_page and xt_transfer
 * (cpu_internal.h), which xlate.c checks at compile time.
 *
 * A unit function runs translated blocks of one guest page starting at
 * 'entry' and returns 0 if it declined to run anything (the first block
 * would reach the event horizon 'ev'), or 1: the env then holds the new
 * pc, cycles (CPU cycles), insns (retired instructions), sar, sar_left
 * and hist_n, and the guest registers are in ar[].  Translated code never
 * takes a slow path: an access the page table does not allow directly
 * (MMIO, faults, hooks, breakpoints, stores into code, misalignment) ends
 * the unit before that instruction, for the interpreter to execute.
 * sr[n] points at special register n where reading it has no side effect
 * and its value cannot change while a unit runs (NULL elsewhere); CCOUNT
 * is (uint32_t)cycles + ccount_offset. */
#ifndef DSPSIM_XLATE_ABI_H
#define DSPSIM_XLATE_ABI_H

#include <stdint.h>

#define XT_XLATE_ABI_DECL(...) __VA_ARGS__
#define XT_XLATE_ABI_STR2(...) #__VA_ARGS__
#define XT_XLATE_ABI_STR(...) XT_XLATE_ABI_STR2(__VA_ARGS__)

#define XT_XLATE_ABI(X) X(                                                   \
typedef struct xt_xpage {                                                    \
    uint8_t *rd;                                                             \
    uint8_t *wr;                                                             \
    uint8_t rd_wait;                                                         \
    uint8_t wr_wait;                                                         \
    uint8_t region;                                                          \
} xt_xpage;                                                                  \
typedef struct xt_xhist {                                                    \
    uint32_t from;                                                           \
    uint32_t to;                                                             \
    uint8_t from_exclusive;                                                  \
} xt_xhist;                                                                  \
typedef struct xt_xenv {                                                     \
    uint32_t *ar;                                                            \
    const xt_xpage *pages;                                                   \
    xt_xhist *hist;                                                          \
    uint64_t cycles;                                                         \
    uint64_t insns;                                                          \
    uint64_t ev;                                                             \
    uint32_t pc;                                                             \
    uint32_t sar;                                                            \
    uint32_t litbase;                                                        \
    uint32_t hist_n;                                                         \
    uint8_t sar_left;                                                        \
    uint8_t single_block;                                                    \
    uint32_t ccount_offset;                                                  \
    const uint32_t *sr[256];                                                 \
} xt_xenv;                                                                   \
typedef int (*xt_xunit_fn)(xt_xenv *e, uint32_t entry);                      \
)

XT_XLATE_ABI(XT_XLATE_ABI_DECL)

/* The same declarations as text, for the generated files. */
#define XT_XLATE_ABI_TEXT XT_XLATE_ABI_STR(XT_XLATE_ABI(XT_XLATE_ABI_DECL))

#define XT_XHIST 32 /* = XT_HISTORY */

#endif

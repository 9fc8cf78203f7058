/* SPDX-License-Identifier: BSD-3-Clause */
/* The LX106 engine's state (struct xt_cpu), shared by all its source
 * files, with the configuration constants and a few inline readers of the
 * state that every layer uses.  No file owns it: it sits below them all
 * (README.md lists the layers). */
#ifndef DSPSIM_CORE_STATE_H
#define DSPSIM_CORE_STATE_H

#include <stdint.h>
#include <string.h>

#include "dspsim/xtcpu.h"
#include "isa.h"

#define XT_PAGE_SHIFT  12
#define XT_NUM_PAGES   (1u << (32 - XT_PAGE_SHIFT))
#define XT_MAX_REGIONS 64
#define XT_MAX_HOOKS   64
#define XT_HISTORY     32 /* control transfers kept for xt_recent_pcs */

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* Configuration constants of LX106 (core-isa.h). */
#define XT_VECBASE_RESET     0x40000000u
#define XT_RESET_PC          0x50000000u
#define XT_VEC_LEVEL2        0x10u /* = debug vector (DEBUGLEVEL 2) */
#define XT_VEC_NMI           0x20u
#define XT_VEC_KERNEL        0x30u
#define XT_VEC_USER          0x50u
#define XT_VEC_DOUBLE        0x70u
#define XT_DEBUGLEVEL        2
#define XT_NMILEVEL          3
#define XT_INT_LEVEL_MASK    0x003Fu /* lines 0-5: level-triggered */
#define XT_INT_TIMER0        6
#define XT_INT_SOFTWARE_MASK 0x0080u
#define XT_INT_EDGE_MASK     0x3F00u /* lines 8-13: edge-triggered */
#define XT_INT_NMI           14
#define XT_INT_LEVEL1_MASK   0x3FFFu
#define XT_INT_NMI_MASK      0x4000u
#define XT_CONFIGID0         0xC28CDAFAu
#define XT_CONFIGID1         0x1082B6F6u

/* PS fields */
#define PS_INTLEVEL   0x0000000Fu
#define PS_EXCM       0x00000010u
#define PS_UM         0x00000020u
#define PS_WRITE_MASK 0x00070F3Fu
#define PS_RESET      0x1Fu

/* DEBUGCAUSE bits */
#define DBG_IC 0x01u
#define DBG_IB 0x02u
#define DBG_DB 0x04u
#define DBG_BI 0x08u
#define DBG_BN 0x10u

typedef struct xt_region {
    xt_region_desc d;
    char name[48];
    uint8_t *host;    /* RAM/ROM backing store */
    uint8_t borrowed; /* host is another CPU's (xt_region_desc.share) */
    uint8_t lazy;     /* its pages' entries filled when first reached (mem.c) */
} xt_region;

/* One guest page.  rd/wr are host pointers to the page for the fast path,
 * NULL where every access must take the slow path (MMIO, unmapped,
 * region protection, hooks, data breakpoints, and for wr: decoded code).
 * rd_off/wr_off are the same pointers less the page's guest address (the
 * host byte of guest address a is a + rd_off), for the direct back end's
 * shortest test, and 0 also where the page has wait states. */
typedef struct xt_page {
    uint8_t *rd;
    uint8_t *wr;
    uint8_t rd_wait;
    uint8_t wr_wait;
    uint8_t region; /* index + 1 into regions, 0 = unmapped */
    uint64_t rd_off;
    uint64_t wr_off;
} xt_page;

/* A decoded-instruction cache entry (icache.h): the interpreter's handler
 * (a label address; the decode stub until the instruction is decoded) and
 * the decoded record.  Each code page holds XT_PAGE_SIZE entries, one per byte
 * address, plus sentinels that catch execution falling off its end. */
typedef struct xt_dinsn {
    const void *handler;
    xt_insn in;
} xt_dinsn;
#define XT_PAGE_ENTRIES (XT_PAGE_SIZE + 4)

typedef struct xt_hook_rec {
    xt_hook id; /* 0 = free slot */
    xt_hook_type type;
    void *cb;
    void *user;
    uint32_t begin, end;
} xt_hook_rec;

/* One control transfer of the history (core_hist_get unpacks it). */
typedef struct xt_transfer {
    uint32_t from;          /* last instruction of the segment that ended */
    uint32_t to;            /* first instruction executed after it */
    uint8_t from_exclusive; /* 'from' was not executed (interrupt) */
} xt_transfer;

struct xt_cpu {
    /* architectural state */
    uint32_t ar[16];
    uint32_t pc;
    uint32_t sar, litbase, ps, vecbase;
    uint32_t epc[4], eps[4], excsave[4]; /* index = level (1..3) */
    uint32_t depc, exccause, excvaddr;
    uint32_t interrupt, intenable, ccompare0;
    uint32_t icount, icountlevel, debugcause;
    uint32_t ibreakenable, ibreaka0, dbreaka0, dbreakc0, ddr, prid;
    uint32_t ccount_offset; /* CCOUNT = (uint32_t)cycles + ccount_offset */
    uint8_t itlb_attr[8], dtlb_attr[8];
    uint32_t irq_lines; /* current level of external lines */

    /* time */
    uint64_t cycles;
    uint64_t insns;
    uint64_t timer_at; /* absolute cycle of the next CCOMPARE0 match */

    /* run control */
    uint64_t ev_cycles; /* the fast loop calls the slow check at this cycle */
    uint64_t ev_unit;   /* the same without the translator's sampling
                            point: translated code runs past it */
    uint64_t cyc_end, ins_end;
    uint32_t until;
    uint8_t use_until, running, stop_req, exit_req, waiting, slow;
    uint8_t wait_stop;      /* xt_run_opts.stop_at_wait of the current run */
    uint8_t icount_pending; /* previous instruction completes an ICOUNT step */
    uint16_t hz_mask;       /* registers still in flight (load/multiply) ... */
    uint8_t hz_cost;        /* ... and the stall a reader of them pays */
    uint8_t sar_left;       /* SAR last set by ssl/ssa8b in the current straight
                          run of code: srl/sra then shift by SAR mod 32, as
                          the reference does (docs/cpu.md) */
    int exit_status;
    xt_fatal_info fatal;

    /* memory */
    xt_page *pages;       /* XT_NUM_PAGES entries */
    uint32_t *lazy_pages; /* the pages of lazy regions filled so far */
    size_t n_lazy_pages, cap_lazy_pages;
    xt_dinsn **dcache;    /* XT_NUM_PAGES decoded-page pointers */
    uint32_t *code_pages; /* the page numbers with a decoded page */
    unsigned n_code_pages, cap_code_pages;
    /* decoded pages are carved from arenas (icache.c) */
    uint8_t **ic_arenas;
    unsigned n_ic_arenas;
    size_t ic_arena_left; /* bytes left in the last arena */
    xt_region regions[XT_MAX_REGIONS];
    unsigned nregions;
    unsigned n_mem_hooks;
    /* dirty-page tracking (xt_mem_dirty_track): while on, a clean page of
     * RAM has no fast-path write pointer, so its first store comes through
     * mem_store_slow, which marks it */
    uint8_t *dirty;       /* XT_NUM_PAGES flags, NULL = tracking off */
    uint32_t *dirty_list; /* the pages marked since the last take */
    size_t n_dirty, cap_dirty;
    uint32_t *dirty_taken; /* what the last take returned */
    size_t cap_taken;
    /* the store watch (xt_watch_stores): pages [watch_lo, watch_hi) have
     * no fast-path write pointer; the first guest store there clears the
     * watch and calls watch_fn before it stores */
    uint32_t watch_lo, watch_hi;
    void (*watch_fn)(struct xt_cpu *cpu, uint32_t addr, void *user);
    void *watch_user;
    /* the CPUs sharing memory with this one (xt_region_desc.share): a
     * ring through mem_peer, this CPU alone when NULL */
    struct xt_cpu *mem_peer;

    /* hooks */
    xt_hook_rec hooks[XT_MAX_HOOKS];
    xt_hook next_hook_id;
    unsigned n_code_hooks;
    unsigned n_flow_hooks; /* XT_HOOK_RETURN and XT_HOOK_IDLE */
    uint64_t wait_since;   /* cycle the current WAITI wait began */

    /* the history of control transfers: the n-th (from 0) is in slot
     * n % XT_HISTORY as from | to << 32, and hist_excl of its slot is
     * n + 1 when its 'from' was not executed (an interrupt), so that an
     * ordinary transfer is one 64-bit store (translated code makes one
     * at every taken branch) */
    uint64_t hist[XT_HISTORY];
    uint64_t hist_excl[XT_HISTORY];
    uint64_t hist_n;

    xt_timing timing;

    /* execution engine (xlate.c; the translator's state: xlate_state.h) */
    uint8_t engine;        /* xt_engine */
    struct xl_state_s *xl; /* translator state, NULL until first used */
    uint64_t xl_sample_at; /* fast engine: next PC sample (cycles) */
    uint64_t xl_poll_at;   /* translated code returns here at the latest,
                              for the tier manager to look at its jobs */
};

/* ---- little-endian guest memory helpers ---- */
static inline uint32_t ld32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
static inline uint16_t ld16(const uint8_t *p)
{
    uint16_t v;
    memcpy(&v, p, 2);
    return v;
}
static inline void st32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, 4);
}
static inline void st16(uint8_t *p, uint16_t v)
{
    memcpy(p, &v, 2);
}

/* ---- readers of the state ---- */
/* The current interrupt level: PS.INTLEVEL, at least 1 while PS.EXCM. */
static inline unsigned core_cintlevel(const xt_cpu *cpu)
{
    unsigned l = cpu->ps & PS_INTLEVEL;
    if ((cpu->ps & PS_EXCM) && l < 1)
        l = 1;
    return l;
}

/* CCOUNT as the guest reads it. */
static inline uint32_t core_ccount(const xt_cpu *cpu)
{
    return (uint32_t)cpu->cycles + cpu->ccount_offset;
}

/* Record a control transfer in the history (xt_recent_pcs). */
/* Put the n-th transfer in its slot (core_hist_record; a loaded state). */
static inline void core_hist_put(xt_cpu *cpu, uint64_t n, uint32_t from,
                                 uint32_t to, int exclusive)
{
    cpu->hist[n % XT_HISTORY] = from | (uint64_t)to << 32;
    if (exclusive)
        cpu->hist_excl[n % XT_HISTORY] = n + 1;
}

static inline void core_hist_record(xt_cpu *cpu, uint32_t from, uint32_t to,
                                    int exclusive)
{
    core_hist_put(cpu, cpu->hist_n++, from, to, exclusive);
}

/* The n-th transfer: n < hist_n and n + XT_HISTORY >= hist_n. */
static inline xt_transfer core_hist_get(const xt_cpu *cpu, uint64_t n)
{
    uint64_t v = cpu->hist[n % XT_HISTORY];
    return (xt_transfer){ .from = (uint32_t)v,
                          .to = (uint32_t)(v >> 32),
                          .from_exclusive = cpu->hist_excl[n % XT_HISTORY] ==
                                            n + 1 };
}

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* The translated engine's state (cpu->xl), shared by xlate.c (the
 * runtime) and xlate_inval.c (dropping units), and its debug trace.
 *
 * The interpreter (exec.c) stays the reference.  In the fast engine it
 * samples the PC about every 'sample_cycles' cycles; a page sampled
 * 'hot_samples' times is translated: its decoded instructions become
 * blocks in a C unit (xlate_gen.c) that a back end builds into a shared
 * object (xlate_backend.h: libtcc in milliseconds first, the host
 * compiler for the pages that run longest), cached under a key of the
 * generator's inputs, of the generator itself and of the back end.  Once loaded, the entries of the
 * page where blocks begin get the interpreter's XLATE handler (icache.h),
 * which calls the unit (docs/performance.md). */
#ifndef DSPSIM_XLATE_STATE_H
#define DSPSIM_XLATE_STATE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core_state.h"
#include "xlate_abi.h"

enum xl_state {
    XL_NONE = 0,  /* sampled, not hot yet (or translated, see fn) */
    XL_QUEUED,    /* hot, waiting for a compile job */
    XL_COMPILING, /* part of the running job */
    XL_BANNED,    /* invalidated too often, or nothing to translate */
};

typedef struct xl_page {
    /* first: the record direct units see (xlate_abi.h); its entry is the
     * installed unit's entry for a direct unit's jump, or NULL; insns are
     * instructions run in the unit since installed, calls its entries */
    xt_xchain ch;
    uint32_t hits; /* samples in code the unit does not cover */
    uint8_t state;
    uint8_t invalidations;
    uint8_t builds;         /* units built for the page so far */
    uint32_t decodes;       /* instructions decoded on the page so far ... */
    uint32_t decodes_built; /* ... and when its last unit was generated */
    uint64_t last_decode;   /* cycle of its latest first execution */
    uint64_t retry_at;      /* another process builds its unit: look
                               again from this cycle on */
    uint32_t gen;           /* bumped by every invalidation */
    xt_xunit_fn fn;         /* the installed unit (or its group's), or NULL */
    xt_xunit_fn own;        /* in a group: the page's own unit */
    uint8_t tier;           /* the installed unit's tier (xlate_backend.h) */
    uint8_t pstate;         /* its promotion to XL_TIER_OPT: an xl_state */
    uint8_t marked;         /* promoted because an earlier run did */
    uint64_t key;           /* its unit's key (xlate_gen_unit_key) */
    uint64_t marked_key;    /* marked: the key whose hot mark it was */
    uint8_t group;          /* 1 + its group's slot in groups[], or 0 */
    uint16_t nheads;
    uint16_t *heads; /* offsets whose entries carry the XLATE handler */
    uint8_t *cover;  /* bitmap of the offsets the unit's blocks hold */
} xl_page;

struct xl_job;     /* xlate_backend.h */
struct xl_backend; /* xlate_backend.h */

/* A group installed: one function runs the units of its pages (each
 * page's fn; its own unit stays in own).  Dropping any page's unit
 * dissolves the group: the others get their own units back. */
typedef struct xl_group {
    uint32_t pn[XT_XGROUP_MAX];
    unsigned n; /* 0: a free slot */
} xl_group;
#define XL_GROUPS 8

struct xl_state_s {
    xt_xenv env;
    xl_page **pg;           /* XT_NUM_PAGES entries, allocated on sampling */
    unsigned sample_cycles; /* mean interval between PC samples */
    uint32_t sample_rng;    /* dithers the interval (see xlate_tier_sample) */
    unsigned hot_samples;
    uint64_t settle_cycles; /* no decodes for this long: code discovered */
    uint32_t *live;         /* pages with an xl_page */
    unsigned nlive, cap_live;
    int sync; /* compile in the foreground (tests) */
    unsigned opt_level;
    unsigned tiers;            /* XT_TIER_*_MASK */
    uint64_t promote_insns;    /* quick unit -> optimising tier after these */
    unsigned promote_after_ms; /* ... once the run has lasted this long */
    bool promote_after_env;    /* DSPSIM_XLATE_PROMOTE_AFTER_MS set: it wins */
    unsigned exit_wait_ms;     /* at close, a promotion job may finish for
                               this long before it is killed */
    uint64_t opened_ms;        /* when the engine started (xlate_tier_now_ms) */
    const struct xl_backend *be[2]; /* per tier, NULL: none here */
    int disabled;                   /* no back end works: stay interpreted */
    unsigned polls; /* xlate_tier_poll calls (rate of the OPT job's waitpid) */
    char cache_dir[400];
    char cc[128];
    char quick[8];       /* DSPSIM_XLATE_QUICK: the quick tier's back end */
    int selftest;        /* DSPSIM_XLATE_SELFTEST=1, 2 or 3 (the lockstep
                            selftests: xlate.c) */
    uint32_t queue[256]; /* hot pages waiting for a job */
    unsigned nqueue;
    uint32_t pqueue[64]; /* pages waiting for the optimising tier */
    unsigned npqueue;
    struct xl_job *job[2]; /* the running job of each slot (first
                              translations, promotions), or NULL */
    struct xl_handle {
        void *h;
        const struct xl_backend *be;
    } * handles; /* loaded objects */
    unsigned nhandles, cap_handles;
    xt_xlate_stats stats;
    xt_xlate_exit_cb exit_cb;
    void *exit_user;
    xl_group groups[XL_GROUPS];
    uint64_t inval_seq;    /* units dropped so far: a helper that sees it
                               move ends the running unit */
    uint64_t group_calls;  /* unit calls that make a run group its pages */
    unsigned group_builds; /* groups built during this run */
    uint64_t group_at;     /* pages_translated when the last was built */
    uint64_t poll_at;      /* unit_calls at which xlate_enter polls */
};

/* DSPSIM_XLATE_DEBUG=1: one line on stderr per translator event. */
static inline int xl_debug_on(void)
{
    static int on = -1;
    if (on < 0) {
        const char *v = getenv("DSPSIM_XLATE_DEBUG");
        on = v && *v == '1';
    }
    return on;
}
#define XL_DBG(...)                                                            \
    do {                                                                       \
        if (xl_debug_on())                                                     \
            fprintf(stderr, "xlate: " __VA_ARGS__);                            \
    } while (0)

#endif

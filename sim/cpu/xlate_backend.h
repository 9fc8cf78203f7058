/* SPDX-License-Identifier: BSD-3-Clause */
/* The translator's back ends: what turns a job of generated units into
 * code the engine can call (docs/performance.md, "Tiers").
 *
 * The front end (xlate_gen.c) describes each unit once, as C text with
 * its heads and cover; the tier manager (xlate.c) decides which pages go
 * to which tier and when; a back end compiles a job's units into objects
 * in the translation cache (xlate_cache.c), tells when the job is over,
 * cancels it (nothing of it left running, no half-written object), and
 * loads, looks up and frees what it built.  Two back ends exist:
 *
 *   tcc (tier 1, xlate_be_tcc.c): libtcc inside the process, on a thread
 *       of dspsim; milliseconds a unit, code about a third as fast as
 *       GCC's.  Absent where libtcc is not (the build says so).
 *   gcc (tier 2, xlate_be_gcc.c): the host compiler in a child process
 *       group that the engine reaps, and kills when it closes; seconds a
 *       unit, the fastest code.
 *   x64 (tier 1 on x86-64 hosts, xlate_be_x64.c): a direct back end, the
 *       page's plan (xlate_plan.h) emitted as machine code in
 *       microseconds, no compiler, no cache file; preferred to tcc,
 *       which stays the portable quick tier (DSPSIM_XLATE_QUICK).
 *
 * A back end for another host (a direct emitter for arm64, say) adds a
 * file with one more xl_backend and a line in xlate_backend_for()
 * (xlate_backend.c). */
#ifndef DSPSIM_XLATE_BACKEND_H
#define DSPSIM_XLATE_BACKEND_H

#include <sys/types.h>
#include <stddef.h>
#include <stdint.h>

#include "xlate_abi.h"

/* The tiers, fastest to build first. */
enum xl_tier {
    XL_TIER_QUICK = 0, /* ready in milliseconds, in the process */
    XL_TIER_OPT = 1,   /* optimising, replaces QUICK on the hottest pages */
    XL_NTIERS
};

/* A page as the generator saw it: its C text, and the heads to mark and
 * the coverage to keep once its object is loaded. */
typedef struct xl_unit_src {
    uint32_t pn;
    uint32_t gen;
    uint16_t nheads;
    uint16_t *heads;
    uint8_t *cover;
    char *text; /* the unit's C function (after the prelude) */
    size_t len;
    uint64_t key;      /* xlate_gen_unit_key: names its object */
    char so_path[512]; /* its object in the cache */
    void *obj;         /* a direct back end's object, built already */
    uint64_t emit_key; /* a direct back end's unit: its key (the page's
                          decoded instructions, the timing, the back
                          end, the selftest flag), under which processes
                          forked from one parent share it
                          (xlate_share.h) */
    int tier;          /* the tier whose object so_path is */
    int cached;        /* the object was there when the job began */
    int busy;          /* another process is building it */
    int built;         /* this job built it (set by the back end) */
    int group;         /* a group (xlate_gen_group) of these pages, pn
                          the first; key their unit keys' hash */
    unsigned nmembers;
    uint32_t mpn[XT_XGROUP_MAX];
    uint64_t mkey[XT_XGROUP_MAX];  /* their units' keys */
    uint64_t mhash[XT_XGROUP_MAX]; /* their pages' contents */
} xl_unit_src;

struct xl_backend;
struct xt_cpu;

typedef struct xl_job {
    const struct xl_backend *be;
    int tier;
    xl_unit_src *units;
    unsigned nunits;
    const char *cc;     /* gcc: the compiler */
    unsigned opt_level; /* gcc: its -O level */
    int sync;           /* in the foreground: start returns when done */
    int insist;         /* holds a page an earlier run promoted too */
    int debug;          /* DSPSIM_XLATE_DEBUG=1: say why a compile failed,
                           keep the C files */
    void *priv;         /* the back end's running state, NULL when idle */
    uint64_t ns;        /* host CPU nanoseconds the back end spent
                           compiling (its thread, or its processes) */
} xl_job;

typedef struct xl_backend {
    const char *name; /* "tcc", "gcc" */
    /* 1 if it can build here (its compiler is there) */
    int (*available)(const char *cc);
    /* the seed of the unit keys: the prelude and the compiler's identity
     * (objects of different back ends never share a name) */
    uint64_t (*seed)(const char *prelude, size_t plen, const char *cc,
                     unsigned opt_level);
    /* start building the units that have text and are not cached into
     * their so_path; returns 0, or -1 if nothing could be started (those
     * units then fail) */
    int (*start)(xl_job *job, const char *cache_dir, const char *prelude,
                 size_t plen);
    /* 1 when the job is over (wait: block until then) */
    int (*done)(xl_job *job, int wait);
    /* end the job now: returns when nothing of it runs any more; objects
     * it finished stay in the cache, the rest leave no file behind */
    void (*cancel)(xl_job *job);
    /* a direct back end's only way to build (start, done, cancel and
     * load are NULL then): page pn's unit made now, its heads, nheads
     * and cover into u; returns its object (for sym and unload), or NULL;
     * adds the CPU time it took to *ns; flags: XL_EMIT_* */
    void *(*emit)(struct xt_cpu *cpu, uint32_t pn, xl_unit_src *u,
                  unsigned flags, uint64_t *ns);
    /* an object of the cache, its symbols, and its release */
    void *(*load)(const char *path);
    void *(*sym)(void *handle, const char *name);
    void (*unload)(void *handle);
} xl_backend;

/* emit's flags: the selftest mode (DSPSIM_XLATE_SELFTEST) in the low
 * byte; a run that returns after every block (lockstep). */
#define XL_EMIT_SELFTEST     0xffu
#define XL_EMIT_SINGLE_BLOCK 0x100u

/* The back ends (xlate_be_*.c). */
extern const xl_backend xlate_be_gcc;
#ifdef DSPSIM_HAVE_TCC
extern const xl_backend xlate_be_tcc;
#endif
#if defined(__x86_64__)
extern const xl_backend xlate_be_x64;
#endif

/* The back end of a tier here, or NULL if it has none (xlate_backend.c:
 * the list of the back ends).  quick: the quick tier's by name ("x64",
 * "tcc"), or NULL for the first available. */
const xl_backend *xlate_backend_for(int tier, const char *cc,
                                    const char *quick);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* The translated engine's internals: hot-page sampling, the C generator,
 * the compile-and-cache step and the installed units (docs/performance.md).
 *
 * The interpreter (exec.c) stays the reference.  In the fast engine it
 * samples the PC about every 'sample_cycles' cycles; a page sampled 'hot_samples'
 * times is translated: its decoded instructions become blocks in a C unit
 * that the host compiler builds into a shared object, cached under a key of
 * the generator's inputs and of the generator itself.  Once loaded, the entries of the page where blocks begin get
 * the interpreter's XLATE handler, which calls the unit. */
#ifndef DSPSIM_XLATE_H
#define DSPSIM_XLATE_H

#include <sys/types.h>
#include <stdint.h>

#include "cpu_internal.h"
#include "xlate_abi.h"

enum xl_state {
    XL_NONE = 0,  /* sampled, not hot yet (or translated, see fn) */
    XL_QUEUED,    /* hot, waiting for a compile job */
    XL_COMPILING, /* part of the running job */
    XL_BANNED,    /* invalidated too often, or nothing to translate */
};

typedef struct xl_page {
    uint32_t hits;       /* samples in code the unit does not cover */
    uint8_t state;
    uint8_t invalidations;
    uint8_t builds;      /* units built for the page so far */
    uint32_t decodes;    /* instructions decoded on the page so far ... */
    uint32_t decodes_built; /* ... and when its last unit was generated */
    uint64_t last_decode;   /* cycle of its latest first execution */
    uint64_t retry_at;      /* another process builds its unit: look
                               again from this cycle on */
    uint32_t gen;        /* bumped by every invalidation */
    xt_xunit_fn fn;      /* the installed unit, or NULL */
    uint16_t nheads;
    uint16_t *heads;     /* offsets whose entries carry the XLATE handler */
    uint8_t *cover;      /* bitmap of the offsets the unit's blocks hold */
} xl_page;

/* A page as the generator saw it: its C text, and the heads to mark and
 * the coverage to keep once its object is loaded. */
typedef struct xl_unit_src {
    uint32_t pn;
    uint32_t gen;
    uint16_t nheads;
    uint16_t *heads;
    uint8_t *cover;
    char *text;              /* the unit's C function (after the prelude) */
    size_t len;
    uint64_t key;            /* xlate_unit_key: names its object */
    char so_path[512];       /* its object in the cache */
    int cached;              /* the object was there when the job began */
    int busy;                /* another process is building it */
} xl_unit_src;

typedef struct xl_job {
    xl_unit_src *units;
    unsigned nunits;
    pid_t pid;               /* the builder shell, 0 when none is running */
    const char *cc;
    unsigned opt_level;      /* the compiler's -O level */
    int for_later;           /* built for the next run (at close): dropped
                                if the cache's builder is busy */
} xl_job;

struct xl_state_s {
    xt_xenv env;
    xl_page **pg;           /* XT_NUM_PAGES entries, allocated on sampling */
    unsigned sample_cycles;  /* mean interval between PC samples */
    uint32_t sample_rng;     /* dithers the interval (see xlate_sample) */
    unsigned hot_samples;
    uint64_t settle_cycles; /* no decodes for this long: code discovered */
    uint32_t *live;         /* pages with an xl_page */
    unsigned nlive, cap_live;
    int sync;               /* compile in the foreground (tests) */
    int for_later;          /* jobs from now on are for the next run */
    unsigned opt_level;
    int disabled;           /* the compiler failed: stay interpreted */
    unsigned polls;         /* xlate_poll calls (rate of waitpid) */
    char cache_dir[400];
    char cc[128];
    uint32_t queue[256];    /* hot pages waiting for a job */
    unsigned nqueue;
    xl_job *job;            /* the running job, or NULL */
    void **handles;         /* loaded shared objects */
    unsigned nhandles, cap_handles;
    xt_xlate_stats stats;
    xt_xlate_exit_cb exit_cb;
    void *exit_user;
};

/* ---- xlate.c: runtime ---- */
/* The interpreter decoded an instruction at pc (first execution). */
void xlate_note_decode(xt_cpu *cpu, uint32_t pc);
/* Whether a unit may hold instruction op (RSIL, WSR, XSR) on special
 * register sr through the env's sr_op helper. */
int xlate_sr_op_ok(unsigned op, unsigned sr);

/* Called by the interpreter's slow check when cycles reach sample_at. */
void xlate_sample(xt_cpu *cpu);
/* Run the unit at cpu->pc (an entry with the XLATE handler).  Returns 0
 * if it declined (the interpreter executes the instruction), 1 if it ran:
 * cpu->pc/cycles/insns/sar/sar_left/hist_n are then up to date; 2 if it
 * ran and ended after a load whose interlock with the next instruction is
 * left pending in cpu->hz_mask/hz_cost. */
int xlate_enter(xt_cpu *cpu);
/* A store or host write touched page pn, or everything (flush). */
void xlate_invalidate_page(xt_cpu *cpu, uint32_t pn);
void xlate_flush(xt_cpu *cpu);
/* Poll the running job; install its units when it is done. */
void xlate_poll(xt_cpu *cpu);
void xlate_free(xt_cpu *cpu);

/* ---- xlate_gen.c: the C generator ---- */
/* Append the unit of page pn (its decoded entries) to the text buffer;
 * returns the number of heads (0: nothing to translate).  *heads gets a
 * malloc'ed array of their page offsets, *cover a malloc'ed bitmap of
 * the offsets of every instruction the unit holds. */
typedef struct xl_buf {
    char *p;
    size_t len, cap;
    int oom;
} xl_buf;
void xl_printf(xl_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
unsigned xlate_gen_unit(xt_cpu *cpu, uint32_t pn, xl_buf *out,
                        uint16_t **heads, uint8_t **cover);
/* A key for page pn's unit: a hash of everything the generator reads
 * (the decoded entries, the page, the timing parameters), mixed into
 * seed (the prelude, compiler and options).  With out == NULL,
 * xlate_gen_unit lays the unit out (heads, cover) without writing it. */
uint64_t xlate_unit_key(xt_cpu *cpu, uint32_t pn, uint64_t seed);
/* The declarations and helpers every unit's file starts with. */
void xlate_gen_prelude(xl_buf *out);

/* ---- xlate_build.c: compile, cache, load ---- */
/* Start compiling the units that have text (not cached) into their
 * so_path (in the foreground with sync).  Returns 0, or -1 if nothing
 * could be started (those units then fail). */
int xlate_build_start(xl_job *job, const char *cache_dir, const char *prelude,
                      size_t plen, int sync);
/* The seed of the unit keys: the prelude, the compiler and its -O level. */
uint64_t xlate_build_seed(const char *prelude, size_t plen, const char *cc,
                          unsigned opt_level);
/* 1 when the job's compiles are over (wait: block until then). */
int xlate_build_done(xl_job *job, int wait);
/* Leave a running build to finish on its own (the CPU is going away). */
void xlate_build_abandon(xl_job *job);
/* The cache directory to use (option, environment, or default). */
void xlate_cache_dir(char *out, size_t n, const char *opt);

/* ---- exec.c ---- */
/* Give a decoded entry the XLATE handler / take it back. */
void exec_entry_mark(xt_dinsn *e);
void exec_entry_unmark(xt_dinsn *e);
int exec_entry_marked(const xt_dinsn *e);
int exec_entry_decoded(const xt_dinsn *e);

#endif

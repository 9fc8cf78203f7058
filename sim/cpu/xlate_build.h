/* SPDX-License-Identifier: BSD-3-Clause */
/* xlate_build.c: compiling generated units, the object cache, loading. */
#ifndef DSPSIM_XLATE_BUILD_H
#define DSPSIM_XLATE_BUILD_H

#include <sys/types.h>
#include <stddef.h>
#include <stdint.h>

#include "xlate_abi.h"

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
    int cached;        /* the object was there when the job began */
    int busy;          /* another process is building it */
    int group;         /* a group (xlate_gen_group) of these pages, pn
                          the first; key their unit keys' hash */
    unsigned nmembers;
    uint32_t mpn[XT_XGROUP_MAX];
    uint64_t mkey[XT_XGROUP_MAX];  /* their units' keys */
    uint64_t mhash[XT_XGROUP_MAX]; /* their pages' contents */
} xl_unit_src;

typedef struct xl_job {
    xl_unit_src *units;
    unsigned nunits;
    pid_t pid; /* the builder shell, 0 when none is running */
    const char *cc;
    unsigned opt_level; /* the compiler's -O level */
    int for_later;      /* built for the next run (at close): dropped
                                if the cache's builder is busy */
} xl_job;

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
void xlate_build_cache_dir(char *out, size_t n, const char *opt);

#endif

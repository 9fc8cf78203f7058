/* SPDX-License-Identifier: BSD-3-Clause */
/* xlate_cache.c: the translation cache on disk, shared by the back ends
 * and by every dspsim process of the user (docs/performance.md). */
#ifndef DSPSIM_XLATE_CACHE_H
#define DSPSIM_XLATE_CACHE_H

#include <sys/types.h>
#include <stddef.h>
#include <stdint.h>

/* The cache directory to use (option, environment, or default). */
void xlate_cache_dir(char *out, size_t n, const char *opt);
/* Create dir and its parents; 0 or -1. */
int xlate_cache_mkdirs(const char *dir);
/* 1 if the object at path is in the cache. */
int xlate_cache_has(const char *path);
/* FNV-1a over n bytes, continuing from h. */
uint64_t xlate_cache_hash(const void *p, size_t n, uint64_t h);
/* path gets a+b, or nothing (-1). */
int xlate_cache_write(const char *path, const char *a, size_t alen,
                      const char *b, size_t blen);
/* Claim the right to build the object whose claim file is lock: 1 if
 * this process builds it, 0 if a live builder holds the claim (its PID
 * is in the file; a claim whose builder died is taken over).  The claim
 * is signed with pid (0: this process) and dropped by unlinking lock. */
int xlate_cache_claim(const char *lock, pid_t pid);
void xlate_cache_sign(const char *lock, pid_t pid);
/* A page whose quick unit (object so_path, in a directory that exists)
 * was hot enough to be rebuilt
 * by the optimising tier: the next run promotes it as soon as it loads
 * the quick unit.  Late: a run that waited at its exit for that rebuild
 * gave it up (the mark's file then holds "late").  is_hot: 0 not marked,
 * XL_HOT, or XL_HOT_LATE. */
enum { XL_HOT = 1, XL_HOT_LATE = 2 };
void xlate_cache_mark_hot(const char *so_path, int late);
int xlate_cache_is_hot(const char *so_path);
/* Shared objects of the cache (both compiler back ends build them). */
void *xlate_cache_so_load(const char *path);
void *xlate_cache_so_sym(void *handle, const char *name);
void xlate_cache_so_unload(void *handle);

#endif

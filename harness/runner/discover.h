/* SPDX-License-Identifier: BSD-3-Clause */
/* Finding case files and choosing which to run. */
#ifndef DSH_DISCOVER_H
#define DSH_DISCOVER_H

#include <stdbool.h>
#include <stddef.h>

typedef struct dsh_path_list {
    char **paths;
    size_t n, cap;
} dsh_path_list;

/* Sub-directories of this name hold cases that must be rejected
 * (vectors/cases/invalid): walked only when named as a path. */
#define DSH_DISCOVER_SKIP_DIR "invalid"

/* Adds every *.yaml / *.yml file under each path (directories are
 * walked recursively, skipping names starting with '.' and
 * sub-directories named DSH_DISCOVER_SKIP_DIR; a file or directory named
 * explicitly is taken whatever its name).  The list is sorted (strcmp)
 * without duplicates.  false + err for a path that does not exist or
 * cannot be read. */
bool dsh_discover(const char *const *paths, size_t npaths, dsh_path_list *out,
                  char *err, size_t errsz);
void dsh_path_list_free(dsh_path_list *l);

/* --filter: a pattern with * ? or [ is a shell glob (fnmatch) that must
 * match the whole case name or path; otherwise it is a substring of the
 * name or the path. */
bool dsh_filter_match(const char *pattern, const char *name, const char *path);

/* --shard I/N: 1 <= I <= N; false on any other text. */
bool dsh_shard_parse(const char *text, unsigned *index, unsigned *count);
/* Case k (0-based, in sorted order of the selected cases) belongs to
 * shard I of N iff k % N == I - 1: shards are disjoint, cover everything
 * and differ in size by at most one. */
static inline bool dsh_shard_has(unsigned index, unsigned count, size_t k)
{
    return k % count == (size_t)(index - 1);
}

#endif

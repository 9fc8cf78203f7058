/* SPDX-License-Identifier: BSD-3-Clause */
/* Path resolution and input-file checks of the case parser. */
#ifndef DSH_CASE_PATHS_H
#define DSH_CASE_PATHS_H

#include <stdbool.h>
#include <stddef.h>

#include "yaml_access.h"

/* Resolves rel against base_dir (absolute rel is kept) into out and
 * checks that it names a readable regular file; reports at node n.
 * A file missing inside the source tree is taken from the same place in
 * the build tree (generated signals and references), see
 * dsh_set_tree_roots. */
bool dsh_resolve_input(yctx *y, const yaml_node_t *n, const char *what,
                       const char *base_dir, const char *rel, char *out,
                       size_t outsz);

/* The source and build trees for that fallback; default: the trees this
 * library was built from (DSH_SOURCE_ROOT, DSH_BUILD_ROOT); "" or NULL
 * turns it off.  For tests. */
void dsh_set_tree_roots(const char *source, const char *build);

#endif

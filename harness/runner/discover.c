/* SPDX-License-Identifier: BSD-3-Clause */
/* Finding case files, filtering and sharding (discover.h). */
#define _DEFAULT_SOURCE
#include "discover.h"

#include <errno.h>
#include <fnmatch.h>
#include <fts.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

static bool add(dsh_path_list *l, const char *p)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        char **np = realloc(l->paths, cap * sizeof *np);
        if (!np)
            return false;
        l->paths = np;
        l->cap = cap;
    }
    l->paths[l->n] = strdup(p);
    return l->paths[l->n++] != NULL;
}

static bool is_case_name(const char *name)
{
    size_t n = strlen(name);
    return (n > 5 && !strcmp(name + n - 5, ".yaml")) ||
           (n > 4 && !strcmp(name + n - 4, ".yml"));
}

/* Every case file below dir (fts, following links as stat does): hidden
 * entries and DSH_DISCOVER_SKIP_DIR folders left out, dangling links and
 * directory cycles skipped, an unreadable directory an error. */
static bool walk(const char *dir, dsh_path_list *out, char *err, size_t errsz)
{
    char *root = strdup(dir); /* fts_open takes writable names */
    char *roots[] = { root, NULL };
    FTS *fts = root ? fts_open(roots, FTS_LOGICAL | FTS_NOCHDIR, NULL) : NULL;
    if (!fts) {
        snprintf(err, errsz, "%s: cannot read directory: %s", dir,
                 strerror(errno));
        free(root);
        return false;
    }
    bool ok = true;
    while (ok) {
        errno = 0;
        FTSENT *e = fts_read(fts);
        if (!e) {
            if (errno) {
                snprintf(err, errsz, "%s: cannot read directory: %s", dir,
                         strerror(errno));
                ok = false;
            }
            break;
        }
        bool hidden = e->fts_level > 0 && e->fts_name[0] == '.';
        switch (e->fts_info) {
        case FTS_D:
            if (hidden || (e->fts_level > 0 &&
                           !strcmp(e->fts_name, DSH_DISCOVER_SKIP_DIR))) {
                fts_set(fts, e, FTS_SKIP); /* rejected cases: only named */
            } else if (e->fts_level > 32) {
                snprintf(err, errsz, "%s: directories nested too deeply",
                         e->fts_path);
                ok = false;
            }
            break;
        case FTS_DNR:
        case FTS_ERR:
            if (!hidden) {
                snprintf(err, errsz, "%s: cannot read directory: %s",
                         e->fts_path, strerror(e->fts_errno));
                ok = false;
            }
            break;
        case FTS_F:
            if (!hidden && is_case_name(e->fts_name) &&
                !add(out, e->fts_path)) {
                snprintf(err, errsz, "out of memory");
                ok = false;
            }
            break;
        default: /* dangling links, cycles, other file types */
            break;
        }
    }
    fts_close(fts);
    free(root);
    return ok;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

bool dsh_discover(const char *const *paths, size_t npaths, dsh_path_list *out,
                  char *err, size_t errsz)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < npaths; i++) {
        struct stat st;
        if (stat(paths[i], &st)) {
            snprintf(err, errsz, "%s: %s", paths[i], strerror(errno));
            dsh_path_list_free(out);
            return false;
        }
        bool ok = S_ISDIR(st.st_mode) ? walk(paths[i], out, err, errsz)
                                      : add(out, paths[i]);
        if (!ok) {
            if (!S_ISDIR(st.st_mode))
                snprintf(err, errsz, "out of memory");
            dsh_path_list_free(out);
            return false;
        }
    }
    if (out->n)
        qsort(out->paths, out->n, sizeof *out->paths, cmp_str);
    size_t w = 0;
    for (size_t r = 0; r < out->n; r++) {
        if (w && !strcmp(out->paths[w - 1], out->paths[r]))
            free(out->paths[r]);
        else
            out->paths[w++] = out->paths[r];
    }
    out->n = w;
    return true;
}

void dsh_path_list_free(dsh_path_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->paths[i]);
    free(l->paths);
    memset(l, 0, sizeof *l);
}

bool dsh_filter_match(const char *pattern, const char *name, const char *path)
{
    if (strpbrk(pattern, "*?["))
        return !fnmatch(pattern, name, 0) || !fnmatch(pattern, path, 0);
    return strstr(name, pattern) || strstr(path, pattern);
}

bool dsh_shard_parse(const char *text, unsigned *index, unsigned *count)
{
    char *end;
    if (*text < '0' || *text > '9')
        return false;
    unsigned long i = strtoul(text, &end, 10);
    if (*end != '/' || end[1] < '0' || end[1] > '9')
        return false;
    unsigned long n = strtoul(end + 1, &end, 10);
    if (*end || n < 1 || n > 100000 || i < 1 || i > n)
        return false;
    *index = (unsigned)i;
    *count = (unsigned)n;
    return true;
}

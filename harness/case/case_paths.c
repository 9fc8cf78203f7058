/* SPDX-License-Identifier: BSD-3-Clause */
/* Path resolution and input-file checks of the case parser. */
#define _DEFAULT_SOURCE
#include "case_paths.h"
#include "case.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef DSH_SOURCE_ROOT
#define DSH_SOURCE_ROOT ""
#endif
#ifndef DSH_BUILD_ROOT
#define DSH_BUILD_ROOT ""
#endif

static char source_root[PATH_MAX] = DSH_SOURCE_ROOT;
static char build_root[PATH_MAX] = DSH_BUILD_ROOT;

static const dsh_input_hook *input_hook;

void dsh_case_set_input_hook(const dsh_input_hook *hook)
{
    input_hook = hook;
}

void dsh_set_tree_roots(const char *source, const char *build)
{
    snprintf(source_root, sizeof source_root, "%s", source ? source : "");
    snprintf(build_root, sizeof build_root, "%s", build ? build : "");
}

/* Lexically removes ".", ".." and repeated '/' from an absolute path. */
static void normalize(char *p)
{
    char *out = p; /* p[0] == '/' */
    const char *s = p;
    while (*s) {
        while (*s == '/')
            s++;
        const char *e = s;
        while (*e && *e != '/')
            e++;
        size_t n = (size_t)(e - s);
        if (n == 0 || (n == 1 && s[0] == '.')) {
            /* skip */
        } else if (n == 2 && s[0] == '.' && s[1] == '.') {
            while (out > p && *--out != '/')
                ;
        } else {
            *out++ = '/';
            memmove(out, s, n);
            out += n;
        }
        s = e;
    }
    if (out == p)
        *out++ = '/';
    *out = '\0';
}

/* Where rel (seen from base_dir) would be in the build tree: the same
 * path relative to the source root, under the build root.  false when
 * the roots are unknown or the file is not inside the source tree (or
 * already inside the build tree). */
static bool build_tree_path(const char *base_dir, const char *rel, char *out,
                            size_t outsz)
{
    char src[PATH_MAX], bin[PATH_MAX], dir[PATH_MAX], abs[2 * PATH_MAX];
    if (!source_root[0] || !build_root[0] || !realpath(source_root, src))
        return false;
    if (!realpath(build_root, bin))
        snprintf(bin, sizeof bin, "%s", build_root);
    if (rel[0] == '/')
        snprintf(abs, sizeof abs, "%s", rel);
    else if (realpath(base_dir, dir))
        snprintf(abs, sizeof abs, "%s/%s", dir, rel);
    else
        return false;
    normalize(abs);
    size_t ns = strlen(src), nb = strlen(bin);
    if (strncmp(abs, src, ns) || abs[ns] != '/' ||
        (!strncmp(abs, bin, nb) && abs[nb] == '/'))
        return false;
    int w = snprintf(out, outsz, "%s%s", bin, abs + ns);
    return w > 0 && (size_t)w < outsz;
}

/* The input through the hook's map: the file it names, which must be a
 * readable regular file like any other. */
static bool resolve_mapped(yctx *y, const yaml_node_t *n, const char *what,
                           const char *rel, char *out, size_t outsz)
{
    char why[512] = "not in the map";
    struct stat st;
    if (!input_hook->map(input_hook->user, rel, out, outsz, why, sizeof why)) {
        y_error(y, n, "%s: '%s': %s", what, rel, why);
        return false;
    }
    if (stat(out, &st) || !S_ISREG(st.st_mode) || access(out, R_OK)) {
        y_error(y, n, "%s: '%s': %s is not a readable file", what, rel, out);
        return false;
    }
    return true;
}

bool dsh_resolve_input(yctx *y, const yaml_node_t *n, const char *what,
                       const char *base_dir, const char *rel, char *out,
                       size_t outsz)
{
    if (input_hook && input_hook->map)
        return resolve_mapped(y, n, what, rel, out, outsz);
    int w = rel[0] == '/' ? snprintf(out, outsz, "%s", rel)
                          : snprintf(out, outsz, "%s/%s", base_dir, rel);
    if (w < 0 || (size_t)w >= outsz) {
        y_error(y, n, "%s: path too long: '%s'", what, rel);
        return false;
    }
    struct stat st;
    if (stat(out, &st)) {
        int err = errno;
        char gen[PATH_MAX + 64];
        if (!build_tree_path(base_dir, rel, gen, sizeof gen)) {
            y_error(y, n, "%s: file not found: '%s' (%s: %s)", what, rel, out,
                    strerror(err));
            return false;
        }
        if (stat(gen, &st)) {
            y_error(y, n,
                    "%s: file not found: '%s' (%s: %s); not in the "
                    "build tree either (%s): if the build generates it, "
                    "build (cmake --build %s) or run the build-tree copy of "
                    "the case",
                    what, rel, out, strerror(err), gen, build_root);
            return false;
        }
        if (strlen(gen) >= outsz) {
            y_error(y, n, "%s: path too long: '%s'", what, gen);
            return false;
        }
        memcpy(out, gen, strlen(gen) + 1);
    }
    if (!S_ISREG(st.st_mode)) {
        y_error(y, n, "%s: '%s' is not a regular file (%s)", what, rel, out);
        return false;
    }
    if (access(out, R_OK)) {
        y_error(y, n, "%s: cannot read '%s' (%s: %s)", what, rel, out,
                strerror(errno));
        return false;
    }
    if (input_hook && input_hook->seen)
        input_hook->seen(input_hook->user, what, rel, out);
    return true;
}

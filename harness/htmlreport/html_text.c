/* SPDX-License-Identifier: BSD-3-Clause */
/* Escaping, figures and links of the HTML report (html_text.h). */
#define _GNU_SOURCE
#include "html_text.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "textout/markup_esc.h"
#include "textout/out_file.h"

void dsh_html_esc_n(FILE *f, const char *s, size_t n)
{
    dsh_markup_esc_n(f, s, n, DSH_ESC_QUOT | DSH_ESC_APOS);
}

void dsh_html_esc(FILE *f, const char *s)
{
    dsh_html_esc_n(f, s, s ? strlen(s) : 0);
}

const char *dsh_html_figure(double v, char *buf, size_t n)
{
    if (v != v) {
        snprintf(buf, n, "NaN");
        return buf;
    }
    if (isinf(v)) {
        snprintf(buf, n, v > 0 ? "inf" : "-inf");
        return buf;
    }
    snprintf(buf, n, "%.6f", v);
    char *dot = strchr(buf, '.');
    if (dot) {
        char *e = buf + strlen(buf);
        while (e > dot + 1 && e[-1] == '0')
            *--e = '\0';
        if (e == dot + 1)
            *dot = '\0';
    }
    if (!strcmp(buf, "-0"))
        snprintf(buf, n, "0");
    return buf;
}

/* realpath of directory dir into out (PATH_MAX), through a one-entry
 * cache (last_dir: the name asked, last_real: its real path) */
static bool real_dir(const char *dir, char *out, char *last_dir,
                     char *last_real)
{
    if (last_dir[0] && !strcmp(dir, last_dir)) {
        memcpy(out, last_real, PATH_MAX);
        return true;
    }
    if (!realpath(dir, out) || strlen(dir) >= PATH_MAX)
        return false;
    memcpy(last_dir, dir, strlen(dir) + 1);
    memcpy(last_real, out, PATH_MAX);
    return true;
}

/* The real path of an existing file `target` into out (PATH_MAX): its
 * directory's real path (the files a page links share a few
 * directories: kept) and its name, which must exist (one stat, where
 * realpath of the whole path costs a system call per component); a name
 * that is a directory's own ("", ".", "..") takes the whole realpath. */
static bool real_target(const char *target, char *out)
{
    static _Thread_local char last_dir[PATH_MAX], last_real[PATH_MAX];
    const char *slash = strrchr(target, '/');
    const char *name = slash ? slash + 1 : target;
    char dir[PATH_MAX];
    struct stat st;
    if (!*name || !strcmp(name, ".") || !strcmp(name, "..") ||
        (size_t)(name - target) >= sizeof dir)
        return realpath(target, out) != NULL;
    dsh_dirname(target, dir, sizeof dir);
    if (stat(target, &st) || !real_dir(dir, out, last_dir, last_real))
        return false;
    size_t len = strlen(out);
    if (len + 1 + strlen(name) >= PATH_MAX)
        return false;
    if (len > 1)
        out[len++] = '/';
    memcpy(out + len, name, strlen(name) + 1);
    return true;
}

const char *dsh_html_link(const char *from_dir, const char *target, char *out,
                          size_t n)
{
    char a[PATH_MAX], b[PATH_MAX];
    out[0] = '\0';
    if (!target || !target[0] || !real_target(target, b))
        return out;
    /* a page links several files from its one directory: its real path
     * is kept (each realpath is a system call per component) */
    static _Thread_local char last_dir[PATH_MAX], last_real[PATH_MAX];
    if (!real_dir(from_dir, a, last_dir, last_real)) {
        snprintf(out, n, "%s", b);
        return out;
    }
    if (!strcmp(a, "/")) {
        snprintf(out, n, "%s", b + 1);
        return out;
    }
    /* the common leading directories, then ../ for each left of a */
    size_t i = 0, common = 0;
    while (a[i] && a[i] == b[i]) {
        if (a[i] == '/')
            common = i;
        i++;
    }
    if (!a[i] && (b[i] == '/' || !b[i]))
        common = i;
    size_t len = 0;
    out[0] = '\0';
    for (const char *p = a + common; *p; p++)
        if (*p == '/' && len + 4 < n) {
            memcpy(out + len, "../", 4);
            len += 3;
        }
    const char *rest = b + common;
    if (*rest == '/')
        rest++;
    snprintf(out + len, n - len, "%s", rest);
    return out;
}

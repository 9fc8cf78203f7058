/* SPDX-License-Identifier: BSD-3-Clause */
/* Escaping, figures and links of the HTML report (html_text.h). */
#define _GNU_SOURCE
#include "html_text.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "textout/text_utf8.h"

void dsh_html_esc_n(FILE *f, const char *s, size_t n)
{
    char *copy = strndup(s ? s : "", n);
    char *t = copy ? dsh_utf8_lossy(copy, true) : NULL;
    free(copy);
    if (!t)
        return;
    for (const char *p = t; *p; p++) {
        switch (*p) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        case '\'':
            fputs("&#39;", f);
            break;
        default:
            fputc(*p, f);
        }
    }
    free(t);
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

void dsh_html_dirname(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(out, n, ".");
    else if (slash == path)
        snprintf(out, n, "/");
    else
        snprintf(out, n, "%.*s", (int)(slash - path), path);
}

const char *dsh_html_link(const char *from_dir, const char *target, char *out,
                          size_t n)
{
    char a[PATH_MAX], b[PATH_MAX];
    out[0] = '\0';
    if (!target || !target[0] || !realpath(target, b))
        return out;
    /* a page links several files from its one directory: its real path
     * is kept (each realpath is a system call per component) */
    static _Thread_local char last_dir[PATH_MAX], last_real[PATH_MAX];
    if (last_dir[0] && !strcmp(from_dir, last_dir)) {
        memcpy(a, last_real, sizeof a);
    } else if (realpath(from_dir, a)) {
        snprintf(last_dir, sizeof last_dir, "%s", from_dir);
        memcpy(last_real, a, sizeof last_real);
    } else {
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

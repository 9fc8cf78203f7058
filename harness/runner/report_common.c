/* SPDX-License-Identifier: BSD-3-Clause */
/* What the JSON and JUnit reports share: counts, status names,
 * classnames, search roots, timestamp and host name (report.h). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "report.h"

void dsh_report_count(dsh_report *r)
{
    memset(r->count, 0, sizeof r->count);
    for (size_t i = 0; i < r->n; i++)
        r->count[r->entries[i].result->status]++;
}

/* root is a leading directory of path: "a/b" of "a/b/c.yaml" */
static size_t dir_prefix(const char *root, const char *path)
{
    size_t n = strlen(root);
    while (n > 1 && root[n - 1] == '/')
        n--;
    if (n == 1 && root[0] == '.')
        return !strncmp(path, "./", 2) ? 2 : 0;
    if (!n || strncmp(root, path, n))
        return 0;
    if (path[n] == '/')
        return n + 1;
    return n == 1 && root[0] == '/' ? 1 : 0;
}

void dsh_report_classname(const char *root, const char *path, char *out,
                          size_t outsz)
{
    if (!outsz)
        return;
    if (root && !strcmp(root, path)) {
        /* a case file named itself: relative to its directory */
        const char *slash = strrchr(path, '/');
        if (slash)
            path = slash + 1;
    } else if (root) {
        path += dir_prefix(root, path);
    }
    for (;;) {
        if (!strncmp(path, "./", 2))
            path += 2;
        else if (*path == '/')
            path++;
        else
            break;
    }
    const char *end = path + strlen(path);
    const char *dot = strrchr(path, '.');
    if (dot && dot > path && !strchr(dot, '/') && dot[-1] != '/')
        end = dot;
    size_t n = 0;
    for (const char *p = path; p < end && n + 1 < outsz; p++)
        out[n++] = *p == '/' ? '.' : *p;
    out[n] = '\0';
}

const char *dsh_report_root_of(const char *path, const char *const *paths,
                               size_t npaths)
{
    const char *best = NULL;
    size_t best_len = 0;
    for (size_t i = 0; i < npaths; i++) {
        if (!strcmp(paths[i], path))
            return paths[i]; /* named as a file (classname.c) */
        size_t k = dir_prefix(paths[i], path);
        if (k > best_len) {
            best = paths[i];
            best_len = k;
        }
    }
    return best;
}

void dsh_report_timestamp(time_t t, bool zone, char *buf, size_t bufsz)
{
    struct tm tm;
    if (!t)
        t = time(NULL);
    if (!gmtime_r(&t, &tm) ||
        !strftime(buf, bufsz, zone ? "%Y-%m-%dT%H:%M:%SZ" : "%Y-%m-%dT%H:%M:%S",
                  &tm))
        snprintf(buf, bufsz, "1970-01-01T00:00:00%s", zone ? "Z" : "");
}

const char *dsh_report_hostname(const dsh_report *r, char *buf, size_t bufsz)
{
    if (r->hostname)
        return r->hostname;
    if (gethostname(buf, bufsz) != 0 || !buf[0])
        snprintf(buf, bufsz, "localhost");
    buf[bufsz - 1] = '\0';
    return buf;
}

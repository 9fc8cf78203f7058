/* SPDX-License-Identifier: BSD-3-Clause */
/* Whole-or-nothing report files (out_file.h). */
#include "textout/out_file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool dsh_out_open(dsh_out_file *o, const char *path, char *err, size_t errsz)
{
    o->path = path;
    o->f = NULL;
    int n = snprintf(o->tmp, sizeof o->tmp, "%s.tmp.%ld", path, (long)getpid());
    if (n < 0 || (size_t)n >= sizeof o->tmp) {
        snprintf(err, errsz, "%s: cannot create: path too long", path);
        return false;
    }
    o->f = fopen(o->tmp, "w");
    if (!o->f) {
        snprintf(err, errsz, "%s: cannot create: %s", path, strerror(errno));
        return false;
    }
    /* a report's file is written a stretch at a time, not 4 KB (a page
     * of the HTML report is tens of KB: a write call each 4 KB) */
    setvbuf(o->f, NULL, _IOFBF, 64 * 1024);
    return true;
}

bool dsh_out_close(dsh_out_file *o, bool ok, char *err, size_t errsz)
{
    if (!o->f)
        return false;
    int werr = ferror(o->f) ? EIO : 0;
    if (fclose(o->f) != 0 && !werr)
        werr = errno;
    o->f = NULL;
    if (ok && !werr && rename(o->tmp, o->path) == 0)
        return true;
    if (ok && !werr)
        werr = errno;
    unlink(o->tmp);
    if (ok)
        snprintf(err, errsz, "%s: write error: %s", o->path, strerror(werr));
    else
        snprintf(err, errsz, "%s: write error", o->path);
    return false;
}

bool dsh_out_mkdirs(const char *path, char *err, size_t errsz)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        snprintf(err, errsz, "%s: path too long", path);
        return false;
    }
    for (char *p = buf + 1;; p++) {
        if (*p == '/' || !*p) {
            char c = *p;
            *p = '\0';
            if (mkdir(buf, 0777) && errno != EEXIST) {
                snprintf(err, errsz, "%s: cannot create directory: %s", buf,
                         strerror(errno));
                return false;
            }
            *p = c;
            if (!c)
                return true;
        }
    }
}

void dsh_dirname(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(out, n, ".");
    else if (slash == path)
        snprintf(out, n, "/");
    else
        snprintf(out, n, "%.*s", (int)(slash - path), path);
}

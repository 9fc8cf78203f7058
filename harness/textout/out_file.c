/* SPDX-License-Identifier: BSD-3-Clause */
/* Whole-or-nothing report files (out_file.h). */
#include "textout/out_file.h"

#include <errno.h>
#include <string.h>
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

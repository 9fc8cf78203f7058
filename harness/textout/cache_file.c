/* SPDX-License-Identifier: BSD-3-Clause */
/* The harness's files in the user's cache (cache_file.h). */
#include "textout/cache_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textout/out_file.h"

bool dsh_cache_path(const char *name, char *out, size_t n)
{
    const char *e;
    int k;
    if ((e = getenv("DSPSIM_CACHE_DIR")) && *e)
        k = snprintf(out, n, "%s/%s", e, name);
    else if ((e = getenv("XDG_CACHE_HOME")) && *e)
        k = snprintf(out, n, "%s/dspsim/%s", e, name);
    else if ((e = getenv("HOME")) && *e)
        k = snprintf(out, n, "%s/.cache/dspsim/%s", e, name);
    else
        return false;
    return k > 0 && (size_t)k < n;
}

bool dsh_cache_write(const char *name, const void *data, size_t len)
{
    char path[4096], dir[4096], err[512];
    if (!dsh_cache_path(name, path, sizeof path))
        return false;
    /* its directories, then the file whole or not at all (out_file.h) */
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) {
        *slash = '\0';
        if (!dsh_out_mkdirs(dir, err, sizeof err))
            return false;
    }
    dsh_out_file o;
    if (!dsh_out_open(&o, path, err, sizeof err))
        return false;
    bool ok = fwrite(data, 1, len, o.f) == len;
    return dsh_out_close(&o, ok, err, sizeof err);
}

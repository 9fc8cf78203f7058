/* SPDX-License-Identifier: BSD-3-Clause */
/* The harness's files in the user's cache (cache_file.h). */
#include "textout/cache_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* mkdir -p of the directory path's file is in */
static bool make_parent(const char *path)
{
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir)
        return false;
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return true;
    *slash = '\0';
    for (char *p = dir + 1;; p++) {
        if (*p != '/' && *p)
            continue;
        char c = *p;
        *p = '\0';
        if (mkdir(dir, 0755) && errno != EEXIST)
            return false;
        if (!(*p = c))
            return true;
    }
}

bool dsh_cache_write(const char *name, const void *data, size_t len)
{
    char path[4096], tmp[4096 + 32];
    if (!dsh_cache_path(name, path, sizeof path) || !make_parent(path))
        return false;
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return false;
    bool ok = fwrite(data, 1, len, f) == len;
    ok = (fclose(f) == 0) && ok;
    ok = ok && rename(tmp, path) == 0;
    if (!ok)
        unlink(tmp);
    return ok;
}

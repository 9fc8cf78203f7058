/* SPDX-License-Identifier: BSD-3-Clause */
/* The translation cache: a directory of objects named by their unit keys
 * (KEY.so), shared by the back ends and by every dspsim process of the
 * user.  An object appears there only whole (built under a temporary
 * name, then renamed); a claim file beside it (KEY.so.lock, holding the
 * builder's PID) keeps two processes from building the same object. */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "xlate_cache.h"

/* A claim without a builder's PID yet is fresh for this long. */
#define LOCK_NEW_SECONDS 30

void xlate_cache_dir(char *out, size_t n, const char *opt)
{
    const char *e;
    if (opt && *opt)
        snprintf(out, n, "%s", opt);
    else if ((e = getenv("DSPSIM_CACHE_DIR")) && *e)
        snprintf(out, n, "%s/xlate", e);
    else if ((e = getenv("XDG_CACHE_HOME")) && *e)
        snprintf(out, n, "%s/dspsim/xlate", e);
    else if ((e = getenv("HOME")) && *e)
        snprintf(out, n, "%s/.cache/dspsim/xlate", e);
    else
        snprintf(out, n, "/tmp/dspsim-xlate-%u", (unsigned)getuid());
}

int xlate_cache_mkdirs(const char *path)
{
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *s = tmp + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(tmp, 0755) && errno != EEXIST)
            return -1;
        *s = '/';
    }
    if (mkdir(tmp, 0755) && errno != EEXIST)
        return -1;
    return 0;
}

int xlate_cache_has(const char *path)
{
    return access(path, R_OK) == 0;
}

uint64_t xlate_cache_hash(const void *p, size_t n, uint64_t h)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

int xlate_cache_write(const char *path, const char *a, size_t alen,
                      const char *b, size_t blen)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    int bad = fwrite(a, 1, alen, f) != alen;
    bad |= fwrite(b, 1, blen, f) != blen;
    bad |= fclose(f) != 0;
    if (bad)
        unlink(path);
    return bad ? -1 : 0;
}

void xlate_cache_sign(const char *lock, pid_t pid)
{
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%ld\n", (long)(pid ? pid : getpid()));
    int fd = open(lock, O_WRONLY | O_TRUNC);
    if (fd >= 0) {
        if (write(fd, buf, (size_t)n) < 0)
            (void)0; /* an unsigned claim only ages out */
        close(fd);
    }
}

int xlate_cache_claim(const char *lock, pid_t pid)
{
    for (int tries = 0; tries < 2; tries++) {
        int fd = open(lock, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd >= 0) {
            close(fd);
            if (!pid)
                xlate_cache_sign(lock, 0);
            return 1;
        }
        if (errno != EEXIST)
            return 1; /* no locking possible here: build anyway */
        char buf[32] = "";
        fd = open(lock, O_RDONLY);
        if (fd >= 0) {
            ssize_t n = read(fd, buf, sizeof buf - 1);
            buf[n > 0 ? n : 0] = '\0';
            close(fd);
        }
        long owner = strtol(buf, NULL, 10);
        struct stat st;
        if (owner > 0 && (kill((pid_t)owner, 0) == 0 || errno == EPERM))
            return 0;
        if (owner <= 0 && stat(lock, &st) == 0 &&
            time(NULL) - st.st_mtime < LOCK_NEW_SECONDS)
            return 0;
        unlink(lock); /* left by a builder that died */
    }
    return 0;
}

static void hot_name(char *out, size_t n, const char *so_path)
{
    snprintf(out, n, "%s.hot", so_path);
}

void xlate_cache_mark_hot(const char *so_path, int late)
{
    char p[600];
    hot_name(p, sizeof p, so_path);
    int fd = open(p, O_WRONLY | O_CREAT | (late ? O_TRUNC : 0), 0644);
    if (fd < 0)
        return;
    if (late && write(fd, "late\n", 5) != 5) {
        /* a mark without the word: the next run waits once more */
    }
    close(fd);
}

int xlate_cache_is_hot(const char *so_path)
{
    char p[600], b[4];
    hot_name(p, sizeof p, so_path);
    int fd = open(p, O_RDONLY);
    if (fd < 0)
        return 0;
    ssize_t n = read(fd, b, sizeof b);
    close(fd);
    return n == 4 && !memcmp(b, "late", 4) ? XL_HOT_LATE : XL_HOT;
}

void *xlate_cache_so_load(const char *path)
{
    return dlopen(path, RTLD_NOW | RTLD_LOCAL);
}

void *xlate_cache_so_sym(void *handle, const char *name)
{
    return dlsym(handle, name);
}

void xlate_cache_so_unload(void *handle)
{
    dlclose(handle);
}

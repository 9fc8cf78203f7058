/* SPDX-License-Identifier: BSD-3-Clause */
/* Helpers shared by the fuzz harnesses (fuzz_util.h). */
#define _GNU_SOURCE
#include "fuzz_util.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dirs[8][64];
static unsigned n_dirs;

static int rm_one(const char *path, const struct stat *st, int flag,
                  struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void rm_dirs(void)
{
    for (unsigned i = 0; i < n_dirs; i++)
        nftw(dirs[i], rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

const char *fz_tmpdir(const char *tag)
{
    if (n_dirs == 8)
        abort();
    char *d = dirs[n_dirs];
    snprintf(d, sizeof dirs[0], "/tmp/dspsim-fuzz-%s-XXXXXX", tag);
    if (!mkdtemp(d)) {
        perror("mkdtemp");
        abort();
    }
    if (n_dirs++ == 0)
        atexit(rm_dirs);
    return d;
}

const char *fz_path(const char *dir, const char *name)
{
    static char buf[8][1024];
    static unsigned k;
    char *b = buf[k++ % 8];
    snprintf(b, sizeof buf[0], "%s/%s", dir, name);
    return b;
}

void fz_write(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
        perror(path);
        abort();
    }
}

uint8_t fz_u8(fz_in *in)
{
    if (!in->n)
        return 0;
    in->n--;
    return *in->p++;
}

uint16_t fz_u16(fz_in *in)
{
    uint16_t lo = fz_u8(in);
    return (uint16_t)(lo | fz_u8(in) << 8);
}

uint32_t fz_u32(fz_in *in)
{
    uint32_t lo = fz_u16(in);
    return lo | (uint32_t)fz_u16(in) << 16;
}

unsigned fz_pick(fz_in *in, unsigned n)
{
    return n <= 256 ? fz_u8(in) % n : fz_u16(in) % n;
}

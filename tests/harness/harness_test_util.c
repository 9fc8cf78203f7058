/* SPDX-License-Identifier: BSD-3-Clause */
/* Helpers shared by the harness tests (harness_test_util.h). */
#define _GNU_SOURCE
#include "harness_test_util.h"

#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audio/wav_io.h"

const char *ht_make_tmpdir(const char *tag)
{
    static char buf[4][512];
    static unsigned next;
    char *b = buf[next++ % 4];
    const char *base = getenv("TMPDIR");
    snprintf(b, 512, "%s/dsh-%s-XXXXXX", base && *base ? base : "/tmp", tag);
    if (!mkdtemp(b)) {
        perror("mkdtemp");
        abort();
    }
    return b;
}

static int rm_one(const char *p, const struct stat *st, int flag,
                  struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(p);
}

void ht_remove_tree(const char *dir)
{
    nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

const char *ht_path(const char *dir, const char *name)
{
    static char buf[8][1024];
    static unsigned next;
    char *b = buf[next++ % 8];
    snprintf(b, 1024, "%s/%s", dir, name);
    return b;
}

void ht_write_sine(const char *path, unsigned rate, unsigned channels,
                   uint64_t frames, double freq, double amp, dsh_pcm_format fmt)
{
    int32_t *s = malloc(frames * channels * sizeof *s);
    for (uint64_t i = 0; i < frames; i++) {
        int32_t v = dsh_q31_from_double(amp * sin(2 * M_PI * freq * i / rate));
        for (unsigned c = 0; c < channels; c++)
            s[i * channels + c] = v;
    }
    char err[512];
    if (!dsh_audio_write_wav(path, s, frames, channels, rate, fmt, err,
                             sizeof err)) {
        fprintf(stderr, "%s\n", err);
        abort();
    }
    free(s);
}

void ht_write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f)) {
        perror(path);
        abort();
    }
}

char *ht_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    if (fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        fclose(f);
        return NULL;
    }
    b[n] = 0;
    fclose(f);
    if (len)
        *len = (size_t)n;
    return b;
}

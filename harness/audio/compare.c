/* SPDX-License-Identifier: BSD-3-Clause */
/* Output/reference comparison and difference files (compare.h). */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool same_shape(const dsh_audio *a, const dsh_audio *b, char *err,
                       size_t errsz)
{
    if (a->rate == b->rate && a->channels == b->channels)
        return true;
    snprintf(err, errsz,
             "cannot compare %u Hz, %u channels with %u Hz, %u "
             "channels",
             a->rate, a->channels, b->rate, b->channels);
    return false;
}

bool dsh_compare(const dsh_audio *a, const dsh_audio *b, dsh_pcm_format fmt,
                 uint64_t skip, dsh_compare_result *r, char *err, size_t errsz)
{
    memset(r, 0, sizeof *r);
    if (!same_shape(a, b, err, errsz))
        return false;
    r->frames_a = a->frames > skip ? a->frames - skip : 0;
    r->frames_b = b->frames > skip ? b->frames - skip : 0;
    r->compared = r->frames_a < r->frames_b ? r->frames_a : r->frames_b;
    dsh_compare_block(a->samples + (size_t)skip * a->channels,
                      b->samples + (size_t)skip * a->channels, 0, r->compared,
                      a->channels, fmt, r);
    r->bit_exact = !r->n_diff && r->frames_a == r->frames_b;
    return true;
}

void dsh_compare_block(const int32_t *a, const int32_t *b, uint64_t first,
                       uint64_t frames, unsigned ch, dsh_pcm_format fmt,
                       dsh_compare_result *r)
{
    unsigned shift = 32u - (unsigned)fmt;
    for (uint64_t f = 0; f < frames; f++)
        for (unsigned c = 0; c < ch; c++) {
            size_t i = (size_t)f * ch + c;
            int64_t va = dsh_q31_quantize(a[i], fmt) >> shift;
            int64_t vb = dsh_q31_quantize(b[i], fmt) >> shift;
            uint64_t d = (uint64_t)(va > vb ? va - vb : vb - va);
            if (!d)
                continue;
            if (!r->n_diff) {
                r->first_diff_frame = first + f;
                r->first_diff_channel = c;
            }
            r->n_diff++;
            if (d > r->max_diff_lsb)
                r->max_diff_lsb = d;
        }
}

void dsh_diff_samples(const int32_t *a, const int32_t *b, size_t n, int32_t *d)
{
    for (size_t i = 0; i < n; i++) {
        int64_t v = (int64_t)a[i] - b[i];
        d[i] = v > INT32_MAX   ? INT32_MAX
               : v < INT32_MIN ? INT32_MIN
                               : (int32_t)v;
    }
}

bool dsh_write_diff_wav(const char *path, const dsh_audio *a,
                        const dsh_audio *b, dsh_pcm_format fmt, char *err,
                        size_t errsz)
{
    if (!same_shape(a, b, err, errsz))
        return false;
    uint64_t frames = a->frames < b->frames ? a->frames : b->frames;
    size_t n = (size_t)frames * a->channels;
    int32_t *d = malloc((n ? n : 1) * sizeof *d);
    if (!d) {
        snprintf(err, errsz, "%s: out of memory", path);
        return false;
    }
    dsh_diff_samples(a->samples, b->samples, n, d);
    bool ok = dsh_audio_write_wav(path, d, frames, a->channels, a->rate, fmt,
                                  err, errsz);
    free(d);
    return ok;
}

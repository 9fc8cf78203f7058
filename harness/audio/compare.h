/* SPDX-License-Identifier: BSD-3-Clause */
/* Comparison of an output with a reference, in LSBs of a format. */
#ifndef DSH_COMPARE_H
#define DSH_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wav_io.h"

typedef struct dsh_compare_result {
    uint64_t frames_a, frames_b; /* after skip */
    uint64_t compared;           /* min of the two */
    uint64_t max_diff_lsb;       /* max |a - b| at the format */
    uint64_t n_diff;             /* samples that differ at the format */
    uint64_t first_diff_frame;   /* relative to the skip; valid if n_diff */
    unsigned first_diff_channel;
    bool bit_exact; /* equal lengths and no difference */
} dsh_compare_result;

/* Both signals are rounded to fmt (dsh_q31_quantize) and compared sample
 * by sample from frame `skip`.  false + err if the rate or channel count
 * differ (naming both). */
bool dsh_compare(const dsh_audio *a, const dsh_audio *b, dsh_pcm_format fmt,
                 uint64_t skip, dsh_compare_result *r, char *err, size_t errsz);

/* dsh_compare's work on a block: frames frames of a and b (interleaved,
 * ch channels), the first of them frame `first` after the skip; the
 * differences are added to r (zeroed before the first block; frames_a,
 * frames_b, compared and bit_exact are the caller's).  Blocks in order
 * give dsh_compare's result. */
void dsh_compare_block(const int32_t *a, const int32_t *b, uint64_t first,
                       uint64_t frames, unsigned ch, dsh_pcm_format fmt,
                       dsh_compare_result *r);
/* d[i] = a[i] - b[i] (Q1.31, saturated) for n samples: the samples of
 * dsh_write_diff_wav. */
void dsh_diff_samples(const int32_t *a, const int32_t *b, size_t n, int32_t *d);

/* Writes a - b (Q1.31, saturated) over the common length as a WAV at fmt,
 * to see where and how outputs differ. */
bool dsh_write_diff_wav(const char *path, const dsh_audio *a,
                        const dsh_audio *b, dsh_pcm_format fmt, char *err,
                        size_t errsz);

#endif

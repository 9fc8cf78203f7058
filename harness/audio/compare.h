/* SPDX-License-Identifier: BSD-3-Clause */
/* Comparison of an output with a reference, in LSBs of a format. */
#ifndef DSH_COMPARE_H
#define DSH_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wav_io.h"

typedef struct dsh_compare_result {
    uint64_t frames_a, frames_b;    /* after skip */
    uint64_t compared;              /* min of the two */
    uint64_t max_diff_lsb;          /* max |a - b| at the format */
    uint64_t n_diff;                /* samples that differ at the format */
    uint64_t first_diff_frame;      /* relative to the skip; valid if n_diff */
    unsigned first_diff_channel;
    bool bit_exact;                 /* equal lengths and no difference */
} dsh_compare_result;

/* Both signals are rounded to fmt (dsh_q31_quantize) and compared sample
 * by sample from frame `skip`.  false + err if the rate or channel count
 * differ (naming both). */
bool dsh_compare(const dsh_audio *a, const dsh_audio *b, dsh_pcm_format fmt,
                 uint64_t skip, dsh_compare_result *r, char *err,
                 size_t errsz);

/* Writes a - b (Q1.31, saturated) over the common length as a WAV at fmt,
 * to see where and how outputs differ. */
bool dsh_write_diff_wav(const char *path, const dsh_audio *a,
                        const dsh_audio *b, dsh_pcm_format fmt, char *err,
                        size_t errsz);

#endif

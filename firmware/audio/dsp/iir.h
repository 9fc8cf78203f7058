/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * IIR EQ kernel: cascade of biquads, direct form II transposed.
 *
 * Stage transfer function, coefficients in Q2.30 (int32_t, [-2, 2)):
 *
 *            b0 + b1 z^-1 + b2 z^-2
 *   H(z) = -------------------------- * 2^-shift
 *             1 + a1 z^-1 + a2 z^-2
 *
 * Per sample and stage (x, y Q1.31; state s1, s2 int64 in Q17.47):
 *   acc = (b0*x >> 14) + s1                       Q.47
 *   y   = sat32(round_half_up(acc >> 16))         Q1.31 (feedback value)
 *   s1  = (b1*x >> 14) - (a1*y >> 14) + s2
 *   s2  = (b2*x >> 14) - (a2*y >> 14)
 *   out = shift >= 0 ? round_half_up(y >> shift) : sat32(y << -shift)
 * The products are exact (iir.c forms them and the sums from 16-bit
 * halves in 32-bit words, bit-identical to 64-bit arithmetic); the state
 * keeps 16 fractional bits below Q1.31 so low-frequency poles do not
 * amplify state rounding into the audio band.  Each stage's y (before the shift)
 * must stay within [-1, 1): scale a boosting stage's b coefficients by
 * 2^-k and set shift = -k.
 *
 * Blob (little-endian, byte-packed; parsed with explicit byte reads):
 *   off  size  field
 *   0    4     magic  "EQIR" (bytes 'E' 'Q' 'I' 'R')
 *   4    2     version = IIR_BLOB_VERSION (1)
 *   6    2     num_stages, 1..IIR_MAX_STAGES
 *   8    24*n  per stage: int32 b0, b1, b2, a1, a2 (Q2.30), int32 shift
 *              (IIR_SHIFT_MIN..IIR_SHIFT_MAX)
 *   total 8 + 24 * num_stages bytes (longer blobs are rejected).
 * One coefficient set serves all channels; state is per channel.
 */
#ifndef AUDIO_DSP_IIR_H
#define AUDIO_DSP_IIR_H

#include <stddef.h>
#include <stdint.h>

#define IIR_MAX_STAGES       8
#define IIR_BLOB_VERSION     1
#define IIR_BLOB_HDR_BYTES   8
#define IIR_BLOB_STAGE_BYTES 24
#define IIR_SHIFT_MIN        (-8)
#define IIR_SHIFT_MAX        31

struct iir_biquad_q2_30 {
    int32_t b0, b1, b2, a1, a2;
    int32_t shift;
};

struct iir_coefs {
    unsigned int num_stages;
    struct iir_biquad_q2_30 stage[IIR_MAX_STAGES];
};

struct iir_state {
    const struct iir_coefs *coefs;
    int64_t s1[IIR_MAX_STAGES];
    int64_t s2[IIR_MAX_STAGES];
};

/* Parse a blob (see above).  Returns 0, or -1 if size, magic, version,
 * stage count or a shift is invalid (coefs is then left unchanged). */
int iir_blob_parse(struct iir_coefs *coefs, const void *blob, size_t bytes);

/* Bind a channel's state to a coefficient set and clear it. */
void iir_init(struct iir_state *st, const struct iir_coefs *coefs);
void iir_reset(struct iir_state *st);

int32_t iir_sample(struct iir_state *st, int32_t x);

/* Filter `frames` frames of `channels` interleaved channels with st[c] on
 * channel c (in == out allowed). */
void iir_process_q1_31(struct iir_state *st, unsigned int channels,
                       int32_t *out, const int32_t *in, size_t frames);

#endif /* AUDIO_DSP_IIR_H */

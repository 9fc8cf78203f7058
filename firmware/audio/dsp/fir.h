/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * FIR kernel: one direct-form FIR per channel, up to FIR_MAX_TAPS taps.
 *
 * Coefficients: int16_t Q1.15 (h[0] applies to the newest sample).
 * Output:       y = sat32(round_half_up(sum h[k] x[n-k] * 2^shift)),
 *               shift in [FIR_SHIFT_MIN, FIR_SHIFT_MAX] (negative =
 *               attenuation), so filters with |gain| > 1 are expressed as
 *               Q1.15 coefficients scaled by 2^-shift.
 * Samples:      Q1.31, interleaved frames; each channel has its own state
 *               (and may share or not share coefficients).
 *
 * Arithmetic: each Q1.31 sample x is stored split in two halves, the
 * signed high half x >> 16 and the low half (x & 0xffff) - 2^15 (both in
 * [-2^15, 2^15)), so x = hi * 2^16 + lo + 2^15.  The products (one MULL
 * each on LX106) go into two 32-bit accumulators over blocks of taps,
 * chosen at init greedily from h[0] on: each block as long as its sum of
 * |h| stays within about 65536 (exactly: no block sum can overflow for
 * any input, fir.c fir_block_fits), cut to a multiple of 4 taps.
 * Block sums are added in 64 bits and 2^15 * sum h once per output, so
 * the sum is exact (bit-exact with a 64-bit reference) and the only
 * rounding is the final one.  Taps scaled to use all 16 bits (the blob's
 * shift as block exponent, harness/exec/exec_blobs.c) need a few more
 * blocks: a 31-tap low-pass 4, a 128-tap one 8.  The cost is ~7 cycles
 * per tap and channel on the board (docs/components.md).  Coefficient
 * quantization to Q1.15 limits the stopband to about -90 dB.
 *
 * Memory: the caller provides FIR_DELAY_WORDS(taps) int32_t of delay line
 * per channel: taps + 1 samples (two outputs are computed per pass), the
 * high halves then the low halves, each stored twice so the convolution
 * is one linear pass.
 */
#ifndef AUDIO_DSP_FIR_H
#define AUDIO_DSP_FIR_H

#include <stddef.h>
#include <stdint.h>

#define FIR_MAX_TAPS          256
#define FIR_SHIFT_MIN         (-15)
#define FIR_SHIFT_MAX         8
#define FIR_DELAY_WORDS(taps) (4u * ((taps) + 1u))

struct fir_state {
    const int16_t *coef_q1_15;
    int32_t *delay; /* FIR_DELAY_WORDS(taps) words */
    unsigned int taps;
    unsigned int len;     /* samples in the line: taps + 1 */
    unsigned int nblocks; /* 32-bit accumulation blocks */
    unsigned int pos;     /* index of the newest sample, 0..len-1 */
    int shift;
    int64_t bias;               /* 2^15 * sum h: the low halves' offset */
    uint8_t blen[FIR_MAX_TAPS]; /* taps of each block, minus 1 */
};

/* Returns -1 for taps outside [1, FIR_MAX_TAPS] or a bad shift.  Clears
 * the delay line. */
int fir_init(struct fir_state *st, const int16_t *coef_q1_15, unsigned int taps,
             int shift, int32_t *delay);
void fir_reset(struct fir_state *st);

/* One sample in, one sample out. */
int32_t fir_sample(struct fir_state *st, int32_t x);

/* Filter `frames` frames of `channels` interleaved channels with st[c] on
 * channel c (in == out allowed). */
void fir_process_q1_31(struct fir_state *st, unsigned int channels,
                       int32_t *out, const int32_t *in, size_t frames);

#endif /* AUDIO_DSP_FIR_H */

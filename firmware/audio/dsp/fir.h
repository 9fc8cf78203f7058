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
 * Arithmetic: each Q1.31 sample is split in a signed high and unsigned low
 * 16-bit half; the products (one MUL16S and one MULL on LX106) go into two
 * 32-bit accumulators over blocks of `block` taps, chosen at init as the
 * longest block length for which every block has sum |h| <= 32768, so no
 * block sum can overflow (|lo * h| sum <= 65535 * 32768 < 2^31); block
 * sums are added in 64 bits.  The sum is therefore exact (bit-exact with a
 * 64-bit reference) and the only rounding is the final one.  Typical
 * filters need 1-4 blocks; the cost is ~8 cycles per tap and channel on
 * the board (docs/components.md).  Coefficient quantization to Q1.15
 * limits the stopband to about -90 dB.
 *
 * Memory: the caller provides FIR_DELAY_WORDS(taps) int32_t of delay line
 * per channel: taps + 1 samples (two outputs are computed per pass), each
 * stored twice so the convolution is one linear pass.
 */
#ifndef AUDIO_DSP_FIR_H
#define AUDIO_DSP_FIR_H

#include <stddef.h>
#include <stdint.h>

#define FIR_MAX_TAPS 256
#define FIR_SHIFT_MIN (-15)
#define FIR_SHIFT_MAX 8
#define FIR_DELAY_WORDS(taps) (2u * ((taps) + 1u))

struct fir_state {
	const int16_t *coef_q1_15;
	int32_t *delay;          /* FIR_DELAY_WORDS(taps) words */
	unsigned int taps;
	unsigned int len;        /* samples in the line: taps + 1 */
	unsigned int block;      /* taps per 32-bit accumulation block */
	unsigned int pos;        /* index of the newest sample, 0..len-1 */
	int shift;
};

/* Returns -1 for taps outside [1, FIR_MAX_TAPS] or a bad shift.  Clears
 * the delay line. */
int fir_init(struct fir_state *st, const int16_t *coef_q1_15,
	     unsigned int taps, int shift, int32_t *delay);
void fir_reset(struct fir_state *st);

/* One sample in, one sample out. */
int32_t fir_sample(struct fir_state *st, int32_t x);

/* Filter `frames` frames of `channels` interleaved channels with st[c] on
 * channel c (in == out allowed). */
void fir_process_q1_31(struct fir_state *st, unsigned int channels,
		       int32_t *out, const int32_t *in, size_t frames);

#endif /* AUDIO_DSP_FIR_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mixer kernel: sums 2..MIX_MAX_INPUTS streams of Q1.31 samples with
 * saturation.  The sum is exact in a 64-bit accumulator and saturated once
 * to [INT32_MIN, INT32_MAX], so the result is the exact saturated sum.
 * Streams must share the frame layout (channels, interleaving); counts are
 * in samples (frames * channels).  out may alias any input.
 */
#ifndef AUDIO_DSP_MIXER_H
#define AUDIO_DSP_MIXER_H

#include <stddef.h>
#include <stdint.h>

#define MIX_MIN_INPUTS 2
#define MIX_MAX_INPUTS 4

/* Returns 0, or -1 if n_in is out of [2, 4]. */
int mix_q1_31(int32_t *out, const int32_t *const in[], unsigned int n_in,
              size_t samples);

/*
 * With a linear gain per input (Q4.28, dsp/gain.h; GAIN_Q4_28_ONE = unity):
 *   out = sat32(sum_k round_half_up(in[k] * gain[k] / 2^28))
 * Each scaled term is exact before its own rounding (the same value the
 * volume kernel gives for that input alone); the sum of the terms is exact
 * in 64 bits and saturated once.  A unity input costs no multiply, so all
 * unity gains give exactly mix_q1_31().  Returns 0, or -1 as above.
 */
int mix_gain_q1_31(int32_t *out, const int32_t *const in[],
                   const int32_t gain_q4_28[], unsigned int n_in,
                   size_t samples);

#endif /* AUDIO_DSP_MIXER_H */

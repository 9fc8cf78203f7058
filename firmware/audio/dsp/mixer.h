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

#endif /* AUDIO_DSP_MIXER_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mixer component (dsp/mixer.h): sums num_inputs (2..4) streams with one
 * saturation.  Every input and the output must have the same rate,
 * channels and format (AUD_E_MISMATCH).  Frames per copy: the minimum
 * available over all inputs (and free at the output), up to one period.
 *
 * Per-input gains (dB Q8.8, -120..+18 dB, else AUD_E_RANGE; input i is
 * the i-th buffer connected to the mixer): given at create (the whole
 * 20-byte config; gains of inputs >= num_inputs must be 0, else
 * AUD_E_CONFIG; a 4-byte config = all 0 dB) and by the control
 * COMP_CTL_MIXER_GAIN (int32_t[n], 1 <= n <= num_inputs: inputs 0..n-1,
 * else AUD_E_CONFIG; get returns all num_inputs).  A change applies from
 * the next period, without a ramp (put a volume before the mixer for
 * ramps).  Arithmetic: mix_gain_q1_31() (dsp/mixer.h); all 0 dB is the
 * plain exact saturated sum.
 */
#ifndef AUDIO_COMP_MIXER_H
#define AUDIO_COMP_MIXER_H

#include <stdint.h>

struct comp_mixer_config {
    uint32_t num_inputs;     /* MIX_MIN_INPUTS..MIX_MAX_INPUTS */
    int32_t gain_db_q8_8[4]; /* per input; optional (see above) */
};

#endif /* AUDIO_COMP_MIXER_H */

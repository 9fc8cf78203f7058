/*
 * Mixer component (dsp/mixer.h): sums num_inputs (2..4) streams with one
 * saturation.  Every input and the output must have the same rate,
 * channels and format (AUD_E_MISMATCH).  Frames per copy: the minimum
 * available over all inputs (and free at the output), up to one period.
 * No controls.
 */
#ifndef AUDIO_COMP_MIXER_H
#define AUDIO_COMP_MIXER_H

#include <stdint.h>

struct comp_mixer_config {
	uint32_t num_inputs;            /* MIX_MIN_INPUTS..MIX_MAX_INPUTS */
};

#endif /* AUDIO_COMP_MIXER_H */

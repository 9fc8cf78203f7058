/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Tone component (dsp/tone.h): a source (no input, one output) generating
 * a sine, the same sample in every channel.  freq_q16_16 is Hz Q16.16 and
 * must be below rate / 2 of the output (checked at set_params and by the
 * control: AUD_E_RANGE); ampl_q1_31 is the linear peak, 0..0x7fffffff.
 * START and RESET restart the phase at 0.
 *
 * Controls: COMP_CTL_TONE_FREQ uint32_t Hz Q16.16,
 *           COMP_CTL_TONE_AMPL int32_t Q1.31 (>= 0).
 */
#ifndef AUDIO_COMP_TONE_H
#define AUDIO_COMP_TONE_H

#include <stdint.h>

struct comp_tone_config {
    uint32_t freq_q16_16;
    int32_t ampl_q1_31;
};

#endif /* AUDIO_COMP_TONE_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Sample-rate converter component (dsp/src.h): one input at rate_in_hz,
 * one output at rate_out_hz; both must be one of the twelve rates of
 * dsp/src.h (8000 .. 192000 Hz) and differ, else AUD_E_RATE at create
 * (src_plan: a chain of up to SRC_MAX_STAGES stages).  At set_params the buffers' rates must equal the config
 * (AUD_E_RATE); channels and format must match (AUD_E_MISMATCH).
 *
 * Lead: after START the component first puts out
 * src_chain_lead_frames() frames of silence (a few frames: rate_out /
 * rate_in + stages + 1), so that a sink taking its whole period on the
 * output's schedule never finds fewer frames than it needs when the
 * converter's output falls behind it (a 44.1 kHz-family input carries 44
 * or 45 frames a period).  The harness removes it with the group delay.
 *
 * Frames per period: the input side reads at most in.period_frames (what
 * is available), the output side writes at most out.period_frames (what
 * fits); input the kernel did not consume stays in the input buffer.
 * With a pipeline period P µs these are rate * P / 10^6 on each side.
 * Memory: src_chain_words() int32_t (every stage's delay line and the
 * buffers between stages, for blocks of in.period_frames; more than
 * SRC_MAX_BLOCK frames is AUD_E_PERIOD), 2 periods of scratch.
 */
#ifndef AUDIO_COMP_SRC_H
#define AUDIO_COMP_SRC_H

#include <stdint.h>

struct comp_src_config {
	uint32_t rate_in_hz;
	uint32_t rate_out_hz;
};

#endif /* AUDIO_COMP_SRC_H */

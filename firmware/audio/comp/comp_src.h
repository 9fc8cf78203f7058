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
 * Config: 8 bytes (rates) or 12 (rates, quality); other sizes AUD_E_CONFIG.
 * Memory: src_chain_words() int32_t (every stage's delay line and the
 * buffers between stages, for blocks of in.period_frames; more than
 * SRC_MAX_BLOCK frames is AUD_E_PERIOD), 2 periods of scratch.
 */
#ifndef AUDIO_COMP_SRC_H
#define AUDIO_COMP_SRC_H

#include <stdint.h>

/* Quality (protocol 1.6; an 8-byte config without it is the default):
 * COMP_SRC_QUALITY_DEFAULT the Q1.14 delay line (THD+N about -86 dB on a
 * 24-bit sine), COMP_SRC_QUALITY_HIGH the 28-bit delay line and 23/25-bit
 * coefficients of dsp/src_hq.c (about 3x the cycles, twice the delay
 * line; docs/components.md "SRC").  Any other value is AUD_E_RANGE. */
#define COMP_SRC_QUALITY_DEFAULT 0u
#define COMP_SRC_QUALITY_HIGH    1u

struct comp_src_config {
    uint32_t rate_in_hz;
    uint32_t rate_out_hz;
    uint32_t quality; /* COMP_SRC_QUALITY_* */
};

#endif /* AUDIO_COMP_SRC_H */

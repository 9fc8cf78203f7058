/*
 * Sample-rate converter component (dsp/src.h): one input at rate_in_hz,
 * one output at rate_out_hz; the pair must be one of the dsp/src.h
 * conversions (48000 <-> 44100, 32000, 16000, 8000), else AUD_E_RATE at
 * create.  At set_params the buffers' rates must equal the config
 * (AUD_E_RATE); channels and format must match (AUD_E_MISMATCH).
 *
 * Frames per period: the input side reads at most in.period_frames (what
 * is available), the output side writes at most out.period_frames (what
 * fits); input the kernel did not consume stays in the input buffer.
 * With a pipeline period P µs these are rate * P / 10^6 on each side.
 * Memory: src_delay_words() int32_t of delay line, 2 periods of scratch.
 */
#ifndef AUDIO_COMP_SRC_H
#define AUDIO_COMP_SRC_H

#include <stdint.h>

struct comp_src_config {
	uint32_t rate_in_hz;
	uint32_t rate_out_hz;
};

#endif /* AUDIO_COMP_SRC_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/* Pass-through / format conversion component. */
#include "comp/comp.h"
#include "comp/comp_convert.h"

static int convert_create(struct comp_dev *dev, const void *config,
                          size_t bytes)
{
    (void)dev;
    (void)config;
    return bytes ? AUD_E_CONFIG : AUD_OK;
}

static int convert_set_params(struct comp_dev *dev,
                              const struct audio_stream_params *in,
                              const struct audio_stream_params *out)
{
    if (in->rate_hz != out->rate_hz || in->channels != out->channels)
        return AUD_E_MISMATCH;
    return comp_scratch_alloc(dev, (size_t)in->period_frames * in->channels);
}

static int convert_copy(struct comp_dev *dev)
{
    uint32_t n = comp_frames_avail(dev, dev->in_params.period_frames);

    if (n == 0)
        return AUD_OK;
    audio_buffer_read_q1_31(dev->in[0], dev->scratch, n);
    return audio_buffer_write_q1_31(dev->out[0], dev->scratch, n);
}

const struct comp_driver comp_convert_driver = {
	.type = COMP_TYPE_CONVERT,
	.name = "convert",
	.ops = {
		.create = convert_create,
		.set_params = convert_set_params,
		.copy = convert_copy,
	},
};

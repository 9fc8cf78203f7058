/* Mixer component: glue over the dsp/mixer.h kernel. */
#include "comp/comp.h"
#include "comp/comp_mixer.h"

#include <string.h>

#include "dsp/mixer.h"

static int mixer_create(struct comp_dev *dev, const void *config,
			size_t bytes)
{
	struct comp_mixer_config c;

	if (bytes != sizeof(c))
		return AUD_E_CONFIG;
	memcpy(&c, config, sizeof(c));
	if (c.num_inputs < MIX_MIN_INPUTS || c.num_inputs > MIX_MAX_INPUTS)
		return AUD_E_CONFIG;
	dev->min_in = (uint8_t)c.num_inputs;
	dev->max_in = (uint8_t)c.num_inputs;
	return AUD_OK;
}

static int mixer_set_params(struct comp_dev *dev,
			    const struct audio_stream_params *in,
			    const struct audio_stream_params *out)
{
	if (in->rate_hz != out->rate_hz || in->channels != out->channels ||
	    in->fmt != out->fmt)
		return AUD_E_MISMATCH;
	return comp_scratch_alloc(dev, (size_t)dev->max_in *
				  in->period_frames * in->channels);
}

static int mixer_copy(struct comp_dev *dev)
{
	const int32_t *in[MIX_MAX_INPUTS];
	size_t stride = (size_t)dev->in_params.period_frames *
			dev->in_params.channels;
	uint32_t n = comp_frames_avail(dev, dev->in_params.period_frames);

	if (n == 0)
		return AUD_OK;
	for (unsigned int i = 0; i < dev->n_in; i++) {
		audio_buffer_read_q1_31(dev->in[i], dev->scratch + i * stride, n);
		in[i] = dev->scratch + i * stride;
	}
	mix_q1_31(dev->scratch, in, dev->n_in,
		  (size_t)n * dev->in_params.channels);
	return audio_buffer_write_q1_31(dev->out[0], dev->scratch, n);
}

const struct comp_driver comp_mixer_driver = {
	.type = COMP_TYPE_MIXER,
	.name = "mixer",
	.ops = {
		.create = mixer_create,
		.set_params = mixer_set_params,
		.copy = mixer_copy,
	},
};

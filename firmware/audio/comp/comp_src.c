/* SRC component: glue over the dsp/src.h kernel. */
#include "comp/comp.h"
#include "comp/comp_src.h"

#include <string.h>

#include "dsp/src.h"

struct src_priv {
	const struct src_conv *conv;
	int32_t *delay;
	struct src_state st;
};

static int src_create(struct comp_dev *dev, const void *config, size_t bytes)
{
	struct comp_src_config c;
	struct src_priv *p;

	if (bytes != sizeof(c))
		return AUD_E_CONFIG;
	memcpy(&c, config, sizeof(c));
	p = audio_alloc(dev->alloc, sizeof(*p), 0);
	if (!p)
		return AUD_E_NOMEM;
	memset(p, 0, sizeof(*p));
	p->conv = src_find(c.rate_in_hz, c.rate_out_hz);
	if (!p->conv) {
		audio_free(dev->alloc, p);
		return AUD_E_RATE;
	}
	dev->priv = p;
	return AUD_OK;
}

static void src_free(struct comp_dev *dev)
{
	struct src_priv *p = dev->priv;

	audio_free(dev->alloc, p->delay);
}

static int src_set_params(struct comp_dev *dev,
			  const struct audio_stream_params *in,
			  const struct audio_stream_params *out)
{
	struct src_priv *p = dev->priv;
	int32_t *delay;
	int ret;

	if (in->rate_hz != p->conv->rate_in || out->rate_hz != p->conv->rate_out)
		return AUD_E_RATE;
	if (in->channels != out->channels || in->fmt != out->fmt)
		return AUD_E_MISMATCH;
	delay = audio_alloc(dev->alloc, src_delay_words(p->conv, in->channels) *
			    sizeof(int32_t), 0);
	if (!delay)
		return AUD_E_NOMEM;
	ret = comp_scratch_alloc(dev, (size_t)(in->period_frames +
				 out->period_frames) * in->channels);
	if (ret) {
		audio_free(dev->alloc, delay);
		return ret;
	}
	audio_free(dev->alloc, p->delay);
	p->delay = delay;
	src_init(&p->st, p->conv, in->channels, delay);
	return AUD_OK;
}

static int src_trigger(struct comp_dev *dev, enum comp_trigger_cmd cmd)
{
	struct src_priv *p = dev->priv;

	if ((cmd == COMP_TRIGGER_START || cmd == COMP_TRIGGER_RESET) &&
	    p->delay)
		src_reset(&p->st);
	return AUD_OK;
}

static int src_copy(struct comp_dev *dev)
{
	struct src_priv *p = dev->priv;
	uint32_t in_n = audio_buffer_avail(dev->in[0]);
	uint32_t out_n = audio_buffer_free_frames(dev->out[0]);
	int32_t *in = dev->scratch;
	int32_t *out = dev->scratch + (size_t)dev->in_params.period_frames *
		       dev->in_params.channels;
	size_t consumed, produced;

	if (in_n > dev->in_params.period_frames)
		in_n = dev->in_params.period_frames;
	if (out_n > dev->out_params.period_frames)
		out_n = dev->out_params.period_frames;
	if (in_n == 0 || out_n == 0)
		return AUD_OK;
	audio_buffer_peek_q1_31(dev->in[0], in, in_n);
	src_process_q1_31(&p->st, out, out_n, in, in_n, &consumed, &produced);
	audio_buffer_consume(dev->in[0], (uint32_t)consumed);
	return audio_buffer_write_q1_31(dev->out[0], out, (uint32_t)produced);
}

const struct comp_driver comp_src_driver = {
	.type = COMP_TYPE_SRC,
	.name = "src",
	.ops = {
		.create = src_create,
		.free = src_free,
		.set_params = src_set_params,
		.trigger = src_trigger,
		.copy = src_copy,
	},
};

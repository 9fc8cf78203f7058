/* SPDX-License-Identifier: BSD-3-Clause */
/* SRC component: glue over the dsp/src.h kernel. */
#include "comp/comp.h"
#include "comp/comp_src.h"

#include <stddef.h>
#include <string.h>

#include "dsp/src.h"

static const struct comp_driver comp_src_hq_driver;

struct src_priv {
    int32_t *mem;        /* the chain's delay lines and buffers */
    struct src_chain ch; /* planned at create, set up at params */
    uint32_t lead;       /* silence frames still to put out first */
};

static int src_create(struct comp_dev *dev, const void *config, size_t bytes)
{
    struct comp_src_config c = { 0, 0, COMP_SRC_QUALITY_DEFAULT };
    struct src_priv *p;

    /* 8 bytes (rates only, protocol 1.1) or 12 (1.6: and quality) */
    if (bytes != offsetof(struct comp_src_config, quality) &&
        bytes != sizeof(c))
        return AUD_E_CONFIG;
    memcpy(&c, config, bytes);
    if (c.quality != COMP_SRC_QUALITY_DEFAULT &&
        c.quality != COMP_SRC_QUALITY_HIGH)
        return AUD_E_RANGE;
    p = audio_alloc(dev->alloc, sizeof(*p), 0);
    if (!p)
        return AUD_E_NOMEM;
    memset(p, 0, sizeof(*p));
    if (src_plan(&p->ch, c.rate_in_hz, c.rate_out_hz)) {
        audio_free(dev->alloc, p);
        return AUD_E_RATE;
    }
    if (c.quality == COMP_SRC_QUALITY_HIGH) {
        p->ch.quality = SRC_QUALITY_HIGH;
        dev->drv = &comp_src_hq_driver;
    }
    dev->priv = p;
    return AUD_OK;
}

static void src_free(struct comp_dev *dev)
{
    struct src_priv *p = dev->priv;

    audio_free(dev->alloc, p->mem);
}

static int src_set_params(struct comp_dev *dev,
                          const struct audio_stream_params *in,
                          const struct audio_stream_params *out)
{
    struct src_priv *p = dev->priv;
    size_t words;
    int32_t *mem;
    int ret;

    if (in->rate_hz != p->ch.rate[0] || out->rate_hz != p->ch.rate[p->ch.n])
        return AUD_E_RATE;
    if (in->channels != out->channels || in->fmt != out->fmt)
        return AUD_E_MISMATCH;
    words = src_chain_words(&p->ch, in->channels, in->period_frames);
    if (!words)
        return AUD_E_PERIOD;
    mem = audio_alloc(dev->alloc, words * sizeof(int32_t), 0);
    if (!mem)
        return AUD_E_NOMEM;
    ret = comp_scratch_alloc(
        dev, (size_t)(in->period_frames + out->period_frames) * in->channels);
    if (ret) {
        audio_free(dev->alloc, mem);
        return ret;
    }
    audio_free(dev->alloc, p->mem);
    p->mem = mem;
    src_chain_init(&p->ch, in->channels, in->period_frames, mem);
    return AUD_OK;
}

static int src_trigger(struct comp_dev *dev, enum comp_trigger_cmd cmd)
{
    struct src_priv *p = dev->priv;

    if ((cmd == COMP_TRIGGER_START || cmd == COMP_TRIGGER_RESET) && p->mem) {
        src_chain_reset(&p->ch);
        p->lead = src_chain_lead_frames(&p->ch);
    }
    return AUD_OK;
}

typedef void src_chain_fn(struct src_chain *ch, int32_t *out, size_t out_frames,
                          const int32_t *in, size_t in_frames, size_t *consumed,
                          size_t *produced);

/* One period through the chain with `process` (the default or the
 * quality=high stages: two copy ops, so the default's stays as it was). */
static inline __attribute__((always_inline)) int
src_copy_with(struct comp_dev *dev, src_chain_fn *process)
{
    struct src_priv *p = dev->priv;
    uint32_t in_n = audio_buffer_avail(dev->in[0]);
    uint32_t out_n = audio_buffer_free_frames(dev->out[0]);
    int32_t *in = dev->scratch;
    int32_t *out = dev->scratch + (size_t)dev->in_params.period_frames *
                                      dev->in_params.channels;
    size_t consumed, produced;

    if (p->lead && out_n) {
        /* the lead: silence before the first converted frame */
        uint32_t n = p->lead < out_n ? p->lead : out_n;

        audio_buffer_write_silence(dev->out[0], n);
        p->lead -= n;
        out_n -= n;
    }
    if (in_n > dev->in_params.period_frames)
        in_n = dev->in_params.period_frames;
    if (out_n > dev->out_params.period_frames)
        out_n = dev->out_params.period_frames;
    if (in_n == 0 || out_n == 0)
        return AUD_OK;
    audio_buffer_peek_q1_31(dev->in[0], in, in_n);
    process(&p->ch, out, out_n, in, in_n, &consumed, &produced);
    audio_buffer_consume(dev->in[0], (uint32_t)consumed);
    return audio_buffer_write_q1_31(dev->out[0], out, (uint32_t)produced);
}

/* quality=high: its own stages (src_conv_hq_table) before the chain's
 * memory is sized (here, so that src_create stays the default's) */
static int src_set_params_hq(struct comp_dev *dev,
                             const struct audio_stream_params *in,
                             const struct audio_stream_params *out)
{
    struct src_priv *p = dev->priv;

    src_chain_set_quality(&p->ch, SRC_QUALITY_HIGH);
    return src_set_params(dev, in, out);
}

static int src_copy(struct comp_dev *dev)
{
    return src_copy_with(dev, src_chain_process);
}

static int src_copy_hq(struct comp_dev *dev)
{
    return src_copy_with(dev, src_chain_process_q);
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

/* quality=high: src_create puts an instance on this driver (the same but
 * for set_params and copy); not in the registry */
static const struct comp_driver comp_src_hq_driver = {
	.type = COMP_TYPE_SRC,
	.name = "src",
	.ops = {
		.create = src_create,
		.free = src_free,
		.set_params = src_set_params_hq,
		.trigger = src_trigger,
		.copy = src_copy_hq,
	},
};

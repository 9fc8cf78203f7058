/* SPDX-License-Identifier: BSD-3-Clause */
/* IIR EQ component: glue over the dsp/iir.h kernel. */
#include "comp/comp.h"
#include "comp/comp_eq_iir.h"

#include <string.h>

struct eq_iir_priv {
    struct iir_coefs coefs;
    struct iir_state st[AUDIO_MAX_CHANNELS];
    uint8_t blob[COMP_EQ_IIR_BLOB_MAX];
    uint32_t blob_bytes;
};

static void eq_iir_reset(struct eq_iir_priv *p)
{
    for (unsigned int c = 0; c < AUDIO_MAX_CHANNELS; c++)
        iir_init(&p->st[c], &p->coefs);
}

static int eq_iir_load(struct eq_iir_priv *p, const void *blob, size_t bytes)
{
    if (!blob || bytes > COMP_EQ_IIR_BLOB_MAX ||
        iir_blob_parse(&p->coefs, blob, bytes))
        return AUD_E_BLOB;
    memcpy(p->blob, blob, bytes);
    p->blob_bytes = (uint32_t)bytes;
    eq_iir_reset(p);
    return AUD_OK;
}

static int eq_iir_create(struct comp_dev *dev, const void *config, size_t bytes)
{
    struct eq_iir_priv *p = audio_alloc(dev->alloc, sizeof(*p), 0);
    int ret;

    if (!p)
        return AUD_E_NOMEM;
    memset(p, 0, sizeof(*p));
    ret = eq_iir_load(p, config, bytes);
    if (ret) {
        audio_free(dev->alloc, p);
        return ret;
    }
    dev->priv = p;
    return AUD_OK;
}

static int eq_iir_set_params(struct comp_dev *dev,
                             const struct audio_stream_params *in,
                             const struct audio_stream_params *out)
{
    if (in->rate_hz != out->rate_hz || in->channels != out->channels ||
        in->fmt != out->fmt)
        return AUD_E_MISMATCH;
    return comp_scratch_alloc(dev, (size_t)in->period_frames * in->channels);
}

static int eq_iir_trigger(struct comp_dev *dev, enum comp_trigger_cmd cmd)
{
    if (cmd == COMP_TRIGGER_START || cmd == COMP_TRIGGER_RESET)
        eq_iir_reset(dev->priv);
    return AUD_OK;
}

static int eq_iir_copy(struct comp_dev *dev)
{
    struct eq_iir_priv *p = dev->priv;
    uint32_t n = comp_frames_avail(dev, dev->in_params.period_frames);

    if (n == 0)
        return AUD_OK;
    audio_buffer_read_q1_31(dev->in[0], dev->scratch, n);
    iir_process_q1_31(p->st, dev->in_params.channels, dev->scratch,
                      dev->scratch, n);
    return audio_buffer_write_q1_31(dev->out[0], dev->scratch, n);
}

static int eq_iir_set_control(struct comp_dev *dev, enum comp_ctl ctl,
                              const void *data, size_t bytes)
{
    if (ctl != COMP_CTL_BLOB)
        return AUD_E_CONTROL;
    return eq_iir_load(dev->priv, data, bytes);
}

static int eq_iir_get_control(struct comp_dev *dev, enum comp_ctl ctl,
                              void *data, size_t *bytes)
{
    struct eq_iir_priv *p = dev->priv;

    return comp_blob_get(ctl, p->blob, p->blob_bytes, data, bytes);
}

const struct comp_driver comp_eq_iir_driver = {
	.type = COMP_TYPE_EQ_IIR,
	.name = "eq_iir",
	.ops = {
		.create = eq_iir_create,
		.set_params = eq_iir_set_params,
		.trigger = eq_iir_trigger,
		.copy = eq_iir_copy,
		.set_control = eq_iir_set_control,
		.get_control = eq_iir_get_control,
	},
};

/* SPDX-License-Identifier: BSD-3-Clause */
/* Mixer component: glue over the dsp/mixer.h kernel. */
#include "comp/comp.h"
#include "comp/comp_mixer.h"

#include <stdbool.h>
#include <string.h>

#include "dsp/gain.h"
#include "dsp/mixer.h"

struct mixer_priv {
    int32_t gain_db_q8_8[MIX_MAX_INPUTS];
    int32_t gain_q4_28[MIX_MAX_INPUTS];
    bool unity; /* every gain is 0 dB */
};

/* Set gains 0..n-1 (already checked). */
static void mixer_set_gains(struct mixer_priv *p, const int32_t *db,
                            unsigned int n)
{
    for (unsigned int i = 0; i < n; i++) {
        p->gain_db_q8_8[i] = db[i];
        p->gain_q4_28[i] = db[i] ? gain_db_to_lin_q4_28(db[i]) : GAIN_Q4_28_ONE;
    }
    p->unity = true;
    for (unsigned int i = 0; i < MIX_MAX_INPUTS; i++)
        p->unity &= p->gain_q4_28[i] == GAIN_Q4_28_ONE;
}

static int mixer_create(struct comp_dev *dev, const void *config, size_t bytes)
{
    struct comp_mixer_config c = { 0 };
    struct mixer_priv *p;

    if (bytes != sizeof(c.num_inputs) && bytes != sizeof(c))
        return AUD_E_CONFIG;
    memcpy(&c, config, bytes);
    if (c.num_inputs < MIX_MIN_INPUTS || c.num_inputs > MIX_MAX_INPUTS)
        return AUD_E_CONFIG;
    for (unsigned int i = 0; i < MIX_MAX_INPUTS; i++)
        if (i >= c.num_inputs && c.gain_db_q8_8[i])
            return AUD_E_CONFIG; /* no such input */
        else if (!gain_db_in_range(c.gain_db_q8_8[i]))
            return AUD_E_RANGE;
    p = audio_alloc(dev->alloc, sizeof(*p), 0);
    if (!p)
        return AUD_E_NOMEM;
    memset(p, 0, sizeof(*p));
    for (unsigned int i = 0; i < MIX_MAX_INPUTS; i++)
        p->gain_q4_28[i] = GAIN_Q4_28_ONE;
    mixer_set_gains(p, c.gain_db_q8_8, c.num_inputs);
    dev->priv = p;
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
    return comp_scratch_alloc(dev, (size_t)dev->max_in * in->period_frames *
                                       in->channels);
}

static int mixer_copy(struct comp_dev *dev)
{
    const struct mixer_priv *p = dev->priv;
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
    if (p->unity)
        mix_q1_31(dev->scratch, in, dev->n_in,
                  (size_t)n * dev->in_params.channels);
    else
        mix_gain_q1_31(dev->scratch, in, p->gain_q4_28, dev->n_in,
                       (size_t)n * dev->in_params.channels);
    return audio_buffer_write_q1_31(dev->out[0], dev->scratch, n);
}

static int mixer_set_control(struct comp_dev *dev, enum comp_ctl ctl,
                             const void *data, size_t bytes)
{
    int32_t g[MIX_MAX_INPUTS];
    size_t n = bytes / sizeof(int32_t);

    if (ctl != COMP_CTL_MIXER_GAIN)
        return AUD_E_CONTROL;
    if (bytes % sizeof(int32_t) || n < 1 || n > dev->max_in)
        return AUD_E_CONFIG;
    memcpy(g, data, bytes);
    for (size_t i = 0; i < n; i++)
        if (!gain_db_in_range(g[i]))
            return AUD_E_RANGE;
    mixer_set_gains(dev->priv, g, (unsigned int)n);
    return AUD_OK;
}

static int mixer_get_control(struct comp_dev *dev, enum comp_ctl ctl,
                             void *data, size_t *bytes)
{
    const struct mixer_priv *p = dev->priv;
    size_t n = dev->max_in * sizeof(int32_t);

    if (ctl != COMP_CTL_MIXER_GAIN)
        return AUD_E_CONTROL;
    if (*bytes < n)
        return AUD_E_CONFIG;
    memcpy(data, p->gain_db_q8_8, n);
    *bytes = n;
    return AUD_OK;
}

const struct comp_driver comp_mixer_driver = {
	.type = COMP_TYPE_MIXER,
	.name = "mixer",
	.ops = {
		.create = mixer_create,
		.set_params = mixer_set_params,
		.copy = mixer_copy,
		.set_control = mixer_set_control,
		.get_control = mixer_get_control,
	},
};

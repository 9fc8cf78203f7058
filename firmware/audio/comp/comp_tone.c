/* SPDX-License-Identifier: BSD-3-Clause */
/* Tone component: glue over the dsp/tone.h kernel. */
#include "comp/comp.h"
#include "comp/comp_tone.h"

#include <string.h>

#include "dsp/tone.h"

struct tone_priv {
    struct comp_tone_config cfg;
    struct tone_state tone;
};

static int tone_create(struct comp_dev *dev, const void *config, size_t bytes)
{
    struct tone_priv *p;
    struct comp_tone_config c;

    if (bytes != sizeof(c))
        return AUD_E_CONFIG;
    memcpy(&c, config, sizeof(c));
    if (c.ampl_q1_31 < 0 || (c.freq_q16_16 >> 16) >= AUDIO_RATE_MAX_HZ / 2)
        return AUD_E_RANGE;
    p = audio_alloc(dev->alloc, sizeof(*p), 0);
    if (!p)
        return AUD_E_NOMEM;
    memset(p, 0, sizeof(*p));
    p->cfg = c;
    dev->priv = p;
    dev->min_in = 0;
    dev->max_in = 0;
    return AUD_OK;
}

static int tone_set_params(struct comp_dev *dev,
                           const struct audio_stream_params *in,
                           const struct audio_stream_params *out)
{
    struct tone_priv *p = dev->priv;
    struct tone_state t;
    int ret;

    (void)in;
    if (tone_init(&t, out->rate_hz, out->channels) ||
        tone_set_freq(&t, p->cfg.freq_q16_16))
        return AUD_E_RANGE;
    ret = comp_scratch_alloc(dev, (size_t)out->period_frames * out->channels);
    if (ret)
        return ret;
    tone_set_ampl(&t, p->cfg.ampl_q1_31);
    p->tone = t;
    return AUD_OK;
}

static int tone_trigger(struct comp_dev *dev, enum comp_trigger_cmd cmd)
{
    struct tone_priv *p = dev->priv;

    if ((cmd == COMP_TRIGGER_START || cmd == COMP_TRIGGER_RESET) &&
        dev->state != COMP_STATE_INIT)
        tone_reset_phase(&p->tone);
    return AUD_OK;
}

static int tone_copy(struct comp_dev *dev)
{
    struct tone_priv *p = dev->priv;
    uint32_t n = comp_frames_avail(dev, dev->out_params.period_frames);

    if (n == 0)
        return AUD_OK;
    tone_generate_q1_31(&p->tone, dev->scratch, n);
    return audio_buffer_write_q1_31(dev->out[0], dev->scratch, n);
}

static int tone_set_control(struct comp_dev *dev, enum comp_ctl ctl,
                            const void *data, size_t bytes)
{
    struct tone_priv *p = dev->priv;
    uint32_t f;
    int32_t a;

    switch (ctl) {
    case COMP_CTL_TONE_FREQ:
        if (bytes != sizeof(f))
            return AUD_E_CONFIG;
        memcpy(&f, data, sizeof(f));
        if (dev->state != COMP_STATE_INIT) {
            if (tone_set_freq(&p->tone, f))
                return AUD_E_RANGE;
        } else if ((f >> 16) >= AUDIO_RATE_MAX_HZ / 2) {
            return AUD_E_RANGE;
        }
        p->cfg.freq_q16_16 = f;
        return AUD_OK;
    case COMP_CTL_TONE_AMPL:
        if (bytes != sizeof(a))
            return AUD_E_CONFIG;
        memcpy(&a, data, sizeof(a));
        if (a < 0)
            return AUD_E_RANGE;
        p->cfg.ampl_q1_31 = a;
        tone_set_ampl(&p->tone, a);
        return AUD_OK;
    default:
        return AUD_E_CONTROL;
    }
}

static int tone_get_control(struct comp_dev *dev, enum comp_ctl ctl, void *data,
                            size_t *bytes)
{
    struct tone_priv *p = dev->priv;

    if (ctl != COMP_CTL_TONE_FREQ && ctl != COMP_CTL_TONE_AMPL)
        return AUD_E_CONTROL;
    if (*bytes < sizeof(uint32_t))
        return AUD_E_CONFIG;
    if (ctl == COMP_CTL_TONE_FREQ)
        memcpy(data, &p->cfg.freq_q16_16, sizeof(uint32_t));
    else
        memcpy(data, &p->cfg.ampl_q1_31, sizeof(int32_t));
    *bytes = sizeof(uint32_t);
    return AUD_OK;
}

const struct comp_driver comp_tone_driver = {
	.type = COMP_TYPE_TONE,
	.name = "tone",
	.ops = {
		.create = tone_create,
		.set_params = tone_set_params,
		.trigger = tone_trigger,
		.copy = tone_copy,
		.set_control = tone_set_control,
		.get_control = tone_get_control,
	},
};

/* SPDX-License-Identifier: BSD-3-Clause */
/* Volume component: glue over the dsp/volume.h kernel. */
#include "comp/comp.h"
#include "comp/comp_volume.h"

#include <string.h>

#include "dsp/gain.h"
#include "dsp/volume.h"

struct volume_priv {
    struct comp_volume_config cfg;
    struct vol_state vol;
};

static int check_config(const struct comp_volume_config *c)
{
    for (unsigned int i = 0; i < AUDIO_MAX_CHANNELS; i++)
        if (!gain_db_in_range(c->gain_db_q8_8[i]))
            return AUD_E_RANGE;
    if (c->ramp_ms > COMP_VOLUME_RAMP_MS_MAX || c->mute > 1)
        return AUD_E_RANGE;
    return AUD_OK;
}

/* Kernel at the configured gains, no ramp in progress. */
static void vol_load(struct volume_priv *p, unsigned int channels,
                     uint32_t rate)
{
    vol_init(&p->vol, channels);
    for (unsigned int c = 0; c < channels; c++)
        vol_set_gain_db(&p->vol, c, p->cfg.gain_db_q8_8[c]);
    vol_set_mute(&p->vol, p->cfg.mute != 0);
    vol_set_ramp_frames(&p->vol,
                        rate ? vol_ramp_frames(p->cfg.ramp_ms, rate) : 0);
}

static int volume_create(struct comp_dev *dev, const void *config, size_t bytes)
{
    struct volume_priv *p;
    int ret;

    if (bytes != sizeof(struct comp_volume_config))
        return AUD_E_CONFIG;
    ret = check_config(config);
    if (ret)
        return ret;
    p = audio_alloc(dev->alloc, sizeof(*p), 0);
    if (!p)
        return AUD_E_NOMEM;
    memcpy(&p->cfg, config, sizeof(p->cfg));
    vol_load(p, AUDIO_MAX_CHANNELS, 0);
    dev->priv = p;
    return AUD_OK;
}

static int volume_set_params(struct comp_dev *dev,
                             const struct audio_stream_params *in,
                             const struct audio_stream_params *out)
{
    struct volume_priv *p = dev->priv;
    int ret;

    if (in->rate_hz != out->rate_hz || in->channels != out->channels ||
        in->fmt != out->fmt)
        return AUD_E_MISMATCH;
    ret = comp_scratch_alloc(dev, (size_t)in->period_frames * in->channels);
    if (ret)
        return ret;
    vol_load(p, in->channels, in->rate_hz);
    return AUD_OK;
}

static int volume_trigger(struct comp_dev *dev, enum comp_trigger_cmd cmd)
{
    struct volume_priv *p = dev->priv;

    if (cmd == COMP_TRIGGER_START || cmd == COMP_TRIGGER_RESET)
        vol_load(p,
                 dev->in_params.channels ? dev->in_params.channels
                                         : AUDIO_MAX_CHANNELS,
                 dev->in_params.rate_hz);
    return AUD_OK;
}

static int volume_copy(struct comp_dev *dev)
{
    struct volume_priv *p = dev->priv;
    uint32_t n = comp_frames_avail(dev, dev->in_params.period_frames);

    if (n == 0)
        return AUD_OK;
    audio_buffer_read_q1_31(dev->in[0], dev->scratch, n);
    vol_process_q1_31(&p->vol, dev->scratch, dev->scratch, n);
    return audio_buffer_write_q1_31(dev->out[0], dev->scratch, n);
}

static int volume_set_control(struct comp_dev *dev, enum comp_ctl ctl,
                              const void *data, size_t bytes)
{
    struct volume_priv *p = dev->priv;
    unsigned int ch = dev->in_params.channels ? dev->in_params.channels
                                              : AUDIO_MAX_CHANNELS;
    uint32_t v;

    switch (ctl) {
    case COMP_CTL_VOLUME_GAIN: {
        int32_t g[AUDIO_MAX_CHANNELS];
        size_t n = bytes / sizeof(int32_t);

        if (bytes % sizeof(int32_t) || n < 1 || n > ch)
            return AUD_E_CONFIG;
        memcpy(g, data, bytes);
        for (size_t i = 0; i < n; i++)
            if (!gain_db_in_range(g[i]))
                return AUD_E_RANGE;
        for (size_t i = 0; i < n; i++) {
            p->cfg.gain_db_q8_8[i] = g[i];
            vol_set_gain_db(&p->vol, (unsigned int)i, g[i]);
        }
        return AUD_OK;
    }
    case COMP_CTL_VOLUME_MUTE:
        if (bytes != sizeof(v))
            return AUD_E_CONFIG;
        memcpy(&v, data, sizeof(v));
        if (v > 1)
            return AUD_E_RANGE;
        p->cfg.mute = v;
        vol_set_mute(&p->vol, v != 0);
        return AUD_OK;
    case COMP_CTL_VOLUME_RAMP_MS:
        if (bytes != sizeof(v))
            return AUD_E_CONFIG;
        memcpy(&v, data, sizeof(v));
        if (v > COMP_VOLUME_RAMP_MS_MAX)
            return AUD_E_RANGE;
        p->cfg.ramp_ms = v;
        if (dev->in_params.rate_hz)
            vol_set_ramp_frames(&p->vol,
                                vol_ramp_frames(v, dev->in_params.rate_hz));
        return AUD_OK;
    default:
        return AUD_E_CONTROL;
    }
}

static int volume_get_control(struct comp_dev *dev, enum comp_ctl ctl,
                              void *data, size_t *bytes)
{
    struct volume_priv *p = dev->priv;

    switch (ctl) {
    case COMP_CTL_VOLUME_GAIN:
        if (*bytes < sizeof(p->cfg.gain_db_q8_8))
            return AUD_E_CONFIG;
        memcpy(data, p->cfg.gain_db_q8_8, sizeof(p->cfg.gain_db_q8_8));
        *bytes = sizeof(p->cfg.gain_db_q8_8);
        return AUD_OK;
    case COMP_CTL_VOLUME_MUTE:
    case COMP_CTL_VOLUME_RAMP_MS:
        if (*bytes < sizeof(uint32_t))
            return AUD_E_CONFIG;
        memcpy(data,
               ctl == COMP_CTL_VOLUME_MUTE ? &p->cfg.mute : &p->cfg.ramp_ms,
               sizeof(uint32_t));
        *bytes = sizeof(uint32_t);
        return AUD_OK;
    default:
        return AUD_E_CONTROL;
    }
}

const struct comp_driver comp_volume_driver = {
	.type = COMP_TYPE_VOLUME,
	.name = "volume",
	.flags = 0,
	.ops = {
		.create = volume_create,
		.set_params = volume_set_params,
		.trigger = volume_trigger,
		.copy = volume_copy,
		.set_control = volume_set_control,
		.get_control = volume_get_control,
	},
};

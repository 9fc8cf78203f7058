/* SPDX-License-Identifier: BSD-3-Clause */
/* FIR EQ component: glue over the dsp/fir.h kernel. */
#include "comp/comp.h"
#include "comp/comp_eq_fir.h"

#include <string.h>

#include "dsp/fir.h"

struct eq_fir_priv {
    struct fir_blob_info info;
    int16_t *coef;  /* num_sets * taps, Q1.15 */
    int32_t *delay; /* FIR_DELAY_WORDS(taps) * channels */
    uint8_t *blob;
    size_t blob_bytes;
    unsigned int channels; /* 0 before set_params */
    struct fir_state st[AUDIO_MAX_CHANNELS];
};

static void eq_fir_reset(struct eq_fir_priv *p)
{
    unsigned int taps = p->info.taps;

    for (unsigned int c = 0; c < p->channels; c++) {
        const int16_t *h = p->coef + (p->info.num_sets > 1 ? c * taps : 0);

        fir_init(&p->st[c], h, taps, p->info.shift,
                 p->delay + FIR_DELAY_WORDS(taps) * c);
    }
}

/* All-or-nothing replacement of blob, coefficients and delay lines. */
static int eq_fir_load(const struct audio_alloc *a, struct eq_fir_priv *p,
                       const void *blob, size_t bytes, unsigned int channels)
{
    struct fir_blob_info info;
    int16_t *coef;
    int32_t *delay = NULL;
    uint8_t *copy;
    int ret = fir_blob_check(&info, blob, bytes);

    if (ret)
        return ret;
    if (channels && info.num_sets > 1 && info.num_sets != channels)
        return AUD_E_CHANNELS;
    coef = audio_alloc(a, 2u * info.taps * info.num_sets, 0);
    copy = audio_alloc(a, bytes, 0);
    if (channels)
        delay = audio_alloc(
            a, sizeof(int32_t) * FIR_DELAY_WORDS(info.taps) * channels, 0);
    if (!coef || !copy || (channels && !delay)) {
        audio_free(a, coef);
        audio_free(a, copy);
        audio_free(a, delay);
        return AUD_E_NOMEM;
    }
    fir_blob_coefs(coef, blob, &info);
    memcpy(copy, blob, bytes);
    audio_free(a, p->coef);
    audio_free(a, p->blob);
    if (channels) {
        audio_free(a, p->delay);
        p->delay = delay;
    }
    p->coef = coef;
    p->blob = copy;
    p->blob_bytes = bytes;
    p->info = info;
    eq_fir_reset(p);
    return AUD_OK;
}

static int eq_fir_create(struct comp_dev *dev, const void *config, size_t bytes)
{
    struct eq_fir_priv *p;
    struct fir_blob_info info;
    int ret = fir_blob_check(&info, config, bytes);

    if (ret)
        return ret;
    p = audio_alloc(dev->alloc, sizeof(*p), 0);
    if (!p)
        return AUD_E_NOMEM;
    memset(p, 0, sizeof(*p));
    ret = eq_fir_load(dev->alloc, p, config, bytes, 0);
    if (ret) {
        audio_free(dev->alloc, p);
        return ret;
    }
    dev->priv = p;
    return AUD_OK;
}

static void eq_fir_free(struct comp_dev *dev)
{
    struct eq_fir_priv *p = dev->priv;

    audio_free(dev->alloc, p->coef);
    audio_free(dev->alloc, p->blob);
    audio_free(dev->alloc, p->delay);
}

static int eq_fir_set_params(struct comp_dev *dev,
                             const struct audio_stream_params *in,
                             const struct audio_stream_params *out)
{
    struct eq_fir_priv *p = dev->priv;
    int32_t *delay;
    int ret;

    if (in->rate_hz != out->rate_hz || in->channels != out->channels ||
        in->fmt != out->fmt)
        return AUD_E_MISMATCH;
    if (p->info.num_sets > 1 && p->info.num_sets != in->channels)
        return AUD_E_CHANNELS;
    delay = audio_alloc(
        dev->alloc,
        sizeof(int32_t) * FIR_DELAY_WORDS(p->info.taps) * in->channels, 0);
    if (!delay)
        return AUD_E_NOMEM;
    ret = comp_scratch_alloc(dev, (size_t)in->period_frames * in->channels);
    if (ret) {
        audio_free(dev->alloc, delay);
        return ret;
    }
    audio_free(dev->alloc, p->delay);
    p->delay = delay;
    p->channels = in->channels;
    eq_fir_reset(p);
    return AUD_OK;
}

static int eq_fir_trigger(struct comp_dev *dev, enum comp_trigger_cmd cmd)
{
    if (cmd == COMP_TRIGGER_START || cmd == COMP_TRIGGER_RESET)
        eq_fir_reset(dev->priv);
    return AUD_OK;
}

static int eq_fir_copy(struct comp_dev *dev)
{
    struct eq_fir_priv *p = dev->priv;
    uint32_t n = comp_frames_avail(dev, dev->in_params.period_frames);

    if (n == 0)
        return AUD_OK;
    audio_buffer_read_q1_31(dev->in[0], dev->scratch, n);
    fir_process_q1_31(p->st, p->channels, dev->scratch, dev->scratch, n);
    return audio_buffer_write_q1_31(dev->out[0], dev->scratch, n);
}

static int eq_fir_set_control(struct comp_dev *dev, enum comp_ctl ctl,
                              const void *data, size_t bytes)
{
    struct eq_fir_priv *p = dev->priv;

    if (ctl != COMP_CTL_BLOB)
        return AUD_E_CONTROL;
    return eq_fir_load(dev->alloc, p, data, bytes, p->channels);
}

static int eq_fir_get_control(struct comp_dev *dev, enum comp_ctl ctl,
                              void *data, size_t *bytes)
{
    struct eq_fir_priv *p = dev->priv;

    return comp_blob_get(ctl, p->blob, p->blob_bytes, data, bytes);
}

const struct comp_driver comp_eq_fir_driver = {
	.type = COMP_TYPE_EQ_FIR,
	.name = "eq_fir",
	.ops = {
		.create = eq_fir_create,
		.free = eq_fir_free,
		.set_params = eq_fir_set_params,
		.trigger = eq_fir_trigger,
		.copy = eq_fir_copy,
		.set_control = eq_fir_set_control,
		.get_control = eq_fir_get_control,
	},
};

/* SPDX-License-Identifier: BSD-3-Clause */
/* Generic component layer: creation through the registry, parameter
 * checks common to every type, the trigger state machine, scratch. */
#include "comp/comp.h"

#include <string.h>

int comp_new(const struct audio_alloc *a, enum comp_type type, uint32_t id,
             const void *config, size_t bytes, struct comp_dev **out)
{
    const struct comp_driver *drv;
    struct comp_dev *dev;
    int ret;

    if (!a || !a->alloc || !a->free || !out)
        return AUD_E_INVAL;
    drv = comp_driver_get(type);
    if (!drv)
        return AUD_E_TYPE;
    if (bytes && !config)
        return AUD_E_CONFIG;
    dev = audio_alloc(a, sizeof(*dev), 0);
    if (!dev)
        return AUD_E_NOMEM;
    memset(dev, 0, sizeof(*dev));
    dev->id = id;
    dev->drv = drv;
    dev->alloc = a;
    dev->max_in = 1;
    dev->min_in = 1;
    dev->max_out = 1;
    dev->min_out = 1;
    ret = drv->ops.create(dev, config, bytes);
    if (ret) {
        audio_free(a, dev);
        return ret;
    }
    *out = dev;
    return AUD_OK;
}

void comp_free(struct comp_dev *dev)
{
    if (!dev)
        return;
    if (dev->drv->ops.free)
        dev->drv->ops.free(dev);
    audio_free(dev->alloc, dev->scratch);
    audio_free(dev->alloc, dev->priv);
    audio_free(dev->alloc, dev);
}

static int check_stream(const struct audio_stream_params *p)
{
    if (fmt_sample_bytes(p->fmt) == 0)
        return AUD_E_FORMAT;
    if (p->channels < 1 || p->channels > AUDIO_MAX_CHANNELS)
        return AUD_E_CHANNELS;
    if (p->rate_hz < AUDIO_RATE_MIN_HZ || p->rate_hz > AUDIO_RATE_MAX_HZ)
        return AUD_E_RATE;
    if (p->period_frames == 0)
        return AUD_E_PERIOD;
    return AUD_OK;
}

int comp_set_params(struct comp_dev *dev, const struct audio_stream_params *in,
                    const struct audio_stream_params *out)
{
    int ret;

    if (!dev)
        return AUD_E_INVAL;
    if (dev->state != COMP_STATE_INIT && dev->state != COMP_STATE_READY)
        return AUD_E_STATE;
    if ((dev->max_in > 0) != (in != NULL) ||
        (dev->max_out > 0) != (out != NULL))
        return AUD_E_INVAL;
    if (in && (ret = check_stream(in)))
        return ret;
    if (out && (ret = check_stream(out)))
        return ret;
    for (unsigned int i = 0; in && i < dev->n_in; i++)
        if (!audio_stream_same(&dev->in[i]->params, in))
            return AUD_E_MISMATCH;
    ret = dev->drv->ops.set_params(dev, in, out);
    if (ret)
        return ret;
    if (in)
        dev->in_params = *in;
    if (out)
        dev->out_params = *out;
    dev->state = COMP_STATE_READY;
    return AUD_OK;
}

int comp_trigger(struct comp_dev *dev, enum comp_trigger_cmd cmd)
{
    enum comp_state next;
    int ret;

    if (!dev)
        return AUD_E_INVAL;
    switch (cmd) {
    case COMP_TRIGGER_START:
        if (dev->state != COMP_STATE_READY)
            return AUD_E_STATE;
        next = COMP_STATE_ACTIVE;
        break;
    case COMP_TRIGGER_STOP:
        if (dev->state != COMP_STATE_ACTIVE && dev->state != COMP_STATE_PAUSED)
            return AUD_E_STATE;
        next = COMP_STATE_READY;
        break;
    case COMP_TRIGGER_PAUSE:
        if (dev->state != COMP_STATE_ACTIVE)
            return AUD_E_STATE;
        next = COMP_STATE_PAUSED;
        break;
    case COMP_TRIGGER_RELEASE:
        if (dev->state != COMP_STATE_PAUSED)
            return AUD_E_STATE;
        next = COMP_STATE_ACTIVE;
        break;
    case COMP_TRIGGER_RESET:
        if (dev->state != COMP_STATE_INIT && dev->state != COMP_STATE_READY)
            return AUD_E_STATE;
        next = dev->state;
        break;
    default:
        return AUD_E_INVAL;
    }
    if (dev->drv->ops.trigger) {
        ret = dev->drv->ops.trigger(dev, cmd);
        if (ret)
            return ret;
    }
    dev->state = next;
    return AUD_OK;
}

int comp_copy(struct comp_dev *dev)
{
    if (!dev)
        return AUD_E_INVAL;
    if (dev->state != COMP_STATE_ACTIVE)
        return AUD_E_STATE;
    return dev->drv->ops.copy(dev);
}

int comp_set_control(struct comp_dev *dev, enum comp_ctl ctl, const void *data,
                     size_t bytes)
{
    if (!dev)
        return AUD_E_INVAL;
    if (!dev->drv->ops.set_control)
        return AUD_E_CONTROL;
    if (!data && bytes)
        return AUD_E_INVAL;
    return dev->drv->ops.set_control(dev, ctl, data, bytes);
}

int comp_get_control(struct comp_dev *dev, enum comp_ctl ctl, void *data,
                     size_t *bytes)
{
    if (!dev || !bytes || !data)
        return AUD_E_INVAL;
    if (!dev->drv->ops.get_control)
        return AUD_E_CONTROL;
    return dev->drv->ops.get_control(dev, ctl, data, bytes);
}

int comp_scratch_alloc(struct comp_dev *dev, size_t words)
{
    int32_t *p;

    if (words == dev->scratch_words && dev->scratch)
        return AUD_OK;
    p = audio_alloc(dev->alloc, words * sizeof(int32_t), 0);
    if (!p)
        return AUD_E_NOMEM;
    audio_free(dev->alloc, dev->scratch);
    dev->scratch = p;
    dev->scratch_words = words;
    return AUD_OK;
}

int comp_blob_get(enum comp_ctl ctl, const void *blob, size_t blob_bytes,
                  void *data, size_t *bytes)
{
    if (ctl != COMP_CTL_BLOB)
        return AUD_E_CONTROL;
    if (*bytes < blob_bytes)
        return AUD_E_CONFIG;
    memcpy(data, blob, blob_bytes);
    *bytes = blob_bytes;
    return AUD_OK;
}

uint32_t comp_frames_avail(const struct comp_dev *dev, uint32_t limit)
{
    uint32_t n = limit;

    for (unsigned int i = 0; i < dev->n_in; i++)
        if (audio_buffer_avail(dev->in[i]) < n)
            n = audio_buffer_avail(dev->in[i]);
    for (unsigned int i = 0; i < dev->n_out; i++)
        if (audio_buffer_free_frames(dev->out[i]) < n)
            n = audio_buffer_free_frames(dev->out[i]);
    return n;
}

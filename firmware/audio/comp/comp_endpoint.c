/* SPDX-License-Identifier: BSD-3-Clause */
/* Host and DAI endpoint components over a platform DMA interface. */
#include "comp/comp.h"
#include "comp/comp_endpoint.h"

#include <string.h>

struct endpoint_priv {
    struct comp_endpoint_config cfg;
    bool source; /* writes into the pipeline */
    bool host;
    struct comp_endpoint_stats st;
    struct audio_dma_config dma_cfg;
    struct audio_period_sched sched;      /* frames per period, from START */
    bool active;                          /* DMA running (START/RELEASE) */
    bool last_nz;                         /* last frame sent is not silence */
    uint8_t last[AUDIO_MAX_CHANNELS * 4]; /* last frame sent (sink) */
};

static int endpoint_create(struct comp_dev *dev, const void *config,
                           size_t bytes)
{
    struct comp_endpoint_config c;
    struct endpoint_priv *p;

    if (bytes != sizeof(c))
        return AUD_E_CONFIG;
    memcpy(&c, config, sizeof(c));
    if (c.dir > AUDIO_DIR_CAPTURE || !c.dma || !c.dma->start || !c.dma->stop ||
        !c.dma->transfer)
        return AUD_E_CONFIG;
    p = audio_alloc(dev->alloc, sizeof(*p), 0);
    if (!p)
        return AUD_E_NOMEM;
    memset(p, 0, sizeof(*p));
    p->cfg = c;
    p->host = dev->drv->type == COMP_TYPE_HOST;
    /* host playback and DAI capture feed the pipeline */
    p->source = p->host == (c.dir == AUDIO_DIR_PLAYBACK);
    dev->dir = (enum audio_dir)c.dir;
    if (p->source) {
        dev->min_in = dev->max_in = 0;
    } else {
        dev->min_out = dev->max_out = 0;
    }
    dev->priv = p;
    return AUD_OK;
}

static int endpoint_set_params(struct comp_dev *dev,
                               const struct audio_stream_params *in,
                               const struct audio_stream_params *out)
{
    struct endpoint_priv *p = dev->priv;
    const struct audio_stream_params *s = p->source ? out : in;
    uint32_t fb = (uint32_t)fmt_sample_bytes(s->fmt) * s->channels;
    int ret;

    /* zeroed scratch: the silence sent to a sink's DMA on underrun */
    ret = comp_scratch_alloc(dev, (size_t)s->period_frames * fb / 4 + 1);
    if (ret)
        return ret;
    memset(dev->scratch, 0, dev->scratch_words * sizeof(int32_t));
    p->dma_cfg.dir = dev->dir;
    p->dma_cfg.port = p->cfg.port;
    p->dma_cfg.frame_bytes = fb;
    p->dma_cfg.period_bytes = s->period_frames * fb; /* the most */
    audio_sched_init(&p->sched, s);
    return AUD_OK;
}

static int32_t sample_get(const uint8_t *frame, uint32_t i, bool s16)
{
    if (s16) {
        int16_t v;

        memcpy(&v, frame + 2 * i, sizeof(v));
        return v;
    } else {
        int32_t v;

        memcpy(&v, frame + 4 * i, sizeof(v));
        return v;
    }
}

static void sample_put(uint8_t *frame, uint32_t i, bool s16, int32_t v)
{
    if (s16) {
        int16_t h = (int16_t)v;

        memcpy(frame + 2 * i, &h, sizeof(h));
    } else {
        memcpy(frame + 4 * i, &v, sizeof(v));
    }
}

/*
 * Click-free stop of a DAI playback stream: send a linear ramp from the last
 * frame sent to exactly 0 over R frames (1 ms), before
 * the DMA stops (COMP_ENDPOINT_FADE_FRAMES).  Frame k (0-based) of the ramp is last * (R-1-k) / R per
 * channel, computed as q*m + r*m/R (q, r = last / R, last % R; 32-bit
 * arithmetic, no overflow), so every step is at most ceil(|last| / R).  The
 * ramp goes out through the scratch in chunks of a period; the scratch is
 * zeroed again afterwards (it is the underrun silence).
 */
static void endpoint_fade_out(struct comp_dev *dev, struct endpoint_priv *p)
{
    const struct audio_stream_params *s = &dev->in_params;
    bool s16 = s->fmt == AUDIO_FMT_S16_LE;
    uint32_t fb = p->dma_cfg.frame_bytes;
    uint32_t ramp = COMP_ENDPOINT_FADE_FRAMES(s->rate_hz);
    uint32_t chunk = s->period_frames;
    uint8_t *out = (uint8_t *)dev->scratch;
    uint32_t k = 0;

    while (k < ramp) {
        uint32_t n = ramp - k < chunk ? ramp - k : chunk;
        int32_t got;

        for (uint32_t f = 0; f < n; f++) {
            int32_t m = (int32_t)(ramp - 1u - (k + f));

            for (uint32_t c = 0; c < s->channels; c++) {
                int32_t v = sample_get(p->last, c, s16);
                int32_t q = v / (int32_t)ramp;
                int32_t r = v % (int32_t)ramp;

                sample_put(out + f * fb, c, s16, q * m + r * m / (int32_t)ramp);
            }
        }
        got = p->cfg.dma->transfer(p->cfg.dma_ctx, out, n * fb);
        if (got < 0) {
            p->st.dma_errors++;
            break;
        }
        p->st.position_bytes += (uint32_t)got;
        if ((uint32_t)got < n * fb)
            break; /* far side full: nothing more */
        k += n;
    }
    memset(dev->scratch, 0, dev->scratch_words * sizeof(int32_t));
    memset(p->last, 0, sizeof(p->last));
    p->last_nz = false;
}

static int endpoint_trigger(struct comp_dev *dev, enum comp_trigger_cmd cmd)
{
    struct endpoint_priv *p = dev->priv;
    const struct audio_dma_ops *dma = p->cfg.dma;

    switch (cmd) {
    case COMP_TRIGGER_START:
        p->st.position_bytes = 0;
        audio_sched_init(&p->sched,
                         p->source ? &dev->out_params : &dev->in_params);
        memset(p->last, 0, sizeof(p->last));
        p->last_nz = false;
        /* fall through */
    case COMP_TRIGGER_RELEASE:
        if (dma->start(p->cfg.dma_ctx, &p->dma_cfg)) {
            p->st.dma_errors++;
            return AUD_E_DMA;
        }
        p->active = true;
        return AUD_OK;
    case COMP_TRIGGER_STOP:
        /* DAI playback: fade the last output out, then stop */
        if (p->active && !p->source && !p->host && p->last_nz)
            endpoint_fade_out(dev, p);
        /* fall through */
    case COMP_TRIGGER_PAUSE:
        p->active = false;
        if (dma->stop(p->cfg.dma_ctx)) {
            p->st.dma_errors++;
            return AUD_E_DMA;
        }
        return AUD_OK;
    default:
        return AUD_OK;
    }
}

/* Far side -> ring, up to `frames`; returns frames moved or AUD_E_DMA. */
static int32_t dma_to_ring(struct comp_dev *dev, struct endpoint_priv *p,
                           struct audio_buffer *b, uint32_t frames)
{
    uint32_t done = 0;

    while (done < frames) {
        void *ptr;
        uint32_t span = audio_buffer_write_span(b, &ptr);
        uint32_t want = frames - done < span ? frames - done : span;
        int32_t got;

        got = p->cfg.dma->transfer(p->cfg.dma_ctx, ptr, want * b->frame_bytes);
        if (got == AUD_E_OVERRUN)
            return got; /* far side lost frames */
        if (got < 0 || (uint32_t)got > want * b->frame_bytes) {
            p->st.dma_errors++;
            return AUD_E_DMA;
        }
        p->st.position_bytes += (uint32_t)got;
        got /= (int32_t)b->frame_bytes; /* a partial frame is dropped */
        audio_buffer_produce(b, (uint32_t)got);
        done += (uint32_t)got;
        if ((uint32_t)got < want)
            break;
    }
    (void)dev;
    return (int32_t)done;
}

/* Keep the last frame sent by a sink (the start of a stop fade). */
static void remember_last(struct endpoint_priv *p, const uint8_t *frame,
                          uint32_t fb)
{
    if (fb > sizeof(p->last))
        fb = sizeof(p->last);
    memcpy(p->last, frame, fb);
    p->last_nz = false;
    for (uint32_t i = 0; i < fb; i++)
        p->last_nz |= frame[i] != 0;
}

/* Ring -> far side, up to `frames`; returns frames moved or AUD_E_DMA. */
static int32_t ring_to_dma(struct endpoint_priv *p, struct audio_buffer *b,
                           uint32_t frames)
{
    uint32_t done = 0;

    while (done < frames) {
        void *ptr;
        uint32_t span = audio_buffer_read_span(b, &ptr);
        uint32_t want = frames - done < span ? frames - done : span;
        int32_t got;

        got = p->cfg.dma->transfer(p->cfg.dma_ctx, ptr, want * b->frame_bytes);
        if (got == AUD_E_UNDERRUN)
            return got; /* far side ran out: stale data */
        if (got < 0 || (uint32_t)got > want * b->frame_bytes) {
            p->st.dma_errors++;
            return AUD_E_DMA;
        }
        p->st.position_bytes += (uint32_t)got;
        got /= (int32_t)b->frame_bytes;
        if (got > 0)
            remember_last(
                p, (const uint8_t *)ptr + ((uint32_t)got - 1u) * b->frame_bytes,
                b->frame_bytes);
        audio_buffer_consume(b, (uint32_t)got);
        done += (uint32_t)got;
        if ((uint32_t)got < want)
            break;
    }
    return (int32_t)done;
}

static int copy_source(struct comp_dev *dev, struct endpoint_priv *p)
{
    struct audio_buffer *b = dev->out[0];
    uint32_t period = audio_sched_next(&p->sched);
    uint32_t room = audio_buffer_free_frames(b);
    uint32_t n = period < room ? period : room;
    int32_t got = dma_to_ring(dev, p, b, n);

    if (got < 0)
        return got;
    if ((uint32_t)got < n) {
        /* far side ran dry: keep the period's timing with silence */
        audio_buffer_write_silence(b, n - (uint32_t)got);
        p->st.silence_frames += n - (uint32_t)got;
        return AUD_E_UNDERRUN;
    }
    if (n < period) {
        audio_buffer_note_overrun(b, period - n);
        return AUD_E_OVERRUN;
    }
    return AUD_OK;
}

static int copy_sink(struct comp_dev *dev, struct endpoint_priv *p)
{
    struct audio_buffer *b = dev->in[0];
    uint32_t period = audio_sched_next(&p->sched);
    uint32_t have = audio_buffer_avail(b);
    uint32_t n = period < have ? period : have;
    int32_t got = ring_to_dma(p, b, n);
    uint32_t fb = b->frame_bytes;

    if (got < 0)
        return got;
    if ((uint32_t)got < n)
        return AUD_E_OVERRUN; /* far side full */
    if (n < period) {
        uint32_t sil = period - n;
        int32_t s;

        audio_buffer_note_underrun(b, sil);
        s = p->cfg.dma->transfer(p->cfg.dma_ctx, dev->scratch, sil * fb);
        if (s < 0) {
            p->st.dma_errors++;
            return AUD_E_DMA;
        }
        p->st.position_bytes += (uint32_t)s;
        p->st.silence_frames += sil;
        memset(p->last, 0, sizeof(p->last));
        p->last_nz = false;
        return AUD_E_UNDERRUN;
    }
    return AUD_OK;
}

static int endpoint_copy(struct comp_dev *dev)
{
    struct endpoint_priv *p = dev->priv;
    int ret = p->source ? copy_source(dev, p) : copy_sink(dev, p);

    if (p->host && ret != AUD_E_DMA)
        comp_notify(dev, AUD_EV_POSITION, p->st.position_bytes);
    return ret;
}

static int endpoint_get_control(struct comp_dev *dev, enum comp_ctl ctl,
                                void *data, size_t *bytes)
{
    struct endpoint_priv *p = dev->priv;

    if (ctl != COMP_CTL_POSITION)
        return AUD_E_CONTROL;
    if (*bytes < sizeof(uint32_t))
        return AUD_E_CONFIG;
    memcpy(data, &p->st.position_bytes, sizeof(uint32_t));
    *bytes = sizeof(uint32_t);
    return AUD_OK;
}

const struct comp_endpoint_stats *
comp_endpoint_stats(const struct comp_dev *dev)
{
    if (!dev || !(dev->drv->flags & COMP_F_ENDPOINT))
        return NULL;
    return &((const struct endpoint_priv *)dev->priv)->st;
}

bool comp_endpoint_is_source(const struct comp_dev *dev)
{
    return dev && (dev->drv->flags & COMP_F_ENDPOINT) &&
           ((const struct endpoint_priv *)dev->priv)->source;
}

const struct comp_driver comp_host_driver = {
	.type = COMP_TYPE_HOST,
	.name = "host",
	.flags = COMP_F_ENDPOINT,
	.ops = {
		.create = endpoint_create,
		.set_params = endpoint_set_params,
		.trigger = endpoint_trigger,
		.copy = endpoint_copy,
		.get_control = endpoint_get_control,
	},
};

const struct comp_driver comp_dai_driver = {
	.type = COMP_TYPE_DAI,
	.name = "dai",
	.flags = COMP_F_ENDPOINT,
	.ops = {
		.create = endpoint_create,
		.set_params = endpoint_set_params,
		.trigger = endpoint_trigger,
		.copy = endpoint_copy,
		.get_control = endpoint_get_control,
	},
};

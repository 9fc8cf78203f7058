/* SPDX-License-Identifier: BSD-3-Clause */
/* Pipeline: building (components, buffers, their links), lookups and
 * period sizes: the bottom of the folder, using no other pipeline file. */
#include "pipeline/pipeline.h"

#include <string.h>

uint32_t pipeline_us_to_cycles(uint32_t clock_hz, uint32_t us)
{
    /* us * clock_hz / 10^6 as kHz * ms + kHz * (us % 1000) / 1000: each
     * product < 2^32 for the limits (kHz * us alone wraps from 4.3 ms at
     * 1 GHz) */
    uint32_t khz = clock_hz / 1000;

    return khz * (us / 1000) + khz * (us % 1000) / 1000;
}

int pipeline_init(struct pipeline *p, const struct pipeline_config *cfg)
{
    if (!p || !cfg || !cfg->alloc || !cfg->alloc->alloc || !cfg->alloc->free ||
        cfg->dir > AUDIO_DIR_CAPTURE)
        return AUD_E_INVAL;
    if (cfg->period_us < PIPE_PERIOD_US_MIN ||
        cfg->period_us > PIPE_PERIOD_US_MAX)
        return AUD_E_PERIOD;
    if (cfg->clock_hz == 0 || cfg->clock_hz % 1000 ||
        cfg->clock_hz > PIPE_CLOCK_HZ_MAX ||
        cfg->prefill_periods > PIPE_PREFILL_MAX)
        return AUD_E_RANGE;
    memset(p, 0, sizeof(*p));
    p->cfg = *cfg;
    p->period_cycles = pipeline_us_to_cycles(cfg->clock_hz, cfg->period_us);
    p->state = PIPE_STATE_INIT;
    return AUD_OK;
}

struct comp_dev *pipeline_comp(const struct pipeline *p, uint32_t id)
{
    for (uint32_t i = 0; p && i < p->n_comps; i++)
        if (p->comps[i]->id == id)
            return p->comps[i];
    return NULL;
}

struct audio_buffer *pipeline_buffer(const struct pipeline *p, uint32_t id)
{
    for (uint32_t i = 0; p && i < p->n_bufs; i++)
        if (p->bufs[i]->id == id)
            return p->bufs[i];
    return NULL;
}

static bool id_used(const struct pipeline *p, uint32_t id)
{
    return pipeline_comp(p, id) || pipeline_buffer(p, id);
}

/* Component events go to the pipeline's owner unchanged. */
static void comp_event(void *ctx, enum audio_event ev, uint32_t comp_id,
                       uint32_t value)
{
    struct pipeline *p = ctx;

    if (p->cfg.notify)
        p->cfg.notify(p->cfg.notify_ctx, ev, comp_id, value);
}

int pipeline_comp_new(struct pipeline *p, enum comp_type type, uint32_t id,
                      const void *config, size_t bytes)
{
    struct comp_dev *dev;
    int ret;

    if (!p)
        return AUD_E_INVAL;
    if (p->state != PIPE_STATE_INIT)
        return AUD_E_STATE;
    if (id_used(p, id))
        return AUD_E_EXISTS;
    if (p->n_comps == PIPE_MAX_COMPS)
        return AUD_E_FULL;
    ret = comp_new(p->cfg.alloc, type, id, config, bytes, &dev);
    if (ret)
        return ret;
    dev->notify = comp_event;
    dev->notify_ctx = p;
    p->comps[p->n_comps++] = dev;
    return AUD_OK;
}

int pipeline_buffer_new(struct pipeline *p, uint32_t id, enum audio_fmt fmt,
                        uint32_t channels, uint32_t rate_hz,
                        uint32_t capacity_frames)
{
    struct audio_buffer *b;
    int ret;

    if (!p)
        return AUD_E_INVAL;
    if (p->state != PIPE_STATE_INIT)
        return AUD_E_STATE;
    if (id_used(p, id))
        return AUD_E_EXISTS;
    if (p->n_bufs == PIPE_MAX_BUFFERS)
        return AUD_E_FULL;
    if (rate_hz < AUDIO_RATE_MIN_HZ || rate_hz > AUDIO_RATE_MAX_HZ)
        return AUD_E_RATE;
    b = audio_alloc(p->cfg.alloc, sizeof(*b), 0);
    if (!b)
        return AUD_E_NOMEM;
    ret = audio_buffer_init(b, p->cfg.alloc, id, fmt, channels, rate_hz,
                            capacity_frames);
    if (ret) {
        audio_free(p->cfg.alloc, b);
        return ret;
    }
    p->bufs[p->n_bufs++] = b;
    return AUD_OK;
}

static int lookup(struct pipeline *p, uint32_t comp_id, uint32_t buf_id,
                  struct comp_dev **c, struct audio_buffer **b)
{
    if (!p)
        return AUD_E_INVAL;
    if (p->state != PIPE_STATE_INIT)
        return AUD_E_STATE;
    *c = pipeline_comp(p, comp_id);
    *b = pipeline_buffer(p, buf_id);
    return *c && *b ? AUD_OK : AUD_E_NOENT;
}

int pipeline_link_out(struct pipeline *p, uint32_t comp_id, uint32_t buf_id)
{
    struct comp_dev *c;
    struct audio_buffer *b;
    int ret = lookup(p, comp_id, buf_id, &c, &b);

    if (ret)
        return ret;
    if (b->source || c->n_out >= c->max_out)
        return AUD_E_PORT_FULL;
    b->source = c;
    c->out[c->n_out++] = b;
    return AUD_OK;
}

int pipeline_link_in(struct pipeline *p, uint32_t buf_id, uint32_t comp_id)
{
    struct comp_dev *c;
    struct audio_buffer *b;
    int ret = lookup(p, comp_id, buf_id, &c, &b);

    if (ret)
        return ret;
    if (b->sink || c->n_in >= c->max_in)
        return AUD_E_PORT_FULL;
    b->sink = c;
    c->in[c->n_in++] = b;
    return AUD_OK;
}

int pipeline_connect(struct pipeline *p, uint32_t src_comp_id, uint32_t buf_id,
                     uint32_t sink_comp_id)
{
    struct comp_dev *c;
    struct audio_buffer *b;
    int ret = lookup(p, sink_comp_id, buf_id, &c, &b);

    if (ret)
        return ret;
    if (!pipeline_comp(p, src_comp_id))
        return AUD_E_NOENT;
    if (b->sink || c->n_in >= c->max_in)
        return AUD_E_PORT_FULL;
    ret = pipeline_link_out(p, src_comp_id, buf_id);
    if (ret)
        return ret;
    return pipeline_link_in(p, buf_id, sink_comp_id);
}

/* frames = rate * period_us / 10^6, whole frames only. */
int pipeline_period_frames(uint32_t rate_hz, uint32_t period_us, uint32_t *out)
{
    uint32_t rem;

    pipeline_period_sched(rate_hz, period_us, out, &rem);
    return rem ? AUD_E_PERIOD : AUD_OK;
}

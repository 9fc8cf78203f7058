/* SPDX-License-Identifier: BSD-3-Clause */
/* Cross-pipeline connections: a producer pipeline's output buffer read by
 * a component of a consumer pipeline (docs/components.md, "Cross-pipeline
 * connections").
 *
 * The shared buffer is single-writer single-reader (audio_buffer.h): the
 * producer's last component writes it in the producer's task, the
 * consumer's component reads it in the consumer's task.  The roles swap
 * only while the other side cannot run: a consumer whose producer is not
 * RUNNING empties the buffer and writes the period of silence it then
 * reads; a producer whose consumer is not running empties it.  Links are
 * restarted (buffer emptied, prefill silence) only from trigger context,
 * which the tasks never see half-done.
 */
#include "pipeline/pipeline.h"

#define LINK_CHAIN_MAX 64u /* loop guard for the cycle walk */

uint32_t pipeline_link_prefill(const struct pipeline *prod)
{
    return prod->cfg.prefill_periods ? prod->cfg.prefill_periods : 1u;
}

bool pipeline_is_xin(const struct pipeline *p, const struct comp_dev *c)
{
    for (uint32_t i = 0; i < p->n_xin; i++)
        if (p->xin[i].comp == c)
            return true;
    return false;
}

/* Can c take b as one more input?  Its inputs must all carry one stream;
 * its output the same, but for the rate across src and the format across
 * convert (the rest is the component's own check at COMPLETE). */
static bool stream_fits(const struct comp_dev *c, const struct audio_buffer *b)
{
    const struct audio_stream_params *o;

    for (unsigned int i = 0; i < c->n_in; i++)
        if (!audio_stream_same(&c->in[i]->params, &b->params))
            return false;
    if (!c->n_out)
        return true;
    o = &c->out[0]->params;
    return o->channels == b->params.channels &&
           (o->rate_hz == b->params.rate_hz || c->drv->type == COMP_TYPE_SRC) &&
           (o->fmt == b->params.fmt || c->drv->type == COMP_TYPE_CONVERT);
}

/* Does data flow (through links) from `from` into `to`? */
static bool feeds(const struct pipeline *from, const struct pipeline *to)
{
    uint32_t n = 0;

    for (; from && n < LINK_CHAIN_MAX; from = from->consumer, n++)
        if (from == to)
            return true;
    return from != NULL; /* a chain that long: refuse too */
}

static int check_buf(struct pipeline *prod, struct audio_buffer *b,
                     uint32_t *frames)
{
    int ret;

    if (!b)
        return AUD_E_NOENT;
    if (b->sink || (prod->out_buf && prod->out_buf != b))
        return AUD_E_PORT_FULL;
    ret = pipeline_period_frames(b->params.rate_hz, prod->cfg.period_us,
                                 frames);
    if (ret)
        return ret;
    if (b->capacity < *frames * (pipeline_link_prefill(prod) + 2u))
        return AUD_E_BUF_SIZE;
    return AUD_OK;
}

static int check_cons(const struct pipeline *prod, const struct pipeline *cons)
{
    if (!cons || cons == prod || cons->cfg.dir != prod->cfg.dir)
        return AUD_E_INVAL;
    if (cons->state != PIPE_STATE_INIT)
        return AUD_E_STATE;
    if (cons->cfg.period_us != prod->cfg.period_us)
        return AUD_E_PERIOD;
    if (feeds(cons, prod))
        return AUD_E_CYCLE;
    if (cons->n_xin == PIPE_MAX_XIN)
        return AUD_E_FULL;
    return AUD_OK;
}

static int check_comp(const struct comp_dev *c, const struct audio_buffer *b)
{
    if (!c)
        return AUD_E_NOENT;
    if (c->n_in >= c->max_in)
        return AUD_E_PORT_FULL;
    if (!stream_fits(c, b))
        return AUD_E_MISMATCH;
    return AUD_OK;
}

int pipeline_xconnect(struct pipeline *prod, uint32_t buf_id,
                      struct pipeline *cons, uint32_t comp_id,
                      enum pipe_xarg *bad)
{
    struct audio_buffer *b;
    struct comp_dev *c;
    uint32_t frames;
    int ret;

    *bad = PIPE_XARG_PROD;
    if (!prod)
        return AUD_E_INVAL;
    *bad = PIPE_XARG_BUF;
    b = pipeline_buffer(prod, buf_id);
    ret = check_buf(prod, b, &frames);
    if (ret)
        return ret;
    *bad = PIPE_XARG_CONS;
    ret = check_cons(prod, cons);
    if (ret)
        return ret;
    *bad = PIPE_XARG_COMP;
    c = pipeline_comp(cons, comp_id);
    ret = check_comp(c, b);
    if (ret)
        return ret;
    b->params.period_frames = frames;
    b->sink = c;
    c->in[c->n_in++] = b;
    prod->out_buf = b;
    prod->consumer = cons;
    cons->xin[cons->n_xin++] = (struct pipe_xin){ .prod = prod,
                                                  .buf = b,
                                                  .comp = c };
    return AUD_OK;
}

/* Hand p's output buffer over to its consumer (p is going away). */
static void orphan_output(struct pipeline *p)
{
    struct pipeline *c = p->consumer;
    struct audio_buffer *b = p->out_buf;
    uint32_t i;

    for (i = 0; i < c->n_xin; i++)
        if (c->xin[i].buf == b)
            c->xin[i].prod = NULL;
    b->source = NULL;
    for (i = 0; i < p->n_bufs && p->bufs[i] != b; i++)
        ;
    for (; i + 1 < p->n_bufs; i++)
        p->bufs[i] = p->bufs[i + 1];
    p->n_bufs--;
}

void pipeline_detach(struct pipeline *p)
{
    if (!p)
        return;
    if (p->consumer)
        orphan_output(p);
    p->consumer = NULL;
    p->out_buf = NULL;
    for (uint32_t i = 0; i < p->n_xin; i++) {
        struct pipe_xin *x = &p->xin[i];

        if (!x->prod)
            continue; /* orphaned: freed with p */
        x->prod->consumer = NULL;
        x->buf->sink = NULL;
        x->prod = NULL;
        x->buf = NULL;
    }
}

/* Empty b and queue `periods` periods of silence (trigger context). */
static void restart(struct audio_buffer *b, uint32_t periods)
{
    audio_buffer_reset(b);
    audio_buffer_write_silence(b, b->params.period_frames * periods);
}

void pipeline_link_restart(struct pipeline *p)
{
    if (p->out_buf)
        restart(p->out_buf, pipeline_link_prefill(p));
    for (uint32_t i = 0; i < p->n_xin; i++) {
        const struct pipe_xin *x = &p->xin[i];

        if (x->buf)
            restart(x->buf, x->prod ? pipeline_link_prefill(x->prod) : 0);
    }
}

static bool consumer_runs(const struct pipeline *p)
{
    const struct pipeline *c = p->consumer;

    return c && c->state == PIPE_STATE_RUNNING && !c->draining;
}

/* Empty b (the side that does this is its only user now). */
static uint32_t drop_all(struct audio_buffer *b)
{
    uint32_t n = audio_buffer_avail(b);

    audio_buffer_consume(b, n);
    return n;
}

/*
 * Period start, in p's task.  Producer: no running consumer reads the
 * output buffer, so drop what is in it (the producer never stalls on a
 * full buffer nobody reads).  Consumer (not draining): an input whose
 * producer is not RUNNING (stopped, paused, xrun, not built, freed) is
 * emptied (no stale frames) and gets one period of silence, so the
 * component reading it runs on its other inputs as usual.
 */
void pipeline_link_period(struct pipeline *p)
{
    if (p->out_buf && !consumer_runs(p))
        p->out_dropped += drop_all(p->out_buf);
    if (p->draining)
        return;
    for (uint32_t i = 0; i < p->n_xin; i++) {
        struct pipe_xin *x = &p->xin[i];

        if (!x->buf || (x->prod && x->prod->state == PIPE_STATE_RUNNING))
            continue;
        drop_all(x->buf);
        audio_buffer_write_silence(x->buf, x->buf->params.period_frames);
        x->silent_periods++;
    }
}

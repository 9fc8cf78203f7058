/* SPDX-License-Identifier: BSD-3-Clause */
/* Pipeline: completion, trigger state machine, per-period run with cycle
 * accounting and xrun handling, and freeing (the top of the folder: it
 * uses the building (pipeline.c), graph (pipeline_graph.c) and link
 * (pipeline_link.c) files, none of which uses it). */
#include "pipeline/pipeline.h"

int pipeline_complete(struct pipeline *p)
{
    int ret;

    if (!p)
        return AUD_E_INVAL;
    if (p->state != PIPE_STATE_INIT)
        return AUD_E_STATE;
    ret = pipeline_graph_order(p);
    if (!ret)
        ret = pipeline_graph_check(p);
    if (ret)
        return ret;
    for (uint32_t i = 0; i < p->n_bufs; i++) {
        struct audio_buffer *b = p->bufs[i];
        uint32_t need;

        pipeline_period_sched(b->params.rate_hz, p->cfg.period_us,
                              &b->params.period_frames, &b->params.period_rem);
        need = b->params.period_frames;
        if (b == p->out_buf)
            need *= pipeline_link_prefill(p) + 2;
        else if (b->sink == p->sink_ep)
            need *= p->cfg.prefill_periods + 1;
        if (b->capacity < need)
            return AUD_E_BUF_SIZE;
    }
    for (uint32_t i = 0; i < p->n_comps; i++) {
        struct comp_dev *c = p->order[i];

        ret = comp_set_params(c, c->n_in ? &c->in[0]->params : NULL,
                              c->n_out ? &c->out[0]->params : NULL);
        if (ret)
            return ret;
    }
    p->state = PIPE_STATE_READY;
    return AUD_OK;
}

static void stop_all(struct pipeline *p)
{
    for (uint32_t i = 0; i < p->n_comps; i++) {
        struct comp_dev *c = p->order[i];

        if (c->state == COMP_STATE_ACTIVE || c->state == COMP_STATE_PAUSED)
            comp_trigger(c, COMP_TRIGGER_STOP);
    }
}

/* Buffers cleared (the output buffer too unless `keep_out`: in the task,
 * where the consumer may be reading it), components reset. */
static void reset_all(struct pipeline *p, bool keep_out)
{
    for (uint32_t i = 0; i < p->n_bufs; i++)
        if (!keep_out || p->bufs[i] != p->out_buf)
            audio_buffer_reset(p->bufs[i]);
    for (uint32_t i = 0; i < p->n_comps; i++)
        comp_trigger(p->order[i], COMP_TRIGGER_RESET);
}

static int start(struct pipeline *p)
{
    struct audio_buffer *pre = p->sink_ep ? p->sink_ep->in[0] : NULL;
    int ret;

    reset_all(p, false);
    /* (a sink endpoint reading another pipeline's buffer gets the
	 * link's prefill instead) */
    if (pre && !pipeline_is_xin(p, p->sink_ep))
        audio_buffer_write_silence(pre, pre->params.period_frames *
                                            p->cfg.prefill_periods);
    pipeline_link_restart(p);
    /* sink first: the consumer is ready before data arrives */
    for (uint32_t i = p->n_comps; i-- > 0;) {
        ret = comp_trigger(p->order[i], COMP_TRIGGER_START);
        if (ret) {
            stop_all(p);
            reset_all(p, false);
            return ret;
        }
    }
    return AUD_OK;
}

static int each(struct pipeline *p, enum comp_trigger_cmd cmd)
{
    for (uint32_t i = p->n_comps; i-- > 0;) {
        int ret = comp_trigger(p->order[i], cmd);

        if (ret)
            return ret;
    }
    return AUD_OK;
}

int pipeline_trigger(struct pipeline *p, enum comp_trigger_cmd cmd)
{
    enum pipe_state s, next;
    int ret;

    if (!p)
        return AUD_E_INVAL;
    s = p->state;
    if (cmd != COMP_TRIGGER_PAUSE && cmd != COMP_TRIGGER_RELEASE)
        p->draining = false;
    switch (cmd) {
    case COMP_TRIGGER_START:
        if (s != PIPE_STATE_READY && s != PIPE_STATE_STOPPED &&
            s != PIPE_STATE_XRUN)
            return AUD_E_STATE;
        ret = start(p);
        next = PIPE_STATE_RUNNING;
        break;
    case COMP_TRIGGER_PAUSE:
        if (s != PIPE_STATE_RUNNING)
            return AUD_E_STATE;
        ret = each(p, cmd);
        next = PIPE_STATE_PAUSED;
        break;
    case COMP_TRIGGER_RELEASE:
        if (s != PIPE_STATE_PAUSED)
            return AUD_E_STATE;
        ret = each(p, cmd);
        if (!ret)
            pipeline_link_restart(p);
        next = PIPE_STATE_RUNNING;
        break;
    case COMP_TRIGGER_STOP:
        if (s != PIPE_STATE_RUNNING && s != PIPE_STATE_PAUSED &&
            s != PIPE_STATE_XRUN)
            return AUD_E_STATE;
        stop_all(p);
        ret = AUD_OK;
        next = PIPE_STATE_STOPPED;
        break;
    case COMP_TRIGGER_RESET:
        if (s != PIPE_STATE_STOPPED && s != PIPE_STATE_XRUN &&
            s != PIPE_STATE_READY)
            return AUD_E_STATE;
        stop_all(p);
        reset_all(p, false);
        ret = AUD_OK;
        next = PIPE_STATE_READY;
        break;
    default:
        return AUD_E_INVAL;
    }
    if (ret) {
        /* a failed pause/release leaves a stream that cannot run */
        if (cmd != COMP_TRIGGER_START) {
            stop_all(p);
            p->state = PIPE_STATE_STOPPED;
        }
        return ret;
    }
    p->state = next;
    return AUD_OK;
}

int pipeline_drain(struct pipeline *p)
{
    if (!p)
        return AUD_E_INVAL;
    if (p->state != PIPE_STATE_RUNNING && p->state != PIPE_STATE_PAUSED)
        return AUD_E_STATE;
    p->draining = true;
    return AUD_OK;
}

/* Draining: run c this period?  Not the sources (nor readers of another
 * pipeline's buffer); the others when each input holds a full period (the
 * sink endpoint always runs). */
static bool drain_runs(const struct pipeline *p, const struct comp_dev *c)
{
    if (c->n_in == 0 || pipeline_is_xin(p, c))
        return false;
    if (c == p->sink_ep)
        return true;
    for (uint32_t i = 0; i < c->n_in; i++)
        if (audio_buffer_avail(c->in[i]) < audio_period_min(&c->in[i]->params))
            return false;
    return true;
}

static uint32_t now(const struct pipeline *p)
{
    return p->cfg.cycles ? p->cfg.cycles(p->cfg.cycles_ctx) : 0;
}

/* A draining producer is done when nothing upstream moved this period and
 * its consumer has taken every whole period from the output buffer. */
static bool producer_drained(const struct pipeline *p, uint32_t ran)
{
    const struct audio_buffer *b = p->out_buf;

    return p->draining && b && ran == 0 &&
           audio_buffer_avail(b) < b->params.period_frames;
}

int pipeline_copy(struct pipeline *p)
{
    uint32_t t0, t1, c0, c1;
    int ret = AUD_OK;
    bool drained = false;
    uint32_t i, ran = 0;

    if (!p)
        return AUD_E_INVAL;
    if (p->state != PIPE_STATE_RUNNING)
        return AUD_E_STATE;
    t0 = now(p);
    c0 = t0;
    if (p->out_buf || p->n_xin) {
        pipeline_link_period(p);
        c0 = now(p); /* (in the period's cycles only) */
    }
    for (i = 0; i < p->n_comps; i++) {
        struct comp_dev *c = p->order[i];

        if (p->draining && !drain_runs(p, c))
            continue;
        ran++;
        ret = comp_copy(c);
        c1 = now(p);
        if (p->cfg.cycles)
            audio_cycles_add(&c->cycles, c1 - c0);
        c0 = c1;
        if (p->draining && c == p->sink_ep && ret == AUD_E_UNDERRUN) {
            drained = true; /* the rest, then silence: done */
            ret = AUD_OK;
        }
        if (ret)
            break;
    }
    t1 = c0;
    if (p->cfg.cycles)
        audio_cycles_add(&p->cycles, t1 - t0);
    if (!ret && producer_drained(p, ran))
        drained = true;
    if (drained) {
        stop_all(p);
        reset_all(p, true);
        p->draining = false;
        p->drains++;
        p->state = PIPE_STATE_STOPPED;
        return AUD_OK;
    }
    if (ret) {
        p->draining = false;
        struct comp_dev *c = p->order[i];

        stop_all(p);
        p->state = PIPE_STATE_XRUN;
        p->xruns++;
        p->last_xrun = ret;
        p->last_xrun_comp = c->id;
        /* every stop is notified (the code, last_xrun, says why: an
		 * underrun, an overrun, a DMA error ...): a host left
		 * unaware would wait on a silent pipeline */
        if (p->cfg.notify)
            p->cfg.notify(p->cfg.notify_ctx,
                          ret == AUD_E_UNDERRUN              ? AUD_EV_UNDERRUN
                          : ret == AUD_E_OVERRUN             ? AUD_EV_OVERRUN
                          : p->cfg.dir == AUDIO_DIR_PLAYBACK ? AUD_EV_UNDERRUN
                                                             : AUD_EV_OVERRUN,
                          c->id, p->xruns);
    }
    return ret;
}

void pipeline_task_job(void *pipeline)
{
    pipeline_copy(pipeline);
}

void pipeline_free(struct pipeline *p)
{
    if (!p)
        return;
    pipeline_detach(p);
    if (p->state == PIPE_STATE_RUNNING || p->state == PIPE_STATE_PAUSED)
        stop_all(p);
    for (uint32_t i = 0; i < p->n_comps; i++)
        comp_free(p->comps[i]);
    for (uint32_t i = 0; i < p->n_bufs; i++) {
        audio_buffer_free(p->bufs[i]);
        audio_free(p->cfg.alloc, p->bufs[i]);
    }
    /* inputs whose producer was freed: their buffers are ours now */
    for (uint32_t i = 0; i < p->n_xin; i++) {
        struct audio_buffer *b = p->xin[i].buf;

        if (b) {
            const struct audio_alloc *a = b->alloc;

            audio_buffer_free(b);
            audio_free(a, b);
        }
    }
    p->n_comps = 0;
    p->n_bufs = 0;
    p->n_xin = 0;
    p->state = PIPE_STATE_INIT;
}

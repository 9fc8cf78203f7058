/* SPDX-License-Identifier: BSD-3-Clause */
/* Pipeline commands: PING, PIPE_NEW, PIPE_FREE, PIPE_COMPLETE, TRIGGER,
 * GET_STATS; the pipeline task's job. */
#include <string.h>

#include "buffer/audio_err.h"
#include "ipc_internal.h"

int aud_cmd_ping(struct aud_req *r)
{
    aud_put(r, 24, aud_u32(r, 16));
    aud_put(r, 28, IPC_FW_VERSION);
    aud_put(r, 32, IPC_PROTO_VERSION_FW);
    aud_put(r, 36,
            aud_plat->cycles ? aud_plat->cycles(aud_plat->cycles_ctx) : 0);
    if (aud_plat->mem_free) {
        uint32_t rt, dma;

        aud_plat->mem_free(aud_plat->ctx, &rt, &dma);
        aud_put(r, 40, rt);
        aud_put(r, 44, dma);
    }
    return 0;
}

int aud_cmd_pipe_new(struct aud_req *r)
{
    const struct ipc_aud_pipe_new *m = (const void *)r->cmd;
    struct aud_slot *s = NULL;
    struct pipeline *p;
    struct pipeline_config cfg;
    uint32_t deadline_us, deadline_cycles;
    int ret;

    if (m->pipe_id == IPC_AUD_ID_NONE)
        return aud_fail(r, AUD_E_RANGE, 16);
    for (unsigned i = 0; i < IPC_AUD_MAX_PIPES; i++) {
        if (aud_slots[i].used && aud_slots[i].id == m->pipe_id)
            return aud_fail(r, AUD_E_EXISTS, 16);
        if (!aud_slots[i].used && !s)
            s = &aud_slots[i];
    }
    if (!s)
        return aud_fail(r, AUD_E_FULL, 16);
    if (m->dir > IPC_AUD_DIR_CAPTURE)
        return aud_fail(r, AUD_E_INVAL, 20);
    if (m->period_us < PIPE_PERIOD_US_MIN || m->period_us > PIPE_PERIOD_US_MAX)
        return aud_fail(r, AUD_E_PERIOD, 24);
    if (m->priority > IPC_AUD_PRIORITY_MAX)
        return aud_fail(r, AUD_E_RANGE, 28);
    if (m->deadline_us > m->period_us)
        return aud_fail(r, AUD_E_RANGE, 32);
    if (m->prefill_periods > PIPE_PREFILL_MAX)
        return aud_fail(r, AUD_E_RANGE, 36);
#ifdef FW_SMP
    /* 1.7: the core that runs the pipeline's task (0: the boot core) */
    if (m->core >= aud_plat->cores)
        return aud_fail(r, AUD_E_RANGE, 40);
#else
    if (m->core)
        return aud_fail(r, IPC_STATUS_E_RESERVED, 40);
#endif

    p = audio_alloc(aud_plat->alloc, sizeof(*p), 0);
    if (!p)
        return aud_fail(r, AUD_E_NOMEM, IPC_AUD_DETAIL_NONE);
    memset(s, 0, sizeof(*s));
    cfg = (struct pipeline_config){
        .id = m->pipe_id,
        .dir = m->dir,
        .period_us = m->period_us,
        .clock_hz = aud_plat->clock_hz,
        .priority = m->priority,
        .prefill_periods = m->prefill_periods,
        .alloc = aud_plat->alloc,
        .cycles = aud_plat->cycles,
        .cycles_ctx = aud_plat->cycles_ctx,
        .notify = aud_pipe_event,
        .notify_ctx = s,
    };
    ret = pipeline_init(p, &cfg);
    if (ret) {
        audio_free(aud_plat->alloc, p);
        return aud_fail(r, ret, IPC_AUD_DETAIL_NONE);
    }
    deadline_us = m->deadline_us ? m->deadline_us : m->period_us;
    deadline_cycles = pipeline_us_to_cycles(aud_plat->clock_hz, deadline_us);
#ifdef FW_SMP
    aud_plat->task_core(aud_plat->ctx, (unsigned)(s - aud_slots), m->core);
#endif
    ret = aud_plat->task_setup(aud_plat->ctx, (unsigned)(s - aud_slots), p,
                               p->period_cycles, deadline_cycles, &s->task_id);
    if (ret) {
        pipeline_free(p);
        audio_free(aud_plat->alloc, p);
        return aud_fail(r, ret, IPC_AUD_DETAIL_NONE);
    }
    s->p = p;
    s->id = m->pipe_id;
    s->priority = m->priority;
    s->used = true;
    aud_put(r, 24, s->task_id);
    aud_put(r, 28, p->period_cycles);
    return 0;
}

#ifdef FW_SMP
/* CORE_STATS (1.7): every core's idle cycles and switches, each asked on
 * its core. */
int aud_cmd_core_stats(struct aud_req *r)
{
    if (aud_u32(r, 16))
        return aud_fail(r, IPC_STATUS_E_RESERVED, 16);
    aud_put(r, 24, aud_plat->cores);
    for (unsigned c = 0; c < aud_plat->cores && c < IPC_AUD_MAX_CORES; c++) {
        struct ipc_aud_core_stat st = { 0 };

        aud_plat->core_stats(aud_plat->ctx, c, &st);
        aud_put(r, 28 + 16 * c, st.ccount);
        aud_put(r, 32 + 16 * c, st.idle_lo);
        aud_put(r, 36 + 16 * c, st.idle_hi);
        aud_put(r, 40 + 16 * c, st.switches);
    }
    for (unsigned c = aud_plat->cores; c < IPC_AUD_MAX_CORES; c++)
        for (unsigned w = 0; w < 4; w++)
            aud_put(r, 28 + 16 * c + 4 * w, 0);
    return 0;
}
#endif

static void slot_free(struct aud_slot *s)
{
    unsigned n = (unsigned)(s - aud_slots);
    uint32_t key;

    aud_plat->task_stop(aud_plat->ctx, n);
    key = aud_lock();
    s->used = false;       /* the job sees no pipeline from now on */
    pipeline_detach(s->p); /* nor do the linked pipelines' jobs */
    aud_unlock(key);
    pipeline_free(s->p); /* stops the DMA of a running stream */
    for (unsigned i = 0; i < PIPE_MAX_COMPS; i++) {
        struct aud_ep *e = &s->ep[i];

        if (!e->used)
            continue;
        aud_plat->dma_put(aud_plat->ctx, e->dma_ctx);
        if (e->type == IPC_AUD_COMP_HOST)
            aud_stream_clear(e);
        e->used = false;
    }
    audio_free(aud_plat->alloc, s->p);
    s->p = NULL;
}

int aud_cmd_pipe_free(struct aud_req *r)
{
    int err;
    struct aud_slot *s = aud_find_slot(r, &err);

    if (!s)
        return err;
    slot_free(s);
    return 0;
}

int aud_cmd_pipe_complete(struct aud_req *r)
{
    int err;
    struct aud_slot *s = aud_find_slot(r, &err);
    int ret;

    if (!s)
        return err;
    if (s->p->state != PIPE_STATE_INIT)
        return aud_fail(r, AUD_E_STATE, 16);
    ret = pipeline_complete(s->p);
    return ret ? aud_fail(r, ret, IPC_AUD_DETAIL_NONE) : 0;
}

int aud_cmd_trigger(struct aud_req *r)
{
    int err;
    struct aud_slot *s = aud_find_slot(r, &err);
    uint32_t cmd = aud_u32(r, 20);
    unsigned n;
    uint32_t key;
    int ret;

    if (!s)
        return err;
    n = (unsigned)(s - aud_slots);
    if (cmd > IPC_AUD_TRIGGER_RESET && cmd != IPC_AUD_TRIGGER_DRAIN)
        return aud_fail(r, AUD_E_INVAL, 20);
    if (cmd == IPC_AUD_TRIGGER_START) {
        for (unsigned i = 0; i < PIPE_MAX_COMPS; i++)
            if (s->ep[i].used && s->ep[i].type == IPC_AUD_COMP_HOST &&
                !s->ep[i].params)
                return aud_fail(r, AUD_E_STATE, 20);
    }
    if (cmd == IPC_AUD_TRIGGER_START &&
        (s->p->state == PIPE_STATE_READY || s->p->state == PIPE_STATE_STOPPED ||
         s->p->state == PIPE_STATE_XRUN) &&
        aud_plat->dma_stream) {
        for (unsigned i = 0; i < PIPE_MAX_COMPS; i++) {
            struct comp_dev *c;
            const struct audio_buffer *b;

            if (!s->ep[i].used)
                continue;
            c = pipeline_comp(s->p, s->ep[i].comp_id);
            b = c->n_out ? c->out[0] : c->in[0];
            ret = aud_plat->dma_stream(aud_plat->ctx, s->ep[i].dma_ctx,
                                       &b->params);
            if (ret)
                return aud_fail(r, ret, 20);
        }
    }
    if (cmd == IPC_AUD_TRIGGER_STOP || cmd == IPC_AUD_TRIGGER_PAUSE)
        aud_plat->task_stop(aud_plat->ctx, n);
    key = aud_lock();
    if (cmd == IPC_AUD_TRIGGER_DRAIN)
        ret = pipeline_drain(s->p); /* the task keeps running */
    else
        ret = pipeline_trigger(s->p, (enum comp_trigger_cmd)cmd);
    aud_unlock(key);
    if (ret)
        return aud_fail(r, ret, 20);
    if (cmd == IPC_AUD_TRIGGER_START) {
        for (unsigned i = 0; i < PIPE_MAX_COMPS; i++)
            s->ep[i].periods = 0;
    }
    if (cmd == IPC_AUD_TRIGGER_START || cmd == IPC_AUD_TRIGGER_RELEASE)
        aud_plat->task_start(aud_plat->ctx, n);
    aud_stream_update(s, NULL);
    return 0;
}

static void put_cycles(struct aud_req *r, uint32_t off,
                       const struct audio_cycle_stats *c)
{
    aud_put(r, off, c->periods);
    aud_put(r, off + 4, c->last);
    aud_put(r, off + 8, c->worst);
    aud_put(r, off + 12, audio_cycles_avg(c));
}

int aud_cmd_get_stats(struct aud_req *r)
{
    int err;
    struct aud_slot *s = aud_find_slot(r, &err);
    struct pipeline *p;
    uint32_t releases = 0, misses = 0, off = 72, n;

    if (!s)
        return err;
    p = s->p;
    aud_plat->task_stats(aud_plat->ctx, (unsigned)(s - aud_slots), &releases,
                         &misses);
    aud_put(r, 24, s->id);
    aud_put(r, 28, (uint32_t)p->state);
    aud_put(r, 32, p->period_cycles);
    aud_put(r, 36, p->xruns);
    aud_put(r, 40, misses);
    aud_put(r, 44, releases);
    put_cycles(r, 48, &p->cycles);
    /* processing order once complete, creation order before */
    n = p->n_comps;
    aud_put(r, 64, n);
    aud_put(r, 68, aud_plat->dropped ? aud_plat->dropped(aud_plat->ctx) : 0);
    for (uint32_t i = 0; i < n; i++, off += 24) {
        const struct comp_dev *c = p->state == PIPE_STATE_INIT ? p->comps[i]
                                                               : p->order[i];

        aud_put(r, off, c->id);
        aud_put(r, off + 4, (uint32_t)c->drv->type);
        put_cycles(r, off + 8, &c->cycles);
    }
    return 0;
}

struct pipeline *aud_ipc_pipeline(unsigned slot)
{
    if (slot >= IPC_AUD_MAX_PIPES || !aud_slots[slot].used)
        return NULL;
    return aud_slots[slot].p;
}

void aud_ipc_pipe_job(unsigned slot)
{
    struct pipeline *p = aud_ipc_pipeline(slot);

    if (!p || p->state != PIPE_STATE_RUNNING)
        return;
    pipeline_copy(p);
    /* a drain that completed stops the pipeline: no more jobs until the
	 * host starts it again (like an xrun, ipc_notify.c), so the task's
	 * releases end with the pipeline's last period and GET_STATS and the
	 * trace agree however the host's requests fall between periods */
    if (p->state == PIPE_STATE_STOPPED)
        aud_plat->task_stop(aud_plat->ctx, slot);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Graph-building commands: COMP_NEW, COMP_FREE, BUF_NEW, BUF_FREE,
 * CONNECT, PIPE_CONNECT (across pipelines), STREAM_PARAMS. */
#include <string.h>

#include "buffer/audio_err.h"
#include "comp/comp_mixer.h"
#include "comp/comp_src.h"
#include "comp/comp_tone.h"
#include "comp/comp_volume.h"
#include "ipc_internal.h"

/* The IPC config layouts are the components' config structs. */
_Static_assert(sizeof(struct ipc_aud_volume_config) ==
                   sizeof(struct comp_volume_config),
               "volume config");
_Static_assert(sizeof(struct ipc_aud_mixer_config) ==
                   sizeof(struct comp_mixer_config),
               "mixer config");
_Static_assert(sizeof(struct ipc_aud_tone_config) ==
                   sizeof(struct comp_tone_config),
               "tone config");
_Static_assert(sizeof(struct ipc_aud_src_config) ==
                   sizeof(struct comp_src_config),
               "src config");
_Static_assert(IPC_AUD_SRC_QUALITY_DEFAULT == COMP_SRC_QUALITY_DEFAULT &&
                   IPC_AUD_SRC_QUALITY_HIGH == COMP_SRC_QUALITY_HIGH,
               "src quality");
_Static_assert(IPC_AUD_COMP_CONVERT == COMP_TYPE_CONVERT &&
                   IPC_AUD_COMP_HOST == COMP_TYPE_HOST &&
                   IPC_AUD_COMP_DAI == COMP_TYPE_DAI,
               "component types");
_Static_assert(IPC_AUD_FMT_S32_LE == AUDIO_FMT_S32_LE, "formats");
_Static_assert(IPC_AUD_MAX_COMPS == PIPE_MAX_COMPS, "table sizes");

/* The slot of the command's pipeline, which must be in INIT. */
static struct aud_slot *building(struct aud_req *r, int *err)
{
    struct aud_slot *s = aud_find_slot(r, err);

    if (s && s->p->state != PIPE_STATE_INIT) {
        *err = aud_fail(r, AUD_E_STATE, 16);
        return NULL;
    }
    return s;
}

static bool stream_used(uint32_t stream)
{
    for (unsigned i = 0; i < IPC_AUD_MAX_PIPES; i++)
        for (unsigned j = 0; aud_slots[i].used && j < PIPE_MAX_COMPS; j++) {
            const struct aud_ep *e = &aud_slots[i].ep[j];

            if (e->used && e->type == IPC_AUD_COMP_HOST && e->stream == stream)
                return true;
        }
    return false;
}

static int endpoint_new(struct aud_req *r, struct aud_slot *s,
                        const struct ipc_aud_comp_new *m)
{
    const uint32_t *cfg = (const void *)(r->cmd + 32);
    struct comp_endpoint_config ec = { .dir = s->p->cfg.dir };
    struct aud_ep *e = NULL;
    int ret;

    if (m->config_bytes != 8)
        return aud_fail(r, AUD_E_CONFIG, 28);
    if (m->type == IPC_AUD_COMP_HOST) {
        if (cfg[0] >= IPC_AUD_MAX_STREAMS)
            return aud_fail(r, AUD_E_RANGE, 32);
        if (stream_used(cfg[0]))
            return aud_fail(r, AUD_E_EXISTS, 32);
    }
    if (pipeline_comp(s->p, m->comp_id) || pipeline_buffer(s->p, m->comp_id))
        return aud_fail(r, AUD_E_EXISTS, 20);
    for (unsigned i = 0; i < PIPE_MAX_COMPS && !e; i++)
        if (!s->ep[i].used)
            e = &s->ep[i];
    if (!e)
        return aud_fail(r, AUD_E_FULL, 20);
    ec.port = cfg[0];
    ret = aud_plat->dma_get(aud_plat->ctx, m->type, s->p->cfg.dir, cfg[0],
                            cfg[1], &ec.dma, &ec.dma_ctx);
    if (ret)
        return aud_fail(r, ret,
                        ret == AUD_E_RANGE && m->type == IPC_AUD_COMP_DAI &&
                                cfg[0] >= 4
                            ? 32
                            : 36);
    ret = pipeline_comp_new(s->p, (enum comp_type)m->type, m->comp_id, &ec,
                            sizeof(ec));
    if (ret) {
        aud_plat->dma_put(aud_plat->ctx, ec.dma_ctx);
        return aud_fail(r, ret,
                        ret == AUD_E_EXISTS || ret == AUD_E_FULL
                            ? 20
                            : IPC_AUD_DETAIL_NONE);
    }
    *e = (struct aud_ep){ .used = true,
                          .comp_id = m->comp_id,
                          .type = m->type,
                          .dma_ctx = ec.dma_ctx,
                          .stream = cfg[0] };
    if (m->type == IPC_AUD_COMP_HOST)
        aud_stream_update(s, e);
    return 0;
}

int aud_cmd_comp_new(struct aud_req *r)
{
    const struct ipc_aud_comp_new *m = (const void *)r->cmd;
    int err, ret;
    struct aud_slot *s = building(r, &err);

    if (!s)
        return err;
    if (m->comp_id == IPC_AUD_ID_NONE)
        return aud_fail(r, AUD_E_RANGE, 20);
    if (m->type >= COMP_TYPE_COUNT)
        return aud_fail(r, AUD_E_TYPE, 24);
    if ((m->config_bytes & 3u) || m->config_bytes != r->size - sizeof(*m))
        return aud_fail(r, IPC_STATUS_E_SIZE, 28);
    if (m->type == IPC_AUD_COMP_HOST || m->type == IPC_AUD_COMP_DAI)
        return endpoint_new(r, s, m);
    ret = pipeline_comp_new(s->p, (enum comp_type)m->type, m->comp_id,
                            m->config_bytes ? r->cmd + 32 : NULL,
                            m->config_bytes);
    if (ret == AUD_E_EXISTS || ret == AUD_E_FULL)
        return aud_fail(r, ret, 20);
    return ret ? aud_fail(r, ret, ret == AUD_E_NOMEM ? IPC_AUD_DETAIL_NONE : 32)
               : 0;
}

int aud_cmd_comp_free(struct aud_req *r)
{
    int err;
    struct aud_slot *s = building(r, &err);
    uint32_t id = aud_u32(r, 20);
    struct pipeline *p;
    struct aud_ep *e;
    uint32_t i;

    if (!s)
        return err;
    p = s->p;
    for (i = 0; i < p->n_comps && p->comps[i]->id != id; i++)
        ;
    if (i == p->n_comps)
        return aud_fail(r, AUD_E_NOENT, 20);
    if (p->comps[i]->n_in || p->comps[i]->n_out)
        return aud_fail(r, AUD_E_STATE, 20);
    comp_free(p->comps[i]);
    for (; i + 1 < p->n_comps; i++)
        p->comps[i] = p->comps[i + 1];
    p->n_comps--;
    e = aud_find_ep(s, id);
    if (e) {
        aud_plat->dma_put(aud_plat->ctx, e->dma_ctx);
        if (e->type == IPC_AUD_COMP_HOST)
            aud_stream_clear(e);
        e->used = false;
    }
    return 0;
}

int aud_cmd_buf_new(struct aud_req *r)
{
    const struct ipc_aud_buf_new *m = (const void *)r->cmd;
    int err, ret;
    struct aud_slot *s = building(r, &err);

    if (!s)
        return err;
    if (m->buf_id == IPC_AUD_ID_NONE)
        return aud_fail(r, AUD_E_RANGE, 20);
    if (m->fmt > IPC_AUD_FMT_S32_LE)
        return aud_fail(r, AUD_E_FORMAT, 24);
    if (m->channels < 1 || m->channels > AUDIO_MAX_CHANNELS)
        return aud_fail(r, AUD_E_CHANNELS, 28);
    if (m->rate_hz < AUDIO_RATE_MIN_HZ || m->rate_hz > AUDIO_RATE_MAX_HZ)
        return aud_fail(r, AUD_E_RATE, 32);
    if (m->capacity_frames == 0)
        return aud_fail(r, AUD_E_BUF_SIZE, 36);
    ret = pipeline_buffer_new(s->p, m->buf_id, (enum audio_fmt)m->fmt,
                              m->channels, m->rate_hz, m->capacity_frames);
    if (ret == AUD_E_EXISTS || ret == AUD_E_FULL)
        return aud_fail(r, ret, 20);
    if (ret == AUD_E_BUF_SIZE)
        return aud_fail(r, ret, 36);
    return ret ? aud_fail(r, ret, IPC_AUD_DETAIL_NONE) : 0;
}

int aud_cmd_buf_free(struct aud_req *r)
{
    int err;
    struct aud_slot *s = building(r, &err);
    uint32_t id = aud_u32(r, 20);
    struct pipeline *p;
    uint32_t i;

    if (!s)
        return err;
    p = s->p;
    for (i = 0; i < p->n_bufs && p->bufs[i]->id != id; i++)
        ;
    if (i == p->n_bufs)
        return aud_fail(r, AUD_E_NOENT, 20);
    if (p->bufs[i]->source || p->bufs[i]->sink)
        return aud_fail(r, AUD_E_STATE, 20);
    audio_buffer_free(p->bufs[i]);
    audio_free(p->cfg.alloc, p->bufs[i]);
    for (; i + 1 < p->n_bufs; i++)
        p->bufs[i] = p->bufs[i + 1];
    p->n_bufs--;
    return 0;
}

int aud_cmd_connect(struct aud_req *r)
{
    const struct ipc_aud_connect *m = (const void *)r->cmd;
    int err;
    struct aud_slot *s = building(r, &err);
    struct comp_dev *src = NULL, *sink = NULL;
    struct audio_buffer *b;

    if (!s)
        return err;
    if (m->src_comp_id != IPC_AUD_ID_NONE &&
        !(src = pipeline_comp(s->p, m->src_comp_id)))
        return aud_fail(r, AUD_E_NOENT, 20);
    if (!(b = pipeline_buffer(s->p, m->buf_id)))
        return aud_fail(r, AUD_E_NOENT, 24);
    if (m->sink_comp_id != IPC_AUD_ID_NONE &&
        !(sink = pipeline_comp(s->p, m->sink_comp_id)))
        return aud_fail(r, AUD_E_NOENT, 28);
    if (!src && !sink)
        return aud_fail(r, AUD_E_INVAL, 20);
    /* check both sides first: all or nothing */
    if (src && (b->source || src->n_out >= src->max_out))
        return aud_fail(r, AUD_E_PORT_FULL, 20);
    if (sink && (b->sink || sink->n_in >= sink->max_in))
        return aud_fail(r, AUD_E_PORT_FULL, 28);
    if (src && (err = pipeline_link_out(s->p, src->id, b->id)))
        return aud_fail(r, err, 20);
    if (sink && (err = pipeline_link_in(s->p, b->id, sink->id)))
        return aud_fail(r, err, 28);
    return 0;
}

/* PIPE_CONNECT: the pipeline layer checks the fields in offset order and
 * names the one at fault; a consumer id that names no pipeline is
 * E_PIPE at 24 in that order too. */
int aud_cmd_pipe_connect(struct aud_req *r)
{
    static const uint32_t off[] = {
        [PIPE_XARG_PROD] = 16,
        [PIPE_XARG_BUF] = 20,
        [PIPE_XARG_CONS] = 24,
        [PIPE_XARG_COMP] = 28,
    };
    const struct ipc_aud_pipe_connect *m = (const void *)r->cmd;
    int err;
    struct aud_slot *ps = aud_find_slot(r, &err), *cs;
    enum pipe_xarg bad;
    uint32_t key;

    if (!ps)
        return err;
    cs = aud_find_slot_at(r, 24, &err);
    key = aud_lock();
    err = pipeline_xconnect(ps->p, m->buf_id, cs ? cs->p : NULL, m->comp_id,
                            &bad);
    aud_unlock(key);
    if (err == AUD_E_INVAL && bad == PIPE_XARG_CONS && !cs)
        err = IPC_STATUS_E_PIPE;
    return err ? aud_fail(r, err, off[bad]) : 0;
}

int aud_cmd_stream_params(struct aud_req *r)
{
    const struct ipc_aud_stream_params *m = (const void *)r->cmd;
    int err;
    struct aud_slot *s = aud_find_slot(r, &err);
    struct comp_dev *c;
    struct aud_ep *e;
    const struct audio_buffer *b;
    uint32_t period_bytes;
    enum pipe_state st;

    if (!s)
        return err;
    if (!(c = pipeline_comp(s->p, m->comp_id)))
        return aud_fail(r, AUD_E_NOENT, 20);
    e = aud_find_ep(s, m->comp_id);
    if (!e || e->type != IPC_AUD_COMP_HOST)
        return aud_fail(r, IPC_STATUS_E_NOT_HOST, 20);
    st = s->p->state;
    if (st != PIPE_STATE_READY && st != PIPE_STATE_STOPPED &&
        st != PIPE_STATE_XRUN)
        return aud_fail(r, AUD_E_STATE, 16);
    b = c->n_out ? c->out[0] : c->in[0];
    if (m->rate_hz != b->params.rate_hz)
        return aud_fail(r, AUD_E_RATE, 24);
    if (m->channels != b->params.channels)
        return aud_fail(r, AUD_E_CHANNELS, 28);
    if (m->fmt != (uint32_t)b->params.fmt)
        return aud_fail(r, AUD_E_FORMAT, 32);
    if (m->host_addr & 3u)
        return aud_fail(r, AUD_E_INVAL, 36);
    /* the largest period (44.1 kHz at 1 ms: 45 frames; docs/ipc.md) */
    period_bytes = b->params.period_frames * b->frame_bytes;
    if (m->host_bytes < 2 * period_bytes || m->host_bytes % period_bytes)
        return aud_fail(r, AUD_E_BUF_SIZE, 40);
    if (m->period_bytes != period_bytes)
        return aud_fail(r, AUD_E_PERIOD, 44);
    aud_plat->dma_host_buffer(aud_plat->ctx, e->dma_ctx, m->host_addr,
                              m->host_bytes);
    e->params = true;
    return 0;
}

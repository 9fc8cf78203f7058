/* SPDX-License-Identifier: BSD-3-Clause */
/* Pipeline events -> POSITION / XRUN notifications and the stream
 * region's position slots (docs/ipc.md, "Notifications"). */
#include "buffer/audio_err.h"
#include "comp/comp_endpoint.h"
#include "ipc_internal.h"

static uint32_t now(void)
{
    return aud_plat->cycles ? aud_plat->cycles(aud_plat->cycles_ctx) : 0;
}

static uint32_t dropped(void)
{
    return aud_plat->dropped ? aud_plat->dropped(aud_plat->ctx) : 0;
}

static void slot_write(struct aud_slot *s, struct aud_ep *e)
{
    const struct comp_endpoint_stats *st = comp_endpoint_stats(
        pipeline_comp(s->p, e->comp_id));
    struct ipc_aud_stream_slot v = {
        .pipe_id = s->id,
        .comp_id = e->comp_id,
        .position = st ? st->position_bytes : 0,
        .periods = e->periods,
        .xruns = s->p->xruns,
        .state = (uint32_t)s->p->state,
        .cycles = now(),
    };

    if (aud_plat->stream_slot)
        aud_plat->stream_slot(aud_plat->ctx, e->stream, &v);
}

void aud_stream_update(struct aud_slot *s, struct aud_ep *only)
{
    for (unsigned i = 0; i < PIPE_MAX_COMPS; i++) {
        struct aud_ep *e = &s->ep[i];

        if (e->used && e->type == IPC_AUD_COMP_HOST && (!only || only == e))
            slot_write(s, e);
    }
}

void aud_stream_clear(struct aud_ep *e)
{
    struct ipc_aud_stream_slot v = { .pipe_id = IPC_AUD_ID_NONE };

    if (aud_plat->stream_slot)
        aud_plat->stream_slot(aud_plat->ctx, e->stream, &v);
}

void aud_pipe_event(void *ctx, enum audio_event ev, uint32_t comp_id,
                    uint32_t value)
{
    struct aud_slot *s = ctx;
    struct aud_ep *e = aud_find_ep(s, comp_id);

    if (ev == AUD_EV_POSITION) {
        struct ipc_aud_position m = {
            .hdr = { .size = sizeof m, .id = IPC_NOTIFY_AUD_POSITION },
            .pipe_id = s->id,
            .comp_id = comp_id,
            .position = value,
        };

        if (!e)
            return;
        e->periods++;
        slot_write(s, e);
        m.periods = e->periods;
        m.cycles = now();
        m.dropped = dropped();
        aud_plat->notify(aud_plat->ctx, &m.hdr);
        return;
    } else {
        struct ipc_aud_xrun m = {
            .hdr = { .size = sizeof m, .id = IPC_NOTIFY_AUD_XRUN },
            .pipe_id = s->id,
            .comp_id = comp_id,
            .code = s->p->last_xrun ? s->p->last_xrun
                                    : (ev == AUD_EV_UNDERRUN ? AUD_E_UNDERRUN
                                                             : AUD_E_OVERRUN),
            .xruns = value,
        };

        /* no more jobs until the host restarts the stream */
        aud_plat->task_stop(aud_plat->ctx, (unsigned)(s - aud_slots));
        m.dropped = dropped();
        if (aud_plat->log)
            aud_plat->log(aud_plat->ctx, IPC_LOG_WARN, AUD_IPC_TRACE_XRUN,
                          s->id, (uint32_t)m.code);
        aud_plat->notify(aud_plat->ctx, &m.hdr);
        aud_stream_update(s, NULL);
    }
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Command dispatch: header checks, then a table of {id, size rule,
 * handler}; every outcome is one reply (docs/ipc.md). */
#include <string.h>

#include "buffer/audio_err.h"
#include "ipc_internal.h"

/* The protocol's audio status codes are the audio layers' codes. */
_Static_assert(IPC_STATUS_AUD_INVAL == AUD_E_INVAL &&
                   IPC_STATUS_AUD_NOMEM == AUD_E_NOMEM &&
                   IPC_STATUS_AUD_CYCLE == AUD_E_CYCLE &&
                   IPC_STATUS_AUD_RATE == AUD_E_RATE &&
                   IPC_STATUS_AUD_DMA == AUD_E_DMA,
               "status codes = AUD_E_*");

const struct aud_ipc_platform *aud_plat;
struct aud_slot aud_slots[IPC_AUD_MAX_PIPES];

enum size_rule {
    SIZE_EXACT, /* hdr.size == size */
    SIZE_MIN,   /* hdr.size >= size (handler checks) */
};

struct aud_cmd {
    uint32_t id;
    enum size_rule rule;
    uint32_t size;
    int (*fn)(struct aud_req *r);
};

static const struct aud_cmd cmds[] = {
    { IPC_CMD_AUD_PING, SIZE_EXACT, sizeof(struct ipc_aud_ping), aud_cmd_ping },
    { IPC_CMD_AUD_PIPE_NEW, SIZE_EXACT, sizeof(struct ipc_aud_pipe_new),
      aud_cmd_pipe_new },
    { IPC_CMD_AUD_PIPE_FREE, SIZE_EXACT, sizeof(struct ipc_aud_pipe_ref),
      aud_cmd_pipe_free },
    { IPC_CMD_AUD_COMP_NEW, SIZE_MIN, sizeof(struct ipc_aud_comp_new),
      aud_cmd_comp_new },
    { IPC_CMD_AUD_COMP_FREE, SIZE_EXACT, sizeof(struct ipc_aud_obj_ref),
      aud_cmd_comp_free },
    { IPC_CMD_AUD_BUF_NEW, SIZE_EXACT, sizeof(struct ipc_aud_buf_new),
      aud_cmd_buf_new },
    { IPC_CMD_AUD_BUF_FREE, SIZE_EXACT, sizeof(struct ipc_aud_obj_ref),
      aud_cmd_buf_free },
    { IPC_CMD_AUD_CONNECT, SIZE_EXACT, sizeof(struct ipc_aud_connect),
      aud_cmd_connect },
    { IPC_CMD_AUD_PIPE_COMPLETE, SIZE_EXACT, sizeof(struct ipc_aud_pipe_ref),
      aud_cmd_pipe_complete },
    { IPC_CMD_AUD_STREAM_PARAMS, SIZE_EXACT,
      sizeof(struct ipc_aud_stream_params), aud_cmd_stream_params },
    { IPC_CMD_AUD_TRIGGER, SIZE_EXACT, sizeof(struct ipc_aud_trigger),
      aud_cmd_trigger },
    { IPC_CMD_AUD_SET_CONTROL, SIZE_MIN, sizeof(struct ipc_aud_control),
      aud_cmd_set_control },
    { IPC_CMD_AUD_GET_CONTROL, SIZE_EXACT, sizeof(struct ipc_aud_control),
      aud_cmd_get_control },
    { IPC_CMD_AUD_GET_STATS, SIZE_EXACT, sizeof(struct ipc_aud_pipe_ref),
      aud_cmd_get_stats },
    { IPC_CMD_AUD_PIPE_CONNECT, SIZE_EXACT, sizeof(struct ipc_aud_pipe_connect),
      aud_cmd_pipe_connect },
    { IPC_CMD_AUD_TEST, SIZE_EXACT, sizeof(struct ipc_aud_test), aud_cmd_test },
#ifdef FW_SMP
    { IPC_CMD_AUD_CORE_STATS, SIZE_EXACT, sizeof(struct ipc_aud_core_stats),
      aud_cmd_core_stats },
#endif
};

void aud_ipc_init(const struct aud_ipc_platform *plat)
{
    aud_plat = plat;
    memset(aud_slots, 0, sizeof(aud_slots));
    for (unsigned i = 0; i < IPC_AUD_MAX_STREAMS; i++) {
        struct ipc_aud_stream_slot s = { .pipe_id = IPC_AUD_ID_NONE };

        if (plat->stream_slot)
            plat->stream_slot(plat->ctx, i, &s);
    }
}

uint32_t aud_lock(void)
{
    return aud_plat->lock ? aud_plat->lock(aud_plat->ctx) : 0;
}

void aud_unlock(uint32_t key)
{
    if (aud_plat->unlock)
        aud_plat->unlock(aud_plat->ctx, key);
}

struct aud_slot *aud_find_slot_at(struct aud_req *r, uint32_t off, int *err)
{
    uint32_t id = aud_u32(r, off);

    for (unsigned i = 0; i < IPC_AUD_MAX_PIPES; i++)
        if (aud_slots[i].used && aud_slots[i].id == id)
            return &aud_slots[i];
    *err = aud_fail(r, IPC_STATUS_E_PIPE, off);
    return NULL;
}

struct aud_slot *aud_find_slot(struct aud_req *r, int *err)
{
    return aud_find_slot_at(r, 16, err);
}

struct aud_ep *aud_find_ep(struct aud_slot *s, uint32_t comp_id)
{
    for (unsigned i = 0; i < PIPE_MAX_COMPS; i++)
        if (s->ep[i].used && s->ep[i].comp_id == comp_id)
            return &s->ep[i];
    return NULL;
}

static int dispatch(struct aud_req *r, uint32_t cmd_bytes, uint32_t doorbell)
{
    const struct ipc_hdr *h = (const void *)r->cmd;
    const struct aud_cmd *c = NULL;

    if (cmd_bytes < sizeof(*h) || h->size < sizeof(*h) ||
        h->size > AUD_IPC_MSG_MAX || h->size > cmd_bytes || (h->size & 3u))
        return aud_fail(r, IPC_STATUS_E_SIZE, 0);
    if (h->id != (doorbell & AUD_IPC_DOORBELL_MASK))
        return aud_fail(r, IPC_STATUS_E_HDR, 4);
    for (unsigned i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
        if (cmds[i].id == h->id)
            c = &cmds[i];
    if (!c)
        return aud_fail(r, IPC_STATUS_E_UNKNOWN, 4);
    if (c->rule == SIZE_EXACT ? h->size != c->size : h->size < c->size)
        return aud_fail(r, IPC_STATUS_E_SIZE, 0);
    r->size = h->size;
    return c->fn(r);
}

uint32_t aud_ipc_handle(const void *cmd, uint32_t cmd_bytes, uint32_t doorbell,
                        void *reply)
{
    const struct ipc_hdr *h = cmd;
    struct ipc_reply *rep = reply;
    struct aud_req r = {
        .cmd = cmd,
        .reply = reply,
        .reply_bytes = sizeof(*rep),
        .detail = IPC_AUD_DETAIL_NONE,
    };
    int status;

    memset(rep, 0, sizeof(*rep));
    status = dispatch(&r, cmd_bytes, doorbell);
    if (status)
        r.reply_bytes = sizeof(*rep);
    rep->hdr.size = r.reply_bytes;
    rep->hdr.id = doorbell & AUD_IPC_DOORBELL_MASK;
    rep->hdr.status = status;
    rep->req_seq = cmd_bytes >= sizeof(*h) ? h->seq : 0;
    rep->detail = status ? r.detail : IPC_AUD_DETAIL_NONE;
    if (aud_plat->log)
        aud_plat->log(aud_plat->ctx, status ? IPC_LOG_WARN : IPC_LOG_INFO,
                      AUD_IPC_TRACE_CMD, rep->hdr.id, (uint32_t)status);
    return r.reply_bytes;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Between the files of firmware/audio/ipc only. */
#ifndef AUD_IPC_INTERNAL_H
#define AUD_IPC_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "aud_ipc.h"

/* An endpoint of a pipeline (host or DAI) and its DMA. */
struct aud_ep {
    bool used;
    uint32_t comp_id;
    uint32_t type; /* IPC_AUD_COMP_HOST / _DAI */
    void *dma_ctx;
    uint32_t stream;  /* host: stream slot */
    bool params;      /* host: STREAM_PARAMS received */
    uint32_t periods; /* positions reported since START */
};

struct aud_slot {
    bool used;
    uint32_t id;
    struct pipeline *p;
    uint32_t task_id;
    uint32_t priority;
    struct aud_ep ep[PIPE_MAX_COMPS];
};

/* A command being handled. */
struct aud_req {
    const uint8_t *cmd;
    uint32_t size;        /* hdr.size, validated */
    uint8_t *reply;       /* AUD_IPC_MSG_MAX bytes */
    uint32_t reply_bytes; /* payload end (>= sizeof ipc_reply) */
    uint32_t detail;
};

extern const struct aud_ipc_platform *aud_plat;
extern struct aud_slot aud_slots[IPC_AUD_MAX_PIPES];

/* Field access (messages are word-aligned copies). */
static inline uint32_t aud_u32(const struct aud_req *r, uint32_t off)
{
    return *(const uint32_t *)(const void *)(r->cmd + off);
}
static inline void aud_put(struct aud_req *r, uint32_t off, uint32_t v)
{
    *(uint32_t *)(void *)(r->reply + off) = v;
    if (off + 4 > r->reply_bytes)
        r->reply_bytes = off + 4;
}
/* Return code with the offending field's offset recorded. */
static inline int aud_fail(struct aud_req *r, int code, uint32_t off)
{
    r->detail = off;
    return code;
}

/* The live slot of pipe_id (field at offset 16, or `off`), or NULL after
 * setting IPC_STATUS_E_PIPE. */
struct aud_slot *aud_find_slot(struct aud_req *r, int *err);
struct aud_slot *aud_find_slot_at(struct aud_req *r, uint32_t off, int *err);
struct aud_ep *aud_find_ep(struct aud_slot *s, uint32_t comp_id);
uint32_t aud_lock(void);
void aud_unlock(uint32_t key);

/* Handlers (ipc_pipe.c, ipc_graph.c, ipc_ctl.c): 0 or a status. */
int aud_cmd_ping(struct aud_req *r);
int aud_cmd_test(struct aud_req *r); /* ipc_test.c */
#ifdef FW_SMP
int aud_cmd_core_stats(struct aud_req *r); /* ipc_pipe.c (1.7) */
#endif
int aud_cmd_pipe_new(struct aud_req *r);
int aud_cmd_pipe_free(struct aud_req *r);
int aud_cmd_pipe_complete(struct aud_req *r);
int aud_cmd_trigger(struct aud_req *r);
int aud_cmd_get_stats(struct aud_req *r);
int aud_cmd_comp_new(struct aud_req *r);
int aud_cmd_comp_free(struct aud_req *r);
int aud_cmd_buf_new(struct aud_req *r);
int aud_cmd_buf_free(struct aud_req *r);
int aud_cmd_connect(struct aud_req *r);
int aud_cmd_pipe_connect(struct aud_req *r);
int aud_cmd_stream_params(struct aud_req *r);
int aud_cmd_set_control(struct aud_req *r);
int aud_cmd_get_control(struct aud_req *r);

/* Pipeline event callback (ipc_notify.c): positions and xruns. */
void aud_pipe_event(void *slot, enum audio_event ev, uint32_t comp_id,
                    uint32_t value);
/* Rewrite the stream slots of a pipeline's host endpoints. */
void aud_stream_update(struct aud_slot *s, struct aud_ep *only);
void aud_stream_clear(struct aud_ep *e);

#endif

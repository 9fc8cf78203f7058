/* SPDX-License-Identifier: BSD-3-Clause */
/* Fake platform for the firmware's audio IPC layer (fw_plat.h). */
#include "fw_plat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buffer/audio_err.h"
#include "ipc_internal.h"

static long allocs_live;

static void *f_alloc(void *ctx, size_t bytes, size_t align)
{
    void *p = NULL;
    (void)ctx;
    if (align < sizeof(void *))
        align = sizeof(void *);
    if ((align & (align - 1)) || bytes > (8u << 20))
        abort();        /* the firmware asks for powers of two, < 8 MiB */
    if (posix_memalign(&p, align, (bytes + align - 1) / align * align))
        return NULL;
    allocs_live++;
    return p;
}

static void f_free(void *ctx, void *p)
{
    (void)ctx;
    if (!p)
        return;
    allocs_live--;
    free(p);
}

static const struct audio_alloc alloc = { f_alloc, f_free, NULL };

static uint32_t clock_now;
static uint32_t f_cycles(void *ctx)
{
    (void)ctx;
    return clock_now += 100;
}

struct f_task { int set, running; };
static struct f_task tasks[IPC_AUD_MAX_PIPES];

static int f_task_setup(void *ctx, unsigned slot, struct pipeline *p,
                        uint32_t period, uint32_t deadline, uint32_t *id)
{
    (void)ctx, (void)p;
    if (slot >= IPC_AUD_MAX_PIPES || !period || deadline > period)
        abort();
    tasks[slot] = (struct f_task){ 1, 0 };
    *id = 10 + slot;
    return 0;
}
static void f_task_start(void *ctx, unsigned slot)
{
    (void)ctx;
    tasks[slot].running = 1;
}
static void f_task_stop(void *ctx, unsigned slot)
{
    (void)ctx;
    tasks[slot].running = 0;
}
static void f_task_stats(void *ctx, unsigned slot, uint32_t *rel,
                         uint32_t *miss)
{
    (void)ctx, (void)slot;
    *rel = 0;
    *miss = 0;
}

struct f_dma {
    int used, started;
    uint32_t type, dir, moved;
};
static struct f_dma dmas[4];

static int f_start(void *ctx, const struct audio_dma_config *c)
{
    (void)c;
    ((struct f_dma *)ctx)->started = 1;
    return 0;
}
static int f_stop(void *ctx)
{
    ((struct f_dma *)ctx)->started = 0;
    return 0;
}
static int32_t f_transfer(void *ctx, void *local, uint32_t bytes)
{
    struct f_dma *d = ctx;
    if (!d->used || bytes > (1u << 20))
        abort();
    if (d->dir == IPC_AUD_DIR_PLAYBACK) {
        if (d->type == IPC_AUD_COMP_HOST)
            for (uint32_t i = 0; i < bytes; i++)
                ((uint8_t *)local)[i] = (uint8_t)(d->moved * 7 + i);
    } else {
        volatile uint8_t sum = 0;      /* capture: the DMA reads local */
        for (uint32_t i = 0; i < bytes; i++)
            sum = (uint8_t)(sum + ((uint8_t *)local)[i]);
        (void)sum;
    }
    d->moved += bytes;
    return (int32_t)bytes;
}
static uint32_t f_position(void *ctx)
{
    return ((struct f_dma *)ctx)->moved;
}
static const struct audio_dma_ops f_ops = { f_start, f_stop, f_transfer,
                                            f_position };

static int f_dma_get(void *ctx, uint32_t type, uint32_t dir, uint32_t port,
                     uint32_t ch, const struct audio_dma_ops **ops,
                     void **dctx)
{
    (void)ctx;
    if (ch >= 4 || (type == IPC_AUD_COMP_DAI && port >= 4))
        return AUD_E_RANGE;
    if (dmas[ch].used)
        return AUD_E_EXISTS;
    dmas[ch] = (struct f_dma){ 1, 0, type, dir, 0 };
    *ops = &f_ops;
    *dctx = &dmas[ch];
    return 0;
}
static void f_dma_put(void *ctx, void *dctx)
{
    (void)ctx;
    struct f_dma *d = dctx;
    if (!d->used)
        abort();                      /* released twice */
    d->used = 0;
}
static void f_dma_host(void *ctx, void *dctx, uint32_t addr, uint32_t bytes)
{
    (void)ctx, (void)addr, (void)bytes;
    if (!((struct f_dma *)dctx)->used)
        abort();
}

static int f_notify(void *ctx, struct ipc_hdr *m)
{
    (void)ctx;
    if (m->size < sizeof *m || m->size > AUD_IPC_MSG_MAX || (m->size & 3))
        abort();
    return 0;
}
static uint32_t f_dropped(void *ctx)
{
    (void)ctx;
    return 0;
}
static void f_stream(void *ctx, unsigned n,
                     const struct ipc_aud_stream_slot *s)
{
    (void)ctx, (void)s;
    if (n >= IPC_AUD_MAX_STREAMS)
        abort();
}

static const struct aud_ipc_platform plat = {
    .alloc = &alloc, .clock_hz = 160000000u,
    .cycles = f_cycles,
    .task_setup = f_task_setup, .task_start = f_task_start,
    .task_stop = f_task_stop, .task_stats = f_task_stats,
    .dma_get = f_dma_get, .dma_put = f_dma_put,
    .dma_host_buffer = f_dma_host,
    .notify = f_notify, .dropped = f_dropped, .stream_slot = f_stream,
};

static uint32_t reply[AUD_IPC_MSG_MAX / 4];
static uint32_t seq;
static int trace = -1;    /* FW_TRACE set: every command and its status */

void fw_reset(void)
{
    memset(tasks, 0, sizeof tasks);
    memset(dmas, 0, sizeof dmas);
    allocs_live = 0;
    aud_ipc_init(&plat);
}

const uint32_t *fw_reply(void)
{
    return reply;
}

int32_t fw_send(const void *msg, uint32_t n, uint32_t doorbell)
{
    static uint32_t cmd[AUD_IPC_MSG_MAX / 4];
    if (n > sizeof cmd)
        n = sizeof cmd;
    memset(cmd, 0, sizeof cmd);
    memcpy(cmd, msg, n);
    memset(reply, 0xa5, sizeof reply);
    uint32_t got = aud_ipc_handle(cmd, sizeof cmd, doorbell, reply);
    if (got < sizeof(struct ipc_reply) || got > AUD_IPC_MSG_MAX ||
        (got & 3) || got != reply[0] ||
        reply[1] != (doorbell & AUD_IPC_DOORBELL_MASK))
        abort();
    if ((int32_t)reply[3] != 0 && got != sizeof(struct ipc_reply))
        abort();              /* an error reply carries no payload */
    if (trace < 0)
        trace = getenv("FW_TRACE") != NULL;
    if (trace)
        fprintf(stderr, "cmd 0x%03x (%u bytes): status %d\n",
                (unsigned)cmd[1], (unsigned)n, (int)(int32_t)reply[3]);
    return (int32_t)reply[3];
}

int32_t fw_cmd(uint32_t id, const uint32_t *words, unsigned nw)
{
    uint32_t m[AUD_IPC_MSG_MAX / 4] = { 0 };
    if (nw > AUD_IPC_MSG_MAX / 4 - 4)
        nw = AUD_IPC_MSG_MAX / 4 - 4;
    m[0] = 16 + 4 * nw;
    m[1] = id;
    m[2] = ++seq;
    memcpy(&m[4], words, 4 * nw);
    return fw_send(m, m[0], id);
}

void fw_run_jobs(void)
{
    for (unsigned s = 0; s < IPC_AUD_MAX_PIPES; s++)
        aud_ipc_pipe_job(s);
}

void fw_teardown(void)
{
    for (unsigned s = 0; s < IPC_AUD_MAX_PIPES; s++) {
        if (!aud_slots[s].used)
            continue;
        uint32_t id = aud_slots[s].id;
        uint32_t stop[2] = { id, IPC_AUD_TRIGGER_STOP };
        fw_cmd(IPC_CMD_AUD_TRIGGER, stop, 2);
        if (fw_cmd(IPC_CMD_AUD_PIPE_FREE, &id, 1) != 0)
            abort();          /* PIPE_FREE of a live pipeline must work */
    }
    for (unsigned s = 0; s < IPC_AUD_MAX_PIPES; s++)
        if (aud_slots[s].used || aud_ipc_pipeline(s))
            abort();
    for (unsigned c = 0; c < 4; c++)
        if (dmas[c].used)
            abort();          /* a DMA channel not given back */
    if (allocs_live != 0)
        abort();              /* firmware allocator leak */
}

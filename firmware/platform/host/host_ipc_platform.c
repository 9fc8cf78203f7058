/* SPDX-License-Identifier: BSD-3-Clause */
/* The IPC layer's platform hooks faked over host memory
 * (host_ipc_platform.h). */
#include "host_ipc_platform.h"

#include <stdlib.h>
#include <string.h>

#include "buffer/audio_err.h"

struct host_ipc_state host_ipc;

static void *f_alloc(void *ctx, size_t bytes, size_t align)
{
    void *p = NULL;

    (void)ctx;
    if (align < sizeof(void *))
        align = sizeof(void *);
    if ((align & (align - 1)) || bytes > (8u << 20))
        abort(); /* the firmware asks for powers of two, < 8 MiB */
    if (host_ipc.alloc_fail_at >= 0 &&
        host_ipc.alloc_count++ == host_ipc.alloc_fail_at)
        return NULL;
    if (posix_memalign(&p, align, (bytes + align - 1) / align * align))
        return NULL;
    host_ipc.allocs_live++;
    return p;
}

static void f_free(void *ctx, void *p)
{
    (void)ctx;
    if (!p)
        return;
    host_ipc.allocs_live--;
    free(p);
}

static const struct audio_alloc alloc = { f_alloc, f_free, NULL };

static uint32_t f_cycles(void *ctx)
{
    (void)ctx;
    return host_ipc.clock_now += HOST_IPC_CYCLES_PER_READ;
}

static int f_task_setup(void *ctx, unsigned slot, struct pipeline *p,
                        uint32_t period, uint32_t deadline, uint32_t *id)
{
    (void)ctx;
    (void)p;
    if (slot >= IPC_AUD_MAX_PIPES || !period || deadline > period)
        abort();
    host_ipc.tasks[slot] = (struct host_ipc_task){ 1, 0, period, deadline, 0 };
    *id = 10 + slot;
    return 0;
}

static void f_task_start(void *ctx, unsigned slot)
{
    (void)ctx;
    if (slot >= IPC_AUD_MAX_PIPES)
        abort();
    host_ipc.tasks[slot].running = 1;
}

static void f_task_stop(void *ctx, unsigned slot)
{
    (void)ctx;
    if (slot >= IPC_AUD_MAX_PIPES)
        abort();
    host_ipc.tasks[slot].running = 0;
}

static void f_task_stats(void *ctx, unsigned slot, uint32_t *rel,
                         uint32_t *miss)
{
    (void)ctx;
    if (slot >= IPC_AUD_MAX_PIPES)
        abort();
    *rel = host_ipc.tasks[slot].releases;
    *miss = 0;
}

static int f_start(void *ctx, const struct audio_dma_config *c)
{
    (void)c;
    ((struct host_ipc_dma *)ctx)->started = 1;
    return 0;
}

static int f_stop(void *ctx)
{
    ((struct host_ipc_dma *)ctx)->started = 0;
    return 0;
}

static int32_t f_transfer(void *ctx, void *local, uint32_t bytes)
{
    struct host_ipc_dma *d = ctx;

    if (!d->used || bytes > (1u << 20))
        abort();
    if (d->starve) {
        d->starve = 0;
        return 0;
    }
    if (d->dir == IPC_AUD_DIR_PLAYBACK) {
        if (d->type == IPC_AUD_COMP_HOST)
            for (uint32_t i = 0; i < bytes; i++)
                ((uint8_t *)local)[i] = (uint8_t)(d->moved *
                                                      host_ipc.pattern_step +
                                                  i);
    } else {
        volatile uint8_t sum = 0; /* capture: the DMA reads local */

        for (uint32_t i = 0; i < bytes; i++)
            sum = (uint8_t)(sum + ((uint8_t *)local)[i]);
        (void)sum;
    }
    d->moved += bytes;
    return (int32_t)bytes;
}

static uint32_t f_position(void *ctx)
{
    return ((struct host_ipc_dma *)ctx)->moved;
}

static const struct audio_dma_ops f_ops = { f_start, f_stop, f_transfer,
                                            f_position };

static int f_dma_get(void *ctx, uint32_t type, uint32_t dir, uint32_t port,
                     uint32_t ch, const struct audio_dma_ops **ops, void **dctx)
{
    (void)ctx;
    if (ch >= HOST_IPC_DMA_CHANNELS ||
        (type == IPC_AUD_COMP_DAI && port >= HOST_IPC_DAI_PORTS))
        return AUD_E_RANGE;
    if (host_ipc.dmas[ch].used)
        return AUD_E_EXISTS;
    host_ipc.dmas[ch] = (struct host_ipc_dma){
        .used = 1,
        .type = type,
        .dir = dir,
        .port = port,
        .channel = ch,
    };
    *ops = &f_ops;
    *dctx = &host_ipc.dmas[ch];
    return 0;
}

static void f_dma_put(void *ctx, void *dctx)
{
    struct host_ipc_dma *d = dctx;

    (void)ctx;
    if (!d->used)
        abort(); /* released twice */
    d->used = 0;
}

static void f_dma_host(void *ctx, void *dctx, uint32_t addr, uint32_t bytes)
{
    struct host_ipc_dma *d = dctx;

    (void)ctx;
    if (!d->used)
        abort();
    d->host_addr = addr;
    d->host_bytes = bytes;
}

static int f_notify(void *ctx, struct ipc_hdr *m)
{
    (void)ctx;
    if (m->size < sizeof(*m) || m->size > AUD_IPC_MSG_MAX || (m->size & 3))
        abort();
    if (!host_ipc.record_notes)
        return 0;
    if (host_ipc.d2h_busy || host_ipc.n_notes == HOST_IPC_MAX_NOTES ||
        m->size > sizeof(host_ipc.notes[0])) {
        host_ipc.n_dropped++;
        return -1;
    }
    memcpy(host_ipc.notes[host_ipc.n_notes++], m, m->size);
    return 0;
}

static uint32_t f_dropped(void *ctx)
{
    (void)ctx;
    return host_ipc.n_dropped;
}

static void f_stream(void *ctx, unsigned n, const struct ipc_aud_stream_slot *s)
{
    (void)ctx;
    if (n >= IPC_AUD_MAX_STREAMS)
        abort();
    host_ipc.streams[n] = *s;
}

const struct aud_ipc_platform host_ipc_platform = {
    .alloc = &alloc,
    .clock_hz = HOST_IPC_CLOCK_HZ,
    .cycles = f_cycles,
    .task_setup = f_task_setup,
    .task_start = f_task_start,
    .task_stop = f_task_stop,
    .task_stats = f_task_stats,
    .dma_get = f_dma_get,
    .dma_put = f_dma_put,
    .dma_host_buffer = f_dma_host,
    .notify = f_notify,
    .dropped = f_dropped,
    .stream_slot = f_stream,
};

void host_ipc_reset(void)
{
    uint32_t now = host_ipc.clock_now;

    memset(&host_ipc, 0, sizeof(host_ipc));
    host_ipc.clock_now = now;
    host_ipc.alloc_fail_at = -1;
    host_ipc.pattern_step = 1;
    host_ipc.record_notes = 1;
    aud_ipc_init(&host_ipc_platform);
}

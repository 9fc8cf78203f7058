/* SPDX-License-Identifier: BSD-3-Clause */
/* The host platform's DMA over memory (host_platform.h). */
#include "host_platform.h"

#include <string.h>

static int f_start(void *ctx, const struct audio_dma_config *cfg)
{
    struct fake_dma *d = ctx;

    if (d->fail_start)
        return -1;
    d->cfg = *cfg;
    d->starts++;
    d->running = true;
    return 0;
}

static int f_stop(void *ctx)
{
    struct fake_dma *d = ctx;

    d->stops++;
    d->running = false;
    return 0;
}

static int32_t f_transfer(void *ctx, void *local, uint32_t bytes)
{
    struct fake_dma *d = ctx;
    uint32_t n = d->limit - d->pos;

    if (!d->running)
        return -1;
    if (d->xrun_once) {
        int32_t x = d->xrun_once;

        d->xrun_once = 0;
        return x;
    }
    if (n > bytes)
        n = bytes;
    if (d->to_local)
        memcpy(local, d->mem + d->pos, n);
    else
        memcpy(d->mem + d->pos, local, n);
    d->pos += n;
    d->transfers++;
    return (int32_t)n;
}

static uint32_t f_position(void *ctx)
{
    return ((struct fake_dma *)ctx)->pos;
}

const struct audio_dma_ops fake_dma_ops = {
    .start = f_start,
    .stop = f_stop,
    .transfer = f_transfer,
    .position = f_position,
};

void fake_dma_init(struct fake_dma *d, bool to_local, void *mem, uint32_t limit)
{
    memset(d, 0, sizeof(*d));
    d->to_local = to_local;
    d->mem = mem;
    d->limit = limit;
}

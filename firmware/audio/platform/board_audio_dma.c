/* SPDX-License-Identifier: BSD-3-Clause */
/* Endpoint DMA over the board's DMA controller and SSP ports
 * (docs/board.md), behind struct audio_dma_ops:
 *
 *  host endpoint  one period per period between host memory and the
 *                 pipeline buffer: a 1-2 descriptor chain (the host buffer
 *                 is circular), started and polled to DONE inside the
 *                 audio job (a 1 ms 48 kHz stereo S16 period, 192 bytes,
 *                 takes ~80 cycles of DMA time).
 *  DAI endpoint   a circular descriptor over a DSP ring of
 *                 BOARD_AUDIO_DAI_PERIODS periods to (mem2ssp) or from
 *                 (ssp2mem) the port's FIFO, paced by the SSP's DMA
 *                 requests; the job copies one period into / out of the
 *                 ring; the channel's BYTES register is the DMA position.
 *                 Sizes are in the endpoint's largest period
 *                 (period_bytes: 45 frames at 44.1 kHz / 1 ms, where the
 *                 job moves 44 or 45 frames a period); the DMA position
 *                 is in bytes, so uneven periods need nothing else.
 *                 Playback that falls behind the DMA (the DMA read past
 *                 what the job wrote) is an underrun, capture that the
 *                 DMA overwrote before the job read it an overrun: the
 *                 transfer resynchronises and returns AUD_E_UNDERRUN /
 *                 AUD_E_OVERRUN (-> XRUN notification, pipeline stopped).
 *
 * Deferred playback stop: a DAI playback stop lets the DMA play out what
 * the job wrote (the stop fade, or a drain's last period, sit up to
 * BOARD_AUDIO_DAI_LEAD periods ahead of the SSP): the rest of the ring is
 * silenced, and a timer halts the channel and the port once the SSP FIFO
 * no longer holds any of it (re-armed until then; no busy wait).  A
 * channel released while it plays out keeps its ring until the halt; the
 * ring is freed by the next get/put in task context (the heap is not used
 * from interrupts), and a new stream on the same port or channel halts it
 * at once.
 *
 * DMA errors raise line 0 (ERR_IRQ_EN): the handler clears them and the
 * endpoint's next transfer returns AUD_E_DMA (-> XRUN notification).  SSP
 * underruns/overruns raise lines 2..5: counted, logged, and the running
 * DAI endpoint of the port returns AUD_E_UNDERRUN / AUD_E_OVERRUN from its
 * next transfer (-> XRUN notification; frames were lost at the port: a
 * DMA stall, an injected FIFO burst).  An SSP interrupt with neither flag
 * (an interrupt storm) is counted as spurious and ignored. */
#include <stddef.h>
#include <string.h>

#include "board_audio_dma.h"
#include "board_audio_ipc.h"
#include "board_audio_marker.h"
#include "board_mmio.h"
#include "buffer/audio_err.h"
#include "fw/arch.h"
#include "fw/irq.h"
#include "fw/mem.h"
#include "fw/timer.h"
#include "fw_board.h"
#include "ipc/aud_ipc.h"

#define NCH           BOARD_MAX_DMA_CHANNELS
#define CH_REG(ch, r) (BOARD_DMA_BASE + BOARD_DMA_CH(ch) + (r))
#define SSP_REG(n, r) (BOARD_SSP_ADDR(n) + (r))
#define NPORTS        4u

struct bdma {
    int used;
    uint32_t type, dir, port, channel;
    volatile int error;
    /* host */
    uint32_t host_addr, host_bytes, host_pos;
    /* DAI ring */
    uint8_t *ring;
    uint32_t ring_bytes, frame_bytes, cpu_pos;
    uint32_t frame_cycles; /* CPU cycles per frame, rounded up */
    int running;
    int stopping;          /* playing out up to cpu_pos */
    int released;          /* put while stopping: ring to free */
    int first_done;        /* playback: first period written */
    volatile int ssp_xrun; /* the port flagged an underrun/overrun */
#ifdef FW_SMP
    /* the play-out timer, one per core: a stop runs on the pipeline's
     * core (an xrun in its job) or on core 0 (the IPC worker), and a
     * timeout lives in the queue of the core that armed it */
    struct fw_timeout stop_to[FW_MAX_CORES];
#else
    struct fw_timeout stop_to;
#endif
    uint32_t desc[2][5] __attribute__((aligned(4)));
};

#ifdef FW_SMP
#define STOP_TO(d) ((d)->stop_to[fw_core_id()])
#else
#define STOP_TO(d) ((d)->stop_to)
#endif

static struct bdma chans[NCH];
static uint32_t ports_used;
static uint32_t n_channels;

static void ring_free(struct bdma *d)
{
    if (d->ring)
        fw_free(d->ring);
    d->ring = NULL;
    d->ring_bytes = 0;
}

/* Call with interrupts locked (or from the stop timer). */
static void dai_halt_locked(struct bdma *d)
{
    if (d->stopping)
        fw_timer_cancel(&STOP_TO(d)); /* another core's: stopping = 0 */
    d->stopping = 0;
    board_wr(SSP_REG(d->port, BOARD_SSP_CTRL), 0);
    board_wr(CH_REG(d->channel, BOARD_DMA_CTRL), BOARD_DMA_CTRL_STOP);
    board_wr(SSP_REG(d->port, BOARD_SSP_CTRL), BOARD_SSP_CTRL_FLUSH);
    board_wr(CH_REG(d->channel, BOARD_DMA_STATUS),
             BOARD_DMA_ST_DONE | BOARD_DMA_ST_ERROR | BOARD_DMA_ST_DESC_DONE);
    d->running = 0;
}

static void dai_halt(struct bdma *d)
{
    uint32_t key = fw_board_lock();

    if (d->running)
        dai_halt_locked(d);
    fw_board_unlock(key);
}

/* Free the rings of released channels whose play-out has ended (task
 * context). */
static void reap_released(void)
{
    for (uint32_t ch = 0; ch < n_channels; ch++) {
        struct bdma *d = &chans[ch];
        uint32_t key = fw_board_lock();
        int done = d->released && !d->running;

        if (done)
            d->released = 0;
        fw_board_unlock(key);
        if (done)
            ring_free(d);
    }
}

/* Halt, now, a released channel still playing out on this port or this
 * channel (a new stream claims them), and free its ring. */
static void claim(uint32_t type, uint32_t port, uint32_t channel)
{
    for (uint32_t ch = 0; ch < n_channels; ch++) {
        struct bdma *d = &chans[ch];

        if (!d->released ||
            (ch != channel && (type != IPC_AUD_COMP_DAI || d->port != port)))
            continue;
        dai_halt(d);
        d->released = 0;
        ring_free(d);
    }
}

/* ---- host endpoint ----------------------------------------------------- */
static int host_start(void *ctx, const struct audio_dma_config *cfg)
{
    struct bdma *d = ctx;

    (void)cfg;
    if (!d->host_bytes)
        return AUD_E_DMA;
    d->error = 0;
    return 0;
}

static int host_stop(void *ctx)
{
    (void)ctx;
    return 0;
}

static void desc_set(uint32_t *w, uint32_t src, uint32_t dst, uint32_t n,
                     uint32_t next, uint32_t flags)
{
    w[0] = src;
    w[1] = dst;
    w[2] = n;
    w[3] = next;
    w[4] = flags;
}

/* Run the channel's chain to its end; 0 or AUD_E_DMA. */
static int run_chain(struct bdma *d)
{
    uint32_t st;

    board_wr(CH_REG(d->channel, BOARD_DMA_DESC),
             (uint32_t)(uintptr_t)d->desc[0]);
    board_wr(CH_REG(d->channel, BOARD_DMA_CTRL), BOARD_DMA_CTRL_START);
    do
        st = board_rd(CH_REG(d->channel, BOARD_DMA_STATUS));
    while (st & BOARD_DMA_ST_BUSY);
    board_wr(CH_REG(d->channel, BOARD_DMA_STATUS),
             st & (BOARD_DMA_ST_DONE | BOARD_DMA_ST_ERROR));
    if (st & BOARD_DMA_ST_ERROR) {
        fw_board_log(IPC_LOG_ERROR, AUD_IPC_TRACE_DMA, d->channel, st);
        return AUD_E_DMA;
    }
    return 0;
}

static int32_t host_transfer(void *ctx, void *local, uint32_t bytes)
{
    struct bdma *d = ctx;
    uint32_t off = d->host_pos % d->host_bytes;
    uint32_t first = d->host_bytes - off < bytes ? d->host_bytes - off : bytes;
    uint32_t dir = d->dir == IPC_AUD_DIR_PLAYBACK ? BOARD_DMA_DIR_HOST2DSP
                                                  : BOARD_DMA_DIR_DSP2HOST;
    uint32_t fl = BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_DST_INC |
                  BOARD_DMA_DESC_DIR(dir);
    uint32_t loc = (uint32_t)(uintptr_t)local;
    uint32_t host = d->host_addr + off;

    if (!bytes)
        return 0;
    if (bytes > first) {
        uint32_t next = (uint32_t)(uintptr_t)d->desc[1];

        if (dir == BOARD_DMA_DIR_HOST2DSP) {
            desc_set(d->desc[0], host, loc, first, next, fl);
            desc_set(d->desc[1], d->host_addr, loc + first, bytes - first, 0,
                     fl);
        } else {
            desc_set(d->desc[0], loc, host, first, next, fl);
            desc_set(d->desc[1], loc + first, d->host_addr, bytes - first, 0,
                     fl);
        }
    } else if (dir == BOARD_DMA_DIR_HOST2DSP) {
        desc_set(d->desc[0], host, loc, bytes, 0, fl);
    } else {
        desc_set(d->desc[0], loc, host, bytes, 0, fl);
    }
    if (run_chain(d))
        return AUD_E_DMA;
    d->host_pos += bytes;
    return (int32_t)bytes;
}

static uint32_t host_position(void *ctx)
{
    return ((struct bdma *)ctx)->host_pos;
}

static const struct audio_dma_ops host_ops = {
    .start = host_start,
    .stop = host_stop,
    .transfer = host_transfer,
    .position = host_position,
};

/* ---- DAI endpoint ------------------------------------------------------ */
static int dai_start(void *ctx, const struct audio_dma_config *cfg)
{
    struct bdma *d = ctx;
    uint32_t bytes = cfg->period_bytes * BOARD_AUDIO_DAI_PERIODS;
    uint32_t fl, ctrl;

    if (d->running)
        dai_halt(d);
    if (d->ring_bytes != bytes) {
        ring_free(d);
        d->ring = fw_alloc(FW_ZONE_DMA, bytes, FW_DMA_ALIGN);
        if (!d->ring)
            return AUD_E_DMA;
        d->ring_bytes = bytes;
    }
    memset(d->ring, 0, bytes);
    d->first_done = 0;
    d->frame_bytes = cfg->frame_bytes;
    d->error = 0;
    d->ssp_xrun = 0;
    if (d->dir == IPC_AUD_DIR_PLAYBACK) {
        fl = BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_CIRCULAR |
             BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_MEM2SSP);
        desc_set(d->desc[0], (uint32_t)(uintptr_t)d->ring, d->port, bytes, 0,
                 fl);
        /* the ring's first periods are the silence lead */
        d->cpu_pos = cfg->period_bytes * BOARD_AUDIO_DAI_LEAD;
        ctrl = BOARD_SSP_CTRL_TX_EN | BOARD_SSP_CTRL_UR_IRQ_EN;
    } else {
        fl = BOARD_DMA_DESC_DST_INC | BOARD_DMA_DESC_CIRCULAR |
             BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_SSP2MEM);
        desc_set(d->desc[0], d->port, (uint32_t)(uintptr_t)d->ring, bytes, 0,
                 fl);
        d->cpu_pos = 0;
        ctrl = BOARD_SSP_CTRL_RX_EN | BOARD_SSP_CTRL_OR_IRQ_EN;
    }
    board_wr(SSP_REG(d->port, BOARD_SSP_STATUS), BOARD_SSP_ST_UNDERRUN |
                                                     BOARD_SSP_ST_OVERRUN |
                                                     BOARD_SSP_ST_CFG_ERR);
    board_wr(CH_REG(d->channel, BOARD_DMA_DESC),
             (uint32_t)(uintptr_t)d->desc[0]);
    board_wr(CH_REG(d->channel, BOARD_DMA_CTRL),
             BOARD_DMA_CTRL_START | BOARD_DMA_CTRL_ERR_IRQ_EN);
    board_wr(SSP_REG(d->port, BOARD_SSP_CTRL), ctrl);
    d->running = 1;
    return 0;
}

/* Bytes written for the SSP that have not left its FIFO yet (<= 0: all
 * played).  BYTES is read before TXLEVEL: a DMA move in between makes the
 * estimate larger, never smaller. */
static int32_t dai_unplayed(const struct bdma *d)
{
    uint32_t moved = board_rd(CH_REG(d->channel, BOARD_DMA_BYTES));
    uint32_t level = board_rd(SSP_REG(d->port, BOARD_SSP_TXLEVEL));

    return (int32_t)(d->cpu_pos - (moved - level));
}

static void stop_arm(struct bdma *d, int32_t unplayed)
{
    uint32_t frames = (uint32_t)unplayed / d->frame_bytes + 1u;

    fw_timer_add(&STOP_TO(d), arch_cycles() + frames * d->frame_cycles,
                 STOP_TO(d).fn);
}

/* Timer (interrupt context): halt once the written data has played. */
#ifdef FW_SMP
static void stop_check(struct bdma *d);

/* (this core's timeout of the channel; the board lock, since the channel
 * is every core's) */
static void stop_expired(struct fw_timeout *to)
{
    struct bdma *d = (struct bdma *)(void *)((uint8_t *)(to - fw_core_id()) -
                                             offsetof(struct bdma, stop_to));
    uint32_t key = fw_board_lock();

    stop_check(d);
    fw_board_unlock(key);
}

static void stop_check(struct bdma *d)
#else
static void stop_expired(struct fw_timeout *to)
#endif
{
#ifndef FW_SMP
    struct bdma *d = (struct bdma *)(void *)((uint8_t *)to -
                                             offsetof(struct bdma, stop_to));
#endif
    int32_t left;

    if (!d->stopping)
        return;
    left = dai_unplayed(d);
    if (left > 0) {
        stop_arm(d, left);
        return;
    }
    d->stopping = 0;
    dai_halt_locked(d);
}

static int dai_stop(void *ctx)
{
    struct bdma *d = ctx;
    uint32_t key, moved;
    int32_t left, fill;

    if (d->dir != IPC_AUD_DIR_PLAYBACK || !d->running || !d->frame_cycles) {
        dai_halt(d);
        return 0;
    }
    key = fw_board_lock();
    if (!d->stopping) {
        /* silence the ring but for the written, unread part: the DMA
		 * runs on into zeros until the timer halts it */
        moved = board_rd(CH_REG(d->channel, BOARD_DMA_BYTES));
        fill = (int32_t)(d->cpu_pos - moved);
        if (fill < 0 || (uint32_t)fill > d->ring_bytes)
            fill = 0;
        if ((uint32_t)fill < d->ring_bytes) {
            uint32_t n = d->ring_bytes - (uint32_t)fill;
            uint32_t off = d->cpu_pos % d->ring_bytes;
            uint32_t first = d->ring_bytes - off < n ? d->ring_bytes - off : n;

            memset(d->ring + off, 0, first);
            memset(d->ring, 0, n - first);
        }
    }
    left = dai_unplayed(d);
    if (left <= 0) {
        dai_halt_locked(d);
    } else {
        d->stopping = 1;
        STOP_TO(d).fn = stop_expired;
        stop_arm(d, left);
    }
    fw_board_unlock(key);
    return 0;
}

/* Copy n bytes between the ring at position pos (mod size) and buf. */
static void ring_copy(struct bdma *d, uint32_t pos, void *buf, uint32_t n,
                      int to_ring)
{
    uint32_t off = pos % d->ring_bytes;
    uint32_t first = d->ring_bytes - off < n ? d->ring_bytes - off : n;
    uint8_t *b = buf;

    if (to_ring) {
        memcpy(d->ring + off, b, first);
        memcpy(d->ring, b + first, n - first);
    } else {
        memcpy(b, d->ring + off, first);
        memcpy(b + first, d->ring, n - first);
    }
}

#ifdef FW_SMP
/* The flags core 0's DMA and SSP interrupts raise (error, ssp_xrun):
 * AUD_E_DMA, an xrun, or 0 (the flag read and cleared).  Under the board
 * lock, as they are set: a pipeline on another core reads them. */
static int dai_flags(struct bdma *d)
{
    uint32_t key = fw_board_lock();
    int ret = 0;

    if (d->error || !d->running) {
        ret = AUD_E_DMA;
    } else if (d->ssp_xrun) {
        d->ssp_xrun = 0;
        ret = d->dir == IPC_AUD_DIR_PLAYBACK ? AUD_E_UNDERRUN : AUD_E_OVERRUN;
    }
    fw_board_unlock(key);
    return ret;
}
#endif

static int32_t dai_transfer(void *ctx, void *local, uint32_t bytes)
{
    struct bdma *d = ctx;
    uint32_t dma_pos, n;

#ifdef FW_SMP
    int ret = dai_flags(d);

    if (ret)
        return ret;
#else
    if (d->error || !d->running)
        return AUD_E_DMA;
    if (d->ssp_xrun) {
        /* the SSP FIFO ran dry (playback) or overflowed (capture):
		 * frames were lost on the wire; report it, the restart
		 * resynchronises */
        d->ssp_xrun = 0;
        return d->dir == IPC_AUD_DIR_PLAYBACK ? AUD_E_UNDERRUN : AUD_E_OVERRUN;
    }
#endif
    dma_pos = board_rd(CH_REG(d->channel, BOARD_DMA_BYTES));
    if (d->dir == IPC_AUD_DIR_PLAYBACK) {
        int32_t fill = (int32_t)(d->cpu_pos - dma_pos);
        uint32_t room;

        if (fill < 0) {
            /* the DMA read past what we wrote: stale data went
			 * out.  Resync at the next frame it will read. */
            d->cpu_pos = dma_pos + (d->frame_bytes - dma_pos % d->frame_bytes) %
                                       d->frame_bytes;
            return AUD_E_UNDERRUN;
        }
        room = d->ring_bytes - (uint32_t)fill;
        n = bytes < room ? bytes : room;
        n -= n % d->frame_bytes;
        ring_copy(d, d->cpu_pos, local, n, 1);
        if (!d->first_done && n) {
            d->first_done = 1;
            board_audio_marker(BOARD_AUDIO_MARK_DAI_FIRST(d->port), d->cpu_pos);
        }
    } else {
        uint32_t avail = dma_pos - d->cpu_pos;

        if (avail > d->ring_bytes) {
            /* the DMA overwrote frames we had not read: resync to
			 * the oldest whole frame still in the ring */
            d->cpu_pos = dma_pos - d->ring_bytes;
            d->cpu_pos += (d->frame_bytes - d->cpu_pos % d->frame_bytes) %
                          d->frame_bytes;
            return AUD_E_OVERRUN;
        }
        n = bytes < avail ? bytes : avail;
        n -= n % d->frame_bytes;
        ring_copy(d, d->cpu_pos, local, n, 0);
    }
    d->cpu_pos += n;
    return (int32_t)n;
}

static uint32_t dai_position(void *ctx)
{
    struct bdma *d = ctx;

    return board_rd(CH_REG(d->channel, BOARD_DMA_BYTES));
}

static const struct audio_dma_ops dai_ops = {
    .start = dai_start,
    .stop = dai_stop,
    .transfer = dai_transfer,
    .position = dai_position,
};

/* ---- platform hooks ---------------------------------------------------- */
int board_audio_dma_get(void *ctx, uint32_t type, uint32_t dir, uint32_t port,
                        uint32_t channel, const struct audio_dma_ops **ops,
                        void **dma_ctx)
{
    uint32_t nports = (board_rd(BOARD_DBG_BASE + BOARD_DBG_CONFIG) &
                       BOARD_CONFIG_SSP_MASK) >>
                      BOARD_CONFIG_SSP_SHIFT;
    struct bdma *d;

    (void)ctx;
    if (channel >= n_channels)
        return AUD_E_RANGE;
    if (type == IPC_AUD_COMP_DAI && (port >= NPORTS || port >= nports))
        return AUD_E_RANGE;
    d = &chans[channel];
    if (d->used || (type == IPC_AUD_COMP_DAI && (ports_used >> port & 1u)))
        return AUD_E_EXISTS;
    reap_released();
    claim(type, port, channel);
    memset(d, 0, sizeof(*d));
    d->used = 1;
    d->type = type;
    d->dir = dir;
    d->port = port;
    d->channel = channel;
    if (type == IPC_AUD_COMP_DAI)
        ports_used |= 1u << port;
    *ops = type == IPC_AUD_COMP_DAI ? &dai_ops : &host_ops;
    *dma_ctx = d;
    return 0;
}

void board_audio_dma_put(void *ctx, void *dma_ctx)
{
    struct bdma *d = dma_ctx;

    (void)ctx;
    d->used = 0;
    if (d->type == IPC_AUD_COMP_DAI) {
        uint32_t key = fw_board_lock();

        d->released = d->stopping; /* let it play out */
        fw_board_unlock(key);
        ports_used &= ~(1u << d->port);
        if (d->released)
            return;
        dai_halt(d);
    }
    ring_free(d);
    reap_released();
}

void board_audio_dma_host_buffer(void *ctx, void *dma_ctx, uint32_t addr,
                                 uint32_t bytes)
{
    struct bdma *d = dma_ctx;

    (void)ctx;
    d->host_addr = addr;
    d->host_bytes = bytes;
    d->host_pos = 0;
}

int board_audio_dma_stream(void *ctx, void *dma_ctx,
                           const struct audio_stream_params *sp)
{
    struct bdma *d = dma_ctx;
    uint32_t audio_hz = board_rd(BOARD_DBG_BASE + BOARD_DBG_AUDIO_HZ);
    uint32_t width, div;

    (void)ctx;
    if (d->type != IPC_AUD_COMP_DAI)
        return 0;
    switch (sp->fmt) {
    case AUDIO_FMT_S16_LE:
        width = 16;
        break;
    case AUDIO_FMT_S24_4LE:
        width = 24;
        break;
    case AUDIO_FMT_S32_LE:
        width = 32;
        break;
    default:
        return AUD_E_FORMAT;
    }
    div = audio_hz / sp->rate_hz;
    if (div == 0 || div > 65535u || div * sp->rate_hz != audio_hz)
        return AUD_E_RATE;
    d->frame_cycles = (board_rd(BOARD_DBG_BASE + BOARD_DBG_CPU_HZ) +
                       sp->rate_hz - 1u) /
                      sp->rate_hz;
    if (d->running)
        dai_halt(d);
    board_wr(SSP_REG(d->port, BOARD_SSP_CTRL), 0);
    board_wr(SSP_REG(d->port, BOARD_SSP_FORMAT),
             BOARD_SSP_FORMAT_VALUE(width, sp->channels));
    board_wr(SSP_REG(d->port, BOARD_SSP_CLKDIV), div);
    if (board_rd(SSP_REG(d->port, BOARD_SSP_STATUS)) & BOARD_SSP_ST_CFG_ERR) {
        board_wr(SSP_REG(d->port, BOARD_SSP_STATUS), BOARD_SSP_ST_CFG_ERR);
        return AUD_E_FORMAT;
    }
    return 0;
}

/* ---- interrupts -------------------------------------------------------- */
static void dma_irq(void *arg)
{
    uint32_t pending = board_rd(BOARD_DMA_BASE + BOARD_DMA_IRQ_STATUS);

    (void)arg;
    for (uint32_t ch = 0; ch < n_channels; ch++) {
        uint32_t st;

        if (!(pending >> ch & 1u))
            continue;
        st = board_rd(CH_REG(ch, BOARD_DMA_STATUS));
        board_wr(CH_REG(ch, BOARD_DMA_STATUS),
                 st & (BOARD_DMA_ST_DONE | BOARD_DMA_ST_ERROR |
                       BOARD_DMA_ST_DESC_DONE));
        if (st & BOARD_DMA_ST_ERROR) {
#ifdef FW_SMP
            uint32_t key = fw_board_lock(); /* dai_transfer's flags */

            chans[ch].error = 1;
            fw_board_unlock(key);
#else
            chans[ch].error = 1;
#endif
            board_audio_counters.dma_errors++;
            fw_board_log(IPC_LOG_ERROR, AUD_IPC_TRACE_DMA, ch, st);
        }
    }
}

static void ssp_irq(void *arg)
{
    uint32_t port = (uint32_t)(uintptr_t)arg;
    uint32_t st = board_rd(SSP_REG(port, BOARD_SSP_STATUS));

    st &= BOARD_SSP_ST_UNDERRUN | BOARD_SSP_ST_OVERRUN;
    if (!st) {
        board_audio_counters.ssp_spurious++;
        return;
    }
    board_wr(SSP_REG(port, BOARD_SSP_STATUS), st);
    board_audio_counters.ssp_xruns++;
    fw_board_log(IPC_LOG_WARN, AUD_IPC_TRACE_SSP, port, st);
#ifdef FW_SMP
    /* the channel's state is every core's (a pipeline on another core
     * stops it and reads the flag): under the board lock */
    uint32_t key = fw_board_lock();
#endif
    for (uint32_t ch = 0; ch < n_channels; ch++)
        if (chans[ch].used && chans[ch].type == IPC_AUD_COMP_DAI &&
            chans[ch].port == port && chans[ch].running && !chans[ch].stopping)
            chans[ch].ssp_xrun = 1;
#ifdef FW_SMP
    fw_board_unlock(key);
#endif
}

void board_audio_dma_init(void)
{
    uint32_t nports = (board_rd(BOARD_DBG_BASE + BOARD_DBG_CONFIG) &
                       BOARD_CONFIG_SSP_MASK) >>
                      BOARD_CONFIG_SSP_SHIFT;

    n_channels = board_rd(BOARD_DMA_BASE + BOARD_DMA_INFO);
    if (n_channels > NCH)
        n_channels = NCH;
    fw_irq_connect(BOARD_IRQ_DMA, dma_irq, 0);
    for (uint32_t p = 0; p < nports && p < NPORTS; p++)
        fw_irq_connect(BOARD_IRQ_SSP(p), ssp_irq, (void *)(uintptr_t)p);
}

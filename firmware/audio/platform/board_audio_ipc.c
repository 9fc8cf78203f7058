/* SPDX-License-Identifier: BSD-3-Clause */
/* IPC transport of the audio firmware on the board (docs/ipc.md,
 * "Transport and sequencing"): the H2D doorbell interrupt masks itself and
 * queues the command to the IPC worker; the worker copies the command out
 * of the mailbox, lets aud_ipc_handle() build the reply, rings it in D2H
 * and only then acknowledges H2D.  A reply that finds D2H busy waits for
 * the host's acknowledgement (D2H_DONE interrupt) -- the DSP never waits.
 * Notifications never displace a pending reply: they are dropped and
 * counted. */
#include <string.h>

#include "board_audio_ipc.h"
#include "board_mmio.h"
#include "fw/arch.h"
#include "fw/irq.h"
#include "fw/workq.h"
#include "fw_board.h"
#include "ipc/aud_ipc.h"
#include "board_audio.h"
#ifdef FW_SMP
#include "fw/percore.h"
#endif

#define IPC_REG(r) (BOARD_IPC_BASE + (r))

struct board_audio_counters board_audio_counters;

static struct fw_workq *wq;
static struct fw_work work;
static uint32_t cmd_buf[AUD_IPC_MSG_MAX / 4];
static uint32_t reply_buf[AUD_IPC_MSG_MAX / 4];
static uint32_t reply_bytes;
static volatile int reply_pending;
/* seq of the last command handled: a doorbell that rings again with the
 * same message (a duplicated doorbell) is acknowledged, not handled */
static uint32_t last_seq;
static int have_last;
/* An XRUN notification that found D2H busy waits here (one; a later one
 * while it waits is dropped and counted) and goes out when the host
 * acknowledges: a lost XRUN would leave the host unaware that the
 * pipeline stopped. */
static uint32_t xrun_buf[sizeof(struct ipc_aud_xrun) / 4];
static volatile int xrun_pending;

static void inten_set(uint32_t bits, int on)
{
    uint32_t key = fw_board_lock();
    uint32_t v = board_rd(IPC_REG(BOARD_IPC_INTEN));

    board_wr(IPC_REG(BOARD_IPC_INTEN), on ? v | bits : v & ~bits);
    fw_board_unlock(key);
}

static void ipc_irq(void *arg)
{
    uint32_t en = board_rd(IPC_REG(BOARD_IPC_INTEN));
    uint32_t st = board_rd(IPC_REG(BOARD_IPC_STATUS));

    (void)arg;
    if ((en & BOARD_IPC_INT_H2D) && (st & BOARD_IPC_ST_H2D_BUSY))
        en &= ~BOARD_IPC_INT_H2D; /* until the reply is out */
    if ((en & BOARD_IPC_INT_D2H_DONE) && (st & BOARD_IPC_ST_D2H_DONE))
        en &= ~BOARD_IPC_INT_D2H_DONE; /* the reply can go now */
    board_wr(IPC_REG(BOARD_IPC_INTEN), en);
    fw_workq_submit(wq, &work);
}

/* Ring the pending reply if D2H is free; then acknowledge H2D. */
static void reply_try(void)
{
    uint32_t key = fw_board_lock();

    if (board_rd(IPC_REG(BOARD_IPC_STATUS)) & BOARD_IPC_ST_D2H_BUSY) {
        fw_board_unlock(key);
        board_audio_counters.replies_waited++;
        inten_set(BOARD_IPC_INT_D2H_DONE, 1);
        return;
    }
    /* numbered (seq) with the notifications, rung in D2H */
    fw_board_reply((struct ipc_hdr *)reply_buf);
    reply_pending = 0;
    board_wr(IPC_REG(BOARD_IPC_H2D), BOARD_IPC_BUSY); /* ack H2D */
    fw_board_unlock(key);
    board_audio_counters.commands++;
    inten_set(BOARD_IPC_INT_H2D, 1);
}

/* Send the waiting XRUN if D2H is free, else wait for D2H_DONE. */
static void xrun_try(void)
{
    uint32_t key = fw_board_lock();

    if (xrun_pending) {
        if (board_rd(IPC_REG(BOARD_IPC_STATUS)) & BOARD_IPC_ST_D2H_BUSY) {
            fw_board_unlock(key);
            inten_set(BOARD_IPC_INT_D2H_DONE, 1);
            return;
        }
        fw_board_notify((struct ipc_hdr *)xrun_buf);
        xrun_pending = 0;
        board_audio_counters.xruns_deferred++;
    }
    fw_board_unlock(key);
}

static void ipc_work(struct fw_work *w)
{
    uint32_t h2d, size;
    volatile uint32_t *mb = board_mbox(IPC_MBOX_H2D_OFF);

    (void)w;
    if (!reply_pending)
        xrun_try();
    if (reply_pending) {
        reply_try();
        return;
    }
    h2d = board_rd(IPC_REG(BOARD_IPC_H2D));
    if (!(h2d & BOARD_IPC_BUSY)) {
        inten_set(BOARD_IPC_INT_H2D, 1);
        return;
    }
    size = mb[0];
    if (size > AUD_IPC_MSG_MAX)
        size = AUD_IPC_MSG_MAX;
    if (size < sizeof(struct ipc_hdr))
        size = sizeof(struct ipc_hdr);
    size = (size + 3u) & ~3u;
    for (uint32_t i = 0; i < size / 4; i++)
        cmd_buf[i] = mb[i];
    if (have_last && cmd_buf[2] == last_seq) {
        /* the same command again: already answered */
        board_audio_counters.duplicates++;
        fw_board_log(IPC_LOG_WARN, AUD_IPC_TRACE_DUP, cmd_buf[1], last_seq);
        board_wr(IPC_REG(BOARD_IPC_H2D), BOARD_IPC_BUSY); /* ack */
        inten_set(BOARD_IPC_INT_H2D, 1);
        return;
    }
    have_last = 1;
    last_seq = cmd_buf[2];
#ifdef FW_SMP
    {
        uint32_t key = board_audio_cmd_lock();

        reply_bytes = aud_ipc_handle(cmd_buf, size, h2d & BOARD_IPC_MSG_MASK,
                                     reply_buf);
        board_audio_cmd_unlock(key);
        key = fw_board_lock(); /* read by notifications on other cores */
        reply_pending = 1;
        fw_board_unlock(key);
    }
#else
    reply_bytes = aud_ipc_handle(cmd_buf, size, h2d & BOARD_IPC_MSG_MASK,
                                 reply_buf);
    (void)reply_bytes;
    reply_pending = 1;
#endif
    reply_try();
}

#ifdef FW_SMP
/* Several cores: the whole decision under the board lock (the jobs of
 * every core notify); a deferred XRUN goes out from core 0's IPC
 * interrupt, which D2H_DONE raises once the host acknowledges. */
int board_audio_notify(void *ctx, struct ipc_hdr *msg)
{
    uint32_t key = fw_board_lock();
    int ret = -1;

    (void)ctx;
    if (!reply_pending && fw_board_notify(msg) == 0) {
        ret = 0;
    } else if (msg->id == IPC_NOTIFY_AUD_XRUN &&
               msg->size == sizeof(xrun_buf) && !xrun_pending) {
        memcpy(xrun_buf, msg, sizeof(xrun_buf));
        xrun_pending = 1;
        inten_set(BOARD_IPC_INT_D2H_DONE, 1);
        if (fw_core_id() == 0)
            fw_workq_submit(wq, &work);
        ret = 0;
    } else if (reply_pending) {
        board_audio_counters.dropped++;
    }
    fw_board_unlock(key);
    return ret;
}
#else
int board_audio_notify(void *ctx, struct ipc_hdr *msg)
{
    uint32_t key;
    int deferred = 0;

    (void)ctx;
    if (!reply_pending && fw_board_notify(msg) == 0)
        return 0;
    if (msg->id == IPC_NOTIFY_AUD_XRUN && msg->size == sizeof(xrun_buf)) {
        key = fw_board_lock();
        if (!xrun_pending) {
            memcpy(xrun_buf, msg, sizeof(xrun_buf));
            xrun_pending = 1;
            deferred = 1;
        }
        fw_board_unlock(key);
    }
    if (!deferred) {
        if (reply_pending)
            board_audio_counters.dropped++;
        return -1;
    }
    /* the IPC worker sends it once D2H is free */
    inten_set(BOARD_IPC_INT_D2H_DONE, 1);
    fw_workq_submit(wq, &work);
    return 0;
}
#endif

uint32_t board_audio_dropped(void *ctx)
{
    struct fw_board_ipc_stats s;

    (void)ctx;
    fw_board_ipc_stats(&s);
    return s.dropped + board_audio_counters.dropped;
}

void board_audio_stream_slot(void *ctx, unsigned n,
                             const struct ipc_aud_stream_slot *s)
{
    const uint32_t *w = (const uint32_t *)s;
    volatile uint32_t *d = board_mbox(IPC_MBOX_STREAM_OFF + 32u * n);

    (void)ctx;
    for (unsigned i = 0; i < 7; i++)
        d[i] = w[i];
    d[7] = d[7] + 1u; /* update counter, written last */
}

void board_audio_ipc_init(struct fw_workq *q)
{
    wq = q;
    fw_work_init(&work, ipc_work, 0);
    fw_irq_connect(BOARD_IRQ_IPC, ipc_irq, 0);
    inten_set(BOARD_IPC_INT_H2D, 1);
}

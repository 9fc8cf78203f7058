/* SPDX-License-Identifier: BSD-3-Clause */
/* A tiny stand-in firmware for the host-driver tests: speaks the IPC
 * framing of abi/include/abi/ipc_proto.h on the board (FW_READY,
 * replies {hdr, req_seq, detail}, notifications, panic record, trace
 * ring) and misbehaves on request, so the driver's checks are tested
 * without the real audio firmware.
 *
 * Build variants: -DFAKE_NO_READY (never sends FW_READY),
 * -DFAKE_PROTO_MAJOR=N (wrong protocol major), -DFAKE_CRASH_ID=ID (the
 * command ID panics, as 0x0003 does).
 *
 * Commands (H2D id; payload word 0 = argument):
 *   0x0100 ping: reply OK, cookie echoed (as IPC_CMD_AUD_PING)
 *   0x0001 fail: reply status IPC_STATUS_AUD_RANGE, detail 16
 *   0x0002 mute: take the command, never reply (spins)
 *   0x0003 crash: panic record + trace entry + PANIC doorbell, halt 3
 *   0x0004 badseq: reply with the firmware seq skipping one
 *   0x0005 miss: DEADLINE_MISS notification (total = arg), then reply OK
 *   0x0006 sleep: WAITI with nothing enabled (the board goes idle)
 *   0x0007 wrongid: reply with id 0x0100 instead
 *   0x0008 periods: arg periods of task 1 via kernel markers (release,
 *          switch, job done; 1000 cycles busy each), then reply OK
 *   0x0009 badreq: reply whose req_seq is not the command's */
#include "board_rt.h"
#include "abi/ipc_proto.h"

#ifndef FAKE_PROTO_MAJOR
#define FAKE_PROTO_MAJOR IPC_PROTO_MAJOR
#endif

#define MBOX(off) ((volatile uint32_t *)(BOARD_MBOX_BASE + (off)))

static uint32_t seq;

void board_irq(void)
{
}
BOARD_DEFAULT_FAULT

static void wait_d2h_free(void)
{
    while (IPC(BOARD_IPC_STATUS) & BOARD_IPC_ST_D2H_BUSY) {
    }
}

/* words[0..n) to D2H (header filled here), ring id. */
static void send(uint32_t id, int32_t status, uint32_t *w, unsigned n)
{
    volatile uint32_t *d = MBOX(IPC_MBOX_D2H_OFF);
    wait_d2h_free();
    w[0] = n * 4;
    w[1] = id;
    w[2] = ++seq;
    w[3] = (uint32_t)status;
    for (unsigned i = 0; i < n; i++)
        d[i] = w[i];
    IPC(BOARD_IPC_STATUS) = BOARD_IPC_ST_D2H_DONE;
    IPC(BOARD_IPC_D2H) = BOARD_IPC_BUSY | id;
}

static void reply(uint32_t id, int32_t status, uint32_t req_seq,
                  uint32_t detail, uint32_t extra)
{
    uint32_t w[7] = { 0, 0, 0, 0, req_seq, detail, extra };
    send(id, status, w, 7);
}

static void trace_init(void)
{
    volatile uint32_t *t = MBOX(IPC_MBOX_TRACE_OFF);
    t[0] = IPC_TRACE_MAGIC;
    t[1] = IPC_TRACE_VERSION;
    t[2] = 16;
    t[3] = IPC_TRACE_CAPACITY;
    t[4] = 0;
    t[5] = IPC_LOG_DEBUG;
}

static void trace_log(unsigned level, unsigned id, uint32_t a0, uint32_t a1)
{
    volatile uint32_t *t = MBOX(IPC_MBOX_TRACE_OFF);
    uint32_t n = t[4];
    uint32_t slot = n;
    while (slot >= IPC_TRACE_CAPACITY)
        slot -= IPC_TRACE_CAPACITY;
    volatile uint32_t *e = t + 8 + slot * 4;
    e[0] = cycles();
    e[1] = id | level << 16;
    e[2] = a0;
    e[3] = a1;
    t[4] = n + 1;
}

static void crash(uint32_t arg)
{
    volatile uint32_t *p = MBOX(IPC_MBOX_EXC_OFF);
    for (unsigned i = 0; i < IPC_MBOX_EXC_SIZE / 4; i++)
        p[i] = 0;
    p[1] = IPC_PANIC_VERSION;
    p[2] = IPC_PANIC_CAUSE_SOFTWARE;
    p[3] = 0x40000400u;
    p[8] = cycles();
    p[9] = 1;
    p[10] = arg;
    p[44] = 42; /* line */
    const char *file = "fake_fw.c", *msg = "fake crash";
    volatile char *f = (volatile char *)(p + 45);
    for (unsigned i = 0; file[i]; i++)
        f[i] = file[i];
    volatile char *m = (volatile char *)p + 220;
    for (unsigned i = 0; msg[i]; i++)
        m[i] = msg[i];
    p[0] = IPC_PANIC_MAGIC;
    trace_log(IPC_LOG_ERROR, IPC_TRACE_ID_PANIC, IPC_PANIC_CAUSE_SOFTWARE,
              0x40000400u);
    wait_d2h_free();
    IPC(BOARD_IPC_D2H) = BOARD_IPC_BUSY | IPC_NOTIFY_PANIC;
    halt(3);
}

static void periods(uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        marker(3, 1); /* release task 1 */
        marker(2, 1); /* switch to it */
        uint32_t t0 = cycles();
        while (cycles() - t0 < 1000) {
        }
        marker(4, 1); /* job done */
        marker(2, 0); /* back to idle */
        uint32_t t1 = cycles();
        while (cycles() - t1 < 1000) {
        }
    }
}

int main(void)
{
    volatile uint32_t *h = MBOX(IPC_MBOX_H2D_OFF);
    trace_init();
    trace_log(IPC_LOG_INFO, 1, 0, 0);
#ifndef FAKE_NO_READY
    {
        uint32_t w[20] = { 0 };
        w[4] = IPC_FW_VERSION;
        w[5] = (FAKE_PROTO_MAJOR << 16) | IPC_PROTO_MINOR;
        w[6] = cycles();
        w[8] = IPC_READY_F_TRACE_RING | IPC_READY_F_PANIC_REC;
        w[9] = IPC_LOG_DEBUG;
        w[10] = IPC_MBOX_H2D_OFF;
        w[11] = IPC_MBOX_H2D_SIZE;
        w[12] = IPC_MBOX_D2H_OFF;
        w[13] = IPC_MBOX_D2H_SIZE;
        w[14] = IPC_MBOX_STREAM_OFF;
        w[15] = IPC_MBOX_STREAM_SIZE;
        w[16] = IPC_MBOX_EXC_OFF;
        w[17] = IPC_MBOX_EXC_SIZE;
        w[18] = IPC_MBOX_TRACE_OFF;
        w[19] = IPC_MBOX_TRACE_SIZE;
        send(IPC_NOTIFY_FW_READY, 0, w, 20);
        trace_log(IPC_LOG_INFO, IPC_TRACE_ID_READY, w[4], w[5]);
    }
#endif
    for (;;) {
        while (!(IPC(BOARD_IPC_STATUS) & BOARD_IPC_ST_H2D_BUSY)) {
        }
        uint32_t id = IPC(BOARD_IPC_H2D) & BOARD_IPC_MSG_MASK;
        uint32_t rseq = h[2], arg = h[4];
        trace_log(IPC_LOG_DEBUG, IPC_TRACE_ID_APP, id, rseq);
#ifdef FAKE_CRASH_ID
        if (id == FAKE_CRASH_ID)
            crash(id);
#endif
        switch (id) {
        case 0x0100:
            reply(id, 0, rseq, IPC_AUD_DETAIL_NONE, arg);
            break;
        case 0x0001:
            reply(id, IPC_STATUS_AUD_RANGE, rseq, 16, 0);
            break;
        case 0x0002:
            for (;;) {
            }
        case 0x0003:
            crash(arg);
            break;
        case 0x0004:
            seq++;
            reply(id, 0, rseq, IPC_AUD_DETAIL_NONE, 0);
            break;
        case 0x0005: {
            uint32_t w[10] = { 0, 0, 0, 0, 1, 1, 0, 0, arg, 0 };
            send(IPC_NOTIFY_DEADLINE_MISS, 0, w, 10);
            reply(id, 0, rseq, IPC_AUD_DETAIL_NONE, 0);
            break;
        }
        case 0x0006:
            __asm__ volatile("rsil a2, 15; waiti 15" : : : "a2", "memory");
            break;
        case 0x0007:
            reply(0x0100, 0, rseq, IPC_AUD_DETAIL_NONE, 0);
            break;
        case 0x0008:
            periods(arg);
            reply(id, 0, rseq, IPC_AUD_DETAIL_NONE, 0);
            break;
        case 0x0009:
            reply(id, 0, rseq + 5, IPC_AUD_DETAIL_NONE, 0);
            break;
        default:
            reply(id, IPC_STATUS_E_UNKNOWN, rseq, IPC_AUD_DETAIL_NONE, 0);
            break;
        }
        IPC(BOARD_IPC_H2D) = BOARD_IPC_BUSY; /* acknowledge */
    }
}

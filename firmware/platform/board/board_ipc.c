/* SPDX-License-Identifier: BSD-3-Clause */
/* DSP -> host IPC on the board: notifications through the D2H mailbox
 * region and doorbell (abi/ipc_proto.h). Never blocks on the host: a
 * message sent while the host has not acknowledged the previous one is
 * dropped and counted. Also the boot-time FW_READY message and the
 * deadline-miss notification. */
#include <stdint.h>
#include "board_internal.h"
#include "board_mmio.h"
#include "fw/arch.h"
#include "fw/task.h"
#include "fw_board.h"

#define IPC_REG(r) (BOARD_IPC_BASE + (r))

_Static_assert(IPC_MBOX_H2D_OFF == BOARD_MBOX_H2D_OFF &&
                   IPC_MBOX_D2H_OFF == BOARD_MBOX_D2H_OFF &&
                   IPC_MBOX_D2H_SIZE == BOARD_MBOX_D2H_SIZE &&
                   IPC_MBOX_STREAM_OFF == BOARD_MBOX_STREAM_OFF &&
                   IPC_MBOX_EXC_OFF == BOARD_MBOX_EXC_OFF &&
                   IPC_MBOX_EXC_SIZE == BOARD_MBOX_EXC_SIZE &&
                   IPC_MBOX_TRACE_OFF == BOARD_MBOX_TRACE_OFF &&
                   IPC_MBOX_TRACE_SIZE == BOARD_MBOX_TRACE_SIZE,
               "ipc_proto.h and board_regs.h agree on the mailbox layout");

static uint32_t seq;
static struct fw_board_ipc_stats stats;

static int d2h_busy(void)
{
    return (board_rd(IPC_REG(BOARD_IPC_STATUS)) & BOARD_IPC_ST_D2H_BUSY) != 0;
}

void fw_board_d2h_ring(uint32_t msg)
{
    /* a stale "host acknowledged" bit says nothing about this message */
    board_wr(IPC_REG(BOARD_IPC_STATUS), BOARD_IPC_ST_D2H_DONE);
    board_wr(IPC_REG(BOARD_IPC_D2H),
             BOARD_IPC_BUSY | (msg & BOARD_IPC_MSG_MASK));
}

int fw_board_d2h_wait_free(uint32_t max_cycles)
{
    uint32_t t0 = arch_cycles();

    while (d2h_busy())
        if (arch_cycles() - t0 >= max_cycles)
            return 0;
    return 1;
}

static int send(struct ipc_hdr *msg, int32_t status);

int fw_board_notify(struct ipc_hdr *msg)
{
    return send(msg, IPC_STATUS_OK);
}

int fw_board_reply(struct ipc_hdr *msg)
{
    return send(msg, msg->status);
}

static int send(struct ipc_hdr *msg, int32_t status)
{
    uint32_t key = fw_board_lock();
    uint32_t size = msg->size;

    if (size < sizeof *msg || size > IPC_MBOX_D2H_SIZE || (size & 3u) ||
        d2h_busy()) {
        stats.dropped++;
        fw_board_unlock(key);
        return -1;
    }
    msg->seq = ++seq;
    msg->status = status;
    board_mbox_copy(IPC_MBOX_D2H_OFF, msg, size);
    fw_board_d2h_ring(msg->id);
    stats.sent++;
    fw_board_unlock(key);
    return 0;
}

int fw_board_ready(void)
{
    struct ipc_fw_ready r = {
        .hdr = { .size = sizeof r, .id = IPC_NOTIFY_FW_READY },
        .fw_version = IPC_FW_VERSION,
        .proto_version = IPC_PROTO_VERSION_FW,
        .flags = IPC_READY_F_TRACE_RING | IPC_READY_F_PANIC_REC,
        .trace_levels = IPC_LOG_DEBUG,
        .h2d = { IPC_MBOX_H2D_OFF, IPC_MBOX_H2D_SIZE },
        .d2h = { IPC_MBOX_D2H_OFF, IPC_MBOX_D2H_SIZE },
        .stream = { IPC_MBOX_STREAM_OFF, IPC_MBOX_STREAM_SIZE },
        .exc = { IPC_MBOX_EXC_OFF, IPC_MBOX_EXC_SIZE },
        .trace = { IPC_MBOX_TRACE_OFF, IPC_MBOX_TRACE_SIZE },
    };
    uint32_t key = fw_board_lock();
    int rc;

    /* CYCLES_LO latches CYCLES_HI */
    r.cycles_lo = board_rd(BOARD_DBG_BASE + BOARD_DBG_CYCLES_LO);
    r.cycles_hi = board_rd(BOARD_DBG_BASE + BOARD_DBG_CYCLES_HI);
    rc = fw_board_notify(&r.hdr);
    fw_board_unlock(key);
    fw_board_log(IPC_LOG_INFO, IPC_TRACE_ID_READY, IPC_FW_VERSION,
                 IPC_PROTO_VERSION_FW);
    return rc;
}

void fw_board_miss_notify(struct fw_task *t, uint32_t deadline, uint32_t now)
{
    struct ipc_deadline_miss m = {
        .hdr = { .size = sizeof m, .id = IPC_NOTIFY_DEADLINE_MISS },
        .task_id = t->id,
        .count = t->stats.misses,
        .deadline = deadline,
        .detected = now,
    };
    uint32_t key = fw_board_lock();

    stats.misses++;
    m.total = stats.misses;
    m.dropped = stats.dropped;
    if (fw_board_notify(&m.hdr) == 0) {
        stats.miss_sent++;
        fw_board_log(IPC_LOG_WARN, IPC_TRACE_ID_MISS, t->id, deadline);
    } else {
        fw_board_log(IPC_LOG_WARN, IPC_TRACE_ID_MISS_DROP, t->id,
                     stats.dropped);
    }
    fw_board_unlock(key);
}

void fw_board_ipc_stats(struct fw_board_ipc_stats *out)
{
    uint32_t key = fw_board_lock();

    *out = stats;
    fw_board_unlock(key);
}

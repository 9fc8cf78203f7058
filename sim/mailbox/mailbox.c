/* SPDX-License-Identifier: BSD-3-Clause */
/* IPC doorbell model. */
#include <stdlib.h>

#include "abi/board_regs.h"
#include "dspsim/mailbox.h"

struct ds_ipc {
    ds_clock *clk;
    ds_irq_out irq;
    ds_ipc_host_ops ops;
    uint32_t h2d, d2h, status, inten;
    unsigned armed[DS_IPC_FAULT_COUNT]; /* injected faults to come */
};

static void update_irq(ds_ipc *ipc)
{
    bool level = ((ipc->h2d & BOARD_IPC_BUSY) &&
                  (ipc->inten & BOARD_IPC_INT_H2D)) ||
                 ((ipc->status & BOARD_IPC_ST_D2H_DONE) &&
                  (ipc->inten & BOARD_IPC_INT_D2H_DONE));
    ds_irq_drive(&ipc->irq, level);
}

ds_ipc *ds_ipc_new(ds_clock *clk, ds_irq_out irq)
{
    ds_ipc *ipc = calloc(1, sizeof(*ipc));
    if (!ipc)
        return NULL;
    ipc->clk = clk;
    ipc->irq = irq;
    return ipc;
}

void ds_ipc_free(ds_ipc *ipc)
{
    free(ipc);
}

void ds_ipc_reset(ds_ipc *ipc)
{
    ipc->h2d = ipc->d2h = ipc->status = ipc->inten = 0;
    for (unsigned i = 0; i < DS_IPC_FAULT_COUNT; i++)
        ipc->armed[i] = 0;
    update_irq(ipc);
}

void ds_ipc_set_host_ops(ds_ipc *ipc, const ds_ipc_host_ops *ops)
{
    if (ops)
        ipc->ops = *ops;
    else
        ipc->ops = (ds_ipc_host_ops){ 0 };
}

static uint32_t status_value(const ds_ipc *ipc)
{
    uint32_t s = ipc->status & (BOARD_IPC_ST_D2H_DONE | BOARD_IPC_ST_D2H_LOST);
    if (ipc->h2d & BOARD_IPC_BUSY)
        s |= BOARD_IPC_ST_H2D_BUSY;
    if (ipc->d2h & BOARD_IPC_BUSY)
        s |= BOARD_IPC_ST_D2H_BUSY;
    return s;
}

bool ds_ipc_read(ds_ipc *ipc, uint32_t offset, unsigned size, uint32_t *value)
{
    if (size != 4 || (offset & 3) || offset >= BOARD_IPC_REG_END)
        return false;
    switch (offset) {
    case BOARD_IPC_H2D:
        *value = ipc->h2d;
        break;
    case BOARD_IPC_D2H:
        *value = ipc->d2h;
        break;
    case BOARD_IPC_STATUS:
        *value = status_value(ipc);
        break;
    default:
        *value = ipc->inten;
        break;
    }
    return true;
}

bool ds_ipc_write(ds_ipc *ipc, uint32_t offset, unsigned size, uint32_t value)
{
    if (size != 4 || (offset & 3) || offset >= BOARD_IPC_REG_END)
        return false;
    switch (offset) {
    case BOARD_IPC_H2D:
        if ((value & BOARD_IPC_BUSY) && (ipc->h2d & BOARD_IPC_BUSY)) {
            uint32_t msg = ipc->h2d & BOARD_IPC_MSG_MASK;
            ipc->h2d &= ~(uint32_t)BOARD_IPC_BUSY;
            update_irq(ipc);
            if (ipc->ops.h2d_done)
                ipc->ops.h2d_done(ipc->ops.user, msg, ds_clock_now(ipc->clk));
            if (ipc->armed[DS_IPC_FAULT_H2D_DUP]) {
                /* injected: the doorbell rings again with the message */
                ipc->armed[DS_IPC_FAULT_H2D_DUP]--;
                ipc->h2d = BOARD_IPC_BUSY | msg;
                update_irq(ipc);
            }
        }
        break;
    case BOARD_IPC_D2H:
        if (!(value & BOARD_IPC_BUSY))
            break; /* only a write with BUSY rings the doorbell */
        if (ipc->d2h & BOARD_IPC_BUSY) {
            ipc->status |= BOARD_IPC_ST_D2H_LOST;
            break;
        }
        ipc->d2h = value;
        if (ipc->armed[DS_IPC_FAULT_D2H_LOST]) {
            /* injected: the host is not told (it can still read D2H) */
            ipc->armed[DS_IPC_FAULT_D2H_LOST]--;
            break;
        }
        if (ipc->ops.d2h_msg)
            ipc->ops.d2h_msg(ipc->ops.user, value & BOARD_IPC_MSG_MASK,
                             ds_clock_now(ipc->clk));
        break;
    case BOARD_IPC_STATUS:
        ipc->status &= ~(value &
                         (BOARD_IPC_ST_D2H_DONE | BOARD_IPC_ST_D2H_LOST));
        update_irq(ipc);
        break;
    default:
        ipc->inten = value & (BOARD_IPC_INT_H2D | BOARD_IPC_INT_D2H_DONE);
        update_irq(ipc);
        break;
    }
    return true;
}

bool ds_ipc_host_send(ds_ipc *ipc, uint32_t msg)
{
    if ((ipc->h2d & BOARD_IPC_BUSY) || (msg & BOARD_IPC_BUSY))
        return false;
    if (ipc->armed[DS_IPC_FAULT_H2D_LOST]) {
        /* injected: the ring never reaches the DSP */
        ipc->armed[DS_IPC_FAULT_H2D_LOST]--;
        return true;
    }
    ipc->h2d = BOARD_IPC_BUSY | msg;
    update_irq(ipc);
    return true;
}

bool ds_ipc_host_busy(const ds_ipc *ipc)
{
    return (ipc->h2d & BOARD_IPC_BUSY) != 0;
}

bool ds_ipc_host_pending(const ds_ipc *ipc, uint32_t *msg)
{
    if (!(ipc->d2h & BOARD_IPC_BUSY))
        return false;
    if (msg)
        *msg = ipc->d2h & BOARD_IPC_MSG_MASK;
    return true;
}

bool ds_ipc_host_ack(ds_ipc *ipc)
{
    if (!(ipc->d2h & BOARD_IPC_BUSY))
        return false;
    ipc->d2h &= ~(uint32_t)BOARD_IPC_BUSY;
    ipc->status |= BOARD_IPC_ST_D2H_DONE;
    update_irq(ipc);
    if (ipc->armed[DS_IPC_FAULT_D2H_DUP]) {
        /* injected: the DSP's doorbell rings the host again */
        ipc->armed[DS_IPC_FAULT_D2H_DUP]--;
        ipc->d2h |= BOARD_IPC_BUSY;
        if (ipc->ops.d2h_msg)
            ipc->ops.d2h_msg(ipc->ops.user, ipc->d2h & BOARD_IPC_MSG_MASK,
                             ds_clock_now(ipc->clk));
    }
    return true;
}

/* ---- saved state ---------------------------------------------------------- */
#define IPC_STATE_VERSION 2u /* 2: the injected faults */

void ds_ipc_save(const ds_ipc *ipc, ds_snap_w *w)
{
    size_t m = ds_snap_begin(w, DS_SNAP_TAG('I', 'P', 'C', ' '));
    ds_snap_put_u32(w, IPC_STATE_VERSION);
    ds_snap_put_u32(w, ipc->h2d);
    ds_snap_put_u32(w, ipc->d2h);
    ds_snap_put_u32(w, ipc->status);
    ds_snap_put_u32(w, ipc->inten);
    for (unsigned i = 0; i < DS_IPC_FAULT_COUNT; i++)
        ds_snap_put_u32(w, ipc->armed[i]);
    ds_snap_end(w, m);
}

bool ds_ipc_load(ds_ipc *ipc, ds_snap_r *r)
{
    ds_snap_r s;
    if (!ds_snap_open(r, DS_SNAP_TAG('I', 'P', 'C', ' '), &s))
        return false;
    uint32_t ver = ds_snap_get_u32(&s);
    if (ver != IPC_STATE_VERSION)
        return ds_snap_fail(r, "IPC: state version %u, this board has %u",
                            (unsigned)ver, IPC_STATE_VERSION);
    ipc->h2d = ds_snap_get_u32(&s);
    ipc->d2h = ds_snap_get_u32(&s);
    ipc->status = ds_snap_get_u32(&s);
    ipc->inten = ds_snap_get_u32(&s);
    for (unsigned i = 0; i < DS_IPC_FAULT_COUNT; i++)
        ipc->armed[i] = ds_snap_get_u32(&s);
    return ds_snap_done(&s, "IPC");
}

void ds_ipc_fault_arm(ds_ipc *ipc, ds_ipc_fault f)
{
    if ((unsigned)f < DS_IPC_FAULT_COUNT)
        ipc->armed[f]++;
}

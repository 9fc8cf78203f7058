/* SPDX-License-Identifier: BSD-3-Clause */
/* IPC doorbells between the host and the DSP (BOARD_IPC_* in
 * board_regs.h).  The mailbox SRAM itself is plain memory mapped by the
 * board; this model is the handshake:
 *
 *   host -> DSP: ds_ipc_host_send(msg) sets H2D = BUSY | msg and raises
 *     the DSP's IPC interrupt (if INTEN.H2D); the DSP acknowledges by
 *     writing BUSY to H2D, which clears it and calls ops.h2d_done.
 *   DSP -> host: the DSP writes BUSY | msg to D2H; ops.d2h_msg is called
 *     with the message and the cycle; the host acknowledges with
 *     ds_ipc_host_ack(), which clears BUSY and sets STATUS.D2H_DONE
 *     (interrupting the DSP if INTEN.D2H_DONE).
 *
 * Cycles are CPU cycles (the clock's time).  Messages are 31 bits.
 */
#ifndef DSPSIM_MAILBOX_H
#define DSPSIM_MAILBOX_H

#include <stdbool.h>
#include <stdint.h>

#include "dspsim/clock.h"
#include "dspsim/snapshot.h"
#include "dspsim/periph.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ds_ipc ds_ipc;

typedef struct ds_ipc_host_ops {
    void (*d2h_msg)(void *user, uint32_t msg, uint64_t cycle);
    void (*h2d_done)(void *user, uint32_t msg, uint64_t cycle);
    void *user;
} ds_ipc_host_ops;

ds_ipc *ds_ipc_new(ds_clock *clk, ds_irq_out irq);
void ds_ipc_free(ds_ipc *ipc);
void ds_ipc_reset(ds_ipc *ipc);
void ds_ipc_set_host_ops(ds_ipc *ipc, const ds_ipc_host_ops *ops);

/* DSP side: register access, offset from BOARD_IPC_BASE; false = bus
 * error (unknown offset, not an aligned 32-bit access). */
bool ds_ipc_read(ds_ipc *ipc, uint32_t offset, unsigned size, uint32_t *value);
bool ds_ipc_write(ds_ipc *ipc, uint32_t offset, unsigned size, uint32_t value);

/* Host side. */
/* Ring the DSP's doorbell.  Returns false (nothing sent) while the
 * previous host message is still BUSY or msg has bit 31 set. */
bool ds_ipc_host_send(ds_ipc *ipc, uint32_t msg);
bool ds_ipc_host_busy(const ds_ipc *ipc); /* H2D.BUSY */
/* The DSP's pending message (D2H.BUSY): true and *msg, or false. */
bool ds_ipc_host_pending(const ds_ipc *ipc, uint32_t *msg);
/* Acknowledge the DSP's message.  Returns false if none is pending. */
bool ds_ipc_host_ack(ds_ipc *ipc);

/* Saved state (docs/snapshot-format.md, "IPC "): the four registers.
 * The interrupt line's level is part of the CPU's state. */
void ds_ipc_save(const ds_ipc *ipc, ds_snap_w *w);
bool ds_ipc_load(ds_ipc *ipc, ds_snap_r *r);
/* ---- Fault injection (issue 14; docs/board.md "Faults") ----------------
 * Each call arms one fault for the next doorbell it names:
 *   H2D_LOST  the next host ring is accepted (ds_ipc_host_send returns
 *             true) but never reaches the DSP: H2D stays clear, no
 *             interrupt;
 *   H2D_DUP   after the DSP acknowledges the next host message, H2D rings
 *             again with the same message (BUSY, interrupt);
 *   D2H_LOST  the next DSP ring sets D2H but the host is not told (no
 *             d2h_msg call): the host finds it only by reading D2H
 *             (ds_ipc_host_pending);
 *   D2H_DUP   after the host acknowledges the next DSP message, D2H rings
 *             again with it (BUSY, d2h_msg called again). */
typedef enum ds_ipc_fault {
    DS_IPC_FAULT_H2D_LOST = 0,
    DS_IPC_FAULT_H2D_DUP,
    DS_IPC_FAULT_D2H_LOST,
    DS_IPC_FAULT_D2H_DUP,
    DS_IPC_FAULT_COUNT
} ds_ipc_fault;
void ds_ipc_fault_arm(ds_ipc *ipc, ds_ipc_fault f);

#ifdef __cplusplus
}
#endif
#endif

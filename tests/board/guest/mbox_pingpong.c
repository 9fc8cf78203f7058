/* SPDX-License-Identifier: BSD-3-Clause */
/* Mailbox ping-pong with the host API: on each host doorbell (message m,
 * payload in the H2D region: count, values...) reply in the D2H region
 * (count, 2*value+1 ...), acknowledge, ring the host with m+1 and wait
 * for the host's acknowledgement.  Message 0 ends: halt(0). */
#include "board_rt.h"

static volatile unsigned h2d_flag, done_flag;

void board_irq(void)
{
    unsigned st = IPC(BOARD_IPC_STATUS);
    if (st & BOARD_IPC_ST_H2D_BUSY) {
        h2d_flag = 1;
        /* level interrupt: mask until the message is handled */
        IPC(BOARD_IPC_INTEN) = IPC(BOARD_IPC_INTEN) & ~BOARD_IPC_INT_H2D;
    }
    if (st & BOARD_IPC_ST_D2H_DONE) {
        done_flag = 1;
        IPC(BOARD_IPC_STATUS) = BOARD_IPC_ST_D2H_DONE;
    }
}
BOARD_DEFAULT_FAULT

int main(void)
{
    volatile unsigned *in = (unsigned *)(BOARD_MBOX_BASE + BOARD_MBOX_H2D_OFF);
    volatile unsigned *out = (unsigned *)(BOARD_MBOX_BASE + BOARD_MBOX_D2H_OFF);
    IPC(BOARD_IPC_INTEN) = BOARD_IPC_INT_H2D | BOARD_IPC_INT_D2H_DONE;
    irq_enable(1u << BOARD_IRQ_IPC);
    irq_global_on();
    for (;;) {
        irq_lock();
        while (!h2d_flag)
            wait_irq();
        h2d_flag = 0;
        irq_unlock();
        unsigned msg = IPC(BOARD_IPC_H2D) & BOARD_IPC_MSG_MASK;
        if (msg == 0) {
            IPC(BOARD_IPC_H2D) = BOARD_IPC_BUSY;
            halt(0);
        }
        unsigned n = in[0];
        if (n > 64)
            n = 64;
        out[0] = n;
        for (unsigned i = 0; i < n; i++)
            out[1 + i] = 2 * in[1 + i] + 1;
        marker(msg, n);
        IPC(BOARD_IPC_H2D) = BOARD_IPC_BUSY; /* acknowledge */
        IPC(BOARD_IPC_INTEN) = IPC(BOARD_IPC_INTEN) | BOARD_IPC_INT_H2D;
        done_flag = 0;
        IPC(BOARD_IPC_D2H) = BOARD_IPC_BUSY | (msg + 1);
        irq_lock();
        while (!done_flag)
            wait_irq();
        irq_unlock();
    }
}

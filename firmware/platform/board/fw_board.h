/* SPDX-License-Identifier: BSD-3-Clause */
/* Board port of the firmware (dspsim virtual audio-DSP board): what an
 * application on the board may call besides the kernel API. The platform
 * hooks themselves (fw/platform.h) are in platform_board.c; the IPC
 * protocol is abi/include/abi/ipc_proto.h. See docs/firmware.md,
 * "Board port".
 *
 * Units: cycles are CPU cycles (CCOUNT, low 32 bits), sizes bytes. */
#ifndef FW_BOARD_H
#define FW_BOARD_H

#include <stdint.h>
#include "abi/ipc_proto.h"
#include "fw/arch.h"

struct fw_task;

/* ---- Boot ---------------------------------------------------------------
 * Send FW_READY (struct ipc_fw_ready) to the host: written in the D2H
 * mailbox region, then the D2H doorbell. Does NOT wait for the host's
 * acknowledgement (a host may connect late); until the host acknowledges,
 * further notifications are dropped and counted. Call once, at the end of
 * boot (after fw_kernel_init() and task set-up). Returns 0, or -1 if the
 * doorbell was still busy (message dropped). */
int fw_board_ready(void);

/* ---- Notifications ------------------------------------------------------ */
/* Send a message (ipc_hdr first: size, id set by the caller; seq and
 * status filled here) without ever waiting: if the host has not yet
 * acknowledged the previous D2H message, the message is dropped, counted
 * and -1 returned. From any context. size <= IPC_MBOX_D2H_SIZE, multiple
 * of 4. */
int fw_board_notify(struct ipc_hdr *msg);

/* Same for a reply to a host command: hdr.status is kept (not set to
 * IPC_STATUS_OK); seq is numbered with the notifications. */
int fw_board_reply(struct ipc_hdr *msg);

/* Deadline-miss hook (fw_sched_set_miss_hook; installed at boot): logs
 * the miss in the trace ring and sends IPC_NOTIFY_DEADLINE_MISS. An
 * application that installs its own hook should call this one from it. */
void fw_board_miss_notify(struct fw_task *t, uint32_t deadline, uint32_t now);

struct fw_board_ipc_stats {
    uint32_t sent;      /* D2H messages rung */
    uint32_t dropped;   /* dropped: host had not acknowledged */
    uint32_t misses;    /* deadline misses seen by the hook */
    uint32_t miss_sent; /* ... of which notified to the host */
};
void fw_board_ipc_stats(struct fw_board_ipc_stats *out);

/* ---- Trace log ring (mailbox trace region, struct ipc_trace_ring) -------
 * One 16-byte entry {CCOUNT, level, id, arg0, arg1}; about 30 cycles with
 * interrupts masked. Entries with level > the threshold are not recorded
 * (one compare). Kernel trace markers are also logged at IPC_LOG_DEBUG. */
void fw_board_log(uint32_t level, uint32_t id, uint32_t arg0, uint32_t arg1);
void fw_board_log_set_level(uint32_t level); /* default IPC_LOG_DEBUG */

/* ---- Assertions ---------------------------------------------------------
 * A failed FW_BOARD_ASSERT panics with cause IPC_PANIC_CAUSE_SOFTWARE and
 * the file, line and expression in the panic record. */
void fw_board_assert_fail(const char *file, unsigned line, const char *expr)
    __attribute__((noreturn));
#define FW_BOARD_ASSERT(cond)                                                  \
    do {                                                                       \
        if (!(cond))                                                           \
            fw_board_assert_fail(__FILE__, __LINE__, #cond);                   \
    } while (0)

/* ---- The board port's lock ----------------------------------------------
 * Masks this core's interrupts; in the several-core build (-DFW_SMP,
 * fw_smp.h) it also takes hardware semaphore FW_SMP_SEM_BOARD, nesting
 * per core, so that the D2H doorbell and its state, the log ring and the
 * trace markers are one core's at a time.  The single-core build is
 * arch_irq_lock/unlock itself. */
/* Trace markers of the several-core build carry the writing core in bits
 * 31..24 of their id (the single-core build's are 0 there). */
#define FW_BOARD_MARKER_CORE_SHIFT 24u

#ifdef FW_SMP
uint32_t fw_board_lock(void);
void fw_board_unlock(uint32_t key);
#else
#define fw_board_lock   arch_irq_lock
#define fw_board_unlock arch_irq_unlock
#endif

/* Cycles the panic path waits for the host to acknowledge an earlier D2H
 * message before ringing the panic doorbell anyway (it is then lost, but
 * the record and the halt status remain). */
#define FW_BOARD_PANIC_ACK_WAIT 20000u

#endif

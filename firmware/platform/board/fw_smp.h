/* SPDX-License-Identifier: BSD-3-Clause */
/* Several cores on the board (issue 32; the several-core build only,
 * -DFW_SMP, docs/firmware.md "Several cores").
 *
 * Core 0 boots as on one core, then fw_smp_start() starts the others
 * through the board's inter-core device (abi/board_regs.h, BOARD_ICD_*):
 * each runs the kernel's start-up for itself (its own EDF scheduler, timer
 * queue, interrupt table; fw/percore.h), the application's hook, and its
 * idle loop (WAITI: a core with nothing to do sleeps).
 *
 * Cross-core work goes through fw_smp_call(): the caller rings the target's
 * doorbell with the function and its argument as payload and waits for
 * the acknowledgement that carries the result; the target runs the
 * function in its inter-core interrupt (line 8).  The ring and the
 * acknowledgement are synchronisations the board's race detector sees, so
 * what the caller wrote before the call is ordered before the function,
 * and the function's writes before what the caller does after it.
 *
 * Hardware semaphores (BOARD_ICD_SEM): FW_SMP_SEM_BOARD is the board
 * port's lock (fw_board_lock: the D2H doorbell and its state, the log
 * ring, trace markers), FW_SMP_SEM_APP + n are the application's. */
#ifndef FW_SMP_H
#define FW_SMP_H

#include <stddef.h>
#include <stdint.h>

#include "fw/arch.h"
#include "fw/percore.h"

#define FW_SMP_SEM_BOARD  0u /* fw_board_lock */
#define FW_SMP_SEM_KERNEL 1u /* fw_smp_kernel_lock (fw/percore.h) */
#define FW_SMP_SEM_APP    2u /* first semaphore left to the application */

/* Stack of a started core's boot context (its idle loop and the
 * interrupts taken there), bytes. */
#define FW_SMP_STACK 2048u

/* Doorbell message of fw_smp_call (payload: function, argument). */
#define FW_SMP_MSG_CALL   0x43414C4Cu /* "CALL" & 0x7FFFFFFF */
/* Doorbell message of fw_smp_notify (payload: the value). */
#define FW_SMP_MSG_NOTIFY 0x4E4F5449u /* "NOTI" */

typedef uint32_t (*fw_smp_fn)(uint32_t arg);
/* Called in the target's inter-core interrupt (interrupts masked) with the
 * sending core and the notification's value. */
typedef void (*fw_smp_notify_fn)(unsigned from, uint32_t value);

#ifdef FW_SMP
/* Cores of the board (the debug device's CONFIG), 1..FW_MAX_CORES. */
unsigned fw_smp_cores(void);

/* Core 0, after fw_kernel_init(): start cores 1..cores-1; each calls
 * hook(core) (may be NULL) after its kernel start-up, with its
 * interrupts still masked, then idles.  Returns once every core has
 * answered a call (so each is ready for fw_smp_call). */
void fw_smp_start(void (*hook)(unsigned core));

/* Run fn(arg) on `core` and return its result: directly on this core,
 * else in the target's inter-core interrupt, the caller spinning with
 * its interrupts masked until the answer.  Two cores must not call each
 * other at once (the audio firmware: only core 0's IPC worker calls). */
uint32_t fw_smp_call(unsigned core, fw_smp_fn fn, uint32_t arg);

/* Notify `core` (not this one) with a value: ring its doorbell (again
 * while another core's message is in it) and return without waiting for
 * the acknowledgement; the target calls the fw_smp_set_notify() handler
 * in its inter-core interrupt and acknowledges.  A core has one message
 * in flight at a time: a notify or call waits for the last one's
 * acknowledgement first (the notify with this core's interrupts open in
 * between).  From task context. */
void fw_smp_notify(unsigned core, uint32_t value);
/* Install the handler of notifications to this image (every core's). */
void fw_smp_set_notify(fw_smp_notify_fn fn);

/* Hardware semaphore n (0..15): take (spins), try (1 taken, 0 held by
 * someone, this core included), give. */
void fw_smp_sem_take(unsigned n);
int fw_smp_sem_try(unsigned n);
void fw_smp_sem_give(unsigned n);

/* Calls served by this core so far (tests). */
uint32_t fw_smp_calls_served(void);
#endif

#endif

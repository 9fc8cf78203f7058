/* SPDX-License-Identifier: BSD-3-Clause */
/* Platform hooks: the only things the kernel needs from the machine it runs
 * on besides the CPU. The plain simulator machine (`dspsim exec`, QEMU's lx106
 * "sim") implements them with semihosting in platform/sim/platform_sim.c; the
 * board port replaces that one file (console -> UART/mailbox log, exit ->
 * IPC, panic record -> mailbox, trace -> trace buffer). */
#ifndef FW_PLATFORM_H
#define FW_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

struct fw_panic_record;

/* Write len bytes of text to the console (best effort, may drop). */
void fw_plat_console_write(const char *buf, size_t len);

/* End the firmware run with a status (0 = success). Never returns. */
void fw_plat_exit(int status) __attribute__((noreturn));

/* Hand a filled panic record (fw/panic.h) to the host. Called once, with
 * interrupts masked, before fw_plat_exit(FW_PANIC_EXIT_STATUS). */
void fw_plat_panic_sink(const struct fw_panic_record *rec);

/* Trace marker: id says what happened, arg is event-specific (a task id, a
 * deadline, ...). Must be cheap; the sim platform keeps the last events in a
 * ring buffer readable by a debugger (fw_plat_trace_ring). */
void fw_plat_trace(uint32_t id, uint32_t arg);

#endif

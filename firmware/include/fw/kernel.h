/* SPDX-License-Identifier: BSD-3-Clause */
/* Kernel start-up. Firmware's main(): fw_kernel_init(), create and start
 * tasks, then fw_kernel_run(), which turns the boot context into the idle
 * task (WAITI loop) and never returns. fw_kernel_exit() ends the run. */
#ifndef FW_KERNEL_H
#define FW_KERNEL_H

#include <stdint.h>

/* Set up memory zones from the linker script, the scheduler, the timer
 * service and interrupt dispatch. */
void fw_kernel_init(void);
void fw_kernel_run(void) __attribute__((noreturn));
/* Print statistics (optional) and exit with status. */
void fw_kernel_exit(int status) __attribute__((noreturn));
/* Print every task's statistics on the console. */
void fw_kernel_print_stats(void);

#endif

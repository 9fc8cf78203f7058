/* SPDX-License-Identifier: BSD-3-Clause */
/* Host stand-ins for fw/arch.h and fw/platform.h, controlled by the tests. */
#ifndef FW_ARCH_STUB_H
#define FW_ARCH_STUB_H

#include <stddef.h>
#include <stdint.h>

extern uint32_t stub_now;     /* arch_cycles() */
extern uint32_t stub_advance; /* added to stub_now by every read */
extern int stub_timer_armed;
extern uint32_t stub_timer_when;
extern unsigned stub_timer_writes;
extern int stub_in_isr;
extern int stub_lock_depth; /* > 0 while "interrupts are masked" */
extern unsigned stub_yields;
extern char stub_console[4096];
extern size_t stub_console_len;

void stub_reset(void);

#endif

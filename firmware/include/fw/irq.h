/* SPDX-License-Identifier: BSD-3-Clause */
/* Interrupt handlers. Level-1 interrupts (all but the NMI on the LX106) are
 * dispatched one by one for every bit set in INTERRUPT & INTENABLE, lowest
 * number first; handlers run with interrupts masked, on the interrupted
 * task's stack. Software (7) and edge-triggered (8-13) interrupts are
 * cleared before their handler runs; level-triggered lines (0-5) must be
 * quietened at the device by the handler. The timer (6) belongs to the
 * timer service. */
#ifndef FW_IRQ_H
#define FW_IRQ_H

#include <stdint.h>

#define FW_IRQ_COUNT    15
#define FW_IRQ_TIMER0   6
#define FW_IRQ_SOFTWARE 7
#define FW_IRQ_NMI      14

typedef void (*fw_irq_fn)(void *arg);

/* Install fn for interrupt irq (0..13) and enable it. -1 if out of range. */
int fw_irq_connect(unsigned irq, fw_irq_fn fn, void *arg);
void fw_irq_enable(unsigned irq);
void fw_irq_disable(unsigned irq);
/* Raise the software interrupt (WSR.INTSET). */
void fw_irq_raise_software(void);
/* Called on the NMI (level 3), which cannot be masked: keep it short. */
void fw_nmi_set_handler(void (*fn)(void));
/* Interrupts dispatched per line since boot. */
uint32_t fw_irq_count(unsigned irq);

#endif

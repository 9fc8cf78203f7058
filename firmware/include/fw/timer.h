/* SPDX-License-Identifier: BSD-3-Clause */
/* Timer service: one sorted timeout queue on the cycle clock, served by the
 * one-shot CCOMPARE0 interrupt programmed for the earliest expiry (no
 * periodic tick). Timeout functions run in interrupt context with
 * interrupts masked. */
#ifndef FW_TIMER_H
#define FW_TIMER_H

#include <stdint.h>
#include "fw/timeout.h"

/* When an expiry is already due at programming time from task context, the
 * timer is set this many cycles ahead instead. */
#define FW_TIMER_MIN_LEAD 64u

void fw_timer_init(void);
/* Arm `to` to call fn at absolute cycle time expiry (re-arms if armed). */
void fw_timer_add(struct fw_timeout *to, uint32_t expiry, fw_timeout_fn fn);
/* Disarm; returns 1 if it was armed. */
int fw_timer_cancel(struct fw_timeout *to);
/* The CCOMPARE0 interrupt handler. */
void fw_timer_isr(void *unused);

struct fw_timer_stats {
    uint32_t interrupts; /* timer interrupts served */
    uint32_t expired;    /* timeout functions called */
    uint32_t programmed; /* CCOMPARE0 writes */
    uint32_t late;       /* expiries found due while programming */
};
const struct fw_timer_stats *fw_timer_stats(void);

#endif

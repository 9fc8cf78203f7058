/* SPDX-License-Identifier: BSD-3-Clause */
/* Test helpers: burn a given number of CPU cycles of *execution* (a loop
 * calibrated at start-up, so a preempted job still needs its full demand),
 * and read the cycle counter. */
#ifndef FW_TEST_WORK_H
#define FW_TEST_WORK_H

#include <stdint.h>
#include "fw/arch.h"

static uint32_t work_iters_per_kcycle = 1;

static inline void work_loop(uint32_t iters)
{
    for (uint32_t i = 0; i < iters; i++)
        __asm__ volatile("nop");
}

/* Measure the loop with interrupts masked. */
static inline void work_calibrate(void)
{
    uint32_t key = arch_irq_lock(), t0, t1;

    t0 = arch_cycles();
    work_loop(10000);
    t1 = arch_cycles();
    arch_irq_unlock(key);
    work_iters_per_kcycle = 10000u * 1000u / (t1 - t0 ? t1 - t0 : 1);
    if (!work_iters_per_kcycle)
        work_iters_per_kcycle = 1;
}

static inline void work_cycles(uint32_t cycles)
{
    work_loop(cycles / 1000u * work_iters_per_kcycle);
}

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest-side helpers for programs on a board of several cores: the
 * inter-core device, starting a core, the core's number.  Link
 * smp_start.S; include after board_rt.h. */
#ifndef SMP_RT_H
#define SMP_RT_H

#include "board_rt.h"

#define ICD(off) REG32(BOARD_ICD_BASE + (off))

#define SMP_STACK_BYTES 2048

/* smp_start.S: a started core loads its stack pointer from
 * smp_stack_top[its number] and calls secondary_main(its number), with
 * PS as reset leaves it (EXCM set, INTLEVEL 15). */
extern unsigned smp_stack_top[BOARD_MAX_CORES];
void smp_secondary_entry(void);
void secondary_main(unsigned core);

static inline unsigned core_id(void)
{
    unsigned v;
    __asm__ volatile("rsr %0, prid" : "=r"(v));
    return v;
}

static inline void intclear(unsigned mask)
{
    __asm__ volatile("wsr %0, intclear" : : "r"(mask) : "memory");
}

/* Start core 'core' at smp_secondary_entry with the stack ending at
 * stack_top. */
static inline void smp_start(unsigned core, void *stack_top)
{
    smp_stack_top[core] = (unsigned)stack_top;
    /* the store lands before the core starts (a plain store is not
     * ordered with the volatile ones otherwise) */
    __asm__ volatile("memw" : : : "memory");
    ICD(BOARD_ICD_BOOT(core)) = (unsigned)smp_secondary_entry;
    ICD(BOARD_ICD_RUN) = 1u << core;
}

/* Take / release hardware semaphore n (spins while another core holds
 * it). */
static inline void sem_take(unsigned n)
{
    while (!ICD(BOARD_ICD_SEM(n))) {
    }
}

static inline void sem_give(unsigned n)
{
    ICD(BOARD_ICD_SEM(n)) = 0;
}

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Per-core kernel data (issue 32).
 *
 * The kernel is built twice: the single-core build (no FW_SMP; every image
 * before issue 32, unchanged byte for byte) and the several-core build
 * (-DFW_SMP, fw_audio_smp.elf), where each core has its own scheduler,
 * timer queue, interrupt table and running task.  A file keeps its global's
 * name and, under FW_SMP only, turns it into an array indexed by the
 * core's PRID:
 *
 *     static FW_PERCORE(struct fw_ready_queue, rq);
 *     #ifdef FW_SMP
 *     #define rq FW_THIS(rq)
 *     #endif
 *
 * (a macro does not expand inside its own expansion, so FW_THIS(rq) names
 * the array).  Without FW_SMP both macros are the plain declaration and
 * name, so the single-core objects are what they were. */
#ifndef FW_PERCORE_H
#define FW_PERCORE_H

#include <stdint.h>

#ifdef FW_SMP
#define FW_MAX_CORES 4u /* = BOARD_MAX_CORES */

/* This core's number (the PRID special register: the board sets it to
 * the core's index, 0 = the boot core). */
static inline unsigned fw_core_id(void)
{
    uint32_t p;

    __asm__("rsr %0, prid" : "=a"(p));
    return p;
}

#define FW_PERCORE(type, name) type name[FW_MAX_CORES]
#define FW_THIS(name)          (name[fw_core_id()])

/* The kernel's data of every core (the task list and ids): this core's
 * interrupts masked and a lock between the cores, which the platform
 * provides (the board's: a hardware semaphore, platform/board/fw_smp.h). */
uint32_t fw_smp_kernel_lock(void);
void fw_smp_kernel_unlock(uint32_t key);
#define FW_OF(name, core) (name[(core)])
#else
#define FW_MAX_CORES           1u
#define FW_PERCORE(type, name) type name
#define FW_THIS(name)          (name)
#define FW_OF(name, core)      (name)

static inline unsigned fw_core_id(void)
{
    return 0;
}
#endif

#endif

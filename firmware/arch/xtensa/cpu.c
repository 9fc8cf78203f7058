/* SPDX-License-Identifier: BSD-3-Clause */
/* The fw/arch.h primitives for the LX106 that are not inline there: the
 * CCOMPARE0 one-shot timer, yield (SYSCALL) and idle (WAITI). */
#include "fw/arch.h"
#include "fw/percore.h"
#include "frame.h"
#include "xtensa_sr.h"

/* > 0 while exception code runs (per core: arch.h's percore.h) */
FW_PERCORE(uint32_t, fw_arch_isr_depth);
#ifdef FW_SMP
#define fw_arch_isr_depth FW_THIS(fw_arch_isr_depth)
#endif

void arch_timer_set(uint32_t when)
{
    uint32_t key = arch_irq_lock();

    XT_WSR(ccompare0, when); /* also clears a pending match */
    XT_WSR(intenable, XT_RSR(intenable) | (1u << 6));
    arch_irq_unlock(key);
}

void arch_timer_stop(void)
{
    uint32_t key = arch_irq_lock();

    XT_WSR(intenable, XT_RSR(intenable) & ~(1u << 6));
    XT_WSR(ccompare0, XT_RSR(ccount) - 1); /* clear a pending match */
    arch_irq_unlock(key);
}

void arch_yield(void)
{
    __asm__ volatile("syscall" : : : "memory");
}

void arch_idle(void)
{
    __asm__ volatile("waiti 0" : : : "memory");
}

int arch_in_isr(void)
{
    return fw_arch_isr_depth != 0;
}

void *arch_task_context_init(void *stack_top, void (*entry)(void *), void *arg)
{
    struct xt_frame *f = (struct xt_frame *)((uint8_t *)stack_top - FR_SIZE);
    unsigned i;

    for (i = 0; i < 16; i++)
        f->a[i] = 0;
    f->a[1] = (uint32_t)(uintptr_t)stack_top;
    f->a[2] = (uint32_t)(uintptr_t)arg;
    f->sar = 0;
    f->ps = PS_TASK;
    f->pc = (uint32_t)(uintptr_t)entry;
    f->cause = 0;
    return f;
}

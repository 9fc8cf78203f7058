/* SPDX-License-Identifier: BSD-3-Clause */
/* What the portable kernel needs from the CPU architecture. Implemented for
 * the Xtensa LX106 in arch/xtensa/, and by small stubs in the host unit tests
 * (tests/firmware/unit/arch_stub.c), so the kernel's C files build unchanged
 * for both. Times are in CPU cycles (CCOUNT, 32 bits, wraps). */
#ifndef FW_ARCH_H
#define FW_ARCH_H

#include <stdint.h>

#if defined(__XTENSA__)
/* These three run several times in every audio period, from every layer
 * (tracing, logging, the scheduler, per-component timing): inline, they
 * are one instruction each instead of a call.  The "memory" clobbers keep
 * them ordered with the memory accesses around them, as a call was. */

/* Current value of the free-running 32-bit cycle counter. */
static inline uint32_t arch_cycles(void)
{
    uint32_t c;

    __asm__ volatile("rsr %0, ccount" : "=a"(c) : : "memory");
    return c;
}

/* Mask interrupts that may touch kernel state; returns a key for unlock.
 * Nests: unlock restores exactly what lock found. */
static inline uint32_t arch_irq_lock(void)
{
    uint32_t ps;

    __asm__ volatile("rsil %0, 1" : "=a"(ps) : : "memory");
    return ps;
}

static inline void arch_irq_unlock(uint32_t key)
{
    __asm__ volatile("wsr %0, ps\n\trsync" : : "a"(key) : "memory");
}
#else
/* The host unit tests link stubs (tests/firmware/unit/arch_stub.c). */
uint32_t arch_cycles(void);
uint32_t arch_irq_lock(void);
void arch_irq_unlock(uint32_t key);
#endif

/* Program the one-shot timer (CCOMPARE0) to interrupt when the cycle
 * counter reaches `when`, and enable it; arch_timer_stop() disables it. The
 * interrupt handler is fw_timer_isr() (kernel/timer.c). */
void arch_timer_set(uint32_t when);
void arch_timer_stop(void);

/* Give the CPU to the scheduler from task context (a SYSCALL on Xtensa): the
 * caller's context is saved, fw_sched_switch() chooses who runs next. */
void arch_yield(void);

/* Wait for an interrupt with interrupts enabled (WAITI 0).  WAITI lowers
 * the interrupt level and sleeps in one step, so to wait for a condition
 * an interrupt handler sets, test it with interrupts locked and call this
 * while still locked (re-lock after it returns): an interrupt that comes
 * between the test and the sleep is then taken at once, not lost. */
void arch_idle(void);

/* Build the initial saved context of a new task at the top of its stack so
 * that restoring it enters entry(arg) with interrupts enabled. stack_top is
 * the first byte above the stack; returns the saved-context pointer. */
void *arch_task_context_init(void *stack_top, void (*entry)(void *), void *arg);

/* True when called from an interrupt or exception handler. */
int arch_in_isr(void);

#endif

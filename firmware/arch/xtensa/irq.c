/* SPDX-License-Identifier: BSD-3-Clause */
/* Level-1 interrupt dispatch by INTERRUPT & INTENABLE to registered
 * handlers, and the NMI hook. */
#include <stddef.h>
#include "fw/arch.h"
#include "fw/irq.h"
#include "fw/percore.h"
#include "fw/platform.h"
#include "abi/trace.h"
#include "entry.h"
#include "xtensa_sr.h"

/* Software (7) and edge-triggered (8..13) interrupts latch: clear them
 * before the handler runs so a new edge during the handler is kept. */
#define LATCHED_MASK ((1u << 7) | (0x3Fu << 8))

struct fw_irq_slot {
    fw_irq_fn fn;
    void *arg;
    uint32_t count;
};
static FW_PERCORE(struct fw_irq_slot, handlers)[FW_IRQ_COUNT];
#ifdef FW_SMP
#define handlers FW_THIS(handlers)
#endif
static void (*nmi_fn)(void);
static uint32_t nmi_count;

int fw_irq_connect(unsigned irq, fw_irq_fn fn, void *arg)
{
    uint32_t key;

    if (irq >= FW_IRQ_NMI)
        return -1;
    key = arch_irq_lock();
    handlers[irq].fn = fn;
    handlers[irq].arg = arg;
    arch_irq_unlock(key);
    if (irq != 6) /* the timer service enables 6 itself */
        fw_irq_enable(irq);
    return 0;
}

void fw_irq_enable(unsigned irq)
{
    uint32_t key = arch_irq_lock();

    XT_WSR(intenable, XT_RSR(intenable) | (1u << irq));
    arch_irq_unlock(key);
}

void fw_irq_disable(unsigned irq)
{
    uint32_t key = arch_irq_lock();

    XT_WSR(intenable, XT_RSR(intenable) & ~(1u << irq));
    arch_irq_unlock(key);
}

void fw_irq_raise_software(void)
{
    XT_WSR(intset, 1u << FW_IRQ_SOFTWARE);
}

uint32_t fw_irq_count(unsigned irq)
{
    return irq < FW_IRQ_COUNT
               ? (irq == FW_IRQ_NMI ? nmi_count : handlers[irq].count)
               : 0;
}

void fw_nmi_set_handler(void (*fn)(void))
{
    nmi_fn = fn;
}

/* Called from exception.c for EXCCAUSE 4. */
void fw_arch_irq_dispatch(void)
{
    uint32_t pending = XT_RSR(interrupt) & XT_RSR(intenable);

    while (pending) {
        unsigned irq = (unsigned)__builtin_ctz(pending);
        uint32_t bit = 1u << irq;

        pending &= ~bit;
        if (bit & LATCHED_MASK)
            XT_WSR(intclear, bit);
        handlers[irq].count++;
        if (handlers[irq].fn) {
            handlers[irq].fn(handlers[irq].arg);
        } else {
            /* Nobody wants it: mask it rather than loop forever. */
            XT_WSR(intenable, XT_RSR(intenable) & ~bit);
            fw_plat_trace(FW_TRACE_IRQ, 0x100 | irq);
        }
    }
}

void fw_arch_nmi(void)
{
    nmi_count++;
    if (nmi_fn)
        nmi_fn();
}

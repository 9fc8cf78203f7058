/* SPDX-License-Identifier: BSD-3-Clause */
/* A fault on a secondary core of a board of 2 cores.  Core 0 starts core
 * 1 and waits for an interrupt that never comes.  Core 1:
 *   default:      loads from an unmapped address: its exception handler
 *                 prints the fault and halts with 0xEE (the host sees the
 *                 halt come from core 1);
 *   -DFATAL:      points VECBASE at unmapped memory and executes an
 *                 illegal instruction with PS.EXCM still set from reset:
 *                 the double exception cannot be taken, a fatal state of
 *                 core 1. */
#include "smp_rt.h"

static unsigned char stack1[SMP_STACK_BYTES] __attribute__((aligned(16)));

void board_irq(void)
{
}
BOARD_DEFAULT_FAULT

void secondary_main(unsigned core)
{
    marker(1, core);
#ifdef FATAL
    __asm__ volatile("movi a2, 0x20000000; wsr a2, vecbase; isync; ill"
                     :
                     :
                     : "a2", "memory");
#else
    irq_global_on(); /* PS.EXCM clear: an exception, not a double one */
    (void)REG32(0x50000000);
#endif
    for (;;) {
    }
}

int main(void)
{
    con_puts("smp fault\n");
    smp_start(1, stack1 + sizeof(stack1));
    irq_lock();
    for (;;)
        wait_irq();
    return 0;
}

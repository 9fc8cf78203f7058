/* SPDX-License-Identifier: BSD-3-Clause */
/* Device accesses happen in simulated-time order, whatever order the
 * cores run in: on a board of 3 cores with a quantum longer than the
 * program, core 0 starts cores 1 and 2 with one RUN write (the same
 * cycle) and computes for ~30,000 cycles with no device access.  Core 1
 * waits ~4,000 cycles, core 2 ~500, then each reads semaphore 3 once (its
 * first device access).  When core 0 next touches a device, core 1 runs
 * first (the lower number) and reaches its read first in host time, but
 * core 2 reads first in simulated time and must get it.  Markers 21 and
 * 22: what cores 1 and 2 read (1: taken); core 0 halts with 0 when core 2
 * holds the semaphore, else 1. */
#include "smp_rt.h"

static unsigned char stacks[3][SMP_STACK_BYTES] __attribute__((aligned(16)));
static volatile unsigned done; /* under semaphore 1 */

void board_irq(void)
{
}
BOARD_DEFAULT_FAULT

void secondary_main(unsigned core)
{
    unsigned n = core == 1 ? 400 : 50;
    for (volatile unsigned i = 0; i < n; i++) {
    }
    unsigned got = ICD(BOARD_ICD_SEM(3));
    marker(20 + core, got);
    sem_take(1);
    done++;
    sem_give(1);
    for (;;)
        __asm__ volatile("waiti 15");
}

int main(void)
{
    con_puts("smp order\n");
    for (unsigned k = 1; k < 3; k++) {
        smp_stack_top[k] = (unsigned)(stacks[k] + SMP_STACK_BYTES);
        ICD(BOARD_ICD_BOOT(k)) = (unsigned)smp_secondary_entry;
    }
    __asm__ volatile("memw" : : : "memory");
    ICD(BOARD_ICD_RUN) = 6; /* cores 1 and 2 at the same cycle */
    for (volatile unsigned i = 0; i < 3000; i++) {
    }
    for (;;) {
        sem_take(1);
        unsigned d = done;
        sem_give(1);
        if (d == 2)
            break;
    }
    halt(ICD(BOARD_ICD_SEM_OWNER(3)) == 3 ? 0 : 1);
    return 0;
}

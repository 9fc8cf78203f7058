/* SPDX-License-Identifier: BSD-3-Clause */
/* Semaphore contention on a board of 4 cores: each core adds 1 to a
 * shared counter ITERS times, a read-modify-write with a device access in
 * the middle (so that the others run meanwhile), inside hardware
 * semaphore 0.  Core 0 starts the others, does its share, waits until
 * the count of finished cores (kept under semaphore 1) says they are done
 * and prints the counter: it halts with 0 when it is exactly 4 * ITERS
 * and semaphore 0 is free, else 1.  Built with -DNO_SEM the cores skip
 * semaphore 0: updates get lost and it halts with 2 (the counter is
 * short), which shows that the semaphore is what makes it exact -- and
 * the race detector reports the counter's accesses there, and nothing in
 * the program with the semaphore.  A release of a semaphore the core
 * does not hold sets SEM_ERR (checked by core 1 on semaphore 5). */
#include "smp_rt.h"

#define CORES 4
#define ITERS 100

static unsigned char stacks[CORES][SMP_STACK_BYTES]
    __attribute__((aligned(16)));
static volatile unsigned counter;
static volatile unsigned finished; /* under semaphore 1 */
static volatile unsigned sem_err_ok;

void board_irq(void)
{
}
BOARD_DEFAULT_FAULT

static void work(unsigned me)
{
    for (unsigned i = 0; i < ITERS; i++) {
#ifndef NO_SEM
        sem_take(0);
#endif
        unsigned v = counter;
        (void)DBG(BOARD_DBG_SCRATCH); /* the others catch up here */
        counter = v + 1;
#ifndef NO_SEM
        sem_give(0);
#endif
    }
    marker(10 + me, ITERS);
}

void secondary_main(unsigned core)
{
    if (core == 1) {
        sem_give(5); /* not held: refused */
        sem_err_ok = (ICD(BOARD_ICD_STATUS) & BOARD_ICD_ST_SEM_ERR) &&
                     ICD(BOARD_ICD_SEM_OWNER(5)) == 0;
        ICD(BOARD_ICD_STATUS) = BOARD_ICD_ST_SEM_ERR;
    }
    work(core);
    sem_take(1);
    finished++;
    sem_give(1);
    for (;;)
        __asm__ volatile("waiti 15");
}

int main(void)
{
    con_puts("smp semaphores\n");
    for (unsigned k = 1; k < CORES; k++)
        smp_start(k, stacks[k] + SMP_STACK_BYTES);
    work(0);
    for (;;) {
        sem_take(1);
        unsigned f = finished;
        sem_give(1);
        if (f == CORES - 1)
            break;
    }
    con_puts("counter ");
    con_putdec(counter);
    con_putc('\n');
    if (ICD(BOARD_ICD_RUN) != (1u << CORES) - 1)
        halt(3);
#ifdef NO_SEM
    halt(counter == CORES * ITERS ? 0 : 2);
#else
    if (!sem_err_ok)
        halt(4);
    halt(counter == CORES * ITERS && ICD(BOARD_ICD_SEM_OWNER(0)) == 0 ? 0 : 1);
#endif
    return 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Inter-core doorbell round trips on a board of 2 cores.  Core 0 starts
 * core 1, which rings back "ready" (message 0x100).  Then ROUNDS times:
 * core 0 rings core 1 with message 0x1000+i and a payload of 4 words;
 * core 1's interrupt handler takes it, and core 1 acknowledges with the
 * reply message + sum of the payload; core 0 checks the reply when its
 * DONE interrupt comes.  Markers: 1 = ring (value i), 2 = reply seen
 * (value i), 3 = the ring seen by core 1 (value i).  Then refused rings
 * (its own doorbell, a busy one, no such core) set LOST; core 0 halts
 * with 0 when every check passed, else with the number of the first
 * failed one. */
#include "smp_rt.h"

#define ROUNDS 8

static unsigned char stack1[SMP_STACK_BYTES] __attribute__((aligned(16)));

/* per core: the message taken by the handler, its payload, DONE seen */
static volatile unsigned got[BOARD_MAX_CORES];
static volatile unsigned got_msg[BOARD_MAX_CORES];
static volatile unsigned got_from[BOARD_MAX_CORES];
static volatile unsigned got_data[BOARD_MAX_CORES][BOARD_ICD_DATA_WORDS];
static volatile unsigned done[BOARD_MAX_CORES];

void board_irq(void)
{
    unsigned me = core_id();
    intclear(1u << BOARD_IRQ_ICD);
    for (;;) {
        unsigned st = ICD(BOARD_ICD_STATUS) & ICD(BOARD_ICD_INTEN);
        if (!st)
            break;
        if (st & BOARD_ICD_ST_IN) {
            got_msg[me] = ICD(BOARD_ICD_IN_MSG);
            got_from[me] = ICD(BOARD_ICD_IN_FROM);
            for (unsigned i = 0; i < BOARD_ICD_DATA_WORDS; i++)
                got_data[me][i] = ICD(BOARD_ICD_IN_DATA(i));
            got[me] = 1;
            /* masked until the thread acknowledges it */
            ICD(BOARD_ICD_INTEN) = ICD(BOARD_ICD_INTEN) & ~BOARD_ICD_INT_IN;
        }
        if (st & BOARD_ICD_ST_DONE) {
            done[me] = 1;
            ICD(BOARD_ICD_STATUS) = BOARD_ICD_ST_DONE;
        }
    }
}
BOARD_DEFAULT_FAULT

/* Wait for a message in this core's doorbell; returns it. */
static unsigned wait_msg(unsigned me)
{
    irq_lock();
    while (!got[me])
        wait_irq();
    got[me] = 0;
    irq_unlock();
    return got_msg[me] & BOARD_ICD_MSG_MASK;
}

/* Acknowledge the message taken with 'reply', unmask the next. */
static void ack(unsigned reply)
{
    ICD(BOARD_ICD_ACK) = reply;
    ICD(BOARD_ICD_INTEN) = ICD(BOARD_ICD_INTEN) | BOARD_ICD_INT_IN;
}

static void wait_done(unsigned me)
{
    irq_lock();
    while (!done[me])
        wait_irq();
    done[me] = 0;
    irq_unlock();
}

static void icd_irq_on(void)
{
    ICD(BOARD_ICD_INTEN) = BOARD_ICD_INT_IN | BOARD_ICD_INT_DONE;
    irq_enable(1u << BOARD_IRQ_ICD);
    irq_global_on();
}

void secondary_main(unsigned core)
{
    icd_irq_on();
    ICD(BOARD_ICD_DOORBELL(0)) = 0x100 + core; /* ready */
    for (;;) {
        unsigned msg = wait_msg(core);
        if (msg == 0) {
            ack(0);
            for (;;) /* nothing more to do: sleep */
                __asm__ volatile("waiti 15");
        }
        marker(3, msg - 0x1000);
        unsigned sum = msg;
        for (unsigned i = 0; i < BOARD_ICD_DATA_WORDS; i++)
            sum += got_data[core][i];
        ack(sum);
    }
}

int main(void)
{
    con_puts("smp doorbell\n");
    if (ICD(BOARD_ICD_INFO) != (2u | (BOARD_ICD_SEMS << 8)))
        halt(1);
    if (ICD(BOARD_ICD_CORE) != 0 || core_id() != 0)
        halt(2);
    if (ICD(BOARD_ICD_RUN) != 1)
        halt(3);
    icd_irq_on();
    smp_start(1, stack1 + sizeof(stack1));
    if (wait_msg(0) != 0x101 || got_from[0] != 1 || ICD(BOARD_ICD_RUN) != 3)
        halt(4);
    ack(0x55);
    for (unsigned i = 0; i < ROUNDS; i++) {
        unsigned sum = 0x1000 + i;
        for (unsigned w = 0; w < BOARD_ICD_DATA_WORDS; w++) {
            ICD(BOARD_ICD_OUT_DATA(w)) = i * 16 + w;
            sum += i * 16 + w;
        }
        marker(1, i);
        ICD(BOARD_ICD_DOORBELL(1)) = 0x1000 + i;
        wait_done(0);
        marker(2, i);
        if (ICD(BOARD_ICD_REPLY) != sum)
            halt(10 + i);
    }
    con_puts("round trips ok\n");
    /* refused rings: itself, a busy doorbell, no such core */
    ICD(BOARD_ICD_DOORBELL(0)) = 7;
    if (!(ICD(BOARD_ICD_STATUS) & BOARD_ICD_ST_LOST))
        halt(20);
    ICD(BOARD_ICD_STATUS) = BOARD_ICD_ST_LOST;
    ICD(BOARD_ICD_DOORBELL(3)) = 7;
    if (!(ICD(BOARD_ICD_STATUS) & BOARD_ICD_ST_LOST))
        halt(21);
    ICD(BOARD_ICD_STATUS) = BOARD_ICD_ST_LOST;
    irq_lock(); /* the second ring comes before core 1 can take the first */
    ICD(BOARD_ICD_DOORBELL(1)) = 0x1000 + ROUNDS;
    ICD(BOARD_ICD_DOORBELL(1)) = 0x2000;
    unsigned st = ICD(BOARD_ICD_STATUS);
    irq_unlock();
    if (!(st & BOARD_ICD_ST_LOST))
        halt(22);
    ICD(BOARD_ICD_STATUS) = BOARD_ICD_ST_LOST;
    wait_done(0);
    con_puts("refused rings ok\n");
    ICD(BOARD_ICD_DOORBELL(1)) = 0; /* quit */
    wait_done(0);
    con_puts("done\n");
    halt(0);
    return 0;
}

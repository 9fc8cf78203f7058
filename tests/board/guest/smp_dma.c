/* SPDX-License-Identifier: BSD-3-Clause */
/* The race detector and the DMA: core 1 fills buf and goes to sleep;
 * core 0, with nothing that orders it after core 1's stores, has the DMA
 * copy new data over buf, waits for the DMA's interrupt and reads buf:
 * what it reads is the DMA's data, and the detector (which does not
 * check DMA transfers) has forgotten core 1's stores to those bytes, so
 * it reports nothing.  Core 0 then reads 'late', which core 1 also
 * stored and no DMA overwrote: that race is reported.  Halts with 0 when
 * buf holds the DMA's data. */
#include "smp_rt.h"

#define N 16
static unsigned char stack1[SMP_STACK_BYTES] __attribute__((aligned(16)));
static unsigned src[N];
static volatile unsigned buf[N];
static volatile unsigned late;
static dma_desc d;
static volatile unsigned dma_done;

void board_irq(void)
{
    unsigned s = DMACH(0, BOARD_DMA_STATUS);
    DMACH(0, BOARD_DMA_STATUS) = s & BOARD_DMA_ST_DONE;
    dma_done = 1;
}
BOARD_DEFAULT_FAULT

void secondary_main(unsigned core)
{
    (void)core;
    for (unsigned i = 0; i < N; i++)
        buf[i] = 0xC0DE0000 + i;
    late = 1;
    for (;;)
        __asm__ volatile("waiti 15");
}

int main(void)
{
    con_puts("smp dma\n");
    for (unsigned i = 0; i < N; i++)
        src[i] = 0xD0000000 + i;
    smp_start(1, stack1 + sizeof(stack1));
    for (volatile unsigned i = 0; i < 2000; i++) { /* core 1 is done */
    }
    d = (dma_desc){ (unsigned)src, (unsigned)buf, 4 * N, 0,
                    BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_DST_INC |
                        BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_MEM2MEM) };
    __asm__ volatile("memw" : : : "memory");
    irq_enable(1u << BOARD_IRQ_DMA);
    irq_global_on();
    DMACH(0, BOARD_DMA_DESC) = (unsigned)&d;
    DMACH(0, BOARD_DMA_CTRL) = BOARD_DMA_CTRL_IRQ_EN | BOARD_DMA_CTRL_START;
    irq_lock();
    while (!dma_done)
        wait_irq();
    irq_unlock();
    unsigned bad = 0;
    for (unsigned i = 0; i < N; i++)
        bad |= buf[i] != 0xD0000000 + i;
    bad |= late != 1;
    halt(bad);
    return 0;
}

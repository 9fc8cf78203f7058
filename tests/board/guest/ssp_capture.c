/* SPDX-License-Identifier: BSD-3-Clause */
/* SSP capture: port 1 in 24-bit stereo; a DMA moves 64 frames from the
 * RX FIFO to DRAM (completion interrupt), then a second DMA copies them
 * to host memory address 0.  Halts with status 0. */
#include "board_rt.h"

#define FRAMES 64
static int cap[FRAMES * 2];
static dma_desc d_rx, d_host;
static volatile unsigned done, errors;

void board_irq(void)
{
    unsigned pend = DMA(BOARD_DMA_IRQ_STATUS);
    for (unsigned ch = 0; ch < 2; ch++) {
        if (!(pend & (1u << ch)))
            continue;
        unsigned s = DMACH(ch, BOARD_DMA_STATUS);
        if (s & BOARD_DMA_ST_DONE)
            done |= 1u << ch;
        if (s & BOARD_DMA_ST_ERROR)
            errors++;
        DMACH(ch, BOARD_DMA_STATUS) = s;
    }
}
BOARD_DEFAULT_FAULT

static void wait_done(unsigned mask)
{
    irq_lock();
    while ((done & mask) != mask && !errors)
        wait_irq();
    irq_unlock();
    if (errors)
        halt(0xE2);
}

int main(void)
{
    SSP(1, BOARD_SSP_FORMAT) = BOARD_SSP_FORMAT_VALUE(24, 2);
    if (SSP(1, BOARD_SSP_FORMAT) != BOARD_SSP_FORMAT_VALUE(24, 2))
        halt(0xE3);
    d_rx = (dma_desc){ 1, (unsigned)cap, sizeof(cap), 0,
                       BOARD_DMA_DESC_DST_INC |
                           BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_SSP2MEM) };
    d_host = (dma_desc){ (unsigned)cap, 0, sizeof(cap), 0,
                         BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_DST_INC |
                             BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_DSP2HOST) };
    irq_enable(1u << BOARD_IRQ_DMA);
    irq_global_on();
    DMACH(0, BOARD_DMA_DESC) = (unsigned)&d_rx;
    DMACH(0, BOARD_DMA_CTRL) = BOARD_DMA_CTRL_IRQ_EN |
                               BOARD_DMA_CTRL_ERR_IRQ_EN | BOARD_DMA_CTRL_START;
    SSP(1, BOARD_SSP_CTRL) = BOARD_SSP_CTRL_RX_EN;
    wait_done(1);
    SSP(1, BOARD_SSP_CTRL) = 0;
    marker(1, SSP(1, BOARD_SSP_OVERRUNS));
    DMACH(1, BOARD_DMA_DESC) = (unsigned)&d_host;
    DMACH(1, BOARD_DMA_CTRL) = BOARD_DMA_CTRL_IRQ_EN |
                               BOARD_DMA_CTRL_ERR_IRQ_EN | BOARD_DMA_CTRL_START;
    wait_done(2);
    halt(0);
    return 0;
}

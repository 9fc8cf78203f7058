/* SPDX-License-Identifier: BSD-3-Clause */
/* SSP playback: a circular DMA feeds port 0 (16-bit stereo) from a
 * 48-frame buffer; a DESC_DONE interrupt per lap.  After 4 laps TX is
 * disabled and the program halts with status 0.  The host checks the
 * sink sample-exact: frame i = (pattern(i % 48) left, right). */
#include "board_rt.h"

#define FRAMES 48
static short buf[FRAMES * 2];
static dma_desc d;
static volatile unsigned laps;

void board_irq(void)
{
    unsigned s = DMACH(0, BOARD_DMA_STATUS);
    if (s & BOARD_DMA_ST_DESC_DONE) {
        laps++;
        DMACH(0, BOARD_DMA_STATUS) = BOARD_DMA_ST_DESC_DONE;
    }
    if (s & BOARD_DMA_ST_ERROR)
        halt(0xE1);
}
BOARD_DEFAULT_FAULT

int main(void)
{
    play_pattern(buf, FRAMES);
    SSP(0, BOARD_SSP_FORMAT) = BOARD_SSP_FORMAT_VALUE(16, 2);
    d = (dma_desc){ (unsigned)buf, 0, sizeof(buf), 0,
                    BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_IRQ |
                        BOARD_DMA_DESC_CIRCULAR |
                        BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_MEM2SSP) };
    irq_enable(1u << BOARD_IRQ_DMA);
    irq_global_on();
    DMACH(0, BOARD_DMA_DESC) = (unsigned)&d;
    DMACH(0, BOARD_DMA_CTRL) = BOARD_DMA_CTRL_IRQ_EN |
                               BOARD_DMA_CTRL_ERR_IRQ_EN | BOARD_DMA_CTRL_START;
    SSP(0, BOARD_SSP_CTRL) = BOARD_SSP_CTRL_TX_EN;
    irq_lock();
    while (laps < 4)
        wait_irq();
    irq_unlock();
    SSP(0, BOARD_SSP_CTRL) = 0;
    DMACH(0, BOARD_DMA_CTRL) = BOARD_DMA_CTRL_STOP;
    marker(1, SSP(0, BOARD_SSP_FRAMES));
    marker(2, SSP(0, BOARD_SSP_UNDERRUNS));
    halt(0);
    return 0;
}

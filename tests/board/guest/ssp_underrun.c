/* SPDX-License-Identifier: BSD-3-Clause */
/* A deliberately late refill: port 0 plays 6 blocks of 32 frames (16-bit
 * stereo, frame v = (v, -v), v = 1, 2, 3 ...), one DMA per block; after
 * blocks 1, 3 and 5 the refill waits 6 frame periods, so the TX FIFO runs
 * dry and underruns are counted (with the underrun interrupt enabled).
 * Markers: 3 = UNDERRUNS register at the end, 4 = underrun interrupts.
 * Halts with status 0. */
#include "board_rt.h"

#define FRAMES       32
#define BLOCKS       6
#define FRAME_CYCLES 3333 /* 160 MHz / 48 kHz, default board */
static short buf[FRAMES * 2];
static dma_desc d;
static volatile unsigned done, ur_irqs;

void board_irq(void)
{
    unsigned s = DMACH(0, BOARD_DMA_STATUS);
    if (s & BOARD_DMA_ST_DONE) {
        done = 1;
        DMACH(0, BOARD_DMA_STATUS) = BOARD_DMA_ST_DONE;
    }
    if (s & BOARD_DMA_ST_ERROR)
        halt(0xE1);
    if (SSP(0, BOARD_SSP_STATUS) & BOARD_SSP_ST_UNDERRUN) {
        ur_irqs++;
        SSP(0, BOARD_SSP_STATUS) = BOARD_SSP_ST_UNDERRUN;
    }
}
BOARD_DEFAULT_FAULT

static void fill_and_start(unsigned block)
{
    for (int i = 0; i < FRAMES; i++) {
        short v = (short)(block * FRAMES + (unsigned)i + 1);
        buf[2 * i] = v;
        buf[2 * i + 1] = (short)-v;
    }
    done = 0;
    DMACH(0, BOARD_DMA_CTRL) = BOARD_DMA_CTRL_IRQ_EN |
                               BOARD_DMA_CTRL_ERR_IRQ_EN | BOARD_DMA_CTRL_START;
}

static void wait_done(void)
{
    irq_lock();
    while (!done)
        wait_irq();
    irq_unlock();
}

int main(void)
{
    SSP(0, BOARD_SSP_FORMAT) = BOARD_SSP_FORMAT_VALUE(16, 2);
    d = (dma_desc){ (unsigned)buf, 0, sizeof(buf), 0,
                    BOARD_DMA_DESC_SRC_INC |
                        BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_MEM2SSP) };
    DMACH(0, BOARD_DMA_DESC) = (unsigned)&d;
    irq_enable((1u << BOARD_IRQ_DMA) | (1u << BOARD_IRQ_SSP0));
    irq_global_on();
    fill_and_start(0);
    SSP(0, BOARD_SSP_CTRL) = BOARD_SSP_CTRL_TX_EN | BOARD_SSP_CTRL_UR_IRQ_EN;
    for (unsigned b = 1; b < BLOCKS; b++) {
        wait_done();
        if (b & 1) { /* late: let the FIFO run dry */
            unsigned t0 = cycles();
            while (cycles() - t0 < 6 * FRAME_CYCLES) {
            }
        }
        fill_and_start(b);
    }
    wait_done();
    /* let the FIFO drain (4 frames), stop before the next tick */
    unsigned t0 = cycles();
    while (cycles() - t0 < 4 * FRAME_CYCLES + FRAME_CYCLES / 2) {
    }
    SSP(0, BOARD_SSP_CTRL) = 0;
    marker(3, SSP(0, BOARD_SSP_UNDERRUNS));
    marker(4, ur_irqs);
    halt(0);
    return 0;
}

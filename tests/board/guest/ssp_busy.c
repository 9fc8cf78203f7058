/* SPDX-License-Identifier: BSD-3-Clause */
/* SSP playback while the core stays busy (no WAITI): a circular DMA
 * feeds port 0 (16-bit stereo) from a 64-frame buffer, and the core
 * keeps reading the port's and the channel's registers and storing into
 * the frames the DMA is about to read.  What it read folds into a hash
 * (marker 1); marker 2 is the frames the port played.  The host runs it
 * with lazy DMA landings and without, and with both engines: the hash,
 * the cycles and every played sample must agree.  Then two more phases
 * without a register access: the core stores into the buffer the DMA
 * reads (the board's store watch on its lazy ticks), then computes in
 * registers alone (ticks that stay lazy); a register read ends each. */
#include "board_rt.h"

#define FRAMES 64 /* a power of two: no division on the lx106 */
#define ROUNDS 6000
#define STORES 20000
#define SPINS  40000
static short buf[FRAMES * 2];
static dma_desc d;

void board_irq(void)
{
}
BOARD_DEFAULT_FAULT

static unsigned mix(unsigned h, unsigned v)
{
    return (h ^ v) * 16777619u;
}

int main(void)
{
    play_pattern(buf, FRAMES);
    SSP(0, BOARD_SSP_FORMAT) = BOARD_SSP_FORMAT_VALUE(16, 2);
    d = (dma_desc){ (unsigned)buf, 0, sizeof(buf), 0,
                    BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_CIRCULAR |
                        BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_MEM2SSP) };
    DMACH(0, BOARD_DMA_DESC) = (unsigned)&d;
    DMACH(0, BOARD_DMA_CTRL) = BOARD_DMA_CTRL_START;
    SSP(0, BOARD_SSP_CTRL) = BOARD_SSP_CTRL_TX_EN;
    unsigned h = 2166136261u;
    for (unsigned k = 0; k < ROUNDS; k++) {
        unsigned level = SSP(0, BOARD_SSP_TXLEVEL);
        unsigned bytes = DMACH(0, BOARD_DMA_BYTES);
        unsigned st = DMACH(0, BOARD_DMA_STATUS);
        h = mix(mix(mix(mix(h, level), bytes), st), cycles());
        /* the frame the next burst reads, and the one after it: a store
         * lands in the port only if it comes before the burst starts */
        unsigned f = (bytes >> 2) & (FRAMES - 1);
        buf[2 * f] = (short)(k * 13);
        buf[2 * ((f + 1) & (FRAMES - 1)) + 1] = (short)(k * 7 + 1);
        for (volatile unsigned spin = k & 7; spin; spin--) {
        }
    }
    /* stores alone, frame after frame, ahead of and behind the DMA */
    for (unsigned k = 0; k < STORES; k++) {
        unsigned f = (k * 5) & (FRAMES - 1);
        buf[2 * f] = (short)(k * 3 + 2);
        buf[2 * f + 1] = (short)(k ^ 0x5a5a);
        for (volatile unsigned spin = k & 3; spin; spin--) {
        }
    }
    h = mix(h, SSP(0, BOARD_SSP_FRAMES));
    /* registers alone: no store, no device */
    unsigned x = h;
    for (unsigned k = 0; k < SPINS; k++)
        x = mix(x, k) + (x >> 7);
    h = mix(mix(h, x), SSP(0, BOARD_SSP_FRAMES));
    SSP(0, BOARD_SSP_CTRL) = 0;
    DMACH(0, BOARD_DMA_CTRL) = BOARD_DMA_CTRL_STOP;
    marker(1, h);
    marker(2, SSP(0, BOARD_SSP_FRAMES));
    halt(0);
    return 0;
}

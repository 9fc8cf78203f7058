/* SPDX-License-Identifier: BSD-3-Clause */
/* DMA: memory copy with completion interrupt, DSP->host->DSP chain, and
 * error paths (bad source address, zero count, unaligned descriptor)
 * while another channel keeps running.  Exits 0 through semihosting;
 * markers: 1 = cycles from START to the interrupt of the 1 KiB copy. */
#include "board_rt.h"

#define N 256 /* words */
static unsigned src[N], dst[N], dst2[N];
static dma_desc d0, d_bad, d_h1, d_h2, d_zero;
static unsigned char unaligned_desc[32] __attribute__((aligned(4)));
static volatile unsigned done_mask, err_mask, irqs;
static volatile unsigned last_status[BOARD_MAX_DMA_CHANNELS];

void board_irq(void)
{
    unsigned pend = DMA(BOARD_DMA_IRQ_STATUS);
    for (unsigned ch = 0; ch < 4; ch++) {
        if (!(pend & (1u << ch)))
            continue;
        unsigned s = DMACH(ch, BOARD_DMA_STATUS);
        last_status[ch] = s;
        if (s & BOARD_DMA_ST_DONE)
            done_mask |= 1u << ch;
        if (s & BOARD_DMA_ST_ERROR)
            err_mask |= 1u << ch;
        DMACH(ch, BOARD_DMA_STATUS) = s &
                                      (BOARD_DMA_ST_DONE | BOARD_DMA_ST_ERROR |
                                       BOARD_DMA_ST_DESC_DONE);
    }
    irqs++;
}
BOARD_DEFAULT_FAULT

static void start(unsigned ch, const void *desc)
{
    DMACH(ch, BOARD_DMA_DESC) = (unsigned)desc;
    DMACH(ch, BOARD_DMA_CTRL) = BOARD_DMA_CTRL_IRQ_EN |
                                BOARD_DMA_CTRL_ERR_IRQ_EN |
                                BOARD_DMA_CTRL_START;
}

static void wait_masks(unsigned done, unsigned err)
{
    irq_lock();
    while ((done_mask & done) != done || (err_mask & err) != err)
        wait_irq();
    irq_unlock();
}

static int same(const unsigned *a, const unsigned *b)
{
    for (int i = 0; i < N; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

#define INC (BOARD_DMA_DESC_SRC_INC | BOARD_DMA_DESC_DST_INC)

int main(void)
{
    for (int i = 0; i < N; i++)
        src[i] = ((unsigned)i * 0x01010101u) ^ 0xA5A5A5A5u;
    irq_enable(1u << BOARD_IRQ_DMA);
    irq_global_on();

    /* 1. 1 KiB memory copy with completion interrupt */
    d0 = (dma_desc){ (unsigned)src, (unsigned)dst, sizeof(src), 0,
                     INC | BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_MEM2MEM) };
    unsigned t0 = cycles();
    start(0, &d0);
    wait_masks(1, 0);
    unsigned t = cycles() - t0;
    marker(1, t);
    if (!same(src, dst) || DMACH(0, BOARD_DMA_BYTES) != sizeof(src)) {
        con_puts("copy: data mismatch\n");
        return 2;
    }
    con_puts("copy ok\n");

    /* 2. a bad source on channel 1 while channel 2 runs DSP->host->DSP */
    d_bad = (dma_desc){ 0x50000000u, (unsigned)dst, 64, 0,
                        INC | BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_MEM2MEM) };
    d_h1 = (dma_desc){ (unsigned)src, 0x100, sizeof(src), (unsigned)&d_h2,
                       INC | BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_DSP2HOST) };
    d_h2 = (dma_desc){ 0x100, (unsigned)dst2, sizeof(src), 0,
                       INC | BOARD_DMA_DESC_DIR(BOARD_DMA_DIR_HOST2DSP) };
    start(2, &d_h1);
    start(1, &d_bad);
    wait_masks(4, 2);
    if (((last_status[1] & BOARD_DMA_ST_ERR_MASK) >> BOARD_DMA_ST_ERR_SHIFT) !=
            BOARD_DMA_ERR_SRC ||
        DMACH(1, BOARD_DMA_ERR_ADDR) != 0x50000000u) {
        con_puts("bad source: wrong error status\n");
        return 3;
    }
    if (!same(src, dst2)) {
        con_puts("host round trip: data mismatch\n");
        return 4;
    }
    con_puts("host round trip ok, bad source reported\n");

    /* 3. bad descriptors: zero count, unaligned descriptor address */
    d_zero = (dma_desc){ (unsigned)src, (unsigned)dst, 0, 0, INC };
    start(3, &d_zero);
    wait_masks(0, 8);
    if (((last_status[3] & BOARD_DMA_ST_ERR_MASK) >> BOARD_DMA_ST_ERR_SHIFT) !=
        BOARD_DMA_ERR_DESC)
        return 5;
    err_mask = 0;
    start(3, unaligned_desc + 2);
    wait_masks(0, 8);
    if (((last_status[3] & BOARD_DMA_ST_ERR_MASK) >> BOARD_DMA_ST_ERR_SHIFT) !=
        BOARD_DMA_ERR_DESC_ADDR)
        return 6;
    con_puts("bad descriptors reported\n");
    return 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Board smoke test: console, board information, trace markers, scratch
 * register, halt with status 7. */
#include "board_rt.h"

void board_irq(void)
{
}
BOARD_DEFAULT_FAULT

int main(void)
{
    con_puts("hello from the board\n");
    if (DBG(BOARD_DBG_ID) != BOARD_ID_VALUE) {
        con_puts("bad board id\n");
        halt(1);
    }
    unsigned cfg = DBG(BOARD_DBG_CONFIG);
    con_puts("dma channels ");
    con_putdec((cfg & BOARD_CONFIG_DMA_CH_MASK) >> BOARD_CONFIG_DMA_CH_SHIFT);
    con_puts(", ssp ports ");
    con_putdec((cfg & BOARD_CONFIG_SSP_MASK) >> BOARD_CONFIG_SSP_SHIFT);
    con_puts(", fifo frames ");
    con_putdec((cfg & BOARD_CONFIG_FIFO_MASK) >> BOARD_CONFIG_FIFO_SHIFT);
    con_puts("\ncpu_hz ");
    con_putdec(DBG(BOARD_DBG_CPU_HZ));
    con_puts(" audio_hz ");
    con_putdec(DBG(BOARD_DBG_AUDIO_HZ));
    con_puts(" iram ");
    con_putdec(DBG(BOARD_DBG_IRAM_SIZE));
    con_puts(" dram ");
    con_putdec(DBG(BOARD_DBG_DRAM_SIZE));
    con_putc('\n');
    DBG(BOARD_DBG_SCRATCH) = 0x1234;
    if (DBG(BOARD_DBG_SCRATCH) != 0x1234) {
        con_puts("scratch register broken\n");
        halt(1);
    }
    marker(1, 42);
    unsigned t0 = cycles();
    volatile unsigned x = 0;
    for (int i = 0; i < 100; i++)
        x += (unsigned)i;
    marker(2, cycles() - t0);
    con_puts("sum ");
    con_putdec(x);
    con_putc('\n');
    halt(7);
    return 0;
}

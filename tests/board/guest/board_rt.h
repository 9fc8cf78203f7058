/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest-side helpers for programs on the dspsim board: register access,
 * the debug device, interrupt control.  Include after nothing else. */
#ifndef BOARD_RT_H
#define BOARD_RT_H

#include "abi/board_regs.h"

#define REG32(addr)    (*(volatile unsigned *)(addr))
#define DBG(off)       REG32(BOARD_DBG_BASE + (off))
#define IPC(off)       REG32(BOARD_IPC_BASE + (off))
#define DMA(off)       REG32(BOARD_DMA_BASE + (off))
#define DMACH(ch, off) REG32(BOARD_DMA_BASE + BOARD_DMA_CH(ch) + (off))
#define SSP(port, off) REG32(BOARD_SSP_ADDR(port) + (off))

/* A DMA descriptor as board_regs.h lays it out. */
typedef struct dma_desc {
    unsigned src, dst, count, next, flags;
} dma_desc;

static inline void con_putc(char c)
{
    DBG(BOARD_DBG_CONSOLE) = (unsigned char)c;
}

static inline void con_puts(const char *s)
{
    while (*s)
        con_putc(*s++);
}

static inline void con_puthex(unsigned v)
{
    for (int i = 28; i >= 0; i -= 4)
        con_putc("0123456789abcdef"[(v >> i) & 15]);
}

/* Decimal without division (the lx106 libgcc has no __udivsi3). */
static inline void con_putdec(unsigned v)
{
    static const unsigned pow10[] = { 1000000000u, 100000000u, 10000000u,
                                      1000000u,    100000u,    10000u,
                                      1000u,       100u,       10u,
                                      1u };
    int started = 0;
    for (int i = 0; i < 10; i++) {
        char d = '0';
        while (v >= pow10[i]) {
            v -= pow10[i];
            d++;
        }
        if (d != '0' || started || i == 9) {
            con_putc(d);
            started = 1;
        }
    }
}

static inline void marker(unsigned id, unsigned value)
{
    DBG(BOARD_DBG_TRACE_ID) = id;
    DBG(BOARD_DBG_TRACE_VALUE) = value;
}

static inline void halt(unsigned status)
{
    DBG(BOARD_DBG_HALT) = status;
    for (;;) {
    }
}

static inline unsigned cycles(void)
{
    return DBG(BOARD_DBG_CYCLES_LO);
}

static inline void irq_enable(unsigned mask)
{
    unsigned v;
    __asm__ volatile("rsr %0, intenable" : "=r"(v));
    v |= mask;
    __asm__ volatile("wsr %0, intenable; rsync" : : "r"(v) : "memory");
}

/* Kernel mode, EXCM clear, INTLEVEL 0: level-1 interrupts are taken. */
static inline void irq_global_on(void)
{
    __asm__ volatile("movi a2, 0; wsr a2, ps; rsync" : : : "a2", "memory");
}

static inline void irq_lock(void)
{
    __asm__ volatile("rsil a2, 15" : : : "a2", "memory");
}

static inline void irq_unlock(void)
{
    __asm__ volatile("rsil a2, 0" : : : "a2", "memory");
}

/* Sleep until an interrupt has been taken (INTLEVEL becomes 0).  Use as
 *     irq_lock(); while (!flag) wait_irq(); irq_unlock();
 * so that no interrupt is lost between the test and the WAITI. */
static inline void wait_irq(void)
{
    __asm__ volatile("waiti 0; rsil a2, 15" : : : "a2", "memory");
}

/* The 16-bit stereo pattern the playback programs start from
 * (test_board_guest.c's play_left / play_right). */
static inline void play_pattern(short *buf, int frames)
{
    for (int i = 0; i < frames; i++) {
        buf[2 * i] = (short)(1000 * i - 20000);
        buf[2 * i + 1] = (short)(-7 * i + 3);
    }
}

/* Report an unexpected exception and halt with status 0xEE. */
#define BOARD_DEFAULT_FAULT                                                    \
    void board_fault(unsigned cause, unsigned epc, unsigned vaddr)             \
    {                                                                          \
        con_puts("FAULT cause ");                                              \
        con_putdec(cause);                                                     \
        con_puts(" epc ");                                                     \
        con_puthex(epc);                                                       \
        con_puts(" vaddr ");                                                   \
        con_puthex(vaddr);                                                     \
        con_putc('\n');                                                        \
        halt(0xEE);                                                            \
    }

void board_irq(void);
void board_fault(unsigned cause, unsigned epc, unsigned vaddr);

#endif

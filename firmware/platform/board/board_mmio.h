/* SPDX-License-Identifier: BSD-3-Clause */
/* Register and mailbox access for the board port: aligned 32-bit volatile
 * loads and stores (the only accesses the board's devices accept). */
#ifndef FW_BOARD_MMIO_H
#define FW_BOARD_MMIO_H

#include <stdint.h>
#include "abi/board_regs.h"

static inline uint32_t board_rd(uint32_t addr)
{
    return *(volatile uint32_t *)(uintptr_t)addr;
}

static inline void board_wr(uint32_t addr, uint32_t v)
{
    *(volatile uint32_t *)(uintptr_t)addr = v;
}

/* Mailbox SRAM: byte offset from BOARD_MBOX_BASE. */
static inline volatile uint32_t *board_mbox(uint32_t off)
{
    return (volatile uint32_t *)(uintptr_t)(BOARD_MBOX_BASE + off);
}

/* Copy n bytes (multiple of 4, both sides aligned) into the mailbox. */
static inline void board_mbox_copy(uint32_t off, const void *src, uint32_t n)
{
    const uint32_t *s = src;
    volatile uint32_t *d = board_mbox(off);

    for (uint32_t i = 0; i < n / 4; i++)
        d[i] = s[i];
}

#endif

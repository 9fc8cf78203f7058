/* SPDX-License-Identifier: BSD-3-Clause */
/* Exception vectors for board test programs: level-1 interrupts (kernel
 * or user vector, EXCCAUSE 4) call the program's C function
 *     void board_irq(void);
 * with interrupts masked (PS.EXCM), saving a0, a2-a11 and SAR (call0
 * ABI: a12-a15 are preserved by C code).  Any other exception calls
 *     void board_fault(unsigned cause, unsigned epc1, unsigned excvaddr);
 * which must not return.  A double exception halts with status 0xDE. */
#include "abi/board_regs.h"

    .section .vectors, "ax"
    .begin no-transform
    .org 0x30                       /* kernel exception / level-1 int */
    wsr     a0, excsave1
    j       board_exc_entry
    .org 0x50                       /* user exception / level-1 int */
    wsr     a0, excsave1
    j       board_exc_entry
    .org 0x70                       /* double exception */
    j       board_double_entry
    .org 0x80
    .end no-transform

    .text
    .literal_position
    .align 4
    .global board_exc_entry
    .type board_exc_entry, @function
board_exc_entry:
    addi    a1, a1, -48
    rsr     a0, excsave1
    s32i    a0, a1, 0
    s32i    a2, a1, 4
    s32i    a3, a1, 8
    s32i    a4, a1, 12
    s32i    a5, a1, 16
    s32i    a6, a1, 20
    s32i    a7, a1, 24
    s32i    a8, a1, 28
    s32i    a9, a1, 32
    s32i    a10, a1, 36
    s32i    a11, a1, 40
    rsr     a2, sar
    s32i    a2, a1, 44
    rsr     a2, exccause
    bnei    a2, 4, 1f
    call0   board_irq
    l32i    a2, a1, 44
    wsr     a2, sar
    l32i    a0, a1, 0
    l32i    a2, a1, 4
    l32i    a3, a1, 8
    l32i    a4, a1, 12
    l32i    a5, a1, 16
    l32i    a6, a1, 20
    l32i    a7, a1, 24
    l32i    a8, a1, 28
    l32i    a9, a1, 32
    l32i    a10, a1, 36
    l32i    a11, a1, 40
    addi    a1, a1, 48
    rfe
1:  rsr     a3, epc1
    rsr     a4, excvaddr
    call0   board_fault
2:  j       2b
    .size board_exc_entry, . - board_exc_entry

    .align 4
board_double_entry:
    movi    a2, BOARD_DBG_BASE
    movi    a3, 0xDE
    s32i    a3, a2, BOARD_DBG_HALT
3:  j       3b

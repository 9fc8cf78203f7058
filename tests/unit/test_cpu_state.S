/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest program of test_cpu_state.c (linked at 0x40000000 = VECBASE): a
 * loop with load-use and multiply-use interlocks, stores, a taken branch
 * and timer interrupts after a WAITI, so that a state saved at any
 * instruction carries pipeline, timer, WAITI and interrupt state. */
    .text
    .org 0x30                       /* kernel vector: the timer */
    j       timer_isr

    .org 0x400
/* a11 counts interrupts; CCOMPARE0 moves 97 cycles ahead of CCOUNT */
    .global timer_isr
timer_isr:
    rsr     a12, ccount
    movi    a13, 97
    add     a12, a12, a13
    wsr     a12, ccompare0
    addi    a11, a11, 1
    rfe

/* a2: data in DRAM (set by the test) */
    .global prog, prog_end
prog:
    waiti   0                       /* until the first timer interrupt */
    movi    a3, 1
    movi    a4, 40
    movi    a11, 0
loop:
    l32i    a5, a2, 0
    add     a3, a3, a5              /* load-use */
    mull    a6, a3, a4
    add     a3, a3, a6              /* multiply-use */
    ssai    3
    srl     a7, a3
    xor     a3, a3, a7
    s32i    a3, a2, 4
    addi    a2, a2, 4
    addi    a4, a4, -1
    bnez    a4, loop
prog_end:
    nop

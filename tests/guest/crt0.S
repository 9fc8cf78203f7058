/* SPDX-License-Identifier: BSD-3-Clause */
/* Start-up for guest test programs: stack, .bss clear, main, exit through
 * semihosting (SIMCALL 1) with main's return value. */
    .section .entry.text, "ax"
    .literal_position
    .literal .Lstack, __stack_top
    .literal .Lbss0, __bss_start
    .literal .Lbss1, __bss_end
    .literal .Lmain, main
    .global _start
    .type _start, @function
    .align 4
_start:
    l32r    a1, .Lstack
    l32r    a2, .Lbss0
    l32r    a3, .Lbss1
    movi    a4, 0
1:  bgeu    a2, a3, 2f
    s32i    a4, a2, 0
    addi    a2, a2, 4
    j       1b
2:  l32r    a0, .Lmain
    callx0  a0
    mov     a3, a2
    movi    a2, 1
    simcall
3:  j       3b
    .size _start, . - _start

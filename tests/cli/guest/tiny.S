/* SPDX-License-Identifier: BSD-3-Clause */
/* A few straight-line instructions, then exit(7): for the --trace test. */
    .section .entry.text, "ax"
    .global _start
    .type _start, @function
    .align 4
_start:
    movi    a2, 1
    movi    a3, 7
    add     a4, a2, a3
    nop
    simcall
    .size _start, . - _start

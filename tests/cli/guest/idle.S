/* SPDX-License-Identifier: BSD-3-Clause */
/* WAITI with every interrupt masked and none enabled: the guest can never
 * wake up (dspsim exit status 123). */
    .section .entry.text, "ax"
    .global _start
    .type _start, @function
    .align 4
_start:
    movi    a2, 0
    wsr     a2, intenable
    waiti   15
    j       _start
    .size _start, . - _start

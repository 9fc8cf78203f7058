/* SPDX-License-Identifier: BSD-3-Clause */
/* Entry of the cores a program starts through the inter-core device
 * (smp_rt.h's smp_start): the stack from smp_stack_top[PRID], then
 *     void secondary_main(unsigned core);
 * which must not return. */
#include "abi/board_regs.h"

    .data
    .align 4
    .global smp_stack_top
smp_stack_top:
    .space 4 * BOARD_MAX_CORES

    .text
    .literal_position
    .literal .Ltops, smp_stack_top
    .literal .Lmain, secondary_main
    .align 4
    .global smp_secondary_entry
    .type smp_secondary_entry, @function
smp_secondary_entry:
    rsr     a2, prid
    l32r    a3, .Ltops
    addx4   a3, a2, a3
    l32i    a1, a3, 0
    l32r    a0, .Lmain
    callx0  a0
1:  j       1b
    .size smp_secondary_entry, . - smp_secondary_entry

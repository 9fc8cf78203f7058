/* SPDX-License-Identifier: BSD-3-Clause */
/* Entry of the cores core 0 starts through the inter-core device
 * (platform/board/board_smp.c, several-core build): the same PS, VECBASE
 * and INTENABLE as _start (reset.S), the stack fw_smp_stack_top[PRID],
 * then fw_smp_secondary_main(core), which never returns. */
#include "frame.h"

    .text
    .literal_position
    .literal .Lsmp_tops, fw_smp_stack_top
    .literal .Lsmp_vec, fw_vectors
    .literal .Lsmp_main, fw_smp_secondary_main
    .align 4
    .global fw_smp_secondary_entry
    .type fw_smp_secondary_entry, @function
fw_smp_secondary_entry:
    movi    a0, PS_UM | PS_INTLEVEL_MASK   /* EXCM=0, all levels masked */
    wsr     a0, ps
    rsync
    l32r    a0, .Lsmp_vec
    wsr     a0, vecbase
    movi    a0, 0
    wsr     a0, intenable
    rsr     a2, prid
    l32r    a3, .Lsmp_tops
    addx4   a3, a2, a3
    l32i    a1, a3, 0
    l32r    a0, .Lsmp_main
    callx0  a0
1:  j       1b
    .size fw_smp_secondary_entry, . - fw_smp_secondary_entry

/* SPDX-License-Identifier: BSD-3-Clause */
/* Reset: leave the reset PS (EXCM=1, INTLEVEL=15) for a sane one with
 * interrupts still masked, point VECBASE at our vectors, take the boot
 * stack and continue in C (start.c). */
#include "frame.h"

/* The core's reset vector (0x50000000, system ROM on the sim machine):
 * QEMU starts here; dspsim exec starts at the ELF entry (_start). */
    .section .reset.text, "ax"
    .global fw_reset_vector
fw_reset_vector:
    j       1f
    .align 4
2:  .word   _start
1:  l32r    a0, 2b
    jx      a0

    .section .entry.text, "ax"
    .literal_position
    .global _start
    .type _start, @function
    .align 4
_start:
    movi    a0, PS_UM | PS_INTLEVEL_MASK   /* EXCM=0, all levels masked */
    wsr     a0, ps
    rsync
    movi    a0, fw_vectors
    wsr     a0, vecbase
    movi    a0, 0
    wsr     a0, intenable
    movi    a1, __fw_boot_stack_top
    movi    a0, 0
    call0   fw_arch_start
1:  j       1b
    .size _start, . - _start

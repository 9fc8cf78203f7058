/* SPDX-License-Identifier: BSD-3-Clause */
/* Reset stub for QEMU: QEMU 7.2's sim machine starts the lx106 at its
 * reset vector 0x50000000 (system ROM), not at the ELF entry point, so
 * the tests' programs jump from there to _start.  dspsim starts at the
 * entry point and merely loads this stub. */
    .section .reset.text, "ax"
    .global _reset
_reset:
    j       1f
    .align 4
2:  .word   _start
1:  l32r    a0, 2b
    jx      a0

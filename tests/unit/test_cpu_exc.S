/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest snippets of test_cpu_exc.c (linked at 0x40000000 = VECBASE).
 * All vectors hold ill (zero bytes): the tests stop at the vector, and the
 * double-exception vector's ill is what makes the fatal-loop test fatal. */
    .text
    .org 0x400

/* Single instructions, stepped one at a time: a2 = address, a3 = data. */
    .global i_l8ui, i_l16ui, i_l16si, i_l32i, i_l32in
    .global i_s8i, i_s16i, i_s32i, i_s32in, i_ill, i_illn, i_jx
    .global i_syscall, i_nop
i_l8ui:  l8ui   a4, a2, 0
i_l16ui: l16ui  a4, a2, 0
i_l16si: l16si  a4, a2, 0
i_l32i:  l32i   a4, a2, 0
i_l32in: l32i.n a4, a2, 0
i_s8i:   s8i    a3, a2, 0
i_s16i:  s16i   a3, a2, 0
i_s32i:  s32i   a3, a2, 0
i_s32in: s32i.n a3, a2, 0
i_ill:   ill
i_illn:  ill.n
i_jx:    jx     a2
i_syscall: syscall
i_nop:   nop

/* Region protection: at = a2 (attribute), as = a3 (address). */
    .global i_wdtlb, i_witlb, i_rdtlb0, i_rdtlb1, i_ritlb0, i_ritlb1
    .global i_pdtlb, i_pitlb, i_idtlb
i_wdtlb:  wdtlb  a2, a3
i_witlb:  witlb  a2, a3
i_rdtlb0: rdtlb0 a4, a3
i_rdtlb1: rdtlb1 a4, a3
i_ritlb0: ritlb0 a4, a3
i_ritlb1: ritlb1 a4, a3
i_pdtlb:  pdtlb  a4, a3
i_pitlb:  pitlb  a4, a3
i_idtlb:  idtlb  a3

/* Code the tests copy elsewhere (position independent): a2 = 42, return
 * through a0. */
    .global pic_code, pic_code_end
pic_code:
    movi    a2, 42
    jx      a0
pic_code_end:

/* Straight-line code that runs off the end of a region: copied to the
 * last bytes of a region, followed by unmapped space. */
    .global tail_code, tail_code_end
tail_code:
    nop
    nop.n
tail_code_end:

/* A 3-byte instruction (copied so that it straddles a region end). */
    .global straddle_insn
straddle_insn:
    movi    a2, 5

    .global halt
halt:
    nop

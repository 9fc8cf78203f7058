/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest snippets of test_cpu_run.c (linked at 0x40000000 = VECBASE). */
    .text

/* Kernel vector: two nops, then ill (a double exception, since EXCM is
 * set in the handler).  The double vector holds ill: a fatal loop. */
    .org 0x30
    .global kvec, kvec_1, kvec_2
kvec:   nop
kvec_1: nop
kvec_2: ill
    .org 0x70
    .global dvec
dvec:   ill

    .org 0x400
/* 16 nops. */
    .global nops16, nops16_end
nops16:
    .rept 16
    nop
    .endr
nops16_end:
    nop

/* Count a2 down to 0. */
    .global loop, loop_top, loop_end
loop:
loop_top:
    addi    a2, a2, -1
    bnez    a2, loop_top
loop_end:
    nop

/* Loads and stores for the memory hooks: a2 = base, a3 = value. */
    .global mem_lit, mem_mix, mem_mix_end
    .align 4
mem_lit:
    .word   0xCAFEF00D
mem_mix:
    s32i    a3, a2, 0
    s16i    a3, a2, 8
    s8i     a3, a2, 13
    l32i    a4, a2, 0
    l16ui   a5, a2, 8
    l16si   a6, a2, 8
    l8ui    a7, a2, 13
    l32r    a8, mem_lit
mem_mix_end:
    nop

/* SIMCALL between two instructions. */
    .global sim, sim_call, sim_next, sim_end
sim:
    movi    a2, 5
sim_call:
    simcall
sim_next:
    addi    a2, a2, 1
sim_end:
    nop

/* One syscall. */
    .global sc, sc_next
sc:
    syscall
sc_next:
    nop

/* Four nops that fall through into rp_start. */
    .global pre
pre:
    nop
    nop
    nop
    nop

/* History: a loop, a call, an exception (the kernel vector's nops). */
    .global rp_start, rp_loop, rp_bnez, rp_nopn, rp_call, rp_sub
rp_start:
    movi    a3, 2
rp_loop:
    addi    a3, a3, -1
rp_bnez:
    bnez    a3, rp_loop
rp_nopn:
    nop.n
rp_call:
    call0   rp_sub
    nop
    .align 4
rp_sub:
    syscall

/* Fatal: a syscall, then the kernel vector's ill (double exception), then
 * the double vector's ill. */
    .global f_start, f_sc
f_start:
    nop
f_sc:
    syscall

/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest snippets of test_cpu_timing.c (linked at 0x40000000 = VECBASE).
 * Each snippet t_X runs until t_X_end; the test compares the cycles it
 * took with the model of docs/timing.md.  a3 points at data. */
    .text
    .org 0x400

    .global t_nop4, t_nop4_end
t_nop4:
    nop
    nop
    nop
    nop
t_nop4_end:
    nop

/* load-use: the loaded register is read by the next instruction */
    .global t_lu, t_lu_end
t_lu:
    l32i    a2, a3, 0
    add     a4, a2, a2
t_lu_end:
    nop

/* the next instruction is independent */
    .global t_nolu, t_nolu_end
t_nolu:
    l32i    a2, a3, 0
    add     a4, a5, a5
t_nolu_end:
    nop

/* one instruction between load and use */
    .global t_lu_gap, t_lu_gap_end
t_lu_gap:
    l32i    a2, a3, 0
    nop
    add     a4, a2, a2
t_lu_gap_end:
    nop

/* load-use through a store's data register and an address register */
    .global t_lu_st, t_lu_st_end, t_lu_addr, t_lu_addr_end
t_lu_st:
    l32i    a2, a3, 0
    s32i    a2, a3, 4
t_lu_st_end:
    nop
t_lu_addr:
    l32i    a2, a3, 8
    l32i    a4, a2, 0
t_lu_addr_end:
    nop

/* l16si / l8ui interlock as well */
    .global t_lu16, t_lu16_end
t_lu16:
    l16si   a2, a3, 0
    add     a4, a2, a5
t_lu16_end:
    nop

/* l32r literal, then its use */
    .global t_l32r, t_l32r_end
    .align 4
t_lit:
    .word   0x12345678
t_l32r:
    l32r    a2, t_lit
    add     a4, a2, a2
t_l32r_end:
    nop

/* multiplier results */
    .global t_mull, t_mull_end, t_nomul, t_nomul_end, t_mul16, t_mul16_end
t_mull:
    mull    a2, a5, a6
    add     a4, a2, a2
t_mull_end:
    nop
t_nomul:
    mull    a2, a5, a6
    add     a4, a5, a6
t_nomul_end:
    nop
t_mul16:
    mul16u  a2, a5, a6
    mul16s  a7, a2, a6
    add     a4, a7, a5
t_mul16_end:
    nop

/* conditional branch: taken when a2 == 0 */
    .global t_br, t_br_end
t_br:
    beqz    a2, t_br_end
    nop
t_br_end:
    nop

/* j, call0 + ret */
    .global t_j, t_j_end, t_call, t_call_end
t_j:
    j       t_j_end
    nop
t_j_end:
    nop
t_call:
    call0   t_sub
t_call_end:
    nop
    .align 4
t_sub:
    ret

/* sync instructions */
    .global t_sync, t_sync_end
t_sync:
    dsync
    esync
    rsync
    isync
t_sync_end:
    nop

/* a loaded value used by a taken branch */
    .global t_lu_br, t_lu_br_end
t_lu_br:
    l32i    a2, a3, 0
    beqz    a2, t_lu_br_end
    nop
t_lu_br_end:
    nop

/* one load and one store: a3 = address */
    .global t_ld, t_ld_end, t_st, t_st_end, t_ld8, t_ld8_end
t_ld:
    l32i    a2, a3, 0
t_ld_end:
    nop
t_st:
    s32i    a2, a3, 0
t_st_end:
    nop
t_ld8:
    l8ui    a2, a3, 1
    s16i    a2, a3, 2
t_ld8_end:
    nop

/* Position-independent code copied into a slow region: four nops and a
 * jump back through a0. */
    .global t_pic, t_pic_end
t_pic:
    nop
    nop
    nop
    nop
    jx      a0
t_pic_end:

/* A deterministic workload: a5 iterations of loads, stores, multiplies
 * and branches over the words at a3, plus a CCOUNT read into a12. */
    .global t_work, t_work_end
t_work:
    movi    a8, 0
    mov     a9, a3
1:
    l32i    a10, a9, 0
    mull    a11, a10, a5
    add     a8, a8, a11
    s32i    a8, a9, 0
    bbci    a8, 0, 2f
    addi    a8, a8, 3
2:
    l16ui   a10, a9, 2
    xor     a8, a8, a10
    s8i     a8, a9, 1
    addi    a9, a9, 4
    addi    a5, a5, -1
    bnez    a5, 1b
    rsr     a12, ccount
t_work_end:
    nop

/* Exception entry and return. */
    .global t_exc, t_rfe
t_exc:
    syscall
t_rfe:
    rfe

/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest snippets of test_cpu_mem.c (linked at 0x40000000 = VECBASE).
 * The vectors are left as zeros (ill): the tests stop before executing
 * them.  Each snippet ends at a *_end label the test runs until. */
    .text
    .org 0x400

/* MMIO loads; a2 = MMIO region base. */
    .global mmio_loads, mmio_loads_end
mmio_loads:
    l8ui    a3, a2, 1
    l16ui   a4, a2, 2
    l16si   a5, a2, 6
    l32i    a6, a2, 8
    l32i.n  a7, a2, 12
mmio_loads_end:
    nop

/* MMIO stores; a2 = base, a3 = value. */
    .global mmio_stores, mmio_stores_end
mmio_stores:
    s8i     a3, a2, 3
    s16i    a3, a2, 6
    s32i    a3, a2, 8
    s32i.n  a3, a2, 12
mmio_stores_end:
    nop

/* One load / one store / an indirect jump: a2 = address, a3 = value. */
    .global one_load, one_store, one_jump
one_load:
    l32i    a4, a2, 0
one_store:
    s32i    a3, a2, 0
one_jump:
    jx      a2

/* Self-modifying code.
 * smc_loop: runs smc_target twice; the first pass stores byte a3 to
 * address a4 (= smc_target + 2, the immediate of movi) before the second
 * pass, so with a3 = 2: a6 = 1 + 2 = 3. */
    .global smc_loop, smc_target, smc_loop_end
smc_loop:
    movi    a5, 2
    movi    a6, 0
smc_target:
    movi    a2, 1
    add     a6, a6, a2
    s8i     a3, a4, 0
    addi    a5, a5, -1
    bnez    a5, smc_target
smc_loop_end:
    nop

/* smc_next: stores byte a3 into the immediate of the very next
 * instruction (a4 = smc_next_insn + 2), then executes it. */
    .global smc_next, smc_next_insn, smc_next_end
smc_next:
    s8i     a3, a4, 0
smc_next_insn:
    movi    a2, 1
smc_next_end:
    nop

/* smc_word: a32-bit store of a whole word (a3) over smc_word_insn. */
    .global smc_word, smc_word_insn, smc_word_end
    .align 4
smc_word:
    s32i    a3, a4, 0
    j       smc_word_insn
    .align 4
smc_word_insn:
    movi    a2, 1
    nop.n
smc_word_end:
    nop

/* smc_func: a2 = 7; the host patches its immediate. */
    .global smc_func, smc_func_end
smc_func:
    movi    a2, 7
smc_func_end:
    nop

/* One byte store: a3 = value, a4 = address. */
    .global store_byte, store_byte_end
store_byte:
    s8i     a3, a4, 0
store_byte_end:
    nop

/* Position-independent straight-line code the test copies so that the
 * second movi straddles a page boundary. */
    .global pb_code, pb_insn, pb_end
pb_code:
    movi    a2, 1
pb_insn:
    movi    a3, 2
    movi    a4, 3
pb_end:

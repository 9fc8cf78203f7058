/* SPDX-License-Identifier: BSD-3-Clause */
/* Hot loops for the fast engine's regions (docs/performance.md): code that
 * runs thousands of times, so that it is translated, and whose results
 * QEMU gives too.  Forward branches inside a region, an ADDI of a base
 * register that a branch may skip, loads through a pointer loaded in the
 * region (into memory without and with wait states), a strided loop that
 * walks over a page boundary (its base registers pointed at again at each
 * jump back), RSIL and WSR inside a region, a CALL0 back to a region's
 * head, and alignment exceptions taken in the middle of a translated
 * region, with EPC1 and EXCVADDR checked. */
#include "conf.h"

#define ROUNDS 3000

TEST_NAME "region"
TEST_BEGIN
    movi    a12, ROUNDS            /* the subroutines keep a11..a14 */
    movi    a11, 0                  /* checksum */
    movi    a13, words              /* (the routines load no literal: */
    movi    a14, span               /* code memory has wait states) */
.Lround:
    mov     a3, a12
    mov     a8, a13
    call0   fwd_skip                /* a2 = f(a3), clobbers a3..a10 */
    add     a11, a11, a2
    mov     a3, a12
    mov     a4, a14
    call0   strided
    add     a11, a11, a2
    mov     a3, a12
    mov     a8, a13
    call0   chase
    add     a11, a11, a2
    mov     a3, a12
    mov     a8, a13
    call0   with_rsil
    add     a11, a11, a2
    movi    a3, 5
    call0   self_call
    add     a11, a11, a2
    slli    a3, a11, 3
    xor     a11, a11, a3            /* order matters: mix */
    srli    a3, a11, 7
    xor     a11, a11, a3
    addi    a12, a12, -1
    bnez    a12, .Lround
    CHK     "checksum", a11, 0x23999646

    /* alignment exceptions inside the translated regions */
    movi    a8, bad_tab             /* its pointer to words is odd */
    movi    a3, 7
    EXPECT_EXC .Lr1
    call0   chase_at                /* faults at .Lchase_ld */
.Lr1:
    CHKREC  "chase.cause", REC_CAUSE, CAUSE_ALIGN
    CHKREC  "chase.epc1", REC_EPC1, .Lchase_ld
    CHKREC  "chase.excvaddr", REC_EXCVADDR, words + 2
    movi    a4, span
    movi    a7, words + 1           /* odd base for the strided store */
    movi    a3, 9
    EXPECT_EXC .Lr2
    call0   strided_at              /* faults at .Lstr_st */
.Lr2:
    CHKREC  "strided.cause", REC_CAUSE, CAUSE_ALIGN
    CHKREC  "strided.epc1", REC_EPC1, .Lstr_st
    CHKREC  "strided.count", REC_COUNT, 1
    CHKM    "words.0", words, 0x11111111
TEST_END

/* a2 = a sum over `words` with forward branches; an ADDI of the base a8
 * that the branch skips when bit 0 of a3 is clear */
    .align 4
fwd_skip:                           /* a8 = words */
    l32i    a4, a8, 0
    l32i    a5, a8, 4
    bbci    a3, 0, 1f
    addi    a8, a8, 8               /* may or may not have run below */
1:  l32i    a6, a8, 8               /* words[2] or words[4] */
    bgeu    a4, a5, 2f
    add     a4, a4, a6
2:  l32i    a7, a8, 12
    s32i    a3, a8, 16              /* into words[4] or words[6] */
    l32i    a9, a8, 16
    movi    a10, 0
    bbci    a3, 1, 3f
    l32i    a10, a8, 0
    j       4f
3:  l32i    a10, a8, 4
4:  add     a2, a4, a6
    add     a2, a2, a7
    add     a2, a2, a9
    add     a2, a2, a10
    ret

/* a2 = sum of 24 words read with a stride in a register from `span`, which
 * crosses a page boundary; each is also written back plus a3 */
    .align 4
strided:                            /* a4 = span */
    mov     a7, a4
strided_at:
    movi    a5, 4
    movi    a6, 24
    movi    a2, 0
5:  l32i    a8, a4, 0
    add     a2, a2, a8
    add     a8, a8, a3
.Lstr_st:
    s32i    a8, a7, 0
    add     a4, a4, a5
    add     a7, a7, a5
    addi    a6, a6, -1
    bnez    a6, 5b
    ret

/* a2 = loads through pointers loaded in the region: one into DRAM, one
 * into instruction RAM (wait states), one into a literal */
    .align 4
chase:                              /* a8 = words */
    nop
chase_at:
    l32i    a9, a8, 32              /* -> words + 4 */
    l32i    a10, a8, 36             /* -> code_words (instram, waits) */
    l32i    a4, a8, 4
    l32i    a7, a8, 8
    l32i    a2, a8, 12
    add     a4, a4, a7
    add     a4, a4, a2
.Lchase_ld:
    l32i    a5, a9, 0
    l32i    a6, a10, 0
    l16si   a7, a10, 2
    l8ui    a2, a9, 1
    add     a2, a2, a4
    add     a2, a2, a5
    add     a2, a2, a6
    add     a2, a2, a7
    add     a2, a2, a3
    ret

/* a2 = words updated around RSIL / WSR PS in the middle of a region */
    .align 4
with_rsil:                          /* a8 = words */
    l32i    a4, a8, 40
    l32i    a5, a8, 44
    rsil    a9, 1
    add     a4, a4, a3
    s32i    a4, a8, 40
    l32i    a6, a8, 48
    wsr     a9, ps
    rsync
    add     a5, a5, a6
    s32i    a5, a8, 44
    l32i    a7, a8, 52
    add     a2, a4, a5
    add     a2, a2, a7
    ret

/* a2 = a3 + a3-1 + ... + 1 by a CALL0 back to its own head, with a0 the
 * base of a load (the return address: the bytes of the call itself) */
    .align 4
self_call:
    movi    a2, 0
    movi    a10, ret_save
    s32i    a0, a10, 0
.Lself:
    l8ui    a4, a0, 0               /* a byte of code: a0 the base */
    add     a2, a2, a3
    add     a2, a2, a4
    addi    a3, a3, -1
    beqz    a3, 6f
    call0   .Lself
6:  movi    a10, ret_save
    l32i    a0, a10, 0
    ret

    .data
    .align 4
words:
    .word 0x11111111, 0x22222222, 0x33333333, 0x44444444
    .word 0x55555555, 0x66666666, 0x77777777, 0x88888888
    .word words + 4, code_words, 0x01020304, 0x0a0b0c0d
    .word 0x10203040, 0x50607080, 0, 0
ret_save:
    .word 0
bad_tab:
    .word 0, 0x12345678, 0, 0, 0, 0, 0, 0, words + 2, code_words
    .balign 4096
    .skip 4096 - 48
span:                               /* 12 words on one page, 12 on the next */
    .rept 24
    .word 0x01000000 + . - span
    .endr

    .section .text.code_words, "ax"
    .align 4
code_words:
    .word 0x89abcdef, 0x76543210

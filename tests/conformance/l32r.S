/* SPDX-License-Identifier: BSD-3-Clause */
/* L32R: PC-relative literals (address = ((PC + 3) & ~3) + (0xfffc0000 |
 * imm16 << 2)) from every instruction alignment and at the extreme
 * offsets -4 and -262144; absolute literals through LITBASE (address =
 * (LITBASE & 0xfffff000) + (0xfffc0000 | imm16 << 2) when LITBASE bit 0
 * is set), its write mask, and switching it off again. */
#include "conf.h"

/* hand-encoded l32r at, imm16 (RI16: op0 = 1) */
.macro L32R_RAW t, imm16
    .byte   0x01 | ((\t) << 4), (\imm16) & 0xff, ((\imm16) >> 8) & 0xff
.endm

TEST_NAME "l32r"
TEST_BEGIN
    /* --- PC-relative, all four PC alignments ----------------------- */
    j       1f
    .align 4
lit_a:  .word 0x11111111
lit_b:  .word 0x22222222
lit_c:  .word 0x33333333
lit_d:  .word 0x44444444
1:
    movi    a2, 0
    movi    a3, 0
    movi    a4, 0
    movi    a5, 0
    .begin no-transform
    .align 4
pc0:
    l32r    a2, lit_a           /* PC & 3 == 0 */
pc3:
    l32r    a3, lit_b           /* PC & 3 == 3 */
pc2:
    l32r    a4, lit_c           /* PC & 3 == 2 */
pc1:
    l32r    a5, lit_d           /* PC & 3 == 1 */
    .end no-transform
    CHK     "l32r.pc0", a2, 0x11111111
    CHK     "l32r.pc3", a3, 0x22222222
    CHK     "l32r.pc2", a4, 0x33333333
    CHK     "l32r.pc1", a5, 0x44444444
    /* (make sure the layout really covered the four alignments) */
    movi    a2, pc0
    extui   a2, a2, 0, 2
    CHK     "layout.pc0", a2, 0
    movi    a2, pc1
    extui   a2, a2, 0, 2
    CHK     "layout.pc1", a2, 1
    /* l32r into a0 */
    mov     a6, a0
    l32r    a0, lit_d
    mov     a2, a0
    mov     a0, a6
    CHK     "l32r.a0", a2, 0x44444444

    /* --- offset -4 (imm16 = 0xffff): the word just before ---------- */
    j       1f
    .align 4
    .word   0x0ff5e7f4
    .begin no-transform
pcm4:
    L32R_RAW 2, 0xffff
    .end no-transform
    CHK     "l32r.off-4", a2, 0x0ff5e7f4

    /* --- offset -262144 (imm16 = 0), from PC & 3 == 0 and == 2 --------
     * The target lies in data RAM; save it, plant a value, restore. */
1:  movi    a5, lmax0
    addi    a5, a5, 3
    srli    a5, a5, 2
    slli    a5, a5, 2
    movi    a6, 0x40000
    sub     a5, a5, a6          /* a5 = target address */
    l32i    a7, a5, 0
    movi    a2, 0x7a7b7c7d
    s32i    a2, a5, 0
    movi    a2, 0
    memw
    j       2f
    .align 4
2:
    .begin no-transform
lmax0:
    L32R_RAW 2, 0x0000
    .end no-transform
    s32i    a7, a5, 0           /* restore */
    CHK     "l32r.off-256K.pc0", a2, 0x7a7b7c7d

    movi    a5, lmax2
    addi    a5, a5, 3
    srli    a5, a5, 2
    slli    a5, a5, 2
    movi    a6, 0x40000
    sub     a5, a5, a6
    l32i    a7, a5, 0
    movi    a2, 0x5e5f5051
    s32i    a2, a5, 0
    movi    a2, 0
    memw
    j       3f
    .align 4
3:
    .begin no-transform
    nop.n
lmax2:
    L32R_RAW 2, 0x0000          /* PC & 3 == 2: base is PC + 2 */
    .end no-transform
    s32i    a7, a5, 0
    CHK     "l32r.off-256K.pc2", a2, 0x5e5f5051
    movi    a2, lmax2
    extui   a2, a2, 0, 2
    CHK     "layout.lmax2", a2, 2

    /* --- LITBASE ------------------------------------------------------ */
    rsr     a2, litbase
    CHK     "litbase.reset", a2, 0
    movi    a2, 0xffffffff
    wsr     a2, litbase
    rsr     a3, litbase
    movi    a2, 0
    wsr     a2, litbase
    isync
    CHK     "litbase.mask", a3, 0xfffff001
    movi    a2, 0x60041ffe      /* bits 11..1 ignored, bit 0 clear */
    wsr     a2, litbase
    rsr     a3, litbase
    movi    a2, 0
    wsr     a2, litbase
    isync
    CHK     "litbase.mask2", a3, 0x60041000

    /* plant absolute literals in system RAM below base 0x60041000 */
    movi    a6, 0x60040ffc
    movi    a2, 0xa1a1a1a1
    s32i    a2, a6, 0           /* imm16 0xffff -> base - 4      */
    movi    a6, 0x60001000
    movi    a2, 0xb2b2b2b2
    s32i    a2, a6, 0           /* imm16 0x0000 -> base - 0x40000 */
    movi    a6, 0x60040f00
    movi    a2, 0xc3c3c3c3
    s32i    a2, a6, 0           /* imm16 0xffc0 -> base - 0x100   */
    movi    a6, 0x60040ff8
    movi    a2, 0xd4d4d4d4
    s32i    a2, a6, 0           /* imm16 0xfffe -> base - 8       */
    memw
    movi    a5, 0x60041fff      /* enable; low bits are masked off */
    movi    a9, 0
    movi    a2, 0
    movi    a3, 0
    movi    a4, 0
    movi    a7, 0
    /* no relaxed movi / checks may run while LITBASE is enabled */
    wsr     a5, litbase
    isync
    .begin no-transform
    L32R_RAW 2, 0xffff
    L32R_RAW 3, 0x0000
    nop.n
    L32R_RAW 4, 0xffc0
    L32R_RAW 7, 0xfffe
    rsr     a8, litbase
    .end no-transform
    wsr     a9, litbase
    isync
    CHK     "litbase.-4", a2, 0xa1a1a1a1
    CHK     "litbase.-256K", a3, 0xb2b2b2b2
    CHK     "litbase.-256", a4, 0xc3c3c3c3
    CHK     "litbase.-8", a7, 0xd4d4d4d4
    CHK     "litbase.read", a8, 0x60041001
    /* with LITBASE disabled again l32r is PC-relative */
    l32r    a2, lit_c
    CHK     "l32r.after", a2, 0x33333333
    /* base bits set but enable bit clear: still PC-relative */
    movi    a5, 0x60041000
    wsr     a5, litbase
    isync
    .begin no-transform
    l32r    a2, lit_b
    .end no-transform
    wsr     a9, litbase
    isync
    CHK     "litbase.off", a2, 0x22222222
TEST_END

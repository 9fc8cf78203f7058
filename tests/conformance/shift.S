/* SPDX-License-Identifier: BSD-3-Clause */
/* Shifts: SAR setup (ssr/ssl/ssa8l/ssa8b/ssai/wsr.sar), sll/srl/sra/src at
 * SAR edge values, slli/srli/srai/extui edge immediates. */
#include "conf.h"

/* SAR value produced by `op a3` with a3 = x */
.macro TSAR name, op, x, exp
    movi    a3, \x
    \op     a3
    rsr     a2, sar
    CHK     "\name", a2, \exp
.endm

/* set SAR = s via wsr (so 0..63 are all reachable) */
.macro SETSAR s
    movi    a6, \s
    wsr     a6, sar
.endm

/* single-source shift with SAR = s: a2 = op(a3 = x) */
.macro TSH name, op, s, x, exp
    SETSAR  \s
    movi    a3, \x
    \op     a2, a3
    CHK     "\name", a2, \exp
.endm

/* src a2, a3 = hi, a4 = lo with SAR = s */
.macro TSRC name, s, hi, lo, exp
    SETSAR  \s
    movi    a3, \hi
    movi    a4, \lo
    src     a2, a3, a4
    CHK     "\name", a2, \exp
.endm

/* immediate shift: a2 = op(a3 = x, imm) */
.macro TIMM name, op, x, imm, exp
    movi    a3, \x
    \op     a2, a3, \imm
    CHK     "\name", a2, \exp
.endm

TEST_NAME "shift"
TEST_BEGIN
    /* --- SAR setup ------------------------------------------------- */
    TSAR "ssr.0",    ssr, 0, 0
    TSAR "ssr.1",    ssr, 1, 1
    TSAR "ssr.31",   ssr, 31, 31
    TSAR "ssr.32",   ssr, 32, 0          /* only as[4:0] is used */
    TSAR "ssr.m1",   ssr, 0xffffffff, 31
    TSAR "ssl.0",    ssl, 0, 32          /* 32 - 0 */
    TSAR "ssl.1",    ssl, 1, 31
    TSAR "ssl.31",   ssl, 31, 1
    TSAR "ssl.33",   ssl, 33, 31
    TSAR "ssl.m1",   ssl, 0xffffffff, 1
    TSAR "ssa8l.0",  ssa8l, 0, 0
    TSAR "ssa8l.1",  ssa8l, 1, 8
    TSAR "ssa8l.2",  ssa8l, 2, 16
    TSAR "ssa8l.3",  ssa8l, 3, 24
    TSAR "ssa8l.7",  ssa8l, 0xfffffff7, 24 /* only as[1:0] */
    TSAR "ssa8b.0",  ssa8b, 0, 32
    TSAR "ssa8b.1",  ssa8b, 1, 24
    TSAR "ssa8b.2",  ssa8b, 2, 16
    TSAR "ssa8b.3",  ssa8b, 3, 8
    TSAR "ssa8b.5",  ssa8b, 0x105, 24
    ssai    0
    rsr     a2, sar
    CHK     "ssai.0", a2, 0
    ssai    1
    rsr     a2, sar
    CHK     "ssai.1", a2, 1
    ssai    31
    rsr     a2, sar
    CHK     "ssai.31", a2, 31
    movi    a3, 0xffffffff
    wsr     a3, sar
    rsr     a2, sar
    CHK     "wsr.sar.mask", a2, 0x3f
    movi    a3, 0x40
    wsr     a3, sar
    rsr     a2, sar
    CHK     "wsr.sar.64", a2, 0
    movi    a3, 17
    movi    a4, 0
    xsr     a3, sar
    CHK     "xsr.sar.old", a3, 0
    rsr     a2, sar
    CHK     "xsr.sar.new", a2, 17

    /* --- sll: ar = as << (32 - SAR) -------------------------------- */
    TSH "sll.s0",   sll, 0,  0x12345678, 0
    TSH "sll.s1",   sll, 1,  0x12345679, 0x80000000
    TSH "sll.s16",  sll, 16, 0x12345678, 0x56780000
    TSH "sll.s31",  sll, 31, 0x92345678, 0x2468acf0
    TSH "sll.s32",  sll, 32, 0x92345678, 0x92345678
    /* sll after ssl (the usual idiom) */
    movi    a4, 5
    ssl     a4
    movi    a3, 0x87654321
    sll     a2, a3
    CHK     "ssl+sll.5", a2, 0xeca86420
    movi    a4, 0
    ssl     a4
    sll     a2, a3
    CHK     "ssl+sll.0", a2, 0x87654321

    /* --- srl: ar = at >> SAR (logical) ---------------------------- */
    TSH "srl.s0",   srl, 0,  0x87654321, 0x87654321
    TSH "srl.s1",   srl, 1,  0x87654321, 0x43b2a190
    TSH "srl.s31",  srl, 31, 0x87654321, 1
    TSH "srl.s32",  srl, 32, 0x87654321, 0
    TSH "srl.s4",   srl, 4,  0xffffffff, 0x0fffffff

    /* --- sra: ar = at >> SAR (arithmetic) -------------------------- */
    TSH "sra.s0",   sra, 0,  0x87654321, 0x87654321
    TSH "sra.s1",   sra, 1,  0x87654321, 0xc3b2a190
    TSH "sra.s1p",  sra, 1,  0x77654321, 0x3bb2a190
    TSH "sra.s31n", sra, 31, 0x80000000, 0xffffffff
    TSH "sra.s31p", sra, 31, 0x7fffffff, 0
    TSH "sra.s32n", sra, 32, 0x80000000, 0xffffffff
    TSH "sra.s32p", sra, 32, 0x7fffffff, 0

    /* --- src: ar = ({as, at} >> SAR)[31:0] ------------------------- */
    TSRC "src.s0",  0,  0x11111111, 0x22222222, 0x22222222
    TSRC "src.s1",  1,  0x00000001, 0x00000000, 0x80000000
    TSRC "src.s8",  8,  0xaabbccdd, 0x11223344, 0xdd112233
    TSRC "src.s24", 24, 0xaabbccdd, 0x11223344, 0xbbccdd11
    TSRC "src.s31", 31, 0x80000001, 0x80000000, 0x00000003
    TSRC "src.s32", 32, 0xaabbccdd, 0x11223344, 0xaabbccdd
    /* src as a rotate (as == at) */
    TSRC "src.rot", 4,  0x12345678, 0x12345678, 0x81234567
    /* byte-lane extraction idiom: ssa8l + src */
    movi    a5, 2
    ssa8l   a5
    movi    a3, 0x44332211
    movi    a4, 0x88776655
    src     a2, a3, a4
    CHK     "ssa8l+src", a2, 0x22118877
    movi    a5, 1
    ssa8b   a5
    src     a2, a3, a4
    CHK     "ssa8b+src", a2, 0x33221188

    /* SAR above 32 (only reachable via wsr.sar; as QEMU does it) */
    TSH "srl.s40",  srl, 40, 0x87654321, 0
    TSH "sra.s40n", sra, 40, 0x87654321, 0xffffffff
    TSH "sra.s40p", sra, 40, 0x77654321, 0
    TSH "sll.s40",  sll, 40, 0x87654321, 0
    TSH "sll.s63",  sll, 63, 0x87654321, 0
    TSRC "src.s40", 40, 0xaabbccdd, 0x11223344, 0x00aabbcc
    TSRC "src.s63", 63, 0xaabbccdd, 0x11223344, 0x00000001

    /* SAR is not changed by the shift instructions */
    SETSAR  13
    movi    a3, 1
    sll     a2, a3
    srl     a2, a3
    sra     a2, a3
    src     a2, a3, a3
    rsr     a2, sar
    CHK     "sar.kept", a2, 13

    /* --- slli 1..31 ------------------------------------------------- */
    TIMM "slli.1",   slli, 0xc0000001, 1,  0x80000002
    TIMM "slli.16",  slli, 0x12345678, 16, 0x56780000
    TIMM "slli.31",  slli, 0x00000003, 31, 0x80000000
    TIMM "slli.31b", slli, 0xfffffffe, 31, 0
    /* slli with shift field 0 (objdump: "slli a2, a3, 32") shifts by 0 on
     * the reference; hand-encoded since the assembler rejects it */
    movi    a3, 0x12345678
    .byte   0x00, 0x23, 0x01
    CHK     "slli.32", a2, 0x12345678
    /* --- srli 0..15 ------------------------------------------------- */
    TIMM "srli.0",   srli, 0x87654321, 0,  0x87654321
    TIMM "srli.1",   srli, 0x87654321, 1,  0x43b2a190
    TIMM "srli.15",  srli, 0x87654321, 15, 0x00010eca
    TIMM "srli.15m", srli, 0xffffffff, 15, 0x0001ffff
    /* --- srai 0..31 ------------------------------------------------- */
    TIMM "srai.0",   srai, 0x87654321, 0,  0x87654321
    TIMM "srai.1",   srai, 0x87654321, 1,  0xc3b2a190
    TIMM "srai.16",  srai, 0x87654321, 16, 0xffff8765
    TIMM "srai.16p", srai, 0x77654321, 16, 0x00007765
    TIMM "srai.31",  srai, 0x80000000, 31, 0xffffffff
    TIMM "srai.31p", srai, 0x7fffffff, 31, 0
    /* --- extui shift 0..31, 1..16 bits ------------------------------ */
    movi    a3, 0x87654321
    extui   a2, a3, 0, 1
    CHK     "extui.0.1", a2, 1
    extui   a2, a3, 0, 16
    CHK     "extui.0.16", a2, 0x4321
    extui   a2, a3, 16, 16
    CHK     "extui.16.16", a2, 0x8765
    extui   a2, a3, 31, 1
    CHK     "extui.31.1", a2, 1
    extui   a2, a3, 28, 4
    CHK     "extui.28.4", a2, 8
    extui   a2, a3, 4, 8
    CHK     "extui.4.8", a2, 0x32
    extui   a2, a3, 15, 16
    CHK     "extui.15.16", a2, 0x0eca
    movi    a3, 0xffffffff
    extui   a2, a3, 7, 13
    CHK     "extui.7.13", a2, 0x1fff
    extui   a2, a3, 30, 2
    CHK     "extui.30.2", a2, 3
    /* ar == at */
    movi    a3, 0xabcd1234
    extui   a3, a3, 8, 12
    CHK     "extui.same", a3, 0xd12
    movi    a3, 0x00000001
    slli    a3, a3, 5
    CHK     "slli.same", a3, 0x20
TEST_END

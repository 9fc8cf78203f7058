/* SPDX-License-Identifier: BSD-3-Clause */
/* Conditional branches: every form taken and not taken at its boundary
 * values (beq/bne/blt/bge/bltu/bgeu, bany/bnone/ball/bnall, bbc/bbs,
 * bbci/bbsi on all 32 bits, beqi/bnei/blti/bgei over the whole b4const
 * table, bltui/bgeui over b4constu, beqz/bnez/bltz/bgez, beqz.n/bnez.n),
 * plus the extreme branch offsets of the three encodings. */
#include "conf.h"

/* TB name, exp, insn, operands: run `insn operands, target`;
 * exp = 1 if the branch must be taken, 0 if not. */
.macro TB name, exp, insn, ops:vararg
    movi    a11, 0
    \insn   \ops, .Ltk\@
    j       .Lnt\@
.Ltk\@:
    movi    a11, 1
.Lnt\@:
    CHK     "\name", a11, \exp
.endm

.macro TB2 name, insn, x, y, exp
    movi    a2, \x
    movi    a3, \y
    TB      "\name", \exp, \insn, a2, a3
.endm

.macro TBI name, insn, x, imm, exp
    movi    a2, \x
    TB      "\name", \exp, \insn, a2, \imm
.endm

.macro TBZ name, insn, x, exp
    movi    a2, \x
    TB      "\name", \exp, \insn, a2
.endm

/* b4const entry c: x = c-1, c, c+1 through beqi/bnei/blti/bgei */
.macro B4 c
    TBI "beqi.\c\().eq", beqi, (\c), \c, 1
    TBI "bnei.\c\().eq", bnei, (\c), \c, 0
    TBI "blti.\c\().eq", blti, (\c), \c, 0
    TBI "bgei.\c\().eq", bgei, (\c), \c, 1
    TBI "beqi.\c\().lo", beqi, (\c)-1, \c, 0
    TBI "bnei.\c\().lo", bnei, (\c)-1, \c, 1
    TBI "blti.\c\().lo", blti, (\c)-1, \c, 1
    TBI "bgei.\c\().lo", bgei, (\c)-1, \c, 0
    TBI "beqi.\c\().hi", beqi, (\c)+1, \c, 0
    TBI "bnei.\c\().hi", bnei, (\c)+1, \c, 1
    TBI "blti.\c\().hi", blti, (\c)+1, \c, 0
    TBI "bgei.\c\().hi", bgei, (\c)+1, \c, 1
    /* extreme signed values */
    TBI "blti.\c\().min", blti, 0x80000000, \c, 1
    TBI "bgei.\c\().min", bgei, 0x80000000, \c, 0
    TBI "blti.\c\().max", blti, 0x7fffffff, \c, 0
    TBI "bgei.\c\().max", bgei, 0x7fffffff, \c, 1
    TBI "beqi.\c\().far", beqi, (\c) ^ 0x80000000, \c, 0
.endm

/* b4constu entry c: x = c-1, c, c+1 through bltui/bgeui */
.macro B4U c
    TBI "bltui.\c\().eq", bltui, (\c), \c, 0
    TBI "bgeui.\c\().eq", bgeui, (\c), \c, 1
    TBI "bltui.\c\().lo", bltui, (\c)-1, \c, 1
    TBI "bgeui.\c\().lo", bgeui, (\c)-1, \c, 0
    TBI "bltui.\c\().hi", bltui, (\c)+1, \c, 0
    TBI "bgeui.\c\().hi", bgeui, (\c)+1, \c, 1
    TBI "bltui.\c\().0", bltui, 0, \c, 1
    TBI "bgeui.\c\().max", bgeui, 0xffffffff, \c, 1
    TBI "bltui.\c\().neg", bltui, 0x80000000, \c, 0
.endm

TEST_NAME "branch"
TEST_BEGIN
    /* --- two-register compares ------------------------------------- */
    TB2 "beq.eq",     beq,  0x80000001, 0x80000001, 1
    TB2 "beq.top",    beq,  0x80000001, 0x00000001, 0
    TB2 "beq.bot",    beq,  0x80000001, 0x80000000, 0
    TB2 "bne.eq",     bne,  0x12345678, 0x12345678, 0
    TB2 "bne.top",    bne,  0x80000000, 0x00000000, 1
    TB2 "bne.bot",    bne,  0x00000001, 0x00000000, 1
    TB2 "blt.m1.0",   blt,  0xffffffff, 0, 1
    TB2 "blt.0.m1",   blt,  0, 0xffffffff, 0
    TB2 "blt.eq",     blt,  5, 5, 0
    TB2 "blt.min.max", blt, 0x80000000, 0x7fffffff, 1
    TB2 "blt.max.min", blt, 0x7fffffff, 0x80000000, 0
    TB2 "blt.min.min1", blt, 0x80000000, 0x80000001, 1
    TB2 "bge.m1.0",   bge,  0xffffffff, 0, 0
    TB2 "bge.0.m1",   bge,  0, 0xffffffff, 1
    TB2 "bge.eq",     bge,  5, 5, 1
    TB2 "bge.min.max", bge, 0x80000000, 0x7fffffff, 0
    TB2 "bge.max.min", bge, 0x7fffffff, 0x80000000, 1
    TB2 "bltu.0.m1",  bltu, 0, 0xffffffff, 1
    TB2 "bltu.m1.0",  bltu, 0xffffffff, 0, 0
    TB2 "bltu.eq",    bltu, 0x80000000, 0x80000000, 0
    TB2 "bltu.max.min", bltu, 0x7fffffff, 0x80000000, 1
    TB2 "bltu.min.max", bltu, 0x80000000, 0x7fffffff, 0
    TB2 "bgeu.0.m1",  bgeu, 0, 0xffffffff, 0
    TB2 "bgeu.m1.0",  bgeu, 0xffffffff, 0, 1
    TB2 "bgeu.eq",    bgeu, 0x80000000, 0x80000000, 1
    TB2 "bgeu.max.min", bgeu, 0x7fffffff, 0x80000000, 0
    TB2 "bgeu.min.max", bgeu, 0x80000000, 0x7fffffff, 1
    /* same register twice */
    movi    a2, 0x80000000
    TB "beq.same", 1, beq, a2, a2
    TB "bne.same", 0, bne, a2, a2
    TB "blt.same", 0, blt, a2, a2
    TB "bgeu.same", 1, bgeu, a2, a2

    /* --- bit-mask tests: bany/bnone (as & at), ball/bnall (~as & at) --*/
    TB2 "bany.disj",  bany,  0xf0, 0x0f, 0
    TB2 "bany.one",   bany,  0xf0, 0x10, 1
    TB2 "bany.top",   bany,  0x80000000, 0x80000000, 1
    TB2 "bany.zero",  bany,  0xffffffff, 0, 0
    TB2 "bnone.disj", bnone, 0xf0, 0x0f, 1
    TB2 "bnone.one",  bnone, 0xf0, 0x10, 0
    TB2 "bnone.top",  bnone, 0x80000000, 0x80000000, 0
    TB2 "bnone.zero", bnone, 0xffffffff, 0, 1
    TB2 "ball.sub",   ball,  0xff, 0x0f, 1
    TB2 "ball.super", ball,  0x0f, 0xff, 0
    TB2 "ball.zero",  ball,  0, 0, 1
    TB2 "ball.top",   ball,  0x7fffffff, 0x80000000, 0
    TB2 "ball.all",   ball,  0xffffffff, 0xffffffff, 1
    TB2 "bnall.sub",  bnall, 0xff, 0x0f, 0
    TB2 "bnall.super", bnall, 0x0f, 0xff, 1
    TB2 "bnall.zero", bnall, 0, 0, 0
    TB2 "bnall.top",  bnall, 0x7fffffff, 0x80000000, 1
    TB2 "bnall.all",  bnall, 0xffffffff, 0xffffffff, 0

    /* --- bbc/bbs: bit at[4:0] of as --------------------------------- */
    TB2 "bbs.31",     bbs, 0x80000000, 31, 1
    TB2 "bbs.63",     bbs, 0x80000000, 63, 1      /* only at[4:0] */
    TB2 "bbs.0",      bbs, 0x00000001, 0, 1
    TB2 "bbs.32",     bbs, 0x00000001, 32, 1
    TB2 "bbs.clr",    bbs, 0xfffffffe, 0, 0
    TB2 "bbs.m1",     bbs, 0x7fffffff, 0xffffffff, 0
    TB2 "bbc.31",     bbc, 0x80000000, 31, 0
    TB2 "bbc.0",      bbc, 0xfffffffe, 0, 1
    TB2 "bbc.33",     bbc, 0xfffffffd, 33, 1
    TB2 "bbc.set",    bbc, 0x00010000, 16, 0
    /* --- bbci/bbsi on every bit ------------------------------------- */
    .irp b, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    TBI "bbsi.\b\().set", bbsi, (1 << \b), \b, 1
    TBI "bbci.\b\().set", bbci, (1 << \b), \b, 0
    TBI "bbsi.\b\().clr", bbsi, ~(1 << \b) & 0xffffffff, \b, 0
    TBI "bbci.\b\().clr", bbci, ~(1 << \b) & 0xffffffff, \b, 1
    .endr
    LITPOOL

    /* --- beqi/bnei/blti/bgei over b4const --------------------------- */
    .irp c, -1,1,2,3,4,5,6,7,8,10,12,16,32,64,128,256
    B4 \c
    .endr
    /* a register value of 0 against the table */
    TBI "bnei.0.-1", bnei, 0, -1, 1
    TBI "bgei.0.-1", bgei, 0, -1, 1
    TBI "blti.0.1",  blti, 0, 1, 1
    LITPOOL

    /* --- bltui/bgeui over b4constu ---------------------------------- */
    .irp c, 32768,65536,2,3,4,5,6,7,8,10,12,16,32,64,128,256
    B4U \c
    .endr

    /* --- compare with zero ------------------------------------------ */
    TBZ "beqz.0",    beqz, 0, 1
    TBZ "beqz.1",    beqz, 1, 0
    TBZ "beqz.min",  beqz, 0x80000000, 0
    TBZ "bnez.0",    bnez, 0, 0
    TBZ "bnez.m1",   bnez, 0xffffffff, 1
    TBZ "bnez.min",  bnez, 0x80000000, 1
    TBZ "bltz.0",    bltz, 0, 0
    TBZ "bltz.m1",   bltz, 0xffffffff, 1
    TBZ "bltz.min",  bltz, 0x80000000, 1
    TBZ "bltz.max",  bltz, 0x7fffffff, 0
    TBZ "bgez.0",    bgez, 0, 1
    TBZ "bgez.m1",   bgez, 0xffffffff, 0
    TBZ "bgez.min",  bgez, 0x80000000, 0
    TBZ "bgez.max",  bgez, 0x7fffffff, 1
    TBZ "beqz.n.0",  beqz.n, 0, 1
    TBZ "beqz.n.1",  beqz.n, 1, 0
    TBZ "beqz.n.min", beqz.n, 0x80000000, 0
    TBZ "bnez.n.0",  bnez.n, 0, 0
    TBZ "bnez.n.m1", bnez.n, 0xffffffff, 1
    TBZ "bnez.n.min", bnez.n, 0x80000000, 1
    /* wide forms forced */
    TBZ "_beqz.0",   _beqz, 0, 1
    TBZ "_bnez.1",   _bnez, 1, 1
    LITPOOL

    /* --- extreme offsets ---------------------------------------------
     * Layouts are built without assembler transformations; the distance
     * from the branch to its target is checked at run time as well. */
    movi    a2, 7
    /* beq (RRI8): +127 -> target = branch + 4 + 127 */
    movi    a11, 0
    .begin no-transform
beq_f:
    beq     a2, a2, beq_ft
    j       beq_fd
    .space  125
beq_ft:
    movi    a11, 1
beq_fd:
    .end no-transform
    CHK     "beq.+127", a11, 1
    movi    a3, beq_ft
    movi    a4, beq_f
    sub     a3, a3, a4
    CHK     "beq.+127.dist", a3, 131
    /* beq: -128 -> target = branch + 4 - 128 */
    movi    a11, 0
    .begin no-transform
    j       beq_b
beq_bt:
    movi    a11, 1
    j       beq_bd
    .space  118
beq_b:
    beq     a2, a2, beq_bt
beq_bd:
    .end no-transform
    CHK     "beq.-128", a11, 1
    movi    a3, beq_b
    movi    a4, beq_bt
    sub     a3, a3, a4
    CHK     "beq.-128.dist", a3, 124
    /* bbsi (RRI8 with bit number): +127 */
    movi    a11, 0
    .begin no-transform
bbsi_f:
    bbsi    a2, 2, bbsi_ft
    j       bbsi_fd
    .space  125
bbsi_ft:
    movi    a11, 1
bbsi_fd:
    .end no-transform
    CHK     "bbsi.+127", a11, 1
    /* beqi (BRI8): -128 */
    movi    a11, 0
    .begin no-transform
    j       beqi_b
beqi_bt:
    movi    a11, 1
    j       beqi_bd
    .space  118
beqi_b:
    beqi    a2, 7, beqi_bt
beqi_bd:
    .end no-transform
    CHK     "beqi.-128", a11, 1
    /* bgeui (BRI8, b4constu): +127 */
    movi    a11, 0
    .begin no-transform
    bgeui   a2, 2, bgeui_ft
    j       bgeui_fd
    .space  125
bgeui_ft:
    movi    a11, 1
bgeui_fd:
    .end no-transform
    CHK     "bgeui.+127", a11, 1
    /* bnez (BRI12): +2047 and -2048 */
    movi    a11, 0
    .begin no-transform
bnez_f:
    bnez    a2, bnez_ft
    j       bnez_fd
    .space  2045
bnez_ft:
    movi    a11, 1
bnez_fd:
    .end no-transform
    CHK     "bnez.+2047", a11, 1
    movi    a3, bnez_ft
    movi    a4, bnez_f
    sub     a3, a3, a4
    CHK     "bnez.+2047.dist", a3, 2051
    movi    a11, 0
    .begin no-transform
    j       bltz_b
bltz_bt:
    movi    a11, 1
    j       bltz_bd
    .space  2038
bltz_b:
    bgez    a2, bltz_bt
bltz_bd:
    .end no-transform
    CHK     "bgez.-2048", a11, 1
    movi    a3, bltz_b
    movi    a4, bltz_bt
    sub     a3, a3, a4
    CHK     "bgez.-2048.dist", a3, 2044
    /* beqz.n: +63 (the largest, unsigned 6-bit offset) */
    movi    a5, 0
    movi    a11, 0
    .begin no-transform
beqzn_f:
    beqz.n  a5, beqzn_ft
    j       beqzn_fd
    .space  62
beqzn_ft:
    movi    a11, 1
beqzn_fd:
    .end no-transform
    CHK     "beqz.n.+63", a11, 1
    movi    a3, beqzn_ft
    movi    a4, beqzn_f
    sub     a3, a3, a4
    CHK     "beqz.n.+63.dist", a3, 67
    /* bnez.n: offset 0 (target = branch + 4) */
    movi    a11, 0
    .begin no-transform
    bnez.n  a2, bnezn_t
    ill.n                       /* skipped when taken */
bnezn_t:
    movi    a11, 1
    .end no-transform
    CHK     "bnez.n.+0", a11, 1
    /* taken branch into the middle of nowhere is never needed: a
     * not-taken branch falls through to the next instruction */
    movi    a11, 0
    .begin no-transform
    beqz.n  a2, 1f
    movi    a11, 2
1:
    .end no-transform
    CHK     "beqz.n.fall", a11, 2
TEST_END

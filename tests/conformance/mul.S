/* SPDX-License-Identifier: BSD-3-Clause */
/* Multiplies: mul16u / mul16s (low halves only, unsigned / signed) and
 * mull (low 32 bits of the product), with sign and overflow cases. */
#include "conf.h"

/* a2 = op(a3 = x, a4 = y) */
.macro TM name, op, x, y, exp
    movi    a3, \x
    movi    a4, \y
    \op     a2, a3, a4
    CHK     "\name", a2, \exp
.endm

/* one operand pair through all three multiplies */
.macro TALL name, x, y, emull, eu, es
    TM "\name\().mull",   mull,   \x, \y, \emull
    TM "\name\().mul16u", mul16u, \x, \y, \eu
    TM "\name\().mul16s", mul16s, \x, \y, \es
.endm

TEST_NAME "mul"
TEST_BEGIN
    TALL "zero",  0, 0x12345678, 0, 0, 0
    TALL "one",   1, 0x12345678, 0x12345678, 0x5678, 0x5678
    TALL "mix1",  0x12345678, 0x9abcdef0, 0x242d2080, 0x4b4d2080, 0xf4d52080
    TALL "mix2",  0xdeadbeef, 0xfeedface, 0xc1880a52, 0xbb0f0a52, 0x01520a52
    TALL "max",   0x7fffffff, 0x7fffffff, 0x00000001, 0xfffe0001, 0x00000001
    TALL "minm1", 0x80000000, 0xffffffff, 0x80000000, 0, 0
    TALL "hi",    0x00010001, 0x00010001, 0x00020001, 1, 1
    TALL "ffff",  0xffff, 0xffff, 0xfffe0001, 0xfffe0001, 1
    TALL "8000sq", 0x8000, 0x8000, 0x40000000, 0x40000000, 0x40000000
    TALL "8000x7fff", 0x8000, 0x7fff, 0x3fff8000, 0x3fff8000, 0xc0008000
    TALL "7fffsq", 0x7fff, 0x7fff, 0x3fff0001, 0x3fff0001, 0x3fff0001
    TALL "upper", 0x12348000, 0xabcdffff, 0xedcb8000, 0x7fff8000, 0x00008000
    TALL "neg2",  0x1234ffff, 0x00000002, 0x2469fffe, 0x0001fffe, 0xfffffffe
    TALL "m1m1",  0xffffffff, 0xffffffff, 1, 0xfffe0001, 1
    TM "mull.neg",  mull, -7, 6, -42
    TM "mull.negneg", mull, -7, -6, 42
    TM "mull.ovf",  mull, 0x10000, 0x10000, 0
    TM "mull.ovf2", mull, 0x80000000, 2, 0
    /* destination equal to a source */
    movi    a3, 0xfffe
    mul16s  a3, a3, a3
    CHK     "mul16s.same", a3, 4
    movi    a3, 0x00030005
    movi    a4, 0x00070009
    mull    a4, a3, a4
    CHK     "mull.dst=t", a4, 0x003e002d
    movi    a3, 0x00030005
    movi    a4, 0x00070009
    mul16u  a3, a3, a4
    CHK     "mul16u.dst=s", a3, 45
TEST_END

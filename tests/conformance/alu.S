/* SPDX-License-Identifier: BSD-3-Clause */
/* ALU: add/sub/and/or/xor, addx2/4/8, subx2/4/8, neg, abs, add.n, mov/mov.n
 * (wide forms are forced with the '_' prefix so the assembler cannot narrow
 * them; the narrow forms are tested separately). */
#include "conf.h"

/* RRR op: a2 = op(a3 = x, a4 = y) */
.macro T3 name, op, x, y, exp
    movi    a3, \x
    movi    a4, \y
    \op     a2, a3, a4
    CHK     "\name", a2, \exp
.endm

/* RRR op with ar == as == at */
.macro T3SAME name, op, x, exp
    movi    a5, \x
    \op     a5, a5, a5
    CHK     "\name", a5, \exp
.endm

/* RR op (neg/abs): a2 = op(a3 = x) */
.macro T2 name, op, x, exp
    movi    a3, \x
    \op     a2, a3
    CHK     "\name", a2, \exp
.endm

TEST_NAME "alu"
TEST_BEGIN
    /* add */
    T3 "add.0",      _add, 0, 0, 0
    T3 "add.1",      _add, 1, 2, 3
    T3 "add.ovf",    _add, 0x7fffffff, 1, 0x80000000
    T3 "add.wrap",   _add, 0xffffffff, 1, 0
    T3 "add.neg",    _add, -5, -7, -12
    T3 "add.min",    _add, 0x80000000, 0x80000000, 0
    T3 "add.mix",    _add, 0x12345678, 0x9abcdef0, 0xacf13568
    T3SAME "add.same", _add, 0x40000001, 0x80000002
    /* add.n (density) */
    T3 "add.n.1",    add.n, 0x7fffffff, 1, 0x80000000
    T3 "add.n.2",    add.n, 0xfffffff0, 0x20, 0x10
    T3SAME "add.n.same", add.n, 0xc0000000, 0x80000000
    /* sub: ar = as - at */
    T3 "sub.0",      _sub, 5, 3, 2
    T3 "sub.neg",    _sub, 3, 5, -2
    T3 "sub.wrap",   _sub, 0, 1, 0xffffffff
    T3 "sub.ovf",    _sub, 0x80000000, 1, 0x7fffffff
    T3 "sub.ovf2",   _sub, 0x7fffffff, 0xffffffff, 0x80000000
    T3SAME "sub.same", _sub, 0x12345678, 0
    /* addx2/4/8: ar = (as << n) + at */
    T3 "addx2.1",    addx2, 3, 1, 7
    T3 "addx2.top",  addx2, 0x80000001, 5, 7
    T3 "addx2.neg",  addx2, -1, 0, -2
    T3 "addx4.1",    addx4, 3, 1, 13
    T3 "addx4.top",  addx4, 0x40000001, 0, 4
    T3 "addx4.wrap", addx4, 0xffffffff, 4, 0
    T3 "addx8.1",    addx8, 3, 1, 25
    T3 "addx8.top",  addx8, 0x20000001, 0xfffffff8, 0
    T3 "addx8.hi",   addx8, 0xf0000000, 0x12345678, 0x92345678
    T3SAME "addx8.same", addx8, 0x11111111, 0x99999999
    /* subx2/4/8: ar = (as << n) - at */
    T3 "subx2.1",    subx2, 3, 1, 5
    T3 "subx2.neg",  subx2, 1, 3, -1
    T3 "subx2.top",  subx2, 0x80000000, 1, 0xffffffff
    T3 "subx4.1",    subx4, 3, 1, 11
    T3 "subx4.top",  subx4, 0x40000000, 0, 0
    T3 "subx8.1",    subx8, 3, 1, 23
    T3 "subx8.top",  subx8, 0x10000000, 1, 0x7fffffff
    T3SAME "subx4.same", subx4, 7, 21
    /* and / or / xor */
    T3 "and.1",      _and, 0xff00ff00, 0x0ff00ff0, 0x0f000f00
    T3 "and.0",      _and, 0xffffffff, 0, 0
    T3 "or.1",       _or, 0xff00ff00, 0x0ff00ff0, 0xfff0fff0
    T3 "or.0",       _or, 0, 0, 0
    T3 "xor.1",      _xor, 0xff00ff00, 0x0ff00ff0, 0xf0f0f0f0
    T3 "xor.all",    _xor, 0xffffffff, 0x12345678, 0xedcba987
    T3SAME "xor.same", _xor, 0x12345678, 0
    T3SAME "and.same", _and, 0x12345678, 0x12345678
    /* neg: ar = 0 - at */
    T2 "neg.0",      neg, 0, 0
    T2 "neg.1",      neg, 1, 0xffffffff
    T2 "neg.m1",     neg, 0xffffffff, 1
    T2 "neg.min",    neg, 0x80000000, 0x80000000
    T2 "neg.max",    neg, 0x7fffffff, 0x80000001
    /* abs */
    T2 "abs.0",      abs, 0, 0
    T2 "abs.pos",    abs, 123, 123
    T2 "abs.neg",    abs, -123, 123
    T2 "abs.m1",     abs, 0xffffffff, 1
    T2 "abs.min",    abs, 0x80000000, 0x80000000
    T2 "abs.max",    abs, 0x7fffffff, 0x7fffffff
    T2 "abs.min1",   abs, 0x80000001, 0x7fffffff
    /* mov (or ar, as, as) and mov.n */
    movi    a3, 0xcafef00d
    _mov    a2, a3
    CHK     "mov", a2, 0xcafef00d
    movi    a3, 0x8badf00d
    mov.n   a2, a3
    CHK     "mov.n", a2, 0x8badf00d
    movi    a3, 0x0f0f0f0f
    _or     a2, a3, a3
    CHK     "or.mov", a2, 0x0f0f0f0f
    /* a0 as an ALU operand and destination */
    movi    a5, 0x100
    mov     a6, a0
    movi    a0, 0x23
    _add    a0, a0, a5
    mov     a7, a0
    mov     a0, a6
    CHK     "add.a0", a7, 0x123
    /* results go only to ar: sources unchanged */
    movi    a3, 10
    movi    a4, 20
    _sub    a2, a3, a4
    CHK     "src.keep.s", a3, 10
    CHK     "src.keep.t", a4, 20
TEST_END

/* SPDX-License-Identifier: BSD-3-Clause */
/* Loads and stores of every width: l8ui, l16ui, l16si, l32i, l32i.n,
 * s8i, s16i, s32i, s32i.n; little-endian byte order, zero/sign extension,
 * maximum offsets (255 / 510 / 1020 / 60), partial-width stores, base
 * register == destination, and accesses to every RAM of the memory map. */
#include "conf.h"

TEST_NAME "ldst"
TEST_BEGIN
    movi    a8, buf                 /* a8 = buffer base throughout */
    /* little-endian word store, narrower loads */
    movi    a2, 0x8899aabb
    s32i    a2, a8, 0
    l32i    a3, a8, 0
    CHK     "l32i.0", a3, 0x8899aabb
    l8ui    a3, a8, 0
    CHK     "l8ui.b0", a3, 0xbb
    l8ui    a3, a8, 1
    CHK     "l8ui.b1", a3, 0xaa
    l8ui    a3, a8, 2
    CHK     "l8ui.b2", a3, 0x99
    l8ui    a3, a8, 3
    CHK     "l8ui.b3", a3, 0x88
    l16ui   a3, a8, 0
    CHK     "l16ui.h0", a3, 0xaabb
    l16ui   a3, a8, 2
    CHK     "l16ui.h1", a3, 0x8899
    l16si   a3, a8, 0
    CHK     "l16si.h0", a3, 0xffffaabb
    l16si   a3, a8, 2
    CHK     "l16si.h1", a3, 0xffff8899
    /* positive halfwords are not sign-extended */
    movi    a2, 0x7fff1234
    s32i    a2, a8, 4
    l16si   a3, a8, 6
    CHK     "l16si.7fff", a3, 0x7fff
    l16si   a3, a8, 4
    CHK     "l16si.1234", a3, 0x1234
    movi    a2, 0x80000000
    s32i    a2, a8, 4
    l16si   a3, a8, 6
    CHK     "l16si.8000", a3, 0xffff8000
    l16ui   a3, a8, 6
    CHK     "l16ui.8000", a3, 0x8000
    /* s8i / s16i write only the low byte / halfword */
    movi    a2, 0x11223344
    s32i    a2, a8, 8
    movi    a2, 0xfffffe55
    s8i     a2, a8, 9
    l32i    a3, a8, 8
    CHK     "s8i.lane1", a3, 0x11225544
    movi    a2, 0xabcd9876
    s16i    a2, a8, 10
    l32i    a3, a8, 8
    CHK     "s16i.hi", a3, 0x98765544
    movi    a2, 0x12345678
    s16i    a2, a8, 8
    l32i    a3, a8, 8
    CHK     "s16i.lo", a3, 0x98765678
    movi    a2, 0x000000ff
    s8i     a2, a8, 11
    l8ui    a3, a8, 11
    CHK     "l8ui.ff", a3, 0xff
    l32i    a3, a8, 8
    CHK     "s8i.lane3", a3, 0xff765678
    /* maximum offsets */
    movi    a2, 0xa5
    s8i     a2, a8, 255
    l8ui    a3, a8, 255
    CHK     "s8i/l8ui.255", a3, 0xa5
    movi    a2, 0xc3d2
    s16i    a2, a8, 510
    l16ui   a3, a8, 510
    CHK     "s16i/l16ui.510", a3, 0xc3d2
    l16si   a3, a8, 510
    CHK     "l16si.510", a3, 0xffffc3d2
    movi    a2, 0xdeadc0de
    s32i    a2, a8, 1020
    l32i    a3, a8, 1020
    CHK     "s32i/l32i.1020", a3, 0xdeadc0de
    /* ... and the bytes really are at base + offset */
    movi    a4, buf + 1020
    l32i    a3, a4, 0
    CHK     "l32i.1020.addr", a3, 0xdeadc0de
    movi    a4, buf + 510
    l16ui   a3, a4, 0
    CHK     "l16ui.510.addr", a3, 0xc3d2
    movi    a4, buf + 255
    l8ui    a3, a4, 0
    CHK     "l8ui.255.addr", a3, 0xa5
    /* narrow forms: offsets 0..60 */
    movi    a2, 0x600d600d
    s32i.n  a2, a8, 60
    l32i.n  a3, a8, 60
    CHK     "s32i.n/l32i.n.60", a3, 0x600d600d
    movi    a4, buf + 60
    l32i    a3, a4, 0
    CHK     "s32i.n.60.addr", a3, 0x600d600d
    movi    a2, 0x0badf00d
    s32i.n  a2, a8, 0
    l32i.n  a3, a8, 0
    CHK     "s32i.n/l32i.n.0", a3, 0x0badf00d
    /* wide forms forced */
    movi    a2, 0x13572468
    _s32i   a2, a8, 4
    _l32i   a3, a8, 4
    CHK     "_s32i/_l32i", a3, 0x13572468
    /* base register == destination */
    movi    a2, 0x24681357
    s32i    a2, a8, 12
    movi    a3, buf + 12
    l32i    a3, a3, 0
    CHK     "l32i.base=dst", a3, 0x24681357
    movi    a3, buf + 12
    l8ui    a3, a3, 3
    CHK     "l8ui.base=dst", a3, 0x24
    movi    a3, buf + 12
    l16si   a3, a3, 2
    CHK     "l16si.base=dst", a3, 0x2468
    /* storing the base register itself */
    movi    a3, buf + 16
    s32i    a3, a3, 0
    l32i    a2, a8, 16
    CHK     "s32i.base=src", a2, buf + 16
    /* address wrap-around is not needed: offsets are unsigned */
    movi    a4, buf + 1024 - 1020
    l32i    a3, a4, 1020
    CHK     "l32i.base+1020", a3, 0

    /* every RAM/ROM region of the map is readable and writable
     * (QEMU's sim machine backs the ROMs with RAM) */
    .irp base, 0x3ff40000, 0x3ff7fffc, 0x3ff80000, 0x3ffbfffc, 0x40100000, 0x401ffffc, 0x40200000, 0x402ffffc, 0x50000000, 0x53fffffc, 0x60000000, 0x67fffffc
    movi    a4, \base
    movi    a2, (\base) ^ 0x5a5a5a5a
    s32i    a2, a4, 0
    memw
    l32i    a3, a4, 0
    CHK     "mem.\base", a3, (\base) ^ 0x5a5a5a5a
    movi    a2, 0x7e
    s8i     a2, a4, 3
    l8ui    a3, a4, 3
    CHK     "mem8.\base", a3, 0x7e
    .endr
    /* instruction RAM is readable as data (l32i and l8ui of code) */
    movi    a4, code_word
    l32i    a3, a4, 0
    CHK     "iram.l32i", a3, 0x12345678
    l8ui    a3, a4, 1
    CHK     "iram.l8ui", a3, 0x56
    l16ui   a3, a4, 2
    CHK     "iram.l16ui", a3, 0x1234
    j       1f
    .align 4
code_word:
    .word 0x12345678
1:
TEST_END

    .data
    .align 4
buf:
    .space 1040

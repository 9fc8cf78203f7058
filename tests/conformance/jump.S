/* SPDX-License-Identifier: BSD-3-Clause */
/* Unconditional control transfer: j (forward/backward, long), jx,
 * call0 from every PC alignment (a0 = return address, target 4-aligned),
 * callx0 (including callx0 a0 and jx a0), ret, ret.n. */
#include "conf.h"

TEST_NAME "jump"
TEST_BEGIN
    mov     a10, a0                 /* keep the harness return address */
    /* j forward / backward */
    movi    a2, 0
    j       1f
    movi    a2, 99
1:  CHK     "j.fwd", a2, 0
    movi    a2, 0
    j       3f
2:  addi    a2, a2, 1
    j       4f
3:  addi    a2, a2, 10
    j       2b
4:  CHK     "j.back", a2, 11
    /* j over 64 KiB */
    movi    a2, 0
    j       far_target
far_back:
    CHK     "j.far", a2, 0x55
    /* jx */
    movi    a3, 5f
    movi    a2, 0
    jx      a3
    movi    a2, 1
5:  CHK     "jx", a2, 0
    /* jx a0 */
    movi    a0, 6f
    movi    a2, 0
    jx      a0
    movi    a2, 1
6:  CHK     "jx.a0", a2, 0

    /* call0 from PC & 3 == 0, 2, 3, 1: a0 = address after the call */
    j       7f
    .align 4
7:
    .begin no-transform
c0:
    call0   callee_ret          /* A + 0  */
c0r:
    mov     a4, a0
c2:
    call0   callee_ret          /* A + 6  */
c2r:
    mov     a5, a0
    nop
c3:
    call0   callee_ret          /* A + 15 */
c3r:
    mov     a6, a0
c1:
    call0   callee_ret          /* A + 21 */
c1r:
    mov     a7, a0
    .end no-transform
    movi    a2, c0r
    CHKR    "call0.ret.pc0", a4, a2
    movi    a2, c2r
    CHKR    "call0.ret.pc2", a5, a2
    movi    a2, c3r
    CHKR    "call0.ret.pc3", a6, a2
    movi    a2, c1r
    CHKR    "call0.ret.pc1", a7, a2
    /* the layout covered every alignment */
    movi    a7, 0
    movi    a8, 1
    .irp l, c0, c1, c2, c3
    movi    a2, \l
    extui   a2, a2, 0, 2
    ssl     a2
    sll     a3, a8
    or      a7, a7, a3
    .endr
    CHK     "call0.alignments", a7, 0xf
    /* callee address is (PC & ~3) + 4 + offset*4: verified by arrival */
    movi    a2, 0
    call0   callee_set
    CHK     "call0.arrive", a2, 0xca11

    /* callx0 */
    movi    a3, callee_set
    movi    a2, 0
    callx0  a3
cx_r:
    CHK     "callx0.arrive", a2, 0xca11
    movi    a3, callee_ret
    callx0  a3
cx_r2:
    movi    a2, cx_r2
    CHKR    "callx0.a0", a0, a2
    /* callx0 a0: the target is read before a0 is written */
    movi    a0, callee_ret
    callx0  a0
cx_r3:
    movi    a2, cx_r3
    CHKR    "callx0.a0.self", a0, a2
    /* callx0 to an odd address (targets need no alignment) */
    movi    a3, odd_target
    movi    a2, 0
    callx0  a3
cx_r4:
    CHK     "callx0.odd", a2, 0x0dd
    movi    a2, cx_r4
    CHKR    "callx0.odd.a0", a9, a2
    /* ret.n and ret */
    movi    a3, callee_retn
    movi    a2, 0
    callx0  a3
    CHK     "ret.n", a2, 0x2e7
    /* ret jumps to a0 whatever its value */
    movi    a0, 9f
    movi    a2, 0
    ret
    movi    a2, 1
9:  CHK     "ret.anywhere", a2, 0
    /* nested call0 with saved a0 */
    movi    a3, callee_nested
    movi    a2, 0
    callx0  a3
    CHK     "call0.nested", a2, 0xcb11
    mov     a0, a10
TEST_END

    .align 4
callee_ret:
    _ret
    .align 4
callee_set:
    movi    a2, 0xca11
    _ret
    .align 4
callee_retn:
    movi    a2, 0x2e7
    ret.n
    .align 4
callee_nested:
    mov     a9, a0
    call0   callee_set
    addmi   a2, a2, 0x100
    mov     a0, a9
    ret

    .align 4
    .byte   0
odd_target:
    mov     a9, a0
    movi    a2, 0x0dd
    ret

    /* a long way from far_back */
    .space  65536
    .align 4
far_target:
    movi    a2, 0x55
    j       far_back

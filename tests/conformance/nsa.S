/* SPDX-License-Identifier: BSD-3-Clause */
/* nsa (normalization shift amount, signed) and nsau (count leading zeros):
 * 0, -1, all powers of two, their negations and masks. */
#include "conf.h"

.macro TN name, op, x, exp
    movi    a3, \x
    \op     a2, a3
    CHK     "\name", a2, \exp
.endm

TEST_NAME "nsa"
TEST_BEGIN
    TN "nsa.0",      nsa, 0, 31
    TN "nsa.m1",     nsa, 0xffffffff, 31
    TN "nsa.min",    nsa, 0x80000000, 0
    TN "nsa.max",    nsa, 0x7fffffff, 0
    TN "nsa.c0",     nsa, 0xc0000000, 1
    TN "nsa.mix",    nsa, 0x00012345, 14
    TN "nsa.mixn",   nsa, 0xfffe1234, 14
    TN "nsau.0",     nsau, 0, 32
    TN "nsau.m1",    nsau, 0xffffffff, 0
    TN "nsau.min",   nsau, 0x80000000, 0
    TN "nsau.max",   nsau, 0x7fffffff, 1
    TN "nsau.mix",   nsau, 0x00012345, 15
    /* powers of two: nsa(2^k) = 30-k (k < 31), nsau(2^k) = 31-k */
    .irp k, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
    TN "nsa.p\k", nsa, (1 << \k), (30 - \k)
    .endr
    .irp k, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    TN "nsau.p\k", nsau, (1 << \k), (31 - \k)
    .endr
    /* negated powers of two: nsa(-2^k) = 31-k (k >= 1) */
    .irp k, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    TN "nsa.n\k", nsa, (-(1 << \k)) & 0xffffffff, (31 - \k)
    .endr
    /* masks 2^k - 1: nsau = 32-k, nsa = 31-k (k < 32) */
    .irp k, 1,2,3,7,8,15,16,17,24,30,31
    TN "nsau.m\k", nsau, ((1 << \k) - 1), (32 - \k)
    TN "nsa.m\k",  nsa,  ((1 << \k) - 1), (31 - \k)
    .endr
    /* same register as source and destination */
    movi    a3, 0x100
    nsau    a3, a3
    CHK     "nsau.same", a3, 23
    movi    a3, 0x100
    nsa     a3, a3
    CHK     "nsa.same", a3, 22
TEST_END

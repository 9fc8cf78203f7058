/* SPDX-License-Identifier: BSD-3-Clause */
/* Moves and add-immediates: movi (-2048..2047) and movi.n (-32..95) at
 * their range limits, moveqz/movnez/movltz/movgez taken and not taken,
 * addi (-128..127), addmi (-32768..32512 step 256), addi.n (-1, 1..15). */
#include "conf.h"

.macro TMOVI name, imm
    movi    a2, 0x5555aaaa
    _movi   a2, \imm
    CHK     "\name", a2, (\imm) & 0xffffffff
.endm

.macro TMOVIN name, imm
    movi    a2, 0x5555aaaa
    movi.n  a2, \imm
    CHK     "\name", a2, (\imm) & 0xffffffff
.endm

/* conditional move: a2 = old; op a2, a3 = new, a4 = t */
.macro TCM name, op, t, moved
    movi    a2, 0x01d01d00
    movi    a3, 0x0e0e0e0e
    movi    a4, \t
    \op     a2, a3, a4
    .if \moved
    CHK     "\name", a2, 0x0e0e0e0e
    .else
    CHK     "\name", a2, 0x01d01d00
    .endif
.endm

.macro TADDI name, op, x, imm
    movi    a3, \x
    \op     a2, a3, \imm
    CHK     "\name", a2, ((\x) + (\imm)) & 0xffffffff
.endm

TEST_NAME "move"
TEST_BEGIN
    TMOVI "movi.0", 0
    TMOVI "movi.1", 1
    TMOVI "movi.max", 2047
    TMOVI "movi.min", -2048
    TMOVI "movi.m1", -1
    TMOVI "movi.800", 0x7ff
    TMOVI "movi.n100", -256
    TMOVIN "movi.n.0", 0
    TMOVIN "movi.n.max", 95
    TMOVIN "movi.n.min", -32
    TMOVIN "movi.n.m1", -1
    TMOVIN "movi.n.63", 63
    TMOVIN "movi.n.64", 64
    /* movi into a0 */
    mov     a6, a0
    _movi   a0, -77
    mov     a2, a0
    mov     a0, a6
    CHK     "movi.a0", a2, -77

    /* conditional moves */
    TCM "moveqz.0.t",   moveqz, 0, 1
    TCM "moveqz.1.n",   moveqz, 1, 0
    TCM "moveqz.min.n", moveqz, 0x80000000, 0
    TCM "moveqz.m1.n",  moveqz, -1, 0
    TCM "movnez.0.n",   movnez, 0, 0
    TCM "movnez.1.t",   movnez, 1, 1
    TCM "movnez.min.t", movnez, 0x80000000, 1
    TCM "movltz.0.n",   movltz, 0, 0
    TCM "movltz.m1.t",  movltz, -1, 1
    TCM "movltz.min.t", movltz, 0x80000000, 1
    TCM "movltz.max.n", movltz, 0x7fffffff, 0
    TCM "movgez.0.t",   movgez, 0, 1
    TCM "movgez.m1.n",  movgez, -1, 0
    TCM "movgez.min.n", movgez, 0x80000000, 0
    TCM "movgez.max.t", movgez, 0x7fffffff, 1
    /* ar == at: the condition is evaluated on the old value */
    movi    a2, 0
    movi    a3, 0x33
    moveqz  a2, a3, a2
    CHK     "moveqz.r=t", a2, 0x33
    movi    a2, 5
    movi    a3, 0x44
    movnez  a2, a3, a2
    CHK     "movnez.r=t", a2, 0x44

    /* addi: -128..127 */
    TADDI "addi.max",  _addi, 0x1000, 127
    TADDI "addi.min",  _addi, 0x1000, -128
    TADDI "addi.m1",   _addi, 0, -1
    TADDI "addi.wrap", _addi, 0xffffffff, 1
    TADDI "addi.ovf",  _addi, 0x7fffffff, 1
    /* addmi: imm8 << 8, -32768..32512 */
    TADDI "addmi.max", addmi, 0x10000, 32512
    TADDI "addmi.min", addmi, 0x10000, -32768
    TADDI "addmi.256", addmi, 0x7fffff00, 256
    TADDI "addmi.m256", addmi, 0, -256
    TADDI "addmi.wrap", addmi, 0xffffff00, 256
    /* addi.n: -1, 1..15 */
    TADDI "addi.n.m1", addi.n, 0, -1
    TADDI "addi.n.1",  addi.n, 0xffffffff, 1
    TADDI "addi.n.15", addi.n, 0x7ffffff1, 15
    TADDI "addi.n.7",  addi.n, 100, 7
    /* a1 (stack pointer) with addi, restored */
    mov     a6, a1
    addi    a1, a1, -16
    sub     a2, a6, a1
    addi    a1, a1, 16
    CHK     "addi.sp", a2, 16
    CHKR    "addi.sp.back", a1, a6
TEST_END

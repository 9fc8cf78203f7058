/* SPDX-License-Identifier: BSD-3-Clause */
/* SIMCALL semihosting as QEMU implements it (a2 = call, a3..a5 = args;
 * result in a2, errno in a3): write returns the byte count with errno 0,
 * a bad descriptor gives -1/EBADF (9), an unknown call -1/ENOSYS (88).
 * Also RER/WER (EXTERN_REGS): the sim machine has nothing on the external
 * register bus, RER reads 0 and WER is ignored, neither faults. */
#include "conf.h"

.macro SC n, x, y, z
    movi    a2, \n
    movi    a3, \x
    movi    a4, \y
    movi    a5, \z
    simcall
.endm

/* rer at, as / wer at, as (hand-encoded; the assembler lacks operands) */
.macro RER t, s
    .byte   (\t) << 4, 0x60 | (\s), 0x40
.endm
.macro WER t, s
    .byte   (\t) << 4, 0x70 | (\s), 0x40
.endm

TEST_NAME "simcall"
TEST_BEGIN
    SC      4, 1, msg, msg_len
    CHK     "write.ret", a2, msg_len
    CHK     "write.errno", a3, 0
    SC      4, 99, msg, msg_len
    CHK     "write.badfd.ret", a2, -1
    CHK     "write.badfd.errno", a3, 9
    SC      1234, 0, 0, 0
    CHK     "unknown.ret", a2, -1
    CHK     "unknown.errno", a3, 88
    SC      0, 0, 0, 0
    CHK     "zero.ret", a2, -1
    CHK     "zero.errno", a3, 88
    /* simcall preserves the other registers */
    movi    a6, 0x6666
    movi    a7, 0x7777
    SC      4, 1, msg, 0
    CHK     "keep.a6", a6, 0x6666
    CHK     "keep.a7", a7, 0x7777
    CHK     "write0.ret", a2, 0

    /* --- RER / WER ---------------------------------------------------- */
    EXPECT_EXC 1f
    movi    a3, 0x100
    movi    a2, 0x33
    RER     2, 3
    mov     a8, a2
    movi    a2, 0x55
    WER     2, 3
    movi    a2, 0x66
    RER     2, 3
    mov     a9, a2
    movi    a3, 0xfffffffc
    movi    a2, 0x77
    RER     2, 3
1:  CHKREC  "rer.noexc", REC_COUNT, 0
    CHK     "rer.0x100", a8, 0
    CHK     "rer.after.wer", a9, 0
    CHK     "rer.top", a2, 0
TEST_END

    .section .rodata
msg:    .ascii "simcall: write to fd 1\n"
    .set msg_len, . - msg

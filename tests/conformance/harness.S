/* SPDX-License-Identifier: BSD-3-Clause */
/* Conformance-suite harness: main, check/report routines, exception
 * vectors and recording handlers.  Linked into every conformance program
 * (see conf.h for the conventions and the exception record layout).
 *
 * main() (called by tests/guest/crt0.S) saves the reset PS in conf_reset_ps,
 * sets PS = 0 (kernel, EXCM clear, INTLEVEL 0), calls test_main, then prints
 *   PASS <name> (<n> checks)          and returns 0, or
 *   FAIL <name>: <f> of <n> checks failed   and returns 1.
 * Each failing check prints
 *   FAIL <check>: expected 0x<hex> got 0x<hex>
 * An exception nobody expected prints a line starting "UNEXPECTED" and exits
 * with status 2.
 */
#include "conf.h"

/* ------------------------------------------------------------------ */
/* Vectors at VECBASE (reset value 0x40000000).                        */
    .section .vectors, "ax"
    .begin no-transform
    .global conf_vectors
conf_vectors:
    .org 0x10                       /* level 2 = debug (DEBUGLEVEL 2) */
    wsr     a0, excsave2
    j       conf_h_debug
    .org 0x20                       /* level 3 = NMI */
    wsr     a0, excsave3
    j       conf_h_nmi
    .org 0x30                       /* kernel exception / level-1 int */
    wsr     a0, excsave1
    j       conf_h_kernel
    .org 0x50                       /* user exception / level-1 int */
    wsr     a0, excsave1
    j       conf_h_user
    .org 0x70                       /* double exception */
    wsr     a0, excsave1
    j       conf_h_double
    .org 0x80
    .end no-transform

/* ------------------------------------------------------------------ */
    .bss
    .align 4
    .global exc_rec, conf_reset_ps, conf_test_ret, conf_nchecks, conf_nfail
exc_rec:        .space REC_SIZE
conf_save1:     .space 32
conf_save2:     .space 32
conf_save3:     .space 32
conf_reset_ps:  .space 4
conf_test_ret:  .space 4
conf_nchecks:   .space 4
conf_nfail:     .space 4
conf_hexbuf:    .space 12

    .section .rodata.conf_harness, "a"
.Ls_pass:   .asciz "PASS "
.Ls_fail:   .asciz "FAIL "
.Ls_open:   .asciz " ("
.Ls_checks: .asciz " checks)\n"
.Ls_colon:  .asciz ": "
.Ls_of:     .asciz " of "
.Ls_failed: .asciz " checks failed\n"
.Ls_exp:    .asciz ": expected 0x"
.Ls_got:    .asciz " got 0x"
.Ls_nl:     .asciz "\n"
.Ls_unexp:  .asciz "UNEXPECTED exception: vec="
.Ls_cause:  .asciz " cause="
.Ls_epc1:   .asciz " epc1="
.Ls_excv:   .asciz " excvaddr="
.Ls_depc:   .asciz " depc="
.Ls_dbgc:   .asciz " debugcause="
.Ls_epc2:   .asciz " epc2="
.Ls_ps:     .asciz " ps="
    .align 4
.Lpow10:
    .word 1000000000, 100000000, 10000000, 1000000, 100000
    .word 10000, 1000, 100, 10, 1

/* ------------------------------------------------------------------ */
    .text
    .literal_position

/* conf_puts: a2 = NUL-terminated string. Clobbers a2..a5. */
    .align 4
    .global conf_puts
conf_puts:
    mov     a4, a2
    movi    a5, 0
1:  add     a3, a4, a5
    l8ui    a3, a3, 0
    beqz    a3, 2f
    addi    a5, a5, 1
    j       1b
2:  movi    a2, 4                   /* SYS_write(1, a4, a5) */
    movi    a3, 1
    simcall
    ret

/* conf_puthex: print a2 as 8 hex digits. Clobbers a2..a6. */
    .align 4
    .global conf_puthex
conf_puthex:
    movi    a4, conf_hexbuf
    movi    a5, 8
1:  extui   a3, a2, 28, 4
    addi    a6, a3, -10
    bgez    a6, 2f
    addi    a3, a3, '0'
    j       3f
2:  addi    a3, a6, 'a'
3:  s8i     a3, a4, 0
    addi    a4, a4, 1
    slli    a2, a2, 4
    addi    a5, a5, -1
    bnez    a5, 1b
    movi    a2, 4
    movi    a3, 1
    movi    a4, conf_hexbuf
    movi    a5, 8
    simcall
    ret

/* conf_putdec: print a2 in decimal. Clobbers a2..a9. */
    .align 4
conf_putdec:
    movi    a6, .Lpow10
    movi    a7, 10                  /* powers left */
    movi    a8, 0                   /* digits emitted */
    movi    a9, conf_hexbuf
1:  l32i    a3, a6, 0
    movi    a4, '0'
2:  bltu    a2, a3, 3f
    sub     a2, a2, a3
    addi    a4, a4, 1
    j       2b
3:  bnez    a8, 4f
    movi    a5, '0'
    bne     a4, a5, 4f
    beqi    a7, 1, 4f               /* always print the last digit */
    j       5f
4:  add     a5, a9, a8
    s8i     a4, a5, 0
    addi    a8, a8, 1
5:  addi    a6, a6, 4
    addi    a7, a7, -1
    bnez    a7, 1b
    movi    a2, 4
    movi    a3, 1
    mov     a4, a9
    mov     a5, a8
    simcall
    ret

/* conf_check: a13 = check name, a14 = actual, a15 = expected,
 * a12 = caller's a0 (the caller restores it).  Preserves a1..a11, SAR. */
    .align 4
    .global conf_check
conf_check:
    addi    a1, a1, -48
    s32i    a0, a1, 0
    s32i    a2, a1, 4
    s32i    a3, a1, 8
    s32i    a4, a1, 12
    s32i    a5, a1, 16
    s32i    a6, a1, 20
    s32i    a7, a1, 24
    s32i    a8, a1, 28
    s32i    a9, a1, 32
    rsr     a2, sar
    s32i    a2, a1, 36
    movi    a2, conf_nchecks
    l32i    a3, a2, 0
    addi    a3, a3, 1
    s32i    a3, a2, 0
    /* a check ends any EXPECT_EXC window: disarm a resume address that
     * was not used, so a later stray exception is reported */
    movi    a2, exc_rec
    movi    a3, 0
    s32i    a3, a2, REC_RESUME
    beq     a14, a15, 1f
    movi    a2, conf_nfail
    l32i    a3, a2, 0
    addi    a3, a3, 1
    s32i    a3, a2, 0
    movi    a2, .Ls_fail
    call0   conf_puts
    mov     a2, a13
    call0   conf_puts
    movi    a2, .Ls_exp
    call0   conf_puts
    mov     a2, a15
    call0   conf_puthex
    movi    a2, .Ls_got
    call0   conf_puts
    mov     a2, a14
    call0   conf_puthex
    movi    a2, .Ls_nl
    call0   conf_puts
1:  l32i    a2, a1, 36
    wsr     a2, sar
    l32i    a0, a1, 0
    l32i    a2, a1, 4
    l32i    a3, a1, 8
    l32i    a4, a1, 12
    l32i    a5, a1, 16
    l32i    a6, a1, 20
    l32i    a7, a1, 24
    l32i    a8, a1, 28
    l32i    a9, a1, 32
    addi    a1, a1, 48
    ret

/* main: called by crt0 with call0. */
    .align 4
    .global main
    .type main, @function
main:
    addi    a1, a1, -16
    s32i    a0, a1, 0
    rsr     a2, ps
    movi    a3, conf_reset_ps
    s32i    a2, a3, 0
    movi    a2, 0
    wsr     a2, ps
    rsync
    call0   test_main
    movi    a2, conf_nfail
    l32i    a2, a2, 0
    movi    a3, conf_nchecks
    l32i    a3, a3, 0
    bnez    a2, 1f
    beqz    a3, 1f                  /* no checks ran: treat as failure */
    movi    a2, .Ls_pass
    call0   conf_puts
    movi    a2, conf_name
    call0   conf_puts
    movi    a2, .Ls_open
    call0   conf_puts
    movi    a2, conf_nchecks
    l32i    a2, a2, 0
    call0   conf_putdec
    movi    a2, .Ls_checks
    call0   conf_puts
    movi    a2, 0
    j       2f
1:  movi    a2, .Ls_fail
    call0   conf_puts
    movi    a2, conf_name
    call0   conf_puts
    movi    a2, .Ls_colon
    call0   conf_puts
    movi    a2, conf_nfail
    l32i    a2, a2, 0
    call0   conf_putdec
    movi    a2, .Ls_of
    call0   conf_puts
    movi    a2, conf_nchecks
    l32i    a2, a2, 0
    call0   conf_putdec
    movi    a2, .Ls_failed
    call0   conf_puts
    movi    a2, 1
2:  l32i    a0, a1, 0
    addi    a1, a1, 16
    ret
    .size main, . - main

/* ------------------------------------------------------------------ */
/* Handlers. On entry a0 is saved in EXCSAVEn; everything else is live. */

    .align 4
conf_h_kernel:
    movi    a0, conf_save1
    s32i    a2, a0, 0
    s32i    a3, a0, 4
    s32i    a4, a0, 8
    s32i    a5, a0, 12
    movi    a3, VEC_KERNEL
    j       conf_h_l1

    .align 4
    .global conf_h_alt
conf_h_alt:                         /* for tests that relocate VECBASE */
    movi    a0, conf_save1
    s32i    a2, a0, 0
    s32i    a3, a0, 4
    s32i    a4, a0, 8
    s32i    a5, a0, 12
    movi    a3, VEC_ALT
    j       conf_h_l1

    .align 4
conf_h_user:
    movi    a0, conf_save1
    s32i    a2, a0, 0
    s32i    a3, a0, 4
    s32i    a4, a0, 8
    s32i    a5, a0, 12
    movi    a3, VEC_USER
    /* fall through */
conf_h_l1:
    rsr     a2, excsave1
    s32i    a2, a0, 16
    movi    a2, exc_rec
    s32i    a3, a2, REC_VEC
    l32i    a4, a2, REC_COUNT
    addi    a4, a4, 1
    s32i    a4, a2, REC_COUNT
    rsr     a4, exccause
    s32i    a4, a2, REC_CAUSE
    rsr     a4, epc1
    s32i    a4, a2, REC_EPC1
    rsr     a4, excvaddr
    s32i    a4, a2, REC_EXCVADDR
    rsr     a4, ps
    s32i    a4, a2, REC_PS
    rsr     a4, interrupt
    s32i    a4, a2, REC_INTERRUPT
    rsr     a4, intenable
    s32i    a4, a2, REC_INTENABLE
    rsr     a4, ccount
    s32i    a4, a2, REC_CCOUNT
    rsr     a4, exccause
    bnei    a4, CAUSE_LEVEL1_INT, 1f
    /* level-1 interrupt: count it, mask everything, return to EPC1 */
    l32i    a4, a2, REC_NIRQ
    addi    a4, a4, 1
    s32i    a4, a2, REC_NIRQ
    l32i    a4, a2, REC_KEEPIE
    bnez    a4, 2f
    movi    a4, 0
    wsr     a4, intenable
    j       2f
1:  l32i    a4, a2, REC_RESUME
    beqz    a4, conf_unexpected
    wsr     a4, epc1
    movi    a4, 0
    s32i    a4, a2, REC_RESUME
2:  l32i    a2, a0, 0
    l32i    a3, a0, 4
    l32i    a4, a0, 8
    l32i    a5, a0, 12
    l32i    a0, a0, 16
    rsync
    rfe

    .align 4
conf_h_double:
    movi    a0, conf_save1
    s32i    a2, a0, 0
    s32i    a3, a0, 4
    s32i    a4, a0, 8
    s32i    a5, a0, 12
    rsr     a2, excsave1
    s32i    a2, a0, 16
    movi    a2, exc_rec
    movi    a3, VEC_DOUBLE
    s32i    a3, a2, REC_VEC
    l32i    a4, a2, REC_COUNT
    addi    a4, a4, 1
    s32i    a4, a2, REC_COUNT
    rsr     a4, exccause
    s32i    a4, a2, REC_CAUSE
    rsr     a4, epc1
    s32i    a4, a2, REC_EPC1
    rsr     a4, depc
    s32i    a4, a2, REC_DEPC
    rsr     a4, excvaddr
    s32i    a4, a2, REC_EXCVADDR
    rsr     a4, ps
    s32i    a4, a2, REC_PS
    l32i    a4, a2, REC_RESUME
    beqz    a4, conf_unexpected
    wsr     a4, depc
    movi    a4, 0
    s32i    a4, a2, REC_RESUME
    l32i    a2, a0, 0
    l32i    a3, a0, 4
    l32i    a4, a0, 8
    l32i    a5, a0, 12
    l32i    a0, a0, 16
    rsync
    rfde

    .align 4
conf_h_debug:
    movi    a0, conf_save2
    s32i    a2, a0, 0
    s32i    a3, a0, 4
    s32i    a4, a0, 8
    s32i    a5, a0, 12
    rsr     a2, excsave2
    s32i    a2, a0, 16
    movi    a2, exc_rec
    movi    a3, VEC_DEBUG
    s32i    a3, a2, REC_VEC
    l32i    a4, a2, REC_COUNT
    addi    a4, a4, 1
    s32i    a4, a2, REC_COUNT
    rsr     a4, debugcause
    s32i    a4, a2, REC_DEBUGCAUSE
    rsr     a4, epc2
    s32i    a4, a2, REC_EPC2
    rsr     a4, eps2
    s32i    a4, a2, REC_EPS2
    rsr     a4, icount
    s32i    a4, a2, REC_ICOUNT
    rsr     a4, ps
    s32i    a4, a2, REC_PS
    rsr     a4, ccount
    s32i    a4, a2, REC_CCOUNT
    /* disarm every debug source so that returning cannot re-trigger */
    movi    a4, 0
    wsr     a4, icountlevel
    wsr     a4, ibreakenable
    wsr     a4, dbreakc0
    isync
    l32i    a4, a2, REC_RESUME
    bnez    a4, 1f
    rsr     a5, debugcause          /* BREAK needs a resume address */
    movi    a3, DBG_BI | DBG_BN
    bany    a5, a3, conf_unexpected
    j       2f
1:  wsr     a4, epc2
    movi    a4, 0
    s32i    a4, a2, REC_RESUME
2:  l32i    a2, a0, 0
    l32i    a3, a0, 4
    l32i    a4, a0, 8
    l32i    a5, a0, 12
    l32i    a0, a0, 16
    rsync
    rfi     2

    .align 4
conf_h_nmi:
    movi    a0, conf_save3
    s32i    a2, a0, 0
    movi    a2, exc_rec
    movi    a3, VEC_NMI
    s32i    a3, a2, REC_VEC
    rsr     a4, epc3
    s32i    a4, a2, REC_EPC3
    rsr     a4, eps3
    s32i    a4, a2, REC_EPS3
    /* fall through: an NMI is never expected */

/* a2 = exc_rec. Print what happened and exit with status 2. */
conf_unexpected:
    mov     a10, a2
    movi    a2, .Ls_unexp
    call0   conf_puts
    l32i    a2, a10, REC_VEC
    call0   conf_puthex
    movi    a2, .Ls_cause
    call0   conf_puts
    rsr     a2, exccause
    call0   conf_puthex
    movi    a2, .Ls_epc1
    call0   conf_puts
    rsr     a2, epc1
    call0   conf_puthex
    movi    a2, .Ls_excv
    call0   conf_puts
    rsr     a2, excvaddr
    call0   conf_puthex
    movi    a2, .Ls_depc
    call0   conf_puts
    rsr     a2, depc
    call0   conf_puthex
    movi    a2, .Ls_dbgc
    call0   conf_puts
    rsr     a2, debugcause
    call0   conf_puthex
    movi    a2, .Ls_epc2
    call0   conf_puts
    rsr     a2, epc2
    call0   conf_puthex
    movi    a2, .Ls_ps
    call0   conf_puts
    rsr     a2, ps
    call0   conf_puthex
    movi    a2, .Ls_nl
    call0   conf_puts
    movi    a2, 1                   /* SYS_exit(2) */
    movi    a3, 2
    simcall
1:  j       1b

/* SPDX-License-Identifier: BSD-3-Clause */
/* Exception/interrupt entry and exit: save the full context (a0-a15, SAR,
 * PS, EPC1) on the current stack, run fw_arch_exception() in C, restore
 * the context it returns (possibly another task's: that is the context
 * switch) and RFE. Also the NMI and double-exception entries. */
#include "frame.h"

    .text
    .literal_position

    .global fw_exc_entry
    .type fw_exc_entry, @function
    .align 4
fw_exc_entry:
    addi    a1, a1, -FR_SIZE
    s32i    a2, a1, FR_A(2)
    s32i    a3, a1, FR_A(3)
    s32i    a4, a1, FR_A(4)
    s32i    a5, a1, FR_A(5)
    s32i    a6, a1, FR_A(6)
    s32i    a7, a1, FR_A(7)
    s32i    a8, a1, FR_A(8)
    s32i    a9, a1, FR_A(9)
    s32i    a10, a1, FR_A(10)
    s32i    a11, a1, FR_A(11)
    s32i    a12, a1, FR_A(12)
    s32i    a13, a1, FR_A(13)
    s32i    a14, a1, FR_A(14)
    s32i    a15, a1, FR_A(15)
    rsr     a2, excsave1
    s32i    a2, a1, FR_A(0)
    addi    a2, a1, FR_SIZE
    s32i    a2, a1, FR_A(1)
    rsr     a2, sar
    s32i    a2, a1, FR_SAR
    rsr     a2, epc1
    s32i    a2, a1, FR_PC
    rsr     a2, exccause
    s32i    a2, a1, FR_CAUSE
    rsr     a2, ps
    movi    a3, ~PS_EXCM
    and     a2, a2, a3
    s32i    a2, a1, FR_PS
    movi    a2, PS_HANDLER
    wsr     a2, ps
    rsync
    mov     a2, a1
    call0   fw_arch_exception       /* a2 = frame to resume */
    mov     a1, a2

    .global fw_exc_restore          /* a1 = frame; ends in RFE */
fw_exc_restore:
    movi    a0, PS_EXCM | PS_HANDLER
    wsr     a0, ps
    rsync
    l32i    a0, a1, FR_SAR
    wsr     a0, sar
    l32i    a0, a1, FR_PC
    wsr     a0, epc1
    l32i    a0, a1, FR_PS
    movi    a2, PS_EXCM
    or      a0, a0, a2
    wsr     a0, ps
    rsync
    l32i    a2, a1, FR_A(2)
    l32i    a3, a1, FR_A(3)
    l32i    a4, a1, FR_A(4)
    l32i    a5, a1, FR_A(5)
    l32i    a6, a1, FR_A(6)
    l32i    a7, a1, FR_A(7)
    l32i    a8, a1, FR_A(8)
    l32i    a9, a1, FR_A(9)
    l32i    a10, a1, FR_A(10)
    l32i    a11, a1, FR_A(11)
    l32i    a12, a1, FR_A(12)
    l32i    a13, a1, FR_A(13)
    l32i    a14, a1, FR_A(14)
    l32i    a15, a1, FR_A(15)
    l32i    a0, a1, FR_A(0)
    l32i    a1, a1, FR_A(1)
    rfe
    .size fw_exc_entry, . - fw_exc_entry

/* NMI (level 3): may arrive anywhere, even inside fw_exc_entry, so it
 * saves what C may clobber (call0: a0, a2-a11, SAR) below the current SP,
 * calls fw_arch_nmi() and returns with RFI 3. */
    .global fw_nmi_entry
    .type fw_nmi_entry, @function
    .align 4
fw_nmi_entry:
    addi    a1, a1, -64
    s32i    a2, a1, 8
    rsr     a2, excsave3
    s32i    a2, a1, 0
    s32i    a3, a1, 12
    s32i    a4, a1, 16
    s32i    a5, a1, 20
    s32i    a6, a1, 24
    s32i    a7, a1, 28
    s32i    a8, a1, 32
    s32i    a9, a1, 36
    s32i    a10, a1, 40
    s32i    a11, a1, 44
    rsr     a2, sar
    s32i    a2, a1, 48
    call0   fw_arch_nmi
    l32i    a2, a1, 48
    wsr     a2, sar
    l32i    a0, a1, 0
    l32i    a2, a1, 8
    l32i    a3, a1, 12
    l32i    a4, a1, 16
    l32i    a5, a1, 20
    l32i    a6, a1, 24
    l32i    a7, a1, 28
    l32i    a8, a1, 32
    l32i    a9, a1, 36
    l32i    a10, a1, 40
    l32i    a11, a1, 44
    addi    a1, a1, 64
    rfi     3
    .size fw_nmi_entry, . - fw_nmi_entry

/* Double exception: a fault while PS.EXCM was set. Nothing to resume;
 * report on the panic stack. */
    .global fw_double_entry
    .type fw_double_entry, @function
    .align 4
fw_double_entry:
    wsr     a1, excsave1
    movi    a1, __fw_panic_stack_top
    call0   fw_arch_double_exception
1:  j       1b
    .size fw_double_entry, . - fw_double_entry

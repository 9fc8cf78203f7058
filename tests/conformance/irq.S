/* SPDX-License-Identifier: BSD-3-Clause */
/* Level-1 interrupts with the software interrupt (bit 7): INTSET/INTCLEAR,
 * INTENABLE and PS.INTLEVEL / PS.EXCM masking, RSIL, the point at which a
 * newly unmasked interrupt is taken (right after the unmasking
 * instruction), entry state (EXCCAUSE 4, EPC1, PS.EXCM, INTLEVEL kept),
 * kernel vs user vector. The harness handler records the entry state and
 * clears INTENABLE before returning to EPC1. */
#include "conf.h"

#define SWI 0x80    /* software interrupt 7 */

.macro SWI_CLEAR
    movi    a2, SWI
    wsr     a2, intclear
    movi    a2, 0
    wsr     a2, intenable
.endm

TEST_NAME "irq"
TEST_BEGIN
    /* --- INTSET / INTCLEAR with nothing enabled ---------------------- */
    CLEAR_REC
    movi    a2, SWI
    wsr     a2, intset
    rsr     a3, interrupt
    extui   a3, a3, 7, 1
    CHK     "intset.sets", a3, 1
    CHKREC  "intset.not.taken", REC_NIRQ, 0
    movi    a2, SWI
    wsr     a2, intclear
    rsr     a3, interrupt
    extui   a3, a3, 7, 1
    CHK     "intclear.clears", a3, 0
    /* INTSET/INTCLEAR only touch software bits */
    movi    a2, 0x7f3f
    wsr     a2, intset
    rsr     a3, interrupt
    movi    a4, 0x7fbf                  /* everything but timer (6) */
    and     a3, a3, a4
    CHK     "intset.others", a3, 0

    /* --- enabling a pending interrupt: taken right after the wsr ------ */
    CLEAR_REC
    movi    a2, SWI
    wsr     a2, intset
    movi    a2, SWI
    wsr     a2, intenable
1:  nop
    CHKREC  "en.count", REC_NIRQ, 1
    CHKREC  "en.cause", REC_CAUSE, CAUSE_LEVEL1_INT
    CHKREC  "en.epc1", REC_EPC1, 1b
    CHKREC  "en.vec", REC_VEC, VEC_KERNEL
    CHKREC  "en.ps", REC_PS, PS_EXCM
    CHKREC  "en.interrupt", REC_INTERRUPT, SWI
    CHKREC  "en.intenable", REC_INTENABLE, SWI
    rsr     a3, interrupt           /* still pending: nobody cleared it */
    extui   a3, a3, 7, 1
    CHK     "en.still.pending", a3, 1
    rsr     a3, ps
    CHK     "en.ps.after", a3, 0
    SWI_CLEAR

    /* --- raising an enabled interrupt: taken right after the wsr ------- */
    CLEAR_REC
    movi    a2, SWI
    wsr     a2, intenable
    wsr     a2, intset
1:  nop
    CHKREC  "set.count", REC_NIRQ, 1
    CHKREC  "set.epc1", REC_EPC1, 1b
    SWI_CLEAR

    /* --- PS.INTLEVEL masks level 1; RSIL unmasks ----------------------- */
    CLEAR_REC
    rsil    a3, 1
    CHK     "rsil.old", a3, 0
    movi    a2, SWI
    wsr     a2, intenable
    wsr     a2, intset
    nop
    CHKREC  "il1.masked", REC_NIRQ, 0
    rsil    a3, 15
    CHK     "rsil.old1", a3, 1
    nop
    CHKREC  "il15.masked", REC_NIRQ, 0
    rsil    a3, 0
1:  nop
    CHKREC  "rsil0.count", REC_NIRQ, 1
    CHKREC  "rsil0.epc1", REC_EPC1, 1b
    CHKREC  "rsil0.ps", REC_PS, PS_EXCM
    SWI_CLEAR

    /* --- wsr ps lowering INTLEVEL ------------------------------------- */
    CLEAR_REC
    movi    a2, 3
    wsr     a2, ps
    rsync
    movi    a2, SWI
    wsr     a2, intenable
    wsr     a2, intset
    nop
    CHKREC  "ps3.masked", REC_NIRQ, 0
    movi    a2, 0
    wsr     a2, ps
1:  rsync
    CHKREC  "ps0.count", REC_NIRQ, 1
    CHKREC  "ps0.epc1", REC_EPC1, 1b
    SWI_CLEAR

    /* --- PS.EXCM masks level-1 interrupts; RFE unmasks ----------------- */
    CLEAR_REC
    movi    a2, PS_EXCM
    wsr     a2, ps
    rsync
    movi    a2, SWI
    wsr     a2, intenable
    wsr     a2, intset
    nop
    CHKREC  "excm.masked", REC_NIRQ, 0
    movi    a2, 1f
    wsr     a2, epc1
    rfe
    movi    a5, 1                   /* not executed */
1:  nop
    CHKREC  "rfe.count", REC_NIRQ, 1
    CHKREC  "rfe.epc1", REC_EPC1, 1b
    SWI_CLEAR

    /* --- INTENABLE bit clear: pending but not taken ----------------- */
    CLEAR_REC
    movi    a2, SWI
    wsr     a2, intset
    movi    a2, 0x7f7f              /* everything except bit 7 */
    wsr     a2, intenable
    nop
    CHKREC  "ie.masked", REC_NIRQ, 0
    movi    a2, 0
    wsr     a2, intenable
    SWI_CLEAR

    /* --- INTCLEAR before enabling: nothing happens -------------------- */
    CLEAR_REC
    movi    a2, SWI
    wsr     a2, intset
    wsr     a2, intclear
    wsr     a2, intenable
    nop
    CHKREC  "cleared.not.taken", REC_NIRQ, 0
    SWI_CLEAR

    /* --- user mode: user vector, cause 4 ------------------------------ */
    CLEAR_REC
    movi    a2, PS_UM
    wsr     a2, ps
    rsync
    movi    a2, SWI
    wsr     a2, intset
    wsr     a2, intenable
1:  nop
    movi    a2, 0
    wsr     a2, ps
    rsync
    CHKREC  "um.count", REC_NIRQ, 1
    CHKREC  "um.vec", REC_VEC, VEC_USER
    CHKREC  "um.cause", REC_CAUSE, CAUSE_LEVEL1_INT
    CHKREC  "um.epc1", REC_EPC1, 1b
    CHKREC  "um.ps", REC_PS, PS_UM | PS_EXCM
    SWI_CLEAR

    /* --- the interrupt does not disturb registers or SAR -------------- */
    CLEAR_REC
    movi    a2, 0x1234
    movi    a3, 0x5678
    movi    a4, 17
    wsr     a4, sar
    movi    a5, SWI
    wsr     a5, intset
    wsr     a5, intenable
    nop
    CHKREC  "regs.count", REC_NIRQ, 1
    CHK     "regs.a2", a2, 0x1234
    CHK     "regs.a3", a3, 0x5678
    rsr     a4, sar
    CHK     "regs.sar", a4, 17
    SWI_CLEAR

    /* --- interrupt then exception: EXCCAUSE reflects the latest ------- */
    CLEAR_REC
    movi    a2, SWI
    wsr     a2, intset
    wsr     a2, intenable
    nop
    EXPECT_EXC 1f
    syscall
1:  CHKREC  "mix.cause", REC_CAUSE, CAUSE_SYSCALL
    SWI_CLEAR
TEST_END

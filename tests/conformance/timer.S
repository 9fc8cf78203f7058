/* SPDX-License-Identifier: BSD-3-Clause */
/* CCOMPARE0 timer interrupt (bit 6) and WAITI.
 * TIMING-DEPENDENT checks are written so that they never depend on cycle
 * counts: no CCOUNT value is compared exactly, waits are bounded polling
 * loops (SPIN iterations), and only ordering is checked: the interrupt is
 * raised eventually, CCOUNT >= CCOMPARE0 (mod 2^32) once it is, it stays
 * pending until CCOMPARE0 is written, WAITI returns only after it. */
#include "conf.h"

#define TMR 0x40    /* timer interrupt 6 */
#define SPIN 50000000

/* a5 = CCOUNT - CCOMPARE0 must be "not negative" (mod 2^32, < 2^31) */
.macro CHK_AFTER name, ccount_reg
    rsr     a6, ccompare0
    sub     a6, \ccount_reg, a6
    movi    a7, 0x80000000
    CHKLTU  "\name", a6, a7
.endm

/* CCOMPARE0 = CCOUNT + delta, retried until CCOUNT is still below it
 * after the write (so a slow host cannot leave it in the past).
 * Clobbers a2, a3, a6. */
.macro ARM_TIMER delta
.Larm\@:
    rsr     a2, ccount
    movi    a3, \delta
    add     a2, a2, a3
    wsr     a2, ccompare0
    rsr     a3, ccount
    sub     a3, a2, a3
    addi    a3, a3, -1
    movi    a6, 0x7fffffff
    bgeu    a3, a6, .Larm\@        /* not in (0, 2^31): try again */
.endm

TEST_NAME "timer"
TEST_BEGIN
    /* --- pending bit, masked: poll INTERRUPT ----------------------- */
    CLEAR_REC
    movi    a2, 0
    wsr     a2, intenable
    ARM_TIMER 100000
    rsr     a3, interrupt
    extui   a3, a3, 6, 1
    CHK     "tm.not.yet", a3, 0         /* just written: cleared */
    movi    a5, SPIN
1:  rsr     a3, interrupt
    bbsi    a3, 6, 2f
    addi    a5, a5, -1
    bnez    a5, 1b
2:  rsr     a4, ccount
    CHKNE   "tm.fires", a5, 0
    CHK_AFTER "tm.ccount>=ccompare", a4
    CHKREC  "tm.masked.not.taken", REC_NIRQ, 0
    /* stays pending; INTCLEAR does not clear a timer interrupt */
    movi    a2, TMR
    wsr     a2, intclear
    rsr     a3, interrupt
    extui   a3, a3, 6, 1
    CHK     "tm.intclear.no.effect", a3, 1
    /* writing CCOMPARE0 (any value) clears it */
    rsr     a2, ccompare0
    wsr     a2, ccompare0
    rsr     a3, interrupt
    extui   a3, a3, 6, 1
    CHK     "tm.write.clears", a3, 0
    /* INTSET cannot raise it */
    movi    a2, TMR
    wsr     a2, intset
    rsr     a3, interrupt
    extui   a3, a3, 6, 1
    CHK     "tm.intset.no.effect", a3, 0

    /* --- a compare value in the past does not fire (until wrap) -------- */
    rsr     a2, ccount
    addi    a2, a2, -16
    wsr     a2, ccompare0
    movi    a5, 20000
1:  addi    a5, a5, -1
    bnez    a5, 1b
    rsr     a3, interrupt
    extui   a3, a3, 6, 1
    CHK     "tm.past.no.fire", a3, 0

    /* --- enabled: the interrupt is taken ------------------------------ */
    CLEAR_REC
    ARM_TIMER 100000
    movi    a2, TMR
    wsr     a2, intenable
    movi    a5, SPIN
    movi    a9, exc_rec
1:  l32i    a3, a9, REC_NIRQ
    bnez    a3, 2f
    addi    a5, a5, -1
    bnez    a5, 1b
2:  CHKNE   "ti.taken", a5, 0
    CHKREC  "ti.count", REC_NIRQ, 1
    CHKREC  "ti.cause", REC_CAUSE, CAUSE_LEVEL1_INT
    CHKREC  "ti.vec", REC_VEC, VEC_KERNEL
    CHKREC  "ti.ps", REC_PS, PS_EXCM
    CHKREC  "ti.interrupt", REC_INTERRUPT, TMR
    CHKREC  "ti.intenable", REC_INTENABLE, TMR
    movi    a9, exc_rec
    l32i    a4, a9, REC_CCOUNT
    CHK_AFTER "ti.ccount>=ccompare", a4
    /* EPC1 lies inside the polling loop */
    movi    a2, 1b
    movi    a3, 2b
    movi    a9, exc_rec
    l32i    a4, a9, REC_EPC1
    addi    a3, a3, 1
    CHKLTU  "ti.epc1.lo", a4, a3        /* epc1 <= 2b */
    addi    a4, a4, 1
    CHKLTU  "ti.epc1.hi", a2, a4        /* epc1 >= 1b */
    rsr     a2, ccompare0
    wsr     a2, ccompare0
    rsr     a3, interrupt
    extui   a3, a3, 6, 1
    CHK     "ti.cleared", a3, 0

    /* --- masked by INTLEVEL, taken when RSIL lowers it ---------------- */
    CLEAR_REC
    rsil    a2, 1
    ARM_TIMER 100000
    movi    a2, TMR
    wsr     a2, intenable
    movi    a5, SPIN
1:  rsr     a3, interrupt
    bbsi    a3, 6, 2f
    addi    a5, a5, -1
    bnez    a5, 1b
2:  CHKNE   "tl.pending", a5, 0
    CHKREC  "tl.not.taken", REC_NIRQ, 0
    rsil    a2, 0
3:  nop
    CHKREC  "tl.taken", REC_NIRQ, 1
    CHKREC  "tl.epc1", REC_EPC1, 3b
    rsr     a2, ccompare0
    wsr     a2, ccompare0

    /* --- WAITI sets INTLEVEL and sleeps until the interrupt ----------- */
    CLEAR_REC
    rsil    a2, 15
    ARM_TIMER 100000
    movi    a2, TMR
    wsr     a2, intenable
    waiti   0
1:  rsr     a4, ccount
    rsr     a8, ps
    CHKREC  "wt.count", REC_NIRQ, 1
    CHKREC  "wt.cause", REC_CAUSE, CAUSE_LEVEL1_INT
    CHKREC  "wt.epc1", REC_EPC1, 1b     /* resumes after waiti */
    CHKREC  "wt.ps", REC_PS, PS_EXCM    /* INTLEVEL 0 set by waiti */
    CHK     "wt.ps.after", a8, 0
    CHK_AFTER "wt.ccount>=ccompare", a4
    rsr     a2, ccompare0
    wsr     a2, ccompare0

    /* --- WAITI with an interrupt already pending returns at once ------ */
    CLEAR_REC
    rsil    a2, 15
    movi    a2, 0x80
    wsr     a2, intset
    wsr     a2, intenable
    waiti   0
1:  CHKREC  "wp.count", REC_NIRQ, 1
    CHKREC  "wp.epc1", REC_EPC1, 1b
    CHKREC  "wp.interrupt", REC_INTERRUPT, 0x80
    movi    a2, 0x80
    wsr     a2, intclear

    /* WAITI left PS.INTLEVEL at 0 */
    rsil    a2, 0
    CHK     "wp.ps.after", a2, 0
TEST_END

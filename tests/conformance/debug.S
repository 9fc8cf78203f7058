/* SPDX-License-Identifier: BSD-3-Clause */
/* Debug exceptions (DEBUGLEVEL 2, vector VECBASE+0x10): BREAK / BREAK.N,
 * ICOUNT / ICOUNTLEVEL, IBREAKA0 / IBREAKENABLE, DBREAKA0 / DBREAKC0, the
 * DEBUGCAUSE bits, EPC2/EPS2 and PS on entry, and masking by
 * PS.INTLEVEL >= 2, all as QEMU's lx106 implements them. The harness
 * debug handler disarms ICOUNTLEVEL/IBREAKENABLE/DBREAKC0 and returns to
 * EPC2 (or to the armed resume address) with RFI 2. */
#include "conf.h"

/* DBREAK probe: watch `addr` with DBREAKC0 = c, run `insn` (a4 = dbuf);
 * exp = 1 if it must trap (before the access: resume skips it). */
.macro TDB name, addr, c, exp, insn:vararg
    movi    a2, \addr
    wsr     a2, dbreaka0
    movi    a2, \c
    wsr     a2, dbreakc0
    movi    a4, dbuf
    movi    a3, 0x0bad0bad
    EXPECT_EXC .Ldb\@
.Ldi\@:
    \insn
.Ldb\@:
    movi    a2, 0
    wsr     a2, dbreakc0
    CHKREC  "\name", REC_COUNT, \exp
    .if \exp
    CHKREC  "\name\().cause", REC_DEBUGCAUSE, DBG_DB
    CHKREC  "\name\().epc2", REC_EPC2, .Ldi\@
    .endif
.endm

TEST_NAME "debug"
TEST_BEGIN
    /* --- BREAK and BREAK.N ------------------------------------------ */
    movi    a2, 0x0e0e0e0e
    wsr     a2, epc1
    movi    a2, 0x3
    wsr     a2, exccause
    EXPECT_EXC 2f
1:  break   1, 2
2:  CHKREC  "break.vec", REC_VEC, VEC_DEBUG
    CHKREC  "break.debugcause", REC_DEBUGCAUSE, DBG_BI
    CHKREC  "break.epc2", REC_EPC2, 1b
    CHKREC  "break.eps2", REC_EPS2, 0
    CHKREC  "break.ps", REC_PS, PS_EXCM | 2
    rsr     a2, ps
    CHK     "break.ps.after", a2, 0             /* RFI 2 restored EPS2 */
    rsr     a2, epc1
    CHK     "break.epc1.kept", a2, 0x0e0e0e0e
    rsr     a2, exccause
    CHK     "break.exccause.kept", a2, 3
    EXPECT_EXC 2f
1:  break.n 15
2:  CHKREC  "break.n.vec", REC_VEC, VEC_DEBUG
    CHKREC  "break.n.debugcause", REC_DEBUGCAUSE, DBG_BN
    CHKREC  "break.n.epc2", REC_EPC2, 1b
    /* EPS2 holds the whole PS, UM and INTLEVEL included */
    movi    a2, PS_UM | 1
    wsr     a2, ps
    rsync
    EXPECT_EXC 2f
1:  break   15, 15
2:  rsr     a4, ps
    movi    a2, 0
    wsr     a2, ps
    rsync
    CHKREC  "break.um.vec", REC_VEC, VEC_DEBUG   /* not the user vector */
    CHKREC  "break.um.eps2", REC_EPS2, PS_UM | 1
    CHKREC  "break.um.ps", REC_PS, PS_UM | PS_EXCM | 2
    CHK     "break.um.ps.after", a4, PS_UM | 1
    /* with PS.EXCM set a BREAK still goes to the debug vector */
    movi    a2, PS_EXCM
    wsr     a2, ps
    rsync
    EXPECT_EXC 2f
1:  break.n 0
2:  movi    a2, 0
    wsr     a2, ps
    rsync
    CHKREC  "break.excm.vec", REC_VEC, VEC_DEBUG
    CHKREC  "break.excm.eps2", REC_EPS2, PS_EXCM
    /* masked (a no-op) when PS.INTLEVEL >= DEBUGLEVEL (2) */
    CLEAR_REC
    rsil    a2, 2
    movi    a5, 0
    break   1, 1
    break.n 1
    movi    a5, 1
    rsil    a2, 15
    break   1, 1
    rsil    a2, 0
    CHKREC  "break.il2.masked", REC_COUNT, 0
    CHK     "break.il2.continues", a5, 1
    LITPOOL

    /* --- ICOUNT ------------------------------------------------------
     * With ICOUNTLEVEL > PS.INTLEVEL every instruction after the WSR to
     * ICOUNTLEVEL increments ICOUNT; the exception is raised before an
     * instruction that would take ICOUNT from -1 to 0 (ICOUNT reads -1
     * in the handler). With ICOUNT = -3: two instructions execute. */
    CLEAR_REC
    movi    a3, 0
    movi    a2, -3
    wsr     a2, icount
    movi    a2, 1
    wsr     a2, icountlevel
    addi    a3, a3, 1               /* ICOUNT -3 -> -2 */
    addi    a3, a3, 1               /* -2 -> -1 */
1:  addi    a3, a3, 1               /* trap here, then runs on return */
    addi    a3, a3, 1
    CHK     "ic.ran.all", a3, 4
    CHKREC  "ic.count", REC_COUNT, 1
    CHKREC  "ic.vec", REC_VEC, VEC_DEBUG
    CHKREC  "ic.debugcause", REC_DEBUGCAUSE, DBG_IC
    CHKREC  "ic.epc2", REC_EPC2, 1b
    CHKREC  "ic.icount", REC_ICOUNT, 0xffffffff
    CHKREC  "ic.eps2", REC_EPS2, 0
    CHKREC  "ic.ps", REC_PS, PS_EXCM | 2
    /* single step: ICOUNT = -1 traps before the very next instruction */
    CLEAR_REC
    movi    a2, -1
    wsr     a2, icount
    movi    a2, 1
    wsr     a2, icountlevel
1:  nop
    CHKREC  "ic.step.epc2", REC_EPC2, 1b
    CHKREC  "ic.step.count", REC_COUNT, 1
    /* ICOUNT counts instructions exactly (the RSR reads the value before
     * its own increment) */
    movi    a2, -1000
    wsr     a2, icount
    movi    a2, 1
    wsr     a2, icountlevel
    nop
    nop.n
    movi    a4, 5
    addi    a4, a4, 1
    _nop
    rsr     a3, icount
    movi    a2, 0
    wsr     a2, icountlevel
    CHK     "ic.value", a3, -1000 + 5
    rsr     a3, icount                  /* rsr, movi and wsr counted */
    CHK     "ic.value.stop", a3, -1000 + 8
    /* a taken branch counts as one instruction */
    movi    a2, -1000
    wsr     a2, icount
    movi    a2, 1
    wsr     a2, icountlevel
    j       1f
    ill
1:  beqz    a2, 2f
    bnez    a2, 2f
    ill
2:  rsr     a3, icount
    movi    a2, 0
    wsr     a2, icountlevel
    CHK     "ic.branches", a3, -1000 + 3
    /* ICOUNTLEVEL <= PS.INTLEVEL: not counted */
    rsil    a2, 1
    movi    a2, -1000
    wsr     a2, icount
    movi    a2, 1
    wsr     a2, icountlevel
    nop
    nop
    rsr     a3, icount
    movi    a2, 0
    wsr     a2, icountlevel
    rsil    a2, 0
    CHK     "ic.masked", a3, -1000
    /* ICOUNTLEVEL 2 counts at INTLEVEL 1 */
    rsil    a2, 1
    movi    a2, -1000
    wsr     a2, icount
    movi    a2, 2
    wsr     a2, icountlevel
    nop
    nop
    rsr     a3, icount
    movi    a2, 0
    wsr     a2, icountlevel
    rsil    a2, 0
    CHK     "ic.level2", a3, -1000 + 2
    /* counting at INTLEVEL 2 (ICOUNTLEVEL 3): the exception is masked and
     * ICOUNT stops at -1 */
    CLEAR_REC
    rsil    a2, 2
    movi    a2, -2
    wsr     a2, icount
    movi    a2, 3
    wsr     a2, icountlevel
    nop
    nop
    nop
    rsr     a3, icount
    movi    a2, 0
    wsr     a2, icountlevel
    rsil    a2, 0
    CHKREC  "ic.il2.masked", REC_COUNT, 0
    CHK     "ic.il2.sticks", a3, 0xffffffff
    LITPOOL

    /* --- IBREAK ------------------------------------------------------ */
    CLEAR_REC
    movi    a3, 0
    movi    a2, 1f
    wsr     a2, ibreaka0
    movi    a2, 1
    wsr     a2, ibreakenable
    isync
    addi    a3, a3, 1
1:  addi    a3, a3, 10              /* trap before, runs after return */
    addi    a3, a3, 100
    CHK     "ib.ran", a3, 111
    CHKREC  "ib.count", REC_COUNT, 1
    CHKREC  "ib.debugcause", REC_DEBUGCAUSE, DBG_IB
    CHKREC  "ib.epc2", REC_EPC2, 1b
    CHKREC  "ib.eps2", REC_EPS2, 0
    rsr     a2, ibreakenable
    CHK     "ib.disarmed", a2, 0
    /* a breakpoint on a narrow instruction, reached by a jump */
    CLEAR_REC
    movi    a2, 2f
    wsr     a2, ibreaka0
    movi    a2, 1
    wsr     a2, ibreakenable
    isync
    j       2f
    ill
2:  nop.n
    CHKREC  "ib.narrow.count", REC_COUNT, 1
    CHKREC  "ib.narrow.epc2", REC_EPC2, 2b
    /* disabled: no trap */
    CLEAR_REC
    movi    a2, 3f
    wsr     a2, ibreaka0
    movi    a2, 0
    wsr     a2, ibreakenable
    isync
3:  nop
    CHKREC  "ib.disabled", REC_COUNT, 0
    /* masked at INTLEVEL 2 */
    rsil    a2, 2
    movi    a2, 4f
    wsr     a2, ibreaka0
    movi    a2, 1
    wsr     a2, ibreakenable
    isync
4:  nop
    movi    a2, 0
    wsr     a2, ibreakenable
    rsil    a2, 0
    CHKREC  "ib.il2.masked", REC_COUNT, 0
    LITPOOL

    /* --- DBREAK ------------------------------------------------------
     * DBREAKC0: bit 31 = store, bit 30 = load, bits 5:0 = address bits
     * compared below bit 6 (0x3f: 1 byte, 0x3c: 4 bytes, 0: 64 bytes; a
     * non-contiguous mask acts as 64 bytes). The trap is taken before the
     * access, DEBUGCAUSE = DB with DBNUM 0. */
    TDB "db.ld.word.byte",  dbuf + 2, 0x4000003f, 1, l32i a3, a4, 0
    TDB "db.ld.byte.other", dbuf + 2, 0x4000003f, 0, l8ui a3, a4, 3
    TDB "db.ld.byte.same",  dbuf + 2, 0x4000003f, 1, l8ui a3, a4, 2
    TDB "db.ld.half.same",  dbuf + 2, 0x4000003f, 1, l16ui a3, a4, 2
    TDB "db.ld.half.other", dbuf + 2, 0x4000003f, 0, l16si a3, a4, 0
    TDB "db.m4.hit",        dbuf + 0x20, 0x4000003c, 1, l32i a3, a4, 0x20
    TDB "db.m4.byte",       dbuf + 0x20, 0x4000003c, 1, l8ui a3, a4, 0x23
    TDB "db.m4.next",       dbuf + 0x20, 0x4000003c, 0, l32i a3, a4, 0x24
    TDB "db.m4.prev",       dbuf + 0x20, 0x4000003c, 0, l32i a3, a4, 0x1c
    TDB "db.m64.first",     dbuf + 0x20, 0x40000000, 1, l32i a3, a4, 0
    TDB "db.m64.last",      dbuf + 0x20, 0x40000000, 1, l8ui a3, a4, 0x3f
    TDB "db.m64.next",      dbuf + 0x20, 0x40000000, 0, l8ui a3, a4, 0x40
    TDB "db.m16.hit",       dbuf + 0x20, 0x40000030, 1, l32i a3, a4, 0x2c
    TDB "db.m16.miss",      dbuf + 0x20, 0x40000030, 0, l32i a3, a4, 0x30
    TDB "db.noncontig",     dbuf + 0x20, 0x4000000f, 1, l32i a3, a4, 0x3c
    TDB "db.ld.only.store", dbuf, 0x4000003f, 0, s32i a3, a4, 0
    TDB "db.st.only.load",  dbuf, 0x8000003f, 0, l32i a3, a4, 0
    TDB "db.st.only.store", dbuf, 0x8000003f, 1, s32i a3, a4, 0
    TDB "db.st.byte",       dbuf + 1, 0x8000003f, 1, s8i a3, a4, 1
    TDB "db.st.half",       dbuf + 1, 0x8000003f, 1, s16i a3, a4, 0
    TDB "db.both.store",    dbuf, 0xc000003f, 1, s8i a3, a4, 0
    TDB "db.both.load",     dbuf, 0xc000003f, 1, l32i.n a3, a4, 0
    TDB "db.neither",       dbuf, 0x0000003f, 0, s32i a3, a4, 0
    LITPOOL
    /* the trapped store has not happened; the trapped load not either */
    movi    a4, dbuf
    movi    a5, 0x11
    s32i    a5, a4, 0
    movi    a2, dbuf
    wsr     a2, dbreaka0
    movi    a2, 0xc000003c
    wsr     a2, dbreakc0
    movi    a3, 0x77
    EXPECT_EXC 1f
    s32i    a3, a4, 0
1:  movi    a2, 0
    wsr     a2, dbreakc0
    l32i    a5, a4, 0
    CHK     "db.store.skipped", a5, 0x11
    movi    a2, 0xc000003c
    wsr     a2, dbreakc0
    movi    a3, 0x77
    EXPECT_EXC 1f
    l32i    a3, a4, 0
1:  movi    a2, 0
    wsr     a2, dbreakc0
    CHK     "db.load.skipped", a3, 0x77
    /* returning to EPC2 (handler disarmed DBREAKC0) performs the access */
    CLEAR_REC
    movi    a2, 0xc000003c
    wsr     a2, dbreakc0
    movi    a3, 0x99
    s32i    a3, a4, 0
    l32i    a5, a4, 0
    CHKREC  "db.retry.count", REC_COUNT, 1
    CHK     "db.retry.done", a5, 0x99
    rsr     a2, dbreakc0
    CHK     "db.disarmed", a2, 0
    /* DBREAKC0 / DBREAKA0 read back what was written */
    movi    a2, 0xc0000030
    wsr     a2, dbreakc0
    rsr     a3, dbreakc0
    movi    a2, 0
    wsr     a2, dbreakc0
    CHK     "db.dbreakc0.rb", a3, 0xc0000030
    rsr     a3, dbreaka0
    CHK     "db.dbreaka0.rb", a3, dbuf
TEST_END

    .data
    .align 64
dbuf:   .space 128

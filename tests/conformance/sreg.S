/* SPDX-License-Identifier: BSD-3-Clause */
/* Special registers: reset values (as QEMU's lx106 leaves them), write
 * masks, xsr swaps, read-only and unconfigured registers (illegal
 * instruction), CCOUNT advancing and writable, PRID, RSIL. */
#include "conf.h"

/* rsr / wsr / xsr by number (for registers the assembler refuses) */
.macro RSR_N t, sr
    .byte   (\t) << 4, \sr, 0x03
.endm
.macro WSR_N t, sr
    .byte   (\t) << 4, \sr, 0x13
.endm
.macro XSR_N t, sr
    .byte   (\t) << 4, \sr, 0x61
.endm

/* reset value of a special register */
.macro TRESET sr, exp
    rsr     a2, \sr
    CHK     "reset.\sr", a2, \exp
.endm

/* write all-ones, read back mask, write value back (restore) */
.macro TMASK sr, exp, restore=0
    movi    a2, 0xffffffff
    wsr     a2, \sr
    rsr     a3, \sr
    movi    a2, \restore
    wsr     a2, \sr
    CHK     "mask.\sr", a3, \exp
    rsr     a3, \sr
    CHK     "mask0.\sr", a3, \restore
.endm

/* an instruction that must raise IllegalInstruction (cause 0) */
.macro TILL name, insn:vararg
    EXPECT_EXC .Lill\@
    movi    a2, 0x12345678
    \insn
.Lill\@:
    CHKREC  "ill.\name\().cause", REC_CAUSE, CAUSE_ILLEGAL
    CHKREC  "ill.\name\().count", REC_COUNT, 1
.endm

TEST_NAME "sreg"
TEST_BEGIN
    /* --- reset values (nothing has touched them yet) ------------------ */
    CHKM    "reset.ps", conf_reset_ps, 0x1f
    TRESET  vecbase, 0x40000000
    TRESET  litbase, 0
    TRESET  intenable, 0
    TRESET  interrupt, 0
    TRESET  sar, 0
    TRESET  exccause, 0
    TRESET  excvaddr, 0
    TRESET  epc1, 0
    TRESET  epc2, 0
    TRESET  epc3, 0
    TRESET  eps2, 0
    TRESET  eps3, 0
    TRESET  depc, 0
    TRESET  excsave1, 0
    TRESET  excsave2, 0
    TRESET  excsave3, 0
    TRESET  icount, 0
    TRESET  icountlevel, 0
    TRESET  ibreakenable, 0
    TRESET  ibreaka0, 0
    TRESET  dbreaka0, 0
    TRESET  dbreakc0, 0
    TRESET  debugcause, 0
    TRESET  ccompare0, 0
    TRESET  prid, 0
    movi    a3, 0
    ritlb1  a2, a3
    CHK     "reset.itlb.r0", a2, 2
    movi    a3, 0x40000000
    rdtlb1  a2, a3
    CHK     "reset.dtlb.r2", a2, 0x40000002

    /* --- write masks ---------------------------------------------------- */
    TMASK   sar, 0x3f
    TMASK   litbase, 0xfffff001
    TMASK   icountlevel, 0xf
    TMASK   ibreakenable, 0x1
    TMASK   intenable, 0xffffffff
    TMASK   exccause, 0xffffffff
    TMASK   excvaddr, 0xffffffff
    TMASK   epc1, 0xffffffff
    TMASK   epc2, 0xffffffff
    TMASK   epc3, 0xffffffff
    TMASK   eps2, 0xffffffff
    TMASK   eps3, 0xffffffff
    TMASK   depc, 0xffffffff
    TMASK   excsave1, 0xffffffff
    TMASK   excsave2, 0xffffffff
    TMASK   excsave3, 0xffffffff
    TMASK   icount, 0xffffffff
    TMASK   ibreaka0, 0xffffffff
    TMASK   dbreaka0, 0xffffffff
    TMASK   dbreakc0, 0xffffffff
    TMASK   ccompare0, 0xffffffff
    TMASK   vecbase, 0xffffffff, 0x40000000
    /* PS: INTLEVEL, EXCM, UM, OWB, CALLINC, WOE are writable; RING not */
    movi    a2, 0xffffffff
    wsr     a2, ps
    rsr     a3, ps
    movi    a2, 0
    wsr     a2, ps
    rsync
    CHK     "mask.ps", a3, 0x00070f3f
    movi    a2, 0x000000c0
    wsr     a2, ps
    rsr     a3, ps
    movi    a2, 0
    wsr     a2, ps
    rsync
    CHK     "ps.ring", a3, 0
    /* INTSET writes only the software interrupt bit; INTCLEAR clears it */
    movi    a2, 0xffffffff
    wsr     a2, intset
    rsr     a3, interrupt
    movi    a2, 0xffffffff
    wsr     a2, intclear
    rsr     a4, interrupt
    srli    a3, a3, 7               /* ignore the timer bit (6) */
    srli    a5, a4, 7
    CHK     "intset.mask", a3, 1
    CHK     "intclear", a5, 0
    /* writing INTERRUPT (sr 226) is INTSET */
    movi    a2, 0x80
    WSR_N   2, 226
    rsr     a3, interrupt
    movi    a2, 0x80
    wsr     a2, intclear
    extui   a3, a3, 7, 1
    CHK     "wsr.interrupt=intset", a3, 1

    /* --- xsr swaps --------------------------------------------------- */
    movi    a2, 0x11112222
    wsr     a2, excsave1
    movi    a3, 0x33334444
    xsr     a3, excsave1
    rsr     a4, excsave1
    CHK     "xsr.excsave1.old", a3, 0x11112222
    CHK     "xsr.excsave1.new", a4, 0x33334444
    movi    a2, 7
    wsr     a2, sar
    movi    a3, 0xfff
    xsr     a3, sar
    rsr     a4, sar
    CHK     "xsr.sar.old", a3, 7
    CHK     "xsr.sar.new", a4, 0x3f
    movi    a3, 0x12345fff
    xsr     a3, litbase
    rsr     a4, litbase
    movi    a2, 0
    wsr     a2, litbase
    isync
    CHK     "xsr.litbase.old", a3, 0
    CHK     "xsr.litbase.new", a4, 0x12345001
    movi    a3, 0x20
    xsr     a3, ps
    rsr     a4, ps
    movi    a2, 0
    wsr     a2, ps
    rsync
    CHK     "xsr.ps.old", a3, 0
    CHK     "xsr.ps.new", a4, 0x20
    movi    a2, 0xabc
    wsr     a2, epc1
    movi    a2, 0xdef
    xsr     a2, epc1
    rsr     a3, epc1
    CHK     "xsr.epc1.old", a2, 0xabc
    CHK     "xsr.epc1.new", a3, 0xdef
    /* xsr with the same register in and out keeps working on a0 */
    mov     a6, a0
    movi    a0, 0x5a
    wsr     a0, excsave2
    movi    a0, 0xa5
    xsr     a0, excsave2
    mov     a2, a0
    mov     a0, a6
    rsr     a3, excsave2
    CHK     "xsr.a0.old", a2, 0x5a
    CHK     "xsr.a0.new", a3, 0xa5

    /* --- read-only and unconfigured registers ---------------------------- */
    TILL    wsr.prid, WSR_N 2, 235
    TILL    xsr.prid, XSR_N 2, 235
    TILL    wsr.debugcause, WSR_N 2, 233
    TILL    xsr.debugcause, XSR_N 2, 233
    TILL    xsr.interrupt, XSR_N 2, 226
    TILL    rsr.intclear, RSR_N 2, 227
    .irp sr, 0, 1, 2, 4, 12, 16, 17, 32, 72, 73, 83, 90, 97, 99, 129, 145, 161, 180, 196, 212, 224, 241, 244
    TILL    rsr.\sr, RSR_N 2, \sr
    TILL    wsr.\sr, WSR_N 2, \sr
    .endr
    rsr     a2, prid
    CHK     "prid.unchanged", a2, 0
    /* DDR (debug data register) is readable and writable without a fault */
    EXPECT_EXC 1f
    rsr     a2, ddr
    wsr     a2, ddr
1:  CHKREC  "ddr.noexc", REC_COUNT, 0

    /* --- CCOUNT -------------------------------------------------------------
     * Timing-independent: it must advance (within a generous bound) and
     * never go backwards; exact values are never compared. */
    rsr     a3, ccount
    movi    a5, 10000000
1:  rsr     a4, ccount
    bne     a4, a3, 2f
    addi    a5, a5, -1
    bnez    a5, 1b
2:  CHKNE   "ccount.advances", a5, 0
    sub     a6, a4, a3
    movi    a7, 0x80000000
    CHKLTU  "ccount.forward", a6, a7
    /* 1000 reads never go backwards */
    movi    a5, 1000
    movi    a8, 0
    rsr     a3, ccount
3:  rsr     a4, ccount
    sub     a6, a4, a3
    bltu    a6, a7, 4f
    addi    a8, a8, 1
4:  mov     a3, a4
    addi    a5, a5, -1
    bnez    a5, 3b
    CHK     "ccount.monotonic", a8, 0
    /* writable: after writing 0x100 it reads >= 0x100 and not far beyond */
    movi    a2, 0x100
    wsr     a2, ccount
    rsr     a3, ccount
    movi    a4, 0x100
    addi    a5, a3, 1
    CHKLTU  "ccount.write.lo", a4, a5      /* 0x100 <= a3 */
    movi    a4, 0x10000000
    CHKLTU  "ccount.write.hi", a3, a4
    /* writing near the top: it wraps through zero (it may already have
     * wrapped by the first read, so only "eventually small" is checked) */
    movi    a2, 0xffffff00
    wsr     a2, ccount
    movi    a5, 10000000
    movi    a7, 0x80000000
5:  rsr     a4, ccount
    bltu    a4, a7, 6f
    addi    a5, a5, -1
    bnez    a5, 5b
6:  CHKNE   "ccount.wraps", a5, 0

    /* --- RSIL ------------------------------------------------------------ */
    movi    a2, 0x20
    wsr     a2, ps
    rsync
    rsil    a3, 5
    rsr     a4, ps
    CHK     "rsil.old", a3, 0x20
    CHK     "rsil.new", a4, 0x25
    rsil    a3, 15
    rsr     a4, ps
    CHK     "rsil.old2", a3, 0x25
    CHK     "rsil.15", a4, 0x2f
    rsil    a3, 0
    rsr     a4, ps
    CHK     "rsil.0", a4, 0x20
    movi    a2, 0
    wsr     a2, ps
    rsync
TEST_END

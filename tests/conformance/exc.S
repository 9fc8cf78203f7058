/* SPDX-License-Identifier: BSD-3-Clause */
/* Exceptions (XEA2): illegal instructions (ill, ill.n, undecodable and
 * unconfigured-option encodings), syscall, alignment (cause 9), load/store
 * and fetch errors on unmapped addresses (causes 15 and 14, as QEMU's sim
 * machine raises them), stores to "ROM", double exceptions (PS.EXCM=1 ->
 * DEPC + double vector), user vs kernel vector (PS.UM), the contents of
 * EPC1/EXCCAUSE/EXCVADDR/PS on entry, RFE/RFDE/RFI, VECBASE relocation. */
#include "conf.h"

/* an instruction raising `cause` at its own address, kernel vector */
.macro TEXC name, cause, insn:vararg
    EXPECT_EXC .Lr\@
.Li\@:
    \insn
.Lr\@:
    CHKREC  "\name\().cause", REC_CAUSE, \cause
    CHKREC  "\name\().epc1", REC_EPC1, .Li\@
    CHKREC  "\name\().vec", REC_VEC, VEC_KERNEL
    CHKREC  "\name\().count", REC_COUNT, 1
.endm

/* raw 3-byte encoding that must be an illegal instruction */
.macro TBAD name, b0, b1, b2
    TEXC    "bad.\name", CAUSE_ILLEGAL, .byte \b0, \b1, \b2
.endm

/* load that faults: dst (a2) unchanged, EXCVADDR = effective address */
.macro TLDF name, cause, op, addr, imm
    movi    a3, \addr
    movi    a2, 0x5e5e5e5e
    EXPECT_EXC .Lr\@
.Li\@:
    \op     a2, a3, \imm
.Lr\@:
    CHKREC  "\name\().cause", REC_CAUSE, \cause
    CHKREC  "\name\().epc1", REC_EPC1, .Li\@
    CHKREC  "\name\().excvaddr", REC_EXCVADDR, (\addr) + (\imm)
    CHK     "\name\().dst", a2, 0x5e5e5e5e
.endm

/* store that faults: EXCVADDR = effective address */
.macro TSTF name, cause, op, addr, imm
    movi    a3, \addr
    movi    a2, 0x99999999
    EXPECT_EXC .Lr\@
.Li\@:
    \op     a2, a3, \imm
.Lr\@:
    CHKREC  "\name\().cause", REC_CAUSE, \cause
    CHKREC  "\name\().epc1", REC_EPC1, .Li\@
    CHKREC  "\name\().excvaddr", REC_EXCVADDR, (\addr) + (\imm)
.endm

/* fetch from addr: cause 14, EPC1 = EXCVADDR = addr */
.macro TFETCH name, addr
    movi    a3, \addr
    EXPECT_EXC .Lr\@
    callx0  a3
.Lr\@:
    mov     a4, a0
    CHKREC  "\name\().cause", REC_CAUSE, CAUSE_IFETCH_PIF + 2
    CHKREC  "\name\().epc1", REC_EPC1, \addr
    CHKREC  "\name\().excvaddr", REC_EXCVADDR, \addr
    movi    a2, .Lr\@
    CHKR    "\name\().a0", a4, a2        /* the callx0 itself completed */
.endm

TEST_NAME "exc"
TEST_BEGIN
    /* --- illegal instructions --------------------------------------- */
    movi    a2, 0x0e0e0e0e
    wsr     a2, excvaddr
    TEXC    "ill", CAUSE_ILLEGAL, ill
    rsr     a2, excvaddr
    CHK     "ill.excvaddr.kept", a2, 0x0e0e0e0e
    CHKREC  "ill.ps", REC_PS, PS_EXCM
    TEXC    "ill.n", CAUSE_ILLEGAL, ill.n
    TBAD    rst0.op2_7, 0x00, 0x00, 0x70        /* reserved RST0 op2 */
    TBAD    op0_e, 0x0e, 0x00, 0x00
    TBAD    op0_f, 0x0f, 0x00, 0x00
    TBAD    mac16, 0x04, 0x23, 0x70             /* no MAC16 */
    TBAD    lddec, 0x04, 0x02, 0x90
    TBAD    entry, 0x36, 0x41, 0x00             /* no windowed ABI */
    TBAD    retw, 0x90, 0x00, 0x00
    TBAD    rotw, 0x10, 0x80, 0x40
    TBAD    quou, 0x40, 0x23, 0xc2              /* no 32-bit divide */
    TBAD    min, 0x40, 0x23, 0x43               /* no min/max */
    TBAD    sext, 0x40, 0x23, 0x23              /* no sext */
    TBAD    loop, 0x76, 0x82, 0x00              /* no loops */
    TBAD    s32c1i, 0x22, 0xe3, 0x00            /* no conditional store */
    TBAD    l32ai, 0x22, 0xb3, 0x00             /* no sync option */
    TBAD    fp, 0x00, 0x00, 0x0a                /* no FPU */
    TBAD    rfdo, 0x00, 0xe0, 0xf1              /* no OCD */
    TBAD    rfdd, 0x10, 0xe0, 0xf1
    /* --- syscall ---------------------------------------------------- */
    movi    a2, 0x0e0e0e0e
    wsr     a2, excvaddr
    TEXC    "syscall", CAUSE_SYSCALL, syscall
    rsr     a2, excvaddr
    CHK     "syscall.excvaddr.kept", a2, 0x0e0e0e0e
    /* exceptions are not masked by PS.INTLEVEL; INTLEVEL is kept */
    rsil    a2, 15
    TEXC    "syscall.il15", CAUSE_SYSCALL, syscall
    CHKREC  "syscall.il15.ps", REC_PS, PS_EXCM | 15
    rsil    a2, 0
    /* the synchronisation instructions are plain no-ops */
    EXPECT_EXC 1f
    isync
    rsync
    esync
    dsync
    memw
    extw
    excw
    nop
    nop.n
1:  CHKREC  "sync.noexc", REC_COUNT, 0
    LITPOOL

    /* --- alignment: cause 9, EXCVADDR = address, nothing written ------ */
    TLDF    "al.l16ui", CAUSE_ALIGN, l16ui, abuf + 1, 0
    TLDF    "al.l16si", CAUSE_ALIGN, l16si, abuf + 3, 2
    TLDF    "al.l32i.1", CAUSE_ALIGN, l32i, abuf + 1, 0
    TLDF    "al.l32i.2", CAUSE_ALIGN, l32i, abuf + 2, 4
    TLDF    "al.l32i.3", CAUSE_ALIGN, l32i, abuf + 3, 1020
    TLDF    "al.l32i.n", CAUSE_ALIGN, l32i.n, abuf + 2, 8
    /* unaligned and unmapped: alignment wins */
    TLDF    "al.unmapped", CAUSE_ALIGN, l32i, 0x00000002, 0
    /* stores: fill, fault, check memory untouched */
    movi    a3, abuf
    movi    a2, 0x11111111
    s32i    a2, a3, 0
    s32i    a2, a3, 4
    s32i    a2, a3, 8
    TSTF    "al.s16i", CAUSE_ALIGN, s16i, abuf + 1, 0
    TSTF    "al.s32i.2", CAUSE_ALIGN, s32i, abuf + 2, 0
    TSTF    "al.s32i.3", CAUSE_ALIGN, s32i, abuf + 3, 4
    TSTF    "al.s32i.n", CAUSE_ALIGN, s32i.n, abuf + 1, 4
    movi    a3, abuf
    l32i    a2, a3, 0
    CHK     "al.store.w0", a2, 0x11111111
    l32i    a2, a3, 4
    CHK     "al.store.w1", a2, 0x11111111
    l32i    a2, a3, 8
    CHK     "al.store.w2", a2, 0x11111111
    /* aligned accesses do not fault; l8ui/s8i never do */
    EXPECT_EXC 1f
    movi    a3, abuf
    l16ui   a2, a3, 2
    l16si   a2, a3, 6
    l32i    a2, a3, 4
    l8ui    a2, a3, 3
    s8i     a2, a3, 1
1:  CHKREC  "al.aligned.noexc", REC_COUNT, 0
    LITPOOL

    /* --- unmapped data addresses: LoadStorePIFAddrError (15) ---------- */
    TLDF    "um.l32i.0", CAUSE_LS_PIF + 2, l32i, 0x00000000, 0
    TLDF    "um.l32i.2000", CAUSE_LS_PIF + 2, l32i, 0x20000000, 0
    TLDF    "um.l32i.3ff0", CAUSE_LS_PIF + 2, l32i, 0x3ff00000, 0x3fc
    TLDF    "um.l8ui.4030", CAUSE_LS_PIF + 2, l8ui, 0x40300000, 0
    TLDF    "um.l16si.5400", CAUSE_LS_PIF + 2, l16si, 0x54000000, 2
    TLDF    "um.l32i.6800", CAUSE_LS_PIF + 2, l32i, 0x68000000, 0
    TLDF    "um.l32i.ffff", CAUSE_LS_PIF + 2, l32i, 0xfffffffc, 0
    TLDF    "um.l32i.n.8000", CAUSE_LS_PIF + 2, l32i.n, 0x80000000, 60
    TSTF    "um.s32i.0", CAUSE_LS_PIF + 2, s32i, 0x00000000, 0
    TSTF    "um.s8i.3ff3", CAUSE_LS_PIF + 2, s8i, 0x3ff3ffff, 0
    TSTF    "um.s16i.a000", CAUSE_LS_PIF + 2, s16i, 0xa0000000, 0x1fe
    /* the edges of mapped regions are fine (no exception) */
    EXPECT_EXC 1f
    movi    a3, 0x3ff40000
    l32i    a2, a3, 0
    movi    a3, 0x402ffffc
    l32i    a2, a3, 0
    movi    a3, 0x53fffffc
    l32i    a2, a3, 0
    movi    a3, 0x67fffffc
    l32i    a2, a3, 0
1:  CHKREC  "um.edges.noexc", REC_COUNT, 0
    /* stores to the ROMs succeed (they are RAM-backed in QEMU) */
    EXPECT_EXC 1f
    movi    a3, 0x40200010
    movi    a2, 0x0badc0de
    s32i    a2, a3, 0
    movi    a3, 0x3ff40010
    s32i    a2, a3, 0
    movi    a3, 0x50000010
    s32i    a2, a3, 0
1:  CHKREC  "rom.store.noexc", REC_COUNT, 0
    movi    a3, 0x40200010
    l32i    a2, a3, 0
    CHK     "rom.store.instrom", a2, 0x0badc0de
    movi    a3, 0x50000010
    l32i    a2, a3, 0
    CHK     "rom.store.sysrom", a2, 0x0badc0de
    LITPOOL

    /* --- instruction fetch from unmapped memory: cause 14 -------------- */
    TFETCH  "if.0", 0x00000000
    TFETCH  "if.4030", 0x40300000
    TFETCH  "if.6800", 0x68000000
    TFETCH  "if.3ff0", 0x3ff00000
    /* code placed in data RAM and system RAM executes */
    movi    a3, xbuf
    movi    a2, 0xf00d              /* ret.n */
    s16i    a2, a3, 0
    movi    a2, 0
    EXPECT_EXC 1f
    callx0  a3
1:  CHKREC  "exec.dram.noexc", REC_COUNT, 0
    LITPOOL

    /* --- double exception: any exception with PS.EXCM = 1 -------------- */
    movi    a2, 0x0e9c0e9c
    wsr     a2, epc1
    movi    a2, PS_EXCM
    wsr     a2, ps
    rsync
    EXPECT_EXC 2f
1:  syscall
2:  rsr     a4, ps
    movi    a2, 0
    wsr     a2, ps
    rsync
    CHKREC  "dbl.sys.vec", REC_VEC, VEC_DOUBLE
    CHKREC  "dbl.sys.cause", REC_CAUSE, CAUSE_SYSCALL
    CHKREC  "dbl.sys.depc", REC_DEPC, 1b
    CHKREC  "dbl.sys.epc1", REC_EPC1, 0x0e9c0e9c
    CHKREC  "dbl.sys.ps", REC_PS, PS_EXCM
    CHK     "dbl.sys.ps.after", a4, PS_EXCM     /* rfde leaves PS */
    /* alignment as a double exception sets EXCVADDR as well */
    movi    a2, PS_EXCM | PS_UM | 3
    wsr     a2, ps
    rsync
    movi    a3, abuf + 2
    EXPECT_EXC 2f
1:  l32i    a2, a3, 0
2:  rsr     a4, ps
    movi    a2, 0
    wsr     a2, ps
    rsync
    CHKREC  "dbl.al.vec", REC_VEC, VEC_DOUBLE
    CHKREC  "dbl.al.cause", REC_CAUSE, CAUSE_ALIGN
    CHKREC  "dbl.al.depc", REC_DEPC, 1b
    CHKREC  "dbl.al.excvaddr", REC_EXCVADDR, abuf + 2
    CHKREC  "dbl.al.ps", REC_PS, PS_EXCM | PS_UM | 3
    CHK     "dbl.al.ps.after", a4, PS_EXCM | PS_UM | 3
    /* the reset state (PS = 0x1f) makes every exception a double one */
    movi    a2, 0x1f
    wsr     a2, ps
    rsync
    EXPECT_EXC 2f
1:  ill
2:  movi    a2, 0
    wsr     a2, ps
    rsync
    CHKREC  "dbl.reset.vec", REC_VEC, VEC_DOUBLE
    CHKREC  "dbl.reset.cause", REC_CAUSE, CAUSE_ILLEGAL
    CHKREC  "dbl.reset.depc", REC_DEPC, 1b
    LITPOOL

    /* --- user vector (PS.UM = 1) ------------------------------------- */
    movi    a2, PS_UM
    wsr     a2, ps
    rsync
    EXPECT_EXC 2f
1:  syscall
2:  rsr     a4, ps
    movi    a2, 0
    wsr     a2, ps
    rsync
    CHKREC  "user.sys.vec", REC_VEC, VEC_USER
    CHKREC  "user.sys.cause", REC_CAUSE, CAUSE_SYSCALL
    CHKREC  "user.sys.epc1", REC_EPC1, 1b
    CHKREC  "user.sys.ps", REC_PS, PS_UM | PS_EXCM
    CHK     "user.sys.ps.after", a4, PS_UM      /* rfe clears EXCM only */
    movi    a2, PS_UM | 2
    wsr     a2, ps
    rsync
    movi    a3, 0
    EXPECT_EXC 2f
1:  l32i    a2, a3, 0
2:  movi    a2, 0
    wsr     a2, ps
    rsync
    CHKREC  "user.um.vec", REC_VEC, VEC_USER
    CHKREC  "user.um.cause", REC_CAUSE, CAUSE_LS_PIF + 2
    CHKREC  "user.um.epc1", REC_EPC1, 1b
    CHKREC  "user.um.ps", REC_PS, PS_UM | PS_EXCM | 2
    movi    a2, PS_UM
    wsr     a2, ps
    rsync
    EXPECT_EXC 2f
1:  ill.n
2:  movi    a2, 0
    wsr     a2, ps
    rsync
    CHKREC  "user.ill.vec", REC_VEC, VEC_USER
    CHKREC  "user.ill.cause", REC_CAUSE, CAUSE_ILLEGAL
    /* privileged instructions are fine in user mode (no MMU rings) */
    movi    a2, PS_UM
    wsr     a2, ps
    rsync
    EXPECT_EXC 1f
    rsr     a3, epc1
    wsr     a3, excsave1
    rsil    a3, 0
    movi    a2, 0
    wsr     a2, ps
    rsync
1:  CHKREC  "user.priv.noexc", REC_COUNT, 0
    LITPOOL

    /* --- RFE / RFDE / RFI without an exception ------------------------- */
    movi    a2, 1f
    wsr     a2, epc1
    movi    a2, PS_EXCM | PS_UM | 3
    wsr     a2, ps
    rsync
    movi    a5, 0
    rfe
    movi    a5, 1
1:  rsr     a4, ps
    movi    a2, 0
    wsr     a2, ps
    rsync
    CHK     "rfe.skip", a5, 0
    CHK     "rfe.ps", a4, PS_UM | 3
    movi    a2, 1f
    wsr     a2, depc
    movi    a2, 0x7777
    wsr     a2, epc1
    movi    a2, PS_EXCM | 1
    wsr     a2, ps
    rsync
    movi    a5, 0
    rfde
    movi    a5, 1
1:  rsr     a4, ps
    movi    a2, 0
    wsr     a2, ps
    rsync
    CHK     "rfde.skip", a5, 0
    CHK     "rfde.ps", a4, PS_EXCM | 1          /* PS untouched */
    movi    a2, 1f
    wsr     a2, epc2
    movi    a2, PS_UM | 5
    wsr     a2, eps2
    movi    a2, PS_EXCM | 2
    wsr     a2, ps
    rsync
    movi    a5, 0
    rfi     2
    movi    a5, 1
1:  rsr     a4, ps
    movi    a2, 0
    wsr     a2, ps
    rsync
    CHK     "rfi2.skip", a5, 0
    CHK     "rfi2.ps", a4, PS_UM | 5
    movi    a2, 1f
    wsr     a2, epc3
    movi    a2, PS_EXCM | 1
    wsr     a2, eps3
    movi    a2, PS_EXCM | 3
    wsr     a2, ps
    rsync
    movi    a5, 0
    rfi     3
    movi    a5, 1
1:  rsr     a4, ps
    movi    a2, 0
    wsr     a2, ps
    rsync
    CHK     "rfi3.skip", a5, 0
    CHK     "rfi3.ps", a4, PS_EXCM | 1
    LITPOOL

    /* --- VECBASE relocation ------------------------------------------ */
    movi    a2, vec2
    wsr     a2, vecbase
    isync
    EXPECT_EXC 2f
1:  syscall
2:  movi    a2, 0x40000000
    wsr     a2, vecbase
    isync
    CHKREC  "vecbase.vec", REC_VEC, VEC_ALT
    CHKREC  "vecbase.cause", REC_CAUSE, CAUSE_SYSCALL
    CHKREC  "vecbase.epc1", REC_EPC1, 1b
    /* and back at the reset table */
    TEXC    "vecbase.back", CAUSE_SYSCALL, syscall
TEST_END

/* relocated vector table: only the kernel vector is used */
    .text
    .balign 256
vec2:
    .begin no-transform
    .space  0x30
    wsr     a0, excsave1
    j       conf_h_alt
    .end no-transform

    .data
    .align 4
abuf:   .space 1040
xbuf:   .space 16

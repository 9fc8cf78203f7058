/* SPDX-License-Identifier: BSD-3-Clause */
/* Assembler macros for .S files: clang-format leaves this file alone. */
/* clang-format off */
/* Conformance-suite helpers for hand-written LX106 assembly tests.
 *
 * Include from a .S file (it is run through the C preprocessor):
 *
 *     #include "conf.h"
 *     TEST_NAME "alu"
 *     TEST_BEGIN
 *         movi    a2, 1
 *         CHK     "add.1", a2, 1
 *     TEST_END
 *
 * Register conventions (call0 ABI):
 *   a1        stack pointer; tests must keep it valid and balanced
 *   a12..a15  reserved for the check macros; tests must not rely on them
 *   a0, a2..a11 free for tests; the check macros preserve them
 *   SAR is preserved by the harness.
 *
 * The harness (harness.S) provides main (called by tests/guest/crt0.S),
 * the check routine, the exception vectors and handlers, and the summary.
 */
#ifndef CONF_H
#define CONF_H

/* Layout of the exception record `exc_rec` (written by the handlers). */
#define REC_COUNT      0   /* exceptions/interrupts/debug events taken      */
#define REC_VEC        4   /* vector of the last one (VEC_* below)           */
#define REC_CAUSE      8   /* EXCCAUSE (level-1 / double)                    */
#define REC_EPC1      12   /* EPC1 at entry                                  */
#define REC_EXCVADDR  16   /* EXCVADDR at entry                              */
#define REC_PS        20   /* PS at entry to the handler                     */
#define REC_DEPC      24   /* DEPC at entry                                  */
#define REC_DEBUGCAUSE 28  /* DEBUGCAUSE at entry                            */
#define REC_EPC2      32   /* EPC2 at entry                                  */
#define REC_EPS2      36   /* EPS2 at entry                                  */
#define REC_INTERRUPT 40   /* INTERRUPT at entry                             */
#define REC_INTENABLE 44   /* INTENABLE at entry                             */
#define REC_ICOUNT    48   /* ICOUNT at entry                                */
#define REC_RESUME    52   /* set by the test: where to continue (one-shot)  */
#define REC_NIRQ      56   /* number of level-1 interrupts taken             */
#define REC_CCOUNT    60   /* CCOUNT at entry                                */
#define REC_EPC3      64   /* EPC3 at entry (NMI vector)                     */
#define REC_EPS3      68   /* EPS3 at entry                                  */
#define REC_RESERVED  72   /* unused */
#define REC_KEEPIE    76   /* nonzero: the level-1 handler keeps INTENABLE   */
#define REC_SIZE      80

#define VEC_KERNEL 1
#define VEC_USER   2
#define VEC_DOUBLE 3
#define VEC_DEBUG  4
#define VEC_NMI    5
#define VEC_ALT    6   /* conf_h_alt: a relocated kernel vector */

/* EXCCAUSE values */
#define CAUSE_ILLEGAL     0
#define CAUSE_SYSCALL     1
#define CAUSE_IFETCH_ERR  2
#define CAUSE_LS_ERR      3
#define CAUSE_LEVEL1_INT  4
#define CAUSE_ALLOCA      5
#define CAUSE_DIVZERO     6
#define CAUSE_PRIVILEGED  8
#define CAUSE_ALIGN       9
#define CAUSE_IFETCH_PIF 12
#define CAUSE_LS_PIF     13
#define CAUSE_IFETCH_PROHIB 20
#define CAUSE_LOAD_PROHIB  28
#define CAUSE_STORE_PROHIB 29

/* DEBUGCAUSE bits */
#define DBG_IC 0x01   /* ICOUNT            */
#define DBG_IB 0x02   /* IBREAK            */
#define DBG_DB 0x04   /* DBREAK            */
#define DBG_BI 0x08   /* BREAK             */
#define DBG_BN 0x10   /* BREAK.N           */
#define DBG_DI 0x20   /* debug interrupt   */

/* PS fields */
#define PS_INTLEVEL 0x0f
#define PS_EXCM     0x10
#define PS_UM       0x20
#define PS_RING     0xc0
#define PS_OWB      0xf00
#define PS_CALLINC  0x30000
#define PS_WOE      0x40000

#ifdef __ASSEMBLER__

/* Name of the program (printed in the summary). */
.macro TEST_NAME name
    .pushsection .rodata.conf_name, "a"
    .global conf_name
conf_name:
    .asciz "\name"
    .popsection
.endm

/* Start/end of the test body; TEST_END returns to the harness. */
.macro TEST_BEGIN
    .text
    .literal_position
    .global test_main
    .type test_main, @function
    .align 4
test_main:
    movi    a13, conf_test_ret
    s32i    a0, a13, 0
.endm

.macro TEST_END
    movi    a13, conf_test_ret
    l32i    a0, a13, 0
    ret
    .size test_main, . - test_main
.endm

/* Place a literal pool here (jumping over it). Use in very long bodies. */
.macro LITPOOL
    j       .Lconf_lp_\@
    .literal_position
    .align 4
.Lconf_lp_\@:
.endm

/* Emit the check name and call the check routine with a14 = actual,
 * a15 = expected. */
.macro CONF_CALLCHK name
    .pushsection .rodata.conf_str, "a"
.Lconf_s_\@:
    .asciz "\name"
    .popsection
    movi    a13, .Lconf_s_\@
    mov     a12, a0
    call0   conf_check
    mov     a0, a12
.endm

/* CHK name, reg, value: reg must equal the constant value. */
.macro CHK name, reg, exp
    mov     a14, \reg
    movi    a15, \exp
    CONF_CALLCHK "\name"
.endm

/* CHKR name, reg, reg2: reg must equal reg2. */
.macro CHKR name, reg, reg2
    mov     a14, \reg
    mov     a15, \reg2
    CONF_CALLCHK "\name"
.endm

/* CHKM name, sym, value: the word at sym must equal value. */
.macro CHKM name, sym, exp
    movi    a14, \sym
    l32i    a14, a14, 0
    movi    a15, \exp
    CONF_CALLCHK "\name"
.endm

/* CHKREC name, field, value: exc_rec field must equal value. */
.macro CHKREC name, field, exp
    movi    a14, exc_rec
    l32i    a14, a14, \field
    movi    a15, \exp
    CONF_CALLCHK "\name"
.endm

/* CHKRECR name, field, reg: exc_rec field must equal reg. */
.macro CHKRECR name, field, reg
    mov     a15, \reg
    movi    a14, exc_rec
    l32i    a14, a14, \field
    CONF_CALLCHK "\name"
.endm

/* CHKLTU name, ra, rb: ra < rb unsigned (reported as 1 = true). */
.macro CHKLTU name, ra, rb
    movi    a14, 1
    bltu    \ra, \rb, .Lconf_c_\@
    movi    a14, 0
.Lconf_c_\@:
    movi    a15, 1
    CONF_CALLCHK "\name"
.endm

/* CHKNE name, reg, value: reg must differ from value (1 = true). */
.macro CHKNE name, reg, val
    movi    a15, \val
    movi    a14, 1
    bne     \reg, a15, .Lconf_c_\@
    movi    a14, 0
.Lconf_c_\@:
    movi    a15, 1
    CONF_CALLCHK "\name"
.endm

/* Reset the exception record and arm a one-shot resume address: the next
 * exception (or debug exception) continues at `resume` instead of being
 * reported as unexpected. */
.macro EXPECT_EXC resume
    movi    a13, exc_rec
    movi    a14, 0
    s32i    a14, a13, REC_COUNT
    s32i    a14, a13, REC_VEC
    s32i    a14, a13, REC_NIRQ
    movi    a14, 0xdeadbeef
    s32i    a14, a13, REC_CAUSE
    s32i    a14, a13, REC_EPC1
    s32i    a14, a13, REC_EXCVADDR
    s32i    a14, a13, REC_DEPC
    s32i    a14, a13, REC_DEBUGCAUSE
    s32i    a14, a13, REC_EPC2
    movi    a14, \resume
    s32i    a14, a13, REC_RESUME
.endm

/* Reset the record without arming a resume address (interrupt tests). */
.macro CLEAR_REC
    movi    a13, exc_rec
    movi    a14, 0
    s32i    a14, a13, REC_COUNT
    s32i    a14, a13, REC_VEC
    s32i    a14, a13, REC_NIRQ
    s32i    a14, a13, REC_RESUME
    movi    a14, 0xdeadbeef
    s32i    a14, a13, REC_CAUSE
    s32i    a14, a13, REC_EPC1
    s32i    a14, a13, REC_DEBUGCAUSE
    s32i    a14, a13, REC_EPC2
.endm

#endif /* __ASSEMBLER__ */
#endif /* CONF_H */
    /* clang-format on */

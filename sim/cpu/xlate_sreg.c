/* SPDX-License-Identifier: BSD-3-Clause */
/* Which special-register instructions translated code holds (the
 * generator, xlate_gen.c) and which the engine's sr_op helper serves
 * (xlate.c): one list for both. */
#include "isa.h"
#include "xlate_sreg.h"

/* Special registers an RSR reads inside a unit (xt_xenv.sr, CCOUNT and
 * SAR); the others leave RSR to the interpreter. */
int xlate_sreg_read_ok(unsigned sr)
{
    switch (sr) {
    case XT_SR_SAR:
    case XT_SR_CCOUNT:
    case XT_SR_LITBASE:
    case XT_SR_EPC1:
    case XT_SR_EPC2:
    case XT_SR_EPC3:
    case XT_SR_DEPC:
    case XT_SR_EPS2:
    case XT_SR_EPS3:
    case XT_SR_EXCSAVE1:
    case XT_SR_EXCSAVE2:
    case XT_SR_EXCSAVE3:
    case XT_SR_INTERRUPT:
    case XT_SR_INTENABLE:
    case XT_SR_PS:
    case XT_SR_VECBASE:
    case XT_SR_EXCCAUSE:
    case XT_SR_EXCVADDR:
    case XT_SR_CCOMPARE0:
        return 1;
    default:
        return 0;
    }
}

/* Special registers a WSR or XSR writes inside a unit: SAR inline, the
 * others through the env's sr_op (xlate.c), which the interpreter's rules
 * for them (interrupts, the timer) follow.  LITBASE, the debug registers
 * and ICOUNT change how code runs: they stay with the interpreter. */
int xlate_sreg_write_ok(unsigned sr, int xsr)
{
    switch (sr) {
    case XT_SR_INTERRUPT:
    case XT_SR_INTCLEAR: /* write-only or set-only */
        return !xsr;
    case XT_SR_SAR:
    case XT_SR_EPC1:
    case XT_SR_EPC2:
    case XT_SR_EPC3:
    case XT_SR_DEPC:
    case XT_SR_EPS2:
    case XT_SR_EPS3:
    case XT_SR_EXCSAVE1:
    case XT_SR_EXCSAVE2:
    case XT_SR_EXCSAVE3:
    case XT_SR_INTENABLE:
    case XT_SR_PS:
    case XT_SR_VECBASE:
    case XT_SR_EXCCAUSE:
    case XT_SR_CCOUNT:
    case XT_SR_EXCVADDR:
    case XT_SR_CCOMPARE0:
        return 1;
    default:
        return 0;
    }
}

int xlate_sreg_op_ok(unsigned op, unsigned sr)
{
    return op == XT_OP_RSIL ||
           ((op == XT_OP_WSR || op == XT_OP_XSR) && sr != XT_SR_SAR &&
            xlate_sreg_write_ok(sr, op == XT_OP_XSR));
}

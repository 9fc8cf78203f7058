/* SPDX-License-Identifier: BSD-3-Clause */
/* Which special-register instructions translated code holds (the
 * generator, xlate_gen.c) and which the engine's sr_op helper serves
 * (xlate.c): one list for both. */
#include "isa.h"
#include "xlate_sreg.h"

/* The plain state registers a unit both reads itself and writes (SAR
 * inline, the others through the env's sr_op, xlate.c, which follows the
 * interpreter's rules for them: interrupts, the timer). */
static int both_ways(unsigned sr)
{
    switch (sr) {
    case XT_SR_SAR:
    case XT_SR_CCOUNT:
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
    case XT_SR_EXCVADDR:
    case XT_SR_CCOMPARE0:
        return 1;
    default:
        return 0;
    }
}

/* RSR inside a unit: those, LITBASE and INTERRUPT (xt_xenv.sr, CCOUNT and
 * SAR); the others leave RSR to the interpreter. */
int xlate_sreg_read_ok(unsigned sr)
{
    return both_ways(sr) || sr == XT_SR_LITBASE || sr == XT_SR_INTERRUPT;
}

/* WSR or XSR inside a unit: those, and a WSR of INTERRUPT or INTCLEAR
 * (write-only or set-only).  LITBASE, the debug registers and ICOUNT
 * change how code runs: they stay with the interpreter. */
int xlate_sreg_write_ok(unsigned sr, int xsr)
{
    if (sr == XT_SR_INTERRUPT || sr == XT_SR_INTCLEAR)
        return !xsr;
    return both_ways(sr);
}

int xlate_sreg_op_ok(unsigned op, unsigned sr)
{
    return op == XT_OP_RSIL ||
           ((op == XT_OP_WSR || op == XT_OP_XSR) && sr != XT_SR_SAR &&
            xlate_sreg_write_ok(sr, op == XT_OP_XSR));
}

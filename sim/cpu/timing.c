/* SPDX-License-Identifier: BSD-3-Clause */
/* The cycle model's static part: what each instruction costs at issue.
 * Dynamic parts (interlocks, taken branches, wait states, exception entry)
 * are added by the interpreter.  Figures and sources: docs/timing.md. */
#include "timing.h"

void xt_timing_default(xt_timing *t)
{
    t->base = 1;
    t->load_use = 1;     /* l32i; use  -> 4 cycles between two ccount reads */
    t->mul_use = 1;      /* 2-cycle multiplier result latency */
    t->taken_branch = 2; /* beqi taken -> 4, not taken -> 2 */
    t->call_jump = 2;    /* j -> 4 */
    t->sync_extra = 2;   /* wsr.ps; dsync -> 5 */
    t->isync_extra = 6;  /* wsr.ps; isync -> 9 */
    t->exception = 3;    /* pipeline flush and vector fetch */
    t->rfe = 2;          /* return: refill from EPC */
}

unsigned timing_cost(const xt_timing *t, const xt_insn *in)
{
    switch (in->op) {
    case XT_OP_DSYNC:
    case XT_OP_ESYNC:
    case XT_OP_RSYNC:
        return t->base + t->sync_extra;
    case XT_OP_ISYNC:
        return t->base + t->isync_extra;
    default:
        return t->base;
    }
}

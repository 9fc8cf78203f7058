/* SPDX-License-Identifier: BSD-3-Clause */
/* The event horizon: when the interpreter's fast loop (exec.c) must next
 * leave it for the slow check, from the next timer match, the cycle and
 * instruction budgets, a deliverable interrupt, the translator's sampling
 * point, and the flags that ask for a check before every instruction.
 * These functions only read and write the state; every layer above that
 * changes any of it calls events_update. */
#include "events.h"

void events_timer_rearm(xt_cpu *cpu)
{
    uint32_t delta = cpu->ccompare0 - core_ccount(cpu);
    cpu->timer_at = cpu->cycles + (delta ? delta : (1ull << 32));
}

int events_irq_deliverable(const xt_cpu *cpu)
{
    uint32_t pending = cpu->interrupt & (cpu->intenable | XT_INT_NMI_MASK);
    if (!pending)
        return 0;
    unsigned cint = core_cintlevel(cpu);
    if (cint > XT_NMILEVEL - 1)
        cint = XT_NMILEVEL - 1;
    if (pending & XT_INT_NMI_MASK)
        return 1;
    return (pending & XT_INT_LEVEL1_MASK) && cint < 1;
}

void events_update(xt_cpu *cpu)
{
    cpu->slow = cpu->use_until || cpu->n_code_hooks || cpu->stop_req ||
                cpu->exit_req || cpu->waiting || cpu->icountlevel ||
                cpu->icount_pending || (cpu->ibreakenable & 1);
    uint64_t ev = cpu->timer_at < cpu->cyc_end ? cpu->timer_at : cpu->cyc_end;
    if (cpu->ins_end != UINT64_MAX) {
        uint64_t left = cpu->ins_end > cpu->insns ? cpu->ins_end - cpu->insns
                                                  : 0;
        if (cpu->cycles + left < ev)
            ev = cpu->cycles + left;
    }
    if (cpu->slow || events_irq_deliverable(cpu))
        ev = 0;
    /* a sample inside translated code would find nothing to translate:
     * units run past the sampling point, and the interpreter takes the
     * sample where it next runs */
    cpu->ev_unit = ev;
    if (cpu->engine == XT_ENGINE_FAST && cpu->xl) {
        /* ... but they return now and then for the jobs to be polled */
        if (cpu->xl_poll_at < ev)
            cpu->ev_unit = cpu->xl_poll_at;
        if (cpu->xl_sample_at < ev)
            ev = cpu->xl_sample_at;
    }
    cpu->ev_cycles = ev;
}

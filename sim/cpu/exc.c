/* SPDX-License-Identifier: BSD-3-Clause */
/* XEA2 exceptions and interrupts of the LX106 configuration: general
 * exceptions (EPC1/DEPC, user/kernel/double vectors), level-1 interrupts
 * (EXCCAUSE 4), the level-3 NMI, and debug exceptions at DEBUGLEVEL 2. */
#include "events.h"
#include "exc.h"

static void call_exc_hooks(xt_cpu *cpu, unsigned cause, uint32_t pc,
                           uint32_t vec)
{
    for (unsigned i = 0; i < XT_MAX_HOOKS; i++) {
        const xt_hook_rec *h = &cpu->hooks[i];
        if (h->id && h->type == XT_HOOK_EXCEPTION)
            ((xt_hook_exc_cb)h->cb)(cpu, cause, pc, vec, h->user);
    }
}

void exc_call_return_hooks(xt_cpu *cpu, unsigned level, uint32_t pc,
                           uint32_t target, uint64_t cycle)
{
    for (unsigned i = 0; i < XT_MAX_HOOKS; i++) {
        const xt_hook_rec *h = &cpu->hooks[i];
        if (h->id && h->type == XT_HOOK_RETURN)
            ((xt_hook_return_cb)h->cb)(cpu, level, pc, target, cycle, h->user);
    }
}

static void call_idle_hooks(xt_cpu *cpu)
{
    for (unsigned i = 0; i < XT_MAX_HOOKS; i++) {
        const xt_hook_rec *h = &cpu->hooks[i];
        if (h->id && h->type == XT_HOOK_IDLE)
            ((xt_hook_idle_cb)h->cb)(cpu, cpu->wait_since, cpu->cycles,
                                     h->user);
    }
}

static void set_fatal(xt_cpu *cpu, const char *why, unsigned cause,
                      uint32_t vaddr)
{
    cpu->fatal.reason = why;
    cpu->fatal.pc = cpu->pc;
    cpu->fatal.exccause = cause;
    cpu->fatal.excvaddr = vaddr;
    cpu->stop_req = 2;
    events_kick(cpu);
}

static void enter(xt_cpu *cpu, uint32_t vec, unsigned hook_cause, int exclusive)
{
    core_hist_record(cpu, cpu->pc, vec, exclusive);
    call_exc_hooks(cpu, hook_cause, cpu->pc, vec);
    cpu->pc = vec;
    cpu->cycles += cpu->timing.exception;
    cpu->icount_pending = 0;
    cpu->sar_left = 0;
    events_update(cpu);
}

void exc_raise(xt_cpu *cpu, unsigned cause, uint32_t vaddr, int has_vaddr)
{
    uint32_t vec;
    unsigned hook_cause = cause;
    if (cpu->ps & PS_EXCM) {
        cpu->depc = cpu->pc;
        vec = cpu->vecbase + XT_VEC_DOUBLE;
        hook_cause |= XT_HOOK_EXC_DOUBLE;
    } else {
        cpu->epc[1] = cpu->pc;
        vec = cpu->vecbase + ((cpu->ps & PS_UM) ? XT_VEC_USER : XT_VEC_KERNEL);
    }
    cpu->exccause = cause;
    if (has_vaddr)
        cpu->excvaddr = vaddr;
    cpu->ps |= PS_EXCM;
    if (vec == cpu->pc && (hook_cause & XT_HOOK_EXC_DOUBLE)) {
        /* a double exception at the double-exception vector: taking it
         * changes no state, so the guest can never make progress */
        core_hist_record(cpu, cpu->pc, cpu->pc, 0); /* it did execute */
        set_fatal(cpu, "double exception loop", cause,
                  has_vaddr ? vaddr : cpu->excvaddr);
        return;
    }
    enter(cpu, vec, hook_cause, 0);
}

static void high_level(xt_cpu *cpu, unsigned level, uint32_t vecofs,
                       unsigned hook_cause, int exclusive)
{
    cpu->epc[level] = cpu->pc;
    cpu->eps[level] = cpu->ps;
    cpu->ps = (cpu->ps & ~PS_INTLEVEL) | PS_EXCM | level;
    enter(cpu, cpu->vecbase + vecofs, hook_cause, exclusive);
}

int exc_debug(xt_cpu *cpu, uint32_t cause_bits)
{
    if (core_cintlevel(cpu) >= XT_DEBUGLEVEL)
        return 0;
    cpu->debugcause = cause_bits;
    high_level(cpu, XT_DEBUGLEVEL, XT_VEC_LEVEL2,
               XT_HOOK_EXC_DEBUG | cause_bits, 0);
    return 1;
}

int exc_check_interrupts(xt_cpu *cpu)
{
    if (!events_irq_deliverable(cpu))
        return 0;
    uint32_t pending = cpu->interrupt & (cpu->intenable | XT_INT_NMI_MASK);
    if (cpu->waiting && cpu->n_flow_hooks)
        call_idle_hooks(cpu);
    cpu->waiting = 0;
    if (pending & XT_INT_NMI_MASK) {
        cpu->interrupt &= ~XT_INT_NMI_MASK;
        high_level(cpu, XT_NMILEVEL, XT_VEC_NMI,
                   XT_HOOK_EXC_INTERRUPT | XT_NMILEVEL, 1);
        return 1;
    }
    /* level 1: a general exception with cause Level1Interrupt; EXCM is
     * clear here, so it always goes through EPC1 */
    cpu->epc[1] = cpu->pc;
    cpu->exccause = XT_EXC_LEVEL1_INT;
    uint32_t vec = cpu->vecbase +
                   ((cpu->ps & PS_UM) ? XT_VEC_USER : XT_VEC_KERNEL);
    cpu->ps |= PS_EXCM;
    enter(cpu, vec, XT_EXC_LEVEL1_INT, 1);
    return 1;
}

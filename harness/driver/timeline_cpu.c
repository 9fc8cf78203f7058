/* SPDX-License-Identifier: BSD-3-Clause */
/* Interrupt-handler and idle spans from the CPU's hooks (timeline_cpu.h). */
#include "driver/timeline_cpu.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* Xtensa special registers (ISA): INTERRUPT 226, INTENABLE 228 */
#define SR_INTERRUPT 226
#define SR_INTENABLE 228
#define LEVELS       8 /* 0: double exception (RFDE), 1: RFE, n: RFI n */

struct dsh_timeline_cpu {
    dsh_timeline *t;
    xt_cpu *cpu;
    xt_hook exc, ret, idle;
    char irq_track[24], idle_track[24];
    struct {
        bool open, irq;
        uint64_t begin;
        uint32_t lines;
    } lv[LEVELS];
};

static void on_exception(xt_cpu *cpu, unsigned cause, uint32_t pc,
                         uint32_t vector, void *user)
{
    dsh_timeline_cpu *c = user;
    (void)pc;
    (void)vector;
    unsigned level;
    bool irq;
    if (cause & XT_HOOK_EXC_DEBUG)
        return;
    if (cause & XT_HOOK_EXC_DOUBLE) {
        level = 0, irq = false;
    } else if (cause & XT_HOOK_EXC_INTERRUPT) {
        level = cause & 0xffu, irq = true;
    } else {
        level = 1, irq = cause == XT_EXC_LEVEL1_INT;
    }
    if (level >= LEVELS)
        return;
    uint32_t pend = 0, en = 0;
    xt_reg_read(cpu, XT_REG_SR(SR_INTERRUPT), &pend);
    xt_reg_read(cpu, XT_REG_SR(SR_INTENABLE), &en);
    c->lv[level].open = true;
    c->lv[level].irq = irq;
    c->lv[level].begin = xt_cycles(cpu);
    c->lv[level].lines = level == 1 ? pend & en : pend;
}

static void on_return(xt_cpu *cpu, unsigned level, uint32_t pc, uint32_t target,
                      uint64_t cycle, void *user)
{
    dsh_timeline_cpu *c = user;
    (void)cpu;
    (void)pc;
    (void)target;
    if (level >= LEVELS || !c->lv[level].open)
        return;
    c->lv[level].open = false;
    if (!c->lv[level].irq)
        return;
    char detail[32];
    snprintf(detail, sizeof detail, "lines 0x%x", (unsigned)c->lv[level].lines);
    dsh_timeline_span(c->t, c->irq_track, "ISR", c->lv[level].begin, cycle,
                      detail);
}

static void on_idle(xt_cpu *cpu, uint64_t begin, uint64_t end, void *user)
{
    dsh_timeline_cpu *c = user;
    (void)cpu;
    dsh_timeline_span(c->t, c->idle_track, "WAITI", begin, end, NULL);
}

dsh_timeline_cpu *dsh_timeline_cpu_attach(dsh_timeline *t, xt_cpu *cpu)
{
    return dsh_timeline_cpu_attach_prefix(t, cpu, "");
}

dsh_timeline_cpu *dsh_timeline_cpu_attach_prefix(dsh_timeline *t, xt_cpu *cpu,
                                                 const char *prefix)
{
    if (!t || !cpu)
        return NULL;
    dsh_timeline_cpu *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->t = t;
    c->cpu = cpu;
    snprintf(c->irq_track, sizeof c->irq_track, "%sirq", prefix);
    snprintf(c->idle_track, sizeof c->idle_track, "%sidle", prefix);
    if (xt_hook_add(cpu, &c->exc, XT_HOOK_EXCEPTION, (void *)on_exception, c, 1,
                    0) != XT_OK ||
        xt_hook_add(cpu, &c->ret, XT_HOOK_RETURN, (void *)on_return, c, 1, 0) !=
            XT_OK ||
        xt_hook_add(cpu, &c->idle, XT_HOOK_IDLE, (void *)on_idle, c, 1, 0) !=
            XT_OK) {
        dsh_timeline_cpu_detach(c);
        return NULL;
    }
    return c;
}

void dsh_timeline_cpu_detach(dsh_timeline_cpu *c)
{
    if (!c)
        return;
    if (c->exc)
        xt_hook_del(c->cpu, c->exc);
    if (c->ret)
        xt_hook_del(c->cpu, c->ret);
    if (c->idle)
        xt_hook_del(c->cpu, c->idle);
    free(c);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Panic record: naming, printing and reporting. The arch layer fills the
 * register fields for exceptions; fw_panic() covers software failures. */
#include <stddef.h>
#include "fw/arch.h"
#include "fw/console.h"
#include "abi/exccause_name.h"
#include "fw/panic.h"
#include "fw/platform.h"
#include "fw/sched_current.h"
#include "fw/task_struct.h"
#include "abi/trace.h"

struct fw_panic_record fw_panic_rec;

_Static_assert(FW_PANIC_CAUSE_SOFTWARE == FW_CAUSE_SOFTWARE &&
                   FW_PANIC_CAUSE_DOUBLE == FW_CAUSE_DOUBLE &&
                   FW_PANIC_CAUSE_STACK == FW_CAUSE_STACK,
               "panic cause codes");

const char *fw_exccause_name(uint32_t cause)
{
    return fw_cause_name(cause);
}

void fw_panic_print(const struct fw_panic_record *r)
{
    unsigned i;

    fw_printf("PANIC cause=%u (%s) epc1=0x%08x excvaddr=0x%08x ps=0x%08x\n",
              (unsigned)r->cause, fw_exccause_name(r->cause), (unsigned)r->epc1,
              (unsigned)r->excvaddr, (unsigned)r->ps);
    fw_printf("PANIC sar=%u depc=0x%08x ccount=%u task=%u info=0x%08x\n",
              (unsigned)r->sar, (unsigned)r->depc, (unsigned)r->ccount,
              (unsigned)r->task_id, (unsigned)r->info);
    for (i = 0; i < 16; i += 4)
        fw_printf("PANIC a%u=0x%08x a%u=0x%08x a%u=0x%08x a%u=0x%08x\n", i,
                  (unsigned)r->a[i], i + 1, (unsigned)r->a[i + 1], i + 2,
                  (unsigned)r->a[i + 2], i + 3, (unsigned)r->a[i + 3]);
    for (i = 0; i < FW_PANIC_STACK_WORDS; i += 4)
        fw_printf("PANIC stack 0x%08x: %08x %08x %08x %08x\n",
                  (unsigned)(r->stack_addr + 4 * i), (unsigned)r->stack[i],
                  (unsigned)r->stack[i + 1], (unsigned)r->stack[i + 2],
                  (unsigned)r->stack[i + 3]);
}

void fw_panic_report(struct fw_panic_record *r)
{
    r->magic = FW_PANIC_MAGIC;
    r->version = FW_PANIC_VERSION;
    r->ccount = arch_cycles();
    r->task_id = fw_sched_current() ? fw_sched_current()->id : 0;
    fw_plat_trace(FW_TRACE_PANIC, r->cause);
    fw_plat_panic_sink(r);
    fw_plat_exit(FW_PANIC_EXIT_STATUS);
}

void fw_panic_stack(const struct fw_task *t, uintptr_t guard, uint32_t sp)
{
    struct fw_panic_record *r = &fw_panic_rec;

    arch_irq_lock();
    *r = (struct fw_panic_record){ 0 };
    r->cause = FW_PANIC_CAUSE_STACK;
    r->epc1 = (uint32_t)(uintptr_t)__builtin_return_address(0);
    r->excvaddr = (uint32_t)guard;
    r->info = t->id;
    r->a[1] = sp;
    r->a[2] = (uint32_t)(uintptr_t)t->stack;
    r->a[3] = t->stack_size;
    fw_printf("PANIC stack overflow: task %u (%s), guard word 0x%08x "
              "changed\n",
              (unsigned)t->id, t->name ? t->name : "", (unsigned)guard);
    fw_panic_report(r);
}

void fw_panic(const char *why, uint32_t info)
{
    struct fw_panic_record *r = &fw_panic_rec;

    arch_irq_lock();
    *r = (struct fw_panic_record){ 0 };
    r->cause = FW_PANIC_CAUSE_SOFTWARE;
    r->epc1 = (uint32_t)(uintptr_t)__builtin_return_address(0);
    r->info = info;
    fw_printf("PANIC %s\n", why ? why : "");
    fw_panic_report(r);
}

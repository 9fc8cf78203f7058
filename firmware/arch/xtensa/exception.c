/* SPDX-License-Identifier: BSD-3-Clause */
/* C side of exception entry: level-1 interrupts, the yield SYSCALL, and
 * the panic path for every other cause. */
#include <stddef.h>
#include "fw/panic.h"
#include "fw/percore.h"
#include "fw/sched.h"
#include "entry.h"
#include "frame.h"
#include "xtensa_sr.h"

extern FW_PERCORE(uint32_t, fw_arch_isr_depth);
#ifdef FW_SMP
#define fw_arch_isr_depth FW_THIS(fw_arch_isr_depth)
#endif

#define EXCCAUSE_SYSCALL          1
#define EXCCAUSE_LEVEL1_INTERRUPT 4

/* Memory the stack dump may read without faulting again. A platform whose
 * memory map differs from the sim machine's (the board: MMIO at 0x60000000,
 * smaller IRAM) provides its own fw_plat_mem_readable(). */
int fw_plat_mem_readable(uint32_t a, uint32_t len) __attribute__((weak));

static int readable(uint32_t a, uint32_t len)
{
    if (fw_plat_mem_readable)
        return fw_plat_mem_readable(a, len);
    return (a >= 0x3FFC0000u && a + len <= 0x40000000u) ||
           (a >= 0x40000000u && a + len <= 0x40100000u) ||
           (a >= 0x60000000u && a + len <= 0x68000000u);
}

static void panic_from_frame(const struct xt_frame *f, uint32_t cause,
                             uint32_t depc, uint32_t info)
{
    struct fw_panic_record *r = &fw_panic_rec;
    unsigned i;

    *r = (struct fw_panic_record){ 0 };
    r->cause = cause;
    r->epc1 = f->pc;
    r->excvaddr = XT_RSR(excvaddr);
    r->ps = f->ps;
    r->sar = f->sar;
    r->depc = depc;
    r->info = info;
    for (i = 0; i < 16; i++)
        r->a[i] = f->a[i];
    r->stack_addr = f->a[1];
    if (readable(f->a[1] & ~3u, 4 * FW_PANIC_STACK_WORDS))
        for (i = 0; i < FW_PANIC_STACK_WORDS; i++)
            r->stack[i] = ((const uint32_t *)(uintptr_t)(f->a[1] & ~3u))[i];
    fw_panic_report(r);
}

void *fw_arch_exception(struct xt_frame *f)
{
    void *next;

    fw_arch_isr_depth++;
    switch (f->cause) {
    case EXCCAUSE_LEVEL1_INTERRUPT:
        fw_arch_irq_dispatch();
        break;
    case EXCCAUSE_SYSCALL:
        f->pc += 3; /* resume after the SYSCALL */
        break;
    default:
        panic_from_frame(f, f->cause, 0, 0);
    }
    next = fw_sched_switch(f);
    fw_arch_isr_depth--;
    return next;
}

void fw_arch_double_exception(void)
{
    struct xt_frame f = { 0 };

    fw_arch_isr_depth++;
    f.a[1] = XT_RSR(excsave1); /* saved by fw_double_entry */
    f.pc = XT_RSR(epc1);
    f.ps = XT_RSR(ps);
    f.sar = XT_RSR(sar);
    panic_from_frame(&f, FW_PANIC_CAUSE_DOUBLE, XT_RSR(depc), XT_RSR(exccause));
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Kernel start-up, the idle loop, statistics print-out. */
#include <stddef.h>
#include "fw/arch.h"
#include "fw/console.h"
#include "fw/irq.h"
#include "fw/kernel.h"
#include "fw/platform.h"
#include "fw/sched.h"
#include "fw/task.h"
#include "fw/timer.h"

void fw_kernel_init(void)
{
    fw_sched_init();
    fw_timer_init();
    fw_irq_connect(FW_IRQ_TIMER0, fw_timer_isr, NULL);
}

void fw_kernel_run(void)
{
    /* The boot context is the idle task: WAITI lowers the interrupt level
     * to 0 and sleeps until an interrupt; the simulator skips the idle
     * cycles up to the next timer match. */
    for (;;)
        arch_idle();
}

void fw_kernel_print_stats(void)
{
    const struct fw_task *t;

    fw_printf("%-10s %8s %8s %12s %8s %8s %6s %6s\n", "task", "releases",
              "runs", "cycles", "worst", "last", "misses", "skips");
    for (t = fw_task_list(); t; t = t->all_next)
        fw_printf("%-10s %8u %8u %12llu %8u %8u %6u %6u\n", t->name,
                  (unsigned)t->stats.releases, (unsigned)t->stats.runs,
                  (unsigned long long)t->stats.cycles, (unsigned)t->stats.worst,
                  (unsigned)t->stats.last, (unsigned)t->stats.misses,
                  (unsigned)t->stats.skipped);
    fw_printf("context switches %u, idle cycles %llu\n",
              (unsigned)fw_sched_switch_count(),
              (unsigned long long)fw_sched_idle()->stats.cycles);
}

void fw_kernel_exit(int status)
{
    arch_irq_lock();
    fw_plat_exit(status);
}

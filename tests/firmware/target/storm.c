/* SPDX-License-Identifier: BSD-3-Clause */
/* Interrupt storm: tasks raise the software interrupt (7) in tight loops;
 * each interrupt submits a numbered work item; a sporadic worker task runs
 * them. Phase "preempt": the raising task's deadline is later than the
 * worker's, so the worker preempts at every interrupt exit. Phase "burst":
 * the raising task's deadline is earlier, so items pile up while it raises
 * BURST interrupts back to back. No item may be lost, refused, run twice
 * or out of order. */
#include <stdint.h>
#include "check.h"
#include "fw/arch.h"
#include "fw/irq.h"
#include "fw/kernel.h"
#include "fw/task.h"
#include "fw/timer.h"
#include "fw/workq.h"

#define POOL   64
#define BURST  48
#define JOBS   20
#define PERIOD 200000u

static struct fw_work pool[POOL];
static struct fw_workq wq;
static struct fw_task worker, storm_late, storm_early;
static uint8_t stacks[3][1024] __attribute__((aligned(16)));
static volatile uint32_t raised, isr_seq, ran, order_errors, refused;
static uint32_t depth_preempt;
static struct fw_timeout end_to;

static void item(struct fw_work *w)
{
    if (w->arg != ran)
        order_errors++;
    ran++;
}

static void sw_isr(void *arg)
{
    struct fw_work *w = &pool[isr_seq % POOL];

    (void)arg;
    if (w->queued) {
        refused++;
        return;
    }
    w->arg = isr_seq++;
    if (fw_workq_submit(&wq, w))
        refused++;
}

static void raise_burst(void *arg)
{
    unsigned i, n = (unsigned)(uintptr_t)arg;

    for (i = 0; i < n; i++) {
        raised++;
        fw_irq_raise_software();
    }
}

static void finish(struct fw_timeout *to)
{
    (void)to;
    fw_task_stop(&storm_late);
    fw_task_stop(&storm_early);
    fw_printf("raised %u, interrupts %u, submitted %u, ran %u, max depth %u "
              "(preempt phase %u), worker jobs %u\n",
              (unsigned)raised, (unsigned)fw_irq_count(FW_IRQ_SOFTWARE),
              (unsigned)wq.submitted, (unsigned)ran, (unsigned)wq.max_depth,
              (unsigned)depth_preempt, (unsigned)worker.stats.runs);
    CHECK(raised == (storm_late.stats.runs + storm_early.stats.runs) * BURST,
          "raised %u", (unsigned)raised);
#ifdef FW_TEST_CYCLE_EXACT
    CHECK(raised == 2u * JOBS * BURST, "raised %u", (unsigned)raised);
#endif
    CHECK(fw_irq_count(FW_IRQ_SOFTWARE) == raised, "interrupts %u",
          (unsigned)fw_irq_count(FW_IRQ_SOFTWARE));
    CHECK(wq.submitted == raised, "submitted %u", (unsigned)wq.submitted);
    CHECK(ran == raised && wq.done == raised, "ran %u", (unsigned)ran);
    CHECK(order_errors == 0, "%u items out of order", (unsigned)order_errors);
    CHECK(refused == 0 && wq.busy == 0, "refused %u", (unsigned)refused);
#ifdef FW_TEST_CYCLE_EXACT
    /* Which task has the earlier absolute deadline depends on time; on
     * QEMU the cycle counter follows the host clock, so only dspsim
     * checks the two phases' queue depths and the absence of misses. */
    CHECK(depth_preempt <= 1, "worker did not preempt: depth %u",
          (unsigned)depth_preempt);
    CHECK(wq.max_depth >= BURST / 2, "no pile-up in the burst phase: %u",
          (unsigned)wq.max_depth);
    CHECK(worker.stats.misses == 0 && storm_late.stats.misses == 0 &&
              storm_early.stats.misses == 0,
          "misses");
#endif
    fw_kernel_print_stats();
    fw_test_end("fw_storm");
}

static void snapshot_depth(struct fw_timeout *to)
{
    (void)to;
    fw_task_stop(&storm_late);
    depth_preempt = wq.max_depth;
    wq.max_depth = 0;
}

int main(void)
{
    static struct fw_timeout mid;
    struct fw_task_config w = { .name = "worker",
                                .job = fw_workq_job,
                                .arg = &wq,
                                .stack = stacks[0],
                                .stack_size = 1024,
                                .deadline = 50000 };
    struct fw_task_config l = { .name = "late",
                                .job = raise_burst,
                                .arg = (void *)BURST,
                                .stack = stacks[1],
                                .stack_size = 1024,
                                .period = PERIOD,
                                .deadline = 150000 };
    struct fw_task_config e = { .name = "early",
                                .job = raise_burst,
                                .arg = (void *)BURST,
                                .stack = stacks[2],
                                .stack_size = 1024,
                                .period = PERIOD,
                                .deadline = 40000 };
    uint32_t t0;
    unsigned i;

    fw_kernel_init();
    for (i = 0; i < POOL; i++)
        fw_work_init(&pool[i], item, 0);
    CHECK(fw_task_init(&worker, &w) == 0, "worker");
    CHECK(fw_task_init(&storm_late, &l) == 0, "late");
    CHECK(fw_task_init(&storm_early, &e) == 0, "early");
    fw_workq_init(&wq, &worker);
    fw_irq_connect(FW_IRQ_SOFTWARE, sw_isr, NULL);
    t0 = arch_cycles() + 10000;
    /* phase 1: JOBS jobs of "late", then phase 2: JOBS jobs of "early" */
    fw_task_start_at(&storm_late, t0);
    fw_timer_add(&mid, t0 + JOBS * PERIOD - PERIOD / 2, snapshot_depth);
    fw_task_start_at(&storm_early, t0 + JOBS * PERIOD);
    fw_timer_add(&end_to, t0 + 2 * JOBS * PERIOD - PERIOD / 2, finish);
    fw_kernel_run();
}

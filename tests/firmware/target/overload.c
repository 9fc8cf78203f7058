/* SPDX-License-Identifier: BSD-3-Clause */
/* Overload: two periodic tasks demanding 120% of the CPU. Deadline misses
 * must be detected, counted per task, reported through the miss hook
 * (each missed job exactly once), and releases that find the previous job
 * still active counted as skipped; every release instant is accounted for
 * (releases + skipped). */
#include <stdint.h>
#include "check.h"
#include "fw/kernel.h"
#include "fw/sched.h"
#include "fw/task.h"
#include "fw/timer.h"
#include "work.h"

#ifdef FW_TEST_CYCLE_EXACT
#define SCALE 1u
#else
#define SCALE 10u
#endif
#define PERIOD_A (10000u * SCALE)
#define PERIOD_B (15000u * SCALE)
#define RUN      (300000u * SCALE)

static struct fw_task ta, tb;
static uint8_t stacks[2][1024] __attribute__((aligned(16)));
static uint32_t demand[2] = { 6000u * SCALE, 9000u * SCALE };
static uint32_t t0;
static unsigned hook_calls[2];
static struct fw_timeout end_to;

static void job(void *arg)
{
    work_cycles(*(uint32_t *)arg);
}

static void on_miss(struct fw_task *t, uint32_t deadline, uint32_t now)
{
    CHECK(fw_time_before(deadline, now), "miss reported before deadline");
    CHECK(deadline == t->deadline, "miss of another job");
    hook_calls[t == &tb]++;
    fw_printf("miss %s dl T0+%u at T0+%u\n", t->name, (unsigned)(deadline - t0),
              (unsigned)(now - t0));
}

static void finish(struct fw_timeout *to)
{
    uint32_t inst_a = RUN / PERIOD_A, inst_b = RUN / PERIOD_B;

    (void)to;
    fw_task_stop(&ta);
    fw_task_stop(&tb);
    fw_kernel_print_stats();
    CHECK(ta.stats.misses + tb.stats.misses > 0, "no misses in overload");
    CHECK(hook_calls[0] == ta.stats.misses, "a: hook %u, misses %u",
          hook_calls[0], (unsigned)ta.stats.misses);
    CHECK(hook_calls[1] == tb.stats.misses, "b: hook %u, misses %u",
          hook_calls[1], (unsigned)tb.stats.misses);
    CHECK(ta.stats.releases + ta.stats.skipped == inst_a,
          "a: %u releases + %u skipped != %u", (unsigned)ta.stats.releases,
          (unsigned)ta.stats.skipped, (unsigned)inst_a);
    CHECK(tb.stats.releases + tb.stats.skipped == inst_b,
          "b: %u releases + %u skipped != %u", (unsigned)tb.stats.releases,
          (unsigned)tb.stats.skipped, (unsigned)inst_b);
    CHECK(ta.stats.runs + (ta.state != FW_TASK_WAITING) == ta.stats.releases,
          "a runs");
    CHECK(tb.stats.runs + (tb.state != FW_TASK_WAITING) == tb.stats.releases,
          "b runs");
    CHECK(ta.stats.misses > 0 && tb.stats.misses > 0,
          "both tasks should miss: %u %u", (unsigned)ta.stats.misses,
          (unsigned)tb.stats.misses);
    fw_test_end("fw_overload");
}

int main(void)
{
    struct fw_task_config a = { .name = "a",
                                .job = job,
                                .arg = &demand[0],
                                .stack = stacks[0],
                                .stack_size = 1024,
                                .period = PERIOD_A };
    struct fw_task_config b = { .name = "b",
                                .job = job,
                                .arg = &demand[1],
                                .stack = stacks[1],
                                .stack_size = 1024,
                                .period = PERIOD_B };

    fw_kernel_init();
    work_calibrate();
    fw_sched_set_miss_hook(on_miss);
    CHECK(fw_task_init(&ta, &a) == 0 && fw_task_init(&tb, &b) == 0, "init");
    t0 = arch_cycles() + 20000u * SCALE;
    fw_task_start_at(&ta, t0);
    fw_task_start_at(&tb, t0);
    /* just before the next release instant of both */
    fw_timer_add(&end_to, t0 + RUN - 100, finish);
    fw_kernel_run();
}

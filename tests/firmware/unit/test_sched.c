/* SPDX-License-Identifier: BSD-3-Clause */
/* EDF scheduler logic on a stub clock: earliest deadline runs, preemption
 * by an earlier release, deadline misses counted once per job (at
 * completion or at the next release), skipped periodic releases, sporadic
 * re-release, cycle accounting, wraparound of the cycle counter. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "arch_stub.h"
#include "fw/sched.h"
#include "fw/task.h"

static uint8_t stacks[4][1024] __attribute__((aligned(16)));
static struct fw_task ta, tb, tc, td;
static void job(void *arg)
{
    (void)arg;
}

static struct fw_task *miss_task;
static uint32_t miss_deadline, miss_now, miss_calls;
static void on_miss(struct fw_task *t, uint32_t deadline, uint32_t now)
{
    miss_task = t;
    miss_deadline = deadline;
    miss_now = now;
    miss_calls++;
}

static void mk(struct fw_task *t, int i, const char *name, uint32_t period,
               uint32_t deadline)
{
    struct fw_task_config c = { .name = name,
                                .job = job,
                                .stack = stacks[i],
                                .stack_size = 1024,
                                .period = period,
                                .deadline = deadline };
    assert_int_equal(fw_task_init(t, &c), 0);
}

static int setup(void **state)
{
    (void)state;
    stub_reset();
    fw_sched_init();
    fw_sched_set_miss_hook(on_miss);
    miss_calls = 0;
    miss_task = NULL;
    mk(&ta, 0, "a", 1000, 1000);
    mk(&tb, 1, "b", 2000, 500);
    mk(&tc, 2, "c", 0, 300);  /* sporadic */
    mk(&td, 3, "d", 4000, 0); /* deadline = period */
    return 0;
}

/* What the arch layer does at interrupt/syscall exit. */
static struct fw_task *switch_now(void)
{
    void *ctx = fw_sched_switch(fw_sched_current()->ctx);
    assert_ptr_equal(ctx, fw_sched_current()->ctx);
    return fw_sched_current();
}

/* The running task ends its job at time t (then the SYSCALL switch). */
static struct fw_task *done_at(uint32_t t)
{
    stub_now = t;
    fw_sched_job_done();
    return switch_now();
}

static void test_config(void **state)
{
    struct fw_task_config bad = { .job = job,
                                  .stack = stacks[0],
                                  .stack_size = 16 };
    struct fw_task t;
    (void)state;
    assert_int_equal(fw_task_init(&t, &bad), -1);
    assert_int_equal(td.rel_deadline, 4000);
    assert_int_equal(ta.state, FW_TASK_WAITING);
    assert_ptr_equal(fw_sched_current(), fw_sched_idle());
}

static void test_edf_order_and_preemption(void **state)
{
    (void)state;
    stub_now = 0;
    assert_ptr_equal(switch_now(), fw_sched_idle()); /* nothing ready */
    fw_sched_release(&ta, 0);                        /* deadline 1000 */
    fw_sched_release(&tb, 0);                        /* deadline 500 */
    assert_ptr_equal(switch_now(), &tb);
    stub_now = 100;
    fw_sched_release(&tc, 100);          /* deadline 400 */
    assert_ptr_equal(switch_now(), &tc); /* preempts b */
    assert_int_equal(tb.job_cycles, 100);
    assert_ptr_equal(done_at(250), &tb); /* c done: b resumes */
    assert_int_equal(tc.stats.runs, 1);
    assert_int_equal(tc.stats.last, 150);
    assert_int_equal(tc.stats.misses, 0);
    stub_now = 300;
    fw_sched_release(&td, 300);          /* deadline 4300 */
    assert_ptr_equal(switch_now(), &tb); /* no preemption */
    assert_ptr_equal(done_at(450), &ta);
    assert_int_equal(tb.stats.worst, 300); /* 0-100, 250-450 */
    assert_ptr_equal(done_at(700), &td);
    assert_ptr_equal(done_at(900), fw_sched_idle());
    assert_int_equal(miss_calls, 0);
    assert_int_equal(stub_yields, 4);
    assert_int_equal(fw_rq_count(fw_sched_ready_queue()), 0);
    assert_int_equal(fw_sched_idle()->stats.cycles, 0);
}

static void test_miss_at_completion(void **state)
{
    (void)state;
    stub_now = 1000;
    fw_sched_release(&tb, 1000); /* deadline 1500 */
    assert_ptr_equal(switch_now(), &tb);
    assert_ptr_equal(done_at(1500), fw_sched_idle()); /* exactly on time */
    assert_int_equal(tb.stats.misses, 0);
    stub_now = 3000;
    fw_sched_release(&tb, 3000); /* deadline 3500 */
    switch_now();
    done_at(3501);
    assert_int_equal(tb.stats.misses, 1);
    assert_int_equal(miss_calls, 1);
    assert_ptr_equal(miss_task, &tb);
    assert_int_equal(miss_deadline, 3500);
    assert_int_equal(miss_now, 3501);
}

static void test_overrun_skips_release_and_counts_once(void **state)
{
    (void)state;
    stub_now = 0;
    fw_sched_release(&ta, 0); /* deadline 1000 */
    assert_ptr_equal(switch_now(), &ta);
    stub_now = 1000;                                  /* still running */
    assert_int_equal(fw_sched_release(&ta, 1000), 0); /* next period */
    assert_int_equal(ta.stats.skipped, 1);
    assert_int_equal(ta.stats.misses, 0); /* 1000 is not past 1000 */
    stub_now = 2000;
    assert_int_equal(fw_sched_release(&ta, 2000), 0);
    assert_int_equal(ta.stats.skipped, 2);
    assert_int_equal(ta.stats.misses, 1); /* detected here */
    assert_int_equal(miss_now, 2000);
    done_at(2100);
    assert_int_equal(ta.stats.misses, 1); /* not twice */
    assert_int_equal(miss_calls, 1);
    assert_int_equal(ta.stats.runs, 1);
    assert_int_equal(ta.stats.releases, 1);
}

static void test_sporadic_pending(void **state)
{
    (void)state;
    stub_now = 10;
    fw_sched_release(&tc, 10);
    assert_ptr_equal(switch_now(), &tc);
    stub_now = 20;
    assert_int_equal(fw_sched_release(&tc, 20), 0); /* while active */
    assert_int_equal(tc.stats.skipped, 0);
    assert_ptr_equal(done_at(30), &tc); /* re-released at once */
    assert_int_equal(tc.release, 30);
    assert_int_equal(tc.deadline, 330);
    assert_ptr_equal(done_at(40), fw_sched_idle());
    assert_int_equal(tc.stats.runs, 2);
    assert_int_equal(tc.stats.releases, 2);
}

static void test_wraparound(void **state)
{
    (void)state;
    /* b's deadline is past the wrap (0xF4), a's before it (0xFFFFFFE8):
     * a must run first although its deadline is numerically larger. */
    stub_now = 0xFFFFFC00u;
    fw_sched_release(&ta, 0xFFFFFC00u); /* deadline 0xFFFFFFE8 */
    fw_sched_release(&tb, 0xFFFFFF00u); /* deadline 0x000000F4 */
    assert_ptr_equal(switch_now(), &ta);
    assert_ptr_equal(done_at(0xFFFFFFF0u), &tb); /* 8 cycles late */
    assert_int_equal(ta.stats.misses, 1);
    assert_int_equal(ta.stats.last, 0x3F0);
    assert_ptr_equal(done_at(0xF0), fw_sched_idle()); /* in time */
    assert_int_equal(tb.stats.misses, 0);
    assert_int_equal(tb.stats.last, 0x100); /* accounting across wrap */
}

static void test_random_releases_run_in_edf_order(void **state)
{
    static uint8_t st[16][1024] __attribute__((aligned(16)));
    static struct fw_task t[16];
    uint32_t i, now = 0xFFF00000u, last;
    (void)state;
    srand(7);
    for (i = 0; i < 16; i++) {
        struct fw_task_config c = { .name = "r",
                                    .job = job,
                                    .stack = st[i],
                                    .stack_size = 1024,
                                    .period = 0,
                                    .deadline = 1 +
                                                (uint32_t)rand() % 0x300000 };
        assert_int_equal(fw_task_init(&t[i], &c), 0);
    }
    stub_now = now;
    for (i = 0; i < 16; i++)
        fw_sched_release(&t[i], now);
    switch_now();
    last = 0;
    for (i = 0; i < 16; i++) {
        struct fw_task *cur = fw_sched_current();
        assert_false(cur->is_idle);
        assert_true(cur->deadline - now >= last); /* nondecreasing */
        last = cur->deadline - now;
        done_at(now + 10 * (i + 1));
    }
    assert_ptr_equal(fw_sched_current(), fw_sched_idle());
}


/* The stack guard (issue 14): a task whose lowest FW_TASK_STACK_GUARD
 * bytes changed panics (fw_panic_stack) when the scheduler switches away
 * from it; an intact guard and the idle task pass. */
extern uintptr_t stub_stack_guard;
extern uint32_t stub_stack_task;
static void test_stack_guard(void **state)
{
    (void)state;
    stub_now = 0;
    for (unsigned i = 0; i < FW_TASK_STACK_GUARD / 4u; i++)
        assert_int_equal(((uint32_t *)(void *)stacks[0])[i],
                         FW_TASK_STACK_PATTERN);
    assert_int_equal(fw_task_stack_overflow(&ta), 0);
    assert_int_equal(fw_task_stack_overflow(fw_sched_idle()), 0);
    fw_sched_release(&ta, 0);
    assert_ptr_equal(switch_now(), &ta);
    fw_sched_release(&tb, 0);            /* earlier deadline: preempts */
    assert_ptr_equal(switch_now(), &tb); /* a's guard intact: fine */
    /* b overruns its stack into the guard's top word */
    stacks[1][FW_TASK_STACK_GUARD - 1] ^= 0x40;
    assert_int_equal(fw_task_stack_overflow(&tb),
                     (uintptr_t)&stacks[1][FW_TASK_STACK_GUARD - 4]);
    stub_now = 50;
    fw_sched_job_done();
    expect_assert_failure(switch_now());
    assert_int_equal(stub_stack_task, tb.id);
    assert_int_equal(stub_stack_guard,
                     (uintptr_t)&stacks[1][FW_TASK_STACK_GUARD - 4]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_config, setup),
        cmocka_unit_test_setup(test_edf_order_and_preemption, setup),
        cmocka_unit_test_setup(test_miss_at_completion, setup),
        cmocka_unit_test_setup(test_overrun_skips_release_and_counts_once,
                               setup),
        cmocka_unit_test_setup(test_sporadic_pending, setup),
        cmocka_unit_test_setup(test_wraparound, setup),
        cmocka_unit_test_setup(test_random_releases_run_in_edf_order, setup),
        cmocka_unit_test_setup(test_stack_guard, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Work queue: FIFO order, no item lost when submitted from "interrupts"
 * interleaved with the worker, busy items refused and counted, items may
 * resubmit themselves, the worker task is released on submit. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "arch_stub.h"
#include "fw/sched.h"
#include "fw/task.h"
#include "fw/workq.h"

static uint32_t ran[4096], nran;
static void record(struct fw_work *w)
{
    ran[nran++] = w->arg;
}

static void test_fifo_and_busy(void **state)
{
    struct fw_workq q;
    struct fw_work w[5];
    unsigned i;
    (void)state;
    stub_reset();
    nran = 0;
    fw_workq_init(&q, NULL);
    for (i = 0; i < 5; i++) {
        fw_work_init(&w[i], record, i);
        assert_int_equal(fw_workq_submit(&q, &w[i]), 0);
    }
    assert_int_equal(fw_workq_submit(&q, &w[2]), -1); /* still queued */
    assert_int_equal(q.busy, 1);
    assert_int_equal(q.depth, 5);
    assert_int_equal(fw_workq_run(&q), 5);
    for (i = 0; i < 5; i++)
        assert_int_equal(ran[i], i);
    assert_int_equal(q.done, 5);
    assert_int_equal(q.submitted, 5);
    assert_int_equal(q.max_depth, 5);
    assert_int_equal(q.depth, 0);
    assert_null(fw_workq_pop(&q));
    assert_int_equal(stub_lock_depth, 0);
}

static struct fw_workq *self_q;
static void again(struct fw_work *w)
{
    ran[nran++] = w->arg;
    if (w->arg--)
        assert_int_equal(fw_workq_submit(self_q, w), 0);
}

static void test_resubmit_from_own_function(void **state)
{
    struct fw_workq q;
    struct fw_work w;
    (void)state;
    nran = 0;
    fw_workq_init(&q, NULL);
    self_q = &q;
    fw_work_init(&w, again, 3);
    fw_workq_submit(&q, &w);
    assert_int_equal(fw_workq_run(&q), 4);
    assert_int_equal(nran, 4);
}

/* Interrupts (submits) land at random points between the worker's pops:
 * every successfully submitted item runs exactly once, in order. */
static void test_interleaved_storm(void **state)
{
    struct fw_workq q;
    static struct fw_work pool[64];
    uint32_t seq = 0, expect = 0, i, accepted = 0;
    struct fw_work *w;
    (void)state;
    srand(5);
    nran = 0;
    fw_workq_init(&q, NULL);
    for (i = 0; i < 64; i++)
        fw_work_init(&pool[i], record, 0);
    while (seq < 4000) {
        unsigned burst = (unsigned)rand() % 40;
        while (burst-- && seq < 4000) {
            struct fw_work *it = &pool[seq % 64];
            if (it->queued) { /* slot still queued: refused, not lost */
                assert_int_equal(fw_workq_submit(&q, it), -1);
                break;
            }
            it->arg = seq;
            assert_int_equal(fw_workq_submit(&q, it), 0);
            accepted++;
            seq++;
        }
        for (i = (unsigned)rand() % 50; i && (w = fw_workq_pop(&q)); i--) {
            w->fn(w);
            q.done++;
        }
    }
    fw_workq_run(&q);
    assert_int_equal(accepted, 4000);
    assert_int_equal(q.done, 4000);
    assert_int_equal(nran, 4000);
    for (i = 0; i < nran; i++)
        assert_int_equal(ran[i], expect++);
    assert_true(q.max_depth <= 64);
}

static void test_worker_released(void **state)
{
    static uint8_t stack[1024] __attribute__((aligned(16)));
    struct fw_task worker;
    struct fw_workq q;
    struct fw_work w;
    struct fw_task_config c = { .name = "worker",
                                .job = fw_workq_job,
                                .arg = &q,
                                .stack = stack,
                                .stack_size = sizeof stack,
                                .deadline = 50 };
    (void)state;
    stub_reset();
    fw_sched_init();
    assert_int_equal(fw_task_init(&worker, &c), 0);
    fw_workq_init(&q, &worker);
    fw_work_init(&w, record, 9);
    stub_in_isr = 1;
    stub_now = 1000;
    fw_workq_submit(&q, &w);
    assert_int_equal(worker.state, FW_TASK_READY);
    assert_int_equal(worker.deadline, 1050);
    fw_sched_switch(fw_sched_current()->ctx);
    assert_ptr_equal(fw_sched_current(), &worker);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fifo_and_busy),
        cmocka_unit_test(test_resubmit_from_own_function),
        cmocka_unit_test(test_interleaved_storm),
        cmocka_unit_test(test_worker_released),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

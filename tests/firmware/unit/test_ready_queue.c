/* SPDX-License-Identifier: BSD-3-Clause */
/* EDF ready queue: order by absolute deadline, wrap-safe near 0xFFFFFFFF,
 * FIFO among equal deadlines, removal anywhere. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "fw/sched.h"

#define N 200

static struct fw_task tasks[N];

static uint32_t rnd(void)
{
    return ((uint32_t)rand() << 16) ^ (uint32_t)rand();
}

/* The queue is sorted by (deadline - base) and has `count` linked tasks. */
static void check_sorted(const struct fw_ready_queue *q, uint32_t base,
                         uint32_t count)
{
    const struct fw_task *t, *prev = NULL;
    uint32_t n = 0;

    for (t = fw_rq_first(q); t; prev = t, t = fw_rq_next(t), n++) {
        assert_ptr_equal(t->rq_node.prev, prev ? &prev->rq_node : NULL);
        if (prev)
            assert_true(prev->deadline - base <= t->deadline - base);
    }
    assert_int_equal(n, count);
    assert_int_equal(fw_rq_count(q), count);
}

static void random_deadlines_around(uint32_t base)
{
    struct fw_ready_queue q;
    uint32_t i, count = 0;

    fw_rq_init(&q);
    for (i = 0; i < N; i++) {
        tasks[i] = (struct fw_task){ .id = i };
        tasks[i].deadline = base + (rnd() & 0x3FFFFFFF); /* < 2^30 ahead */
        fw_rq_insert(&q, &tasks[i]);
        count++;
        check_sorted(&q, base, count);
    }
    for (i = 0; i < N; i += 3) { /* remove every third */
        fw_rq_remove(&q, &tasks[i]);
        count--;
    }
    check_sorted(&q, base, count);
    while (fw_rq_first(&q)) { /* pop in order */
        uint32_t d = fw_rq_first(&q)->deadline;
        fw_rq_remove(&q, fw_rq_first(&q));
        count--;
        if (fw_rq_first(&q))
            assert_false(fw_time_before(fw_rq_first(&q)->deadline, d));
    }
    assert_int_equal(count, 0);
}

static void test_random_deadlines(void **state)
{
    (void)state;
    srand(1);
    random_deadlines_around(0);
    random_deadlines_around(0x12345678);
}

static void test_wraparound(void **state)
{
    (void)state;
    srand(2);
    /* The cycle counter wraps while these jobs are queued: deadlines from
     * 0xF0000000 to ~0x2FFFFFFF must come out in time order. */
    random_deadlines_around(0xF0000000u);
    random_deadlines_around(0xFFFFFFF0u);
}

static void test_wrap_pair(void **state)
{
    struct fw_ready_queue q;

    (void)state;
    fw_rq_init(&q);
    tasks[0] = (struct fw_task){ .deadline = 0x00000010u };
    tasks[1] = (struct fw_task){ .deadline = 0xFFFFFFF0u };
    tasks[2] = (struct fw_task){ .deadline = 0x70000000u };
    fw_rq_insert(&q, &tasks[0]);
    fw_rq_insert(&q, &tasks[1]);
    fw_rq_insert(&q, &tasks[2]);
    /* 0xFFFFFFF0 is 32 cycles before 0x10, 0x70000000 long after it */
    assert_ptr_equal(fw_rq_first(&q), &tasks[1]);
    assert_ptr_equal(fw_rq_next(fw_rq_first(&q)), &tasks[0]);
    assert_ptr_equal(fw_rq_next(fw_rq_next(fw_rq_first(&q))), &tasks[2]);
    assert_true(fw_time_before(0xFFFFFFFFu, 0));
    assert_false(fw_time_before(0, 0xFFFFFFFFu));
    assert_false(fw_time_before(5, 5));
}

static void test_equal_deadlines_fifo(void **state)
{
    struct fw_ready_queue q;
    const struct fw_task *t;
    uint32_t i;

    (void)state;
    fw_rq_init(&q);
    for (i = 0; i < 10; i++) {
        tasks[i] = (struct fw_task){ .id = i, .deadline = i < 5 ? 100 : 50 };
        fw_rq_insert(&q, &tasks[i]);
    }
    /* 5..9 (deadline 50) then 0..4 (deadline 100), each in insertion order */
    for (t = fw_rq_first(&q), i = 0; t; t = fw_rq_next(t), i++)
        assert_int_equal(t->id, i < 5 ? i + 5 : i - 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_deadlines),
        cmocka_unit_test(test_wraparound),
        cmocka_unit_test(test_wrap_pair),
        cmocka_unit_test(test_equal_deadlines_fifo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

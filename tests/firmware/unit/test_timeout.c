/* SPDX-License-Identifier: BSD-3-Clause */
/* Timeout queue and timer service: sorted expiry, wrap-safe expiry near
 * 0xFFFFFFFF, one-shot reprogramming for the earliest expiry, cancel. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "arch_stub.h"
#include "fw/timer.h"

#define N 100
static struct fw_timeout tos[N];
static uint32_t fired_order[N], nfired;

static void on_fire(struct fw_timeout *to)
{
    fired_order[nfired++] = (uint32_t)(to - tos);
}

static void test_queue_order_and_wrap(void **state)
{
    struct fw_timeout_queue q;
    struct fw_timeout *to;
    uint32_t base = 0xFFFFF000u, i, last = 0, n = 0, e;

    (void)state;
    srand(3);
    fw_tq_init(&q);
    for (i = 0; i < N; i++)
        fw_tq_add(&q, &tos[i], base + (uint32_t)(rand() % 0x4000));
    assert_int_equal(fw_tq_count(&q), N);
    /* nothing expired before the head */
    assert_true(fw_tq_next(&q, &e));
    assert_null(fw_tq_pop_expired(&q, e - 1));
    /* pop everything at base + 0x4000 (after the wrap): in order */
    while ((to = fw_tq_pop_expired(&q, base + 0x4000)) != NULL) {
        uint32_t rel = to->expiry - base;
        assert_true(rel >= last);
        assert_false(to->queued);
        last = rel;
        n++;
    }
    assert_int_equal(n, N);
    assert_int_equal(fw_tq_count(&q), 0);
    assert_false(fw_tq_next(&q, &e));
}

static void test_readd_and_remove(void **state)
{
    struct fw_timeout_queue q;
    uint32_t e;

    (void)state;
    fw_tq_init(&q);
    fw_tq_add(&q, &tos[0], 100);
    fw_tq_add(&q, &tos[1], 200);
    fw_tq_add(&q, &tos[0], 300); /* re-add moves it */
    assert_int_equal(fw_tq_count(&q), 2);
    assert_true(fw_tq_next(&q, &e));
    assert_int_equal(e, 200);
    assert_int_equal(fw_tq_remove(&q, &tos[1]), 1);
    assert_int_equal(fw_tq_remove(&q, &tos[1]), 0);
    assert_true(fw_tq_next(&q, &e));
    assert_int_equal(e, 300);
    /* equal expiries fire in insertion order */
    fw_tq_add(&q, &tos[2], 300);
    assert_ptr_equal(fw_tq_pop_expired(&q, 300), &tos[0]);
    assert_ptr_equal(fw_tq_pop_expired(&q, 300), &tos[2]);
}

static void test_timer_service(void **state)
{
    uint32_t i;

    (void)state;
    stub_reset();
    nfired = 0;
    stub_now = 0xFFFFFF00u;
    fw_timer_init();
    assert_false(stub_timer_armed);
    fw_timer_add(&tos[0], 0xFFFFFF00u + 1000, on_fire); /* after the wrap */
    assert_true(stub_timer_armed);
    assert_int_equal(stub_timer_when, 0xFFFFFF00u + 1000);
    fw_timer_add(&tos[1], 0xFFFFFF00u + 500, on_fire); /* new head */
    assert_int_equal(stub_timer_when, 0xFFFFFF00u + 500);
    fw_timer_add(&tos[2], 0xFFFFFF00u + 2000, on_fire); /* not the head */
    assert_int_equal(stub_timer_when, 0xFFFFFF00u + 500);

    /* interrupt at the first expiry: fires 1, programs 0's expiry */
    stub_in_isr = 1;
    stub_now = 0xFFFFFF00u + 500;
    fw_timer_isr(NULL);
    assert_int_equal(nfired, 1);
    assert_int_equal(fired_order[0], 1);
    assert_int_equal(stub_timer_when, 0xFFFFFF00u + 1000);
    /* late interrupt past both remaining expiries: both fire, in order */
    stub_now = 0xFFFFFF00u + 2500;
    fw_timer_isr(NULL);
    assert_int_equal(nfired, 3);
    assert_int_equal(fired_order[1], 0);
    assert_int_equal(fired_order[2], 2);
    assert_false(stub_timer_armed); /* queue empty: timer off */
    stub_in_isr = 0;

    /* cancel the head: the timer moves to the next one */
    fw_timer_add(&tos[3], stub_now + 100, on_fire);
    fw_timer_add(&tos[4], stub_now + 200, on_fire);
    assert_int_equal(fw_timer_cancel(&tos[3]), 1);
    assert_int_equal(stub_timer_when, stub_now + 200);
    assert_int_equal(fw_timer_cancel(&tos[4]), 1);
    assert_false(stub_timer_armed);

    /* adding an already-due timeout from a task: pushed a little ahead */
    fw_timer_add(&tos[5], stub_now - 10, on_fire);
    assert_int_equal(stub_timer_when, stub_now + FW_TIMER_MIN_LEAD);
    stub_in_isr = 1;
    fw_timer_isr(NULL);
    assert_int_equal(nfired, 4);
    stub_in_isr = 0;
    for (i = 0; i < 4; i++)
        assert_true(fired_order[i] < 6);
    assert_int_equal(stub_lock_depth, 0);
}

/* A timeout function that re-arms itself for "now" (already due) inside
 * the ISR: the ISR loop must run it again instead of leaving it stuck. */
static unsigned rearm_left;
static void rearm(struct fw_timeout *to)
{
    nfired++;
    if (--rearm_left)
        fw_timer_add(to, stub_now, rearm);
}

static void test_isr_catches_due_rearm(void **state)
{
    (void)state;
    stub_reset();
    nfired = 0;
    fw_timer_init();
    rearm_left = 5;
    fw_timer_add(&tos[0], 10, rearm);
    stub_in_isr = 1;
    stub_now = 10;
    fw_timer_isr(NULL);
    assert_int_equal(nfired, 5);
    assert_false(stub_timer_armed);
    assert_true(fw_timer_stats()->late >= 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_queue_order_and_wrap),
        cmocka_unit_test(test_readd_and_remove),
        cmocka_unit_test(test_timer_service),
        cmocka_unit_test(test_isr_catches_due_rearm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

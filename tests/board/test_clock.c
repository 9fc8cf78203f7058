/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the discrete-event clock. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "dspsim/clock.h"

typedef struct log {
    int ids[32];
    uint64_t at[32], now[32];
    int n;
    ds_clock *clk;
} log_t;

typedef struct ev {
    log_t *log;
    int id;
} ev;

static void record(void *user, uint64_t at)
{
    ev *e = user;
    log_t *l = e->log;
    l->ids[l->n] = e->id;
    l->at[l->n] = at;
    l->now[l->n] = ds_clock_now(l->clk);
    l->n++;
}

static void test_order_and_ties(void **state)
{
    (void)state;
    ds_clock *clk = ds_clock_new();
    log_t l = { .clk = clk };
    ev e[6];
    uint64_t times[6] = { 50, 10, 50, 30, 10, 50 };
    for (int i = 0; i < 6; i++) {
        e[i] = (ev){ &l, i };
        assert_int_not_equal(ds_clock_schedule(clk, times[i], record, &e[i]),
                             0);
    }
    assert_int_equal(ds_clock_pending(clk), 6);
    assert_int_equal(ds_clock_next(clk), 10);
    assert_int_equal(ds_clock_run_due(clk, 9), 0);
    assert_int_equal(ds_clock_run_due(clk, 30), 3);
    assert_int_equal(ds_clock_next(clk), 50);
    assert_int_equal(ds_clock_advance(clk, 100), 3);
    /* by time, equal times in scheduling order */
    int want[6] = { 1, 4, 3, 0, 2, 5 };
    assert_int_equal(l.n, 6);
    for (int i = 0; i < 6; i++)
        assert_int_equal(l.ids[i], want[i]);
    /* without a time source, a callback sees its own time as now */
    assert_int_equal(l.now[0], 10);
    assert_int_equal(l.now[3], 50);
    assert_int_equal(ds_clock_now(clk), 100);
    assert_int_equal(ds_clock_next(clk), DS_CLOCK_NEVER);
    ds_clock_free(clk);
}

static void test_cancel(void **state)
{
    (void)state;
    ds_clock *clk = ds_clock_new();
    log_t l = { .clk = clk };
    ev e[3] = { { &l, 0 }, { &l, 1 }, { &l, 2 } };
    ds_event_id a = ds_clock_schedule(clk, 5, record, &e[0]);
    ds_event_id b = ds_clock_schedule(clk, 6, record, &e[1]);
    ds_clock_schedule(clk, 7, record, &e[2]);
    assert_true(ds_clock_cancel(clk, b));
    assert_false(ds_clock_cancel(clk, b));
    assert_false(ds_clock_cancel(clk, 0));
    ds_clock_advance(clk, 5);
    assert_false(ds_clock_cancel(clk, a)); /* already fired */
    ds_clock_advance(clk, 10);
    assert_int_equal(l.n, 2);
    assert_int_equal(l.ids[0], 0);
    assert_int_equal(l.ids[1], 2);
    ds_clock_free(clk);
}

/* A periodic event rescheduling itself from 'at', plus one scheduled in
 * the past from inside a callback: both fire in the same run_due. */
typedef struct periodic {
    ds_clock *clk;
    uint64_t period;
    int fired;
    uint64_t last;
} periodic;

static void tick(void *user, uint64_t at)
{
    periodic *p = user;
    p->fired++;
    p->last = at;
    ds_clock_schedule(p->clk, at + p->period, tick, p);
}

static void test_reentrant(void **state)
{
    (void)state;
    ds_clock *clk = ds_clock_new();
    periodic p = { clk, 7, 0, 0 };
    ds_clock_schedule(clk, 7, tick, &p);
    assert_int_equal(ds_clock_run_due(clk, 70), 10);
    assert_int_equal(p.fired, 10);
    assert_int_equal(p.last, 70);
    assert_int_equal(ds_clock_next(clk), 77);
    ds_clock_free(clk);
}

static uint64_t fake_now;
static uint64_t src(void *user)
{
    (void)user;
    return fake_now;
}
static uint64_t hooked;
static void hook(void *user, uint64_t at)
{
    (void)user;
    hooked = at;
}
static void nop(void *user, uint64_t at)
{
    (void)user;
    (void)at;
}

static void test_time_source_and_hook(void **state)
{
    (void)state;
    ds_clock *clk = ds_clock_new();
    ds_clock_set_time_source(clk, src, NULL);
    ds_clock_set_schedule_hook(clk, hook, NULL);
    fake_now = 1234;
    assert_int_equal(ds_clock_now(clk), 1234);
    ds_clock_schedule(clk, 2000, nop, NULL);
    assert_int_equal(hooked, 2000);
    assert_int_equal(ds_clock_schedule(clk, 1, NULL, NULL), 0); /* no fn */
    ds_clock_free(clk);
}

static void test_many(void **state)
{
    (void)state;
    /* heap growth and ordering with many events */
    ds_clock *clk = ds_clock_new();
    static log_t l;
    static ev e[32];
    l.clk = clk;
    for (int i = 0; i < 32; i++) {
        e[i] = (ev){ &l, i };
        ds_clock_schedule(clk, (uint64_t)((i * 7919) % 32), record, &e[i]);
    }
    ds_clock_advance(clk, 1000);
    assert_int_equal(l.n, 32);
    for (int i = 1; i < 32; i++)
        assert_true(l.at[i] >= l.at[i - 1]);
    ds_clock_free(clk);
}

static int hook_calls;
static uint64_t hook_at;
static void count_hook(void *user, uint64_t at)
{
    (void)user;
    hook_calls++;
    hook_at = at;
}

/* Lazy events: no hook call when scheduled, left out of the strict
 * horizon, fired in (time, sequence) order with the others; hardening
 * makes them ordinary (with a hook call each); cancelling and firing
 * keep the count of pending ones. */
static void test_lazy(void **state)
{
    (void)state;
    ds_clock *clk = ds_clock_new();
    log_t l = { .clk = clk };
    ev e[5];
    for (int i = 0; i < 5; i++)
        e[i] = (ev){ &l, i };
    ds_clock_set_schedule_hook(clk, count_hook, NULL);
    hook_calls = 0;
    assert_int_equal(ds_clock_next_strict(clk), DS_CLOCK_NEVER);
    ds_clock_schedule_lazy(clk, 10, record, &e[0]);
    ds_event_id lz = ds_clock_schedule_lazy(clk, 20, record, &e[1]);
    ds_clock_schedule(clk, 30, record, &e[2]);
    ds_clock_schedule_lazy(clk, 30, record, &e[3]);
    assert_int_equal(hook_calls, 1); /* only the ordinary one */
    assert_int_equal(ds_clock_lazy_pending(clk), 3);
    assert_int_equal(ds_clock_lazy_scheduled(clk), 3);
    assert_int_equal(ds_clock_next(clk), 10);
    assert_int_equal(ds_clock_next_strict(clk), 30);
    assert_true(ds_clock_cancel(clk, lz));
    assert_int_equal(ds_clock_lazy_pending(clk), 2);
    /* due lazy events fire in order before the horizon... */
    assert_int_equal(ds_clock_advance(clk, 15), 1);
    assert_int_equal(ds_clock_lazy_pending(clk), 1);
    /* ...and with the others, in sequence order at the same time */
    assert_int_equal(ds_clock_advance(clk, 30), 2);
    assert_int_equal(l.n, 3);
    assert_int_equal(l.ids[0], 0);
    assert_int_equal(l.ids[1], 2);
    assert_int_equal(l.ids[2], 3);
    assert_int_equal(l.at[2], 30);
    assert_int_equal(ds_clock_lazy_pending(clk), 0);
    /* hardening */
    ds_clock_schedule_lazy(clk, 40, record, &e[4]);
    ds_clock_schedule(clk, 60, record, &e[0]);
    assert_int_equal(ds_clock_next_strict(clk), 60);
    hook_calls = 0;
    ds_clock_harden(clk);
    assert_int_equal(hook_calls, 1);
    assert_int_equal(hook_at, 40);
    assert_int_equal(ds_clock_lazy_pending(clk), 0);
    assert_int_equal(ds_clock_next_strict(clk), 40);
    ds_clock_harden(clk); /* nothing left to harden */
    assert_int_equal(hook_calls, 1);
    /* a lazy event with a hard time: the horizon is that time, or an
     * earlier ordinary event; hardening makes it its own time */
    ds_clock_advance(clk, 60);
    ds_clock_schedule_lazy_until(clk, 70, 90, record, &e[2]);
    assert_int_equal(ds_clock_lazy_pending(clk), 1);
    assert_int_equal(ds_clock_next(clk), 70);
    assert_int_equal(ds_clock_next_strict(clk), 90);
    ds_clock_schedule(clk, 80, record, &e[3]);
    assert_int_equal(ds_clock_next_strict(clk), 80);
    assert_int_equal(ds_clock_advance(clk, 80), 2); /* 70 (lazy), 80 */
    ds_clock_schedule_lazy_until(clk, 100, 50, record, &e[4]); /* < at */
    assert_int_equal(ds_clock_next_strict(clk), 100);
    ds_clock_schedule_lazy_until(clk, 110, 130, record, &e[0]);
    assert_int_equal(ds_clock_next_strict(clk), 100);
    ds_clock_advance(clk, 100);
    assert_int_equal(ds_clock_next_strict(clk), 130);
    hook_calls = 0;
    ds_clock_harden(clk);
    assert_int_equal(hook_calls, 1);
    assert_int_equal(hook_at, 110);
    assert_int_equal(ds_clock_next_strict(clk), 110);
    ds_clock_advance(clk, 110);
    /* a load drops them */
    ds_clock_schedule_lazy(clk, 70, record, &e[1]);
    ds_clock_load_begin(clk, ds_clock_next_id(clk));
    assert_int_equal(ds_clock_lazy_pending(clk), 0);
    assert_int_equal(ds_clock_next_strict(clk), DS_CLOCK_NEVER);
    ds_clock_free(clk);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_and_ties),
        cmocka_unit_test(test_cancel),
        cmocka_unit_test(test_reentrant),
        cmocka_unit_test(test_time_source_and_hook),
        cmocka_unit_test(test_many),
        cmocka_unit_test(test_lazy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

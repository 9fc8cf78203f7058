/* SPDX-License-Identifier: BSD-3-Clause */
/* The sliced-run service (sim/run, dspsim/run.h): where slices end, when
 * each client is called, and that ds_run_cpu's runs — budgets from reset,
 * a pause, checkpoints, a debugger, lockstep — end where one xt_run with
 * the same budget ends.  Guest: the countdown loop of test_cpu_run.S. */
#include <string.h>

#include "dspsim/run.h"
#include "test_cpu_common.h"

/* A CPU in the countdown loop with a2 = n. */
static xt_cpu *loop_cpu(uint32_t n)
{
    xt_cpu *cpu = tc_open();
    tc_set_ar(cpu, 2, n);
    tc_set(cpu, XT_REG_PC, tc_sym("loop"));
    return cpu;
}

static void on_progress(void *user, uint64_t cycles, uint64_t insns);
static bool on_pause(void *user, uint64_t cycle);
static uint64_t on_checkpoint(void *user, uint64_t cycle);

static void test_slice_end(void **state)
{
    (void)state;
    ds_run *r = ds_run_new();
    assert_non_null(r);
    assert_int_equal(ds_run_slice_end(r, 100, 5000), 5000);
    assert_int_equal(ds_run_slice_end(r, 100, DS_RUN_NEVER), DS_RUN_NEVER);
    assert_false(ds_run_polled(r));
    ds_run_set_progress(r, on_progress, NULL, 1000);
    assert_true(ds_run_polled(r));
    assert_int_equal(ds_run_slice_end(r, 100, 5000), 1100);
    assert_int_equal(ds_run_slice_end(r, 100, 600), 600);
    ds_run_set_progress(r, NULL, NULL, 0);
    ds_run_set_pause(r, 300, on_pause, NULL);
    assert_int_equal(ds_run_next_point(r), 300);
    assert_int_equal(ds_run_slice_end(r, 100, 5000), 300);
    /* a point not after now does not cut the slice */
    assert_int_equal(ds_run_slice_end(r, 300, 5000), 5000);
    ds_run_set_checkpoint(r, 200, on_checkpoint, NULL);
    assert_int_equal(ds_run_slice_end(r, 100, 5000), 200);
    ds_run_set_horizon(r, 150);
    assert_int_equal(ds_run_slice_end(r, 100, 5000), 150);
    assert_int_equal(ds_run_next_point(r), 150);
    ds_run_set_horizon(r, DS_RUN_NEVER);
    ds_run_set_pause(r, 0, NULL, NULL);
    ds_run_set_checkpoint(r, 0, NULL, NULL);
    assert_int_equal(ds_run_next_point(r), DS_RUN_NEVER);
    ds_run_free(r);
}

/* The reference: one xt_run with the budgets. */
static void plain_run(uint32_t n, const ds_run_budget *b, xt_stop *why,
                      uint64_t *cycles, uint64_t *insns, uint32_t *a2)
{
    xt_cpu *cpu = loop_cpu(n);
    xt_run_opts o = { .max_cycles = b->max_cycles, .max_insns = b->max_insns };
    *why = tc_run_opts(cpu, &o);
    *cycles = xt_cycles(cpu);
    *insns = xt_insn_count(cpu);
    *a2 = tc_ar(cpu, 2);
    xt_close(cpu);
}

typedef struct calls {
    unsigned progress, pauses, checkpoints, polls;
    uint64_t pause_at, last_ckpt;
    uint64_t every;     /* checkpoint spacing */
    unsigned end_after; /* checkpoints before ds_run_end (0: never) */
    ds_run *r;
} calls;

static void on_progress(void *user, uint64_t cycles, uint64_t insns)
{
    calls *c = user;
    (void)insns;
    assert_true(cycles > 0);
    c->progress++;
}

static bool on_pause(void *user, uint64_t cycle)
{
    calls *c = user;
    c->pauses++;
    c->pause_at = cycle;
    return true;
}

static uint64_t on_checkpoint(void *user, uint64_t cycle)
{
    calls *c = user;
    assert_true(cycle >= c->last_ckpt + (c->checkpoints ? c->every : 0));
    c->checkpoints++;
    c->last_ckpt = cycle;
    if (c->end_after && c->checkpoints == c->end_after)
        ds_run_end(c->r);
    return cycle + c->every;
}

static void test_cpu_loop_same_end(void **state)
{
    (void)state;
    const ds_run_budget budgets[] = {
        { .max_cycles = 12345 },
        { .max_insns = 9999 },
        { .max_cycles = 50000, .max_insns = 7777 },
    };
    for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
        xt_stop pwhy;
        uint64_t pc, pn;
        uint32_t pa2;
        plain_run(100000, &budgets[i], &pwhy, &pc, &pn, &pa2);

        xt_cpu *cpu = loop_cpu(100000);
        ds_run *r = ds_run_new();
        calls c = { .every = 777, .r = r };
        ds_run_set_progress(r, on_progress, &c, 1000);
        ds_run_set_pause(r, 5000, on_pause, &c);
        ds_run_set_checkpoint(r, 0, on_checkpoint, &c);
        xt_stop why;
        assert_int_equal(ds_run_cpu(r, cpu, &budgets[i], &why), XT_OK);
        assert_int_equal(why, pwhy);
        assert_int_equal(xt_cycles(cpu), pc);
        assert_int_equal(xt_insn_count(cpu), pn);
        assert_int_equal(tc_ar(cpu, 2), pa2);
        /* the pause once, at the first boundary at or after 5000 (a
         * loop iteration is 2 or 3 cycles) */
        assert_int_equal(c.pauses, 1);
        assert_true(c.pause_at >= 5000 && c.pause_at < 5004);
        assert_true(c.checkpoints >= pc / 780);
        assert_true(c.progress >= pc / 1000);
        ds_run_free(r);
        xt_close(cpu);
    }
}

static void test_end_from_a_client(void **state)
{
    (void)state;
    xt_cpu *cpu = loop_cpu(1000000);
    ds_run *r = ds_run_new();
    calls c = { .every = 1000, .end_after = 3, .r = r };
    ds_run_set_checkpoint(r, 0, on_checkpoint, &c);
    ds_run_budget b = { .max_cycles = 1000000 };
    xt_stop why;
    assert_int_equal(ds_run_cpu(r, cpu, &b, &why), XT_OK);
    assert_int_equal(why, XT_STOP_REQUEST);
    assert_true(ds_run_ended(r));
    assert_int_equal(c.checkpoints, 3);
    assert_true(xt_cycles(cpu) >= 2000 && xt_cycles(cpu) < 2010);
    /* a new run clears the end */
    c.end_after = 0;
    assert_int_equal(ds_run_cpu(r, cpu, &b, &why), XT_OK);
    assert_int_equal(why, XT_STOP_CYCLE_BUDGET);
    ds_run_free(r);
    xt_close(cpu);
}

/* The debugger: a code hook asks for a stop in the loop (a2 = 1000); the
 * poll serves
 * it (true: the run goes on) or not (false: the run returns it). */
typedef struct dbg {
    xt_cpu *cpu;
    unsigned polls, served;
    bool serve;
    bool pending;
} dbg;

static void stop_hook(xt_cpu *cpu, uint32_t pc, unsigned len, void *user)
{
    dbg *d = user;
    (void)len;
    if (pc == tc_sym("loop_top") && tc_ar(cpu, 2) == 1000 && !d->pending &&
        !d->served) {
        d->pending = true;
        xt_stop_request(cpu);
    }
}

static bool dbg_poll(void *user)
{
    dbg *d = user;
    d->polls++;
    if (!d->pending)
        return false;
    d->pending = false;
    if (!d->serve)
        return false;
    d->served++;
    return true;
}

static void test_debugger(void **state)
{
    (void)state;
    for (int serve = 0; serve < 2; serve++) {
        xt_cpu *cpu = loop_cpu(4000);
        ds_run *r = ds_run_new();
        dbg d = { .cpu = cpu, .serve = serve };
        xt_hook h;
        assert_int_equal(
            xt_hook_add(cpu, &h, XT_HOOK_CODE, (void *)stop_hook, &d, 1, 0),
            XT_OK);
        ds_run_set_debugger(r, dbg_poll, &d, 500);
        ds_run_budget b = { .max_insns = 7000 };
        xt_stop why;
        assert_int_equal(ds_run_cpu(r, cpu, &b, &why), XT_OK);
        if (serve) {
            /* served in the loop, then on to the budget */
            assert_int_equal(d.served, 1);
            assert_int_equal(why, XT_STOP_INSN_BUDGET);
            assert_int_equal(xt_insn_count(cpu), 7000);
        } else {
            assert_int_equal(why, XT_STOP_REQUEST);
            assert_int_equal(tc_pc(cpu), tc_sym("loop_top"));
            assert_int_equal(tc_ar(cpu, 2), 1000);
        }
        /* polled at every slice's end (at most 500 cycles apart) */
        assert_true(d.polls >= xt_cycles(cpu) / 500);
        ds_run_free(r);
        xt_close(cpu);
    }
}

/* Lockstep: after every slice, final once at the end. */
typedef struct ls {
    unsigned calls, finals;
    xt_stop last;
} ls;

static bool ls_after(void *user, xt_stop why, bool final)
{
    ls *l = user;
    l->calls++;
    l->finals += final;
    l->last = why;
    return true;
}

static void test_lockstep_calls(void **state)
{
    (void)state;
    xt_cpu *cpu = loop_cpu(100000);
    ds_run *r = ds_run_new();
    ls l = { 0 };
    ds_run_set_lockstep(r, &(ds_run_lockstep){ .after_slice = ls_after }, &l);
    ds_run_set_progress(r, on_progress, &(calls){ 0 }, 1000);
    ds_run_budget b = { .max_cycles = 10000 };
    xt_stop why;
    assert_int_equal(ds_run_cpu(r, cpu, &b, &why), XT_OK);
    assert_int_equal(why, XT_STOP_CYCLE_BUDGET);
    assert_int_equal(l.finals, 1);
    assert_int_equal(l.last, XT_STOP_CYCLE_BUDGET);
    assert_true(l.calls >= 10);
    ds_run_free(r);
    xt_close(cpu);
}

/* The debugger at boundaries: after the other boundary clients, with its
 * own user; removed with the debugger. */
typedef struct order {
    unsigned seq, ckpt_at, dbg_at;
} order;

static uint64_t ordered_ckpt(void *user, uint64_t cycle)
{
    order *o = user;
    o->ckpt_at = ++o->seq;
    return cycle + 1000;
}

static void ordered_dbg(void *user, uint64_t cycle)
{
    order *o = user;
    (void)cycle;
    o->dbg_at = ++o->seq;
}

static bool never_poll(void *user)
{
    (void)user;
    return false;
}

static void test_debugger_at(void **state)
{
    (void)state;
    ds_run *r = ds_run_new();
    order o = { 0 };
    ds_run_set_debugger_at(r, ordered_dbg); /* no debugger yet: ignored */
    ds_run_boundary(r, 0, NULL);
    assert_int_equal(o.seq, 0);
    ds_run_set_debugger(r, never_poll, &o, 0);
    ds_run_set_debugger_at(r, ordered_dbg);
    ds_run_set_checkpoint(r, 0, ordered_ckpt, &o);
    ds_run_boundary(r, 5, NULL);
    assert_int_equal(o.ckpt_at, 1);
    assert_int_equal(o.dbg_at, 2);
    ds_run_set_debugger(r, NULL, NULL, 0);
    ds_run_boundary(r, 2000, NULL);
    assert_int_equal(o.dbg_at, 2); /* gone with the debugger */
    assert_int_equal(o.ckpt_at, 3);
    ds_run_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slice_end),
        cmocka_unit_test(test_cpu_loop_same_end),
        cmocka_unit_test(test_end_from_a_client),
        cmocka_unit_test(test_debugger),
        cmocka_unit_test(test_lockstep_calls),
        cmocka_unit_test(test_debugger_at),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

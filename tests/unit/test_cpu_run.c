/* SPDX-License-Identifier: BSD-3-Clause */
/* CPU engine API: run control (instruction and cycle budgets, the until
 * address, stop and exit requests), hooks (code hooks with ranges, memory
 * hooks, exception hooks, SIMCALL, deletion, nested-run refusal) and
 * xt_recent_pcs() after loops, exceptions and fatal stops.  Snippets:
 * test_cpu_run.S. */
#include <string.h>

#include "test_cpu_common.h"

/* ---- budgets and until -------------------------------------------------- */

static void test_run_args(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    xt_stop why;
    assert_int_equal(xt_run(NULL, NULL, &why), XT_ERR_ARG);
    assert_int_equal(xt_run(cpu, NULL, NULL), XT_ERR_ARG);
    assert_non_null(xt_strerror(XT_ERR_BUSY));
    assert_non_null(xt_stop_name(XT_STOP_IDLE));
    xt_close(cpu);
}

static void test_insn_budget(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    uint32_t n0 = tc_sym("nops16");
    tc_set(cpu, XT_REG_PC, n0);
    xt_run_opts o = { .max_insns = 5 };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_INSN_BUDGET);
    assert_int_equal(xt_insn_count(cpu), 5);
    assert_int_equal(tc_pc(cpu), n0 + 15);
    o.max_insns = 3; /* counted from this call */
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_INSN_BUDGET);
    assert_int_equal(xt_insn_count(cpu), 8);
    assert_int_equal(tc_pc(cpu), n0 + 24);

    /* in a loop with taken branches */
    tc_set_ar(cpu, 2, 100000);
    tc_set(cpu, XT_REG_PC, tc_sym("loop"));
    o.max_insns = 777;
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_INSN_BUDGET);
    assert_int_equal(xt_insn_count(cpu), 8 + 777);
    /* 777 = 388 iterations of addi+bnez, then one addi */
    assert_int_equal(tc_ar(cpu, 2), 100000 - 389);
    assert_int_equal(tc_pc(cpu), tc_sym("loop_top") + 3);
    o.max_insns = 1;
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_pc(cpu), tc_sym("loop_top"));
    xt_close(cpu);
}

static void test_cycle_budget(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    uint32_t n0 = tc_sym("nops16");
    tc_set(cpu, XT_REG_PC, n0);
    xt_run_opts o = { .max_cycles = 7 };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_CYCLE_BUDGET);
    assert_int_equal(xt_cycles(cpu), 7);
    assert_int_equal(xt_insn_count(cpu), 7);
    assert_int_equal(tc_pc(cpu), n0 + 21);
    o.max_cycles = 4;
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_CYCLE_BUDGET);
    assert_int_equal(xt_cycles(cpu), 11);
    assert_int_equal(xt_insn_count(cpu), 11);

    /* the first budget reached wins */
    tc_set(cpu, XT_REG_PC, n0);
    xt_run_opts both = { .max_cycles = 3, .max_insns = 5 };
    assert_int_equal(tc_run_opts(cpu, &both), XT_STOP_CYCLE_BUDGET);
    assert_int_equal(xt_insn_count(cpu), 14);
    both.max_cycles = 50;
    both.max_insns = 2;
    assert_int_equal(tc_run_opts(cpu, &both), XT_STOP_INSN_BUDGET);
    assert_int_equal(xt_insn_count(cpu), 16);

    /* with 3-cycle taken branches the budget ends at the first
     * instruction boundary at or after it */
    tc_set_ar(cpu, 2, 100000);
    tc_set(cpu, XT_REG_PC, tc_sym("loop"));
    uint64_t c0 = xt_cycles(cpu);
    o.max_cycles = 100;
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_CYCLE_BUDGET);
    assert_true(xt_cycles(cpu) >= c0 + 100);
    assert_true(xt_cycles(cpu) <= c0 + 102);
    /* addi (1) + taken bnez (3): 25 iterations are exactly 100 cycles */
    assert_int_equal(xt_cycles(cpu), c0 + 100);
    assert_int_equal(tc_ar(cpu, 2), 100000 - 25);
    xt_close(cpu);
}

static void test_until(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    uint32_t n0 = tc_sym("nops16");
    assert_int_equal(tc_run_from(cpu, n0, n0 + 9), XT_STOP_UNTIL);
    assert_int_equal(tc_pc(cpu), n0 + 9);
    assert_int_equal(xt_insn_count(cpu), 3);
    /* until inside a loop: stops the first time it is reached */
    tc_set_ar(cpu, 2, 10);
    assert_int_equal(tc_run_from(cpu, tc_sym("loop"), tc_sym("loop_top") + 3),
                     XT_STOP_UNTIL);
    assert_int_equal(tc_ar(cpu, 2), 9);
    /* an until that is never reached: the budget stops it */
    tc_set_ar(cpu, 2, 1000);
    tc_set(cpu, XT_REG_PC, tc_sym("loop"));
    xt_run_opts o = { .until = tc_sym("nops16"),
                      .use_until = true,
                      .max_insns = 50 };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_INSN_BUDGET);
    /* use_until = false ignores until */
    tc_set(cpu, XT_REG_PC, n0);
    xt_run_opts off = { .until = n0 + 3, .use_until = false, .max_insns = 4 };
    assert_int_equal(tc_run_opts(cpu, &off), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_pc(cpu), n0 + 12);
    xt_close(cpu);
}

/* ---- code hooks ----------------------------------------------------------- */

typedef struct code_log {
    uint32_t pc[64];
    unsigned len[64];
    unsigned n;
    uint32_t stop_at; /* request a stop the first time this PC is seen */
    bool stopped;
    xt_hook self; /* delete this hook when stop_at is reached */
    bool del_self;
} code_log;

static void code_cb(xt_cpu *cpu, uint32_t pc, unsigned len, void *user)
{
    code_log *l = user;
    if (l->n < 64) {
        l->pc[l->n] = pc;
        l->len[l->n] = len;
    }
    l->n++;
    if (pc == l->stop_at && !l->stopped) {
        l->stopped = true;
        xt_stop_request(cpu);
    }
    if (pc == l->stop_at && l->del_self)
        assert_int_equal(xt_hook_del(cpu, l->self), XT_OK);
}

static void test_code_hook_ranges(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    uint32_t n0 = tc_sym("nops16");
    code_log in_range = { 0 }, all = { 0 }, one = { 0 }, outside = { 0 };
    xt_hook h1, h2, h3, h4;
    assert_int_equal(xt_hook_add(cpu, &h1, XT_HOOK_CODE, (void *)code_cb,
                                 &in_range, n0 + 3, n0 + 9),
                     XT_OK);
    assert_int_equal(
        xt_hook_add(cpu, &h2, XT_HOOK_CODE, (void *)code_cb, &all, 1, 0),
        XT_OK);
    assert_int_equal(xt_hook_add(cpu, &h3, XT_HOOK_CODE, (void *)code_cb, &one,
                                 n0 + 45, n0 + 45),
                     XT_OK);
    assert_int_equal(xt_hook_add(cpu, &h4, XT_HOOK_CODE, (void *)code_cb,
                                 &outside, n0 + 1, n0 + 2),
                     XT_OK);
    assert_true(h1 && h2 && h3 && h4);
    assert_true(h1 != h2 && h2 != h3 && h3 != h4 && h1 != h4);
    assert_int_equal(tc_go(cpu, "nops16", "nops16_end"), XT_STOP_UNTIL);
    assert_int_equal(in_range.n, 3);
    for (unsigned i = 0; i < 3; i++) {
        assert_int_equal(in_range.pc[i], n0 + 3 + 3 * i);
        assert_int_equal(in_range.len[i], 3);
    }
    assert_int_equal(all.n, 16);
    for (unsigned i = 0; i < 16; i++)
        assert_int_equal(all.pc[i], n0 + 3 * i);
    assert_int_equal(one.n, 1);
    assert_int_equal(one.pc[0], n0 + 45);
    assert_int_equal(outside.n, 0); /* no instruction starts there */
    /* deleted hooks are not called again */
    assert_int_equal(xt_hook_del(cpu, h1), XT_OK);
    assert_int_equal(xt_hook_del(cpu, h3), XT_OK);
    assert_int_equal(xt_hook_del(cpu, h1), XT_ERR_HOOK);
    assert_int_equal(xt_hook_del(cpu, 0), XT_ERR_HOOK);
    assert_int_equal(xt_hook_del(cpu, 12345), XT_ERR_HOOK);
    assert_int_equal(tc_go(cpu, "nops16", "nops16_end"), XT_STOP_UNTIL);
    assert_int_equal(in_range.n, 3);
    assert_int_equal(one.n, 1);
    assert_int_equal(all.n, 32);
    assert_int_equal(xt_hook_del(cpu, h2), XT_OK);
    assert_int_equal(xt_hook_del(cpu, h4), XT_OK);
    assert_int_equal(tc_go(cpu, "nops16", "nops16_end"), XT_STOP_UNTIL);
    assert_int_equal(all.n, 32);
    assert_int_equal(xt_insn_count(cpu), 48);
    xt_close(cpu);
}

static void test_code_hook_lengths(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    code_log all = { 0 };
    xt_hook h;
    assert_int_equal(
        xt_hook_add(cpu, &h, XT_HOOK_CODE, (void *)code_cb, &all, 1, 0), XT_OK);
    assert_int_equal(tc_go(cpu, "rp_start", "kvec_2"), XT_STOP_UNTIL);
    const uint32_t loop = tc_sym("rp_loop"), bnez = tc_sym("rp_bnez");
    const uint32_t want[] = {
        tc_sym("rp_start"),
        loop,
        bnez,
        loop,
        bnez,
        tc_sym("rp_nopn"),
        tc_sym("rp_call"),
        tc_sym("rp_sub"),
        tc_sym("kvec"),
        tc_sym("kvec_1"),
    };
    const unsigned lens[] = { 3, 3, 3, 3, 3, 2, 3, 3, 3, 3 };
    assert_int_equal(all.n, 10);
    for (unsigned i = 0; i < 10; i++) {
        assert_int_equal(all.pc[i], want[i]);
        assert_int_equal(all.len[i], lens[i]);
    }
    xt_close(cpu);
}

static void test_stop_request_from_code_hook(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    uint32_t n0 = tc_sym("nops16");
    code_log l = { 0 };
    l.stop_at = n0 + 9;
    xt_hook h;
    assert_int_equal(
        xt_hook_add(cpu, &h, XT_HOOK_CODE, (void *)code_cb, &l, 1, 0), XT_OK);
    assert_int_equal(tc_go(cpu, "nops16", "nops16_end"), XT_STOP_REQUEST);
    /* stopped before the hooked instruction */
    assert_int_equal(tc_pc(cpu), n0 + 9);
    assert_int_equal(xt_insn_count(cpu), 3);
    /* resuming executes it */
    xt_run_opts o = { .until = tc_sym("nops16_end"), .use_until = true };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_UNTIL);
    assert_int_equal(xt_insn_count(cpu), 16);
    assert_int_equal(l.n, 4 + 13); /* n0+9 was hooked twice */

    /* a hook that deletes itself */
    code_log s = { 0 };
    s.stop_at = n0 + 6;
    s.stopped = true; /* no stop, only the deletion */
    s.del_self = true;
    assert_int_equal(
        xt_hook_add(cpu, &s.self, XT_HOOK_CODE, (void *)code_cb, &s, 1, 0),
        XT_OK);
    assert_int_equal(xt_hook_del(cpu, h), XT_OK);
    assert_int_equal(tc_go(cpu, "nops16", "nops16_end"), XT_STOP_UNTIL);
    assert_int_equal(s.n, 3);
    assert_int_equal(xt_hook_del(cpu, s.self), XT_ERR_HOOK);
    xt_close(cpu);
}

/* ---- memory hooks ------------------------------------------------------- */

typedef struct mem_ev {
    xt_hook_type type;
    uint32_t addr;
    unsigned size;
    uint32_t value;
} mem_ev;

typedef struct mem_log {
    mem_ev ev[32];
    unsigned n;
    bool stop;
} mem_log;

static void mem_cb(xt_cpu *cpu, xt_hook_type type, uint32_t addr, unsigned size,
                   uint32_t value, void *user)
{
    mem_log *l = user;
    if (l->n < 32)
        l->ev[l->n] = (mem_ev){ type, addr, size, value };
    l->n++;
    if (l->stop)
        xt_stop_request(cpu);
}

static void expect_ev(const mem_ev *e, xt_hook_type type, uint32_t addr,
                      unsigned size, uint32_t value)
{
    assert_int_equal(e->type, type);
    assert_int_equal(e->addr, addr);
    assert_int_equal(e->size, size);
    assert_int_equal(e->value, value);
}

static void test_mem_hooks(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    const uint32_t base = TC_DRAM + 0x200;
    mem_log rd = { 0 }, wr = { 0 }, rd16 = { 0 };
    xt_hook hr, hw, h16;
    assert_int_equal(
        xt_hook_add(cpu, &hr, XT_HOOK_MEM_READ, (void *)mem_cb, &rd, 1, 0),
        XT_OK);
    assert_int_equal(
        xt_hook_add(cpu, &hw, XT_HOOK_MEM_WRITE, (void *)mem_cb, &wr, 1, 0),
        XT_OK);
    assert_int_equal(xt_hook_add(cpu, &h16, XT_HOOK_MEM_READ, (void *)mem_cb,
                                 &rd16, base + 8, base + 9),
                     XT_OK);
    tc_set_ar(cpu, 2, base);
    tc_set_ar(cpu, 3, 0x1234ABCDu);
    assert_int_equal(tc_go(cpu, "mem_mix", "mem_mix_end"), XT_STOP_UNTIL);

    assert_int_equal(wr.n, 3);
    expect_ev(&wr.ev[0], XT_HOOK_MEM_WRITE, base, 4, 0x1234ABCDu);
    assert_int_equal(wr.ev[1].addr, base + 8);
    assert_int_equal(wr.ev[1].size, 2);
    assert_int_equal(wr.ev[2].addr, base + 13);
    assert_int_equal(wr.ev[2].size, 1);

    assert_int_equal(rd.n, 5);
    expect_ev(&rd.ev[0], XT_HOOK_MEM_READ, base, 4, 0x1234ABCDu);
    expect_ev(&rd.ev[1], XT_HOOK_MEM_READ, base + 8, 2, 0xABCD);
    expect_ev(&rd.ev[2], XT_HOOK_MEM_READ, base + 8, 2, 0xABCD);
    expect_ev(&rd.ev[3], XT_HOOK_MEM_READ, base + 13, 1, 0xCD);
    expect_ev(&rd.ev[4], XT_HOOK_MEM_READ, tc_sym("mem_lit"), 4, 0xCAFEF00Du);
    assert_int_equal(rd16.n, 2);
    expect_ev(&rd16.ev[0], XT_HOOK_MEM_READ, base + 8, 2, 0xABCD);

    /* the write hook sees the bytes stored, not the whole register */
    assert_int_equal(wr.ev[1].value, 0xABCD);
    assert_int_equal(wr.ev[2].value, 0xCD);

    assert_int_equal(tc_ar(cpu, 4), 0x1234ABCDu);
    assert_int_equal(tc_ar(cpu, 5), 0xABCD);
    /* with a memory hook every access takes the slow path; l16si still
     * sign-extends there (regression of the bug fixed in ae200ab) */
    assert_int_equal(tc_ar(cpu, 6), 0xFFFFABCDu);
    assert_int_equal(tc_ar(cpu, 7), 0xCD);
    assert_int_equal(tc_ar(cpu, 8), 0xCAFEF00Du);

    /* without hooks: same results, no calls */
    assert_int_equal(xt_hook_del(cpu, hr), XT_OK);
    assert_int_equal(xt_hook_del(cpu, hw), XT_OK);
    assert_int_equal(xt_hook_del(cpu, h16), XT_OK);
    tc_set_ar(cpu, 6, 0);
    assert_int_equal(tc_go(cpu, "mem_mix", "mem_mix_end"), XT_STOP_UNTIL);
    assert_int_equal(rd.n, 5);
    assert_int_equal(wr.n, 3);
    assert_int_equal(tc_ar(cpu, 6), 0xFFFFABCDu); /* fast path */
    xt_close(cpu);
}

static void test_stop_request_from_mem_hook(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    const uint32_t base = TC_DRAM + 0x200;
    mem_log wr = { 0 };
    wr.stop = true;
    xt_hook hw;
    assert_int_equal(xt_hook_add(cpu, &hw, XT_HOOK_MEM_WRITE, (void *)mem_cb,
                                 &wr, base + 8, base + 8),
                     XT_OK);
    tc_set_ar(cpu, 2, base);
    tc_set_ar(cpu, 3, 0x77);
    assert_int_equal(tc_go(cpu, "mem_mix", "mem_mix_end"), XT_STOP_REQUEST);
    /* the store completed; the run stopped before the next instruction */
    assert_int_equal(tc_pc(cpu), tc_sym("mem_mix") + 6);
    assert_int_equal(xt_insn_count(cpu), 2);
    uint16_t h = 0;
    assert_int_equal(xt_mem_read(cpu, base + 8, &h, 2), XT_OK);
    assert_int_equal(h, 0x77);
    xt_close(cpu);
}

/* ---- exception and SIMCALL hooks ----------------------------------------- */

typedef struct exc_log {
    unsigned cause[8];
    uint32_t pc[8], vec[8];
    unsigned n;
} exc_log;

static void exc_cb(xt_cpu *cpu, unsigned cause, uint32_t pc, uint32_t vector,
                   void *user)
{
    (void)cpu;
    exc_log *l = user;
    if (l->n < 8) {
        l->cause[l->n] = cause;
        l->pc[l->n] = pc;
        l->vec[l->n] = vector;
    }
    l->n++;
}

static void test_exception_hook(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    exc_log a = { 0 }, b = { 0 };
    xt_hook ha, hb;
    assert_int_equal(
        xt_hook_add(cpu, &ha, XT_HOOK_EXCEPTION, (void *)exc_cb, &a, 1, 0),
        XT_OK);
    assert_int_equal(
        xt_hook_add(cpu, &hb, XT_HOOK_EXCEPTION, (void *)exc_cb, &b, 1, 0),
        XT_OK);
    assert_int_equal(tc_go(cpu, "sc", "kvec"), XT_STOP_UNTIL);
    assert_int_equal(a.n, 1);
    assert_int_equal(b.n, 1);
    assert_int_equal(a.cause[0], XT_EXC_SYSCALL);
    assert_int_equal(a.pc[0], tc_sym("sc"));
    assert_int_equal(a.vec[0], TC_VEC_KERNEL);
    /* the handler's ill is a double exception */
    assert_int_equal(tc_run_from(cpu, tc_pc(cpu), TC_VEC_DOUBLE),
                     XT_STOP_UNTIL);
    assert_int_equal(a.n, 2);
    assert_int_equal(a.cause[1], XT_HOOK_EXC_DOUBLE | XT_EXC_ILLEGAL);
    assert_int_equal(a.pc[1], tc_sym("kvec_2"));
    assert_int_equal(a.vec[1], TC_VEC_DOUBLE);
    /* a level-1 interrupt */
    tc_set_sr(cpu, XT_SR_PS, 0);
    tc_set_sr(cpu, XT_SR_INTENABLE, 1u << 8);
    xt_irq_set(cpu, 8, true);
    assert_int_equal(tc_run_from(cpu, tc_sym("nops16"), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    assert_int_equal(a.n, 3);
    assert_int_equal(a.cause[2], XT_EXC_LEVEL1_INT);
    assert_int_equal(a.pc[2], tc_sym("nops16"));
    assert_int_equal(a.vec[2], TC_VEC_KERNEL);
    assert_int_equal(xt_hook_del(cpu, hb), XT_OK);
    assert_int_equal(b.n, 3);
    xt_close(cpu);
}

typedef struct sim_log {
    unsigned n;
    uint32_t pc;
    uint32_t a2;
} sim_log;

static void simcall_cb(xt_cpu *cpu, void *user)
{
    sim_log *l = user;
    l->n++;
    l->pc = tc_pc(cpu);
    l->a2 = tc_ar(cpu, 2);
    tc_set_ar(cpu, 2, l->a2 * 10);
}

static void test_simcall(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    /* without a hook: IllegalInstruction at the simcall */
    assert_int_equal(tc_go(cpu, "sim", "kvec"), XT_STOP_UNTIL);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_ILLEGAL);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("sim_call"));
    assert_int_equal(tc_ar(cpu, 2), 5);

    /* with one: the hook runs and execution continues after the simcall */
    tc_set_sr(cpu, XT_SR_PS, 0);
    sim_log l = { 0 };
    xt_hook h;
    assert_int_equal(
        xt_hook_add(cpu, &h, XT_HOOK_SIMCALL, (void *)simcall_cb, &l, 1, 0),
        XT_OK);
    uint64_t i0 = xt_insn_count(cpu);
    assert_int_equal(tc_go(cpu, "sim", "sim_end"), XT_STOP_UNTIL);
    assert_int_equal(l.n, 1);
    assert_int_equal(l.a2, 5);
    assert_int_equal(l.pc, tc_sym("sim_next"));
    assert_int_equal(tc_ar(cpu, 2), 51);
    assert_int_equal(xt_insn_count(cpu) - i0, 3);
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0); /* no exception */

    /* deleted: illegal again */
    assert_int_equal(xt_hook_del(cpu, h), XT_OK);
    assert_int_equal(tc_go(cpu, "sim", "kvec"), XT_STOP_UNTIL);
    assert_int_equal(l.n, 1);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_ILLEGAL);
    xt_close(cpu);
}

static void exit_simcall_cb(xt_cpu *cpu, void *user)
{
    (void)user;
    xt_request_exit(cpu, (int)tc_ar(cpu, 2));
}

static void test_exit_request(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    xt_hook h;
    assert_int_equal(xt_hook_add(cpu, &h, XT_HOOK_SIMCALL,
                                 (void *)exit_simcall_cb, NULL, 1, 0),
                     XT_OK);
    assert_int_equal(tc_go(cpu, "sim", "sim_end"), XT_STOP_EXIT);
    assert_int_equal(xt_exit_status(cpu), 5);
    assert_int_equal(tc_pc(cpu), tc_sym("sim_next"));
    xt_close(cpu);
}

/* ---- API calls refused while running ------------------------------------ */

typedef struct busy_log {
    unsigned n;
    xt_err run, map, timing;
} busy_log;

static void busy_cb(xt_cpu *cpu, uint32_t pc, unsigned len, void *user)
{
    (void)pc;
    (void)len;
    busy_log *b = user;
    if (b->n++)
        return;
    xt_stop why;
    xt_run_opts o = { .max_insns = 1 };
    b->run = xt_run(cpu, &o, &why);
    xt_region_desc d = {
        .name = "x", .base = 0x70000000u, .size = 0x1000, .kind = XT_REGION_RAM
    };
    b->map = xt_map(cpu, &d);
    xt_timing t;
    xt_timing_default(&t);
    b->timing = xt_timing_set(cpu, &t);
}

static void test_busy(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    busy_log b = { 0 };
    xt_hook h;
    assert_int_equal(
        xt_hook_add(cpu, &h, XT_HOOK_CODE, (void *)busy_cb, &b, 1, 0), XT_OK);
    assert_int_equal(tc_go(cpu, "nops16", "nops16_end"), XT_STOP_UNTIL);
    assert_int_equal(b.run, XT_ERR_BUSY);
    assert_int_equal(b.map, XT_ERR_BUSY);
    assert_int_equal(b.timing, XT_ERR_BUSY);
    assert_int_equal(xt_insn_count(cpu), 16); /* the outer run went on */
    assert_null(xt_region_name(cpu, 0x70000000u));
    /* and once it returned, the calls work */
    xt_region_desc d = {
        .name = "x", .base = 0x70000000u, .size = 0x1000, .kind = XT_REGION_RAM
    };
    assert_int_equal(xt_map(cpu, &d), XT_OK);
    xt_close(cpu);
}

static void test_hook_add_args(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    xt_hook h;
    code_log l = { 0 };
    assert_int_equal(xt_hook_add(cpu, &h, XT_HOOK_CODE, NULL, &l, 1, 0),
                     XT_ERR_ARG);
    assert_int_equal(
        xt_hook_add(cpu, NULL, XT_HOOK_CODE, (void *)code_cb, &l, 1, 0),
        XT_ERR_ARG);
    assert_int_equal(
        xt_hook_add(cpu, &h, (xt_hook_type)99, (void *)code_cb, &l, 1, 0),
        XT_ERR_ARG);
    assert_int_equal(
        xt_hook_add(NULL, &h, XT_HOOK_CODE, (void *)code_cb, &l, 1, 0),
        XT_ERR_ARG);
    xt_close(cpu);
}

/* ---- recent PCs ----------------------------------------------------------- */

static void test_recent_pcs_loop_call_exception(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    assert_int_equal(tc_go(cpu, "rp_start", "kvec_2"), XT_STOP_UNTIL);
    const uint32_t loop = tc_sym("rp_loop"), bnez = tc_sym("rp_bnez");
    const uint32_t want[] = {
        tc_sym("rp_start"),
        loop,
        bnez,
        loop,
        bnez,
        tc_sym("rp_nopn"),
        tc_sym("rp_call"),
        tc_sym("rp_sub"),
        tc_sym("kvec"),
        tc_sym("kvec_1"),
    };
    uint32_t got[40];
    memset(got, 0, sizeof got);
    assert_int_equal(xt_recent_pcs(cpu, got, 40), 10);
    assert_memory_equal(got, want, sizeof want);
    /* a smaller max gives the newest entries, still oldest first */
    assert_int_equal(xt_recent_pcs(cpu, got, 4), 4);
    assert_memory_equal(got, want + 6, 4 * sizeof(uint32_t));
    assert_int_equal(xt_recent_pcs(cpu, got, 1), 1);
    assert_int_equal(got[0], tc_sym("kvec_1"));
    assert_int_equal(xt_recent_pcs(cpu, got, 0), 0);
    xt_close(cpu);
}

static void test_recent_pcs_long_loop(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_set_ar(cpu, 2, 40);
    assert_int_equal(tc_go(cpu, "loop", "loop_end"), XT_STOP_UNTIL);
    uint32_t got[64];
    unsigned n = xt_recent_pcs(cpu, got, 64);
    assert_int_equal(n, 32); /* up to 32 are kept */
    for (unsigned i = 0; i < 32; i += 2) {
        assert_int_equal(got[i], tc_sym("loop_top"));
        assert_int_equal(got[i + 1], tc_sym("loop_top") + 3);
    }
    xt_close(cpu);
}

static void test_recent_pcs_after_budget_stops(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    /* the same program run in slices of 3 instructions */
    tc_set(cpu, XT_REG_PC, tc_sym("rp_start"));
    xt_run_opts o = { .max_insns = 3 };
    for (int i = 0; i < 3; i++)
        assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_INSN_BUDGET);
    o.max_insns = 1;
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_pc(cpu), tc_sym("kvec_2"));
    const uint32_t loop = tc_sym("rp_loop"), bnez = tc_sym("rp_bnez");
    const uint32_t want[] = {
        tc_sym("rp_start"),
        loop,
        bnez,
        loop,
        bnez,
        tc_sym("rp_nopn"),
        tc_sym("rp_call"),
        tc_sym("rp_sub"),
        tc_sym("kvec"),
        tc_sym("kvec_1"),
    };
    uint32_t got[32];
    assert_int_equal(xt_recent_pcs(cpu, got, 32), 10);
    assert_memory_equal(got, want, sizeof want);
    xt_close(cpu);
}

static void test_recent_pcs_after_pc_write(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    /* two of the four nops before rp_start, then the host moves PC
     * forward over the other two, which never execute */
    uint32_t n0 = tc_sym("pre");
    assert_int_equal(tc_run_from(cpu, n0, n0 + 6), XT_STOP_UNTIL);
    assert_int_equal(tc_go(cpu, "rp_start", "kvec_2"), XT_STOP_UNTIL);
    const uint32_t loop = tc_sym("rp_loop"), bnez = tc_sym("rp_bnez");
    const uint32_t want[] = {
        n0,
        n0 + 3,
        tc_sym("rp_start"),
        loop,
        bnez,
        loop,
        bnez,
        tc_sym("rp_nopn"),
        tc_sym("rp_call"),
        tc_sym("rp_sub"),
        tc_sym("kvec"),
        tc_sym("kvec_1"),
    };
    uint32_t got[32];
    unsigned n = xt_recent_pcs(cpu, got, 32);
    xt_close(cpu); /* before the assertions: no leak when one fails */
    /* Either the history stops at the host's PC write (10 entries) or it
     * also has the two nops really executed before it (12); never pre+6
     * and pre+9, which did not run.
     * ENGINE BUG (reported): a host PC write is not a break in the
     * transfer log, so xt_recent_pcs() walks from the previous run's last
     * transfer target (pre) straight through memory up to the new PC and
     * returns 14 entries, including pre+6 and pre+9. */
    if (n == 10) {
        assert_memory_equal(got, want + 2, 10 * sizeof(uint32_t));
    } else {
        assert_int_equal(n, 12);
        assert_memory_equal(got, want, sizeof want);
    }
}

static void test_recent_pcs_fatal(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_set(cpu, XT_REG_PC, tc_sym("f_start"));
    xt_run_opts o = { .max_insns = 100 };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_FATAL);
    assert_int_equal(xt_fatal(cpu)->pc, tc_sym("dvec"));
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("f_sc"));
    /* f_start, syscall, kvec nop, nop, ill, and the double vector's ill:
     * six instructions ran (each counted) */
    assert_int_equal(xt_insn_count(cpu), 6);
    const uint32_t want[] = {
        tc_sym("f_start"), tc_sym("f_sc"),   tc_sym("kvec"),
        tc_sym("kvec_1"),  tc_sym("kvec_2"), tc_sym("dvec"),
    };
    uint32_t got[32];
    memset(got, 0, sizeof got);
    unsigned n = xt_recent_pcs(cpu, got, 32);
    xt_close(cpu); /* before the assertions: no leak when one fails */
    /* ENGINE BUG (reported): the instruction that made the stop fatal (the
     * ill at the double vector, xt_fatal()->pc, counted by
     * xt_insn_count) is missing: 5 entries ending at kvec_2.  exc_raise()
     * records no transfer when it detects the loop, and the walk treats
     * the current PC as not yet executed. */
    assert_int_equal(n, 6);
    assert_memory_equal(got, want, sizeof want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_run_args),
        cmocka_unit_test(test_insn_budget),
        cmocka_unit_test(test_cycle_budget),
        cmocka_unit_test(test_until),
        cmocka_unit_test(test_code_hook_ranges),
        cmocka_unit_test(test_code_hook_lengths),
        cmocka_unit_test(test_stop_request_from_code_hook),
        cmocka_unit_test(test_mem_hooks),
        cmocka_unit_test(test_stop_request_from_mem_hook),
        cmocka_unit_test(test_exception_hook),
        cmocka_unit_test(test_simcall),
        cmocka_unit_test(test_exit_request),
        cmocka_unit_test(test_busy),
        cmocka_unit_test(test_hook_add_args),
        cmocka_unit_test(test_recent_pcs_loop_call_exception),
        cmocka_unit_test(test_recent_pcs_long_loop),
        cmocka_unit_test(test_recent_pcs_after_budget_stops),
        cmocka_unit_test(test_recent_pcs_after_pc_write),
        cmocka_unit_test(test_recent_pcs_fatal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* CPU engine API: the cycle model (docs/timing.md).  Load-use and
 * multiplier interlocks, taken/untaken branch and jump costs, sync
 * instructions, exception entry and return, region wait states (data
 * read/write and instruction fetch), xt_timing_set() and determinism.
 * Every expectation is written as a formula of the xt_timing parameters
 * and checked under the default table and under a custom one.  Snippets:
 * test_cpu_timing.S. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_cpu_common.h"

#define DATA   (TC_DRAM + 0x100)
#define SLOW   0x60000000u
#define R_WAIT 5u
#define W_WAIT 7u
#define F_WAIT 2u

/* Cycles taken by snippet 'name' (from its label to name_end). */
static uint64_t cost(xt_cpu *cpu, const char *name)
{
    char end[64];
    snprintf(end, sizeof end, "%s_end", name);
    uint64_t c0 = xt_cycles(cpu);
    assert_int_equal(tc_go(cpu, name, end), XT_STOP_UNTIL);
    return xt_cycles(cpu) - c0;
}

static xt_cpu *timing_cpu(void)
{
    xt_cpu *cpu = tc_open();
    xt_region_desc s = { .name = "slow",
                         .base = SLOW,
                         .size = 0x1000,
                         .kind = XT_REGION_RAM,
                         .read_wait = R_WAIT,
                         .write_wait = W_WAIT,
                         .fetch_wait = F_WAIT };
    assert_int_equal(xt_map(cpu, &s), XT_OK);
    /* DATA: word 0 = 0 (so a loaded value tests as zero), word 2 = a
     * pointer to DATA */
    uint32_t w[3] = { 0, 0, DATA };
    assert_int_equal(xt_mem_write(cpu, DATA, w, sizeof w), XT_OK);
    return cpu;
}

/* Copy [from, to) of the ELF image to 'dst' in the slow region. */
static void copy_code(xt_cpu *cpu, const char *from, const char *to,
                      uint32_t dst)
{
    uint32_t a = tc_sym(from), n = tc_sym(to) - a;
    uint8_t buf[64];
    assert_true(n <= sizeof buf);
    assert_int_equal(xt_mem_read(cpu, a, buf, n), XT_OK);
    assert_int_equal(xt_mem_write(cpu, dst, buf, n), XT_OK);
}

/* All the snippet costs under timing T (installed on cpu). */
static void check_model(xt_cpu *cpu, const xt_timing *T)
{
    const uint64_t b = T->base;
    tc_set_ar(cpu, 3, DATA);
    assert_int_equal(cost(cpu, "t_nop4"), 4 * b);

    /* load-use interlock: only when the very next instruction reads the
     * loaded register (as data, address or store data) */
    assert_int_equal(cost(cpu, "t_lu"), 2 * b + T->load_use);
    assert_int_equal(cost(cpu, "t_nolu"), 2 * b);
    assert_int_equal(cost(cpu, "t_lu_gap"), 3 * b);
    assert_int_equal(cost(cpu, "t_lu_st"), 2 * b + T->load_use);
    assert_int_equal(cost(cpu, "t_lu_addr"), 2 * b + T->load_use);
    assert_int_equal(cost(cpu, "t_lu16"), 2 * b + T->load_use);
    assert_int_equal(cost(cpu, "t_l32r"), 2 * b + T->load_use);

    /* multiplier latency */
    assert_int_equal(cost(cpu, "t_mull"), 2 * b + T->mul_use);
    assert_int_equal(cost(cpu, "t_nomul"), 2 * b);
    assert_int_equal(cost(cpu, "t_mul16"), 3 * b + 2 * T->mul_use);

    /* branches: taken costs the penalty, untaken nothing extra */
    tc_set_ar(cpu, 2, 0);
    uint64_t i0 = xt_insn_count(cpu);
    assert_int_equal(cost(cpu, "t_br"), b + T->taken_branch);
    assert_int_equal(xt_insn_count(cpu) - i0, 1);
    tc_set_ar(cpu, 2, 1);
    assert_int_equal(cost(cpu, "t_br"), 2 * b);
    assert_int_equal(cost(cpu, "t_j"), b + T->call_jump);
    assert_int_equal(cost(cpu, "t_call"), 2 * (b + T->call_jump));
    /* a loaded value feeding a taken branch pays both */
    assert_int_equal(cost(cpu, "t_lu_br"),
                     2 * b + T->load_use + T->taken_branch);

    assert_int_equal(cost(cpu, "t_sync"),
                     4 * b + 3 * T->sync_extra + T->isync_extra);

    /* exception entry: the faulting syscall costs the entry only */
    tc_set_sr(cpu, XT_SR_PS, 0);
    uint64_t c0 = xt_cycles(cpu);
    assert_int_equal(tc_run_from(cpu, tc_sym("t_exc"), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    assert_int_equal(xt_cycles(cpu) - c0, T->exception);
    /* rfe */
    tc_set_sr(cpu, XT_SR_EPC1, tc_sym("t_nop4"));
    c0 = xt_cycles(cpu);
    assert_int_equal(tc_run_from(cpu, tc_sym("t_rfe"), tc_sym("t_nop4")),
                     XT_STOP_UNTIL);
    assert_int_equal(xt_cycles(cpu) - c0, b + T->rfe);
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0);

    /* data wait states of the slow region */
    tc_set_ar(cpu, 3, SLOW + 0x800);
    assert_int_equal(cost(cpu, "t_ld"), b + R_WAIT);
    assert_int_equal(cost(cpu, "t_st"), b + W_WAIT);
    /* l8ui (read wait) then s16i of the loaded value (interlock, write
     * wait) */
    assert_int_equal(cost(cpu, "t_ld8"), b + R_WAIT + b + T->load_use + W_WAIT);
    tc_set_ar(cpu, 3, DATA);

    /* fetch wait states: four nops and a jx executed from the slow
     * region, returning to fast memory */
    copy_code(cpu, "t_pic", "t_pic_end", SLOW + 0x100);
    tc_set_ar(cpu, 0, tc_sym("t_nop4"));
    c0 = xt_cycles(cpu);
    assert_int_equal(tc_run_from(cpu, SLOW + 0x100, tc_sym("t_nop4")),
                     XT_STOP_UNTIL);
    assert_int_equal(xt_cycles(cpu) - c0, 5 * (b + F_WAIT) + T->call_jump);

    /* l32r from code in the slow region: its literal is there too */
    uint32_t lit = tc_sym("t_lit");
    uint32_t dst = SLOW + 0x200 + (lit & 3);
    copy_code(cpu, "t_lit", "t_l32r_end", dst);
    uint32_t start = dst + (tc_sym("t_l32r") - lit);
    uint32_t end = dst + (tc_sym("t_l32r_end") - lit);
    c0 = xt_cycles(cpu);
    assert_int_equal(tc_run_from(cpu, start, end), XT_STOP_UNTIL);
    assert_int_equal(xt_cycles(cpu) - c0,
                     2 * (b + F_WAIT) + R_WAIT + T->load_use);
    assert_int_equal(tc_ar(cpu, 4), 2 * 0x12345678u);
}

static void test_timing_default_values(void **state)
{
    (void)state;
    xt_timing t;
    memset(&t, 0xFF, sizeof t);
    xt_timing_default(&t);
    assert_int_equal(t.base, 1);
    assert_int_equal(t.load_use, 1);
    assert_int_equal(t.mul_use, 1);
    assert_int_equal(t.taken_branch, 2);
    assert_int_equal(t.call_jump, 2);
    assert_int_equal(t.sync_extra, 2);
    assert_int_equal(t.isync_extra, 6);
    assert_int_equal(t.exception, 3);
    assert_int_equal(t.rfe, 2);
}

static void test_timing_model_default(void **state)
{
    (void)state;
    xt_cpu *cpu = timing_cpu();
    xt_timing t;
    xt_timing_default(&t);
    check_model(cpu, &t);
    xt_close(cpu);
}

static const xt_timing custom = {
    .base = 2,
    .load_use = 3,
    .mul_use = 4,
    .taken_branch = 5,
    .call_jump = 6,
    .sync_extra = 7,
    .isync_extra = 8,
    .exception = 9,
    .rfe = 10,
};

static void test_timing_set(void **state)
{
    (void)state;
    xt_cpu *cpu = timing_cpu();
    xt_timing def;
    xt_timing_default(&def);
    /* run everything once (decoded and cached with the default costs),
     * then switch tables back and forth */
    check_model(cpu, &def);
    assert_int_equal(xt_timing_set(cpu, &custom), XT_OK);
    check_model(cpu, &custom);
    assert_int_equal(xt_timing_set(cpu, &def), XT_OK);
    check_model(cpu, &def);
    xt_timing zero = custom;
    zero.load_use = zero.mul_use = zero.taken_branch = zero.call_jump = 0;
    zero.sync_extra = zero.isync_extra = zero.exception = zero.rfe = 0;
    assert_int_equal(xt_timing_set(cpu, &zero), XT_OK);
    check_model(cpu, &zero);

    /* bad tables */
    assert_int_equal(xt_timing_set(cpu, NULL), XT_ERR_ARG);
    assert_int_equal(xt_timing_set(NULL, &def), XT_ERR_ARG);
    xt_timing zb = def;
    zb.base = 0; /* every instruction costs at least one cycle */
    assert_int_equal(xt_timing_set(cpu, &zb), XT_ERR_ARG);
    xt_timing big = def;
    big.isync_extra = 255;
    assert_int_equal(xt_timing_set(cpu, &big), XT_ERR_ARG);
    /* a refused table changes nothing */
    check_model(cpu, &zero);
    xt_close(cpu);
}

/* The same costs through the slow access path (memory hooks installed). */
static void code_count_cb(xt_cpu *cpu, uint32_t pc, unsigned len, void *user)
{
    (void)cpu;
    (void)pc;
    (void)len;
    (*(unsigned *)user)++;
}

static void test_timing_with_hooks(void **state)
{
    (void)state;
    xt_cpu *cpu = timing_cpu();
    unsigned nr = 0, nw = 0, nc = 0;
    xt_hook hr, hw, hc;
    assert_int_equal(xt_hook_add(cpu, &hr, XT_HOOK_MEM_READ,
                                 (void *)tc_count_mem, &nr, 1, 0),
                     XT_OK);
    assert_int_equal(xt_hook_add(cpu, &hw, XT_HOOK_MEM_WRITE,
                                 (void *)tc_count_mem, &nw, 1, 0),
                     XT_OK);
    assert_int_equal(
        xt_hook_add(cpu, &hc, XT_HOOK_CODE, (void *)code_count_cb, &nc, 1, 0),
        XT_OK);
    xt_timing t;
    xt_timing_default(&t);
    check_model(cpu, &t);
    assert_true(nr > 0 && nw > 0 && nc > 0);
    assert_int_equal(xt_timing_set(cpu, &custom), XT_OK);
    check_model(cpu, &custom);
    xt_close(cpu);
}

/* ---- determinism ---------------------------------------------------------- */

#define WORK_N    300u
#define WORK_BASE (TC_DRAM + 0x1000)

typedef struct work_result {
    uint64_t cycles, insns;
    uint32_t a8, a12;
    uint8_t mem[WORK_N * 4];
} work_result;

typedef enum { PLAIN, HOOKED, STEPPED, SLICED } work_mode;

static void run_work(work_mode mode, work_result *r)
{
    xt_cpu *cpu = timing_cpu();
    uint32_t *init = malloc(WORK_N * 4);
    assert_non_null(init);
    for (uint32_t i = 0; i < WORK_N; i++)
        init[i] = i * 2654435761u;
    assert_int_equal(xt_mem_write(cpu, WORK_BASE, init, WORK_N * 4), XT_OK);
    free(init);
    tc_set_ar(cpu, 3, WORK_BASE);
    tc_set_ar(cpu, 5, WORK_N);
    unsigned n = 0;
    xt_hook h1, h2;
    if (mode == HOOKED) {
        assert_int_equal(xt_hook_add(cpu, &h1, XT_HOOK_CODE,
                                     (void *)code_count_cb, &n, 1, 0),
                         XT_OK);
        assert_int_equal(xt_hook_add(cpu, &h2, XT_HOOK_MEM_READ,
                                     (void *)tc_count_mem, &n, 1, 0),
                         XT_OK);
    }
    uint32_t end = tc_sym("t_work_end");
    tc_set(cpu, XT_REG_PC, tc_sym("t_work"));
    xt_run_opts o = { .until = end, .use_until = true };
    if (mode == STEPPED)
        o.max_insns = 1;
    if (mode == SLICED)
        o.max_cycles = 37;
    for (unsigned guard = 0; guard < 100000; guard++) {
        xt_stop why = tc_run_opts(cpu, &o);
        if (why == XT_STOP_UNTIL)
            break;
        assert_true(why == XT_STOP_INSN_BUDGET || why == XT_STOP_CYCLE_BUDGET);
    }
    assert_int_equal(tc_pc(cpu), end);
    r->cycles = xt_cycles(cpu);
    r->insns = xt_insn_count(cpu);
    r->a8 = tc_ar(cpu, 8);
    r->a12 = tc_ar(cpu, 12);
    assert_int_equal(xt_mem_read(cpu, WORK_BASE, r->mem, sizeof r->mem), XT_OK);
    if (mode == HOOKED)
        assert_true(n > 0);
    xt_close(cpu);
}

static void expect_same(const work_result *a, const work_result *b)
{
    assert_int_equal(a->insns, b->insns);
    assert_int_equal(a->a8, b->a8);
    assert_memory_equal(a->mem, b->mem, sizeof a->mem);
    assert_int_equal(a->cycles, b->cycles);
    assert_int_equal(a->a12, b->a12);
}

static void test_determinism(void **state)
{
    (void)state;
    static work_result a, b, c;
    run_work(PLAIN, &a);
    run_work(PLAIN, &b);
    expect_same(&a, &b);
    assert_true(a.insns > WORK_N * 10);
    assert_true(a.cycles > a.insns); /* interlocks and branches cost */
    /* hooks move the engine to its slow paths but change no timing */
    run_work(HOOKED, &c);
    expect_same(&a, &c);
}

/* The cycle count must not depend on how the host slices the run. */
static void test_timing_independent_of_run_slicing(void **state)
{
    (void)state;
    static work_result a, s, t;
    run_work(PLAIN, &a);
    /* ENGINE BUG (reported): the pending interlock (exec.c's local 'hz')
     * is reset at every xt_run, so a load or multiply at the end of one
     * run and its use at the start of the next lose the interlock cycle:
     * single-stepping or cycle-budget slices give fewer cycles than one
     * run of the same program. */
    run_work(STEPPED, &s);
    expect_same(&a, &s);
    run_work(SLICED, &t);
    expect_same(&a, &t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timing_default_values),
        cmocka_unit_test(test_timing_model_default),
        cmocka_unit_test(test_timing_set),
        cmocka_unit_test(test_timing_with_hooks),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_timing_independent_of_run_slicing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

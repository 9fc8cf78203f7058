/* SPDX-License-Identifier: BSD-3-Clause */
/* The CPU's saved state (xt_state_size/save/load): a state saved after
 * any instruction of a program with interlocks, stores and timer
 * interrupts, loaded into a fresh engine (of either kind), runs to the
 * same registers, memory, cycles and instructions as the engine that
 * kept going, and saves to the same bytes with the same recent PCs right
 * after the load; a state that does not fit is refused and changes
 * nothing. */
#include <stdlib.h>
#include <string.h>

#include "test_cpu_common.h"

#define DATA   TC_DRAM
#define NWORDS 64

static xt_cpu *start(xt_engine e)
{
    xt_cpu *cpu = tc_open();
    assert_int_equal(xt_engine_set(cpu, e), XT_OK);
    tc_load(cpu);
    uint32_t w[NWORDS];
    for (unsigned i = 0; i < NWORDS; i++)
        w[i] = 0x9E3779B9u * (i + 1);
    assert_int_equal(xt_mem_write(cpu, DATA, w, sizeof w), XT_OK);
    tc_set_ar(cpu, 2, DATA);
    tc_set_sr(cpu, XT_SR_CCOMPARE0, 61);
    tc_set_sr(cpu, XT_SR_INTENABLE, 1u << 6);
    tc_set(cpu, XT_REG_PC, tc_sym("prog"));
    return cpu;
}

static void run_to_end(xt_cpu *cpu)
{
    xt_run_opts o = { .until = tc_sym("prog_end"),
                      .use_until = true,
                      .max_insns = TC_MAX_INSNS };
    xt_stop why;
    assert_int_equal(xt_run(cpu, &o, &why), XT_OK);
    assert_int_equal(why, XT_STOP_UNTIL);
}

static void assert_same(xt_cpu *a, xt_cpu *b)
{
    for (int r = 0; r < 16; r++)
        assert_int_equal(tc_ar(a, r), tc_ar(b, r));
    assert_int_equal(tc_pc(a), tc_pc(b));
    static const int srs[] = { XT_SR_SAR,    XT_SR_PS,       XT_SR_CCOMPARE0,
                               XT_SR_CCOUNT, XT_SR_EXCCAUSE, XT_SR_INTENABLE };
    for (unsigned i = 0; i < sizeof srs / sizeof *srs; i++)
        assert_int_equal(tc_sr(a, srs[i]), tc_sr(b, srs[i]));
    assert_int_equal(xt_cycles(a), xt_cycles(b));
    assert_int_equal(xt_insn_count(a), xt_insn_count(b));
    uint8_t ma[NWORDS * 4 + 8], mb[NWORDS * 4 + 8];
    assert_int_equal(xt_mem_read(a, DATA, ma, sizeof ma), XT_OK);
    assert_int_equal(xt_mem_read(b, DATA, mb, sizeof mb), XT_OK);
    assert_memory_equal(ma, mb, sizeof ma);
}

/* Cut after k instructions, for every k through the program: one engine
 * runs the program an instruction at a time, saving after each; the
 * state is loaded into one other engine (over whatever it ran before:
 * its decoded and translated code must go), which runs it to the end. */
static void cut_everywhere(xt_engine first, xt_engine second)
{
    xt_cpu *ref = start(first);
    run_to_end(ref);
    uint64_t total = xt_insn_count(ref);
    assert_true(tc_ar(ref, 11) >= 3); /* the timer did interrupt */
    xt_cpu *a = start(first), *b = tc_open();
    assert_int_equal(xt_engine_set(b, second), XT_OK);
    size_t n = xt_state_size(a);
    assert_true(n > TC_IRAM_SIZE + TC_DRAM_SIZE);
    uint8_t *buf = malloc(n), *buf2 = malloc(n);
    assert_non_null(buf);
    assert_non_null(buf2);
    for (uint64_t k = 1; k < total; k++) {
        xt_run_opts o = { .max_insns = 1 };
        xt_stop why;
        assert_int_equal(xt_run(a, &o, &why), XT_OK);
        assert_int_equal(xt_state_size(a), n);
        assert_int_equal(xt_state_save(a, buf, n), XT_OK);
        assert_int_equal(xt_state_load(b, buf, n), XT_OK);
        assert_int_equal(xt_cycles(b), xt_cycles(a));
        /* the history comes back whole: the recent PCs (an interrupt's
         * transfer leaves its 'from' out) and the same state saved again */
        uint32_t pa[32], pb[32];
        unsigned na = xt_recent_pcs(a, pa, 32);
        assert_int_equal(xt_recent_pcs(b, pb, 32), na);
        assert_memory_equal(pb, pa, na * sizeof pa[0]);
        assert_int_equal(xt_state_save(b, buf2, n), XT_OK);
        assert_memory_equal(buf2, buf, n);
        run_to_end(b);
        assert_same(b, ref);
    }
    run_to_end(a);
    assert_same(a, ref);
    free(buf);
    free(buf2);
    xt_close(a);
    xt_close(b);
    xt_close(ref);
}

static void test_state_interp(void **state)
{
    (void)state;
    cut_everywhere(XT_ENGINE_INTERP, XT_ENGINE_INTERP);
}

static void test_state_across_engines(void **state)
{
    (void)state;
    cut_everywhere(XT_ENGINE_FAST, XT_ENGINE_INTERP);
    cut_everywhere(XT_ENGINE_INTERP, XT_ENGINE_FAST);
}

static void test_state_refused(void **state)
{
    (void)state;
    xt_cpu *a = start(XT_ENGINE_INTERP);
    xt_run_opts o = { .max_insns = 30 };
    xt_stop why;
    assert_int_equal(xt_run(a, &o, &why), XT_OK);
    size_t n = xt_state_size(a);
    uint8_t *buf = malloc(n);
    assert_non_null(buf);
    assert_int_equal(xt_state_save(a, buf, n - 1), XT_ERR_ARG);
    assert_int_equal(xt_state_save(a, buf, n), XT_OK);

    xt_cpu *b = start(XT_ENGINE_INTERP);
    uint64_t cyc = xt_cycles(b);
    uint32_t pc = tc_pc(b);
    /* every truncation, a bad magic, another version: refused, unchanged */
    for (size_t cut = 0; cut < n; cut += cut < 4096 ? 1 : 4093)
        assert_int_equal(xt_state_load(b, buf, cut), XT_ERR_STATE);
    buf[0] ^= 1;
    assert_int_equal(xt_state_load(b, buf, n), XT_ERR_STATE);
    buf[0] ^= 1;
    buf[4] ^= 1;
    assert_int_equal(xt_state_load(b, buf, n), XT_ERR_STATE);
    buf[4] ^= 1;
    assert_int_equal(xt_cycles(b), cyc);
    assert_int_equal(tc_pc(b), pc);
    /* another memory map */
    xt_cpu *c = tc_open();
    tc_map(c, "extra", 0x20000000u, XT_PAGE_SIZE, XT_REGION_RAM);
    assert_int_equal(xt_state_load(c, buf, n), XT_ERR_STATE);
    assert_int_equal(xt_state_load(NULL, buf, n), XT_ERR_ARG);
    assert_int_equal(xt_state_load(b, buf, n), XT_OK);
    assert_int_equal(xt_cycles(b), xt_cycles(a));
    xt_close(a);
    xt_close(b);
    xt_close(c);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_state_interp),
        cmocka_unit_test(test_state_across_engines),
        cmocka_unit_test(test_state_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

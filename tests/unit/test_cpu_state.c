/* SPDX-License-Identifier: BSD-3-Clause */
/* The CPU's saved state (xt_state_size/save/load): a state saved after
 * any instruction of a program with interlocks, stores and timer
 * interrupts, loaded into a fresh engine (of either kind), runs to the
 * same registers, memory, cycles and instructions as the engine that
 * kept going, and saves to the same bytes with the same recent PCs right
 * after the load; a state that does not fit is refused and changes
 * nothing.  The core record (xt_state_core_*) and the dirty pages
 * (xt_mem_dirty_*) make a checkpoint that, put back, runs to the same
 * end, on either engine. */
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

/* ---- the core record and dirty pages (checkpoints) ---------------------- */

/* The fast engine translating the program's page at once, in a cache of
 * the test's own. */
static void translate_early(xt_cpu *cpu)
{
    xt_xlate_opts o = { .sample_cycles = 64,
                        .hot_samples = 1,
                        .sync = true,
                        .tiers = XT_TIER_QUICK_MASK,
                        .cache_dir = XLATE_CACHE };
    assert_int_equal(xt_xlate_config(cpu, &o), XT_OK);
}

/* To the program's end by an instruction budget (an 'until' address
 * would keep the fast engine interpreting): end = the instruction count
 * at prog_end. */
static void run_budget_to(xt_cpu *cpu, uint64_t end)
{
    xt_run_opts o = { .max_insns = end - xt_insn_count(cpu) };
    xt_stop why;
    assert_int_equal(xt_run(cpu, &o, &why), XT_OK);
    assert_int_equal(why, XT_STOP_INSN_BUDGET);
    assert_int_equal(tc_pc(cpu), tc_sym("prog_end"));
}

static uint64_t prog_insns(void)
{
    xt_cpu *ref = start(XT_ENGINE_INTERP);
    run_to_end(ref);
    uint64_t n = xt_insn_count(ref);
    xt_close(ref);
    return n;
}

static bool taken_has(const uint32_t *pages, size_t n, uint32_t pn)
{
    for (size_t i = 0; i < n; i++)
        if (pages[i] == pn)
            return true;
    return false;
}

static void test_dirty_pages(void **state)
{
    (void)state;
    for (int e = 0; e < 2; e++) {
        xt_cpu *cpu = start(e ? XT_ENGINE_FAST : XT_ENGINE_INTERP);
        if (e)
            translate_early(cpu);
        size_t n;
        assert_null(xt_mem_dirty_take(cpu, &n)); /* off */
        assert_int_equal(n, 0);
        assert_int_equal(xt_mem_dirty_track(cpu, true), XT_OK);
        xt_mem_dirty_take(cpu, &n);
        assert_int_equal(n, 0);
        /* a host write, over a page boundary */
        uint8_t two[2] = { 1, 2 };
        assert_int_equal(xt_mem_write(cpu, TC_DRAM + 0x2fff, two, 2), XT_OK);
        const uint32_t *p = xt_mem_dirty_take(cpu, &n);
        assert_int_equal(n, 2);
        assert_true(taken_has(p, n, (TC_DRAM >> 12) + 2));
        assert_true(taken_has(p, n, (TC_DRAM >> 12) + 3));
        xt_mem_dirty_take(cpu, &n);
        assert_int_equal(n, 0);
        /* the guest's stores: DATA's first page only (the program stores
         * 40 words from DATA + 4), on either engine */
        uint64_t end = prog_insns();
        run_budget_to(cpu, end);
        p = xt_mem_dirty_take(cpu, &n);
        assert_int_equal(n, 1);
        assert_int_equal(p[0], DATA >> 12);
        /* one more iteration of the loop (11 instructions, no timer): the
         * page is clean again, its first store marks it */
        tc_set_sr(cpu, XT_SR_INTENABLE, 0);
        tc_set_ar(cpu, 2, DATA);
        tc_set(cpu, XT_REG_PC, tc_sym("loop"));
        tc_set_ar(cpu, 4, 1);
        run_budget_to(cpu, xt_insn_count(cpu) + 11);
        p = xt_mem_dirty_take(cpu, &n);
        assert_int_equal(n, 1);
        if (e) {
            xt_xlate_stats xs;
            xt_xlate_stats_get(cpu, &xs);
            assert_true(xs.insns > 0); /* translated code stored too */
        }
        /* a state load writes every page */
        size_t sz = xt_state_size(cpu);
        uint8_t *buf = malloc(sz);
        assert_non_null(buf);
        assert_int_equal(xt_state_save(cpu, buf, sz), XT_OK);
        assert_int_equal(xt_state_load(cpu, buf, sz), XT_OK);
        xt_mem_dirty_take(cpu, &n);
        assert_int_equal(n, (TC_IRAM_SIZE + TC_DRAM_SIZE) / XT_PAGE_SIZE);
        free(buf);
        assert_int_equal(xt_mem_dirty_track(cpu, false), XT_OK);
        assert_null(xt_mem_dirty_take(cpu, &n));
        xt_close(cpu);
    }
}

/* A checkpoint as reverse execution keeps one: the core record, and the
 * pages written since put back from a copy.  Going back to it and running
 * on gives the end the engine got the first time, on either engine, with
 * its translated code kept. */
static void rewind_at(xt_engine e, uint64_t k)
{
    xt_cpu *cpu = start(e);
    if (e == XT_ENGINE_FAST)
        translate_early(cpu);
    assert_int_equal(xt_mem_dirty_track(cpu, true), XT_OK);
    xt_run_opts o = { .max_insns = k };
    xt_stop why;
    assert_int_equal(xt_run(cpu, &o, &why), XT_OK);
    size_t cn = xt_state_core_size(cpu), n;
    assert_true(cn > 64 && cn < 4096);
    uint8_t *core = malloc(cn), *core2 = malloc(cn);
    static uint8_t dram[TC_DRAM_SIZE];
    assert_non_null(core);
    assert_non_null(core2);
    assert_int_equal(xt_state_core_save(cpu, core, cn - 1), XT_ERR_ARG);
    assert_int_equal(xt_state_core_save(cpu, core, cn), XT_OK);
    assert_int_equal(xt_mem_read(cpu, TC_DRAM, dram, sizeof dram), XT_OK);
    xt_mem_dirty_take(cpu, &n);
    uint64_t end = prog_insns();
    run_budget_to(cpu, end);
    xt_cpu *ref = start(e);
    run_to_end(ref);
    assert_same(cpu, ref);
    for (int round = 0; round < 3; round++) {
        const uint32_t *p = xt_mem_dirty_take(cpu, &n);
        for (size_t i = 0; i < n; i++) {
            uint32_t a = p[i] << 12;
            assert_true(a >= TC_DRAM && a < TC_DRAM + TC_DRAM_SIZE);
            assert_int_equal(
                xt_mem_write(cpu, a, dram + (a - TC_DRAM), XT_PAGE_SIZE),
                XT_OK);
        }
        xt_mem_dirty_take(cpu, &n); /* the writes back */
        assert_int_equal(xt_state_core_load(cpu, core, cn), XT_OK);
        assert_int_equal(xt_state_core_save(cpu, core2, cn), XT_OK);
        assert_memory_equal(core2, core, cn);
        run_budget_to(cpu, end);
        assert_same(cpu, ref);
    }
    if (e == XT_ENGINE_FAST && k < 100) {
        xt_xlate_stats xs;
        xt_xlate_stats_get(cpu, &xs);
        assert_true(xs.insns > 0); /* translated code ran the rewinds */
    }
    /* refused: another size, a bad magic; nothing changed */
    uint64_t cyc = xt_cycles(cpu);
    assert_int_equal(xt_state_core_load(cpu, core, cn - 1), XT_ERR_STATE);
    core[0] ^= 1;
    assert_int_equal(xt_state_core_load(cpu, core, cn), XT_ERR_STATE);
    assert_int_equal(xt_cycles(cpu), cyc);
    free(core);
    free(core2);
    xt_close(cpu);
    xt_close(ref);
}

static void test_core_rewind(void **state)
{
    (void)state;
    static const uint64_t ks[] = { 1, 2, 5, 17, 60, 200, 333 };
    for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
        rewind_at(XT_ENGINE_INTERP, ks[i]);
        rewind_at(XT_ENGINE_FAST, ks[i]);
    }
}

/* The cycle count at every instruction boundary is the same whether the
 * engine meets the code for the first time or has decoded it before (a
 * load's or multiply's interlock is charged where the next instruction
 * is known, not later when it is decoded): a checkpoint put back into a
 * warm engine stops at the same cycles as the run it was taken in. */
static void test_boundary_cycles_warm(void **state)
{
    (void)state;
    uint64_t total = prog_insns();
    xt_cpu *warm = start(XT_ENGINE_INTERP);
    size_t cn = xt_state_core_size(warm);
    uint8_t *core = malloc(cn);
    static uint8_t dram[TC_DRAM_SIZE];
    assert_non_null(core);
    assert_int_equal(xt_state_core_save(warm, core, cn), XT_OK);
    assert_int_equal(xt_mem_read(warm, TC_DRAM, dram, sizeof dram), XT_OK);
    run_to_end(warm); /* every instruction decoded */
    for (uint64_t k = 1; k < total; k++) {
        xt_cpu *cold = start(XT_ENGINE_INTERP);
        xt_run_opts o = { .max_insns = k };
        xt_stop why;
        assert_int_equal(xt_run(cold, &o, &why), XT_OK);
        assert_int_equal(xt_mem_write(warm, TC_DRAM, dram, sizeof dram), XT_OK);
        assert_int_equal(xt_state_core_load(warm, core, cn), XT_OK);
        assert_int_equal(xt_run(warm, &o, &why), XT_OK);
        if (xt_cycles(warm) != xt_cycles(cold))
            fail_msg("after %llu instructions (pc %08x): %llu cycles cold, "
                     "%llu warm",
                     (unsigned long long)k, tc_pc(cold),
                     (unsigned long long)xt_cycles(cold),
                     (unsigned long long)xt_cycles(warm));
        assert_int_equal(tc_pc(warm), tc_pc(cold));
        xt_close(cold);
    }
    free(core);
    xt_close(warm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_state_interp),
        cmocka_unit_test(test_state_across_engines),
        cmocka_unit_test(test_state_refused),
        cmocka_unit_test(test_dirty_pages),
        cmocka_unit_test(test_core_rewind),
        cmocka_unit_test(test_boundary_cycles_warm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* xt_open_config: the engine as a value wins over $DSPSIM_ENGINE; without
 * one (NULL config, engine_set false, xt_open) the environment decides,
 * else the fast engine; the translator's options are applied. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "dspsim/xtcpu.h"

/* The engine a CPU opened with cfg gets while $DSPSIM_ENGINE is env
 * (NULL: unset). */
static xt_engine opened_engine(const char *env, const xt_cpu_config *cfg)
{
    if (env)
        assert_int_equal(setenv("DSPSIM_ENGINE", env, 1), 0);
    else
        assert_int_equal(unsetenv("DSPSIM_ENGINE"), 0);
    xt_cpu *cpu = NULL;
    assert_int_equal(xt_open_config(&cpu, cfg), XT_OK);
    assert_non_null(cpu);
    xt_engine e = xt_engine_get(cpu);
    xt_close(cpu);
    return e;
}

static void test_value_beats_environment(void **state)
{
    (void)state;
    const xt_cpu_config interp = { .engine = XT_ENGINE_INTERP,
                                   .engine_set = true };
    const xt_cpu_config fast = { .engine = XT_ENGINE_FAST, .engine_set = true };
    assert_int_equal(opened_engine("fast", &interp), XT_ENGINE_INTERP);
    assert_int_equal(opened_engine("interp", &fast), XT_ENGINE_FAST);
    assert_int_equal(opened_engine("interp", &interp), XT_ENGINE_INTERP);
    assert_int_equal(opened_engine("fast", &fast), XT_ENGINE_FAST);
    assert_int_equal(opened_engine(NULL, &interp), XT_ENGINE_INTERP);
    assert_int_equal(opened_engine("nonsense", &interp), XT_ENGINE_INTERP);
}

static void test_no_value_follows_environment(void **state)
{
    (void)state;
    const xt_cpu_config unset = { .engine = XT_ENGINE_INTERP,
                                  .engine_set = false };
    assert_int_equal(opened_engine("interp", NULL), XT_ENGINE_INTERP);
    assert_int_equal(opened_engine("fast", NULL), XT_ENGINE_FAST);
    assert_int_equal(opened_engine(NULL, NULL), XT_ENGINE_FAST);
    assert_int_equal(opened_engine("", NULL), XT_ENGINE_FAST);
    assert_int_equal(opened_engine("turbo", NULL), XT_ENGINE_FAST);
    /* engine_set false: the engine field is not looked at */
    assert_int_equal(opened_engine("fast", &unset), XT_ENGINE_FAST);
    assert_int_equal(opened_engine("interp", &unset), XT_ENGINE_INTERP);
    /* xt_open is xt_open_config(out, NULL) */
    assert_int_equal(setenv("DSPSIM_ENGINE", "interp", 1), 0);
    xt_cpu *cpu = NULL;
    assert_int_equal(xt_open(&cpu), XT_OK);
    assert_int_equal(xt_engine_get(cpu), XT_ENGINE_INTERP);
    xt_close(cpu);
    unsetenv("DSPSIM_ENGINE");
}

static void test_engine_from_env(void **state)
{
    (void)state;
    xt_engine e = XT_ENGINE_FAST;
    unsetenv("DSPSIM_ENGINE");
    assert_false(xt_engine_from_env(&e));
    assert_int_equal(e, XT_ENGINE_FAST);
    setenv("DSPSIM_ENGINE", "interp", 1);
    assert_true(xt_engine_from_env(&e));
    assert_int_equal(e, XT_ENGINE_INTERP);
    setenv("DSPSIM_ENGINE", "fast", 1);
    assert_true(xt_engine_from_env(&e));
    assert_int_equal(e, XT_ENGINE_FAST);
    setenv("DSPSIM_ENGINE", "bogus", 1);
    e = XT_ENGINE_INTERP;
    assert_false(xt_engine_from_env(&e));
    assert_int_equal(e, XT_ENGINE_INTERP); /* unchanged */
    unsetenv("DSPSIM_ENGINE");
}

static void test_bad_arguments(void **state)
{
    (void)state;
    const xt_cpu_config bad = { .engine = (xt_engine)7, .engine_set = true };
    xt_cpu *cpu = (xt_cpu *)1;
    assert_int_equal(xt_open_config(&cpu, &bad), XT_ERR_ARG);
    assert_null(cpu);
    assert_int_equal(xt_open_config(NULL, NULL), XT_ERR_ARG);
}

/* The translator's options given with the fast engine are in force: a
 * loop at the reset vector ("j ." in RAM) run for 2000 instructions gets
 * hot after 64 cycles with them (sample_cycles 64, hot_samples 1) and is
 * compiled in the foreground by a compiler that does not exist (a
 * failure counted); with the defaults (24 samples of 4096 cycles) it is
 * never hot, nothing is compiled.  With the interpreter they are
 * ignored. */
static uint64_t compile_attempts(const xt_cpu_config *cfg)
{
    xt_cpu *cpu = NULL;
    assert_int_equal(xt_open_config(&cpu, cfg), XT_OK);
    const xt_region_desc ram = { .name = "ram",
                                 .base = 0x50000000u,
                                 .size = XT_PAGE_SIZE,
                                 .kind = XT_REGION_RAM };
    assert_int_equal(xt_map(cpu, &ram), XT_OK);
    const uint8_t j_self[3] = { 0x06, 0xff, 0xff }; /* j . (offset -4) */
    assert_int_equal(xt_mem_write(cpu, 0x50000000u, j_self, 3), XT_OK);
    xt_run_opts ro = { .max_insns = 2000 };
    xt_stop why;
    assert_int_equal(xt_run(cpu, &ro, &why), XT_OK);
    assert_int_equal(why, XT_STOP_INSN_BUDGET);
    xt_xlate_stats st;
    xt_xlate_stats_get(cpu, &st);
    xt_close(cpu);
    return st.compiles + st.cache_hits + st.compile_failures;
}

static void test_xlate_options(void **state)
{
    (void)state;
    const char *vars[] = { "DSPSIM_ENGINE",    "DSPSIM_XLATE_SAMPLE",
                           "DSPSIM_XLATE_HOT", "DSPSIM_XLATE_SYNC",
                           "DSPSIM_CC",        "DSPSIM_XLATE_GROUP_CALLS" };
    for (size_t i = 0; i < sizeof vars / sizeof *vars; i++)
        unsetenv(vars[i]);
    char dir[] = "/tmp/test_cpu_config.XXXXXX";
    assert_non_null(mkdtemp(dir));
    const xt_xlate_opts xo = { .sample_cycles = 64,
                               .hot_samples = 1,
                               .sync = true,
                               .cache_dir = dir,
                               .cc = "/nonexistent/dspsim-test-cc" };
    const xt_cpu_config fast = { .engine = XT_ENGINE_FAST,
                                 .engine_set = true,
                                 .xlate = &xo };
    const xt_cpu_config fast_defaults = { .engine = XT_ENGINE_FAST,
                                          .engine_set = true };
    const xt_cpu_config interp = { .engine = XT_ENGINE_INTERP,
                                   .engine_set = true,
                                   .xlate = &xo };
    assert_true(compile_attempts(&fast) >= 1);
    assert_int_equal(compile_attempts(&fast_defaults), 0);
    assert_int_equal(compile_attempts(&interp), 0);
    assert_int_equal(opened_engine("interp", &fast), XT_ENGINE_FAST);
    assert_int_equal(opened_engine("fast", &interp), XT_ENGINE_INTERP);
    char cmd[64];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_value_beats_environment),
        cmocka_unit_test(test_no_value_follows_environment),
        cmocka_unit_test(test_engine_from_env),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_xlate_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

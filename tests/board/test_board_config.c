/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the board description: defaults, YAML, errors. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "dspsim/board.h"

static bool parse(ds_board_config *c, const char *yaml, char *err, size_t errsz)
{
    ds_board_config_default(c);
    return ds_board_config_parse(c, "b.yaml", yaml, strlen(yaml), err, errsz);
}

static void test_defaults(void **state)
{
    (void)state;
    ds_board_config c;
    char err[256];
    ds_board_config_default(&c);
    assert_string_equal(c.name, "default");
    assert_int_equal(c.cpu_hz, 160000000);
    assert_int_equal(c.iram_size, BOARD_IRAM_DEFAULT_SIZE);
    assert_int_equal(c.dram_size, BOARD_DRAM_DEFAULT_SIZE);
    assert_int_equal(c.audio_hz, 12288000);
    assert_int_equal(c.dma_channels, 4);
    assert_int_equal(c.ssp_ports, 2);
    assert_true(ds_board_config_check(&c, err, sizeof(err)));
    /* an empty document is all defaults */
    assert_true(parse(&c, "", err, sizeof(err)));
    assert_int_equal(c.dma_burst_bytes, 64);
}

static void test_full(void **state)
{
    (void)state;
    ds_board_config c;
    char err[256];
    const char *y = "name: big-dsp\n"
                    "cpu_hz: 400000000\n"
                    "memory:\n"
                    "  iram: { size: 512K, wait_states: 1 }\n"
                    "  dram: { size: 0x20000, wait_states: 2 }\n"
                    "  mailbox: { wait_states: 3 }\n"
                    "  peripherals: { wait_states: 4 }\n"
                    "  host: { size: 4M }\n"
                    "audio:\n"
                    "  clock_hz: 24576000\n"
                    "  drift_ppm: -12.5\n"
                    "dma:\n"
                    "  channels: 8\n"
                    "  bytes_per_cycle: 8\n"
                    "  burst_bytes: 128\n"
                    "  burst_latency: 20\n"
                    "ssp:\n"
                    "  ports: 4\n"
                    "  fifo_frames: 16\n";
    assert_true(parse(&c, y, err, sizeof(err)));
    assert_string_equal(c.name, "big-dsp");
    assert_int_equal(c.cpu_hz, 400000000);
    assert_int_equal(c.iram_size, 512 * 1024);
    assert_int_equal(c.iram_wait, 1);
    assert_int_equal(c.dram_size, 0x20000);
    assert_int_equal(c.dram_wait, 2);
    assert_int_equal(c.mbox_wait, 3);
    assert_int_equal(c.periph_wait, 4);
    assert_int_equal(c.host_size, 4u << 20);
    assert_int_equal(c.audio_hz, 24576000);
    assert_int_equal(c.audio_drift_ppb, -12500);
    assert_int_equal(c.dma_channels, 8);
    assert_int_equal(c.dma_bytes_per_cycle, 8);
    assert_int_equal(c.dma_burst_bytes, 128);
    assert_int_equal(c.dma_burst_latency, 20);
    assert_int_equal(c.ssp_ports, 4);
    assert_int_equal(c.ssp_fifo_frames, 16);
}

/* Each bad input: the message names the file, line and problem. */
static void expect_error(const char *yaml, const char *needle)
{
    ds_board_config c;
    char err[256] = "";
    if (parse(&c, yaml, err, sizeof(err)))
        fail_msg("accepted: %s", yaml);
    if (!strstr(err, needle))
        fail_msg("message '%s' lacks '%s'", err, needle);
    assert_non_null(strstr(err, "b.yaml"));
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("cpu_hz: [1, 2\n", "malformed YAML");
    expect_error("memory:\n  iram: {size: 64K}\n  dram:\n    sise: 4K\n",
                 "b.yaml:4:5: unknown key 'memory.dram.sise'");
    expect_error("dma:\n  channels: lots\n",
                 "b.yaml:2:13: dma.channels: 'lots'");
    expect_error("dma:\n  channels: -1\n", "dma.channels");
    expect_error("dma:\n  channels: 9\n", "dma.channels 9 must be between");
    expect_error("dma: 4\n", "dma: expected a mapping");
    expect_error("- a\n- b\n", "top level: expected a mapping");
    expect_error("cpu_hz: {a: 1}\n", "cpu_hz: expected a single value");
    expect_error("memory: {iram: {size: 5000}}\n", "memory.iram.size 5000");
    expect_error("memory: {host: {size: 99999999999}}\n", "memory.host.size");
    expect_error("audio: {drift_ppm: fast}\n", "audio.drift_ppm");
    expect_error("ssp: {ports: 5}\n", "ssp.ports 5");
    expect_error("ssp: {fifo_frames: 0}\n", "ssp.fifo_frames 0");
    expect_error("dma: {burst_bytes: 6}\n", "dma.burst_bytes 6");
    expect_error("cpu_hz: 1000\n---\ncpu_hz: 2000\n",
                 "more than one YAML document");
    expect_error("cpu_hz: 4294967296\n", "cpu_hz");
    /* the YAML guard (dspsim/yaml_guard.h): tags, nesting, anchors */
    expect_error("cpu_hz: !!str 1000\n",
                 "b.yaml:1:9: YAML tag '!!str' is not supported");
    expect_error("ssp: !foo {ports: 1}\n", "b.yaml:1:6: YAML tag '!foo'");
    expect_error("a: [[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]\n",
                 "b.yaml:1:19: YAML nesting deeper than 16 levels");
}

/* A flow collection nested 100,000 deep (libyaml alone needs tens of
 * seconds for it) is refused at level 17, at once. */
static void test_deep_nesting_fast(void **state)
{
    (void)state;
    enum { DEPTH = 100000 };
    char *yaml = malloc(2 * DEPTH + 16);
    assert_non_null(yaml);
    size_t n = 0;
    n += (size_t)sprintf(yaml, "name: ");
    for (int i = 0; i < DEPTH; i++)
        yaml[n++] = '[';
    for (int i = 0; i < DEPTH; i++)
        yaml[n++] = ']';
    yaml[n++] = '\n';
    yaml[n] = 0;
    ds_board_config c;
    char err[256] = "";
    struct timespec t0, t1;
    /* CPU time: a guard against a quadratic parser that other processes
     * on the same cores cannot trip */
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    ds_board_config_default(&c);
    assert_false(
        ds_board_config_parse(&c, "b.yaml", yaml, n, err, sizeof(err)));
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) +
               (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    if (!strstr(err, "b.yaml:1:22: YAML nesting deeper than 16 levels"))
        fail_msg("message '%s'", err);
    if (s > 10.0) /* 0.1 s (0.5 s with sanitizers); was 35..60 s */
        fail_msg("took %.3f CPU s", s);
    free(yaml);
}

static void test_load_file(void **state)
{
    (void)state;
    ds_board_config c;
    char err[256] = "";
    assert_false(
        ds_board_config_load(&c, "/nonexistent/board.yaml", err, sizeof(err)));
    assert_non_null(strstr(err, "/nonexistent/board.yaml: cannot open"));
    char path[] = "/tmp/dsboard-cfg-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("ssp:\n  ports: 1\n", f);
    fclose(f);
    assert_true(ds_board_config_load(&c, path, err, sizeof(err)));
    assert_int_equal(c.ssp_ports, 1);
    assert_int_equal(c.dma_channels, 4); /* default kept */
    remove(path);
    assert_false(ds_board_config_load(&c, "/tmp", err, sizeof(err)));
}

static void test_board_rejects_bad_config(void **state)
{
    (void)state;
    ds_board_config c;
    ds_board *b = (ds_board *)1;
    char err[256] = "";
    ds_board_config_default(&c);
    c.dram_size = 3000;
    assert_int_equal(ds_board_new(&c, &b, err, sizeof(err)), DS_ERR_CONFIG);
    assert_null(b);
    assert_non_null(strstr(err, "memory.dram.size"));
}

/* The engine is a value of the board's config (ds_board_config.cpu): it
 * wins over $DSPSIM_ENGINE; unset, the environment decides. */
static void test_board_engine(void **state)
{
    (void)state;
    const xt_xlate_opts xo = { .sample_cycles = 64 };
    for (int i = 0; i < 4; i++) {
        xt_engine want = i & 1 ? XT_ENGINE_INTERP : XT_ENGINE_FAST;
        ds_board_config c;
        ds_board_config_default(&c);
        assert_false(c.cpu.engine_set);
        c.cpu = (xt_cpu_config){ .engine = want,
                                 .engine_set = true,
                                 .xlate = i & 2 ? &xo : NULL };
        assert_int_equal(setenv("DSPSIM_ENGINE",
                                want == XT_ENGINE_FAST ? "interp" : "fast", 1),
                         0);
        ds_board *b = NULL;
        char err[256] = "";
        assert_int_equal(ds_board_new(&c, &b, err, sizeof(err)), DS_OK);
        assert_int_equal(xt_engine_get(ds_board_cpu(b)), want);
        const ds_board_config *got = ds_board_get_config(b);
        assert_true(got->cpu.engine_set);
        assert_int_equal(got->cpu.engine, want);
        assert_null(got->cpu.xlate); /* read by ds_board_new only */
        ds_board_free(b);
    }
    for (int i = 0; i < 2; i++) { /* unset: $DSPSIM_ENGINE */
        const char *env = i ? "interp" : "fast";
        assert_int_equal(setenv("DSPSIM_ENGINE", env, 1), 0);
        ds_board *b = NULL;
        assert_int_equal(ds_board_new(NULL, &b, NULL, 0), DS_OK);
        assert_int_equal(xt_engine_get(ds_board_cpu(b)),
                         i ? XT_ENGINE_INTERP : XT_ENGINE_FAST);
        ds_board_free(b);
    }
    unsetenv("DSPSIM_ENGINE");
    ds_board_config c;
    ds_board_config_default(&c);
    c.cpu = (xt_cpu_config){ .engine = (xt_engine)9, .engine_set = true };
    ds_board *b = NULL;
    char err[256] = "";
    assert_int_equal(ds_board_new(&c, &b, err, sizeof(err)), DS_ERR_CONFIG);
    assert_null(b);
    assert_non_null(strstr(err, "engine"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_full),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_deep_nesting_fast),
        cmocka_unit_test(test_load_file),
        cmocka_unit_test(test_board_rejects_bad_config),
        cmocka_unit_test(test_board_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

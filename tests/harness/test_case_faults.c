/* SPDX-License-Identifier: BSD-3-Clause */
/* The faults: section of a case and the fault expectations (issue 14,
 * docs/harness.md "Faults"): parsed into the expected structure (times
 * from at_us and at_period, defaults, sorted by time), and the checks the
 * invalid vector cases do not cover. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "abi/exccause_name.h"
#include "case/case.h"

static const char base[] =
    "name: faults\n"
    "pipelines:\n"
    "  - id: 3\n"
    "    period_us: 2000\n"
    "    components:\n"
    "      - {id: t1, type: tone}\n"
    "      - {id: d1, type: dai, port: ssp0}\n"
    "    connect: [[t1, d1]]\n"
    "ports:\n"
    "  ssp0: {rate: 48000, channels: 2, output: out.wav}\n"
    "duration_ms: 100\n";

static dsh_case *parse(const char *tail, dsh_diag *d)
{
    static char text[8192];
    snprintf(text, sizeof text, "%s%s", base, tail);
    dsh_diag_init(d);
    return dsh_case_parse("/tmp/case.yaml", text, strlen(text), d);
}

static void test_parsed(void **state)
{
    (void)state;
    dsh_diag d;
    dsh_case *c = parse(
        "faults:\n"
        "  - {at_us: 9000, kind: ssp_xrun, port: ssp0}\n"
        "  - {at_period: 2, pipeline: 3, kind: dma_stall, endpoint: ssp0, "
        "duration_us: 700}\n"
        "  - {at_us: 1, kind: clock_step, ppm: -12.5}\n"
        "  - {at_us: 5, kind: doorbell, direction: d2h, mode: lost}\n"
        "  - {at_us: 6, kind: irq_storm, line: 5, duration_us: 10}\n"
        "  - {at_us: 7, kind: bit_flip, region: dram, offset: 16, bit: 3}\n"
        "  - {at_us: 8, kind: bit_flip, address: 0x3FF00010, bit: 7}\n"
        "  - {at_us: 9, kind: bit_flip, symbol: aud_slots, offset: 11, "
        "bit: 7}\n"
        "  - {at_us: 10, kind: stack_overflow}\n"
        "expect:\n"
        "  ipc_timeouts: {max: 2}\n"
        "  host_xruns: 0\n"
        "  xrun_causes: {underrun: 1, dma: {min: 0, max: 4}}\n"
        "  panic: {cause: StackOverflow}\n",
        &d);
    if (!c)
        dsh_diag_print(&d, stderr);
    assert_non_null(c);
    assert_int_equal(c->n_faults, 9);
    /* sorted by time */
    assert_int_equal(c->faults[0].kind, DSH_FAULT_CLOCK_STEP);
    assert_true(c->faults[0].ppm == -12.5);
    assert_int_equal(c->faults[1].kind, DSH_FAULT_DOORBELL);
    assert_true(c->faults[1].d2h && c->faults[1].lost);
    assert_int_equal(c->faults[2].line, 5);
    assert_int_equal(c->faults[2].duration_us, 10);
    assert_int_equal(c->faults[3].address, 0x3FFC0010u);
    assert_int_equal(c->faults[3].bit, 3);
    assert_int_equal(c->faults[4].address, 0x3FF00010u);
    assert_string_equal(c->faults[5].symbol, "aud_slots");
    assert_int_equal(c->faults[5].address, 11);
    assert_int_equal(c->faults[6].kind, DSH_FAULT_STACK_OVERFLOW);
    assert_int_equal(c->faults[6].bytes, 4096); /* default */
    /* at_period 2 of pipeline 3 (2 ms): 4000 us */
    assert_int_equal(c->faults[7].kind, DSH_FAULT_DMA_STALL);
    assert_int_equal(c->faults[7].at_us, 4000);
    assert_int_equal(c->faults[7].duration_us, 700);
    assert_int_equal(c->faults[8].kind, DSH_FAULT_SSP_XRUN);
    assert_false(c->faults[8].overrun);        /* playback port */
    assert_int_equal(c->faults[8].frames, 48); /* default */
    assert_true(c->ipc_timeouts.on);
    assert_int_equal(c->ipc_timeouts.max, 2);
    assert_true(c->host_xruns.on && c->host_xruns.max == 0);
    assert_true(c->xrun_underrun.on && c->xrun_underrun.min == 1);
    assert_true(c->xrun_dma.on && c->xrun_dma.max == 4);
    assert_false(c->xrun_overrun.on);
    assert_true(c->panic.on);
    assert_int_equal(c->panic.cause, FW_CAUSE_STACK);
    assert_string_equal(dsh_fault_kind_name(DSH_FAULT_HOST_REFILL),
                        "host_refill");
    dsh_case_free(c);
}

static void expect_error(const char *tail, const char *want)
{
    dsh_diag d;
    dsh_case *c = parse(tail, &d);
    if (c || !strstr(d.msg[0], want))
        fprintf(stderr, "got: %s\nwant: %s\n", c ? "(accepted)" : d.msg[0],
                want);
    assert_null(c);
    assert_non_null(strstr(d.msg[0], want));
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("faults: {kind: dma_stall}\n",
                 "case.yaml:12:9: faults: expected a sequence");
    expect_error("faults:\n  - {at_us: 1, at_period: 1, kind: stack_overflow}"
                 "\n",
                 "case.yaml:13:5: faults[0]: give exactly one of at_us "
                 "or at_period");
    expect_error("faults:\n  - {at_us: 1, pipeline: 3, kind: "
                 "stack_overflow}\n",
                 "faults[0].pipeline: only with "
                 "at_period");
    expect_error("faults:\n  - {at_period: 1, pipeline: 4, kind: "
                 "stack_overflow}\n",
                 "faults[0].pipeline: no pipeline with "
                 "id 4");
    expect_error("faults:\n  - {at_period: 50, kind: stack_overflow}\n",
                 "faults[0].at_period: 100000 us is not before the end of "
                 "the run");
    expect_error("faults:\n  - {at_us: 1, kind: clock_step, ppm: 0}\n",
                 "faults[0].ppm: a step of 0 ppm changes nothing");
    expect_error("faults:\n  - {at_us: 1, kind: irq_storm, line: 6, "
                 "duration_us: 5}\n",
                 "faults[0].line: 6 is out of range");
    expect_error("faults:\n  - {at_us: 1, kind: bit_flip, address: 0x100, "
                 "bit: 1}\n",
                 "faults[0].address: 0x00000100 is not in IRAM, "
                 "DRAM or the mailbox");
    expect_error("faults:\n  - {at_us: 1, kind: bit_flip, region: dram, "
                 "offset: 300000, bit: 1}\n",
                 "faults[0].offset: 300000 is "
                 "beyond the dram");
    expect_error("faults:\n  - {at_us: 1, kind: bit_flip, address: "
                 "0x3ffc0000, offset: 4, bit: 1}\n",
                 "faults[0].offset: only "
                 "with symbol or region");
    expect_error("faults:\n  - {at_us: 1, kind: stack_overflow, bytes: 9000}"
                 "\n",
                 "faults[0].bytes: 9000 is out of range");
    expect_error("faults:\n  - {at_us: 1, kind: doorbell, direction: h2d}\n",
                 "faults[0]: missing required key 'mode'");
    expect_error("expect:\n  xrun_causes: {underflow: 1}\n",
                 "expect.xrun_causes: unknown key 'underflow'");
    expect_error("rebuild_every_ms: 100\n",
                 "rebuild_every_ms: 100 ms needs "
                 "a fixed duration_ms longer than it");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parsed),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

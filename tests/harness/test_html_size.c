/* SPDX-License-Identifier: BSD-3-Clause */
/* The HTML report's size is bounded (docs/harness.md "HTML report"; issue
 * 33): a case page made from plot data at every recorder's bound (what a
 * run of any length, the ten-minute soak included, can leave: outputs
 * with 1,000-point curves, pipelines of DSH_LOAD_POINTS loads, the
 * event log full, SRC responses, the failure's excerpt) and a result
 * with every check and component stays under 3 MB with its plots (their
 * data, specifications and the dygraphs library inline; without the
 * library the tables only, checked all the same). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>
#include <math.h>

#include "htmlreport/htmlreport.h"
#include "plotdata/event_log.h"
#include "plotdata/load_series.h"
#include "plotdata/plot_index.h"
#include "runner/runner.h"

#define OUTPUTS   4
#define PIPES     4
#define SRCS      2
#define POINTS    1000 /* a curve's bound (exec_plotdata.c MAX_POINTS) */
#define MAX_BYTES (3u << 20)

static json_t *curve(double x0, double x1, bool logx, double (*f)(double))
{
    json_t *a = json_array();
    for (int i = 0; i < POINTS; i++) {
        double t = (double)i / (POINTS - 1);
        double x = logx ? x0 * pow(x1 / x0, t) : x0 + (x1 - x0) * t;
        json_array_append_new(a, json_real(f ? f(x) : x));
    }
    return a;
}

static double spec(double f)
{
    return -120 + 20 * sin(f / 300) - (f > 997 && f < 1000 ? -100 : 0);
}
static double lvl(double t)
{
    return -20 + 0.5 * sin(t);
}
static double lsb(double t)
{
    return fabs(3 * sin(t * 7));
}
static double resp(double f)
{
    return f < 1000 ? 0 : -12 * log2(f / 1000);
}

static json_t *soak_data(void)
{
    json_t *d = json_pack("{s:i, s:f, s:f}", "version", 1, "cpu_hz", 160e6,
                          "audio_seconds", 600.0);
    json_t *outs = json_array();
    for (int o = 0; o < OUTPUTS; o++) {
        char name[16];
        snprintf(name, sizeof name, "ssp%d", o);
        json_t *mask = json_array();
        for (int k = 0; k < 12; k++)
            json_array_append_new(
                mask, json_pack("[f, f, f]", 20.0 * pow(2, k), -1.0 - k, 1.0));
        json_array_append_new(
            outs, json_pack("{s:s, s:i, s:i, s:s, s:s, s:s, s:f,"
                            " s:{s:s, s:i, s:o, s:o, s:o, s:o},"
                            " s:{s:f, s:o, s:o, s:o, s:o, s:o},"
                            " s:{s:o, s:o, s:o}}",
                            "name", name, "rate", 48000, "channels", 2,
                            "format", "s32", "file", "soak.wav", "reference",
                            "ref.wav", "skip_s", 0.1, "spectrum", "window",
                            "Kaiser, beta 20 (as THD+N)", "fft_len", 65536,
                            "freq_hz", curve(0.73, 24000, true, NULL),
                            "out_dbfs", curve(0.73, 24000, true, spec),
                            "ref_freq_hz", curve(0.73, 24000, true, NULL),
                            "ref_dbfs", curve(0.73, 24000, true, spec), "level",
                            "block_s", 0.6, "t_s", curve(0, 599.4, false, NULL),
                            "out_dbfs", curve(0, 599.4, false, lvl), "ref_dbfs",
                            curve(0, 599.4, false, lvl), "diff_dbfs",
                            curve(0, 599.4, false, lvl), "diff_lsb",
                            curve(0, 599.4, false, lsb), "freq_response",
                            "freq_hz", curve(5.86, 24000, true, NULL), "mag_db",
                            curve(5.86, 24000, true, resp), "mask", mask));
    }
    json_object_set_new(d, "outputs", outs);
    json_t *srcs = json_array();
    for (int s = 0; s < SRCS; s++)
        json_array_append_new(
            srcs,
            json_pack("{s:s, s:i, s:i, s:s, s:i, s:o, s:o, s:f, s:f,"
                      " s:f, s:f, s:f, s:{s:f, s:f}}",
                      "component", s ? "src2" : "src1", "rate_in", 48000,
                      "rate_out", 44100, "quality", "default", "stages", 1,
                      "freq_hz", curve(0, 24000, false, NULL), "mag_db",
                      curve(1, 24000, false, resp), "pass_hz", 19845.0,
                      "stop_hz", 22050.0, "ripple_min_db", -0.002,
                      "ripple_max_db", 0.003, "stopband_db", -69.9, "mask",
                      "ripple_db", 0.1, "stopband_db", -60.0));
    json_object_set_new(d, "src", srcs);
    json_t *pipes = json_array();
    for (int p = 0; p < PIPES; p++) {
        json_t *t = json_array(), *l = json_array();
        for (unsigned i = 0; i < DSH_LOAD_POINTS; i++) {
            json_array_append_new(t, json_real(600.0 * i / DSH_LOAD_POINTS));
            json_array_append_new(l, json_real(40 + 30 * sin(i * 0.1)));
        }
        json_array_append_new(
            pipes,
            json_pack("{s:i, s:i, s:i, s:i, s:i, s:o, s:o}", "id", p + 1,
                      "period_us", 1000, "period_cycles", 160000, "jobs",
                      600000, "jobs_per_point", 1024, "t_s", t, "load_pct", l));
    }
    json_object_set_new(d, "pipelines", pipes);
    static const char *const kinds[] = { "miss",  "xrun",      "restart",
                                         "fault", "ipc_error", "panic" };
    json_t *ev = json_array(), *counts = json_object();
    for (int k = 0; k < DSH_EV_KINDS; k++) {
        for (unsigned i = 0; i < DSH_EVENT_LOG_KEEP; i++)
            json_array_append_new(
                ev, json_pack("{s:f, s:s, s:s}", "t_s", 600.0 * i / 400 + k,
                              "kind", kinds[k], "text",
                              "pipeline 1: AUD_UNDERRUN, a line of the kind "
                              "a run records, long enough"));
        json_object_set_new(counts, kinds[k], json_integer(100000));
    }
    json_object_set_new(d, "events", ev);
    json_object_set_new(d, "event_counts", counts);
    json_t *lines = json_array();
    for (int i = 0; i < 42; i++)
        json_array_append_new(
            lines, json_pack("{s:f, s:s, s:s, s:s}", "t_s", 300 + i * 1e-4,
                             "track", "ipc", "name", "AUD_XRUN (0x1101)",
                             "detail", "seq 21, 36 bytes, status OK"));
    json_object_set_new(d, "log_excerpt",
                        json_pack("{s:f, s:i, s:s, s:o}", "t_s", 300.002,
                                  "cycle", 48000000000, "what",
                                  "first xrun: pipeline 1: AUD_UNDERRUN",
                                  "lines", lines));
    json_object_set_new(d, "files",
                        json_pack("{s:s, s:s, s:n}", "firmware_log",
                                  "firmware.log", "timeline", "timeline.json",
                                  "profile"));
    return d;
}

static void page_of_a_soak_bounded(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_html_size.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[512], page[512];
    snprintf(path, sizeof path, "%s/%s", dir, DSH_PLOTDATA_FILE);
    json_t *d = soak_data(), *data = dsh_plot_data_indexed(d);
    assert_non_null(data);
    assert_int_equal(json_dump_file(data, path, JSON_COMPACT), 0);
    json_decref(data);
    json_decref(d);
    static dsh_case_result res;
    res.status = DSH_RES_FAIL;
    snprintf(res.message, sizeof res.message, "63 xruns, expected exactly 0");
    memset(res.log, 'x', sizeof res.log - 1);
    res.nchecks = DSH_RESULT_MAX_CHECKS;
    for (unsigned i = 0; i < res.nchecks; i++) {
        dsh_check_figure *c = &res.checks[i];
        snprintf(c->subject, sizeof c->subject, "ssp%u", i % OUTPUTS);
        snprintf(c->check, sizeof c->check, "%s",
                 i % 3 ? "level_dbfs" : "thdn_db");
        snprintf(c->unit, sizeof c->unit, "dB");
        c->value = -20.5;
        c->min = -21;
        c->max = -20;
        c->has_min = c->has_max = c->passed = true;
    }
    res.run.has_run = true;
    res.run.cpu_hz = 160e6;
    res.run.audio_seconds = 600;
    res.run.npipes = PIPES;
    res.run.ncomps = DSH_RESULT_MAX_COMPS;
    for (unsigned i = 0; i < res.run.ncomps; i++) {
        snprintf(res.run.comps[i].name, sizeof res.run.comps[i].name,
                 "p%u.%u eq_iir", i % PIPES + 1, i + 1);
        res.run.comps[i].mcps = 1.0 + i;
        res.run.comps[i].worst_pct = 2.0 + i;
    }
    dsh_report_entry e = { "soak.yaml", "soak", &res, NULL, dir, NULL };
    char notice[512], err[512];
    snprintf(page, sizeof page, "%s/soak.html", dir);
    assert_true(dsh_html_write_case_file(page, &e, notice, sizeof notice, err,
                                         sizeof err));
    struct stat st;
    assert_int_equal(stat(page, &st), 0);
    printf("soak page: %lld bytes%s%s\n", (long long)st.st_size,
           notice[0] ? "; " : "", notice);
    assert_true(st.st_size < MAX_BYTES);
    FILE *f = fopen(page, "r");
    assert_non_null(f);
    char *buf = malloc((size_t)st.st_size + 1);
    assert_int_equal(fread(buf, 1, (size_t)st.st_size, f), (size_t)st.st_size);
    buf[st.st_size] = '\0';
    fclose(f);
    if (!notice[0]) { /* drawn: every kind of plot is there */
        static const char *const ids[] = {
            "plot-spectrum-ssp3", "plot-level-ssp3",    "plot-diff-ssp3",
            "plot-response-ssp3", "plot-src-pass-src2", "plot-src-stop-src2",
            "plot-load-4",        "plot-components"
        };
        for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
            assert_non_null(strstr(buf, ids[i]));
    }
    assert_non_null(strstr(buf, "id=\"log-excerpt\""));
    free(buf);
    unlink(page);
    unlink(path);
    assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(page_of_a_soak_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The HTML report's data (harness/plotdata): per-period loads kept in
 * bounded memory with the worst period of each point, the bounded event
 * log, log-axis decimation that keeps peaks, the spectrum the way THD+N
 * windows it (a sine's peak reads its level), and level and difference
 * curves against a reference. */
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
#include <math.h>

#include "audio/pcm_format.h"
#include "plotdata/audio_curves.h"
#include "plotdata/event_log.h"
#include "plotdata/load_series.h"
#include "plotdata/plot_index.h"
#include "plotdata/plot_json.h"
#include "plotdata/src_response.h"

static void load_series_bounded(void **state)
{
    (void)state;
    static dsh_load_series s;
    dsh_load_series_init(&s, 7);
    const uint64_t jobs = 600000; /* 10 minutes of 1 ms periods */
    for (uint64_t j = 0; j < jobs; j++)
        dsh_load_series_add(&s, 1000 + j * 160000,
                            j == 333333 ? 999999 : 10000 + j % 100);
    assert_int_equal(s.jobs, jobs);
    assert_true(s.n <= DSH_LOAD_POINTS);
    assert_true(s.n > DSH_LOAD_POINTS / 2);
    assert_int_equal(s.per & (s.per - 1), 0); /* a power of two */
    assert_true((s.n - 1) * s.per < jobs && s.n * s.per >= jobs);
    assert_int_equal(s.cycle[0], 1000);
    uint64_t worst = 0;
    unsigned at = 0;
    for (unsigned i = 0; i < s.n; i++) {
        if (s.worst[i] > worst) {
            worst = s.worst[i];
            at = i;
        }
        if (i)
            assert_true(s.cycle[i] > s.cycle[i - 1]);
        assert_true(s.worst[i] >= 10099 || i == s.n - 1);
    }
    assert_int_equal(worst, 999999); /* the one overloaded period kept */
    assert_int_equal(at, 333333 / s.per);
    assert_int_equal(s.cycle[at], 1000 + (uint64_t)at * s.per * 160000);
}

static void load_series_short(void **state)
{
    (void)state;
    static dsh_load_series s;
    dsh_load_series_init(&s, 1);
    for (unsigned j = 0; j < 10; j++)
        dsh_load_series_add(&s, j * 100, j);
    assert_int_equal(s.n, 10);
    assert_int_equal(s.per, 1);
    assert_int_equal(s.worst[9], 9);
    assert_int_equal(s.cycle[9], 900);
}

static void event_log_bounded(void **state)
{
    (void)state;
    static dsh_event_log l;
    memset(&l, 0, sizeof l);
    for (unsigned i = 0; i < 1000; i++)
        dsh_event_add(&l, DSH_EV_MISS, i, "miss");
    dsh_event_add(&l, DSH_EV_XRUN, 5000, "pipeline 1:\nAUD_UNDERRUN");
    assert_int_equal(l.count[DSH_EV_MISS], 1000);
    assert_int_equal(l.count[DSH_EV_XRUN], 1);
    assert_int_equal(l.n, DSH_EVENT_LOG_KEEP + 1);
    assert_string_equal(l.ev[l.n - 1].text, "pipeline 1: AUD_UNDERRUN");
    assert_int_equal(l.ev[l.n - 1].cycle, 5000);
    assert_string_equal(dsh_event_kind_name(DSH_EV_IPC_ERROR), "ipc_error");
}

static void decimate_keeps_peaks(void **state)
{
    (void)state;
    enum { N = 30000 };
    double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    assert_non_null(x);
    assert_non_null(y);
    for (size_t i = 0; i < N; i++) {
        x[i] = 1.6 * (double)(i + 1);
        y[i] = -120.0 + (i % 7);
    }
    y[21000] = -3.0; /* a peak */
    y[20] = NAN;     /* not measured */
    dsh_curve c;
    assert_true(dsh_curve_decimate_log(x, y, N, 500, false, &c));
    assert_true(c.n <= 500 + 1 && c.n > 100);
    bool peak = false;
    for (size_t i = 0; i < c.n; i++) {
        assert_false(isnan(c.y[i]));
        if (i)
            assert_true(c.x[i] > c.x[i - 1]);
        peak |= c.y[i] == -3.0 && c.x[i] == x[21000];
    }
    assert_true(peak);
    dsh_curve_free(&c);
    /* min-max: both ends of each bucket's range survive */
    assert_true(dsh_curve_decimate_log(x, y, N, 500, true, &c));
    double lo = 0;
    for (size_t i = 0; i < c.n; i++)
        lo = fmin(lo, c.y[i]);
    assert_true(lo == -120.0);
    dsh_curve_free(&c);
    free(x);
    free(y);
}

static void spectrum_of_a_sine(void **state)
{
    (void)state;
    enum { N = 48000 };
    double *x = malloc(N * sizeof *x);
    assert_non_null(x);
    /* -6.02 dBFS on bin 683 of 32768 (1000.49 Hz) */
    const double f0 = 683.0 * 48000.0 / 32768.0;
    for (size_t i = 0; i < N; i++)
        x[i] = 0.5 * sin(2 * M_PI * f0 * (double)i / 48000.0);
    dsh_curve c;
    size_t len;
    char err[128];
    assert_true(
        dsh_curve_spectrum(x, N, 48000, 65536, 800, &c, &len, err, sizeof err));
    assert_int_equal(len, 32768);
    size_t k = 0;
    for (size_t i = 0; i < c.n; i++)
        if (c.y[i] > c.y[k])
            k = i;
    assert_true(fabs(c.y[k] - 20 * log10(0.5)) < 0.01);
    assert_true(fabs(c.x[k] - f0) < 1e-9);
    assert_true(c.x[0] > 0 && c.x[c.n - 1] <= 24000.0);
    assert_true(c.n <= 800);
    /* far from the tone: the window's floor */
    for (size_t i = 0; i < c.n; i++)
        if (c.x[i] > 5000)
            assert_true(c.y[i] < -150);
    dsh_curve_free(&c);
    /* between bins (1 kHz: a third of a bin off) a few tenths lower */
    for (size_t i = 0; i < N; i++)
        x[i] = 0.5 * sin(2 * M_PI * 1000.0 * (double)i / 48000.0);
    assert_true(
        dsh_curve_spectrum(x, N, 48000, 65536, 800, &c, &len, err, sizeof err));
    k = 0;
    for (size_t i = 0; i < c.n; i++)
        if (c.y[i] > c.y[k])
            k = i;
    assert_true(c.y[k] < 20 * log10(0.5) && c.y[k] > 20 * log10(0.5) - 0.5);
    dsh_curve_free(&c);
    assert_false(dsh_curve_spectrum(x, 1000, 48000, 65536, 800, &c, &len, err,
                                    sizeof err));
    free(x);
}

typedef struct sig {
    const int32_t *s;
    unsigned ch;
} sig;

static bool rd(void *user, uint64_t first, uint64_t n, int32_t *dst, char *err,
               size_t errsz)
{
    (void)err;
    (void)errsz;
    const sig *g = user;
    assert_true(n * g->ch <= 4096);
    memcpy(dst, g->s + first * g->ch, n * g->ch * sizeof *dst);
    return true;
}

static void levels_and_difference(void **state)
{
    (void)state;
    enum { FR = 48000, CH = 2 };
    int32_t *out = malloc(FR * CH * sizeof *out);
    dsh_audio ref = { 0 };
    assert_non_null(out);
    assert_true(dsh_audio_alloc(&ref, FR - 480, CH, 48000)); /* shorter */
    for (size_t i = 0; i < FR; i++)
        for (unsigned c = 0; c < CH; c++) { /* -20 dBFS at s16 */
            int32_t v = dsh_q31_quantize(
                dsh_q31_from_double(0.1 * sin(2 * M_PI * 997.0 * i / 48000.0)),
                DSH_PCM_S16);
            out[i * CH + c] = v;
            if (i < ref.frames)
                ref.samples[i * CH + c] = v;
        }
    out[30000 * CH + 1] += 3 << 16; /* 3 LSB at s16, in block 62 */
    sig g = { out, CH };
    dsh_level_curves lc;
    char err[128];
    assert_true(dsh_level_curves_make(rd, &g, FR, CH, 48000, DSH_PCM_S16, &ref,
                                      200, &lc, err, sizeof err));
    assert_int_equal(lc.block, 480); /* 10 ms: 100 blocks <= 200 */
    assert_int_equal(lc.n, 100);
    for (size_t b = 0; b < lc.n; b++) {
        assert_true(fabs(lc.out_dbfs[b] + 20.0) < 0.05);
        assert_true(fabs(lc.t_s[b] - b * 0.01) < 1e-9);
        if (b == 99) { /* past the reference */
            assert_true(isnan(lc.diff_lsb[b]) && isnan(lc.ref_dbfs[b]));
            continue;
        }
        assert_true(fabs(lc.ref_dbfs[b] + 20.0) < 0.05);
        assert_true(lc.diff_lsb[b] == (b == 62 ? 3.0 : 0.0));
        assert_true(b == 62 ? lc.diff_dbfs[b] > -120
                            : lc.diff_dbfs[b] == DSH_CURVE_FLOOR_DBFS);
    }
    dsh_level_curves_free(&lc);
    /* no reference; long signals: blocks grow to keep max_points */
    assert_true(dsh_level_curves_make(rd, &g, FR, CH, 48000, DSH_PCM_S16, NULL,
                                      40, &lc, err, sizeof err));
    assert_int_equal(lc.n, 40);
    assert_int_equal(lc.block, 1200);
    assert_null(lc.ref_dbfs);
    dsh_level_curves_free(&lc);
    dsh_audio_free(&ref);
    free(out);
}

/* The SRC's response from the firmware's tables: 48 -> 16 kHz (two
 * stages) flat to 0.45 F and at least 70 dB down from 0.5 F (the
 * strict core's design), quality=high 48 -> 44.1 kHz at least 85 dB
 * (88 dB design), up-conversion 16 -> 48 kHz on the output's band; the
 * axis 0 .. max rate / 2; a rate the firmware does not convert refused. */
static void src_response_bands(void **state)
{
    (void)state;
    dsh_src_response r;
    char err[128];
    assert_true(
        dsh_src_response_make(48000, 16000, 0, 200, &r, err, sizeof err));
    assert_int_equal(r.n, 200);
    assert_int_equal(r.stages, 2);
    assert_true(r.freq_hz[0] == 0 && r.freq_hz[199] == 24000);
    assert_true(r.pass_hz == 7200 && r.stop_hz == 8000);
    assert_true(fabs(r.mag_db[0]) < 0.01);
    assert_true(r.ripple_min_db > -0.01 && r.ripple_max_db < 0.01);
    assert_true(r.stopband_db < -70 && r.stopband_db > -120);
    /* the transition band falls */
    size_t k = (size_t)(7600.0 / 24000.0 * 199);
    assert_true(r.mag_db[k] < -1 && r.mag_db[k] > -80);
    dsh_src_response_free(&r);
    assert_true(
        dsh_src_response_make(48000, 44100, 1, 100, &r, err, sizeof err));
    assert_int_equal(r.stages, 1);
    assert_true(r.stopband_db < -85);
    assert_true(r.ripple_min_db > -0.001 && r.ripple_max_db < 0.001);
    dsh_src_response_free(&r);
    assert_true(
        dsh_src_response_make(16000, 48000, 0, 100, &r, err, sizeof err));
    assert_true(r.freq_hz[99] == 24000 && r.stop_hz == 8000);
    assert_true(r.stopband_db < -70);
    dsh_src_response_free(&r);
    assert_false(
        dsh_src_response_make(48000, 12345, 0, 100, &r, err, sizeof err));
    assert_non_null(strstr(err, "12345"));
    assert_false(
        dsh_src_response_make(48000, 16000, 0, 4, &r, err, sizeof err));
}

/* Responses kept in the cache: a conversion this process does not keep
 * (its table of 8 full) is read from the file an earlier call wrote
 * (a value changed in the file comes back), and a damaged file is made
 * again. */
static void src_response_cached(void **state)
{
    (void)state;
    char dir[] = "/tmp/dsh-srcresp-XXXXXX", cmd[128];
    assert_non_null(mkdtemp(dir));
    setenv("DSPSIM_CACHE_DIR", dir, 1);
    dsh_src_response r, q;
    char err[128];
    /* fill the process's own table: points 20 .. 27 are 8 responses */
    for (size_t p = 20; p < 28; p++) {
        assert_true(
            dsh_src_response_make(48000, 16000, 0, p, &r, err, sizeof err));
        dsh_src_response_free(&r);
    }
    assert_true(
        dsh_src_response_make(48000, 44100, 1, 64, &r, err, sizeof err));
    /* one file more than the 8 */
    snprintf(cmd, sizeof cmd, "test $(ls %s/src-response | wc -l) -eq 9", dir);
    assert_int_equal(system(cmd), 0);
    /* the file of 64 points: found by its size (a header, two arrays) */
    char path[256] = { 0 };
    snprintf(cmd, sizeof cmd, "find %s/src-response -size %uc > %s/which", dir,
             (unsigned)(72 + 2 * 64 * 8), dir);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "%s/which", dir);
    FILE *w = fopen(cmd, "r");
    assert_non_null(w);
    assert_non_null(fgets(path, sizeof path, w));
    fclose(w);
    path[strcspn(path, "\n")] = '\0';
    /* the stopband figure in the file's header, changed */
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    double v = -1234.5;
    assert_int_equal(fseek(f, 8 + 16 + 8 + 32, SEEK_SET), 0);
    assert_int_equal(fwrite(&v, sizeof v, 1, f), 1);
    fclose(f);
    assert_true(
        dsh_src_response_make(48000, 44100, 1, 64, &q, err, sizeof err));
    assert_true(q.stopband_db == -1234.5);
    assert_memory_equal(q.mag_db, r.mag_db, 64 * sizeof *q.mag_db);
    dsh_src_response_free(&q);
    /* cut short: made again, the file whole again */
    assert_int_equal(truncate(path, 100), 0);
    assert_true(
        dsh_src_response_make(48000, 44100, 1, 64, &q, err, sizeof err));
    assert_true(q.stopband_db == r.stopband_db);
    assert_memory_equal(q.mag_db, r.mag_db, 64 * sizeof *q.mag_db);
    dsh_src_response_free(&q);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_size, 72 + 2 * 64 * 8);
    dsh_src_response_free(&r);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    unsetenv("DSPSIM_CACHE_DIR");
}

/* A curve in one node: written as the array of its numbers would be (a
 * non-finite one null), summarised by the index as that array is. */
static void plot_curve_packed(void **state)
{
    (void)state;
    double v[] = { NAN, -200, 0.125, 1e-7, 48000, -3.5, INFINITY, 1.0 / 3 };
    size_t n = sizeof v / sizeof v[0];
    for (size_t len = 0; len <= n; len++) {
        json_t *arr = json_array();
        for (size_t i = 0; i < len; i++)
            json_array_append_new(arr, isfinite(v[i]) ? json_real(v[i])
                                                      : json_null());
        json_t *a = json_pack("{s:o, s:[i]}", "c", arr, "k", 1);
        json_t *b = json_pack("{s:o, s:[i]}", "c", dsh_plot_curve(v, len, 6),
                              "k", 1);
        assert_true(a && b);
        char *ta = NULL, *tb = NULL;
        size_t la = 0, lb = 0;
        FILE *f = open_memstream(&ta, &la);
        assert_true(dsh_plot_json_write(a, 6, f));
        fclose(f);
        f = open_memstream(&tb, &lb);
        assert_true(dsh_plot_json_write(b, 6, f));
        fclose(f);
        assert_string_equal(ta, tb);
        json_t *ia = dsh_plot_index(a), *ib = dsh_plot_index(b);
        assert_true(json_equal(ia, ib));
        json_decref(ia);
        json_decref(ib);
        free(ta);
        free(tb);
        json_decref(a);
        json_decref(b);
    }
}

static double member(const json_t *o, const char *path)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *k = strtok(buf, "."); k && o; k = strtok(NULL, "."))
        o = json_is_array(o) ? json_array_get(o, (size_t)atoi(k))
                             : json_object_get(o, k);
    return json_is_number(o) ? json_number_value(o) : NAN;
}

/* the index the report's runner reads instead of the plot data: curves
 * as their summaries (silence left out of the level range), masks and
 * scalars as they are, the events cut to the page's with their number
 * and, per kind, their count and last time */
static void plot_index_summarises(void **state)
{
    (void)state;
    json_t *ev = json_array();
    for (int i = 0; i < 100; i++)
        json_array_append_new(ev, json_pack("{s:f, s:s, s:s}", "t_s", 0.5 * i,
                                            "kind", i % 4 ? "xrun" : "miss",
                                            "text", "x"));
    json_t *d = json_pack(
        "{s:i, s:[{s:s, s:f, s:{s:[f, f, f, f], s:[f, n, f, f]},"
        " s:{s:[[f, f, f], [f, f, f]]}}], s:o}",
        "version", 1, "outputs", "name", "ssp0", "skip_s", 0.01, "spectrum",
        "freq_hz", 0.0, 5.0, 10.0, 20.0, "out_dbfs", -200.0, -20.0, -3.0,
        "freq_response", "mask", 20.0, -1.0, 1.0, 100.0, -2.0, 2.0, "events",
        ev);
    assert_non_null(d);
    json_t *x = dsh_plot_index(d);
    assert_non_null(x);
    const json_t *sp = json_object_get(
        json_object_get(json_array_get(json_object_get(x, "outputs"), 0),
                        "spectrum"),
        "out_dbfs");
    assert_int_equal(json_integer_value(json_object_get(sp, "n")), 4);
    assert_true(member(sp, "lo") == -200.0 && member(sp, "hi") == -3.0);
    assert_true(member(sp, "dlo") == -20.0 && member(sp, "dhi") == -3.0);
    assert_true(member(sp, "x0") == -200.0 && member(sp, "x1") == -3.0);
    assert_true(isnan(member(sp, "pos0")));
    assert_true(member(x, "outputs.0.spectrum.freq_hz.pos0") == 5.0);
    assert_true(member(x, "outputs.0.skip_s") == 0.01);
    assert_true(member(x, "outputs.0.freq_response.mask.1.2") == 2.0);
    assert_int_equal(json_array_size(json_object_get(x, "events")),
                     DSH_PLOT_INDEX_EVENTS);
    assert_true(member(x, "events_n") == 100);
    assert_true(member(x, "event_kinds.xrun.n") == 75);
    assert_true(member(x, "event_kinds.miss.n") == 25);
    assert_true(member(x, "event_kinds.xrun.t1") == 49.5);
    assert_true(member(x, "event_kinds.miss.t1") == 48.0);
    /* the data with its index first: the index read alone from its text */
    json_t *full = dsh_plot_data_indexed(d);
    char *text = json_dumps(full, JSON_COMPACT);
    assert_non_null(text);
    assert_memory_equal(text, DSH_PLOT_INDEX_HEAD, strlen(DSH_PLOT_INDEX_HEAD));
    json_t *back = dsh_plot_index_read(text, strlen(text));
    assert_true(json_equal(back, x));
    assert_true(json_equal(json_object_get(full, "events"), ev));
    assert_null(dsh_plot_index_read("{\"version\":1}", 13));
    json_decref(back);
    free(text);
    json_decref(full);
    json_decref(x);
    json_decref(d);
}

/* the plot data's numbers: the text printf's %.*g makes (".0" added
 * when it has neither '.' nor 'e'), for values of every size */
static void plot_json_numbers(void **state)
{
    (void)state;
    char got[40], want[40];
    static const double fixed[] = { 0,        -0.0,      1,        -1,
                                    0.5,      9.999996,  9.999994, 99999.95,
                                    123456.5, 160e6,     1e-5,     0.0001,
                                    -200,     7200,      1e300,    -2.5e-300,
                                    48000,    0.0014231, 999999.5, 1e21 };
    unsigned seed = 1;
    for (int i = 0; i < 200000; i++) {
        double v;
        if (i < (int)(sizeof fixed / sizeof fixed[0])) {
            v = fixed[i];
        } else {
            seed = seed * 1103515245u + 12345u;
            double mant = 1 + (seed >> 8) / (double)(1u << 24) * 9;
            int e = (int)(seed % 40) - 15;
            v = (seed & 1 ? -mant : mant) * pow(10, e);
        }
        int digits = 1 + i % 9;
        snprintf(want, sizeof want, "%.*g", digits, v);
        if (!strpbrk(want, ".e"))
            strcat(want, ".0");
        size_t n = dsh_plot_json_real(v, digits, got);
        assert_int_equal(n, strlen(got));
        if (strcmp(got, want))
            fail_msg("%.17g with %d digits: %s, printf %s", v, digits, got,
                     want);
    }
    /* a tree: the text jansson reads back to the same values */
    json_t *d = json_pack("{s:[f, n, i, s], s:{s:b, s:s}}", "a", 0.25, 7,
                          "q\"\\\n\x01é", "o", "t", 1, "k", "v");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_true(dsh_plot_json_write(d, 6, f));
    assert_int_equal(fclose(f), 0);
    assert_string_equal(buf,
                        "{\"a\":[0.25,null,7,\"q\\\"\\\\\\u000a\\u0001é\"],"
                        "\"o\":{\"t\":true,\"k\":\"v\"}}");
    json_t *back = json_loads(buf, 0, NULL);
    assert_true(json_equal(back, d));
    json_decref(back);
    json_decref(d);
    free(buf);
    /* text of many buffers (written a buffer at a time): read back the
     * same, every value to its 6 digits */
    json_t *big = json_array();
    for (int i = 0; i < 30000; i++)
        json_array_append_new(big, json_real(-123.456789 + i * 0.37));
    f = open_memstream(&buf, &len);
    assert_true(dsh_plot_json_write(big, 6, f));
    assert_int_equal(fclose(f), 0);
    assert_true(len > 200000);
    back = json_loads(buf, 0, NULL);
    assert_int_equal(json_array_size(back), 30000);
    for (size_t i = 0; i < 30000; i++) {
        double v = json_real_value(json_array_get(big, i));
        double w = json_real_value(json_array_get(back, i));
        snprintf(want, sizeof want, "%.6g", v);
        assert_true(w == strtod(want, NULL));
    }
    json_decref(back);
    json_decref(big);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(load_series_bounded),
        cmocka_unit_test(load_series_short),
        cmocka_unit_test(event_log_bounded),
        cmocka_unit_test(decimate_keeps_peaks),
        cmocka_unit_test(spectrum_of_a_sine),
        cmocka_unit_test(src_response_bands),
        cmocka_unit_test(levels_and_difference),
        cmocka_unit_test(plot_index_summarises),
        cmocka_unit_test(plot_json_numbers),
        cmocka_unit_test(src_response_cached),
        cmocka_unit_test(plot_curve_packed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

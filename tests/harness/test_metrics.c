/* SPDX-License-Identifier: BSD-3-Clause */
/* Audio metrics on synthetic signals with known answers, and RMS/DC
 * against sox. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <fftw3.h>
#include <math.h>

#include "audio/compare.h"
#include "audio/freq_response.h"
#include "audio/fft.h"
#include "audio/fft_wisdom.h"
#include "audio/metrics.h"
#include "audio/window.h"
#include "harness_test_util.h"

#define RATE 48000

static const char *dir;

static int setup(void **state)
{
    (void)state;
    dir = ht_make_tmpdir("metrics");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    ht_remove_tree(dir);
    return 0;
}

/* Deterministic Gaussian noise: xorshift64* and Box-Muller. */
static uint64_t rng = 0x9E3779B97F4A7C15ull;
static double uniform01(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return ((rng * 2685821657736338717ull) >> 11) * (1.0 / 9007199254740992.0);
}
static double gauss(void)
{
    double u = uniform01(), v = uniform01();
    if (u < 1e-300)
        u = 1e-300;
    return sqrt(-2.0 * log(u)) * cos(2 * M_PI * v);
}

static double *sine(size_t n, double freq, double amp)
{
    double *x = malloc(n * sizeof *x);
    for (size_t i = 0; i < n; i++)
        x[i] = amp * sin(2 * M_PI * freq * (double)i / RATE);
    return x;
}

#define assert_near(a, b, tol)                                                 \
    do {                                                                       \
        double a_ = (a), b_ = (b);                                             \
        if (!(fabs(a_ - b_) <= (tol)))                                         \
            fail_msg("%s = %.6f, expected %.6f +- %g", #a, a_, b_,             \
                     (double)(tol));                                           \
    } while (0)

static double sox_stat(const char *path, const char *label)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "sox '%s' -n stat 2>&1", path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char line[256];
    double v = NAN;
    while (fgets(line, sizeof line, p))
        if (!strncmp(line, label, strlen(label))) {
            char *colon = strchr(line, ':');
            v = strtod(colon + 1, NULL);
        }
    assert_int_equal(pclose(p), 0);
    if (isnan(v))
        fail_msg("sox stat printed no '%s'", label);
    return v;
}

/* The FFT against the DFT's definition: every power of two up to 512 on
 * random data; other lengths are refused. */
static void test_fft_matches_dft(void **state)
{
    (void)state;
    enum { NMAX = 512 };
    static double re[NMAX], im[NMAX], xr[NMAX], xi[NMAX];
    uint32_t seed = 12345;
    for (size_t n = 2; n <= NMAX; n *= 2) {
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1664525u + 1013904223u;
            xr[i] = re[i] = (double)(int32_t)seed / 2147483648.0;
            seed = seed * 1664525u + 1013904223u;
            xi[i] = im[i] = (double)(int32_t)seed / 2147483648.0;
        }
        assert_true(dsh_fft(re, im, n));
        for (size_t k = 0; k < n; k++) {
            double sr = 0, si = 0;
            for (size_t t = 0; t < n; t++) {
                double a = -2.0 * M_PI * (double)((k * t) % n) / (double)n;
                sr += xr[t] * cos(a) - xi[t] * sin(a);
                si += xr[t] * sin(a) + xi[t] * cos(a);
            }
            assert_true(fabs(re[k] - sr) < 1e-9 * (double)n);
            assert_true(fabs(im[k] - si) < 1e-9 * (double)n);
        }
    }
    assert_false(dsh_fft(re, im, 0));
    assert_false(dsh_fft(re, im, 1));
    assert_false(dsh_fft(re, im, 12));
    assert_int_equal(dsh_pow2_floor(1000), 512);
    assert_int_equal(dsh_pow2_floor(0), 0);
}

/* The kept plans (fft.c): every call gives the very bits of a plan made
 * for that call on arrays laid out as a kept plan's work area (one block,
 * the imaginary part after the real one: FFTW_ESTIMATE may pick its
 * codelets by where the arrays lie, so a plan on two separate arrays can
 * round otherwise — it did under the sanitizers' allocator), for lengths
 * up to 65,536, each length again after others, and for more lengths
 * than the cache holds (2^1 .. 2^16: 16 lengths). */
static void test_fft_kept_plans_same_bits(void **state)
{
    (void)state;
    enum { NMAX = 65536 };
    double *re = malloc(NMAX * sizeof *re), *im = malloc(NMAX * sizeof *im);
    assert_true(re && im);
    uint32_t seed = 777;
    for (int round = 0; round < 3; round++)
        for (size_t n = 2; n <= NMAX; n *= 2) {
            double *xr = malloc(2 * n * sizeof *xr), *xi = xr + n;
            assert_non_null(xr);
            for (size_t i = 0; i < n; i++) {
                seed = seed * 1664525u + 1013904223u;
                xr[i] = re[i] = (double)(int32_t)seed / 2147483648.0;
                seed = seed * 1664525u + 1013904223u;
                xi[i] = im[i] = (double)(int32_t)seed / 2147483648.0;
            }
            assert_true(dsh_fft(re, im, n));
            fftw_iodim dim = { .n = (int)n, .is = 1, .os = 1 };
            fftw_plan p = fftw_plan_guru_split_dft(
                1, &dim, 0, NULL, xr, xi, xr, xi,
                FFTW_ESTIMATE | FFTW_UNALIGNED);
            assert_non_null(p);
            fftw_execute(p);
            fftw_destroy_plan(p);
            assert_memory_equal(re, xr, n * sizeof *re);
            assert_memory_equal(im, xi, n * sizeof *im);
            free(xr);
        }
    free(re);
    free(im);
}

/* The transform of 16,384 random points by a plan FFTW makes now, into
 * re/im (their 2 n doubles). */
static void planned_transform(double *re, double *im, size_t n)
{
    uint32_t seed = 4242;
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1664525u + 1013904223u;
        re[i] = (double)(int32_t)seed / 2147483648.0;
        im[i] = 0;
    }
    fftw_iodim dim = { .n = (int)n, .is = 1, .os = 1 };
    fftw_plan p = fftw_plan_guru_split_dft(1, &dim, 0, NULL, re, im, re, im,
                                           FFTW_ESTIMATE | FFTW_UNALIGNED);
    assert_non_null(p);
    fftw_execute(p);
    fftw_destroy_plan(p);
}

/* FFTW's wisdom in the cache: written when there is some the file does
 * not hold (its directories made), read back into a planner that forgot
 * it, and a plan made from it transforms to the same bits; a file that
 * is not wisdom is none. */
static void test_fft_wisdom_kept(void **state)
{
    (void)state;
    char tdir[] = "/tmp/dsh-wisdom-XXXXXX", sub[64], path[128];
    assert_non_null(mkdtemp(tdir));
    snprintf(sub, sizeof sub, "%s/a/b", tdir);
    snprintf(path, sizeof path, "%s/fftw-wisdom", sub);
    setenv("DSPSIM_CACHE_DIR", sub, 1);
    enum { N = 16384 };
    double *a = malloc(4 * N * sizeof *a), *b = a + 2 * N;
    assert_non_null(a);
    fftw_forget_wisdom();
    assert_false(dsh_fft_wisdom_load()); /* no file */
    planned_transform(a, a + N, N);
    assert_true(dsh_fft_wisdom_save());
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char head[32] = { 0 };
    assert_true(fread(head, 1, sizeof head - 1, f) > 0);
    fclose(f);
    assert_non_null(strstr(head, "fftw"));
    fftw_forget_wisdom();
    assert_true(dsh_fft_wisdom_load());
    planned_transform(b, b + N, N);
    assert_memory_equal(a, b, 2 * N * sizeof *a);
    /* nothing new since it was read: not written again */
    assert_int_equal(unlink(path), 0);
    assert_true(dsh_fft_wisdom_save());
    assert_int_equal(access(path, F_OK), -1);
    /* not wisdom: none */
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("(not wisdom", f);
    fclose(f);
    fftw_forget_wisdom();
    assert_false(dsh_fft_wisdom_load());
    unlink(path);
    snprintf(path, sizeof path, "rm -rf %s", tdir);
    assert_int_equal(system(path), 0);
    unsetenv("DSPSIM_CACHE_DIR");
    free(a);
}

/* dsh_fft_power: the powers dsh_fft gives of the windowed signal, bit
 * for bit, and the kept window is the window. */
static void test_fft_power_same_bits(void **state)
{
    (void)state;
    enum { N = 16384 };
    double *x = malloc(N * sizeof *x), *re = malloc(N * sizeof *re);
    double *im = calloc(N, sizeof *im), *w = malloc(N * sizeof *w);
    double *pw = malloc((N / 2 + 1) * sizeof *pw);
    assert_true(x && re && im && w && pw);
    for (size_t i = 0; i < N; i++)
        x[i] = sin(0.01 * (double)i) + 1e-3 * cos(1.3 * (double)i);
    dsh_window_kaiser(w, N, 20);
    const double *kw = dsh_window_kaiser_kept(N, 20);
    assert_non_null(kw);
    assert_memory_equal(kw, w, N * sizeof *w);
    assert_null(dsh_window_kaiser_kept(100, 20));
    for (size_t i = 0; i < N; i++)
        re[i] = x[i] * w[i];
    assert_true(dsh_fft(re, im, N));
    assert_true(dsh_fft_power(x, kw, N, pw));
    for (size_t k = 0; k <= N / 2; k++) {
        double p = re[k] * re[k] + im[k] * im[k];
        assert_memory_equal(&pw[k], &p, sizeof p);
    }
    assert_false(dsh_fft_power(x, kw, 12, pw));
    free(x);
    free(re);
    free(im);
    free(w);
    free(pw);
}

/* The kept Kaiser window (window.c) is the one computed anew: the same
 * length twice, another beta, another length, and back. */
static void test_kaiser_kept_same_bits(void **state)
{
    (void)state;
    enum { N = 8192 };
    static double a[N], b[N];
    static const struct {
        size_t n;
        double beta;
    } seq[] = { { N, 20 },     { N, 20 }, { N, 8 },
                { N / 2, 20 }, { N, 20 }, { 100, 20 } };
    for (size_t k = 0; k < sizeof seq / sizeof seq[0]; k++) {
        size_t n = seq[k].n;
        dsh_window_kaiser(a, n, seq[k].beta);
        double den = 0, s = 1, t = 1, q = seq[k].beta * seq[k].beta / 4;
        for (int j = 1; j < 500 && t >= s * 1e-17; j++) {
            t *= q / ((double)j * j);
            s += t;
        }
        den = s;
        for (size_t i = 0; i < n; i++) {
            double r = 2.0 * (double)i / (double)(n - 1) - 1.0, x = 1 - r * r;
            double z = seq[k].beta * sqrt(x > 0 ? x : 0);
            s = t = 1, q = z * z / 4;
            for (int j = 1; j < 500; j++) {
                t *= q / ((double)j * j);
                s += t;
                if (t < s * 1e-17)
                    break;
            }
            b[i] = s / den;
        }
        assert_memory_equal(a, b, n * sizeof *a);
    }
}

static void test_rms_dc_against_sox(void **state)
{
    (void)state;
    size_t n = RATE;
    int32_t *s = malloc(n * 2 * sizeof *s);
    for (size_t i = 0; i < n; i++) {
        double t = (double)i / RATE;
        s[2 * i] = dsh_q31_from_double(0.1 + 0.5 * sin(2 * M_PI * 997 * t));
        s[2 * i + 1] = dsh_q31_from_double(-0.05 +
                                           0.25 * sin(2 * M_PI * 61 * t));
    }
    const char *p = ht_path(dir, "rmsdc.wav");
    char err[512];
    assert_true(
        dsh_audio_write_wav(p, s, n, 2, RATE, DSH_PCM_S32, err, sizeof err));
    free(s);
    dsh_audio a;
    assert_true(dsh_audio_read(p, &a, err, sizeof err));
    size_t m;
    double *x = dsh_audio_to_double(&a, UINT32_MAX, 0, &m);
    assert_int_equal(m, 2 * n);
    double rms = dsh_rms(x, m), mean = dsh_mean(x, m);
    /* sox prints 6 decimals */
    assert_near(rms, sox_stat(p, "RMS     amplitude"), 2e-6);
    assert_near(mean, sox_stat(p, "Mean    amplitude"), 2e-6);
    /* and the closed forms */
    assert_near(mean, (0.1 - 0.05) / 2, 1e-6);
    assert_near(rms, sqrt((0.01 + 0.125 + 0.0025 + 0.03125) / 2), 1e-5);
    free(x);
    x = dsh_audio_to_double(&a, 1, 0, &m);
    assert_near(dsh_mean(x, m), -0.05, 1e-6);
    assert_near(dsh_dc_dbfs(dsh_mean(x, m)), 20 * log10(0.05), 1e-3);
    free(x);
    dsh_audio_free(&a);
}

static void test_level_and_gain(void **state)
{
    (void)state;
    size_t n = RATE;
    double *full = sine(n, 1000, 1.0), *half = sine(n, 1000, 0.5);
    assert_near(dsh_level_dbfs(dsh_rms(full, n)), 0.0, 1e-3);
    assert_near(dsh_level_dbfs(dsh_rms(half, n)), -6.0206, 1e-3);
    assert_near(dsh_gain_db(half, n, full, n), -6.0206, 1e-3);
    assert_near(dsh_peak(half, n), 0.5, 1e-6);
    free(full);
    free(half);
}

static void check_thdn(double freq, double harm_db, int harmonic,
                       bool give_freq)
{
    size_t n = 65536;
    double *x = sine(n, freq, 0.5);
    double ha = 0.5 * pow(10, harm_db / 20);
    for (size_t i = 0; i < n; i++)
        x[i] += ha * sin(2 * M_PI * harmonic * freq * (double)i / RATE + 0.3);
    dsh_thdn_opts o;
    dsh_thdn_opts_default(&o);
    if (give_freq)
        o.freq_hz = freq;
    dsh_thdn_result r;
    char err[256];
    assert_true(dsh_thdn(x, n, RATE, &o, &r, err, sizeof err));
    assert_near(r.thdn_db, harm_db, 0.2);
    assert_near(r.fund_dbfs, -6.0206, 0.05);
    assert_near(r.freq_hz, freq, RATE / 65536.0);
    free(x);
}

static void test_thdn_known_harmonic(void **state)
{
    (void)state;
    check_thdn(997, -60, 3, false);
    check_thdn(997, -80, 2, true);
    check_thdn(1000, -100, 5, false); /* not on a bin centre */
    check_thdn(6000, -40, 3, true);
    /* pure sine: the method's own floor (double FFT, Kaiser window) */
    double *x = sine(65536, 997, 0.5);
    dsh_thdn_result r;
    char err[256];
    assert_true(dsh_thdn(x, 65536, RATE, NULL, &r, err, sizeof err));
    if (!(r.thdn_db < -150)) /* floor measured: about -165 dB */
        fail_msg("pure sine THD+N %.1f dB", r.thdn_db);
    /* too short */
    assert_false(dsh_thdn(x, 1000, RATE, NULL, &r, err, sizeof err));
    assert_non_null(strstr(err, "needs at least 1024 frames"));
    free(x);
}

static void test_snr_white_noise(void **state)
{
    (void)state;
    size_t n = 65536;
    double sigma = 1e-3, amp = 0.5;
    double *x = sine(n, 997, amp);
    for (size_t i = 0; i < n; i++)
        x[i] += sigma * gauss();
    /* white noise: the 20 Hz .. 20 kHz band holds 19980/24000 of it */
    double frac = (20000.0 - 20.0) / (RATE / 2.0);
    double expect = 10 * log10((amp * amp / 2) / (sigma * sigma * frac));
    double snr;
    char err[256];
    assert_true(dsh_snr(x, n, RATE, NULL, &snr, err, sizeof err));
    assert_near(snr, expect, 0.2);
    free(x);
}

static void test_dynamic_range_aes17(void **state)
{
    (void)state;
    size_t n = 65536;
    double sigma = 3e-6;
    double *x = sine(n, 997, 1e-3); /* -60 dBFS */
    for (size_t i = 0; i < n; i++)
        x[i] += sigma * gauss();
    double frac = (20000.0 - 20.0) / (RATE / 2.0);
    double expect = -10 * log10(sigma * sigma * frac / 0.5);
    double dr;
    char err[256];
    assert_true(dsh_dynamic_range(x, n, RATE, NULL, &dr, err, sizeof err));
    assert_near(dr, expect, 0.2);
    free(x);
    x = sine(n, 997, 0.1); /* -20 dBFS: wrong stimulus */
    assert_false(dsh_dynamic_range(x, n, RATE, NULL, &dr, err, sizeof err));
    assert_non_null(strstr(err, "needs a -60 dBFS tone"));
    free(x);
}

static void test_freq_response_two_tap_average(void **state)
{
    (void)state;
    size_t n = 1 << 17;
    double *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
    for (size_t i = 0; i < n; i++)
        in[i] = 0.1 * gauss();
    out[0] = in[0] / 2;
    for (size_t i = 1; i < n; i++)
        out[i] = (in[i] + in[i - 1]) / 2; /* |H| = |cos(pi f / fs)| */
    dsh_freq_response fr;
    char err[256];
    assert_true(
        dsh_freq_response_measure(in, out, n, RATE, 0, &fr, err, sizeof err));
    const double freqs[] = { 100, 1000, 6000, 12000, 18000 };
    for (int i = 0; i < 5; i++)
        assert_near(dsh_freq_response_at(&fr, freqs[i]),
                    20 * log10(cos(M_PI * freqs[i] / RATE)), 0.05);
    /* a mask the response meets */
    dsh_mask_point ok_mask[] = { { 20, -0.1, 0.1 },
                                 { 6000, -0.8, 0.1 },
                                 { 12000, -3.2, 0.1 } };
    dsh_mask_result r;
    assert_true(dsh_mask_check(&fr, ok_mask, 3, &r, err, sizeof err));
    assert_true(r.pass);
    assert_true(r.checked > 1000);
    /* a flat +-0.1 dB mask to 20 kHz fails worst at the top */
    dsh_mask_point flat[] = { { 20, -0.1, 0.1 }, { 20000, -0.1, 0.1 } };
    assert_true(dsh_mask_check(&fr, flat, 2, &r, err, sizeof err));
    assert_false(r.pass);
    assert_near(r.worst_freq_hz, 20000, fr.bin_hz);
    assert_near(r.worst_excess_db, -20 * log10(cos(M_PI * 20000 / RATE)) - 0.1,
                0.1);
    dsh_freq_response_free(&fr);
    /* silent input */
    memset(in, 0, n * sizeof *in);
    assert_false(
        dsh_freq_response_measure(in, out, n, RATE, 0, &fr, err, sizeof err));
    assert_non_null(strstr(err, "input is silent"));
    free(in);
    free(out);
}

static void test_compare_and_diff(void **state)
{
    (void)state;
    dsh_audio a, b;
    assert_true(dsh_audio_alloc(&a, 1000, 2, RATE));
    assert_true(dsh_audio_alloc(&b, 1000, 2, RATE));
    for (size_t i = 0; i < 2000; i++)
        a.samples[i] = b.samples[i] = dsh_q31_quantize(
            dsh_q31_from_double(0.5 * sin(i * 0.01)), DSH_PCM_S16);
    dsh_compare_result r;
    char err[256];
    assert_true(dsh_compare(&a, &b, DSH_PCM_S16, 0, &r, err, sizeof err));
    assert_true(r.bit_exact);
    b.samples[100 * 2 + 1] += 1 << 16; /* +1 LSB at s16 */
    b.samples[200 * 2 + 0] += 3 << 16; /* +3 LSB */
    b.samples[300 * 2 + 0] += 1 << 8;  /* below an s16 LSB: rounds */
    assert_true(dsh_compare(&a, &b, DSH_PCM_S16, 0, &r, err, sizeof err));
    assert_false(r.bit_exact);
    assert_int_equal(r.max_diff_lsb, 3);
    assert_int_equal(r.n_diff, 2);
    assert_int_equal(r.first_diff_frame, 100);
    assert_int_equal(r.first_diff_channel, 1);
    /* at s32 the sub-LSB change counts: 3 << 16 LSBs */
    assert_true(dsh_compare(&a, &b, DSH_PCM_S32, 0, &r, err, sizeof err));
    assert_int_equal(r.max_diff_lsb, 3 << 16);
    assert_int_equal(r.n_diff, 3);
    /* skipping past the differences */
    assert_true(dsh_compare(&a, &b, DSH_PCM_S32, 301, &r, err, sizeof err));
    assert_true(r.bit_exact);
    assert_int_equal(r.compared, 699);
    /* difference file */
    const char *p = ht_path(dir, "diff.wav");
    assert_true(dsh_write_diff_wav(p, &a, &b, DSH_PCM_S32, err, sizeof err));
    dsh_audio d;
    assert_true(dsh_audio_read(p, &d, err, sizeof err));
    assert_int_equal(d.frames, 1000);
    assert_int_equal(d.samples[200 * 2], -(3 << 16));
    assert_int_equal(d.samples[100 * 2 + 1], -(1 << 16));
    assert_int_equal(d.samples[0], 0);
    dsh_audio_free(&d);
    /* length and shape mismatches */
    b.frames = 900;
    assert_true(dsh_compare(&a, &b, DSH_PCM_S16, 400, &r, err, sizeof err));
    assert_false(r.bit_exact);
    assert_int_equal(r.n_diff, 0);
    b.channels = 1;
    b.frames = 1000;
    assert_false(dsh_compare(&a, &b, DSH_PCM_S16, 0, &r, err, sizeof err));
    assert_string_equal(err, "cannot compare 48000 Hz, 2 channels with "
                             "48000 Hz, 1 channels");
    dsh_audio_free(&a);
    dsh_audio_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fft_matches_dft),
        cmocka_unit_test(test_rms_dc_against_sox),
        cmocka_unit_test(test_level_and_gain),
        cmocka_unit_test(test_fft_kept_plans_same_bits),
        cmocka_unit_test(test_kaiser_kept_same_bits),
        cmocka_unit_test(test_fft_power_same_bits),
        cmocka_unit_test(test_fft_wisdom_kept),
        cmocka_unit_test(test_thdn_known_harmonic),
        cmocka_unit_test(test_snr_white_noise),
        cmocka_unit_test(test_dynamic_range_aes17),
        cmocka_unit_test(test_freq_response_two_tap_average),
        cmocka_unit_test(test_compare_and_diff),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

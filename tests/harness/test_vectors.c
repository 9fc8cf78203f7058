/* SPDX-License-Identifier: BSD-3-Clause */
/* Generated test signals: properties of a few files (length, rate,
 * format, peak level, frequency by DFT), byte-identical regeneration, and
 * manifest errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>
#include <sys/wait.h>

#include "audio/metrics.h"
#include "audio/wav_io.h"
#include "harness_test_util.h"

static const char *tmp;

static int setup(void **state)
{
    (void)state;
    tmp = ht_make_tmpdir("vectors");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    ht_remove_tree(tmp);
    return 0;
}

static void load(const char *name, dsh_audio *a)
{
    char err[512];
    if (!dsh_audio_read(ht_path(SIGNALS_DIR, name), a, err, sizeof err))
        fail_msg("%s", err);
}

#define assert_near(a, b, tol)                                                 \
    do {                                                                       \
        double a_ = (a), b_ = (b);                                             \
        if (!(fabs(a_ - b_) <= (tol)))                                         \
            fail_msg("%s = %.6f, expected %.6f +- %g", #a, a_, b_,             \
                     (double)(tol));                                           \
    } while (0)

static void check_sine(const char *name, unsigned rate, unsigned ch,
                       unsigned bits, uint64_t frames, double freq,
                       double level_db)
{
    dsh_audio a;
    load(name, &a);
    assert_int_equal(a.rate, rate);
    assert_int_equal(a.channels, ch);
    assert_int_equal(a.info.bits, bits);
    assert_int_equal(a.frames, frames);
    for (unsigned c = 0; c < ch; c++) {
        size_t n;
        double *x = dsh_audio_to_double(&a, c, 0, &n);
        double lsb = ldexp(1.0, -(int)(bits - 1));
        assert_near(dsh_peak(x, n), pow(10, level_db / 20), lsb + 1e-4);
        dsh_thdn_opts o;
        dsh_thdn_opts_default(&o);
        o.band_lo_hz = 1;
        dsh_thdn_result r;
        char err[256];
        assert_true(dsh_thdn(x, n, rate, &o, &r, err, sizeof err));
        assert_near(r.freq_hz, freq, (double)rate / (double)r.fft_len);
        assert_near(r.fund_dbfs, level_db, 0.05);
        free(x);
    }
    dsh_audio_free(&a);
}

static void test_sines(void **state)
{
    (void)state;
    check_sine("sine_997hz_48k_s16_stereo.wav", 48000, 2, 16, 48000, 997, -1);
    check_sine("sine_440hz_8k_s16_mono.wav", 8000, 1, 16, 8000, 440, -3);
    check_sine("sine_1khz_44k1_s16_stereo.wav", 44100, 2, 16, 44100, 1000, -1);
    check_sine("sine_997hz_48k_s32_8ch.wav", 48000, 8, 32, 24000, 997, -6);
    check_sine("sine_997hz_48k_s24_stereo_m60.wav", 48000, 2, 24, 48000, 997,
               -60);
}

static void test_noise_silence_impulse_sweep(void **state)
{
    (void)state;
    dsh_audio a;
    size_t n;
    load("noise_white_48k_s16_stereo_m20.wav", &a);
    assert_int_equal(a.frames, 96000);
    double *x = dsh_audio_to_double(&a, 0, 0, &n);
    assert_near(dsh_level_dbfs(dsh_rms(x, n)), -20, 0.1);
    assert_near(dsh_mean(x, n), 0, 0.002);
    free(x);
    dsh_audio_free(&a);

    load("silence_8k_s32_mono.wav", &a);
    assert_int_equal(a.frames, 8000);
    assert_int_equal(a.info.bits, 32);
    for (uint64_t i = 0; i < a.frames; i++)
        assert_int_equal(a.samples[i], 0);
    dsh_audio_free(&a);

    load("impulse_48k_s24_6ch.wav", &a);
    assert_int_equal(a.channels, 6);
    assert_int_equal(a.frames, 4800);
    int32_t expect = dsh_q31_quantize(dsh_q31_from_double(pow(10, -6 / 20.0)),
                                      DSH_PCM_S24);
    for (uint64_t i = 0; i < a.frames * 6; i++)
        assert_int_equal(a.samples[i], i / 6 == 480 ? expect : 0);
    dsh_audio_free(&a);

    load("sweep_20_20k_48k_s16_stereo.wav", &a);
    assert_int_equal(a.frames, 96000);
    x = dsh_audio_to_double(&a, 1, 0, &n);
    assert_near(dsh_peak(x, n), pow(10, -6 / 20.0), 1e-3);
    /* a log sweep spends equal time per octave: the first second holds
     * 20 Hz .. 632 Hz; a 2048-point DFT of the middle finds ~632 Hz */
    dsh_thdn_opts o;
    dsh_thdn_opts_default(&o);
    o.band_lo_hz = 1;
    o.max_fft = 2048;
    dsh_thdn_result r;
    char err[256];
    assert_true(
        dsh_thdn(x + 48000 - 1024, 2048, 48000, &o, &r, err, sizeof err));
    assert_near(r.freq_hz, 20 * sqrt(1000.0), 50);
    free(x);
    dsh_audio_free(&a);
}

static int run_siggen(const char *manifest, const char *outdir)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' '%s' '%s' 2>'%s/stderr.txt'", SIGGEN,
             manifest, outdir, tmp);
    int rc = system(cmd);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

static void test_deterministic(void **state)
{
    (void)state;
    const char *d1 = ht_path(tmp, "run1"), *d2 = ht_path(tmp, "run2");
    char a[1024], b[1024];
    snprintf(a, sizeof a, "%s", d1);
    snprintf(b, sizeof b, "%s", d2);
    assert_int_equal(run_siggen(MANIFEST, a), 0);
    assert_int_equal(run_siggen(MANIFEST, b), 0);
    char cmd[4096];
    /* both runs and the build-time files are byte-identical */
    snprintf(cmd, sizeof cmd,
             "cmp -s '%s/sine_997hz_48k_s16_stereo.wav' "
             "'%s/sine_997hz_48k_s16_stereo.wav' && diff -r -q -x .stamp "
             "-x stderr.txt '%s' '%s' >/dev/null && diff -r -q -x .stamp "
             "'%s' '%s' >/dev/null",
             a, b, a, b, a, SIGNALS_DIR);
    assert_int_equal(system(cmd), 0);
}

static void check_bad_manifest(const char *text, const char *msg)
{
    const char *m = ht_path(tmp, "bad.manifest");
    ht_write_text(m, text);
    char out[1024];
    snprintf(out, sizeof out, "%s", ht_path(tmp, "bad"));
    assert_int_equal(run_siggen(m, out), 2);
    char *err = ht_read_file(ht_path(tmp, "stderr.txt"), NULL);
    assert_non_null(err);
    if (!strstr(err, msg))
        fail_msg("stderr '%s' lacks '%s'", err, msg);
    free(err);
}

static void test_bad_manifest(void **state)
{
    (void)state;
    check_bad_manifest("# c\nx.wav square 48000 2 16 10\n",
                       "bad.manifest:2: unknown kind 'square'");
    check_bad_manifest("x.wav sine 48000 9 16 10 freq=1000\n",
                       "bad.manifest:1: bad channel count '9'");
    check_bad_manifest("x.wav sine 48000 2 20 10 freq=1000\n",
                       "bad.manifest:1: bad bits '20'");
    check_bad_manifest("x.wav sine 48000 2 16 10 freq=30000\n",
                       "sine needs freq=HZ between 0 and 24000");
    check_bad_manifest("x.wav noise 48000 2 16 10 level=abc\n",
                       "level: 'abc' is not a number");
    check_bad_manifest("\n\n", "no signals listed");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sines),
        cmocka_unit_test(test_noise_silence_impulse_sweep),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_bad_manifest),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SRC quality=high (dsp/src_hq.c) against a double-precision model:
 *   - every stage of src_conv_table, 1 and 3 channels, random input at
 *     +-0.45 FS: each output within 2^-26 FS of the model's sum with the
 *     coefficients the tables give (coef + residual / 2^8, exact) and the
 *     exact input; the default stage, against the same model, is at least
 *     1000 times further off (its Q1.14 delay line);
 *   - THD+N of a 24-bit 997 Hz -1 dBFS sine (thd_n_db: Kaiser-windowed
 *     FFT, the tone notched out, 20 Hz .. fs_out / 2), default and high,
 *     with the limits docs/components.md gives;
 *   - streaming in odd blocks equals one-shot processing (three stages);
 *   - an unknown quality is refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "audio_test_util.h"
#include "src.h"

static uint32_t seed = 12345u;

static int32_t rnd_q31(double amp)
{
    seed = seed * 1664525u + 1013904223u;
    return d_to_q31(amp * ((double)(seed >> 8) / 8388608.0 - 1.0));
}

/* the model's tap k of phase p (any p < l), as the tables define it */
static double model_tap(const struct src_conv *cv, unsigned int p,
                        unsigned int k)
{
    unsigned int t = cv->taps, e = cv->edge;
    int rev = p >= (cv->l + 1u) / 2u;
    unsigned int pp = rev ? cv->l - 1u - p : p, kk = rev ? t - 1u - k : k;
    size_t i = (size_t)pp * t + kk;
    int q = SRC_CENTRE_BITS + (kk < e || kk >= t - e ? SRC_TAIL_BITS : 0);

    return ((double)cv->coef_q15[i] + cv->res_q8[i] / 256.0) * ldexp(1.0, -q);
}

/* Max |kernel - model| (in FS) of one stage for `nch` channels. */
static double stage_error(const struct src_conv *cv, unsigned int nch,
                          unsigned int quality, size_t frames)
{
    int32_t *x = malloc(frames * nch * 4);
    size_t cap = frames * cv->l / cv->m + 4, used, made;
    int32_t *y = malloc(cap * nch * 4);
    int32_t *mem = malloc(src_delay_words_q(cv, nch, quality) * 4);
    struct src_state st;
    double worst = 0;

    for (size_t i = 0; i < frames * nch; i++)
        x[i] = rnd_q31(0.45);
    assert_int_equal(src_init_q(&st, cv, nch, quality, mem), 0);
    if (quality == SRC_QUALITY_HIGH)
        src_hq_process_q1_31(&st, y, cap, x, frames, &used, &made);
    else
        src_process_q1_31(&st, y, cap, x, frames, &used, &made);
    assert_true(made > frames * cv->l / cv->m / 2);
    for (size_t n = 0; n < made; n++) {
        uint64_t nm = (uint64_t)n * cv->m;
        size_t i = (size_t)(nm / cv->l);
        unsigned int p = (unsigned int)(nm % cv->l);

        for (unsigned int c = 0; c < nch; c++) {
            double s = 0;

            for (unsigned int k = 0; k < cv->taps && k <= i; k++)
                s += model_tap(cv, p, k) * q31_to_d(x[(i - k) * nch + c]);
            worst = fmax(worst, fabs(q31_to_d(y[n * nch + c]) - s));
        }
    }
    free(x);
    free(y);
    free(mem);
    return worst;
}

static void test_stages_vs_model(void **state)
{
    (void)state;
    for (unsigned int s = 0; s < SRC_NUM_CONV; s++) {
        const struct src_conv *cv = &src_conv_table[s];
        /* enough input for every phase of the longest stage */
        size_t frames = cv->taps + (size_t)cv->m * 2 + 64;

        for (unsigned int nch = 1; nch <= 3; nch += 2) {
            double hq = stage_error(cv, nch, SRC_QUALITY_HIGH, frames);
            double def = stage_error(cv, nch, SRC_QUALITY_DEFAULT, frames);

            printf("stage %2u (%3u/%3u, %u ch): high %.3g FS "
                   "(%.1f dB), default %.3g FS\n",
                   s, cv->l, cv->m, nch, hq, 20 * log10(hq), def);
            assert_true(hq <= ldexp(1.0, -26));
            assert_true(def >= 1000 * hq);
        }
    }
}

/* THD+N (dB) of a 24-bit 997 Hz -1 dBFS sine through a chain */
static double sine_thdn(unsigned int rin, unsigned int rout,
                        unsigned int quality)
{
    struct src_chain c;
    size_t F = rin * 3 / 2, B = 4096, pos = 0, made = 0;
    size_t cap = F * rout / rin + 64, skip;
    int32_t *in = malloc(F * 4), *out = malloc(cap * 4), *mem;
    double *x, r;

    assert_int_equal(src_plan(&c, rin, rout), 0);
    c.quality = quality;
    mem = malloc(src_chain_words(&c, 1, (uint32_t)B) * 4);
    assert_int_equal(src_chain_init(&c, 1, (uint32_t)B, mem), 0);
    for (size_t i = 0; i < F; i++)
        in[i] = (int32_t)lround(pow(10, -1 / 20.0) * 8388607.0 *
                                sin(2 * M_PI * 997.0 * i / rin)) *
                256;
    while (pos < F) {
        size_t blk = F - pos < B ? F - pos : B, u, m;

        src_chain_process_q(&c, out + made, cap - made, in + pos, blk, &u, &m);
        pos += u;
        made += m;
    }
    skip = (size_t)(2.0 * src_chain_delay_s(&c) * rout) + rout / 10;
    x = malloc(made * sizeof(double));
    for (size_t i = 0; i < made; i++)
        x[i] = q31_to_d(out[i]);
    r = thd_n_db(x + skip, made - skip, 1, 997.0, rout, 0);
    free(in);
    free(out);
    free(mem);
    free(x);
    return r;
}

static void test_thdn(void **state)
{
    static const struct {
        unsigned int in, out;
        double max_high; /* dB */
    } pairs[] = {
        { 96000, 48000, -100.0 },
        { 48000, 96000, -100.0 },
        { 48000, 32000, -100.0 },
        /* the 70 dB designs' images limit these (docs) */
        { 48000, 44100, -97.0 },
        { 44100, 48000, -96.0 },
    };

    (void)state;
    for (unsigned int i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
        double d = sine_thdn(pairs[i].in, pairs[i].out, SRC_QUALITY_DEFAULT);
        double h = sine_thdn(pairs[i].in, pairs[i].out, SRC_QUALITY_HIGH);

        printf("%6u -> %6u: THD+N default %.1f dB, high %.1f dB\n", pairs[i].in,
               pairs[i].out, d, h);
        assert_true(d > -95.0); /* the default's Q1.14 line */
        assert_true(h <= pairs[i].max_high);
        assert_true(h <= d - 9.0);
    }
}

/* 44.1 kHz -> 16 kHz (three stages), 2 channels, in 37-frame blocks with
 * an 11-frame output limit, equals one-shot processing. */
static void test_streaming(void **state)
{
    enum { F = 6000, CH = 2 };
    static int32_t x[F * CH], a[F * CH], b[F * CH];
    static int32_t m1[65536], m2[65536];
    struct src_chain c1, c2;
    size_t made = 0, pos = 0, u, n;

    (void)state;
    for (size_t i = 0; i < F * CH; i++)
        x[i] = rnd_q31(0.9);
    assert_int_equal(src_plan(&c1, 44100, 16000), 0);
    assert_true(c1.n == 3);
    c1.quality = SRC_QUALITY_HIGH;
    c2 = c1;
    assert_true(src_chain_words(&c1, CH, F) <= 65536);
    assert_int_equal(src_chain_init(&c1, CH, F, m1), 0);
    assert_int_equal(src_chain_init(&c2, CH, 37, m2), 0);
    src_chain_process_q(&c1, a, F, x, F, &u, &n);
    assert_int_equal(u, F);
    while (pos < F) {
        size_t blk = F - pos < 37 ? F - pos : 37, m;

        src_chain_process_q(&c2, b + made * CH, 11, x + pos * CH, blk, &u, &m);
        pos += u;
        made += m;
    }
    /* drain what the stages still hold */
    for (size_t m = 1; m;) {
        src_chain_process_q(&c2, b + made * CH, 11, x, 0, &u, &m);
        made += m;
    }
    assert_true(made >= n);
    assert_memory_equal(a, b, n * CH * sizeof(int32_t));
}

static void test_refusals(void **state)
{
    const struct src_conv *cv = &src_conv_table[0];
    struct src_chain c;
    struct src_state st;
    int32_t mem[4];

    (void)state;
    assert_int_equal(src_delay_words_q(cv, 2, 2), 0);
    assert_int_equal(src_delay_words_q(cv, 2, SRC_QUALITY_HIGH),
                     2 * src_delay_words_q(cv, 2, SRC_QUALITY_DEFAULT));
    assert_int_equal(src_init_q(&st, cv, 1, 2, mem), -1);
    assert_int_equal(src_plan(&c, 48000, 44100), 0);
    assert_int_equal(c.quality, SRC_QUALITY_DEFAULT);
    c.quality = 7;
    assert_int_equal(src_chain_words(&c, 2, 48), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_stages_vs_model),
        cmocka_unit_test(test_thdn),
        cmocka_unit_test(test_streaming),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

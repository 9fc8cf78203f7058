/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SRC quality=high (dsp/src_hq.c) against a double-precision model:
 *   - the two tables: src_conv_table without residuals, src_conv_hq_table
 *     with them and its own longer designs; src_plan_q takes the stages
 *     of the quality;
 *   - every stage of src_conv_hq_table, 1 and 3 channels, random input at
 *     +-0.45 FS: each output within 2^-26 FS of the model's sum with the
 *     coefficients the tables give (coef + residual / 2^8, exact) and the
 *     exact input; the default kernel on the stage of src_conv_table,
 *     against the same model of its taps, is at least 1000 times
 *     further off (its Q1.14 delay line);
 *   - THD+N of a 24-bit 997 Hz -1 dBFS sine (thd_n_db: Kaiser-windowed
 *     FFT, the tone notched out, 20 Hz .. fs_out / 2), default and high,
 *     for a pair of every core family, and quality=high alone for all
 *     132 pairs: high <= -100 dB;
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

    if (!cv->coef_hq)
        return cv->coef_q15[i] * ldexp(1.0, -q);
    /* (residual << 16) | (uint16_t)tap */
    return ((int16_t)cv->coef_hq[i] + (cv->coef_hq[i] >> 16) / 256.0) *
           ldexp(1.0, -q);
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

static void test_tables(void **state)
{
    struct src_chain d, h;

    (void)state;
    for (unsigned int s = 0; s < SRC_NUM_CONV; s++) {
        const struct src_conv *a = &src_conv_table[s];
        const struct src_conv *b = &src_conv_hq_table[s];

        assert_non_null(a->coef_q15);
        assert_null(a->coef_hq);
        assert_null(b->coef_q15);
        assert_non_null(b->coef_hq);
        assert_true(a->l == b->l && a->m == b->m && a->cls_ppm == b->cls_ppm);
        /* quality=high's own, stronger design: more taps (strict
         * 88 dB against 70, octave 110 against 95) */
        if (a->cls_ppm == 1000000u)
            assert_true(b->taps >= a->taps + a->taps / 5);
        else
            assert_true(b->taps >= a->taps);
        /* the hq kernel's bound on the residual sums, |r| <= 127 */
        assert_true(b->taps < 1024);
        for (size_t i = 0; i < (size_t)(b->l + 1u) / 2u * b->taps; i++)
            assert_true(abs(b->coef_hq[i] >> 16) <= 127);
    }
    assert_int_equal(src_plan(&d, 8000, 44100), 0);
    assert_int_equal(src_plan_q(&h, 8000, 44100, SRC_QUALITY_HIGH), 0);
    assert_int_equal(h.quality, SRC_QUALITY_HIGH);
    assert_int_equal(h.n, d.n);
    for (unsigned int i = 0; i < d.n; i++) {
        assert_ptr_equal(h.conv[i],
                         &src_conv_hq_table[d.conv[i] - src_conv_table]);
        assert_int_equal(h.rate[i + 1], d.rate[i + 1]);
    }
    assert_true(src_chain_delay_s(&h) > src_chain_delay_s(&d));
    /* back and forth */
    assert_int_equal(src_chain_set_quality(&h, SRC_QUALITY_DEFAULT), 0);
    for (unsigned int i = 0; i < d.n; i++)
        assert_ptr_equal(h.conv[i], d.conv[i]);
    assert_int_equal(src_chain_set_quality(&h, SRC_QUALITY_HIGH), 0);
    assert_int_equal(src_chain_set_quality(&h, SRC_QUALITY_HIGH), 0);
    assert_ptr_equal(h.conv[0], &src_conv_hq_table[d.conv[0] - src_conv_table]);
    assert_int_equal(src_chain_set_quality(&h, 2), -1);
    assert_int_equal(src_plan_q(&h, 8000, 44100, SRC_QUALITY_DEFAULT), 0);
    for (unsigned int i = 0; i < d.n; i++)
        assert_ptr_equal(h.conv[i], d.conv[i]);
    assert_int_equal(h.quality, SRC_QUALITY_DEFAULT);
}

static void test_stages_vs_model(void **state)
{
    (void)state;
    for (unsigned int s = 0; s < SRC_NUM_CONV; s++) {
        const struct src_conv *cv = &src_conv_hq_table[s];
        const struct src_conv *dv = &src_conv_table[s];
        /* enough input for every phase of the longest stage */
        size_t frames = cv->taps + (size_t)cv->m * 2 + 64;

        for (unsigned int nch = 1; nch <= 3; nch += 2) {
            double hq = stage_error(cv, nch, SRC_QUALITY_HIGH, frames);
            double def = stage_error(dv, nch, SRC_QUALITY_DEFAULT, frames);

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

    assert_int_equal(src_plan_q(&c, rin, rout, quality), 0);
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
    /* a pair of every core (src.c, src_cores): 1/2, 2/1, 2/3, 3/2, 3/4,
     * 4/3, 147/160, 160/147, 80/147, 147/80 and the two-stage ones */
    static const struct {
        unsigned int in, out;
    } pairs[] = {
        { 96000, 48000 }, { 48000, 96000 }, { 48000, 32000 }, { 32000, 48000 },
        { 32000, 24000 }, { 24000, 32000 }, { 48000, 44100 }, { 44100, 48000 },
        { 44100, 24000 }, { 24000, 44100 }, { 44100, 16000 }, { 8000, 44100 },
        { 44100, 8000 },  { 8000, 11025 },  { 11025, 8000 },
    };

    (void)state;
    for (unsigned int i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
        double d = sine_thdn(pairs[i].in, pairs[i].out, SRC_QUALITY_DEFAULT);
        double h = sine_thdn(pairs[i].in, pairs[i].out, SRC_QUALITY_HIGH);

        printf("%6u -> %6u: THD+N default %.1f dB, high %.1f dB\n", pairs[i].in,
               pairs[i].out, d, h);
        assert_true(d > -95.0); /* the default's Q1.14 line */
        assert_true(h <= -100.0);
        assert_true(h <= d - 9.0);
    }
}

/* quality=high: THD+N <= -100 dB for every one of the 132 pairs (the
 * worst, 32 -> 176.4 kHz, measures -108.5 dB) */
static void test_thdn_every_pair(void **state)
{
    static const unsigned int r[12] = {
        8000,  11025, 16000, 22050, 24000,  32000,
        44100, 48000, 88200, 96000, 176400, 192000,
    };
    double worst = -1000.0;
    unsigned int wi = 0, wo = 0;

    (void)state;
    for (unsigned int i = 0; i < 12; i++)
        for (unsigned int o = 0; o < 12; o++) {
            double h;

            if (i == o)
                continue;
            h = sine_thdn(r[i], r[o], SRC_QUALITY_HIGH);
            if (h > worst) {
                worst = h;
                wi = r[i];
                wo = r[o];
            }
            if (h > -100.0)
                printf("%6u -> %6u: THD+N high %.1f dB\n", r[i], r[o], h);
            assert_true(h <= -100.0);
        }
    printf("every pair: THD+N high <= %.1f dB (%u -> %u)\n", worst, wi, wo);
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
    assert_int_equal(src_plan_q(&c1, 44100, 16000, SRC_QUALITY_HIGH), 0);
    assert_true(c1.n == 3);
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
    const struct src_conv *cv = &src_conv_hq_table[0];
    struct src_chain c;
    struct src_state st;
    static int32_t mem[4096];
    int32_t x[8] = { 1 << 30 }, y[16];
    size_t u = 1, m = 1;

    (void)state;
    assert_int_equal(src_delay_words_q(cv, 2, 2), 0);
    assert_int_equal(src_delay_words_q(cv, 2, SRC_QUALITY_HIGH),
                     2 * 2 * cv->taps);
    assert_int_equal(src_init_q(&st, cv, 1, 2, mem), -1);
    assert_int_equal(src_plan(&c, 48000, 44100), 0);
    assert_int_equal(c.quality, SRC_QUALITY_DEFAULT);
    /* quality=high over the default's stages (no quality=high taps):
     * src_chain_process_q does nothing */
    c.quality = SRC_QUALITY_HIGH;
    assert_true(src_chain_words(&c, 1, 8) <= 4096);
    assert_int_equal(src_chain_init(&c, 1, 8, mem), 0);
    src_chain_process_q(&c, y, 16, x, 8, &u, &m);
    assert_int_equal(u, 0);
    assert_int_equal(m, 0);
    c.quality = 7;
    assert_int_equal(src_chain_words(&c, 2, 48), 0);
    assert_int_equal(src_plan_q(&c, 48000, 44100, 2), -1);
    assert_int_equal(src_plan_q(&c, 48000, 48000, SRC_QUALITY_HIGH), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_tables),
        cmocka_unit_test(test_stages_vs_model),
        cmocka_unit_test(test_thdn),
        cmocka_unit_test(test_thdn_every_pair),
        cmocka_unit_test(test_streaming),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

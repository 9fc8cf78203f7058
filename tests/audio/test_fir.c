/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * FIR: bit-exact against an integer model (full-scale coefficients and
 * inputs, odd frame counts, in place) and within 1 LSB of a double
 * convolution (128 and 256 taps, 2 channels with different filters),
 * output shift and saturation, block-split invariance, and a 127-tap
 * low-pass against sox `fir` on a generated 48 kHz stereo WAV.
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
#include "fir.h"

static uint32_t rng = 4242u;
static int32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (int32_t)rng;
}

/* double convolution of one channel; returns the rounded, saturated value */
static int32_t ref_conv(const int16_t *h, unsigned int taps, int shift,
                        const int32_t *x, size_t stride, long n)
{
    double acc = 0.0;

    for (unsigned int k = 0; k < taps && n - (long)k >= 0; k++)
        acc += (h[k] / 32768.0) * q31_to_d(x[(n - k) * stride]);
    acc = floor(ldexp(acc, shift) * Q31_SCALE + 0.5);
    return acc > INT32_MAX   ? INT32_MAX
           : acc < INT32_MIN ? INT32_MIN
                             : (int32_t)acc;
}

static void check_random(unsigned int taps, int shift, int in_shift)
{
    enum { F = 2000, C = 2 };
    static int16_t h[2][FIR_MAX_TAPS];
    static int32_t dl[2][FIR_DELAY_WORDS(FIR_MAX_TAPS)], in[F * C], out[F * C];
    struct fir_state st[2];
    int off = 0;

    for (int c = 0; c < 2; c++)
        for (unsigned int k = 0; k < taps; k++)
            h[c][k] = (int16_t)(rnd() >> (c ? 20 : 18));
    for (int i = 0; i < F * C; i++)
        in[i] = rnd() >> in_shift;
    for (int c = 0; c < 2; c++)
        assert_int_equal(fir_init(&st[c], h[c], taps, shift, dl[c]), 0);
    fir_process_q1_31(st, C, out, in, F);
    for (long f = 0; f < F; f++)
        for (int c = 0; c < C; c++) {
            int32_t r = ref_conv(h[c], taps, shift, in + c, C, f);
            long long d = (long long)out[f * C + c] - r;

            /* double has 53 bits: the sum itself is exact to < 1 LSB */
            assert_true(d >= -1 && d <= 1);
            off += d != 0;
        }
    printf(
        "FIR %u taps shift %d: %d of %d samples 1 LSB off the double model\n",
        taps, shift, off, F * C);
}

static void test_vs_double(void **state)
{
    (void)state;
    check_random(128, 0, 0);
    check_random(256, 0, 2);
    check_random(37, 3, 6); /* gain 8 */
    check_random(64, 6, 0); /* saturates */
    check_random(1, -15, 0);
}

static void test_impulse_blocks_args(void **state)
{
    enum { T = 150, F = 700 };
    static int16_t h[T];
    static int32_t dl[FIR_DELAY_WORDS(T)], dl2[FIR_DELAY_WORDS(T)], in[F], a[F],
        b[F];
    struct fir_state st, st2;

    (void)state;
    for (int k = 0; k < T; k++)
        h[k] = (int16_t)(rnd() >> 16);
    assert_int_equal(fir_init(&st, h, T, 0, dl), 0);
    for (int n = 0; n < T + 5; n++) {
        int32_t y = fir_sample(&st, n == 0 ? INT32_MIN : 0);

        /* -1.0 impulse: y = -h[n] exactly (in Q1.31) */
        assert_int_equal(y, n < T ? -(int32_t)h[n] * 65536 : 0);
    }
    for (int i = 0; i < F; i++)
        in[i] = rnd();
    fir_init(&st, h, T, -1, dl);
    fir_init(&st2, h, T, -1, dl2);
    fir_process_q1_31(&st, 1, a, in, F);
    for (int o = 0; o < F; o += 64)
        fir_process_q1_31(&st2, 1, b + o, in + o, o + 64 <= F ? 64 : F - o);
    assert_memory_equal(a, b, sizeof(a));
    assert_int_equal(fir_init(&st, h, 0, 0, dl), -1);
    assert_int_equal(fir_init(&st, h, FIR_MAX_TAPS + 1, 0, dl), -1);
    assert_int_equal(fir_init(&st, h, 10, 9, dl), -1);
    assert_int_equal(fir_init(&st, h, 10, -16, dl), -1);
}

/* int64 model: y[n] = sat32(round_half_up(sum h[k] x[n-k] * 2^shift / 2^15)) */
static int32_t ref_exact(const int16_t *h, unsigned int taps, int shift,
                         const int32_t *x, long n)
{
    __int128 acc = 0;
    int r = 15 - shift;

    for (unsigned int k = 0; k < taps && n - (long)k >= 0; k++)
        acc += (__int128)h[k] * x[n - k];
    acc = r > 0 ? ((acc >> (r - 1)) + 1) >> 1 : acc;
    return acc > INT32_MAX   ? INT32_MAX
           : acc < INT32_MIN ? INT32_MIN
                             : (int32_t)acc;
}

/* Exact against the int64 model where 32-bit accumulation would overflow:
 * full-scale coefficients (sum |h| up to 2^23, one tap per block) and
 * full-scale inputs, every shift class; an odd frame count (single-output
 * tail) and in-place processing; 2 and 3 channels. */
static void test_exact_extremes(void **state)
{
    enum { F = 301 };
    static const struct {
        unsigned int taps;
        int shift, kind;
    } cases[] = {
        { 256, -8, 0 }, { 255, -15, 1 }, { 128, 0, 2 },   { 2, 8, 0 },
        { 1, 0, 1 },    { 33, -15, 3 },  { 200, -10, 3 },
    };
    static int16_t h[FIR_MAX_TAPS];
    static int32_t dl[3][FIR_DELAY_WORDS(FIR_MAX_TAPS)], in[F * 3], io[F * 3];

    (void)state;
    for (size_t t = 0; t < sizeof(cases) / sizeof(cases[0]); t++) {
        unsigned int taps = cases[t].taps, ch = 2 + t % 2;
        struct fir_state st[3];

        for (unsigned int k = 0; k < taps; k++)
            switch (cases[t].kind) {
            case 0:
                h[k] = INT16_MIN;
                break;
            case 1:
                h[k] = k & 1 ? INT16_MAX : INT16_MIN;
                break;
            case 2:
                h[k] = (int16_t)(rnd() >> 16);
                break;
            default:
                h[k] = (int16_t)(k % 3 ? rnd() >> 24 : rnd() >> 16);
            }
        for (int i = 0; i < F * 3; i++)
            in[i] = i % 5 == 0 ? INT32_MIN : i % 5 == 1 ? INT32_MAX : rnd();
        for (unsigned int c = 0; c < ch; c++)
            assert_int_equal(fir_init(&st[c], h, taps, cases[t].shift, dl[c]),
                             0);
        memcpy(io, in, sizeof(in));
        fir_process_q1_31(st, ch, io, io, F);
        for (unsigned int c = 0; c < ch; c++) {
            static int32_t xc[F];

            for (long j = 0; j < F; j++)
                xc[j] = in[j * ch + c];
            for (long f = 0; f < F; f++)
                assert_int_equal(io[f * ch + c],
                                 ref_exact(h, taps, cases[t].shift, xc, f));
        }
    }
}

static void test_vs_sox(void **state)
{
    enum { F = 48000, C = 2, T = 127 };
    static int16_t h[T];
    static int32_t dl[C][FIR_DELAY_WORDS(T)];
    int32_t *in = malloc(F * C * 4), *out = malloc(F * C * 4), *sx = NULL;
    struct fir_state st[C];
    char pin[256], pout[256], *cmd = malloc(8192);
    unsigned int ch = 0, rate = 0;
    int len;
    long n;
    double best = 1e9;
    int best_lag = 0;

    (void)state;
    /* Host design: Hann-windowed sinc low-pass, fc = 5 kHz, quantized */
    for (int k = 0; k < T; k++) {
        double x = k - (T - 1) / 2.0, fc = 5000.0 / 48000.0;
        double s = x == 0 ? 2 * fc : sin(2 * M_PI * fc * x) / (M_PI * x);
        double w = 0.5 - 0.5 * cos(2 * M_PI * (k + 1) / (T + 1));

        h[k] = (int16_t)lrint(s * w * 32768.0);
    }
    for (int i = 0; i < F; i++) {
        double t = i / 48000.0;

        in[2 * i] = d_to_q31(0.25 * sin(2 * M_PI * 1000 * t) +
                             0.25 * sin(2 * M_PI * 9000 * t));
        in[2 * i + 1] = rnd() >> 2;
    }
    tmp_path(pin, sizeof(pin), "fir_in");
    tmp_path(pout, sizeof(pout), "fir_out");
    assert_int_equal(wav_write_s32(pin, in, F, C, 48000), 0);
    len = snprintf(cmd, 8192, "%s -e signed -b 32 %s fir", pin, pout);
    for (int k = 0; k < T; k++)
        len += snprintf(cmd + len, 8192 - len, " %.17g", h[k] / 32768.0);
    assert_int_equal(run_sox(cmd), 0);
    n = wav_read_s32(pout, &sx, &ch, &rate);
    assert_true(n > F / 2);
    for (int c = 0; c < C; c++)
        fir_init(&st[c], h, T, 0, dl[c]);
    fir_process_q1_31(st, C, out, in, F);
    /* find the alignment (sox may compensate the filter delay) */
    for (int lag = -T; lag <= T; lag++) {
        double e = 0;
        long cnt = 0;

        for (long i = 2 * T; i < n - 2 * T && i + lag < F; i += 7) {
            double d = q31_to_d(out[(i + lag) * C + 1]) -
                       q31_to_d(sx[i * C + 1]);

            e += d * d;
            cnt++;
        }
        e = sqrt(e / cnt);
        if (e < best) {
            best = e;
            best_lag = lag;
        }
    }
    {
        double e = 0, mx = 0;
        long cnt = 0;

        for (long i = 2 * T; i < n - 2 * T && i + best_lag < F; i++)
            for (int c = 0; c < C; c++) {
                double d = q31_to_d(out[(i + best_lag) * C + c]) -
                           q31_to_d(sx[i * C + c]);

                e += d * d;
                mx = fmax(mx, fabs(d));
                cnt++;
            }
        e = lin_to_db(sqrt(e / cnt));
        printf(
            "FIR vs sox fir (127 taps): lag %d, rms diff %.1f dBFS, max %.1f dBFS\n",
            best_lag, e, lin_to_db(mx));
        assert_true(e < -100.0);
    }
    remove(pin);
    remove(pout);
    free(in);
    free(out);
    free(sx);
    free(cmd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vs_double),
        cmocka_unit_test(test_impulse_blocks_args),
        cmocka_unit_test(test_exact_extremes),
        cmocka_unit_test(test_vs_sox),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Volume: dB -> linear accuracy over every Q8.8 input against
 * 10^(dB/20) in double; applied gain vs double x*g; ramp length,
 * linearity and endpoint; mute/unmute; saturation at +12 dB; 8 channels;
 * comparison with sox `vol`.  Also checks the exact 32x32 multiply helper.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <cmocka.h>

#include "audio_test_util.h"
#include "gain.h"
#include "q_math.h"
#include "volume.h"

static uint32_t rng = 99u;
static int32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (int32_t)rng;
}

static void test_mul_exact(void **state)
{
    static const int32_t e[] = { 0,        1,         -1,       0x7fff,
                                 0x8000,   0xffff,    0x10000,  -0x8000,
                                 -0x10000, INT32_MAX, INT32_MIN };
    (void)state;
    for (size_t i = 0; i < 11; i++)
        for (size_t j = 0; j < 11; j++)
            assert_true(q_mul_s32_s32(e[i], e[j]) == (int64_t)e[i] * e[j]);
    for (int i = 0; i < 2000000; i++) {
        int32_t a = rnd(), b = rnd();

        assert_true(q_mul_s32_s32(a, b) == (int64_t)a * b);
    }
}

/* q_mul_rnd28_sat32 against the 64-bit reference it replaces */
static int32_t ref_rnd28(int32_t a, int32_t b)
{
    return q_sat32(q_shift_rnd64((int64_t)a * b, 28));
}

static void test_mul_rnd28(void **state)
{
    static const int32_t e[] = {
        0,           1,          -1,          0x7fff,
        0x8000,      0xffff,     0x10000,     -0x8000,
        -0x10000,    INT32_MAX,  INT32_MIN,   0x08000000,
        -0x08000000, 0x10000000, -0x10000000, 0x7fffffff - 0xffff,
        0x0fffffff,  0x10000001, -0x0fffffff,
    };
    const size_t ne = sizeof e / sizeof e[0];
    (void)state;
    for (size_t i = 0; i < ne; i++)
        for (size_t j = 0; j < ne; j++)
            assert_int_equal(q_mul_rnd28_sat32(e[i], e[j]),
                             ref_rnd28(e[i], e[j]));
    for (int i = 0; i < 4000000; i++) {
        int32_t a = rnd(), b = rnd();

        /* every magnitude of gain, and products at the rounding edge */
        if (i & 1)
            b >>= (unsigned)(i >> 1) % 31;
        if ((i & 7) == 2)
            a = (int32_t)((uint32_t)a & ~0x0fffffffu) | 0x08000000;
        assert_int_equal(q_mul_rnd28_sat32(a, b), ref_rnd28(a, b));
    }
}

static void test_db_table(void **state)
{
    double max_rel = 0.0, max_abs_low = 0.0, max_db = 0.0;

    (void)state;
    for (int k = 0; k <= 64; k++)
        assert_true(fabs(gain_exp2_table_uq2_30[k] -
                         ldexp(pow(2.0, k / 64.0), 30)) <= 0.5);
    for (int32_t d = GAIN_DB_MIN_Q8_8; d <= GAIN_DB_MAX_Q8_8; d++) {
        double ref = pow(10.0, d / 256.0 / 20.0) * (1 << 28);
        double got = gain_db_to_lin_q4_28(d);

        double db_err = fabs(20 * log10(got / ref));

        if (db_err > max_db)
            max_db = db_err;
        if (d >= -60 * 256) {
            double rel = fabs(got - ref) / ref;

            if (rel > max_rel)
                max_rel = rel;
        } else if (fabs(got - ref) > max_abs_low) {
            max_abs_low = fabs(got - ref);
        }
        /* stated accuracy: 2e-5 relative + 1 LSB */
        assert_true(fabs(got - ref) <= 2e-5 * ref + 1.0);
    }
    printf(
        "dB->lin: max rel err %.3g for >= -60 dB, max abs err %.3f LSB Q4.28 below; "
        "max %.5f dB over -120..+18 dB\n",
        max_rel, max_abs_low, max_db);
    assert_int_equal(gain_db_to_lin_q4_28(0), 1 << 28);
    assert_int_equal(gain_db_to_lin_q4_28(-1000 * 256),
                     gain_db_to_lin_q4_28(-120 * 256));
    assert_int_equal(gain_db_to_lin_q4_28(100 * 256),
                     gain_db_to_lin_q4_28(18 * 256));
}

/* Reference output of one sample for gain g (Q4.28), double. */
static int32_t ref_apply(int32_t x, int32_t g)
{
    double v = floor((double)x * g / 268435456.0 + 0.5);

    return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
}

static void test_gain_apply_and_sat(void **state)
{
    enum { F = 4800, C = 2 };
    static int32_t in[F * C], out[F * C];
    struct vol_state st;
    int db[] = { 0, -6, -40, 6, 12 };
    int clipped = 0;

    (void)state;
    for (int i = 0; i < F * C; i++)
        in[i] = d_to_q31(0.5 * sin(2 * M_PI * 1000.0 * (i / C) / 48000.0) +
                         (i % C) * 0.25 * sin(i * 0.01));
    in[0] = INT32_MAX;
    in[1] = INT32_MIN;
    for (size_t t = 0; t < sizeof(db) / sizeof(db[0]); t++) {
        assert_int_equal(vol_init(&st, C), 0);
        assert_int_equal(vol_set_gain_db(&st, 0, db[t] * 256), 0);
        assert_int_equal(vol_set_gain_db(&st, 1, db[t] * 256), 0);
        vol_process_q1_31(&st, out, in, F);
        for (int i = 0; i < F * C; i++) {
            double ideal = q31_to_d(in[i]) * pow(10.0, db[t] / 20.0);
            double lim = fabs(ideal) * 5e-5 + 1.0 / Q31_SCALE;

            /* bit-exact vs the double model of the Q4.28 gain */
            assert_int_equal(out[i], ref_apply(in[i], st.ch[i % C].gain_q4_28));
            if (fabs(ideal) < 1.0)
                assert_true(fabs(q31_to_d(out[i]) - ideal) <= lim);
            else {
                /* +12 dB on a 0.5 FS sine: clipped, never wrapped */
                assert_int_equal(out[i], ideal > 0 ? INT32_MAX : INT32_MIN);
                clipped++;
            }
        }
    }
    assert_true(clipped > 1000);
    assert_int_equal(vol_init(&st, 9), -1);
    assert_int_equal(vol_init(&st, 0), -1);
    assert_int_equal(vol_set_gain_db(&st, 5, 0), -1);
}

static void test_ramp(void **state)
{
    struct vol_state st;
    const int32_t x = 0x40000000; /* DC 0.5: output = g / 2^29 */
    uint32_t lens[] = { 1, 7, 48, 480, 4799 };

    (void)state;
    assert_int_equal(vol_ramp_frames(1, 48000), 48);
    assert_int_equal(vol_ramp_frames(10, 44100), 441);
    assert_int_equal(vol_ramp_frames(3, 11025), 33);
    for (size_t t = 0; t < sizeof(lens) / sizeof(lens[0]); t++) {
        uint32_t n = lens[t];
        int32_t g0, g1, prev;
        double max_dev = 0;

        vol_init(&st, 1);
        vol_set_gain_db(&st, 0, -3 * 256);
        g0 = st.ch[0].gain_q4_28;
        vol_set_ramp_frames(&st, n);
        vol_set_gain_db(&st, 0, 6 * 256 + 77);
        g1 = st.ch[0].target_q4_28;
        assert_true(vol_is_ramping(&st));
        prev = g0;
        for (uint32_t k = 1; k <= n + 10; k++) {
            int32_t y;
            double ideal = k <= n ? g0 + (double)(g1 - g0) * k / n : g1;

            vol_process_q1_31(&st, &y, &x, 1);
            assert_int_equal(y, ref_apply(x, st.ch[0].gain_q4_28));
            if (fabs(st.ch[0].gain_q4_28 - ideal) > max_dev)
                max_dev = fabs(st.ch[0].gain_q4_28 - ideal);
            assert_true(st.ch[0].gain_q4_28 >= prev); /* monotonic */
            prev = st.ch[0].gain_q4_28;
            if (k < n)
                assert_true(st.ch[0].gain_q4_28 != g1 || g1 - g0 < (int32_t)n);
            if (k >= n)
                assert_int_equal(st.ch[0].gain_q4_28, g1); /* exact endpoint */
        }
        assert_false(vol_is_ramping(&st));
        assert_true(max_dev < 1.0); /* on the ideal line within 1 LSB */
    }
    /* a ramp split over blocks equals the one-block ramp */
    {
        enum { F = 1000 };
        static int32_t in[F * 2], a[F * 2], b[F * 2];
        struct vol_state s1, s2;

        for (int i = 0; i < F * 2; i++)
            in[i] = rnd();
        vol_init(&s1, 2);
        vol_init(&s2, 2);
        vol_set_ramp_frames(&s1, 700);
        vol_set_ramp_frames(&s2, 700);
        vol_set_gain_db(&s1, 1, -20 * 256);
        vol_set_gain_db(&s2, 1, -20 * 256);
        vol_process_q1_31(&s1, a, in, F);
        for (int o = 0; o < F; o += 13)
            vol_process_q1_31(&s2, b + 2 * o, in + 2 * o,
                              o + 13 <= F ? 13 : F - o);
        assert_memory_equal(a, b, sizeof(a));
        for (int i = 0; i < F; i++)
            assert_int_equal(a[2 * i], in[2 * i]); /* channel 0 untouched */
    }
}

static void test_mute(void **state)
{
    enum { F = 600 };
    int32_t in[F * 2], out[F * 2];
    struct vol_state st;

    (void)state;
    for (int i = 0; i < F * 2; i++)
        in[i] = 0x20000000;
    vol_init(&st, 2);
    vol_set_gain_db(&st, 0, -6 * 256);
    vol_set_ramp_frames(&st, 480);
    vol_set_mute(&st, true);
    vol_process_q1_31(&st, out, in, F);
    assert_true(out[0] > 0 &&
                out[0] < ref_apply(in[0], gain_db_to_lin_q4_28(-6 * 256)));
    for (int f = 1; f < 480; f++)
        assert_true(out[2 * f] <= out[2 * (f - 1)]); /* fading */
    for (int f = 480 - 1; f < F; f++) {
        assert_int_equal(out[2 * f], 0);
        assert_int_equal(out[2 * f + 1], 0);
    }
    /* gain changes while muted are remembered, not applied */
    vol_set_gain_db(&st, 1, -12 * 256);
    vol_process_q1_31(&st, out, in, 10);
    assert_int_equal(out[19], 0);
    vol_set_mute(&st, false);
    vol_process_q1_31(&st, out, in, F);
    assert_int_equal(out[2 * (F - 1)],
                     ref_apply(in[0], gain_db_to_lin_q4_28(-6 * 256)));
    assert_int_equal(out[2 * (F - 1) + 1],
                     ref_apply(in[0], gain_db_to_lin_q4_28(-12 * 256)));
}

static void test_eight_channels(void **state)
{
    enum { F = 256, C = 8 };
    int32_t in[F * C], out[F * C];
    struct vol_state st;

    (void)state;
    for (int i = 0; i < F * C; i++)
        in[i] = rnd() >> 2;
    vol_init(&st, C);
    for (int c = 0; c < C; c++)
        vol_set_gain_db(&st, c, (-10 * c + 3) * 256);
    vol_process_q1_31(&st, out, in, F);
    for (int i = 0; i < F * C; i++)
        assert_int_equal(
            out[i],
            ref_apply(in[i], gain_db_to_lin_q4_28((-10 * (i % C) + 3) * 256)));
}

/* sox `vol` on the same signal: metric comparison (RMS of difference). */
static void test_vs_sox(void **state)
{
    enum { F = 48000, C = 2 };
    int32_t *in = malloc(F * C * 4), *out = malloc(F * C * 4), *sx = NULL;
    char pin[256], pout[256], cmd[700];
    unsigned int ch = 0, rate = 0;
    struct vol_state st;
    double err = 0, maxe = 0;
    long n;

    (void)state;
    for (int i = 0; i < F * C; i++)
        in[i] = d_to_q31(
            0.4 * sin(2 * M_PI * (i % C ? 997.0 : 3001.0) * (i / C) / 48000.0));
    tmp_path(pin, sizeof(pin), "vol_in");
    tmp_path(pout, sizeof(pout), "vol_out");
    assert_int_equal(wav_write_s32(pin, in, F, C, 48000), 0);
    snprintf(cmd, sizeof(cmd), "%s -e signed -b 32 %s vol -7.5dB", pin, pout);
    assert_int_equal(run_sox(cmd), 0);
    n = wav_read_s32(pout, &sx, &ch, &rate);
    assert_int_equal(n, F);
    assert_int_equal(ch, C);
    vol_init(&st, C);
    vol_set_gain_db(&st, 0, -7.5 * 256);
    vol_set_gain_db(&st, 1, -7.5 * 256);
    vol_process_q1_31(&st, out, in, F);
    for (int i = 0; i < F * C; i++) {
        double d = q31_to_d(out[i]) - q31_to_d(sx[i]);

        err += d * d;
        if (fabs(d) > maxe)
            maxe = fabs(d);
    }
    err = lin_to_db(sqrt(err / (F * C)));
    printf("vol vs sox: rms diff %.1f dBFS, max diff %.1f dBFS\n", err,
           lin_to_db(maxe));
    assert_true(err < -110.0);
    assert_true(lin_to_db(maxe) < -100.0);
    remove(pin);
    remove(pout);
    free(in);
    free(out);
    free(sx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mul_exact),
        cmocka_unit_test(test_mul_rnd28),
        cmocka_unit_test(test_db_table),
        cmocka_unit_test(test_gain_apply_and_sat),
        cmocka_unit_test(test_ramp),
        cmocka_unit_test(test_mute),
        cmocka_unit_test(test_eight_channels),
        cmocka_unit_test(test_vs_sox),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Tone generator: phase increment, frequency by zero crossings, amplitude
 * by least-squares fit, THD+N by windowed FFT, sine table vs sin(). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <cmocka.h>

#include "audio_test_util.h"
#include "tone.h"

static void test_table(void **state)
{
    double maxe = 0;

    (void)state;
    for (int k = 0; k < TONE_TABLE_SIZE; k++)
        assert_true(fabs(tone_sine_quarter_q1_31[k] -
                         fmin(sin(M_PI * k / 512) * Q31_SCALE, 2147483647.0)) <=
                    0.5);
    for (uint64_t p = 0; p < (1ull << 32); p += 65537 * 3) {
        double e = fabs(q31_to_d(tone_sin_q1_31((uint32_t)p)) -
                        sin(2 * M_PI * p / 4294967296.0));

        if (e > maxe)
            maxe = e;
    }
    printf("sine interpolation max error %.3g (%.1f dBFS)\n", maxe,
           lin_to_db(maxe));
    assert_true(maxe < 5e-6);
}

static void run_tone(double freq, double ampl_db, double *f_meas, double *a_db,
                     double *thdn)
{
    enum { F = 48000, C = 2 };
    int32_t *buf = malloc(F * C * 4);
    double *x = malloc(F * sizeof(double));
    struct tone_state st;
    double first = -1, last = -1;
    int crossings = 0;

    assert_int_equal(tone_init(&st, 48000, C), 0);
    assert_int_equal(tone_set_freq(&st, (uint32_t)(freq * 65536.0)), 0);
    tone_set_ampl(&st, d_to_q31(pow(10, ampl_db / 20)));
    tone_generate_q1_31(&st, buf, F);
    for (int i = 0; i < F; i++) {
        assert_int_equal(buf[2 * i], buf[2 * i + 1]);
        x[i] = q31_to_d(buf[2 * i]);
    }
    /* upward zero crossings, linearly interpolated */
    for (int i = 1; i < F; i++)
        if (x[i - 1] < 0 && x[i] >= 0) {
            double t = i - 1 + x[i - 1] / (x[i - 1] - x[i]);

            if (first < 0)
                first = t;
            else
                crossings++;
            last = t;
        }
    *f_meas = crossings * 48000.0 / (last - first);
    *a_db = lin_to_db(
        sine_fit(x, F, 1, st.phase_inc * 48000.0 / 4294967296.0, 48000, NULL));
    *thdn = thd_n_db(x, F, 1, freq, 48000, 0);
    free(buf);
    free(x);
}

static void test_tones(void **state)
{
    double fr[] = { 100.0, 997.0, 1000.0, 6000.5, 15000.0 };
    double am[] = { 0.0, -1.0, -20.0, -1.0, -6.0 };

    (void)state;
    for (int t = 0; t < 5; t++) {
        double f, a, thdn;

        run_tone(fr[t], am[t], &f, &a, &thdn);
        printf(
            "tone %.1f Hz %.1f dBFS: measured %.4f Hz, %.5f dBFS, THD+N %.1f dB\n",
            fr[t], am[t], f, a, thdn);
        /* linear interpolation of crossings is biased at a few samples per
		 * period; the 0.001 dB fit amplitude also pins the frequency */
        assert_true(fabs(f - fr[t]) < (fr[t] <= 6000.5 ? 0.01 : 0.1));
        assert_true(fabs(a - am[t]) < 0.001);
        assert_true(thdn < -110.0);
    }
}

static void test_controls(void **state)
{
    struct tone_state st;
    int32_t out[8];

    (void)state;
    assert_int_equal(tone_init(&st, 48000, 1), 0);
    assert_int_equal(tone_set_freq(&st, 1000u << 16), 0);
    assert_int_equal(st.phase_inc,
                     (uint32_t)floor(1000.0 * 4294967296.0 / 48000.0));
    assert_int_equal(tone_set_freq(&st, 24000u << 16), -1);
    assert_int_equal(tone_set_freq(&st, (23999u << 16) | 0xffff), 0);
    assert_int_equal(st.phase_inc, (uint32_t)floor((23999.0 + 65535.0 / 65536) *
                                                   4294967296.0 / 48000.0));
    assert_int_equal(tone_init(&st, 0, 1), -1);
    assert_int_equal(tone_init(&st, 48000, 9), -1);
    /* amplitude 0 is silence */
    tone_init(&st, 44100, 1);
    tone_set_freq(&st, 440u << 16);
    tone_generate_q1_31(&st, out, 8);
    for (int i = 0; i < 8; i++)
        assert_int_equal(out[i], 0);
    assert_int_equal(tone_sin_q1_31(0), 0);
    assert_int_equal(tone_sin_q1_31(0x40000000), 2147483647);
    assert_int_equal(tone_sin_q1_31(0xc0000000), -2147483647);
    assert_int_equal(tone_sin_q1_31(0x80000000), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_tones),
        cmocka_unit_test(test_controls),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}

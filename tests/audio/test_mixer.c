/* SPDX-License-Identifier: BSD-3-Clause */
/* Mixer: exact sums against an int64 reference, saturation at both ends,
 * 2..4 inputs, aliasing, bad input counts; per-input gains against an
 * integer model, against the volume kernel, and against 10^(dB/20). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "gain.h"
#include "mixer.h"
#include "volume.h"

static uint32_t rng = 777u;
static int32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (int32_t)rng;
}

static int32_t ref_sum(const int32_t *const in[], unsigned int n, size_t i)
{
    long long s = 0;

    for (unsigned int k = 0; k < n; k++)
        s += in[k][i];
    return s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : (int32_t)s;
}

static void test_mix_random(void **state)
{
    enum { N = 48 * 2 * 20 };
    static int32_t a[4][N], out[N];
    const int32_t *in[4] = { a[0], a[1], a[2], a[3] };
    int sat = 0;

    (void)state;
    for (unsigned int n = 2; n <= 4; n++) {
        for (int k = 0; k < 4; k++)
            for (int i = 0; i < N; i++)
                a[k][i] = (i & 1) ? rnd() >> 3 : rnd(); /* both regimes */
        assert_int_equal(mix_q1_31(out, in, n, N), 0);
        for (int i = 0; i < N; i++) {
            assert_int_equal(out[i], ref_sum(in, n, i));
            sat += out[i] == INT32_MAX || out[i] == INT32_MIN;
        }
    }
    assert_true(sat > 100); /* the saturating path was exercised */
}

static void test_mix_edges(void **state)
{
    int32_t a[] = { INT32_MAX, INT32_MIN, INT32_MAX, INT32_MIN,
                    1,         -1,        0x40000000 };
    int32_t b[] = { INT32_MAX, INT32_MIN, INT32_MIN, 1, -1, 1, 0x3fffffff };
    int32_t c[] = { INT32_MAX, INT32_MIN, 0, -2, 0, 0, 1 };
    int32_t d[] = { INT32_MIN, INT32_MAX, 0, 0, 0, 0, 0 };
    const int32_t *in[4] = { a, b, c, d };
    int32_t out[7];

    (void)state;
    assert_int_equal(mix_q1_31(out, in, 2, 7), 0);
    assert_int_equal(out[0], INT32_MAX);
    assert_int_equal(out[1], INT32_MIN);
    assert_int_equal(out[2], -1);
    assert_int_equal(out[3], INT32_MIN + 1);
    assert_int_equal(out[4], 0);
    assert_int_equal(out[6], INT32_MAX);
    /* 3 x max - min: the exact sum comes back into range only if the
	 * accumulator does not saturate early: MAX+MAX+MAX+MIN = 2*MAX - 1 */
    assert_int_equal(mix_q1_31(out, in, 4, 7), 0);
    assert_int_equal(out[0], INT32_MAX);
    assert_int_equal(out[6], INT32_MAX);
    {
        int32_t e[] = { INT32_MAX }, f[] = { INT32_MAX }, g[] = { INT32_MIN },
                h[] = { INT32_MIN };
        const int32_t *in2[4] = { e, f, g, h };

        assert_int_equal(mix_q1_31(out, in2, 4, 1), 0);
        assert_int_equal(out[0], -2); /* exact, no early clipping */
    }
    /* in place into the first input */
    assert_int_equal(mix_q1_31(a, in, 2, 7), 0);
    assert_int_equal(a[5], 0);
    assert_int_equal(mix_q1_31(out, in, 1, 7), -1);
    assert_int_equal(mix_q1_31(out, in, 5, 7), -1);
}

/* sat32(sum round_half_up(x * g / 2^28)) with __int128 */
static int32_t ref_gain(const int32_t *const in[], const int32_t *g,
                        unsigned int n, size_t i)
{
    __int128 s = 0;

    for (unsigned int k = 0; k < n; k++) {
        __int128 p = (__int128)in[k][i] * g[k];

        s += ((p >> 27) + 1) >> 1;
    }
    return s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : (int32_t)s;
}

static void test_mix_gains(void **state)
{
    enum { N = 48 * 2 * 10 };
    static const int32_t db[][4] = {
        /* Q8.8 */
        { 0, 0, 0, 0 },
        { -6 * 256, 0, 0, 0 },
        { 18 * 256, 18 * 256, 0, 0 },
        { -120 * 256, 3 * 256 + 128, -1, 1 },
        { -20 * 256, -30 * 256, -6 * 256, 6 * 256 },
    };
    static int32_t a[4][N], out[N], out2[N], v[N], zero[N];
    const int32_t *in[4] = { a[0], a[1], a[2], a[3] };
    int32_t g[4];
    int sat = 0;

    (void)state;
    for (size_t t = 0; t < sizeof(db) / sizeof(db[0]); t++) {
        unsigned int n = 2 + t % 3;

        for (int k = 0; k < 4; k++) {
            g[k] = gain_db_to_lin_q4_28(db[t][k]);
            for (int i = 0; i < N; i++)
                a[k][i] = i % 7 == 0   ? INT32_MIN
                          : i % 7 == 1 ? INT32_MAX
                                       : rnd() >> (i & 3);
        }
        assert_int_equal(mix_gain_q1_31(out, in, g, n, N), 0);
        for (int i = 0; i < N; i++) {
            assert_int_equal(out[i], ref_gain(in, g, n, i));
            sat += out[i] == INT32_MAX || out[i] == INT32_MIN;
        }
        if (t == 0) { /* all unity: exactly the plain mix */
            assert_int_equal(g[0], GAIN_Q4_28_ONE);
            assert_int_equal(mix_q1_31(out2, in, n, N), 0);
            assert_memory_equal(out, out2, sizeof(out));
        }
    }
    assert_true(sat > 100);
    /* one input alone equals the volume kernel at the same gain */
    {
        const int32_t *in2[2] = { a[1], zero };
        int32_t g2[2] = { gain_db_to_lin_q4_28(-7 * 256 - 77), GAIN_Q4_28_ONE };
        struct vol_state vs;

        vol_init(&vs, 2);
        vol_set_ramp_frames(&vs, 0);
        vol_set_gain_db(&vs, 0, -7 * 256 - 77);
        vol_set_gain_db(&vs, 1, -7 * 256 - 77);
        vol_process_q1_31(&vs, v, a[1], N / 2);
        assert_int_equal(mix_gain_q1_31(out, in2, g2, 2, N), 0);
        assert_memory_equal(out, v, sizeof(v));
    }
    /* level: -6 dB and -12 dB on two copies of a small signal sum to
	 * 10^(-6/20) + 10^(-12/20) of it within 2e-5 */
    {
        const int32_t *in3[2] = { a[2], a[2] };
        int32_t g3[2] = { gain_db_to_lin_q4_28(-6 * 256),
                          gain_db_to_lin_q4_28(-12 * 256) };
        double want = pow(10, -6 / 20.0) + pow(10, -12 / 20.0);

        for (int i = 0; i < N; i++)
            a[2][i] = 1 << 24;
        assert_int_equal(mix_gain_q1_31(out, in3, g3, 2, N), 0);
        assert_true(fabs(out[0] / (double)(1 << 24) - want) < 2e-5 * want);
    }
    assert_int_equal(mix_gain_q1_31(out, in, g, 1, 7), -1);
    assert_int_equal(mix_gain_q1_31(out, in, g, 5, 7), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mix_random),
        cmocka_unit_test(test_mix_edges),
        cmocka_unit_test(test_mix_gains),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}

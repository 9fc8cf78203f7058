/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Format conversion: every S16 value, every S24 value (including ignored
 * container bits), and Q1.31 -> S16/S24 at every rounding/saturation
 * boundary and on random values, against a double-precision reference of
 * "round half up, then saturate".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "format.h"

/* Reference: floor(x / 2^k + 1/2) clamped to [lo, hi], in double (exact
 * for these magnitudes). */
static long long ref_narrow(int32_t x, int k, long long lo, long long hi)
{
    double v = floor((double)x / ldexp(1.0, k) + 0.5);

    if (v > hi)
        v = hi;
    if (v < lo)
        v = lo;
    return (long long)v;
}

static uint32_t rng = 12345u;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void test_s16_to_q31_all(void **state)
{
    (void)state;
    for (long v = -32768; v <= 32767; v++)
        assert_int_equal(fmt_s16_to_q1_31((int16_t)v), (long long)v * 65536);
}

static void test_s24_to_q31_all(void **state)
{
    (void)state;
    for (long v = -(1 << 23); v < (1 << 23); v++) {
        int32_t junk = (int32_t)((rnd() & 0xff000000u) |
                                 ((uint32_t)v & 0xffffff));

        assert_int_equal(fmt_s24_to_q1_31((int32_t)v), (long long)v * 256);
        /* upper container byte ignored */
        assert_int_equal(fmt_s24_to_q1_31(junk), (long long)v * 256);
    }
}

static const int32_t boundaries[] = {
    INT32_MIN,
    INT32_MIN + 1,
    -65536 - 32768 - 1,
    -65536 - 32768,
    -65536 - 32767,
    -32769,
    -32768,
    -32767,
    -129,
    -128,
    -127,
    -1,
    0,
    1,
    127,
    128,
    129,
    32767,
    32768,
    32769,
    0x7fff0000,
    0x7fff7fff,
    0x7fff8000,
    0x7fff8001,
    0x7fffff7f,
    0x7fffff80,
    0x7fffffff,
    (int32_t)0x80008000,
    (int32_t)0x80007fff,
    (int32_t)0x80000080,
    (int32_t)0x8000007f,
};

static void test_q31_to_s16(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(boundaries) / sizeof(boundaries[0]); i++)
        assert_int_equal(fmt_q1_31_to_s16(boundaries[i]),
                         ref_narrow(boundaries[i], 16, -32768, 32767));
    /* every half-LSB boundary +-1 */
    for (long k = -32768; k <= 32767; k++)
        for (int d = -1; d <= 1; d++) {
            int64_t x = k * 65536 + 32768 + d;

            if (x > INT32_MAX)
                continue;
            assert_int_equal(fmt_q1_31_to_s16((int32_t)x),
                             ref_narrow((int32_t)x, 16, -32768, 32767));
        }
    for (int i = 0; i < 1000000; i++) {
        int32_t x = (int32_t)rnd();

        assert_int_equal(fmt_q1_31_to_s16(x), ref_narrow(x, 16, -32768, 32767));
    }
    assert_int_equal(fmt_q1_31_to_s16(0x7fffffff), 32767);
    assert_int_equal(fmt_q1_31_to_s16(INT32_MIN), -32768);
    assert_int_equal(fmt_q1_31_to_s16(0x7fff8000), 32767); /* saturates */
    assert_int_equal(fmt_q1_31_to_s16(32768), 1);          /* half up */
    assert_int_equal(fmt_q1_31_to_s16(-32768), 0);         /* half up */
    assert_int_equal(fmt_q1_31_to_s16(-32769), -1);
}

static void test_q31_to_s24(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof(boundaries) / sizeof(boundaries[0]); i++)
        assert_int_equal(
            fmt_q1_31_to_s24(boundaries[i]),
            ref_narrow(boundaries[i], 8, -(1 << 23), (1 << 23) - 1));
    for (long k = -(1 << 23); k < (1 << 23); k += 7)
        for (int d = -1; d <= 1; d++) {
            int64_t x = k * 256 + 128 + d;

            if (x > INT32_MAX)
                continue;
            assert_int_equal(
                fmt_q1_31_to_s24((int32_t)x),
                ref_narrow((int32_t)x, 8, -(1 << 23), (1 << 23) - 1));
        }
    for (int i = 0; i < 1000000; i++) {
        int32_t x = (int32_t)rnd();

        assert_int_equal(fmt_q1_31_to_s24(x),
                         ref_narrow(x, 8, -(1 << 23), (1 << 23) - 1));
    }
    assert_int_equal(fmt_q1_31_to_s24(0x7fffffff), 0x7fffff);
    assert_int_equal(fmt_q1_31_to_s24(INT32_MIN), -(1 << 23));
    /* output container is sign-extended */
    assert_int_equal(fmt_q1_31_to_s24(-256), -1);
}

static void test_roundtrip_and_blocks(void **state)
{
    enum { N = 4096 };
    int16_t s16[N], b16[N];
    int32_t s24[N], b24[N], s32[N], buf[N];
    union {
        int32_t w[N];
        int16_t h[2 * N];
    } inplace;

    (void)state;
    for (int i = 0; i < N; i++) {
        s16[i] = (int16_t)rnd();
        s24[i] = (int32_t)(rnd() << 8) >> 8;
        s32[i] = (int32_t)rnd();
    }
    s16[0] = INT16_MIN;
    s16[1] = INT16_MAX;
    s24[0] = -(1 << 23);
    s24[1] = (1 << 23) - 1;

    assert_int_equal(fmt_to_q1_31(buf, s16, AUDIO_FMT_S16_LE, N), 0);
    assert_int_equal(fmt_from_q1_31(b16, buf, AUDIO_FMT_S16_LE, N), 0);
    assert_memory_equal(s16, b16, sizeof(s16));
    assert_int_equal(fmt_to_q1_31(buf, s24, AUDIO_FMT_S24_4LE, N), 0);
    assert_int_equal(fmt_from_q1_31(b24, buf, AUDIO_FMT_S24_4LE, N), 0);
    assert_memory_equal(s24, b24, sizeof(s24));
    assert_int_equal(fmt_to_q1_31(buf, s32, AUDIO_FMT_S32_LE, N), 0);
    assert_memory_equal(s32, buf, sizeof(s32));
    assert_int_equal(fmt_from_q1_31(buf, buf, AUDIO_FMT_S32_LE, N), 0);
    assert_int_equal(fmt_to_q1_31(buf, s32, (enum audio_fmt)7, N), -1);
    assert_int_equal(fmt_sample_bytes(AUDIO_FMT_S16_LE), 2);
    assert_int_equal(fmt_sample_bytes(AUDIO_FMT_S24_4LE), 4);

    /* in place: S16 widened into its own buffer and narrowed back */
    memcpy(inplace.h, s16, sizeof(s16));
    fmt_to_q1_31(inplace.w, inplace.h, AUDIO_FMT_S16_LE, N);
    for (int i = 0; i < N; i++)
        assert_int_equal(inplace.w[i], s16[i] * 65536);
    fmt_from_q1_31(inplace.h, inplace.w, AUDIO_FMT_S16_LE, N);
    assert_memory_equal(inplace.h, s16, sizeof(s16));
}

/* S32 is a word copy that may overlap either way (in-place conversions):
 * every length around the four-word rounds, every shift up to two rounds
 * in both directions, against memmove. */
static void test_s32_copy_overlap(void **state)
{
    enum { W = 64 };
    int32_t buf[W], want[W];

    (void)state;
    for (size_t n = 0; n <= 13; n++) {
        for (int k = -9; k <= 9; k++) {
            size_t from = 20, to = (size_t)(20 + k);

            for (int i = 0; i < W; i++)
                buf[i] = want[i] = (int32_t)rnd();
            memmove(&want[to], &want[from], n * sizeof(int32_t));
            assert_int_equal(
                fmt_to_q1_31(&buf[to], &buf[from], AUDIO_FMT_S32_LE, n), 0);
            assert_memory_equal(buf, want, sizeof(buf));
            for (int i = 0; i < W; i++)
                buf[i] = want[i] = (int32_t)rnd();
            memmove(&want[to], &want[from], n * sizeof(int32_t));
            assert_int_equal(
                fmt_from_q1_31(&buf[to], &buf[from], AUDIO_FMT_S32_LE, n), 0);
            assert_memory_equal(buf, want, sizeof(buf));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_s16_to_q31_all),
        cmocka_unit_test(test_s24_to_q31_all),
        cmocka_unit_test(test_q31_to_s16),
        cmocka_unit_test(test_q31_to_s24),
        cmocka_unit_test(test_roundtrip_and_blocks),
        cmocka_unit_test(test_s32_copy_overlap),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}

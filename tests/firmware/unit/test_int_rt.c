/* SPDX-License-Identifier: BSD-3-Clause */
/* The firmware's integer run-time helpers (lib/int_*.c, built here as
 * fw_rt_*) against the host's arithmetic: edge cases, operands near bit
 * boundaries, and random pairs of every magnitude; plus the results the
 * firmware defines where C does not (division by zero, MIN / -1). */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "int_rt.h"

static uint64_t rs = 0x9E3779B97F4A7C15ull;
static uint64_t rnd64(void) /* xorshift64*, then a random width */
{
    uint64_t v;
    rs ^= rs >> 12;
    rs ^= rs << 25;
    rs ^= rs >> 27;
    v = rs * 0x2545F4914F6CDD1Dull;
    return v >> (rs & 63);
}

static const uint32_t edge32[] = {
    0,           1,           2,           3,           7,
    10,          0x7F,        0x80,        0xFF,        0x100,
    0xFFFF,      0x10000,     0x12345678,  0x7FFFFFFE,  0x7FFFFFFF,
    0x80000000u, 0x80000001u, 0xFFFFFFFEu, 0xFFFFFFFFu, 0xDEADBEEFu,
    1000000007u,
};
static const uint64_t edge64[] = {
    0,
    1,
    2,
    3,
    10,
    0xFFFFFFFFull,
    0x100000000ull,
    0x100000001ull,
    0x7FFFFFFFFFFFFFFFull,
    0x8000000000000000ull,
    0x8000000000000001ull,
    0xFFFFFFFFFFFFFFFFull,
    0xFFFFFFFFFFFFFFFEull,
    0x123456789ABCDEFull,
    1000000007ull * 1000000009ull,
    0x80000000ull,
    0xFFFFFFFF00000000ull,
};
#define NE(a) (sizeof(a) / sizeof((a)[0]))

static void check32(uint32_t a, uint32_t b)
{
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    if (b == 0) {
        assert_int_equal(fw_rt_udivsi3(a, 0), 0xFFFFFFFFu);
        assert_int_equal(fw_rt_umodsi3(a, 0), a);
        assert_int_equal(fw_rt_divsi3(sa, 0), -1);
        assert_int_equal(fw_rt_modsi3(sa, 0), sa);
        return;
    }
    assert_int_equal(fw_rt_udivsi3(a, b), a / b);
    assert_int_equal(fw_rt_umodsi3(a, b), a % b);
    if (sa == INT32_MIN && sb == -1) {
        assert_int_equal(fw_rt_divsi3(sa, sb), INT32_MIN);
        assert_int_equal(fw_rt_modsi3(sa, sb), 0);
        return;
    }
    assert_int_equal(fw_rt_divsi3(sa, sb), sa / sb);
    assert_int_equal(fw_rt_modsi3(sa, sb), sa % sb);
}

static void check64(uint64_t a, uint64_t b)
{
    int64_t sa = (int64_t)a, sb = (int64_t)b;
    assert_true(fw_rt_muldi3(sa, sb) == (int64_t)(a * b));
    if (b == 0) {
        assert_true(fw_rt_udivdi3(a, 0) == ~0ull);
        assert_true(fw_rt_umoddi3(a, 0) == a);
        assert_true(fw_rt_divdi3(sa, 0) == -1);
        assert_true(fw_rt_moddi3(sa, 0) == sa);
        return;
    }
    assert_true(fw_rt_udivdi3(a, b) == a / b);
    assert_true(fw_rt_umoddi3(a, b) == a % b);
    if (sa == INT64_MIN && sb == -1) {
        assert_true(fw_rt_divdi3(sa, sb) == INT64_MIN);
        assert_true(fw_rt_moddi3(sa, sb) == 0);
        return;
    }
    assert_true(fw_rt_divdi3(sa, sb) == sa / sb);
    assert_true(fw_rt_moddi3(sa, sb) == sa % sb);
}

static void test_edges32(void **state)
{
    size_t i, j;
    (void)state;
    for (i = 0; i < NE(edge32); i++)
        for (j = 0; j < NE(edge32); j++) {
            check32(edge32[i], edge32[j]);
            check32(edge32[i], 0u - edge32[j]);
            check32(0u - edge32[i], edge32[j]);
        }
}

static void test_edges64(void **state)
{
    size_t i, j;
    (void)state;
    for (i = 0; i < NE(edge64); i++)
        for (j = 0; j < NE(edge64); j++) {
            check64(edge64[i], edge64[j]);
            check64(edge64[i], 0 - edge64[j]);
            check64(0 - edge64[i], edge64[j]);
        }
}

static void test_defined_cases(void **state)
{
    (void)state;
    assert_int_equal(fw_rt_divsi3(INT32_MIN, -1), INT32_MIN);
    assert_int_equal(fw_rt_modsi3(INT32_MIN, -1), 0);
    assert_int_equal(fw_rt_udivsi3(5, 0), 0xFFFFFFFFu);
    assert_int_equal(fw_rt_modsi3(-5, 0), -5);
    assert_true(fw_rt_divdi3(INT64_MIN, -1) == INT64_MIN);
    assert_true(fw_rt_udivdi3(5, 0) == ~0ull);
}

static void test_random32(void **state)
{
    unsigned i;
    (void)state;
    for (i = 0; i < 2000000; i++)
        check32((uint32_t)rnd64(), (uint32_t)rnd64());
}

static void test_random64(void **state)
{
    unsigned i;
    (void)state;
    for (i = 0; i < 1000000; i++)
        check64(rnd64(), rnd64());
}

static void test_powers_of_two(void **state)
{
    unsigned i, j;
    (void)state;
    for (i = 0; i < 64; i++)
        for (j = 0; j < 64; j++) {
            uint64_t a = 1ull << i, b = 1ull << j;
            check64(a, b);
            check64(a - 1, b);
            check64(a + 1, b - 1 ? b - 1 : 1);
            if (i < 32 && j < 32)
                check32((uint32_t)a - 1, (uint32_t)b);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defined_cases),
        cmocka_unit_test(test_edges32),
        cmocka_unit_test(test_edges64),
        cmocka_unit_test(test_powers_of_two),
        cmocka_unit_test(test_random32),
        cmocka_unit_test(test_random64),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

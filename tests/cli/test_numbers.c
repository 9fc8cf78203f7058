/* SPDX-License-Identifier: BSD-3-Clause */
/* cli_number (cli/options.c): the one number syntax of the command line,
 * decimal or 0x hex, whole string, range, no wrap. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "options.h"

static void accepts_decimal_and_hex(void **state)
{
    (void)state;
    uint64_t v = 0;
    assert_int_equal(cli_number("4096", 0, UINT64_MAX, &v), CLI_NUM_OK);
    assert_int_equal(v, 4096);
    assert_int_equal(cli_number("0x1000", 0, UINT64_MAX, &v), CLI_NUM_OK);
    assert_int_equal(v, 4096);
    assert_int_equal(cli_number("0XaBcD", 0, UINT64_MAX, &v), CLI_NUM_OK);
    assert_int_equal(v, 0xabcd);
    assert_int_equal(cli_number("0", 0, 10, &v), CLI_NUM_OK);
    assert_int_equal(v, 0);
    assert_int_equal(cli_number("0xffffffffffffffff", 0, UINT64_MAX, &v),
                     CLI_NUM_OK);
    assert_true(v == UINT64_MAX);
    assert_int_equal(cli_number("18446744073709551615", 0, UINT64_MAX, &v),
                     CLI_NUM_OK);
    assert_true(v == UINT64_MAX);
}

static void refuses_other_syntax(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "0x",  "0xg", "12x",   "-5",  "+5",   " 5",  "5 ",
        "1e6", "1.0", "0b101", "abc", "0x-1", "x10", "5k",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t v = 77;
        assert_int_equal(cli_number(bad[i], 0, UINT64_MAX, &v), CLI_NUM_SYNTAX);
        assert_int_equal(v, 77); /* untouched */
    }
    uint64_t v = 77;
    assert_int_equal(cli_number("", 0, 9, &v), CLI_NUM_EMPTY);
    assert_int_equal(cli_number(NULL, 0, 9, &v), CLI_NUM_EMPTY);
    assert_int_equal(v, 77);
}

static void checks_the_range_without_wrapping(void **state)
{
    (void)state;
    uint64_t v = 77;
    assert_int_equal(cli_number("99", 100, 1000000, &v), CLI_NUM_LOW);
    assert_int_equal(cli_number("0x63", 100, 1000000, &v), CLI_NUM_LOW);
    assert_int_equal(cli_number("1000001", 100, 1000000, &v), CLI_NUM_HIGH);
    /* 2^32 + 1000 would wrap to 1000 in 32 bits */
    assert_int_equal(cli_number("4294968296", 100, 1000000, &v), CLI_NUM_HIGH);
    assert_int_equal(cli_number("18446744073709551616", 0, UINT64_MAX, &v),
                     CLI_NUM_HIGH);
    assert_int_equal(cli_number("0x10000000000000000", 0, UINT64_MAX, &v),
                     CLI_NUM_HIGH);
    /* 2^64 + 5 wraps to 5 without the check */
    assert_int_equal(cli_number("18446744073709551621", 0, 10, &v),
                     CLI_NUM_HIGH);
    /* a syntax error after too many digits is still a syntax error */
    assert_int_equal(cli_number("99999999999999999999999z", 0, 10, &v),
                     CLI_NUM_SYNTAX);
    assert_int_equal(v, 77);
    assert_int_equal(cli_number("1000000", 100, 1000000, &v), CLI_NUM_OK);
    assert_int_equal(v, 1000000);
    assert_int_equal(cli_number("0x64", 100, 1000000, &v), CLI_NUM_OK);
    assert_int_equal(v, 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(accepts_decimal_and_hex),
        cmocka_unit_test(refuses_other_syntax),
        cmocka_unit_test(checks_the_range_without_wrapping),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

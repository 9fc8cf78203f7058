/* SPDX-License-Identifier: BSD-3-Clause */
/* The firmware's printf against the host's snprintf. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "arch_stub.h"
#include "fw/console.h"

#define SAME(...)                                                              \
    do {                                                                       \
        char a_[128], b_[128];                                                 \
        int na_ = fw_snprintf(a_, sizeof a_, __VA_ARGS__);                     \
        int nb_ = snprintf(b_, sizeof b_, __VA_ARGS__);                        \
        assert_string_equal(a_, b_);                                           \
        assert_int_equal(na_, nb_);                                            \
    } while (0)

static void test_formats(void **state)
{
    (void)state;
    SAME("plain %% text");
    SAME("%d %d %d %i", 0, -1, 2147483647, (int)-2147483647 - 1);
    SAME("%u %x %X %08x %8x %-8x|", 4294967295u, 0xdeadbeefu, 0xabcu, 0x1fu,
         0x2au, 0x3bu);
    SAME("%5d|%-5d|%05d|%05d", 42, 42, 42, -42);
    SAME("%s|%10s|%-10s|%c", "abc", "right", "left", 'z');
    SAME("%llu %lld %llx", 18446744073709551615ull, -9223372036854775807ll,
         0x123456789abcdef0ull);
    SAME("%lu %ld", 123456789ul, -5l);
}

static void test_truncation_and_console(void **state)
{
    char b[8];
    (void)state;
    assert_int_equal(fw_snprintf(b, sizeof b, "%s", "0123456789"), 10);
    assert_string_equal(b, "0123456");
    stub_reset();
    fw_printf("x=%u\n", 7u);
    fw_puts("done\n");
    assert_string_equal(stub_console, "x=7\ndone\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_formats),
        cmocka_unit_test(test_truncation_and_console),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

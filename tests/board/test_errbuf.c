/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the host APIs' error buffers (sim/base/errbuf.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "dspsim/errbuf.h"

static void formats_whole_message(void **state)
{
    (void)state;
    char err[64];
    ds_errf(err, sizeof err, "board '%s': %u KiB", "b.yaml", 300u);
    assert_string_equal(err, "board 'b.yaml': 300 KiB");
}

static void truncates_to_buffer(void **state)
{
    (void)state;
    char err[8];
    memset(err, 'x', sizeof err);
    ds_errf(err, 6, "%s", "0123456789");
    assert_string_equal(err, "01234");
    assert_int_equal(err[6], 'x'); /* nothing past errsz */
}

static void null_or_empty_buffer_is_left_alone(void **state)
{
    (void)state;
    char err[4] = "abc";
    ds_errf(NULL, 16, "%s", "ignored");
    ds_errf(err, 0, "%s", "ignored");
    assert_string_equal(err, "abc");
}

static void vformat(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ds_verrf(err, n, fmt, ap);
    va_end(ap);
}

static void va_list_form(void **state)
{
    (void)state;
    char err[32];
    vformat(err, sizeof err, "%d + %d", 2, 3);
    assert_string_equal(err, "2 + 3");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(formats_whole_message),
        cmocka_unit_test(truncates_to_buffer),
        cmocka_unit_test(null_or_empty_buffer_is_left_alone),
        cmocka_unit_test(va_list_form),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

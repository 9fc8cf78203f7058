/* SPDX-License-Identifier: BSD-3-Clause */
/* The x86-64 encoder's labels (sim/cpu/x64_enc.h): a jmp to the label
 * bound right after it is left out (labels bound at it reach the same
 * place) unless another label was bound after it, other jumps keep their
 * bytes and resolve to their labels. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "x64_enc.h"

static int32_t rel_at(const x64_buf *b, size_t at)
{
    int32_t r;
    memcpy(&r, b->p + at, 4);
    return r;
}

static void buf_free(x64_buf *b)
{
    free(b->p);
    free(b->sp);
    free(b->lab);
    free(b->labsec);
    free(b->fix);
}

static void test_jmp_to_next_left_out(void **state)
{
    (void)state;
    x64_buf b;
    memset(&b, 0, sizeof b);
    unsigned before = x64_label(&b), next = x64_label(&b);
    x64_u8(&b, 0x90); /* nop */
    x64_bind(&b, before);
    x64_jmp(&b, next);
    x64_bind(&b, next);
    assert_int_equal(b.n, 1); /* the jmp is gone */
    x64_u8(&b, 0xC3);
    assert_int_equal(x64_resolve(&b), 0);
    assert_int_equal(b.lab[before], 1);
    assert_int_equal(b.lab[next], 1);
    buf_free(&b);
}

/* A label bound after the jmp, before its own target: the jmp stays
 * (left out, that label would point past the code). */
static void test_jmp_kept_after_a_label(void **state)
{
    (void)state;
    x64_buf b;
    memset(&b, 0, sizeof b);
    unsigned other = x64_label(&b), next = x64_label(&b);
    x64_jmp(&b, next);
    x64_bind(&b, other);
    x64_bind(&b, next);
    x64_u8(&b, 0xC3);
    assert_int_equal(b.n, 6);
    assert_int_equal(x64_resolve(&b), 0);
    assert_int_equal(b.lab[other], 5);
    assert_int_equal(b.lab[next], 5);
    assert_int_equal(b.p[0], 0xE9);
    assert_int_equal(rel_at(&b, 1), 0);
    buf_free(&b);
}

static void test_other_jumps_kept(void **state)
{
    (void)state;
    x64_buf b;
    memset(&b, 0, sizeof b);
    unsigned far = x64_label(&b), next = x64_label(&b), top = x64_label(&b);
    x64_bind(&b, top);
    x64_jmp(&b, far); /* 0: e9 rel32, something between it and far */
    x64_u8(&b, 0x90); /* 5 */
    x64_bind(&b, far);
    x64_jcc(&b, CC_E, next); /* 6: 0f 84 rel32 to the next: kept */
    x64_bind(&b, next);
    x64_jmp(&b, top); /* 12: a jump back */
    assert_int_equal(b.n, 17);
    assert_int_equal(x64_resolve(&b), 0);
    assert_int_equal(b.p[0], 0xE9);
    assert_int_equal(rel_at(&b, 1), 6 - 5);
    assert_int_equal(b.p[6], 0x0F);
    assert_int_equal(rel_at(&b, 8), 0);
    assert_int_equal(b.p[12], 0xE9);
    assert_int_equal(rel_at(&b, 13), 0 - 17);
    buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_jmp_to_next_left_out),
        cmocka_unit_test(test_jmp_kept_after_a_label),
        cmocka_unit_test(test_other_jumps_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

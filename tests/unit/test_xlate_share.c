/* SPDX-License-Identifier: BSD-3-Clause */
/* The region of direct units shared by processes forked from one parent
 * (sim/cpu/xlate_share.c): a unit published by one process is found by
 * another at the same address with the same bytes, and runs there; a
 * claim abandoned, or left by a process that died while emitting, is
 * not waited for and not found; a unit larger than the region is not
 * published; without a region nothing is shared. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "dspsim/xtcpu.h"
#include "xlate_share.h"

#define COVER (XT_PAGE_SIZE / 8)

/* mov eax, 42; ret */
static const uint8_t forty_two[] = { 0xB8, 42, 0, 0, 0, 0xC3 };
static const uint16_t heads[] = { 0, 6, 200 };

static void fill_cover(uint8_t *cover)
{
    for (unsigned i = 0; i < COVER; i++)
        cover[i] = (uint8_t)(i * 7 + 1);
}

/* run in a child: its exit status is the test's verdict */
static int child_status(pid_t pid)
{
    int st = 0;
    while (waitpid(pid, &st, 0) < 0)
        ;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 100 + WTERMSIG(st);
}

static void test_no_region(void **state)
{
    (void)state;
    xl_shared_unit su;
    unsigned claim;
    assert_int_equal(xlate_share_get(1234, &su, &claim), XL_SHARE_NONE);
}

static void test_published_found_by_child(void **state)
{
    (void)state;
    unsetenv("DSPSIM_XLATE_SHARE");
    assert_int_equal(xt_xlate_share_begin(1 << 20), XT_OK);
    uint8_t cover[COVER];
    fill_cover(cover);
    xl_shared_unit su;
    unsigned claim;
    assert_int_equal(xlate_share_get(0xabcdef, &su, &claim), XL_SHARE_CLAIMED);
    void *at = xlate_share_publish(claim, forty_two, sizeof forty_two, heads, 3,
                                   cover);
    assert_non_null(at);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        xl_shared_unit got;
        unsigned c2;
        if (xlate_share_get(0xabcdef, &got, &c2) != XL_SHARE_HIT)
            _exit(1);
        if (got.code != at || memcmp(got.code, forty_two, sizeof forty_two))
            _exit(2);
        if (got.nheads != 3 || memcmp(got.heads, heads, sizeof heads) ||
            memcmp(got.cover, cover, COVER))
            _exit(3);
#if defined(__x86_64__)
        int (*fn)(void) = (int (*)(void))got.code;
        if (fn() != 42)
            _exit(4);
#endif
        /* and a unit this child publishes is found by its parent */
        if (xlate_share_get(0x5151, &got, &c2) != XL_SHARE_CLAIMED ||
            !xlate_share_publish(c2, heads, sizeof heads, heads, 1, cover))
            _exit(5);
        _exit(0);
    }
    assert_int_equal(child_status(pid), 0);
    assert_int_equal(xlate_share_get(0x5151, &su, &claim), XL_SHARE_HIT);
    assert_memory_equal(su.code, heads, sizeof heads);
    assert_int_equal(su.nheads, 1);
    /* the parent's own key is found by the parent too */
    assert_int_equal(xlate_share_get(0xabcdef, &su, &claim), XL_SHARE_HIT);
    assert_ptr_equal(su.code, at);
}

static void test_abandoned_and_dead_claims(void **state)
{
    (void)state;
    assert_int_equal(xt_xlate_share_begin(1 << 20), XT_OK);
    xl_shared_unit su;
    unsigned claim;
    /* abandoned: not found, not claimable again */
    assert_int_equal(xlate_share_get(777, &su, &claim), XL_SHARE_CLAIMED);
    xlate_share_abandon(claim);
    assert_int_equal(xlate_share_get(777, &su, &claim), XL_SHARE_NONE);
    /* a producer that died while emitting: given up, not waited for */
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        unsigned c;
        _exit(xlate_share_get(888, &su, &c) == XL_SHARE_CLAIMED ? 0 : 1);
    }
    assert_int_equal(child_status(pid), 0);
    assert_int_equal(xlate_share_get(888, &su, &claim), XL_SHARE_NONE);
}

static void test_too_large(void **state)
{
    (void)state;
    assert_int_equal(xt_xlate_share_begin(1 << 20), XT_OK);
    size_t big = (size_t)2 << 20;
    uint8_t *code = calloc(big, 1), cover[COVER] = { 0 };
    assert_non_null(code);
    xl_shared_unit su;
    unsigned claim;
    assert_int_equal(xlate_share_get(999, &su, &claim), XL_SHARE_CLAIMED);
    assert_null(xlate_share_publish(claim, code, big, heads, 1, cover));
    assert_int_equal(xlate_share_get(999, &su, &claim), XL_SHARE_NONE);
    free(code);
    xt_xlate_share_end();
    /* gone: nothing shared any more */
    assert_int_equal(xlate_share_get(0xabcdef, &su, &claim), XL_SHARE_NONE);
}

static void test_turned_off(void **state)
{
    (void)state;
    setenv("DSPSIM_XLATE_SHARE", "0", 1);
    assert_int_equal(xt_xlate_share_begin(0), XT_OK);
    xl_shared_unit su;
    unsigned claim;
    assert_int_equal(xlate_share_get(4242, &su, &claim), XL_SHARE_NONE);
    unsetenv("DSPSIM_XLATE_SHARE");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_region),
        cmocka_unit_test(test_published_found_by_child),
        cmocka_unit_test(test_abandoned_and_dead_claims),
        cmocka_unit_test(test_too_large),
        cmocka_unit_test(test_turned_off),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

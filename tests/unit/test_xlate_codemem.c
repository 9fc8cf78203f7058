/* SPDX-License-Identifier: BSD-3-Clause */
/* Executable memory for the direct back ends (sim/cpu/xlate_codemem.c):
 * code put there runs and reads back as written, units keep their bytes
 * when others are put and freed around them, and a unit's pages are
 * mapped in both views when it is put (MADV_POPULATE_*), so that copying
 * a unit in and running it takes no page fault per page. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <cmocka.h>

#include "xlate_codemem.h"

#define BIG (64u * 1024u)

/* a unit of len bytes: mov eax, value; ret, then int3 to its end */
static uint8_t *unit(size_t len, uint32_t value)
{
    uint8_t *b = malloc(len);
    assert_non_null(b);
    memset(b, 0xCC, len);
    b[0] = 0xB8;
    memcpy(b + 1, &value, 4);
    b[5] = 0xC3;
    return b;
}

static uint32_t call(void *at)
{
    uint32_t (*fn)(void);
    memcpy(&fn, &at, sizeof fn);
    return fn();
}

static void test_put_runs_and_keeps_bytes(void **state)
{
    (void)state;
    uint8_t *a = unit(100, 7), *b = unit(BIG, 42), *c = unit(300, 9);
    xl_code *pa, *pb, *pc;
    void *xa = xlate_codemem_put(a, 100, &pa);
    void *xb = xlate_codemem_put(b, BIG, &pb);
    assert_non_null(xa);
    assert_non_null(xb);
    assert_int_equal(call(xa), 7);
    assert_int_equal(call(xb), 42);
    xlate_codemem_free(pa);
    void *xc = xlate_codemem_put(c, 300, &pc);
    assert_non_null(xc);
    assert_int_equal(call(xc), 9);
    assert_int_equal(call(xb), 42);
    assert_memory_equal(xb, b, BIG);
    assert_memory_equal(xc, c, 300);
    xlate_codemem_free(pb);
    xlate_codemem_free(pc);
    free(a);
    free(b);
    free(c);
}

/* Whether the page holding at is mapped in this process's page tables
 * (/proc/self/pagemap's bit 63, readable without privileges), without
 * touching it: -1 if pagemap cannot be read. */
static int page_present(const void *at)
{
    FILE *f = fopen("/proc/self/pagemap", "rb");
    if (!f)
        return -1;
    uint64_t e = 0;
    long off = (long)((uintptr_t)at / 4096 * sizeof e);
    int ok = fseek(f, off, SEEK_SET) == 0 && fread(&e, sizeof e, 1, f) == 1;
    fclose(f);
    return ok ? (int)(e >> 63) : -1;
}

/* Without populating, the executable view's pages are mapped one fault
 * at a time as the code first runs there (and the writable view's as it
 * is copied): after a put, before running anything, every page of the
 * unit must already be mapped. */
static void test_put_maps_its_pages(void **state)
{
    (void)state;
#if defined(MADV_POPULATE_WRITE) && defined(MADV_POPULATE_READ)
    uint8_t probe = 0;
    if (madvise((void *)((uintptr_t)&probe & ~(uintptr_t)4095), 4096,
                MADV_POPULATE_READ) != 0 ||
        page_present(&probe) != 1)
        skip(); /* before Linux 5.14, or no pagemap */
    uint8_t *b = unit(BIG, 5);
    xl_code *p;
    uint8_t *x = xlate_codemem_put(b, BIG, &p);
    assert_non_null(x);
    unsigned missing = 0;
    for (size_t o = 0; o < BIG; o += 4096)
        missing += page_present(x + o) != 1;
    assert_int_equal(missing, 0);
    assert_int_equal(call(x), 5);
    xlate_codemem_free(p);
    free(b);
#else
    skip();
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_put_runs_and_keeps_bytes),
        cmocka_unit_test(test_put_maps_its_pages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

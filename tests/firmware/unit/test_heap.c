/* SPDX-License-Identifier: BSD-3-Clause */
/* Allocator: first-fit heap (alignment, exhaustion, fragmentation and
 * coalescing, bad frees, random stress against a shadow model) and the
 * zones (system never freed, runtime, DMA alignment, statistics). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "arch_stub.h"
#include "fw/mem.h"

static uint8_t arena[64 * 1024] __attribute__((aligned(64)));
#define U FW_HEAP_MIN_ALIGN

static void test_basic_and_alignment(void **state)
{
    struct fw_heap h;
    void *p[8];
    size_t a;
    (void)state;
    fw_heap_init(&h, arena + 3, 4096, 1); /* unaligned range */
    assert_true(((uintptr_t)h.base & (U - 1)) == 0);
    assert_true(h.st.size <= 4096 - 3 && h.st.size >= 4096 - 3 - 2 * U);
    for (a = 1; a <= 256; a <<= 1) {
        void *q = fw_heap_alloc(&h, 24, a);
        assert_non_null(q);
        assert_int_equal((uintptr_t)q & ((a < U ? U : a) - 1), 0);
        memset(q, 0xAB, 24);
        assert_int_equal(fw_heap_free(&h, q), 0);
    }
    /* every alignment gap was given back: one free block again */
    assert_int_equal(fw_heap_stats(&h)->free_blocks, 1);
    assert_int_equal(h.st.used, 0);
    assert_null(fw_heap_alloc(&h, 10, 3)); /* not a power of two */
    assert_null(fw_heap_alloc(&h, 0, 0));
    assert_int_equal(h.st.failures, 2);
    p[0] = fw_heap_alloc(&h, 100, 0);
    p[1] = fw_heap_alloc(&h, 100, 0);
    assert_true((uint8_t *)p[1] >= (uint8_t *)p[0] + 100);
    assert_int_equal(h.st.allocs, 9 + 2);
    assert_int_equal(fw_heap_free(&h, p[0]), 0);
    assert_int_equal(fw_heap_free(&h, p[1]), 0);
}

static void test_exhaustion(void **state)
{
    struct fw_heap h;
    void *p[200];
    unsigned n = 0, i;
    (void)state;
    fw_heap_init(&h, arena, 4096, 2);
    while ((p[n] = fw_heap_alloc(&h, 100, 0)) != NULL)
        n++;
    assert_true(n >= 4096 / (100 + 2 * U) - 1 && n <= 4096 / 100);
    assert_int_equal(h.st.failures, 1);
    assert_null(fw_heap_alloc(&h, 5000, 0)); /* larger than the heap */
    assert_int_equal(h.st.failures, 2);
    for (i = 0; i < n; i++)
        assert_int_equal(fw_heap_free(&h, p[i]), 0);
    assert_int_equal(h.st.used, 0);
    assert_true(h.st.peak > 4096 - 200);
    assert_int_equal(fw_heap_stats(&h)->free_blocks, 1);
    assert_int_equal(h.st.largest_free, h.st.size - U);
    /* the whole heap in one block */
    p[0] = fw_heap_alloc(&h, h.st.size - U, 0);
    assert_non_null(p[0]);
    assert_null(fw_heap_alloc(&h, 1, 0));
}

static void test_fragmentation_and_coalescing(void **state)
{
    struct fw_heap h;
    void *p[32];
    unsigned i;
    (void)state;
    fw_heap_init(&h, arena, 32 * (64 + U), 3);
    for (i = 0; i < 32; i++)
        assert_non_null(p[i] = fw_heap_alloc(&h, 64, 0));
    assert_null(fw_heap_alloc(&h, 1, 0));
    for (i = 0; i < 32; i += 2) /* free every other block */
        assert_int_equal(fw_heap_free(&h, p[i]), 0);
    fw_heap_stats(&h);
    assert_int_equal(h.st.free_blocks, 16);
    assert_int_equal(h.st.largest_free, 64);
    /* half the memory is free but nothing bigger than 64 bytes fits */
    assert_null(fw_heap_alloc(&h, 65, 0));
    assert_non_null(p[0] = fw_heap_alloc(&h, 64, 0)); /* first fit */
    for (i = 1; i < 32; i += 2)
        assert_int_equal(fw_heap_free(&h, p[i]), 0);
    assert_int_equal(fw_heap_free(&h, p[0]), 0);
    fw_heap_stats(&h);
    assert_int_equal(h.st.free_blocks, 1); /* all coalesced */
    assert_non_null(fw_heap_alloc(&h, 32 * 64, 0));
}

static void test_bad_frees(void **state)
{
    struct fw_heap h, other;
    uint8_t *p;
    (void)state;
    fw_heap_init(&h, arena, 4096, 4);
    fw_heap_init(&other, arena + 8192, 4096, 5);
    p = fw_heap_alloc(&h, 40, 0);
    assert_int_equal(fw_heap_free(&h, NULL), -1);
    assert_int_equal(fw_heap_free(&h, p + U), -1); /* inside a block */
    assert_int_equal(fw_heap_free(&other, p), -1); /* other heap */
    assert_int_equal(fw_heap_free(&h, arena + 5000), -1);
    assert_int_equal(fw_heap_free(&h, p), 0);
    assert_int_equal(fw_heap_free(&h, p), -1); /* double free */
    assert_int_equal(h.st.frees, 1);
}

/* Random allocate/free against a shadow list: blocks never overlap, keep
 * their contents, honour alignment, and everything coalesces at the end. */
static void test_random_stress(void **state)
{
    struct fw_heap h;
    struct {
        uint8_t *p;
        size_t n;
        uint8_t fill;
    } live[256];
    unsigned nlive = 0, i, j, step;
    (void)state;
    srand(11);
    fw_heap_init(&h, arena, sizeof arena, 6);
    for (step = 0; step < 20000; step++) {
        if (nlive < 256 && (rand() & 1)) {
            size_t n = 1 + (size_t)rand() % 700;
            size_t al = (size_t)1 << (rand() % 8);
            uint8_t *p = fw_heap_alloc(&h, n, al);
            if (!p)
                continue;
            assert_int_equal((uintptr_t)p % (al < U ? U : al), 0);
            assert_true(p >= h.base && p + n <= h.end);
            for (j = 0; j < nlive; j++)
                assert_true(p + n <= live[j].p || live[j].p + live[j].n <= p);
            live[nlive].p = p;
            live[nlive].n = n;
            live[nlive].fill = (uint8_t)step;
            memset(p, (uint8_t)step, n);
            nlive++;
        } else if (nlive) {
            i = (unsigned)rand() % nlive;
            for (j = 0; j < live[i].n; j++)
                assert_int_equal(live[i].p[j], live[i].fill);
            assert_int_equal(fw_heap_free(&h, live[i].p), 0);
            live[i] = live[--nlive];
        }
    }
    while (nlive)
        assert_int_equal(fw_heap_free(&h, live[--nlive].p), 0);
    fw_heap_stats(&h);
    assert_int_equal(h.st.used, 0);
    assert_int_equal(h.st.free_blocks, 1);
    assert_int_equal(h.st.allocs, h.st.frees);
}

static void test_zones(void **state)
{
    static uint8_t sys[1024] __attribute__((aligned(16)));
    static uint8_t rt[8192] __attribute__((aligned(16)));
    static uint8_t dma[8192] __attribute__((aligned(64)));
    void *p, *q;
    unsigned n = 0;
    (void)state;
    stub_reset();
    fw_mem_init(sys, sizeof sys, rt, sizeof rt, dma, sizeof dma);
    /* system zone: bump, aligned, never freed, clean exhaustion */
    p = fw_alloc(FW_ZONE_SYSTEM, 10, 0);
    q = fw_alloc(FW_ZONE_SYSTEM, 10, 64);
    assert_non_null(p);
    assert_non_null(q);
    assert_int_equal((uintptr_t)q & 63, 0);
    assert_true((uint8_t *)q >= (uint8_t *)p + 10);
    assert_int_equal(fw_free(p), -1);
    while (fw_alloc(FW_ZONE_SYSTEM, 100, 0))
        n++;
    assert_true(n >= 8 && n <= 10);
    assert_int_equal(fw_mem_stats(FW_ZONE_SYSTEM)->failures, 1);
    assert_true(fw_mem_stats(FW_ZONE_SYSTEM)->used <= sizeof sys);
    /* DMA zone: default alignment, its own memory */
    p = fw_alloc(FW_ZONE_DMA, 5, 0);
    assert_non_null(p);
    assert_int_equal((uintptr_t)p & (FW_DMA_ALIGN - 1), 0);
    assert_true((uint8_t *)p >= dma && (uint8_t *)p < dma + sizeof dma);
    /* runtime zone */
    q = fw_zalloc(FW_ZONE_RUNTIME, 300, 0);
    assert_non_null(q);
    assert_true((uint8_t *)q >= rt && (uint8_t *)q < rt + sizeof rt);
    assert_int_equal(((uint8_t *)q)[299], 0);
    assert_null(fw_alloc(FW_ZONE_RUNTIME, 9000, 0));
    assert_int_equal(fw_mem_stats(FW_ZONE_RUNTIME)->failures, 1);
    assert_int_equal(fw_free(p), 0);
    assert_int_equal(fw_free(q), 0);
    assert_int_equal(fw_free(q), -1);
    assert_int_equal(fw_mem_stats(FW_ZONE_DMA)->used, 0);
    assert_int_equal(fw_mem_stats(FW_ZONE_RUNTIME)->used, 0);
    assert_null(fw_alloc(FW_ZONE_COUNT, 8, 0));
    assert_int_equal(stub_lock_depth, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_basic_and_alignment),
        cmocka_unit_test(test_exhaustion),
        cmocka_unit_test(test_fragmentation_and_coalescing),
        cmocka_unit_test(test_bad_frees),
        cmocka_unit_test(test_random_stress),
        cmocka_unit_test(test_zones),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

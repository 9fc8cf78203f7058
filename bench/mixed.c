/* SPDX-License-Identifier: BSD-3-Clause */
/* Benchmark: mixed integer workload.  Each round runs
 *   - table-driven CRC-32 over a 16 KiB buffer,
 *   - an in-place quicksort of 2048 words,
 *   - an open-addressing hash table (insert, look up, count),
 *   - software 32-bit division (decimal formatting, gcd, modular sums),
 * and folds every result into a checksum printed at the end.  The division
 * is our own shift-and-subtract routine: the toolchain's libgcc has no
 * __udivsi3/__umodsi3, so the code never uses '/' or '%' on variables. */
#include <stdint.h>

#include "semihost.h"

#ifndef MIXED_ROUNDS
#define MIXED_ROUNDS 1000
#endif
#define CRC_BYTES 16384
#define SORT_N    2048
#define HASH_BITS 12
#define HASH_SIZE (1u << HASH_BITS)
#define HASH_KEYS 3000
#define DIV_OPS   4000

static uint32_t crc_table[256];
static uint8_t crc_buf[CRC_BYTES];
static uint32_t sort_buf[SORT_N];
static uint32_t hash_key[HASH_SIZE];
static uint32_t hash_val[HASH_SIZE];
static uint32_t rng = 0x2468ace1u;

static uint32_t xorshift(void)
{
    uint32_t x = rng;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    rng = x;
    return x;
}

static uint32_t mix(uint32_t h, uint32_t v)
{
    h ^= v;
    h *= 0x01000193u;
    return h ^ (h >> 15);
}

/* ---- CRC-32 (reflected, polynomial 0xEDB88320) ---- */
static void crc_init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[i] = c;
    }
}

static uint32_t crc32(const uint8_t *p, uint32_t n)
{
    uint32_t c = 0xffffffffu;
    for (uint32_t i = 0; i < n; i++)
        c = crc_table[(c ^ p[i]) & 0xff] ^ (c >> 8);
    return ~c;
}

/* ---- quicksort (explicit stack, insertion sort for short runs) ---- */
static void insertion_sort(uint32_t *a, int lo, int hi)
{
    for (int i = lo + 1; i <= hi; i++) {
        uint32_t v = a[i];
        int j = i - 1;
        while (j >= lo && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static void quicksort(uint32_t *a, int n)
{
    int stack[64], sp = 0;
    stack[sp++] = 0;
    stack[sp++] = n - 1;
    while (sp > 0) {
        int hi = stack[--sp], lo = stack[--sp];
        if (hi - lo < 12) {
            insertion_sort(a, lo, hi);
            continue;
        }
        int mid = lo + ((hi - lo) >> 1);
        uint32_t x = a[lo], y = a[mid], z = a[hi];
        uint32_t pivot = x < y ? (y < z ? y : (x < z ? z : x))
                               : (x < z ? x : (y < z ? z : y));
        int i = lo, j = hi;
        while (i <= j) {
            while (a[i] < pivot)
                i++;
            while (a[j] > pivot)
                j--;
            if (i <= j) {
                uint32_t t = a[i];
                a[i] = a[j];
                a[j] = t;
                i++;
                j--;
            }
        }
        /* push the larger part first so the stack stays shallow */
        if (j - lo > hi - i) {
            stack[sp++] = lo;
            stack[sp++] = j;
            stack[sp++] = i;
            stack[sp++] = hi;
        } else {
            stack[sp++] = i;
            stack[sp++] = hi;
            stack[sp++] = lo;
            stack[sp++] = j;
        }
    }
}

/* ---- open-addressing hash table (linear probing, key 0 = empty) ---- */
static uint32_t hash_slot(uint32_t k)
{
    return (k * 0x9e3779b1u) >> (32 - HASH_BITS);
}

static void hash_clear(void)
{
    for (uint32_t i = 0; i < HASH_SIZE; i++) {
        hash_key[i] = 0;
        hash_val[i] = 0;
    }
}

static void hash_add(uint32_t k, uint32_t v)
{
    uint32_t s = hash_slot(k);
    while (hash_key[s] != 0 && hash_key[s] != k)
        s = (s + 1) & (HASH_SIZE - 1);
    hash_key[s] = k;
    hash_val[s] += v;
}

static int hash_get(uint32_t k, uint32_t *v)
{
    uint32_t s = hash_slot(k);
    while (hash_key[s] != 0) {
        if (hash_key[s] == k) {
            *v = hash_val[s];
            return 1;
        }
        s = (s + 1) & (HASH_SIZE - 1);
    }
    return 0;
}

/* ---- software division ---- */
static uint32_t udivmod(uint32_t n, uint32_t d, uint32_t *rem)
{
    uint32_t q = 0;
    if (d == 0) {
        *rem = n;
        return 0xffffffffu;
    }
    if (n >= d) {
        int shift = __builtin_clz(d) - __builtin_clz(n);
        d <<= shift;
        for (int i = 0; i <= shift; i++) {
            q <<= 1;
            if (n >= d) {
                n -= d;
                q |= 1;
            }
            d >>= 1;
        }
    }
    *rem = n;
    return q;
}

static uint32_t gcd(uint32_t a, uint32_t b)
{
    while (b != 0) {
        uint32_t r;
        udivmod(a, b, &r);
        a = b;
        b = r;
    }
    return a;
}

/* Digit sum of v's decimal representation (repeated division by 10). */
static uint32_t decimal_digits(uint32_t v)
{
    uint32_t s = 0, r;
    do {
        v = udivmod(v, 10, &r);
        s = s * 7 + r;
    } while (v != 0);
    return s;
}

int main(void)
{
    uint32_t sum = 0x811c9dc5u;
    crc_init();
    for (int round = 0; round < MIXED_ROUNDS; round++) {
        /* CRC over fresh data */
        for (uint32_t i = 0; i < CRC_BYTES; i += 4) {
            uint32_t w = xorshift();
            crc_buf[i] = (uint8_t)w;
            crc_buf[i + 1] = (uint8_t)(w >> 8);
            crc_buf[i + 2] = (uint8_t)(w >> 16);
            crc_buf[i + 3] = (uint8_t)(w >> 24);
        }
        sum = mix(sum, crc32(crc_buf, CRC_BYTES));

        /* sort, then check order and fold in a few elements */
        for (int i = 0; i < SORT_N; i++)
            sort_buf[i] = xorshift() >> (round & 7);
        quicksort(sort_buf, SORT_N);
        uint32_t bad = 0;
        for (int i = 1; i < SORT_N; i++)
            bad += sort_buf[i - 1] > sort_buf[i];
        sum = mix(sum, bad);
        for (int i = 0; i < SORT_N; i += 97)
            sum = mix(sum, sort_buf[i]);

        /* hash table: keys from a small range so some repeat */
        hash_clear();
        for (int i = 0; i < HASH_KEYS; i++) {
            uint32_t k = (xorshift() & 0x1fff) + 1;
            hash_add(k, (uint32_t)i);
        }
        uint32_t found = 0, vs = 0;
        for (uint32_t k = 1; k <= 0x2000; k += 3) {
            uint32_t v;
            if (hash_get(k, &v)) {
                found++;
                vs = mix(vs, v);
            }
        }
        sum = mix(mix(sum, found), vs);

        /* division-heavy arithmetic */
        uint32_t acc = 0;
        for (int i = 0; i < DIV_OPS; i++) {
            uint32_t a = xorshift(), b = (xorshift() >> (i & 15)) | 1, r;
            uint32_t q = udivmod(a, b, &r);
            acc = mix(acc, q + r);
            if ((i & 7) == 0)
                acc += gcd(a | 1, b);
            if ((i & 3) == 0)
                acc += decimal_digits(a);
        }
        sum = mix(sum, acc);
    }
    sh_puts("mixed checksum ");
    sh_puthex(sum);
    sh_puts("\n");
    return 0;
}

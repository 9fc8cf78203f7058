/* SPDX-License-Identifier: BSD-3-Clause */
/* 64-bit division: 32-bit fast path, else shift-and-subtract. */
#include "int_rt.h"

static int clz64(uint64_t v)
{
    uint32_t hi = (uint32_t)(v >> 32);

    return hi ? __builtin_clz(hi) : 32 + __builtin_clz((uint32_t)v);
}

static uint64_t udivmod64(uint64_t n, uint64_t d, uint64_t *rem)
{
    uint64_t q = 0;
    int shift;

    if (d == 0) {
        *rem = n;
        return ~(uint64_t)0;
    }
    if (d > n) {
        *rem = n;
        return 0;
    }
    if ((n >> 32) == 0) { /* both fit in 32 bits */
        uint32_t r32;
        q = FW_RT(udivsi3)((uint32_t)n, (uint32_t)d);
        r32 = (uint32_t)n - (uint32_t)q * (uint32_t)d;
        *rem = r32;
        return q;
    }
    shift = clz64(d) - clz64(n);
    d <<= shift;
    for (; shift >= 0; shift--) {
        q <<= 1;
        if (n >= d) {
            n -= d;
            q |= 1;
        }
        d >>= 1;
    }
    *rem = n;
    return q;
}

uint64_t FW_RT(udivdi3)(uint64_t a, uint64_t b)
{
    uint64_t r;
    return udivmod64(a, b, &r);
}

uint64_t FW_RT(umoddi3)(uint64_t a, uint64_t b)
{
    uint64_t r;
    udivmod64(a, b, &r);
    return r;
}

int64_t FW_RT(divdi3)(int64_t a, int64_t b)
{
    uint64_t ua = a < 0 ? 0u - (uint64_t)a : (uint64_t)a;
    uint64_t ub = b < 0 ? 0u - (uint64_t)b : (uint64_t)b;
    uint64_t r, q;

    if (b == 0)
        return -1;
    q = udivmod64(ua, ub, &r);
    return (int64_t)((a < 0) != (b < 0) ? 0u - q : q);
}

int64_t FW_RT(moddi3)(int64_t a, int64_t b)
{
    uint64_t ua = a < 0 ? 0u - (uint64_t)a : (uint64_t)a;
    uint64_t ub = b < 0 ? 0u - (uint64_t)b : (uint64_t)b;
    uint64_t r;

    if (b == 0)
        return a;
    udivmod64(ua, ub, &r);
    return (int64_t)(a < 0 ? 0u - r : r);
}

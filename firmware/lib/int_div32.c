/* SPDX-License-Identifier: BSD-3-Clause */
/* 32-bit division: shift-and-subtract after aligning the divisor's leading
 * one with the dividend's (NSAU on the LX106). */
#include "int_rt.h"

static uint32_t udivmod32(uint32_t n, uint32_t d, uint32_t *rem)
{
    uint32_t q = 0;
    int shift;

    if (d == 0) {
        *rem = n;
        return 0xFFFFFFFFu;
    }
    if (d > n) {
        *rem = n;
        return 0;
    }
    shift = __builtin_clz(d) - __builtin_clz(n);
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

uint32_t FW_RT(udivsi3)(uint32_t a, uint32_t b)
{
    uint32_t r;
    return udivmod32(a, b, &r);
}

uint32_t FW_RT(umodsi3)(uint32_t a, uint32_t b)
{
    uint32_t r;
    udivmod32(a, b, &r);
    return r;
}

int32_t FW_RT(divsi3)(int32_t a, int32_t b)
{
    uint32_t ua = a < 0 ? 0u - (uint32_t)a : (uint32_t)a;
    uint32_t ub = b < 0 ? 0u - (uint32_t)b : (uint32_t)b;
    uint32_t r, q;

    if (b == 0)
        return -1;
    q = udivmod32(ua, ub, &r);
    return (int32_t)((a < 0) != (b < 0) ? 0u - q : q);
}

int32_t FW_RT(modsi3)(int32_t a, int32_t b)
{
    uint32_t ua = a < 0 ? 0u - (uint32_t)a : (uint32_t)a;
    uint32_t ub = b < 0 ? 0u - (uint32_t)b : (uint32_t)b;
    uint32_t r;

    if (b == 0)
        return a;
    udivmod32(ua, ub, &r);
    return (int32_t)(a < 0 ? 0u - r : r);
}

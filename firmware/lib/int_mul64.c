/* SPDX-License-Identifier: BSD-3-Clause */
/* 64x64->64 multiplication from 16x16->32 partial products (the LX106's
 * MULL gives only the low 32 bits of a 32x32 product). */
#include "int_rt.h"

int64_t FW_RT(muldi3)(int64_t a, int64_t b)
{
    uint32_t al = (uint32_t)a, ah = (uint32_t)((uint64_t)a >> 32);
    uint32_t bl = (uint32_t)b, bh = (uint32_t)((uint64_t)b >> 32);
    uint32_t a0 = al & 0xFFFF, a1 = al >> 16;
    uint32_t b0 = bl & 0xFFFF, b1 = bl >> 16;
    uint32_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint32_t mid = (p00 >> 16) + (p01 & 0xFFFF) + (p10 & 0xFFFF);
    uint32_t lo = (p00 & 0xFFFF) | (mid << 16);
    uint32_t hi = p11 + (p01 >> 16) + (p10 >> 16) + (mid >> 16);

    hi += ah * bl + al * bh;
    return (int64_t)(((uint64_t)hi << 32) | lo);
}

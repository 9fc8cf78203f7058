/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Fixed-point helpers shared by the audio DSP kernels.
 *
 * Naming: a suffix qM_N means a signed value with M integer bits (sign
 * included) and N fractional bits, e.g. q1_31 is an int32_t in [-1, 1).
 * Samples inside the pipeline are int32_t Q1.31.
 *
 * Target note (Xtensa LX106): there is a 32-bit MULL and a 16x16 MUL16 but
 * no MULSH/MULUH, so a plain `(int64_t)a * b` becomes a call to libgcc's
 * __muldi3.  q_mul_s32_s32() builds the exact 64-bit product from four
 * 16x16 partial products that each compile to a single MULL, with no call.
 * It is bit-exact with (int64_t)a * b (checked by the host tests).
 */
#ifndef AUDIO_DSP_Q_MATH_H
#define AUDIO_DSP_Q_MATH_H

#include <stdint.h>

#define Q31_MAX INT32_MAX
#define Q31_MIN INT32_MIN

/* Saturate a 64-bit value to int32_t. */
static inline int32_t q_sat32(int64_t x)
{
    if (x > INT32_MAX)
        return INT32_MAX;
    if (x < INT32_MIN)
        return INT32_MIN;
    return (int32_t)x;
}

/* Saturate a 32-bit value to int16_t. */
static inline int16_t q_sat16(int32_t x)
{
    if (x > INT16_MAX)
        return INT16_MAX;
    if (x < INT16_MIN)
        return INT16_MIN;
    return (int16_t)x;
}

/*
 * Arithmetic right shift by n (1..62) with rounding half up (towards +inf),
 * i.e. floor(x / 2^n + 1/2).  n == 0 returns x.
 */
static inline int64_t q_shift_rnd64(int64_t x, int n)
{
    if (n <= 0)
        return x;
    return ((x >> (n - 1)) + 1) >> 1;
}

static inline int32_t q_shift_rnd32(int32_t x, int n)
{
    if (n <= 0)
        return x;
    return ((x >> (n - 1)) + 1) >> 1;
}

/*
 * Exact signed 32x32 -> 64 multiply from 16-bit halves:
 *   a = ah*2^16 + al, b = bh*2^16 + bl (ah, bh signed; al, bl unsigned)
 *   a*b = ah*bh*2^32 + (ah*bl + al*bh)*2^16 + al*bl
 * Every partial product fits 32 bits, so each is one MULL on LX106.
 */
static inline int64_t q_mul_s32_s32(int32_t a, int32_t b)
{
    int32_t ah = a >> 16;
    int32_t bh = b >> 16;
    int32_t al = (int32_t)((uint32_t)a & 0xffffu);
    int32_t bl = (int32_t)((uint32_t)b & 0xffffu);
    int64_t hh = (int64_t)(ah * bh);
    int64_t mid = (int64_t)(ah * bl) + (int64_t)(al * bh);
    uint32_t ll = (uint32_t)al * (uint32_t)bl;

    return (int64_t)((uint64_t)hh << 32) + (int64_t)((uint64_t)mid << 16) +
           (int64_t)ll;
}

/*
 * a * b >> 28, rounded half up, saturated to int32_t (a Q1.31 sample times
 * a Q4.28 gain): bit-exact with q_sat32(q_shift_rnd64(q_mul_s32_s32(a, b),
 * 28)) (checked by the host tests), in 32-bit pieces: the four partial
 * products are summed with the rounding constant into hi:lo with explicit
 * carries, and the saturation test looks at hi alone (the result fits
 * int32_t iff hi is in [-2^27, 2^27)).  About 30 LX106 instructions
 * instead of 45 for the 64-bit shifts and compares.
 */
static inline int32_t q_mul_rnd28_sat32(int32_t a, int32_t b)
{
    int32_t ah = a >> 16;
    int32_t bh = b >> 16;
    uint32_t al = (uint32_t)a & 0xffffu;
    uint32_t bl = (uint32_t)b & 0xffffu;
    int32_t m1 = ah * (int32_t)bl;
    int32_t m2 = (int32_t)al * bh;
    uint32_t ll = al * bl;
    uint32_t lo = ll + (1u << 27);
    uint32_t hi = (uint32_t)(ah * bh) + (lo < ll);
    uint32_t t = (uint32_t)m1 << 16;

    lo += t;
    hi += (uint32_t)(m1 >> 16) + (lo < t);
    t = (uint32_t)m2 << 16;
    lo += t;
    hi += (uint32_t)(m2 >> 16) + (lo < t);
    if ((hi + 0x08000000u) >> 28)
        return (int32_t)hi < 0 ? INT32_MIN : INT32_MAX;
    return (int32_t)(hi << 4 | lo >> 28);
}

/* Q1.31 x Q1.31 -> Q1.31, rounded half up, saturated (only -1 * -1). */
static inline int32_t q_mul_q1_31(int32_t a, int32_t b)
{
    return q_sat32(q_shift_rnd64(q_mul_s32_s32(a, b), 31));
}

#endif /* AUDIO_DSP_Q_MATH_H */

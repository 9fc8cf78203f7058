/* SPDX-License-Identifier: BSD-3-Clause */
/* Sample format conversion kernels (see format.h). */
#include "format.h"

#include "q_math.h"

size_t fmt_sample_bytes(enum audio_fmt fmt)
{
    switch (fmt) {
    case AUDIO_FMT_S16_LE:
        return 2;
    case AUDIO_FMT_S24_4LE:
    case AUDIO_FMT_S32_LE:
        return 4;
    }
    return 0;
}

int32_t fmt_s16_to_q1_31(int16_t x)
{
    return (int32_t)((uint32_t)(int32_t)x << 16);
}

int32_t fmt_s24_to_q1_31(int32_t x)
{
    /* Bits 31..24 are ignored: moving bit 23 to bit 31 sign-extends. */
    return (int32_t)((uint32_t)x << 8);
}

int16_t fmt_q1_31_to_s16(int32_t x)
{
    /* (x >> 15) + 1 cannot overflow; the final >> 1 gives round half up. */
    int32_t r = ((x >> 15) + 1) >> 1;

    return q_sat16(r);
}

int32_t fmt_q1_31_to_s24(int32_t x)
{
    int32_t r = ((x >> 7) + 1) >> 1;

    if (r > 0x7fffff)
        r = 0x7fffff;
    return r;
}

void fmt_s16_to_q1_31_blk(int32_t *dst, const int16_t *src, size_t n)
{
    /* Walk backwards so that in-place widening (dst over src) works. */
    while (n--)
        dst[n] = fmt_s16_to_q1_31(src[n]);
}

void fmt_s24_to_q1_31_blk(int32_t *dst, const int32_t *src, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = fmt_s24_to_q1_31(src[i]);
}

void fmt_q1_31_to_s16_blk(int16_t *dst, const int32_t *src, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = fmt_q1_31_to_s16(src[i]);
}

void fmt_q1_31_to_s24_blk(int32_t *dst, const int32_t *src, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = fmt_q1_31_to_s24(src[i]);
}

/* Overlap-safe word copy (no libc dependency in the firmware): copies
 * down (dst < src) front to back and up (dst > src) back to front.  Four
 * words a round, loaded before they are stored: the LX106 stalls a store
 * that uses the word loaded just before it, and a quarter of the loop
 * branches remain. */
static void copy32(int32_t *dst, const int32_t *src, size_t n)
{
    if (dst == src)
        return;
    if (dst < src) {
        size_t i = 0;

        for (; i + 4 <= n; i += 4) {
            int32_t a = src[i], b = src[i + 1];
            int32_t c = src[i + 2], d = src[i + 3];

            dst[i] = a;
            dst[i + 1] = b;
            dst[i + 2] = c;
            dst[i + 3] = d;
        }
        for (; i < n; i++)
            dst[i] = src[i];
    } else {
        for (; n >= 4; n -= 4) {
            int32_t a = src[n - 1], b = src[n - 2];
            int32_t c = src[n - 3], d = src[n - 4];

            dst[n - 1] = a;
            dst[n - 2] = b;
            dst[n - 3] = c;
            dst[n - 4] = d;
        }
        while (n--)
            dst[n] = src[n];
    }
}

int fmt_to_q1_31(int32_t *dst, const void *src, enum audio_fmt fmt, size_t n)
{
    switch (fmt) {
    case AUDIO_FMT_S16_LE:
        fmt_s16_to_q1_31_blk(dst, src, n);
        return 0;
    case AUDIO_FMT_S24_4LE:
        fmt_s24_to_q1_31_blk(dst, src, n);
        return 0;
    case AUDIO_FMT_S32_LE:
        copy32(dst, src, n);
        return 0;
    }
    return -1;
}

int fmt_from_q1_31(void *dst, const int32_t *src, enum audio_fmt fmt, size_t n)
{
    switch (fmt) {
    case AUDIO_FMT_S16_LE:
        fmt_q1_31_to_s16_blk(dst, src, n);
        return 0;
    case AUDIO_FMT_S24_4LE:
        fmt_q1_31_to_s24_blk(dst, src, n);
        return 0;
    case AUDIO_FMT_S32_LE:
        copy32(dst, src, n);
        return 0;
    }
    return -1;
}

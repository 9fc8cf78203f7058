/* SPDX-License-Identifier: BSD-3-Clause */
/* Benchmark: 16-bit FIR filter, Q15 coefficients, 32-bit accumulator.
 * A 64-tap low-pass runs over a 4096-sample int16 signal many times; each
 * pass's output (mixed with fresh noise) is the next pass's input, so no
 * pass can be skipped.  Prints a checksum of every output sample. */
#include <stdint.h>

#include "semihost.h"

#ifndef FIR_PASSES
#define FIR_PASSES 2000
#endif
#define NTAPS 64
#define NSAMP 4096

static int16_t coef[NTAPS];
static int16_t xbuf[NSAMP + NTAPS - 1];
static int16_t ybuf[NSAMP];
static uint32_t rng = 12345;

static uint32_t lcg(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng;
}

static int16_t sat16(int32_t v)
{
    if (v > 32767)
        return 32767;
    if (v < -32768)
        return -32768;
    return (int16_t)v;
}

/* Symmetric triangular-window low-pass, scaled so the taps sum to about
 * 0.9 in Q15 (no overflow of the output for full-scale input). */
static void make_coefs(void)
{
    int32_t sum = 0;
    for (int k = 0; k < NTAPS / 2; k++) {
        int32_t w = (k + 1) * (k + 1) + 3 * (k & 7);
        coef[k] = (int16_t)w;
        coef[NTAPS - 1 - k] = (int16_t)w;
        sum += 2 * w;
    }
    /* scale to 29491 (0.9 in Q15) by shift-and-subtract division */
    for (int k = 0; k < NTAPS; k++) {
        int32_t num = coef[k] * 29491, q = 0;
        for (int b = 14; b >= 0; b--)
            if (num >= (sum << b)) {
                num -= sum << b;
                q |= 1 << b;
            }
        coef[k] = (int16_t)q;
    }
}

static void fir(const int16_t *restrict x, int16_t *restrict y, int n,
                const int16_t *restrict h)
{
    for (int i = 0; i < n; i++) {
        int32_t acc = 1 << 14; /* rounding */
        const int16_t *xp = x + i;
        for (int k = 0; k < NTAPS; k++)
            acc += (int32_t)h[k] * xp[k];
        y[i] = sat16(acc >> 15);
    }
}

int main(void)
{
    uint32_t sum = 0;
    make_coefs();
    for (int i = 0; i < NSAMP + NTAPS - 1; i++)
        xbuf[i] = (int16_t)(lcg() >> 16);
    for (int pass = 0; pass < FIR_PASSES; pass++) {
        fir(xbuf, ybuf, NSAMP, coef);
        for (int i = 0; i < NSAMP; i++) {
            sum = (sum << 5 | sum >> 27) ^ (uint16_t)ybuf[i];
            /* next input: this output plus a little noise */
            xbuf[i + NTAPS - 1] = sat16(ybuf[i] + (int16_t)(lcg() >> 20));
        }
        for (int i = 0; i < NTAPS - 1; i++)
            xbuf[i] = ybuf[NSAMP - NTAPS + 1 + i];
    }
    sh_puts("fir checksum ");
    sh_puthex(sum);
    sh_puts("\n");
    return 0;
}

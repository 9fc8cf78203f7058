/* SPDX-License-Identifier: BSD-3-Clause */
/* In-place radix-2 complex FFT (fft.h): iterative, bit-reversed input
 * order, twiddles from sin/cos of the exact angle per stage element. */
#include "fft.h"

#include <math.h>

size_t dsh_pow2_floor(size_t n)
{
    size_t p = 1;
    if (!n)
        return 0;
    while (p <= n / 2)
        p *= 2;
    return p;
}

bool dsh_fft(double *re, double *im, size_t n)
{
    if (n < 2 || (n & (n - 1)))
        return false;
    for (size_t i = 1, j = 0; i < n; i++) {
        size_t bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double t = re[i]; re[i] = re[j]; re[j] = t;
            t = im[i]; im[i] = im[j]; im[j] = t;
        }
    }
    for (size_t len = 2; len <= n; len <<= 1) {
        size_t half = len / 2;
        double step = -2.0 * M_PI / (double)len;
        for (size_t k = 0; k < half; k++) {
            double wr = cos(step * (double)k), wi = sin(step * (double)k);
            for (size_t i = k; i < n; i += len) {
                size_t j = i + half;
                double xr = re[j] * wr - im[j] * wi;
                double xi = re[j] * wi + im[j] * wr;
                re[j] = re[i] - xr;
                im[j] = im[i] - xi;
                re[i] += xr;
                im[i] += xi;
            }
        }
    }
    return true;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Analysis windows (window.h). */
#include "window.h"

#include <math.h>

/* Modified Bessel function of the first kind, order 0 (power series). */
static double bessel_i0(double x)
{
    double sum = 1.0, term = 1.0, q = x * x / 4.0;
    for (int k = 1; k < 500; k++) {
        term *= q / ((double)k * (double)k);
        sum += term;
        if (term < sum * 1e-17)
            break;
    }
    return sum;
}

void dsh_window_kaiser(double *w, size_t n, double beta)
{
    double den = bessel_i0(beta);
    for (size_t i = 0; i < n; i++) {
        double r = n > 1 ? 2.0 * (double)i / (double)(n - 1) - 1.0 : 0.0;
        double a = 1.0 - r * r;
        w[i] = bessel_i0(beta * sqrt(a > 0 ? a : 0)) / den;
    }
}

void dsh_window_hann(double *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        w[i] = 0.5 - 0.5 * cos(2.0 * M_PI * (double)i / (double)n);
}

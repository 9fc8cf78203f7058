/* SPDX-License-Identifier: BSD-3-Clause */
/* In-place complex FFT (double precision, FFTW), for the metrics. */
#ifndef DSH_FFT_H
#define DSH_FFT_H

#include <stdbool.h>
#include <stddef.h>

/* re/im of length n (a power of two, >= 2); forward transform without
 * scaling: X[k] = sum x[n] e^{-2 pi i k n / N}.  False if n is not a
 * power of two (the callers' windows are) or FFTW cannot plan it. */
bool dsh_fft(double *re, double *im, size_t n);
/* |X[k]|^2 for k = 0 .. n/2 into pw (n/2 + 1 values) of the transform of
 * x[i] w[i] (n points, a power of two; w a window), the very values
 * dsh_fft would give, without the caller's work arrays: in a kept plan's
 * work area.  False as dsh_fft, or out of memory. */
bool dsh_fft_power(const double *x, const double *w, size_t n, double *pw);
/* Plans the transform of n (a power of two) and keeps the plan, so
 * that dsh_fft of n only runs it: for a process that forks the ones that
 * measure.  (dsh_fft keeps the plans of the first 16 lengths it is
 * asked for anyway.)  False as dsh_fft. */
bool dsh_fft_prepare(size_t n);
/* Largest power of two <= n (0 for n == 0). */
size_t dsh_pow2_floor(size_t n);

#endif

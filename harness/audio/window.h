/* SPDX-License-Identifier: BSD-3-Clause */
/* Analysis windows for the metrics. */
#ifndef DSH_WINDOW_H
#define DSH_WINDOW_H

#include <stddef.h>

/* Kaiser window of length n with shape beta (symmetric over n-1 points).
 * beta 20 gives about -190 dB side lobes and a main lobe of about
 * +-6.4 bins. */
void dsh_window_kaiser(double *w, size_t n, double beta);
/* Windows of 1024 points or more are kept for the life of the process
 * (the first 16 lengths and shapes asked for; then computed per call):
 * dsh_window_kaiser copies a kept one.  This computes and keeps the
 * window of n and beta ahead, for a process that forks the ones that
 * measure. */
void dsh_window_kaiser_prepare(size_t n, double beta);
/* The kept window itself (read-only, valid for the life of the
 * process), computed and kept when it is not yet; NULL when it cannot be
 * kept (under 1024 points, 16 others kept, out of memory). */
const double *dsh_window_kaiser_kept(size_t n, double beta);
/* Periodic Hann window (for Welch averaging with 50 % overlap). */
void dsh_window_hann(double *w, size_t n);

#endif

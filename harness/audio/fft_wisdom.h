/* SPDX-License-Identifier: BSD-3-Clause */
/* FFTW's wisdom kept between runs (docs/harness.md "Spectra and their
 * cost"): planning the transforms a test suite's metrics and plots use
 * (every power of two from 1,024 to 65,536 points, complex and real
 * input) costs about 60 ms of CPU each run, most of it the planner's
 * search, which the wisdom of an earlier run answers (a third of it
 * then).  A plan made from wisdom is the plan FFTW_ESTIMATE makes, so
 * every figure is the same to the last bit.
 *
 * The file is the user's cache's `fftw-wisdom` (textout/cache_file.h),
 * written only when the process planned something it did not hold.
 * A missing, unreadable or foreign file (another FFTW) is no wisdom.
 * Both calls plan nothing, but FFTW's planner is not thread-safe: call
 * them where the plans are made, never beside another thread planning. */
#ifndef DSH_FFT_WISDOM_H
#define DSH_FFT_WISDOM_H

#include <stdbool.h>

/* Reads the file's wisdom into FFTW's; true when there was some. */
bool dsh_fft_wisdom_load(void);
/* Writes FFTW's wisdom to the file when it holds more than was read
 * (creating the directory); true when the file is up to date. */
bool dsh_fft_wisdom_save(void);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* The metrics' FFT (fft.h) on FFTW: a split-array, in-place complex
 * transform planned per call (FFTW_ESTIMATE: no measuring, the arrays are
 * not touched while planning; FFTW_UNALIGNED: the same codelets whatever
 * the arrays' alignment, so a figure does not change in its last bits with
 * where malloc put the buffers). */
#include "fft.h"

#include <fftw3.h>

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
    if (n < 2 || (n & (n - 1)) || n > (size_t)1 << 30)
        return false;
    fftw_iodim dim = { .n = (int)n, .is = 1, .os = 1 };
    /* FFTW's split transform is the forward one (exponent sign -1) */
    fftw_plan p = fftw_plan_guru_split_dft(1, &dim, 0, NULL, re, im, re, im,
                                           FFTW_ESTIMATE | FFTW_UNALIGNED);
    if (!p)
        return false;
    fftw_execute_split_dft(p, re, im, re, im);
    fftw_destroy_plan(p);
    return true;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The metrics' FFT (fft.h) on FFTW: a split-array, in-place complex
 * transform (FFTW_ESTIMATE: no measuring, the arrays are not touched
 * while planning, the same algorithm for a length every time;
 * FFTW_UNALIGNED: the same codelets whatever the arrays' alignment, so a
 * figure does not change in its last bits with where malloc put the
 * buffers).
 *
 * Plans are kept per length for the life of the process (at most
 * PLAN_CACHE lengths; others are planned per call; dsh_fft_prepare
 * plans ahead, in a runner's process before it forks its cases): planning a
 * 65,536-point transform (its twiddle factors) costs several times the
 * transform, and a case transforms the same length again and again
 * (THD+N, SNR, the HTML report's spectra, every Welch segment of a
 * frequency response).  A kept plan runs on its own work area (FFTW's
 * new-array execution of a split plan needs the same distance between
 * the real and imaginary arrays as at planning): the caller's arrays
 * are copied in and out, which costs a small part of the transform. */
#include "fft.h"

#include <fftw3.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define PLAN_CACHE 16

/* Planning is not thread-safe in FFTW, and a kept plan's work area is
 * shared: both under plan_lock. */
static pthread_mutex_t plan_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    size_t n;
    fftw_plan p;
    double *work; /* 2 n: re, then im */
} plans[PLAN_CACHE];

size_t dsh_pow2_floor(size_t n)
{
    size_t p = 1;
    if (!n)
        return 0;
    while (p <= n / 2)
        p *= 2;
    return p;
}

static fftw_plan plan(double *re, double *im, size_t n)
{
    fftw_iodim dim = { .n = (int)n, .is = 1, .os = 1 };
    /* FFTW's split transform is the forward one (exponent sign -1) */
    return fftw_plan_guru_split_dft(1, &dim, 0, NULL, re, im, re, im,
                                    FFTW_ESTIMATE | FFTW_UNALIGNED);
}

/* The slot of n's kept plan, planned when there is none and room for
 * it; PLAN_CACHE when there is none.  Under plan_lock. */
static unsigned kept_plan(size_t n)
{
    unsigned i = 0;
    while (i < PLAN_CACHE && plans[i].p && plans[i].n != n)
        i++;
    if (i < PLAN_CACHE && !plans[i].p) {
        double *w = malloc(2 * n * sizeof *w);
        fftw_plan p = w ? plan(w, w + n, n) : NULL;
        if (p) {
            plans[i].n = n;
            plans[i].p = p;
            plans[i].work = w;
        } else {
            free(w);
        }
    }
    return i < PLAN_CACHE && plans[i].p ? i : PLAN_CACHE;
}

/* A transform length the functions take: a power of two, 2 .. 2^30. */
static bool size_ok(size_t n)
{
    return n >= 2 && !(n & (n - 1)) && n <= (size_t)1 << 30;
}

bool dsh_fft_prepare(size_t n)
{
    if (!size_ok(n))
        return false;
    pthread_mutex_lock(&plan_lock);
    bool ok = kept_plan(n) < PLAN_CACHE;
    pthread_mutex_unlock(&plan_lock);
    return ok;
}

bool dsh_fft_power(const double *x, const double *w, size_t n, double *pw)
{
    if (!size_ok(n))
        return false;
    bool ok = false;
    pthread_mutex_lock(&plan_lock);
    unsigned i = kept_plan(n);
    if (i < PLAN_CACHE) {
        double *re = plans[i].work, *im = re + n;
        for (size_t k = 0; k < n; k++) {
            re[k] = x[k] * w[k];
            im[k] = 0;
        }
        fftw_execute_split_dft(plans[i].p, re, im, re, im);
        for (size_t k = 0; k <= n / 2; k++)
            pw[k] = re[k] * re[k] + im[k] * im[k];
        ok = true;
    }
    pthread_mutex_unlock(&plan_lock);
    if (!ok) {
        /* no kept plan: on arrays of its own */
        double *re = malloc(n * sizeof *re), *im = calloc(n, sizeof *im);
        for (size_t k = 0; re && im && k < n; k++)
            re[k] = x[k] * w[k];
        ok = re && im && dsh_fft(re, im, n);
        for (size_t k = 0; ok && k <= n / 2; k++)
            pw[k] = re[k] * re[k] + im[k] * im[k];
        free(re);
        free(im);
    }
    return ok;
}

bool dsh_fft(double *re, double *im, size_t n)
{
    if (!size_ok(n))
        return false;
    bool ok = false;
    pthread_mutex_lock(&plan_lock);
    unsigned i = kept_plan(n);
    if (i < PLAN_CACHE) {
        double *w = plans[i].work;
        memcpy(w, re, n * sizeof *w);
        memcpy(w + n, im, n * sizeof *w);
        fftw_execute_split_dft(plans[i].p, w, w + n, w, w + n);
        memcpy(re, w, n * sizeof *w);
        memcpy(im, w + n, n * sizeof *w);
        ok = true;
    } else {
        /* no room in the cache (or no memory for a work area): a plan
         * of its own */
        fftw_plan p = plan(re, im, n);
        if (p) {
            fftw_execute_split_dft(p, re, im, re, im);
            fftw_destroy_plan(p);
            ok = true;
        }
    }
    pthread_mutex_unlock(&plan_lock);
    return ok;
}

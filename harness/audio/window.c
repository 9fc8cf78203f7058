/* SPDX-License-Identifier: BSD-3-Clause */
/* Analysis windows (window.h). */
#include "window.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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

static void kaiser(double *w, size_t n, double beta)
{
    double den = bessel_i0(beta);
    for (size_t i = 0; i < n; i++) {
        double r = n > 1 ? 2.0 * (double)i / (double)(n - 1) - 1.0 : 0.0;
        double a = 1.0 - r * r;
        w[i] = bessel_i0(beta * sqrt(a > 0 ? a : 0)) / den;
    }
}

/* Kaiser windows of at least KAISER_MIN points are kept for the life of
 * the process, KAISER_KEEP lengths at most (then computed per call): a
 * case takes the same 65,536-point window for THD+N, SNR and the HTML
 * report's spectra, and a Bessel function per point costs more than the
 * transform.  dsh_window_prepare (window.h) fills them in a runner's
 * process before it forks its cases. */
#define KAISER_MIN  1024
#define KAISER_KEEP 16
static pthread_mutex_t kaiser_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    size_t n;
    double beta;
    double *w;
} kept[KAISER_KEEP];

/* the kept window of n and beta, computed into it when there is room;
 * NULL when not kept.  Under kaiser_lock. */
static const double *kept_window(size_t n, double beta)
{
    unsigned i = 0;
    while (i < KAISER_KEEP && kept[i].w &&
           !(kept[i].n == n && kept[i].beta == beta))
        i++;
    if (i == KAISER_KEEP)
        return NULL;
    if (!kept[i].w) {
        double *w = malloc(n * sizeof *w);
        if (!w)
            return NULL;
        kaiser(w, n, beta);
        kept[i].n = n;
        kept[i].beta = beta;
        kept[i].w = w;
    }
    return kept[i].w;
}

void dsh_window_kaiser(double *w, size_t n, double beta)
{
    const double *k = NULL;
    if (n >= KAISER_MIN) {
        pthread_mutex_lock(&kaiser_lock);
        if ((k = kept_window(n, beta)))
            memcpy(w, k, n * sizeof *w);
        pthread_mutex_unlock(&kaiser_lock);
    }
    if (!k)
        kaiser(w, n, beta);
}

const double *dsh_window_kaiser_kept(size_t n, double beta)
{
    if (n < KAISER_MIN)
        return NULL;
    pthread_mutex_lock(&kaiser_lock);
    const double *w = kept_window(n, beta);
    pthread_mutex_unlock(&kaiser_lock);
    return w;
}

void dsh_window_kaiser_prepare(size_t n, double beta)
{
    if (n < KAISER_MIN)
        return;
    pthread_mutex_lock(&kaiser_lock);
    kept_window(n, beta);
    pthread_mutex_unlock(&kaiser_lock);
}

void dsh_window_hann(double *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        w[i] = 0.5 - 0.5 * cos(2.0 * M_PI * (double)i / (double)n);
}

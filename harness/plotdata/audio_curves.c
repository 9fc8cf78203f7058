/* SPDX-License-Identifier: BSD-3-Clause */
/* Curves of an output for the HTML report (audio_curves.h). */
#include "audio_curves.h"

#include <fftw3.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audio/fft.h"
#include "audio/window.h"

#define KAISER_BETA 20.0 /* as harness/audio/metrics.c's THD+N */
#define MIN_FFT     1024
#define SPEC_PLANS  7 /* the real-input transforms of 1,024 .. 65,536 */

/* FFTW's planner is not thread-safe: the plans are made under a lock of
 * this file's, before the cases fork (dsh_curve_spectrum_prepare) or at
 * their first use; executing a plan on new arrays is thread-safe */
static pthread_mutex_t spec_lock = PTHREAD_MUTEX_INITIALIZER;
static fftw_plan spec_plans[SPEC_PLANS];

/* The real-to-complex plan of len points (out of place, on arrays of
 * fftw_malloc's alignment); NULL when len has none or out of memory. */
static fftw_plan spectrum_plan(size_t len)
{
    unsigned k = 0;
    while (k < SPEC_PLANS && ((size_t)MIN_FFT << k) != len)
        k++;
    if (k == SPEC_PLANS)
        return NULL;
    pthread_mutex_lock(&spec_lock);
    if (!spec_plans[k]) {
        double *in = fftw_malloc(len * sizeof *in);
        fftw_complex *out = fftw_malloc((len / 2 + 1) * sizeof *out);
        if (in && out)
            spec_plans[k] = fftw_plan_dft_r2c_1d(
                (int)len, in, out, FFTW_ESTIMATE | FFTW_DESTROY_INPUT);
        fftw_free(in);
        fftw_free(out);
    }
    fftw_plan p = spec_plans[k];
    pthread_mutex_unlock(&spec_lock);
    return p;
}

void dsh_curve_spectrum_prepare(void)
{
    for (unsigned k = 0; k < SPEC_PLANS; k++)
        spectrum_plan((size_t)MIN_FFT << k);
}

/* |X[k]|^2 of the windowed x, k = 0 .. len/2, into pw: a real-input
 * transform (half the work of a complex one, on arrays of its own: a
 * forked case writes no page of its parent's); false when out of memory */
static bool power_spectrum(const double *x, const double *w, size_t len,
                           double *pw)
{
    fftw_plan p = spectrum_plan(len);
    if (!p)
        return dsh_fft_power(x, w, len, pw);
    double *in = fftw_malloc(len * sizeof *in);
    fftw_complex *out = fftw_malloc((len / 2 + 1) * sizeof *out);
    bool ok = in && out;
    if (ok) {
        for (size_t i = 0; i < len; i++)
            in[i] = x[i] * w[i];
        fftw_execute_dft_r2c(p, in, out);
        for (size_t k = 0; k <= len / 2; k++)
            pw[k] = out[k][0] * out[k][0] + out[k][1] * out[k][1];
    }
    fftw_free(in);
    fftw_free(out);
    return ok;
}

void dsh_curve_free(dsh_curve *c)
{
    free(c->x);
    free(c->y);
    memset(c, 0, sizeof *c);
}

static bool curve_alloc(dsh_curve *c, size_t n)
{
    c->n = 0;
    c->x = malloc((n ? n : 1) * sizeof *c->x);
    c->y = malloc((n ? n : 1) * sizeof *c->y);
    if (!c->x || !c->y) {
        dsh_curve_free(c);
        return false;
    }
    return true;
}

static void put(dsh_curve *c, double x, double y)
{
    c->x[c->n] = x;
    c->y[c->n] = y;
    c->n++;
}

bool dsh_curve_decimate_log(const double *x, const double *y, size_t n,
                            size_t max_points, bool minmax, dsh_curve *c)
{
    if (!curve_alloc(c, n))
        return false;
    size_t nb = minmax ? max_points / 2 : max_points;
    if (nb < 1)
        nb = 1;
    size_t first = 0;
    while (first < n && !(x[first] > 0))
        first++;
    if (first == n)
        return true;
    double l0 = log(x[first]), l1 = log(x[n - 1]);
    double width = l1 > l0 ? (l1 - l0) / (double)nb : 1.0;
    size_t i = first;
    while (i < n) {
        long b = (long)((log(x[i]) - l0) / width);
        /* the bucket ends below x = exp(l0 + (b + 1) width) */
        double end = exp(l0 + (double)(b + 1) * width);
        size_t lo = SIZE_MAX, hi = SIZE_MAX, j = i, count = 0;
        for (; j < n && (j == i || x[j] < end); j++) {
            if (y[j] != y[j])
                continue;
            count++;
            if (lo == SIZE_MAX || y[j] < y[lo])
                lo = j;
            if (hi == SIZE_MAX || y[j] > y[hi])
                hi = j;
        }
        if (count && minmax && lo != hi) {
            size_t a = lo < hi ? lo : hi, z = lo < hi ? hi : lo;
            put(c, x[a], y[a]);
            put(c, x[z], y[z]);
        } else if (count) {
            put(c, x[hi], y[hi]);
        }
        i = j > i ? j : i + 1;
    }
    return true;
}

bool dsh_curve_spectrum(const double *x, size_t n, unsigned rate,
                        size_t max_fft, size_t max_points, dsh_curve *c,
                        size_t *fft_len, char *err, size_t errsz)
{
    size_t len = dsh_pow2_floor(n);
    if (len > max_fft)
        len = dsh_pow2_floor(max_fft);
    memset(c, 0, sizeof *c);
    if (len < MIN_FFT) {
        snprintf(err, errsz, "a spectrum needs at least %d frames, got %zu",
                 MIN_FFT, n);
        return false;
    }
    /* the kept window (window.h), a kept real-input plan (above): only
     * the transform's arrays, the bins' powers and frequencies are
     * allocated here */
    const double *kw = dsh_window_kaiser_kept(len, KAISER_BETA);
    double *w = kw ? NULL : malloc(len * sizeof *w);
    double *pw = malloc((len / 2 + 1) * sizeof *pw);
    double *f = malloc(len / 2 * sizeof *f);
    bool ok = (kw || w) && pw && f;
    if (ok) {
        if (!kw) {
            dsh_window_kaiser(w, len, KAISER_BETA);
            kw = w;
        }
        double wsum = 0;
        for (size_t i = 0; i < len; i++)
            wsum += kw[i];
        ok = power_spectrum(x, kw, len, pw);
        double bin_hz = (double)rate / (double)len;
        for (size_t k = 1; ok && k <= len / 2; k++)
            f[k - 1] = (double)k * bin_hz;
        /* decimated on the powers (the largest power of a bucket is its
         * largest level), the levels taken of the points kept only */
        ok = ok &&
             dsh_curve_decimate_log(f, pw + 1, len / 2, max_points, false, c);
        /* a sine of amplitude A peaks at |X| = A sum(w) / 2, and reads
         * 20 log10(A) dBFS (AES17: a full-scale sine is 0 dBFS) */
        for (size_t i = 0; ok && i < c->n; i++) {
            double mag = sqrt(c->y[i]) * 2.0 / wsum;
            double db = mag > 0 ? 20.0 * log10(mag) : DSH_CURVE_FLOOR_DBFS;
            c->y[i] = db < DSH_CURVE_FLOOR_DBFS ? DSH_CURVE_FLOOR_DBFS : db;
        }
    }
    free(w);
    free(pw);
    free(f);
    if (!ok)
        snprintf(err, errsz, "spectrum: out of memory");
    *fft_len = len;
    return ok;
}

void dsh_level_curves_free(dsh_level_curves *lc)
{
    free(lc->t_s);
    free(lc->out_dbfs);
    free(lc->ref_dbfs);
    free(lc->diff_dbfs);
    free(lc->diff_lsb);
    memset(lc, 0, sizeof *lc);
}

static double level(long double sumsq, uint64_t n)
{
    if (!n)
        return NAN;
    double ms = (double)(sumsq / (long double)n);
    double db = ms > 0 ? 10.0 * log10(2.0 * ms) : DSH_CURVE_FLOOR_DBFS;
    return db < DSH_CURVE_FLOOR_DBFS ? DSH_CURVE_FLOOR_DBFS : db;
}

bool dsh_level_curves_make(dsh_audio_reader rd, void *user, uint64_t frames,
                           unsigned channels, unsigned rate, dsh_pcm_format fmt,
                           const dsh_audio *ref, size_t max_points,
                           dsh_level_curves *lc, char *err, size_t errsz)
{
    enum { BUF = 4096 };
    int32_t buf[BUF];
    memset(lc, 0, sizeof *lc);
    if (!channels || channels > BUF || !rate || !max_points) {
        snprintf(err, errsz, "levels: bad signal parameters");
        return false;
    }
    uint64_t block = rate / 100;
    uint64_t need = (frames + max_points - 1) / max_points;
    if (block < need)
        block = need;
    if (!block)
        block = 1;
    size_t nb = (size_t)((frames + block - 1) / block);
    bool has_ref = ref && ref->samples;
    lc->block = block;
    lc->t_s = malloc((nb ? nb : 1) * sizeof(double));
    lc->out_dbfs = malloc((nb ? nb : 1) * sizeof(double));
    if (has_ref) {
        lc->ref_dbfs = malloc((nb ? nb : 1) * sizeof(double));
        lc->diff_dbfs = malloc((nb ? nb : 1) * sizeof(double));
        lc->diff_lsb = malloc((nb ? nb : 1) * sizeof(double));
    }
    if (!lc->t_s || !lc->out_dbfs ||
        (has_ref && (!lc->ref_dbfs || !lc->diff_dbfs || !lc->diff_lsb))) {
        dsh_level_curves_free(lc);
        snprintf(err, errsz, "levels: out of memory");
        return false;
    }
    uint64_t common = has_ref ? (ref->frames < frames ? ref->frames : frames)
                              : 0;
    double lsb = (double)(1ull << (32u - (unsigned)fmt));
    uint64_t per = BUF / channels;
    for (size_t b = 0; b < nb; b++) {
        uint64_t f0 = (uint64_t)b * block;
        uint64_t f1 = f0 + block < frames ? f0 + block : frames;
        long double so = 0, sr = 0, sd = 0;
        int64_t dmax = 0;
        uint64_t nref = 0;
        for (uint64_t f = f0; f < f1; f += per) {
            uint64_t k = f1 - f < per ? f1 - f : per;
            if (!rd(user, f, k, buf, err, errsz)) {
                dsh_level_curves_free(lc);
                return false;
            }
            for (size_t i = 0; i < (size_t)k * channels; i++) {
                double v = dsh_q31_to_double(buf[i]);
                so += (long double)v * v;
            }
            if (!has_ref || f >= common)
                continue;
            uint64_t kc = common - f < k ? common - f : k;
            const int32_t *r = ref->samples + (size_t)f * channels;
            for (size_t i = 0; i < (size_t)kc * channels; i++) {
                double rv = dsh_q31_to_double(r[i]);
                double dv = dsh_q31_to_double(buf[i]) - rv;
                sr += (long double)rv * rv;
                sd += (long double)dv * dv;
                int64_t d = (int64_t)dsh_q31_quantize(buf[i], fmt) -
                            (int64_t)dsh_q31_quantize(r[i], fmt);
                if (d < 0)
                    d = -d;
                if (d > dmax)
                    dmax = d;
            }
            nref += kc * channels;
        }
        lc->t_s[b] = (double)f0 / rate;
        lc->out_dbfs[b] = level(so, (f1 - f0) * channels);
        if (has_ref) {
            lc->ref_dbfs[b] = level(sr, nref);
            lc->diff_dbfs[b] = level(sd, nref);
            lc->diff_lsb[b] = nref ? (double)dmax / lsb : NAN;
        }
    }
    lc->n = nb;
    return true;
}

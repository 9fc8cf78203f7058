/* SPDX-License-Identifier: BSD-3-Clause */
/* Frequency response by Welch H1 estimate and mask check
 * (freq_response.h). */
#include "freq_response.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fft.h"
#include "window.h"

bool dsh_freq_response_measure(const double *in, const double *out, size_t n,
                               unsigned rate, size_t segment,
                               dsh_freq_response *fr, char *err, size_t errsz)
{
    memset(fr, 0, sizeof *fr);
    if (!segment)
        segment = 8192;
    while (segment > 256 && segment > n)
        segment /= 2;
    if (segment < 256 || (segment & (segment - 1)) || n < segment) {
        snprintf(err, errsz,
                 "frequency response needs at least 256 frames "
                 "and a power-of-two segment (got %zu frames, segment %zu)",
                 n, segment);
        return false;
    }
    size_t bins = segment / 2 + 1;
    double *w = malloc(segment * sizeof *w);
    double *xr = malloc(segment * sizeof *xr),
           *xi = malloc(segment * sizeof *xi);
    double *yr = malloc(segment * sizeof *yr),
           *yi = malloc(segment * sizeof *yi);
    double *sxx = calloc(bins, sizeof *sxx);
    double *sxy_r = calloc(bins, sizeof *sxy_r),
           *sxy_i = calloc(bins, sizeof *sxy_i);
    fr->mag_db = malloc(bins * sizeof *fr->mag_db);
    bool ok = w && xr && xi && yr && yi && sxx && sxy_r && sxy_i && fr->mag_db;
    if (!ok)
        snprintf(err, errsz, "out of memory");
    if (ok) {
        dsh_window_hann(w, segment);
        for (size_t start = 0; start + segment <= n; start += segment / 2) {
            for (size_t i = 0; i < segment; i++) {
                xr[i] = in[start + i] * w[i];
                yr[i] = out[start + i] * w[i];
                xi[i] = yi[i] = 0;
            }
            dsh_fft(xr, xi, segment);
            dsh_fft(yr, yi, segment);
            for (size_t k = 0; k < bins; k++) {
                sxx[k] += xr[k] * xr[k] + xi[k] * xi[k];
                /* conj(X) * Y */
                sxy_r[k] += xr[k] * yr[k] + xi[k] * yi[k];
                sxy_i[k] += xr[k] * yi[k] - xi[k] * yr[k];
            }
        }
        double max = 0;
        for (size_t k = 0; k < bins; k++)
            if (sxx[k] > max)
                max = sxx[k];
        for (size_t k = 0; k < bins; k++) {
            if (max > 0 && sxx[k] >= max * 1e-6) {
                double h = hypot(sxy_r[k], sxy_i[k]) / sxx[k];
                fr->mag_db[k] = 20.0 * log10(h);
            } else {
                fr->mag_db[k] = NAN;
            }
        }
        fr->bins = bins;
        fr->bin_hz = (double)rate / (double)segment;
        if (!(max > 0)) {
            snprintf(err, errsz, "frequency response: the input is silent");
            ok = false;
        }
    }
    free(w);
    free(xr);
    free(xi);
    free(yr);
    free(yi);
    free(sxx);
    free(sxy_r);
    free(sxy_i);
    if (!ok)
        dsh_freq_response_free(fr);
    return ok;
}

void dsh_freq_response_free(dsh_freq_response *fr)
{
    free(fr->mag_db);
    memset(fr, 0, sizeof *fr);
}

double dsh_freq_response_at(const dsh_freq_response *fr, double f)
{
    double pos = f / fr->bin_hz;
    if (pos < 0 || pos > (double)(fr->bins - 1))
        return NAN;
    size_t k = (size_t)floor(pos);
    if (k + 1 >= fr->bins)
        return fr->mag_db[fr->bins - 1];
    double t = pos - (double)k;
    return fr->mag_db[k] * (1 - t) + fr->mag_db[k + 1] * t;
}

static void limits_at(const dsh_mask_point *p, size_t n, double f, double *lo,
                      double *hi)
{
    size_t i = 0;
    while (i + 2 < n && f > p[i + 1].freq_hz)
        i++;
    if (n == 1 || f <= p[0].freq_hz) {
        *lo = p[0].min_db;
        *hi = p[0].max_db;
        return;
    }
    double t = (log(f) - log(p[i].freq_hz)) /
               (log(p[i + 1].freq_hz) - log(p[i].freq_hz));
    if (t > 1)
        t = 1;
    *lo = p[i].min_db + t * (p[i + 1].min_db - p[i].min_db);
    *hi = p[i].max_db + t * (p[i + 1].max_db - p[i].max_db);
}

bool dsh_mask_check(const dsh_freq_response *fr, const dsh_mask_point *pts,
                    size_t npts, dsh_mask_result *r, char *err, size_t errsz)
{
    memset(r, 0, sizeof *r);
    r->pass = true;
    if (!npts) {
        snprintf(err, errsz, "empty mask");
        return false;
    }
    size_t k_first, k_last;
    if (npts == 1) {
        k_first = k_last = (size_t)llround(pts[0].freq_hz / fr->bin_hz);
    } else {
        k_first = (size_t)ceil(pts[0].freq_hz / fr->bin_hz);
        k_last = (size_t)floor(pts[npts - 1].freq_hz / fr->bin_hz);
    }
    if (k_last >= fr->bins)
        k_last = fr->bins - 1;
    for (size_t k = k_first; k <= k_last; k++) {
        double m = fr->mag_db[k];
        if (isnan(m))
            continue;
        double f = (double)k * fr->bin_hz, lo, hi;
        limits_at(pts, npts, f > 0 ? f : pts[0].freq_hz, &lo, &hi);
        r->checked++;
        double excess = m < lo ? lo - m : m > hi ? m - hi : 0;
        if (excess > r->worst_excess_db || (r->checked == 1 && excess == 0)) {
            if (excess > 0)
                r->pass = false;
            r->worst_excess_db = excess;
            r->worst_freq_hz = f;
            r->worst_mag_db = m;
            r->worst_lo_db = lo;
            r->worst_hi_db = hi;
        }
    }
    if (!r->checked) {
        snprintf(err, errsz,
                 "mask %g..%g Hz: no bin with enough input "
                 "energy to measure",
                 pts[0].freq_hz, pts[npts - 1].freq_hz);
        return false;
    }
    return true;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Audio metrics (metrics.h): levels, gain, THD+N, SNR, dynamic range. */
#include "metrics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "fft.h"
#include "window.h"

#define KAISER_BETA 20.0
#define MIN_FFT     1024

double *dsh_audio_to_double(const dsh_audio *a, unsigned ch, uint64_t skip,
                            size_t *n)
{
    uint64_t frames = a->frames > skip ? a->frames - skip : 0;
    bool all = ch == UINT32_MAX;
    size_t count = (size_t)frames * (all ? a->channels : 1);
    double *x = malloc((count ? count : 1) * sizeof *x);
    if (!x)
        return NULL;
    const int32_t *s = a->samples + skip * a->channels;
    if (all)
        for (size_t i = 0; i < count; i++)
            x[i] = dsh_q31_to_double(s[i]);
    else
        for (size_t i = 0; i < count; i++)
            x[i] = dsh_q31_to_double(s[i * a->channels + ch]);
    *n = count;
    return x;
}

double dsh_rms(const double *x, size_t n)
{
    if (!n)
        return 0;
    long double acc = 0;
    for (size_t i = 0; i < n; i++)
        acc += (long double)x[i] * x[i];
    return sqrt((double)(acc / n));
}

double dsh_mean(const double *x, size_t n)
{
    if (!n)
        return 0;
    long double acc = 0;
    for (size_t i = 0; i < n; i++)
        acc += x[i];
    return (double)(acc / n);
}

double dsh_peak(const double *x, size_t n)
{
    double p = 0;
    for (size_t i = 0; i < n; i++)
        if (fabs(x[i]) > p)
            p = fabs(x[i]);
    return p;
}

double dsh_level_dbfs(double rms)
{
    return 20.0 * log10(rms * M_SQRT2);
}

double dsh_dc_dbfs(double mean)
{
    return 20.0 * log10(fabs(mean));
}

double dsh_gain_db(const double *out, size_t n_out, const double *in,
                   size_t n_in)
{
    return 20.0 * log10(dsh_rms(out, n_out) / dsh_rms(in, n_in));
}

void dsh_thdn_opts_default(dsh_thdn_opts *o)
{
    o->freq_hz = 0;
    o->band_lo_hz = 20;
    o->band_hi_hz = 20000;
    o->notch_bins = 10;
    o->max_fft = 65536;
}

void dsh_metrics_prepare_plans(void)
{
    dsh_thdn_opts o;
    dsh_thdn_opts_default(&o);
    for (size_t len = MIN_FFT; len <= o.max_fft; len *= 2)
        dsh_fft_prepare(len);
}

void dsh_metrics_prepare_windows(void)
{
    dsh_thdn_opts o;
    dsh_thdn_opts_default(&o);
    for (size_t len = MIN_FFT; len <= o.max_fft; len *= 2)
        dsh_window_kaiser_prepare(len, KAISER_BETA);
}

void dsh_metrics_prepare(void)
{
    dsh_metrics_prepare_plans();
    dsh_metrics_prepare_windows();
}

bool dsh_thdn(const double *x, size_t n, unsigned rate, const dsh_thdn_opts *o,
              dsh_thdn_result *r, char *err, size_t errsz)
{
    dsh_thdn_opts def;
    if (!o) {
        dsh_thdn_opts_default(&def);
        o = &def;
    }
    size_t len = dsh_pow2_floor(n);
    if (len > o->max_fft)
        len = dsh_pow2_floor(o->max_fft);
    if (len < MIN_FFT) {
        snprintf(err, errsz, "THD+N needs at least %d frames, got %zu", MIN_FFT,
                 n);
        return false;
    }
    double *re = malloc(len * sizeof *re), *im = calloc(len, sizeof *im);
    double *w = malloc(len * sizeof *w);
    if (!re || !im || !w) {
        free(re);
        free(im);
        free(w);
        snprintf(err, errsz, "out of memory");
        return false;
    }
    dsh_window_kaiser(w, len, KAISER_BETA);
    double wsum2 = 0;
    for (size_t i = 0; i < len; i++) {
        re[i] = x[i] * w[i];
        wsum2 += w[i] * w[i];
    }
    dsh_fft(re, im, len);
    size_t half = len / 2;
    /* one-sided mean-square per bin */
    double scale = 2.0 / ((double)len * wsum2);
    for (size_t k = 0; k <= half; k++)
        re[k] = (re[k] * re[k] + im[k] * im[k]) * scale;
    double bin_hz = (double)rate / (double)len;
    double hi = o->band_hi_hz < rate / 2.0 ? o->band_hi_hz : rate / 2.0;
    size_t k_lo = (size_t)ceil(o->band_lo_hz / bin_hz);
    size_t k_hi = (size_t)floor(hi / bin_hz);
    if (k_lo < 1)
        k_lo = 1;
    if (k_hi > half - 1)
        k_hi = half - 1;
    size_t k0 = 0;
    if (o->freq_hz > 0) {
        size_t guess = (size_t)llround(o->freq_hz / bin_hz);
        size_t a = guess > 2 ? guess - 2 : 1, b = guess + 2;
        if (b > half - 1)
            b = half - 1;
        k0 = a;
        for (size_t k = a; k <= b; k++)
            if (re[k] > re[k0])
                k0 = k;
    } else {
        k0 = k_lo;
        for (size_t k = k_lo; k <= k_hi; k++)
            if (re[k] > re[k0])
                k0 = k;
    }
    size_t n_lo = k0 > o->notch_bins ? k0 - o->notch_bins : 0;
    size_t n_hi = k0 + o->notch_bins;
    double fund = 0, noise = 0;
    for (size_t k = n_lo; k <= n_hi && k <= half; k++)
        fund += re[k];
    for (size_t k = k_lo; k <= k_hi; k++)
        if (k < n_lo || k > n_hi)
            noise += re[k];
    free(re);
    free(im);
    free(w);
    if (!(fund > 0)) {
        snprintf(err, errsz, "THD+N: no fundamental (silent signal)");
        return false;
    }
    r->freq_hz = (double)k0 * bin_hz;
    r->fund_power = fund;
    r->noise_power = noise;
    r->thdn_db = 10.0 * log10(noise / fund);
    r->fund_dbfs = 10.0 * log10(fund / 0.5);
    r->noise_dbfs = 10.0 * log10(noise / 0.5);
    r->fft_len = len;
    return true;
}

bool dsh_snr(const double *x, size_t n, unsigned rate, const dsh_thdn_opts *o,
             double *snr_db, char *err, size_t errsz)
{
    dsh_thdn_result r;
    if (!dsh_thdn(x, n, rate, o, &r, err, errsz))
        return false;
    *snr_db = -r.thdn_db;
    return true;
}

bool dsh_dynamic_range(const double *x, size_t n, unsigned rate,
                       const dsh_thdn_opts *o, double *dr_db, char *err,
                       size_t errsz)
{
    dsh_thdn_result r;
    if (!dsh_thdn(x, n, rate, o, &r, err, errsz))
        return false;
    if (fabs(r.fund_dbfs + 60.0) > 3.0) {
        snprintf(err, errsz,
                 "dynamic range (AES17) needs a -60 dBFS tone; "
                 "the fundamental at %.1f Hz is %.1f dBFS",
                 r.freq_hz, r.fund_dbfs);
        return false;
    }
    *dr_db = -r.noise_dbfs;
    return true;
}

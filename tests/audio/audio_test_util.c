/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared helpers of the audio kernel tests (see audio_test_util.h). */
#include "audio_test_util.h"

#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int32_t d_to_q31(double v)
{
    double s = round(v * Q31_SCALE);

    if (s > 2147483647.0)
        return INT32_MAX;
    if (s < -2147483648.0)
        return INT32_MIN;
    return (int32_t)s;
}

double lin_to_db(double x)
{
    x = fabs(x);
    return x > 0.0 ? 20.0 * log10(x) : -400.0;
}

double sine_fit(const double *x, size_t n, size_t stride, double freq,
                double fs, double *resid_rms)
{
    /* Normal equations of [cos sin 1] (3x3), solved by Cramer's rule. */
    double w = 2.0 * M_PI * freq / fs;
    double m[3][3] = { { 0 } }, r[3] = { 0 }, sol[3];

    for (size_t i = 0; i < n; i++) {
        double v[3] = { cos(w * i), sin(w * i), 1.0 };
        double s = x[i * stride];

        for (int a = 0; a < 3; a++) {
            r[a] += v[a] * s;
            for (int b = 0; b < 3; b++)
                m[a][b] += v[a] * v[b];
        }
    }
#define DET3(A)                                                                \
    ((A)[0][0] * ((A)[1][1] * (A)[2][2] - (A)[1][2] * (A)[2][1]) -             \
     (A)[0][1] * ((A)[1][0] * (A)[2][2] - (A)[1][2] * (A)[2][0]) +             \
     (A)[0][2] * ((A)[1][0] * (A)[2][1] - (A)[1][1] * (A)[2][0]))
    double d = DET3(m);
    for (int c = 0; c < 3; c++) {
        double t[3][3];

        memcpy(t, m, sizeof(t));
        for (int a = 0; a < 3; a++)
            t[a][c] = r[a];
        sol[c] = DET3(t) / d;
    }
    if (resid_rms) {
        double e = 0.0;

        for (size_t i = 0; i < n; i++) {
            double f = sol[0] * cos(w * i) + sol[1] * sin(w * i) + sol[2];
            double dlt = x[i * stride] - f;

            e += dlt * dlt;
        }
        *resid_rms = sqrt(e / n);
    }
    return hypot(sol[0], sol[1]);
}

static void fft(double complex *a, size_t n)
{
    for (size_t i = 1, j = 0; i < n; i++) {
        size_t bit = n >> 1;

        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double complex t = a[i];

            a[i] = a[j];
            a[j] = t;
        }
    }
    for (size_t len = 2; len <= n; len <<= 1) {
        double complex wl = cexp(-2.0 * M_PI * I / len);

        for (size_t i = 0; i < n; i += len) {
            double complex w = 1.0;

            for (size_t k = 0; k < len / 2; k++) {
                double complex u = a[i + k], v = a[i + k + len / 2] * w;

                a[i + k] = u + v;
                a[i + k + len / 2] = u - v;
                w *= wl;
            }
        }
    }
}

static double bessel_i0(double x)
{
    double sum = 1.0, term = 1.0;

    for (int k = 1; k < 200; k++) {
        term *= (x / (2.0 * k)) * (x / (2.0 * k));
        sum += term;
        if (term < 1e-22 * sum)
            break;
    }
    return sum;
}

/* Windowed power spectrum; returns N, fills *pw (caller frees). */
static size_t power_spectrum(const double *x, size_t n, size_t stride,
                             double **pw)
{
    size_t N = 1;
    double complex *a;
    double beta = 20.0, i0b = bessel_i0(beta);

    while (N * 2 <= n && N < 65536)
        N *= 2;
    a = malloc(N * sizeof(*a));
    *pw = malloc((N / 2 + 1) * sizeof(double));
    for (size_t i = 0; i < N; i++) {
        double r = (2.0 * i - (N - 1)) / (N - 1);
        double w = bessel_i0(beta * sqrt(fmax(0.0, 1.0 - r * r))) / i0b;

        a[i] = x[i * stride] * w;
    }
    fft(a, N);
    for (size_t k = 0; k <= N / 2; k++)
        (*pw)[k] = creal(a[k]) * creal(a[k]) + cimag(a[k]) * cimag(a[k]);
    free(a);
    return N;
}

static void split_power(const double *x, size_t n, size_t stride, double freq,
                        double fs, double notch_hz, double max_hz, double *fund,
                        double *rest, size_t *N_out, double *wsum)
{
    double *pw;
    size_t N = power_spectrum(x, n, stride, &pw);
    double bin = fs / N, nb = fmax(12.0, notch_hz / bin);

    *fund = 0.0;
    *rest = 0.0;
    for (size_t k = 0; k <= N / 2; k++) {
        double f = k * bin;

        if (f < 20.0 || (max_hz > 0.0 && f > max_hz))
            continue;
        if (fabs(k - freq / bin) <= nb)
            *fund += pw[k];
        else
            *rest += pw[k];
    }
    free(pw);
    *N_out = N;
    if (wsum) {
        double beta = 20.0, i0b = bessel_i0(beta), s = 0.0;

        for (size_t i = 0; i < N; i++) {
            double r = (2.0 * i - (N - 1)) / (N - 1);
            double w = bessel_i0(beta * sqrt(fmax(0.0, 1.0 - r * r))) / i0b;

            s += w * w;
        }
        *wsum = s;
    }
}

double thd_n_db(const double *x, size_t n, size_t stride, double freq,
                double fs, double max_hz)
{
    double fund, rest;
    size_t N;

    split_power(x, n, stride, freq, fs, 0.0, max_hz, &fund, &rest, &N, NULL);
    return 10.0 * log10(fmax(rest, 1e-300) / fund);
}

double residual_dbfs(const double *x, size_t n, size_t stride, double freq,
                     double fs)
{
    double fund, rest, wsum;
    size_t N;

    split_power(x, n, stride, freq, fs, 0.0, 0.0, &fund, &rest, &N, &wsum);
    /* One-sided bins: sum |X|^2 = (N * sum w^2) * mean power / 2 ... the
	 * mean power of the signal equals 2 * sum / (N * sum w^2) over the
	 * half spectrum; a full-scale sine has mean power 1/2. */
    return 10.0 * log10(fmax(2.0 * rest / (N * wsum), 1e-300) / 0.5);
}

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = v;
    p[1] = v >> 8;
    p[2] = v >> 16;
    p[3] = v >> 24;
}

static uint32_t get32(const unsigned char *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

int wav_write_s32(const char *path, const int32_t *x, size_t frames,
                  unsigned int channels, unsigned int rate)
{
    unsigned char h[44];
    uint32_t bytes = frames * channels * 4;
    FILE *f = fopen(path, "wb");

    if (!f)
        return -1;
    memcpy(h, "RIFF", 4);
    put32(h + 4, 36 + bytes);
    memcpy(h + 8, "WAVEfmt ", 8);
    put32(h + 16, 16);
    put32(h + 20, 1 | channels << 16); /* PCM, channels */
    put32(h + 24, rate);
    put32(h + 28, rate * channels * 4);
    put32(h + 32, (channels * 4) | 32u << 16); /* block align, bits */
    memcpy(h + 36, "data", 4);
    put32(h + 40, bytes);
    fwrite(h, 1, 44, f);
    for (size_t i = 0; i < frames * channels; i++) {
        unsigned char b[4];

        put32(b, (uint32_t)x[i]);
        fwrite(b, 1, 4, f);
    }
    return fclose(f) ? -1 : 0;
}

long wav_read_s32(const char *path, int32_t **x, unsigned int *channels,
                  unsigned int *rate)
{
    FILE *f = fopen(path, "rb");
    unsigned char h[12], ch[8], fmt[40];
    unsigned int bits = 0;
    long frames = -1;

    if (!f)
        return -1;
    if (fread(h, 1, 12, f) != 12 || memcmp(h, "RIFF", 4) ||
        memcmp(h + 8, "WAVE", 4))
        goto out;
    while (fread(ch, 1, 8, f) == 8) {
        uint32_t len = get32(ch + 4);

        if (!memcmp(ch, "fmt ", 4)) {
            if (len > sizeof(fmt) || fread(fmt, 1, len, f) != len)
                goto out;
            *channels = fmt[2] | fmt[3] << 8;
            *rate = get32(fmt + 4);
            bits = fmt[14] | fmt[15] << 8;
        } else if (!memcmp(ch, "data", 4)) {
            size_t n;
            unsigned char *raw;

            if (bits != 32 || !*channels)
                goto out;
            raw = malloc(len);
            n = fread(raw, 1, len, f);
            frames = n / (4 * *channels);
            *x = malloc((size_t)frames * *channels * 4 + 4);
            for (long i = 0; i < frames * (long)*channels; i++)
                (*x)[i] = (int32_t)get32(raw + 4 * i);
            free(raw);
            break;
        } else {
            fseek(f, len + (len & 1), SEEK_CUR);
        }
    }
out:
    fclose(f);
    return frames;
}

int run_sox(const char *args)
{
    char cmd[4096];

    snprintf(cmd, sizeof(cmd), "sox -D -q %s", args);
    return system(cmd);
}

void tmp_path(char *buf, size_t len, const char *tag)
{
    const char *dir = getenv("TMPDIR");

    snprintf(buf, len, "%s/dspsim_audio_%s.%ld.wav", dir ? dir : "/tmp", tag,
             (long)getpid());
}

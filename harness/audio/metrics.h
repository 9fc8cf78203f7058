/* SPDX-License-Identifier: BSD-3-Clause */
/* Audio metrics computed by the harness (methods in docs/harness.md).
 *
 * Signals are arrays of doubles in full-scale units (Q1.31 / 2^31, so
 * [-1, 1)).  Levels in dBFS follow AES17: 0 dBFS is the RMS level of a
 * full-scale sine (RMS 1/sqrt(2)), so level_dbfs = 20 log10(rms * sqrt 2).
 * DC offsets in dBFS are relative to full-scale DC (1.0):
 * 20 log10(|mean|).  Functions returning bool report problems (signal too
 * short, no fundamental) in err and return false.
 */
#ifndef DSH_METRICS_H
#define DSH_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wav_io.h"

/* Channel ch of a, from frame `skip`, as doubles (malloc'd; *n frames).
 * ch == UINT32_MAX takes every channel, interleaved (pooled). */
double *dsh_audio_to_double(const dsh_audio *a, unsigned ch, uint64_t skip,
                            size_t *n);

double dsh_rms(const double *x, size_t n);  /* sqrt(mean(x^2)) */
double dsh_mean(const double *x, size_t n); /* DC offset */
double dsh_peak(const double *x, size_t n); /* max |x| */
double dsh_level_dbfs(double rms);          /* 20 log10(rms*sqrt2) */
double dsh_dc_dbfs(double mean);            /* 20 log10(|mean|) */
/* 20 log10(rms(out) / rms(in)); -inf for silent out, +inf for silent in. */
double dsh_gain_db(const double *out, size_t n_out, const double *in,
                   size_t n_in);

/* THD+N by a Kaiser-windowed DFT with the fundamental notched out. */
typedef struct dsh_thdn_opts {
    double freq_hz;      /* fundamental; 0 = strongest bin in band [0] */
    double band_lo_hz;   /* measurement band [20] */
    double band_hi_hz;   /* [20000, clamped to rate/2] */
    unsigned notch_bins; /* bins removed each side of the peak [10] */
    size_t max_fft;      /* longest transform [65536] */
} dsh_thdn_opts;

void dsh_thdn_opts_default(dsh_thdn_opts *o);

/* Plans the transforms and computes the windows THD+N, SNR and dynamic
 * range take with the default max_fft (every power of two from 1024 to
 * 65,536 points: fft.h, window.h) and keeps them for the life of the
 * process: a runner calls it once before it forks its cases, which then
 * only run the transforms (about 30 ms of CPU here, against 10-20 ms in
 * every case that measures a spectrum). */
void dsh_metrics_prepare(void);
/* Its two halves, for two threads: the transforms' plans (FFTW's
 * planner: not beside another thread planning) and the windows. */
void dsh_metrics_prepare_plans(void);
void dsh_metrics_prepare_windows(void);

typedef struct dsh_thdn_result {
    double freq_hz;     /* fundamental bin frequency used */
    double fund_power;  /* mean-square of the fundamental */
    double noise_power; /* mean-square of the rest, in band */
    double thdn_db;     /* 10 log10(noise / fund) */
    double fund_dbfs;   /* level of the fundamental */
    double noise_dbfs;  /* level of noise + distortion */
    size_t fft_len;
} dsh_thdn_result;

bool dsh_thdn(const double *x, size_t n, unsigned rate, const dsh_thdn_opts *o,
              dsh_thdn_result *r, char *err, size_t errsz);
/* Signal to noise-and-distortion: fundamental over the rest, dB
 * (= -thdn_db). */
bool dsh_snr(const double *x, size_t n, unsigned rate, const dsh_thdn_opts *o,
             double *snr_db, char *err, size_t errsz);
/* AES17 dynamic range: x must carry a -60 dBFS tone (+-3 dB); the result
 * is -(noise + distortion level in dBFS), i.e. THD+N relative to full
 * scale, negated. */
bool dsh_dynamic_range(const double *x, size_t n, unsigned rate,
                       const dsh_thdn_opts *o, double *dr_db, char *err,
                       size_t errsz);

#endif

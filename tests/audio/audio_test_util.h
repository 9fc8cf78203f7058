/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Shared helpers of the audio kernel tests: double-precision analysis
 * (least-squares sine fit, Kaiser-windowed FFT THD+N), WAV I/O and running
 * sox.  Everything here is an independent reference: it does not use the
 * firmware's kernels or tables.
 */
#ifndef AUDIO_TEST_UTIL_H
#define AUDIO_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

#define Q31_SCALE 2147483648.0

static inline double q31_to_d(int32_t x)
{
    return x / Q31_SCALE;
}
int32_t d_to_q31(double v); /* rounded, saturated */
double lin_to_db(double x); /* 20*log10(|x|), -400 for 0 */

/*
 * Least-squares fit of a*cos(w n) + b*sin(w n) + c to x[0..n-1] (stride
 * `stride`), w = 2*pi*freq/fs.  Returns the amplitude sqrt(a^2+b^2); the
 * RMS of the residual goes to *resid_rms if non-NULL.
 */
double sine_fit(const double *x, size_t n, size_t stride, double freq,
                double fs, double *resid_rms);

/*
 * THD+N in dB of x (n samples, stride) around the tone at freq: Kaiser
 * (beta 20) window, FFT of the largest power of two <= n (max 65536),
 * fundamental bins within +-notch_hz (at least 12 bins) removed, bins
 * below 20 Hz ignored, bins above max_hz (if > 0) ignored.
 * Returns 10*log10(rest / fundamental).
 */
double thd_n_db(const double *x, size_t n, size_t stride, double freq,
                double fs, double max_hz);

/* Power in dB of everything except the +-12 bins around freq, relative to
 * full scale (a full-scale sine = 0 dB); bins below 20 Hz ignored. */
double residual_dbfs(const double *x, size_t n, size_t stride, double freq,
                     double fs);

/* Write/read interleaved S32_LE WAV files.  read returns frames or -1. */
int wav_write_s32(const char *path, const int32_t *x, size_t frames,
                  unsigned int channels, unsigned int rate);
long wav_read_s32(const char *path, int32_t **x, unsigned int *channels,
                  unsigned int *rate);

/* Run a sox command line (appended to "sox -D -q "); returns exit status. */
int run_sox(const char *args);
/* A temporary path unique to this process: dir/tag.pid.wav */
void tmp_path(char *buf, size_t len, const char *tag);

#endif

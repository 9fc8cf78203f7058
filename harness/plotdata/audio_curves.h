/* SPDX-License-Identifier: BSD-3-Clause */
/* The curves the HTML report plots for an output (docs/harness.md "HTML
 * report"), computed from the signals with harness/audio and decimated so
 * that a plot holds at most a few thousand points whatever the run's
 * length.  Levels in dBFS as the metrics take them (AES17: a full-scale
 * sine is 0 dBFS); silence reads DSH_CURVE_FLOOR_DBFS; a value that does
 * not exist (a block past the reference's end) is NAN. */
#ifndef DSH_AUDIO_CURVES_H
#define DSH_AUDIO_CURVES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "audio/pcm_format.h"
#include "audio/wav_io.h"

#define DSH_CURVE_FLOOR_DBFS (-200.0)

typedef struct dsh_curve {
    size_t n;
    double *x, *y;
} dsh_curve;

void dsh_curve_free(dsh_curve *c);

/* (x[i], y[i]), x increasing and > 0, onto at most max_points points on a
 * log-x axis: buckets of equal width in log x; a bucket with one point
 * keeps it, one with more keeps its largest y (minmax: its smallest and
 * largest, in x order, so the envelope stays).  NAN ys are skipped.
 * false when out of memory. */
bool dsh_curve_decimate_log(const double *x, const double *y, size_t n,
                            size_t max_points, bool minmax, dsh_curve *c);

/* The magnitude spectrum of x (n frames of one channel) the way THD+N
 * measures it (harness/audio/metrics.c): the first min(pow2_floor(n),
 * max_fft) frames under a Kaiser window of beta 20, transformed; each
 * bin in dBFS normalised so that a sine's peak bin reads the sine's level
 * (20 log10(2 |X| / sum(w)): a full-scale sine on a bin peaks at 0
 * dBFS; between two bins a few tenths of a dB lower).  Bins 1 .. len/2, decimated by
 * dsh_curve_decimate_log (largest of each bucket: peaks stay).
 * *fft_len: the transform's length.  false (err) under 1024 frames. */
bool dsh_curve_spectrum(const double *x, size_t n, unsigned rate,
                        size_t max_fft, size_t max_points, dsh_curve *c,
                        size_t *fft_len, char *err, size_t errsz);
/* Makes the real-input plans dsh_curve_spectrum keeps (1,024 .. 65,536
 * points; made at their first use otherwise): `dspsim test --html`
 * before it forks the cases, so that each inherits them (about 10 ms). */
void dsh_curve_spectrum_prepare(void);

/* Level and difference over time in blocks of `block` frames
 * (max(rate / 100, ceil(frames / max_points)): 10 ms or longer). */
typedef struct dsh_level_curves {
    size_t n;          /* blocks */
    uint64_t block;    /* frames a block */
    double *t_s;       /* the block's start, s */
    double *out_dbfs;  /* RMS level of the output over every channel */
    double *ref_dbfs;  /* the reference's; NULL without a reference */
    double *diff_dbfs; /* RMS level of output - reference; NULL without */
    double *diff_lsb;  /* max |output - reference| with both rounded to
                          the output's format, in its LSB; NULL without */
} dsh_level_curves;

/* The output (frames frames of `channels` at `rate`, read with rd, which
 * is asked for at most 4096 / channels frames a call) and, when ref is
 * not NULL (same rate and channels), the reference over the common
 * length.  false (err) when a read fails or memory runs out. */
bool dsh_level_curves_make(dsh_audio_reader rd, void *user, uint64_t frames,
                           unsigned channels, unsigned rate, dsh_pcm_format fmt,
                           const dsh_audio *ref, size_t max_points,
                           dsh_level_curves *lc, char *err, size_t errsz);
void dsh_level_curves_free(dsh_level_curves *lc);

#endif

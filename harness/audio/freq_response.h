/* SPDX-License-Identifier: BSD-3-Clause */
/* Frequency response of a system from its input and output signals,
 * and a check against a mask.
 *
 * Method: Welch-averaged H1 estimate H(f) = Sxy(f) / Sxx(f) with a
 * periodic Hann window of `segment` frames and 50 % overlap; |H| in dB at
 * each FFT bin.  Bins where the input has less than 1e-6 (-60 dB) of its
 * strongest bin's power are not measured.  Suitable inputs: white noise,
 * a log sweep or a multitone longer than a few segments.  Input and
 * output must have the same rate; a delay much shorter than the segment
 * only adds a small bias. */
#ifndef DSH_FREQ_RESPONSE_H
#define DSH_FREQ_RESPONSE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct dsh_mask_point {
    double freq_hz, min_db, max_db;
} dsh_mask_point;

typedef struct dsh_freq_response {
    size_t bins; /* segment / 2 + 1 */
    double bin_hz;
    double *mag_db; /* per bin; NAN where not measured */
} dsh_freq_response;

/* segment: power of two >= 256 (0 = 8192, shortened to fit n). */
bool dsh_freq_response_measure(const double *in, const double *out, size_t n,
                               unsigned rate, size_t segment,
                               dsh_freq_response *fr, char *err, size_t errsz);
void dsh_freq_response_free(dsh_freq_response *fr);
/* |H| at f (linear interpolation between bins); NAN if not measured. */
double dsh_freq_response_at(const dsh_freq_response *fr, double f);

typedef struct dsh_mask_result {
    bool pass;
    size_t checked;         /* bins inside the mask's frequency range */
    double worst_excess_db; /* largest violation (0 if pass) */
    double worst_freq_hz;
    double worst_mag_db;
    double worst_lo_db, worst_hi_db; /* the limits there */
} dsh_mask_result;

/* Checks every measured bin from the first to the last mask frequency;
 * the limits between points are interpolated linearly against log f.
 * A single point checks the bin nearest its frequency.  False (err) if no
 * bin could be checked. */
bool dsh_mask_check(const dsh_freq_response *fr, const dsh_mask_point *pts,
                    size_t npts, dsh_mask_result *r, char *err, size_t errsz);

#endif

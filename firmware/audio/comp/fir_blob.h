/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * FIR EQ coefficient blob, version 1 (little-endian, byte-packed; parsed
 * with explicit byte reads, so any alignment works):
 *
 *   off  size        field
 *   0    4           magic "EQFR" (bytes 'E' 'Q' 'F' 'R')
 *   4    2           version = FIR_BLOB_VERSION (1)
 *   6    2           num_sets, 1..AUDIO_MAX_CHANNELS: 1 = one response for
 *                    every channel, else one per channel (must then equal
 *                    the stream's channels)
 *   8    2           taps per set, 1..FIR_MAX_TAPS (256)
 *   10   2           int16 shift, FIR_SHIFT_MIN..FIR_SHIFT_MAX (-15..8):
 *                    output = sum(h * x) * 2^shift (see dsp/fir.h)
 *   12   2*taps*n    int16 Q1.15 coefficients, set-major (set 0 h[0..taps-1],
 *                    set 1 ...), h[0] applies to the newest sample
 *   total exactly 12 + 2 * taps * num_sets bytes (anything else rejected).
 */
#ifndef AUDIO_FIR_BLOB_H
#define AUDIO_FIR_BLOB_H

#include <stddef.h>
#include <stdint.h>

#define FIR_BLOB_VERSION   1
#define FIR_BLOB_HDR_BYTES 12

struct fir_blob_info {
    unsigned int num_sets;
    unsigned int taps;
    int shift;
};

/* Validate the header and size; 0 or AUD_E_BLOB. */
int fir_blob_check(struct fir_blob_info *info, const void *blob, size_t bytes);
/* Copy the coefficients of a checked blob into coef (num_sets * taps). */
void fir_blob_coefs(int16_t *coef_q1_15, const void *blob,
                    const struct fir_blob_info *info);

#endif /* AUDIO_FIR_BLOB_H */

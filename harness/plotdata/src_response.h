/* SPDX-License-Identifier: BSD-3-Clause */
/* The magnitude response of a sample-rate conversion as the firmware's SRC
 * runs it (firmware/audio/dsp/src.h; docs/components.md "SRC"), for the
 * HTML report's passband and stopband plots (docs/harness.md "HTML
 * report").
 *
 * The conversion is planned with the firmware's src_plan_q and every
 * stage's prototype filter is rebuilt from the very coefficients the
 * kernel multiplies (src_conv_table or src_conv_hq_table: the stored
 * phases and their mirrors, centre taps Q1.15, tail taps Q1.17, with the
 * quality=high residuals), then evaluated on a linear frequency axis from
 * 0 to max(rate_in, rate_out) / 2 as the level (dB re unity gain: the
 * prototype's gain L divided out) that a tone at that frequency keeps
 * through the chain: stages are taken from the high-rate end to the
 * low-rate end, each at the frequency on its high-rate side, which is
 * then folded into the band of its low-rate side (an alias for a
 * decimator, the baseband of an image for an interpolator).  So the
 * curve reads as the passband (up to 0.45 F, F = min(rate_in,
 * rate_out)) and the stopband (from 0.5 F: what aliases into the output
 * of a down-conversion, the images an up-conversion leaves). */
#ifndef DSH_SRC_RESPONSE_H
#define DSH_SRC_RESPONSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct dsh_src_response {
    size_t n;             /* points */
    double *freq_hz;      /* 0 .. max rate / 2, equally spaced */
    double *mag_db;       /* level of a tone through the chain, dB */
    unsigned stages;      /* of the chain */
    double pass_hz;       /* 0.45 F */
    double stop_hz;       /* 0.5 F */
    double ripple_min_db; /* lowest level over 0 .. pass_hz */
    double ripple_max_db; /* highest level over 0 .. pass_hz */
    double stopband_db;   /* highest level from stop_hz on */
} dsh_src_response;

/* The response of rate_in -> rate_out (Hz, rates src_rate_supported,
 * different) at quality (enum src_quality) on `points` (>= 16) points.
 * false (err) for a conversion the firmware does not plan, or out of
 * memory. */
bool dsh_src_response_make(uint32_t rate_in, uint32_t rate_out,
                           unsigned quality, size_t points, dsh_src_response *r,
                           char *err, size_t errsz);
void dsh_src_response_free(dsh_src_response *r);

#endif

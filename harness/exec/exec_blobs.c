/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: EQ coefficient blobs for the firmware's eq_iir ("EQIR",
 * firmware/audio/dsp/iir.h) and eq_fir ("EQFR", comp/fir_blob.h)
 * components, from the case's biquad list and tap list.
 *
 * Biquads are designed with the well-known "Audio EQ Cookbook" (RBJ)
 * formulas, normalised by a0, in Q2.30.  A stage whose response exceeds
 * 0 dB anywhere (boosts, resonant low/high-pass) gets its b coefficients
 * scaled by 2^-k and shift = -k, so the stage's internal value stays in
 * [-1, 1) as the kernel requires; k is the smallest that also keeps every
 * b inside [-2, 2).  FIR taps become Q1.15 with shift = the smallest s >= 0
 * so that every |tap| / 2^s < 1; an odd tap count gets one zero tap
 * appended (the blob must be a multiple of 4 bytes; a trailing zero tap
 * does not change the response). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "exec/exec_internal.h"

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
    put16(p, v);
    put16(p + 2, v >> 16);
}

static int32_t q2_30(double x)
{
    double v = round(x * 1073741824.0);
    if (v > 2147483647.0)
        v = 2147483647.0;
    if (v < -2147483648.0)
        v = -2147483648.0;
    return (int32_t)v;
}

/* Normalised coefficients b0 b1 b2 a1 a2 of one biquad. */
static void design(const dsh_biquad *q, double rate, double c[5])
{
    double w0 = 2 * M_PI * q->freq_hz / rate, cs = cos(w0), sn = sin(w0);
    double alpha = sn / (2 * q->q), A = pow(10, q->gain_db / 40);
    double sa = 2 * sqrt(A) * alpha;
    double b0, b1, b2, a0, a1, a2;
    switch (q->type) {
    case DSH_BQ_LOWPASS:
        b0 = b2 = (1 - cs) / 2; b1 = 1 - cs;
        a0 = 1 + alpha; a1 = -2 * cs; a2 = 1 - alpha;
        break;
    case DSH_BQ_HIGHPASS:
        b0 = b2 = (1 + cs) / 2; b1 = -(1 + cs);
        a0 = 1 + alpha; a1 = -2 * cs; a2 = 1 - alpha;
        break;
    case DSH_BQ_BANDPASS:
        b0 = alpha; b1 = 0; b2 = -alpha;
        a0 = 1 + alpha; a1 = -2 * cs; a2 = 1 - alpha;
        break;
    case DSH_BQ_NOTCH:
        b0 = b2 = 1; b1 = -2 * cs;
        a0 = 1 + alpha; a1 = -2 * cs; a2 = 1 - alpha;
        break;
    case DSH_BQ_PEAKING:
        b0 = 1 + alpha * A; b1 = -2 * cs; b2 = 1 - alpha * A;
        a0 = 1 + alpha / A; a1 = -2 * cs; a2 = 1 - alpha / A;
        break;
    case DSH_BQ_LOWSHELF:
        b0 = A * ((A + 1) - (A - 1) * cs + sa);
        b1 = 2 * A * ((A - 1) - (A + 1) * cs);
        b2 = A * ((A + 1) - (A - 1) * cs - sa);
        a0 = (A + 1) + (A - 1) * cs + sa;
        a1 = -2 * ((A - 1) + (A + 1) * cs);
        a2 = (A + 1) + (A - 1) * cs - sa;
        break;
    case DSH_BQ_HIGHSHELF:
    default:
        b0 = A * ((A + 1) + (A - 1) * cs + sa);
        b1 = -2 * A * ((A - 1) + (A + 1) * cs);
        b2 = A * ((A + 1) + (A - 1) * cs - sa);
        a0 = (A + 1) - (A - 1) * cs + sa;
        a1 = 2 * ((A - 1) - (A + 1) * cs);
        a2 = (A + 1) - (A - 1) * cs - sa;
        break;
    }
    c[0] = b0 / a0; c[1] = b1 / a0; c[2] = b2 / a0;
    c[3] = a1 / a0; c[4] = a2 / a0;
}

/* Largest |H(e^jw)| on a grid of 1024 frequencies. */
static double peak_gain(const double c[5])
{
    double peak = 0;
    for (unsigned i = 0; i <= 1024; i++) {
        double w = M_PI * i / 1024;
        double nr = c[0] + c[1] * cos(w) + c[2] * cos(2 * w);
        double ni = -c[1] * sin(w) - c[2] * sin(2 * w);
        double dr = 1 + c[3] * cos(w) + c[4] * cos(2 * w);
        double di = -c[3] * sin(w) - c[4] * sin(2 * w);
        double g = sqrt((nr * nr + ni * ni) / (dr * dr + di * di));
        if (g > peak)
            peak = g;
    }
    return peak;
}

size_t xp_iir_blob(const dsh_comp_params *p, unsigned rate, uint8_t *out)
{
    memcpy(out, "EQIR", 4);
    put16(out + 4, 1);
    put16(out + 6, p->n_biquads);
    for (unsigned s = 0; s < p->n_biquads; s++) {
        double c[5];
        design(&p->biquads[s], rate, c);
        double peak = peak_gain(c);
        double bmax = fmax(fabs(c[0]), fmax(fabs(c[1]), fabs(c[2])));
        int k = 0;
        while (k < 8 && (peak * ldexp(1, -k) > 1.0 + 1e-9 ||
                         bmax * ldexp(1, -k) >= 2.0))
            k++;
        uint8_t *st = out + 8 + 24 * s;
        for (unsigned i = 0; i < 3; i++)
            put32(st + 4 * i, (uint32_t)q2_30(c[i] * ldexp(1, -k)));
        put32(st + 12, (uint32_t)q2_30(c[3]));
        put32(st + 16, (uint32_t)q2_30(c[4]));
        put32(st + 20, (uint32_t)-k);
    }
    return 8 + 24u * p->n_biquads;
}

size_t xp_fir_blob(const dsh_comp_params *p, uint8_t *out)
{
    double mx = 0;
    for (unsigned i = 0; i < p->n_taps; i++)
        if (fabs(p->taps[i]) > mx)
            mx = fabs(p->taps[i]);
    int s = 0;
    while (s < 8 && mx * ldexp(1, -s) >= 32767.0 / 32768.0 + 1e-12)
        s++;
    unsigned taps = p->n_taps + (p->n_taps & 1u);
    memcpy(out, "EQFR", 4);
    put16(out + 4, 1);
    put16(out + 6, 1);
    put16(out + 8, taps);
    put16(out + 10, (uint32_t)s);
    for (unsigned i = 0; i < taps; i++) {
        double v = i < p->n_taps ? round(p->taps[i] * ldexp(1, -s) * 32768.0)
                                 : 0;
        if (v > 32767)
            v = 32767;
        if (v < -32768)
            v = -32768;
        put16(out + 12 + 2 * i, (uint32_t)(int32_t)v);
    }
    return 12 + 2u * taps;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: EQ coefficient blobs for the firmware's eq_iir ("EQIR",
 * firmware/audio/dsp/iir.h) and eq_fir ("EQFR", comp/fir_blob.h)
 * components, from the case's biquad list and tap list.
 *
 * Biquads are designed with the well-known "Audio EQ Cookbook" (RBJ)
 * formulas, normalised by a0, in Q2.30.  Headroom follows the worst-case
 * gain for any input, the L1 norm of the impulse response (not the peak
 * sine gain: a +12 dB peaking filter with Q 2 turns a full-scale square
 * into more than 4 FS, its sine gain, by ringing): stage i's b
 * coefficients are scaled by 2^-k_i, the smallest k_i such that the
 * cascade up to stage i, times 2^-(k_1 + ... + k_i), has an L1 norm <= 1
 * (so no stage's internal value can leave [-1, 1) for any input in
 * [-1, 1)) and every b stays inside [-2, 2).  The intermediate stages keep
 * that scale (shift 0); the last one restores it (shift -(k_1 + ... +
 * k_n)) and saturates, so the EQ clips once, at its output, like a
 * floating-point filter followed by a clip.  FIR taps become Q1.15 with the block exponent
 * (the blob's shift, -15..8) that makes the largest tap use all 16 bits
 * (fir_shift below: taps of 0.1 are stored as 0.8 with shift -3, so
 * their quantisation error is 8 times smaller than in plain Q1.15; taps
 * above 1 get a positive shift; taps exact with a larger shift keep it); an odd tap count gets one zero tap
 * appended (the blob must be a multiple of 4 bytes; a trailing zero tap
 * does not change the response). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "exec/exec_internal.h"

/* The kernel's most negative stage shift (firmware/audio/dsp/iir.h
 * IIR_SHIFT_MIN): 2^8 of headroom at most. */
#define IIR_SHIFT_MIN_HOST (-8)

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
        b0 = b2 = (1 - cs) / 2;
        b1 = 1 - cs;
        a0 = 1 + alpha;
        a1 = -2 * cs;
        a2 = 1 - alpha;
        break;
    case DSH_BQ_HIGHPASS:
        b0 = b2 = (1 + cs) / 2;
        b1 = -(1 + cs);
        a0 = 1 + alpha;
        a1 = -2 * cs;
        a2 = 1 - alpha;
        break;
    case DSH_BQ_BANDPASS:
        b0 = alpha;
        b1 = 0;
        b2 = -alpha;
        a0 = 1 + alpha;
        a1 = -2 * cs;
        a2 = 1 - alpha;
        break;
    case DSH_BQ_NOTCH:
        b0 = b2 = 1;
        b1 = -2 * cs;
        a0 = 1 + alpha;
        a1 = -2 * cs;
        a2 = 1 - alpha;
        break;
    case DSH_BQ_PEAKING:
        b0 = 1 + alpha * A;
        b1 = -2 * cs;
        b2 = 1 - alpha * A;
        a0 = 1 + alpha / A;
        a1 = -2 * cs;
        a2 = 1 - alpha / A;
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
    c[0] = b0 / a0;
    c[1] = b1 / a0;
    c[2] = b2 / a0;
    c[3] = a1 / a0;
    c[4] = a2 / a0;
}

/* The L1 norm (sum |h[n]|) of the impulse response of the cascade of
 * the first n biquads c[0..n-1] (double precision, summed until the
 * states have decayed below 1e-13 or 2^22 samples): the largest output
 * magnitude the cascade can give for any input within [-1, 1]. */
static double cascade_l1(double c[][5], unsigned n)
{
    double s1[DSH_EQ_IIR_MAX_BIQUADS] = { 0 },
           s2[DSH_EQ_IIR_MAX_BIQUADS] = { 0 };
    double l1 = 0;
    for (unsigned long k = 0; k < (1ul << 22); k++) {
        double x = k == 0 ? 1.0 : 0.0, st = 0;
        for (unsigned i = 0; i < n; i++) {
            double y = c[i][0] * x + s1[i];
            s1[i] = c[i][1] * x - c[i][3] * y + s2[i];
            s2[i] = c[i][2] * x - c[i][4] * y;
            st = fmax(st, fmax(fabs(s1[i]), fabs(s2[i])));
            x = y;
        }
        l1 += fabs(x);
        if (k > 16 && st < 1e-13)
            break;
    }
    return l1;
}

size_t xp_iir_blob(const dsh_comp_params *p, unsigned rate, uint8_t *out)
{
    double c[DSH_EQ_IIR_MAX_BIQUADS][5];
    memcpy(out, "EQIR", 4);
    put16(out + 4, 1);
    put16(out + 6, p->n_biquads);
    /* e: the exponent the signal between stages carries (its values are
     * the true ones times 2^-e); every stage but the last keeps it (shift
     * 0), the last one gives it back with shift -e, saturating once */
    int e = 0;
    for (unsigned s = 0; s < p->n_biquads; s++) {
        design(&p->biquads[s], rate, c[s]);
        double l1 = cascade_l1(c, s + 1);
        double bmax = fmax(fabs(c[s][0]), fmax(fabs(c[s][1]), fabs(c[s][2])));
        int k = 0; /* this stage's b scaled by 2^-k */
        while (k < 8 && (l1 * ldexp(1, -(e + k)) > 1.0 + 1e-9 ||
                         bmax * ldexp(1, -k) >= 2.0))
            k++;
        if (e + k > -IIR_SHIFT_MIN_HOST)
            k = -IIR_SHIFT_MIN_HOST - e;
        e += k;
        bool last = s + 1 == p->n_biquads;
        uint8_t *st = out + 8 + 24 * s;
        for (unsigned i = 0; i < 3; i++)
            put32(st + 4 * i, (uint32_t)q2_30(c[s][i] * ldexp(1, -k)));
        put32(st + 12, (uint32_t)q2_30(c[s][3]));
        put32(st + 16, (uint32_t)q2_30(c[s][4]));
        put32(st + 20, (uint32_t)(last ? -e : 0));
    }
    return 8 + 24u * p->n_biquads;
}

/* Tap t as Q1.15 of the blob with shift s: round(t / 2^s * 2^15), or
 * 40000 (out of range) when it does not fit int16. */
static double fir_q(double t, int s)
{
    double v = round(t * ldexp(1, -s) * 32768.0);
    return v > 32767 || v < -32768 ? 40000 : v;
}

/* The largest error of the taps quantised with shift s (in tap units),
 * or HUGE_VAL when one does not fit. */
static double fir_err(const double *t, unsigned n, int s)
{
    double e = 0;
    for (unsigned i = 0; i < n; i++) {
        double v = fir_q(t[i], s);
        if (v == 40000)
            return HUGE_VAL;
        e = fmax(e, fabs(v * ldexp(1, s) / 32768.0 - t[i]));
    }
    return e;
}

/* The FIR blob's shift (block exponent, -15..8): the quantised taps as
 * close to the given ones as the kernel allows, i.e. the smallest error
 * over every shift (normally the one that makes the largest tap use all
 * 16 bits; taps of 0.1 are stored as 0.8 with shift -3, 8 times more
 * precise than plain Q1.15), and among shifts with that error the largest
 * (taps of 1/32 stay 1024 with shift 0: exact already, and smaller taps
 * need fewer accumulation blocks, dsp/fir.h). */
static int fir_shift(const double *t, unsigned n)
{
    double best = HUGE_VAL;
    int s = 8;
    for (int k = -15; k <= 8; k++)
        best = fmin(best, fir_err(t, n, k));
    for (int k = 8; k >= -15; k--)
        if (fir_err(t, n, k) <= best) {
            s = k;
            break;
        }
    return s;
}

size_t xp_fir_blob(const dsh_comp_params *p, uint8_t *out)
{
    int s = fir_shift(p->taps, p->n_taps);
    unsigned taps = p->n_taps + (p->n_taps & 1u);
    memcpy(out, "EQFR", 4);
    put16(out + 4, 1);
    put16(out + 6, 1);
    put16(out + 8, taps);
    put16(out + 10, (uint32_t)s);
    for (unsigned i = 0; i < taps; i++) {
        double v = i < p->n_taps ? fir_q(p->taps[i], s) : 0;
        put16(out + 12 + 2 * i, (uint32_t)(int32_t)v);
    }
    return 12 + 2u * taps;
}

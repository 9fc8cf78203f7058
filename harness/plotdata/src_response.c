/* SPDX-License-Identifier: BSD-3-Clause */
/* The response of a sample-rate conversion from the firmware's SRC tables
 * (src_response.h). */
#include "src_response.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src.h"

void dsh_src_response_free(dsh_src_response *r)
{
    free(r->freq_hz);
    free(r->mag_db);
    memset(r, 0, sizeof *r);
}

/* Tap k of phase p (0 .. l-1) of a stage as a real number: the stored
 * phases 0 .. (l+1)/2 - 1, a phase p above them phase l-1-p reversed;
 * [edge, taps - edge) Q1.15, the edge taps at each end Q1.17; quality=high
 * words hold the int16 tap in their low half and its residual (int8, in
 * 2^-SRC_RES_BITS of its LSB) in their high half. */
static double tap(const struct src_conv *cv, unsigned quality, unsigned p,
                  unsigned k)
{
    if (p >= (cv->l + 1u) / 2u) {
        p = cv->l - 1u - p;
        k = cv->taps - 1u - k;
    }
    size_t i = (size_t)p * cv->taps + k;
    double v;
    if (quality == SRC_QUALITY_HIGH) {
        uint32_t w = (uint32_t)cv->coef_hq[i];
        int16_t t = (int16_t)(uint16_t)(w & 0xffffu);
        int8_t res = (int8_t)(uint8_t)((w >> 16) & 0xffu);
        v = (double)t + (double)res / (double)(1u << SRC_RES_BITS);
    } else {
        v = (double)cv->coef_q15[i];
    }
    bool tail = k < cv->edge || k >= (unsigned)(cv->taps - cv->edge);
    return v / (double)(1u << (SRC_CENTRE_BITS + (tail ? SRC_TAIL_BITS : 0)));
}

/* |H(f[q])| / l, q = 0..3, of the stage's prototype h (len taps at rate
 * fs): h is symmetric (h[j] = h[len-1-j], the mirrored phases), so H is
 * e^{-i w c} sum h[j] cos(w (j - c)) with c = (len - 1) / 2: half the
 * terms paired, each cosine from the two before it (cos((d-1) w) =
 * 2 cos w cos(d w) - cos((d+1) w)), taken anew every 256 terms; four
 * frequencies at once, whose recurrences run side by side. */
static void stage_gain4(const double *h, size_t len, unsigned l, double fs,
                        const double f[4], double g[4])
{
    double c = (double)(len - 1) / 2.0, w[4], two_cos[4], acc[4] = { 0 };
    double cur[4] = { 0 }, prev[4] = { 0 }; /* cos(w d), cos(w (d + 1)) */
    for (int q = 0; q < 4; q++) {
        w[q] = 2.0 * M_PI * f[q] / fs;
        two_cos[q] = 2.0 * cos(w[q]);
    }
    for (size_t j = 0; j < len / 2; j++) {
        double d = c - (double)j;
        for (int q = 0; q < 4; q++) {
            if ((j & 255u) == 0) {
                cur[q] = cos(w[q] * d);
                prev[q] = cos(w[q] * (d + 1.0));
            } else {
                double next = two_cos[q] * cur[q] - prev[q];
                prev[q] = cur[q];
                cur[q] = next;
            }
            acc[q] += 2.0 * h[j] * cur[q];
        }
    }
    for (int q = 0; q < 4; q++) {
        if (len & 1u)
            acc[q] += h[len / 2];
        g[q] = fabs(acc[q]) / (double)l;
    }
}

/* f folded into 0 .. fs / 2 */
static double fold(double f, double fs)
{
    f = fmod(f, fs);
    return f > fs / 2 ? fs - f : f;
}

static bool compute(uint32_t rate_in, uint32_t rate_out, unsigned quality,
                    size_t points, dsh_src_response *r, char *err, size_t errsz)
{
    memset(r, 0, sizeof *r);
    struct src_chain ch;
    if (points < 16 || src_plan_q(&ch, rate_in, rate_out, quality)) {
        snprintf(err, errsz, "no SRC from %u to %u Hz (quality %u)",
                 (unsigned)rate_in, (unsigned)rate_out, quality);
        return false;
    }
    double *h[SRC_MAX_STAGES] = { 0 };
    r->freq_hz = malloc(points * sizeof *r->freq_hz);
    r->mag_db = malloc(points * sizeof *r->mag_db);
    bool ok = r->freq_hz && r->mag_db;
    for (unsigned s = 0; ok && s < ch.n; s++) {
        const struct src_conv *cv = ch.conv[s];
        size_t len = (size_t)cv->l * cv->taps;
        ok = (h[s] = malloc(len * sizeof *h[s])) != NULL;
        for (unsigned p = 0; ok && p < cv->l; p++)
            for (unsigned k = 0; k < cv->taps; k++)
                h[s][p + (size_t)k * cv->l] = tap(cv, quality, p, k);
    }
    if (!ok) {
        for (unsigned s = 0; s < ch.n; s++)
            free(h[s]);
        dsh_src_response_free(r);
        snprintf(err, errsz, "SRC response: out of memory");
        return false;
    }
    double top = (rate_in > rate_out ? rate_in : rate_out) / 2.0;
    double fmin = rate_in < rate_out ? rate_in : rate_out;
    bool down = rate_out < rate_in;
    r->n = points;
    r->stages = ch.n;
    r->pass_hz = 0.45 * fmin;
    r->stop_hz = 0.5 * fmin;
    for (size_t i = 0; i < points; i++) {
        r->freq_hz[i] = top * (double)i / (double)(points - 1);
        r->mag_db[i] = 1.0; /* the gain, then its level */
    }
    /* from the high-rate end: the input of a down-conversion (stage 0
     * first), the output of an up-conversion (the last first); four
     * points at a time */
    for (size_t i = 0; i < points; i += 4) {
        double f[4], g[4];
        for (int q = 0; q < 4; q++)
            f[q] = r->freq_hz[i + (size_t)q < points ? i + (size_t)q : i];
        for (unsigned k = 0; k < ch.n; k++) {
            unsigned s = down ? k : ch.n - 1u - k;
            double hi = ch.rate[s] > ch.rate[s + 1] ? ch.rate[s]
                                                    : ch.rate[s + 1];
            double lo = ch.rate[s] > ch.rate[s + 1] ? ch.rate[s + 1]
                                                    : ch.rate[s];
            const struct src_conv *cv = ch.conv[s];
            for (int q = 0; q < 4; q++)
                f[q] = fold(f[q], hi);
            stage_gain4(h[s], (size_t)cv->l * cv->taps, cv->l,
                        (double)cv->l * ch.rate[s], f, g);
            for (int q = 0; q < 4 && i + (size_t)q < points; q++) {
                r->mag_db[i + (size_t)q] *= g[q];
                f[q] = fold(f[q], lo);
            }
        }
    }
    bool first_pass = true, first_stop = true;
    for (size_t i = 0; i < points; i++) {
        double gn = r->mag_db[i];
        double m = r->mag_db[i] = gn > 1e-12 ? 20.0 * log10(gn) : -240.0;
        double fr = r->freq_hz[i];
        if (fr <= r->pass_hz) {
            if (first_pass || m < r->ripple_min_db)
                r->ripple_min_db = m;
            if (first_pass || m > r->ripple_max_db)
                r->ripple_max_db = m;
            first_pass = false;
        }
        if (fr >= r->stop_hz && (first_stop || m > r->stopband_db)) {
            r->stopband_db = m;
            first_stop = false;
        }
    }
    for (unsigned s = 0; s < ch.n; s++)
        free(h[s]);
    return true;
}

/* The responses made so far in this process, by their arguments: a test
 * suite's worker runs many cases with the same conversions, each a few
 * milliseconds to compute (a copy is handed out). */
#define KEPT 8
static struct kept_response {
    uint32_t rate_in, rate_out;
    unsigned quality;
    dsh_src_response r;
} kept[KEPT];
static unsigned nkept;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

static bool copy_response(const dsh_src_response *from, dsh_src_response *to)
{
    *to = *from;
    to->freq_hz = malloc(from->n * sizeof *to->freq_hz);
    to->mag_db = malloc(from->n * sizeof *to->mag_db);
    if (!to->freq_hz || !to->mag_db) {
        dsh_src_response_free(to);
        return false;
    }
    memcpy(to->freq_hz, from->freq_hz, from->n * sizeof *to->freq_hz);
    memcpy(to->mag_db, from->mag_db, from->n * sizeof *to->mag_db);
    return true;
}

bool dsh_src_response_make(uint32_t rate_in, uint32_t rate_out,
                           unsigned quality, size_t points, dsh_src_response *r,
                           char *err, size_t errsz)
{
    pthread_mutex_lock(&kept_lock);
    for (unsigned i = 0; i < nkept; i++) {
        const struct kept_response *k = &kept[i];
        if (k->rate_in == rate_in && k->rate_out == rate_out &&
            k->quality == quality && k->r.n == points) {
            bool ok = copy_response(&k->r, r);
            pthread_mutex_unlock(&kept_lock);
            if (!ok)
                snprintf(err, errsz, "SRC response: out of memory");
            return ok;
        }
    }
    pthread_mutex_unlock(&kept_lock);
    if (!compute(rate_in, rate_out, quality, points, r, err, errsz))
        return false;
    pthread_mutex_lock(&kept_lock);
    if (nkept < KEPT && copy_response(r, &kept[nkept].r)) {
        kept[nkept].rate_in = rate_in;
        kept[nkept].rate_out = rate_out;
        kept[nkept].quality = quality;
        nkept++;
    }
    pthread_mutex_unlock(&kept_lock);
    return true;
}

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
#include "textout/cache_file.h"

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

/* ---- responses kept in the user's cache (textout/cache_file.h) ----
 * One file a response, named by a hash of all it is made from (the
 * rates, the quality, the points and every stage's prototype taps: a
 * change of the firmware's tables is another file): a header, then the
 * frequencies and the levels as this host's doubles.  A SRC case of a
 * suite costs its worker a few ms of CPU to evaluate (400 points by
 * thousands of taps, in every worker that meets the conversion).  The
 * magic's number changes with the way a response is worked out. */
#define KEPT_MAGIC "DSRESP1"

typedef struct kept_head {
    char magic[8];
    uint64_t key, n;
    uint32_t stages, size_of_double;
    double pass_hz, stop_hz, ripple_min_db, ripple_max_db, stopband_db;
} kept_head;

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

static uint64_t response_key(const struct src_chain *ch, double *const *h,
                             uint32_t rate_in, uint32_t rate_out,
                             unsigned quality, size_t points)
{
    uint64_t k = 0xcbf29ce484222325ull;
    uint64_t head[5] = { rate_in, rate_out, quality, points, ch->n };
    k = fnv(k, head, sizeof head);
    for (unsigned s = 0; s < ch->n; s++) {
        const struct src_conv *cv = ch->conv[s];
        uint64_t st[3] = { cv->l, cv->taps, ch->rate[s] };
        k = fnv(k, st, sizeof st);
        k = fnv(k, h[s], (size_t)cv->l * cv->taps * sizeof **h);
    }
    return k;
}

static void kept_name(uint64_t key, char *out, size_t n)
{
    snprintf(out, n, "src-response/%016llx", (unsigned long long)key);
}

/* r (its arrays allocated, n points) from the cache; false when not
 * there whole */
static bool read_kept(uint64_t key, size_t n, dsh_src_response *r)
{
    char name[64], path[4096];
    kept_name(key, name, sizeof name);
    if (!dsh_cache_path(name, path, sizeof path))
        return false;
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    kept_head hd;
    bool ok = fread(&hd, sizeof hd, 1, f) == 1 &&
              !memcmp(hd.magic, KEPT_MAGIC, sizeof hd.magic) && hd.key == key &&
              hd.n == n && hd.size_of_double == sizeof(double) &&
              fread(r->freq_hz, sizeof *r->freq_hz, n, f) == n &&
              fread(r->mag_db, sizeof *r->mag_db, n, f) == n && fgetc(f) == EOF;
    fclose(f);
    if (!ok)
        return false;
    r->n = n;
    r->stages = hd.stages;
    r->pass_hz = hd.pass_hz;
    r->stop_hz = hd.stop_hz;
    r->ripple_min_db = hd.ripple_min_db;
    r->ripple_max_db = hd.ripple_max_db;
    r->stopband_db = hd.stopband_db;
    return true;
}

static void write_kept(uint64_t key, const dsh_src_response *r)
{
    kept_head hd = { .key = key,
                     .n = r->n,
                     .stages = r->stages,
                     .size_of_double = sizeof(double),
                     .pass_hz = r->pass_hz,
                     .stop_hz = r->stop_hz,
                     .ripple_min_db = r->ripple_min_db,
                     .ripple_max_db = r->ripple_max_db,
                     .stopband_db = r->stopband_db };
    memcpy(hd.magic, KEPT_MAGIC, sizeof hd.magic);
    size_t len = sizeof hd + 2 * r->n * sizeof(double);
    uint8_t *b = malloc(len);
    if (!b)
        return;
    memcpy(b, &hd, sizeof hd);
    memcpy(b + sizeof hd, r->freq_hz, r->n * sizeof(double));
    memcpy(b + sizeof hd + r->n * sizeof(double), r->mag_db,
           r->n * sizeof(double));
    char name[64];
    kept_name(key, name, sizeof name);
    dsh_cache_write(name, b, len);
    free(b);
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
    /* made by an earlier run from the same coefficients: read */
    uint64_t key = response_key(&ch, h, rate_in, rate_out, quality, points);
    if (read_kept(key, points, r)) {
        for (unsigned s = 0; s < ch.n; s++)
            free(h[s]);
        return true;
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
    write_kept(key, r);
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

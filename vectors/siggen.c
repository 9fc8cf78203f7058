/* SPDX-License-Identifier: BSD-3-Clause */
/* dsh-siggen: deterministic test-signal generator.
 *
 *   dsh-siggen MANIFEST OUTDIR
 *
 * Writes one WAV per manifest line into OUTDIR (format in
 * signals.manifest and docs/harness.md).  The output bytes depend only on
 * the manifest: no dither, no clock, a fixed pseudo-random generator
 * (xorshift64*, Box-Muller) seeded per file and channel.  Exit status 0,
 * or 2 with "MANIFEST:LINE: problem" on bad input. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audio/wav_io.h"

typedef enum { K_SINE, K_SWEEP, K_NOISE, K_SILENCE, K_IMPULSE } kind;

typedef struct spec {
    char name[256];
    kind kind;
    unsigned rate, channels, bits;
    double ms;
    double freq, f0, f1, level;
    uint64_t seed, at;
    bool has_freq, has_f0, has_f1;
} spec;

static const char *manifest;
static unsigned lineno;

static int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%u: ", manifest, lineno);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

static bool number(const char *s, double *out)
{
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    return *s && !*end && !errno && isfinite(*out);
}

static bool unsigned_num(const char *s, unsigned long long max,
                         unsigned long long *out)
{
    char *end;
    errno = 0;
    if (*s < '0' || *s > '9')
        return false;
    *out = strtoull(s, &end, 10);
    return !*end && !errno && *out <= max;
}

static int parse_line(char *line, spec *sp)
{
    memset(sp, 0, sizeof *sp);
    sp->level = -1;
    char *tok[32];
    int n = 0;
    for (char *t = strtok(line, " \t\r\n"); t && n < 32;
         t = strtok(NULL, " \t\r\n"))
        tok[n++] = t;
    if (n < 6)
        return fail("expected NAME KIND RATE CHANNELS BITS MS [KEY=VALUE]");
    if (strlen(tok[0]) >= sizeof sp->name || strchr(tok[0], '/'))
        return fail("bad file name '%s'", tok[0]);
    strcpy(sp->name, tok[0]);
    static const char *const kinds[] = { "sine", "sweep", "noise", "silence",
                                         "impulse" };
    int k = -1;
    for (int i = 0; i < 5; i++)
        if (!strcmp(tok[1], kinds[i]))
            k = i;
    if (k < 0)
        return fail("unknown kind '%s' (sine, sweep, noise, silence, "
                    "impulse)",
                    tok[1]);
    sp->kind = (kind)k;
    unsigned long long v;
    if (!unsigned_num(tok[2], 384000, &v) || v < 1000)
        return fail("bad rate '%s' (1000..384000 Hz)", tok[2]);
    sp->rate = (unsigned)v;
    if (!unsigned_num(tok[3], 8, &v) || v < 1)
        return fail("bad channel count '%s' (1..8)", tok[3]);
    sp->channels = (unsigned)v;
    if (!unsigned_num(tok[4], 32, &v) || (v != 16 && v != 24 && v != 32))
        return fail("bad bits '%s' (16, 24 or 32)", tok[4]);
    sp->bits = (unsigned)v;
    if (!number(tok[5], &sp->ms) || sp->ms <= 0 || sp->ms > 600000)
        return fail("bad length '%s' ms (0 < ms <= 600000)", tok[5]);
    for (int i = 6; i < n; i++) {
        char *eq = strchr(tok[i], '=');
        if (!eq)
            return fail("expected KEY=VALUE, got '%s'", tok[i]);
        *eq = 0;
        const char *key = tok[i], *val = eq + 1;
        double d;
        if (!strcmp(key, "seed") || !strcmp(key, "at")) {
            if (!unsigned_num(val, UINT64_MAX, &v))
                return fail("%s: '%s' is not a non-negative integer", key, val);
            if (key[0] == 's')
                sp->seed = v;
            else
                sp->at = v;
            continue;
        }
        if (!number(val, &d))
            return fail("%s: '%s' is not a number", key, val);
        if (!strcmp(key, "freq")) {
            sp->freq = d;
            sp->has_freq = true;
        } else if (!strcmp(key, "f0")) {
            sp->f0 = d;
            sp->has_f0 = true;
        } else if (!strcmp(key, "f1")) {
            sp->f1 = d;
            sp->has_f1 = true;
        } else if (!strcmp(key, "level")) {
            if (d > 0)
                return fail("level %g dBFS is above full scale", d);
            sp->level = d;
        } else {
            return fail("unknown key '%s'", key);
        }
    }
    double nyq = sp->rate / 2.0;
    if (sp->kind == K_SINE &&
        (!sp->has_freq || sp->freq <= 0 || sp->freq >= nyq))
        return fail("sine needs freq=HZ between 0 and %g", nyq);
    if (sp->kind == K_SWEEP && (!sp->has_f0 || !sp->has_f1 || sp->f0 <= 0 ||
                                sp->f1 <= sp->f0 || sp->f1 >= nyq))
        return fail("sweep needs 0 < f0 < f1 < %g", nyq);
    return 0;
}

static uint64_t rng_state;
static double uniform01(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ull) >> 11) *
           (1.0 / 9007199254740992.0);
}

static void generate(const spec *sp, int32_t *s, uint64_t frames)
{
    double amp = pow(10.0, sp->level / 20.0);
    unsigned ch = sp->channels;
    switch (sp->kind) {
    case K_SINE:
        for (uint64_t i = 0; i < frames; i++) {
            double ph = fmod((double)i * sp->freq, (double)sp->rate);
            int32_t v = dsh_q31_from_double(amp *
                                            sin(2.0 * M_PI * ph / sp->rate));
            for (unsigned c = 0; c < ch; c++)
                s[i * ch + c] = v;
        }
        break;
    case K_SWEEP: {
        double T = (double)frames / sp->rate, L = log(sp->f1 / sp->f0);
        for (uint64_t i = 0; i < frames; i++) {
            double t = (double)i / sp->rate;
            double ph = 2.0 * M_PI * sp->f0 * T / L * (exp(t * L / T) - 1.0);
            int32_t v = dsh_q31_from_double(amp * sin(ph));
            for (unsigned c = 0; c < ch; c++)
                s[i * ch + c] = v;
        }
        break;
    }
    case K_NOISE: {
        /* RMS level in dBFS (sine-referenced): rms = amp / sqrt 2 */
        double sigma = amp / M_SQRT2;
        for (unsigned c = 0; c < ch; c++) {
            rng_state = (sp->seed + 1) * 0x9E3779B97F4A7C15ull + c + 1;
            for (uint64_t i = 0; i < frames; i++) {
                double u = uniform01(), w = uniform01();
                if (u < 1e-300)
                    u = 1e-300;
                double g = sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * w);
                s[i * ch + c] = dsh_q31_from_double(sigma * g);
            }
        }
        break;
    }
    case K_SILENCE:
        break;
    case K_IMPULSE:
        if (sp->at < frames)
            for (unsigned c = 0; c < ch; c++)
                s[sp->at * ch + c] = dsh_q31_from_double(amp);
        break;
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: dsh-siggen MANIFEST OUTDIR\n");
        return 2;
    }
    manifest = argv[1];
    const char *outdir = argv[2];
    FILE *f = fopen(manifest, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open: %s\n", manifest, strerror(errno));
        return 2;
    }
    if (mkdir(outdir, 0777) && errno != EEXIST) {
        fprintf(stderr, "%s: cannot create: %s\n", outdir, strerror(errno));
        fclose(f);
        return 2;
    }
    char line[1024];
    int rc = 0;
    unsigned count = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        if (strspn(line, " \t\r\n") == strlen(line))
            continue;
        spec sp;
        if ((rc = parse_line(line, &sp)))
            break;
        uint64_t frames = (uint64_t)llround(sp.ms * sp.rate / 1000.0);
        if (sp.kind == K_IMPULSE && sp.at >= frames) {
            rc = fail("impulse at=%llu is past the end (%llu frames)",
                      (unsigned long long)sp.at, (unsigned long long)frames);
            break;
        }
        int32_t *s = calloc((size_t)frames * sp.channels, sizeof *s);
        if (!s) {
            rc = fail("out of memory");
            break;
        }
        generate(&sp, s, frames);
        char path[2048], err[512];
        snprintf(path, sizeof path, "%s/%s", outdir, sp.name);
        if (!dsh_audio_write_wav(path, s, frames, sp.channels, sp.rate,
                                 (dsh_pcm_format)sp.bits, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            rc = 1;
        }
        free(s);
        count++;
    }
    fclose(f);
    if (!rc && !count) {
        fprintf(stderr, "%s: no signals listed\n", manifest);
        rc = 2;
    }
    return rc;
}

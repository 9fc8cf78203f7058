/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SRC: every pair of the twelve rates (132 conversions, src_plan chains),
 * measured with double-precision analysis of the fixed-point output:
 *   gain of a 1 kHz tone (least-squares fit)          within +-0.1 dB
 *   passband ripple, tone sweep to 0.45 * min(fs)      within +-0.1 dB
 *   THD+N of 1 kHz at -1 dBFS (Kaiser-windowed FFT,
 *   fundamental notched out, 20 Hz .. fs_out / 2)      <= -80 dB
 *   aliasing (down: tones above fs_out / 2) and
 *   imaging (up: everything but the tone)              <= -60 dB
 * and against `sox rate -v` on the same 1 kHz WAV (same analysis): the
 * same level within 0.1 dB, both THD+N <= -80 dB.  Plus: the plans
 * (stages, rates, refusals), streaming in odd block sizes with a small
 * output limit equals one-shot processing, 3 channels equal each channel
 * alone, the group delay (a tone in and out line up within one sample).
 *
 * Usage: test_src runs the plan, streaming, channel and delay tests;
 * test_src FIRST COUNT the quality figures of pairs FIRST ..
 * FIRST+COUNT-1 of the 132 (CTest runs the matrix in parts,
 * test_src_pairs_*).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "audio_test_util.h"
#include "src.h"

static const unsigned int rates[12] = {
    8000,  11025, 16000, 22050, 24000,  32000,
    44100, 48000, 88200, 96000, 176400, 192000,
};
#define NPAIRS 132
static unsigned int first_pair = 0, num_pairs = NPAIRS;

static void pair(unsigned int i, unsigned int *in, unsigned int *out)
{
    unsigned int a = i / 11, b = i % 11;

    *in = rates[a];
    *out = rates[b >= a ? b + 1 : b];
}

#define BLOCK 4096u

/* Converts frames of `ch` channels one-shot (blocks of BLOCK input
 * frames, unlimited output); returns the output frames (malloc'd). */
static int32_t *run_chain(unsigned int rin, unsigned int rout, unsigned int ch,
                          const int32_t *in, size_t frames, size_t *made_out)
{
    struct src_chain c;
    size_t cap = (size_t)((double)frames * rout / rin) + 64, made = 0;
    int32_t *out = malloc(cap * ch * 4), *mem;
    size_t pos = 0;

    assert_int_equal(src_plan(&c, rin, rout), 0);
    mem = malloc(src_chain_words(&c, ch, BLOCK) * 4);
    assert_int_equal(src_chain_init(&c, ch, BLOCK, mem), 0);
    while (pos < frames) {
        size_t blk = frames - pos < BLOCK ? frames - pos : BLOCK, u, m;

        src_chain_process(&c, out + made * ch, cap - made, in + pos * ch, blk,
                          &u, &m);
        assert_true(u > 0);
        pos += u;
        made += m;
    }
    free(mem);
    *made_out = made;
    return out;
}

/* Converts `frames` of a mono tone and returns the output as doubles with
 * the settling (twice the group delay and 64 samples) dropped. */
static double *convert_tone(unsigned int rin, unsigned int rout, double freq,
                            double db, size_t frames, size_t *n_out)
{
    int32_t *in = malloc(frames * 4), *out;
    double a = pow(10, db / 20), *x;
    struct src_chain c;
    size_t made, skip;

    assert_int_equal(src_plan(&c, rin, rout), 0);
    skip = (size_t)(2.0 * src_chain_delay_s(&c) * rout) + 64;
    for (size_t i = 0; i < frames; i++)
        in[i] = d_to_q31(a * sin(2 * M_PI * freq * i / rin));
    out = run_chain(rin, rout, 1, in, frames, &made);
    assert_true(made > skip + 256);
    *n_out = made - skip;
    x = malloc(*n_out * sizeof(double));
    for (size_t i = 0; i < *n_out; i++)
        x[i] = q31_to_d(out[i + skip]);
    free(in);
    free(out);
    return x;
}

struct figures {
    double gain, ripple_lo, ripple_hi, thdn, alias;
};

static void measure(unsigned int rin, unsigned int rout, struct figures *f)
{
    double flo = fmin(rin, rout), *x;
    size_t n;

    /* gain and THD+N: 1 kHz at -1 dBFS, 1 s */
    x = convert_tone(rin, rout, 1000.0, -1.0, rin, &n);
    f->gain = lin_to_db(sine_fit(x, n, 1, 1000.0, rout, NULL)) + 1.0;
    f->thdn = thd_n_db(x, n, 1, 1000.0, rout, 0);
    free(x);
    /* passband sweep: 40 Hz .. 0.45 fmin, 0.2 s each */
    f->ripple_lo = 1e9;
    f->ripple_hi = -1e9;
    for (int k = 0; k <= 16; k++) {
        double fr = 40.0 * pow(0.45 * flo / 40.0, k / 16.0), g;

        x = convert_tone(rin, rout, fr, -3.0, rin / 5 + 2048, &n);
        g = lin_to_db(sine_fit(x, n, 1, fr, rout, NULL)) + 3.0 - f->gain;
        f->ripple_lo = fmin(f->ripple_lo, g);
        f->ripple_hi = fmax(f->ripple_hi, g);
        free(x);
    }
    /* aliasing / imaging */
    f->alias = -1e9;
    for (int k = 0; k < 6; k++) {
        double fr, lvl;

        if (rout < rin) {
            /* above the new Nyquist: all output is alias */
            double e = 0;

            fr = rout / 2.0 + 50.0 + k * (rin / 2.0 - rout / 2.0 - 100.0) / 5.0;
            x = convert_tone(rin, rout, fr, -1.0, rin / 5 + 2048, &n);
            for (size_t i = 0; i < n; i++)
                e += x[i] * x[i];
            lvl = 10 * log10(fmax(e / n, 1e-30) / (0.5 * pow(10, -0.1)));
        } else {
            /* in the input band: images are everything but the tone */
            fr = 100.0 + k * (0.45 * rin - 100.0) / 5.0;
            x = convert_tone(rin, rout, fr, -1.0, rin / 2 + 2048, &n);
            lvl = thd_n_db(x, n, 1, fr, rout, 0);
        }
        f->alias = fmax(f->alias, lvl);
        free(x);
    }
}

static void sox_figures(unsigned int rin, unsigned int rout, double *gain,
                        double *thdn)
{
    size_t F = rin;
    int32_t *in = malloc(F * 4), *sx = NULL;
    char pin[256], pout[256], cmd[800];
    unsigned int ch = 0, rate = 0;
    double *x;
    long n;

    for (size_t i = 0; i < F; i++)
        in[i] = d_to_q31(pow(10, -1 / 20.0) * sin(2 * M_PI * 1000.0 * i / rin));
    tmp_path(pin, sizeof(pin), "src_in");
    tmp_path(pout, sizeof(pout), "src_out");
    assert_int_equal(wav_write_s32(pin, in, F, 1, rin), 0);
    snprintf(cmd, sizeof(cmd), "%s -e signed -b 32 %s rate -v %u", pin, pout,
             rout);
    assert_int_equal(run_sox(cmd), 0);
    n = wav_read_s32(pout, &sx, &ch, &rate);
    assert_int_equal(rate, rout);
    assert_true(n > (long)rout / 2);
    x = malloc(n * sizeof(double));
    for (long i = 0; i < n; i++)
        x[i] = q31_to_d(sx[i * ch]);
    /* drop the edges */
    *gain = lin_to_db(sine_fit(x + n / 8, n - n / 4, 1, 1000.0, rout, NULL)) +
            1.0;
    *thdn = thd_n_db(x + n / 8, n - n / 4, 1, 1000.0, rout, 0);
    remove(pin);
    remove(pout);
    free(in);
    free(sx);
    free(x);
}

/* The quality figures of every pair (of this part) and sox's. */
static void test_conversions(void **state)
{
    (void)state;
    for (unsigned int i = first_pair; i < first_pair + num_pairs; i++) {
        unsigned int rin, rout;
        struct src_chain c;
        struct figures f;
        double sg, st;

        pair(i, &rin, &rout);
        assert_int_equal(src_plan(&c, rin, rout), 0);
        measure(rin, rout, &f);
        sox_figures(rin, rout, &sg, &st);
        printf("SRC %6u -> %6u (%u stage%s, %5.1f MMAC/s/ch): gain %+.4f dB, "
               "ripple %+.4f/%+.4f dB, THD+N %.1f dB, %s %.1f dB; "
               "sox rate -v: gain %+.4f dB, THD+N %.1f dB\n",
               rin, rout, c.n, c.n > 1 ? "s" : "",
               src_chain_macs_per_s(&c) / 1e6, f.gain, f.ripple_lo, f.ripple_hi,
               f.thdn, rout < rin ? "alias" : "image", f.alias, sg, st);
        assert_true(fabs(f.gain) <= 0.1);
        assert_true(f.ripple_lo >= -0.1 && f.ripple_hi <= 0.1);
        assert_true(f.thdn <= -80.0);
        assert_true(f.alias <= -60.0);
        assert_true(fabs(f.gain - sg) <= 0.1); /* sox's level */
        assert_true(st <= -80.0);
    }
}

/* Plans: every pair has one, within SRC_MAX_STAGES, rates chaining
 * exactly; same rates and other rates are refused. */
static void test_plans(void **state)
{
    unsigned int most = 0;

    (void)state;
    for (unsigned int i = 0; i < NPAIRS; i++) {
        unsigned int rin, rout;
        struct src_chain c;

        pair(i, &rin, &rout);
        assert_int_equal(src_plan(&c, rin, rout), 0);
        assert_true(c.n >= 1 && c.n <= SRC_MAX_STAGES);
        assert_int_equal(c.rate[0], rin);
        assert_int_equal(c.rate[c.n], rout);
        for (unsigned int s = 0; s < c.n; s++) {
            assert_int_equal((uint64_t)c.rate[s] * c.conv[s]->l,
                             (uint64_t)c.rate[s + 1] * c.conv[s]->m);
            /* the narrowest rate of the chain is never below
			 * min(in, out): nothing of the band is lost */
            assert_true(c.rate[s + 1] >= (rin < rout ? rin : rout));
        }
        most = c.n > most ? c.n : most;
    }
    assert_int_equal(most, SRC_MAX_STAGES);
    {
        struct src_chain c;

        assert_int_equal(src_plan(&c, 48000, 48000), -1);
        assert_int_equal(src_plan(&c, 48000, 12000), -1);
        assert_int_equal(src_plan(&c, 64000, 48000), -1);
        assert_int_equal(src_plan(&c, 0, 48000), -1);
        assert_int_equal(src_plan(&c, 44100, 384000), -1);
        assert_int_equal(src_rate_supported(44100), 1);
        assert_int_equal(src_rate_supported(44101), 0);
        assert_int_equal(src_plan(&c, 48000, 44100), 0);
        assert_int_equal(src_chain_words(&c, 0, 48), 0);
        assert_int_equal(src_chain_words(&c, 9, 48), 0);
        assert_int_equal(src_chain_words(&c, 2, 0), 0);
        assert_int_equal(src_chain_words(&c, 2, SRC_MAX_BLOCK + 1), 0);
        assert_int_equal(src_chain_init(&c, 2, 48, NULL), -1);
    }
}

/* Odd input blocks and an 11-frame output limit give the one-shot
 * output bit for bit; the count is round-trip exact. */
static void streaming_pair(unsigned int rin, unsigned int rout)
{
    enum { F = 3000, CH = 2 };
    static int32_t in[F * CH], b[F * 25 * CH];
    struct src_chain c;
    size_t made, total = 0, pos = 0;
    int32_t *a, *mem;
    uint32_t rng = 3;

    for (int i = 0; i < F * CH; i++) {
        rng = rng * 1664525u + 1013904223u;
        in[i] = (int32_t)rng >> 1;
    }
    a = run_chain(rin, rout, CH, in, F, &made);
    assert_int_equal(src_plan(&c, rin, rout), 0);
    mem = malloc(src_chain_words(&c, CH, 37) * 4);
    assert_int_equal(src_chain_init(&c, CH, 37, mem), 0);
    while (pos < F) {
        size_t blk = pos + 37 <= F ? 37 : F - pos, u, m;

        src_chain_process(&c, b + total * CH, 11, in + pos * CH, blk, &u, &m);
        pos += u;
        total += m;
    }
    for (;;) {
        /* what the output limit held back */
        size_t u, m;

        src_chain_process(&c, b + total * CH, 11, in, 0, &u, &m);
        if (!m)
            break;
        total += m;
    }
    assert_int_equal(total, made);
    assert_memory_equal(a, b, total * CH * 4);
    /* the output count: every output whose input time is inside */
    assert_true(fabs((double)made - (double)F * rout / rin) <= 1.0 + 4.0 * c.n);
    /* reset: the same output again */
    src_chain_reset(&c);
    total = pos = 0;
    while (pos < F) {
        size_t blk = pos + 37 <= F ? 37 : F - pos, u, m;

        src_chain_process(&c, b + total * CH, F * 25 - total, in + pos * CH,
                          blk, &u, &m);
        pos += u;
        total += m;
    }
    assert_int_equal(total, made);
    assert_memory_equal(a, b, total * CH * 4);
    free(a);
    free(mem);
}

static void test_streaming(void **state)
{
    (void)state;
    streaming_pair(44100, 48000); /* one stage */
    streaming_pair(8000, 176400); /* six stages up */
    streaming_pair(176400, 8000); /* six stages down */
    streaming_pair(192000, 22050);
    streaming_pair(11025, 96000);
}

/* 3 channels (a channel pair plus a single one) equal each channel run
 * alone, for every stage (forward, mirrored and odd-channel paths). */
static void test_channels(void **state)
{
    enum { F = 600 };
    static int32_t in[F * 3], mono[F], out3[F * 6 * 3], out1[F * 6];
    uint32_t rng = 7;

    (void)state;
    for (int i = 0; i < F * 3; i++) {
        rng = rng * 1664525u + 1013904223u;
        in[i] = (int32_t)rng;
    }
    for (unsigned int i = 0; i < SRC_NUM_CONV; i++) {
        const struct src_conv *cv = &src_conv_table[i];
        int32_t *d3 = malloc(src_delay_words(cv, 3) * 4);
        int32_t *d1 = malloc(src_delay_words(cv, 1) * 4);
        struct src_state s3, s1;
        size_t u3, m3, u1, m1;

        assert_int_equal(src_init(&s3, cv, 3, d3), 0);
        src_process_q1_31(&s3, out3, F * 6, in, F, &u3, &m3);
        assert_int_equal(u3, F);
        for (int c = 0; c < 3; c++) {
            for (int k = 0; k < F; k++)
                mono[k] = in[k * 3 + c];
            assert_int_equal(src_init(&s1, cv, 1, d1), 0);
            src_process_q1_31(&s1, out1, F * 6, mono, F, &u1, &m1);
            assert_int_equal(m1, m3);
            for (size_t k = 0; k < m1; k++)
                assert_int_equal(out1[k], out3[k * 3 + c]);
        }
        free(d3);
        free(d1);
    }
    assert_int_equal(src_init(&(struct src_state){ 0 }, &src_conv_table[0], 0,
                              (int32_t[1]){ 0 }),
                     -1);
    assert_int_equal(
        src_init(&(struct src_state){ 0 }, NULL, 2, (int32_t[1]){ 0 }), -1);
}

/* The group delay src_chain_delay_s reports: a tone through the chain,
 * the output read delay * fs_out samples late, lines up with the input
 * tone at the output rate within one output sample (phase of the
 * least-squares fit), for every pair. */
static void test_delay(void **state)
{
    (void)state;
    for (unsigned int i = 0; i < NPAIRS; i++) {
        unsigned int rin, rout;
        struct src_chain c;
        double fr, d, *x, a, ph, err;
        size_t n, made, skip;
        int32_t *in, *out;
        size_t frames;

        pair(i, &rin, &rout);
        assert_int_equal(src_plan(&c, rin, rout), 0);
        fr = 0.05 * fmin(rin, rout); /* well inside the band */
        frames = rin / 10 + 4096;
        in = malloc(frames * 4);
        for (size_t k = 0; k < frames; k++)
            in[k] = d_to_q31(0.5 * sin(2 * M_PI * fr * k / rin));
        out = run_chain(rin, rout, 1, in, frames, &made);
        d = src_chain_delay_s(&c) * rout; /* output samples */
        skip = (size_t)(2 * d) + 64;
        n = made - skip - 64;
        x = malloc(n * sizeof(double));
        for (size_t k = 0; k < n; k++)
            x[k] = q31_to_d(out[k + skip]);
        /* x[k] = A sin(w (k + skip - d)) if the delay is right: the
		 * fit's phase gives the lag in samples */
        {
            double sc = 0, ss = 0, w = 2 * M_PI * fr / rout;

            for (size_t k = 0; k < n; k++) {
                sc += x[k] * cos(w * (k + skip - d));
                ss += x[k] * sin(w * (k + skip - d));
            }
            a = hypot(sc, ss);
            ph = atan2(sc, ss); /* 0 when aligned */
            err = ph / w;       /* samples */
        }
        assert_true(a > 0);
        if (fabs(err) > 0.02)
            printf("delay %u -> %u: %.3f samples off\n", rin, rout, err);
        assert_true(fabs(err) <= 0.05);
        free(in);
        free(out);
        free(x);
    }
}

int main(int argc, char **argv)
{
    const struct CMUnitTest all[] = {
        cmocka_unit_test(test_plans),
        cmocka_unit_test(test_streaming),
        cmocka_unit_test(test_channels),
        cmocka_unit_test(test_delay),
    };
    const struct CMUnitTest part[] = {
        cmocka_unit_test(test_conversions),
    };

    if (argc == 3) {
        first_pair = (unsigned int)atoi(argv[1]);
        num_pairs = (unsigned int)atoi(argv[2]);
        if (first_pair >= NPAIRS || !num_pairs ||
            num_pairs > NPAIRS - first_pair) {
            fprintf(stderr, "usage: %s [FIRST COUNT] (pairs 0..%d)\n", argv[0],
                    NPAIRS - 1);
            return 2;
        }
        return cmocka_run_group_tests(part, NULL, NULL);
    }
    if (argc != 1) {
        fprintf(stderr, "usage: %s [FIRST COUNT]\n", argv[0]);
        return 2;
    }
    return cmocka_run_group_tests(all, NULL, NULL);
}

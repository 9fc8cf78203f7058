/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * IIR (biquad DF2T): blob parsing (layout and every rejection), impulse
 * and step responses against a double DF2T model using the same Q2.30
 * coefficients, tone gain against |H(e^jw)|, boost via negative shift,
 * RBJ low-pass + peaking designs against sox `biquad` on a generated
 * 48 kHz stereo WAV, and bit identity of the 32-bit kernel with the
 * reference 64-bit formula of iir.h (iir_ref_sample) on random filters.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <complex.h>
#include <cmocka.h>

#include "audio_test_util.h"
#include "iir.h"
#include "q_math.h"

struct bq {
    double b0, b1, b2, a1, a2;
    int shift;
};

/* RBJ cookbook designs (host side, double). type: 0 low-pass, 1 peaking,
 * 2 high-pass. */
static struct bq rbj(int type, double f0, double q, double gain_db)
{
    double w = 2 * M_PI * f0 / 48000.0, cw = cos(w), al = sin(w) / (2 * q);
    double A = pow(10, gain_db / 40), b0, b1, b2, a0, a1, a2;
    struct bq r;

    if (type == 0) {
        b0 = (1 - cw) / 2;
        b1 = 1 - cw;
        b2 = b0;
        a0 = 1 + al;
        a1 = -2 * cw;
        a2 = 1 - al;
    } else if (type == 1) {
        b0 = 1 + al * A;
        b1 = -2 * cw;
        b2 = 1 - al * A;
        a0 = 1 + al / A;
        a1 = -2 * cw;
        a2 = 1 - al / A;
    } else {
        b0 = (1 + cw) / 2;
        b1 = -(1 + cw);
        b2 = b0;
        a0 = 1 + al;
        a1 = -2 * cw;
        a2 = 1 - al;
    }
    r.b0 = b0 / a0;
    r.b1 = b1 / a0;
    r.b2 = b2 / a0;
    r.a1 = a1 / a0;
    r.a2 = a2 / a0;
    r.shift = 0;
    return r;
}

static int32_t q30(double v)
{
    return (int32_t)lrint(v * 1073741824.0);
}
static double dq30(int32_t v)
{
    return v / 1073741824.0;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = v;
    p[1] = v >> 8;
    p[2] = v >> 16;
    p[3] = v >> 24;
}

/* Build a blob; also returns the quantized stages (as doubles) in q. */
static size_t make_blob(uint8_t *buf, const struct bq *s, int n, struct bq *q)
{
    memcpy(buf, "EQIR", 4);
    buf[4] = IIR_BLOB_VERSION;
    buf[5] = 0;
    buf[6] = n;
    buf[7] = 0;
    for (int i = 0; i < n; i++) {
        uint8_t *p = buf + 8 + 24 * i;
        int32_t c[5] = { q30(s[i].b0), q30(s[i].b1), q30(s[i].b2), q30(s[i].a1),
                         q30(s[i].a2) };

        for (int k = 0; k < 5; k++)
            put32(p + 4 * k, (uint32_t)c[k]);
        put32(p + 20, (uint32_t)s[i].shift);
        q[i] = (struct bq){ dq30(c[0]), dq30(c[1]), dq30(c[2]),
                            dq30(c[3]), dq30(c[4]), s[i].shift };
    }
    return 8 + 24 * n;
}

/* Double DF2T model of the cascade. */
struct ref {
    struct bq s[IIR_MAX_STAGES];
    double z1[IIR_MAX_STAGES], z2[IIR_MAX_STAGES];
    int n;
};

static double ref_step(struct ref *r, double x)
{
    for (int i = 0; i < r->n; i++) {
        struct bq *b = &r->s[i];
        double y = b->b0 * x + r->z1[i];

        r->z1[i] = b->b1 * x - b->a1 * y + r->z2[i];
        r->z2[i] = b->b2 * x - b->a2 * y;
        x = ldexp(y, -b->shift);
    }
    return x;
}

/*
 * Reference kernel: the documented formula of iir.h in plain 64-bit
 * arithmetic (the implementation before the 32-bit word kernel).  The
 * kernel must match it bit for bit, output and state.
 */
static int32_t iir_ref_out_shift(int32_t y, int32_t shift)
{
    if (shift > 0)
        return (int32_t)q_shift_rnd64(y, shift);
    if (shift == 0)
        return y;
    return q_sat32((int64_t)y * ((int64_t)1 << -shift));
}

static int32_t iir_ref_sample(const struct iir_coefs *c, int64_t *s1,
                              int64_t *s2, int32_t x)
{
    for (unsigned int i = 0; i < c->num_stages; i++) {
        const struct iir_biquad_q2_30 *b = &c->stage[i];
        int64_t acc = (q_mul_s32_s32(b->b0, x) >> 14) + s1[i];
        int32_t y = q_sat32(q_shift_rnd64(acc, 16));

        assert_true(q_mul_s32_s32(b->b0, x) == (int64_t)b->b0 * x);
        s1[i] = (((int64_t)b->b1 * x) >> 14) - (((int64_t)b->a1 * y) >> 14) +
                s2[i];
        s2[i] = (((int64_t)b->b2 * x) >> 14) - (((int64_t)b->a2 * y) >> 14);
        x = iir_ref_out_shift(y, b->shift);
    }
    return x;
}

static uint32_t xs_state = 0x9e3779b9u;

static uint32_t rnd32(void)
{
    xs_state ^= xs_state << 13;
    xs_state ^= xs_state >> 17;
    xs_state ^= xs_state << 5;
    return xs_state;
}

static int32_t rnd_coef(int kind)
{
    static const int32_t edge[] = { INT32_MIN,
                                    INT32_MAX,
                                    INT32_MIN + 1,
                                    INT32_MIN + 0x7fff,
                                    INT32_MIN + 0x8000,
                                    INT32_MAX - 0x7fff,
                                    INT32_MAX - 0x8000,
                                    0x7fff,
                                    0x8000,
                                    -0x8000,
                                    -0x8001,
                                    0,
                                    1,
                                    -1,
                                    0x40000000,
                                    -0x40000000,
                                    0x3fffffff };

    switch (kind) {
    case 0:
        return (int32_t)rnd32();
    case 1:
        return edge[rnd32() % (sizeof(edge) / sizeof(edge[0]))];
    default:
        return (int32_t)rnd32() >> (rnd32() % 32);
    }
}

static int32_t rnd_input(int kind)
{
    switch (kind) {
    case 0:
        return (int32_t)rnd32();
    case 1:
        return (int32_t)rnd32() >> (rnd32() % 32);
    case 2:
        return rnd32() & 1 ? INT32_MAX - (int32_t)(rnd32() & 0xffff)
                           : INT32_MIN + (int32_t)(rnd32() & 0xffff);
    default:
        return (int32_t)(rnd32() % 7) - 3;
    }
}

/* Random coefficient sets: full-range/edge/scaled raw words (mostly
 * unstable or saturating) or quantized RBJ designs (stable, often with
 * their b scaled by 2^-k and shift -k, or an attenuating shift). */
static void rnd_coefs(struct iir_coefs *c)
{
    c->num_stages = 1 + rnd32() % IIR_MAX_STAGES;
    for (unsigned int i = 0; i < c->num_stages; i++) {
        struct iir_biquad_q2_30 *b = &c->stage[i];
        unsigned int kind = rnd32() % 4;

        if (kind < 3) {
            b->b0 = rnd_coef(kind);
            b->b1 = rnd_coef(kind);
            b->b2 = rnd_coef(kind);
            b->a1 = rnd_coef(rnd32() % 3);
            b->a2 = rnd_coef(rnd32() % 3);
            b->shift = IIR_SHIFT_MIN +
                       (int32_t)(rnd32() % (IIR_SHIFT_MAX - IIR_SHIFT_MIN + 1));
        } else {
            struct bq q = rbj(rnd32() % 3, 20 + rnd32() % 20000,
                              0.3 + (rnd32() % 1000) / 100.0,
                              (int)(rnd32() % 25) - 12.0);
            int k = rnd32() % 3;

            b->b0 = q30(ldexp(q.b0, -k));
            b->b1 = q30(ldexp(q.b1, -k));
            b->b2 = q30(ldexp(q.b2, -k));
            b->a1 = q30(q.a1);
            b->a2 = q30(q.a2);
            b->shift = rnd32() % 4 ? -k : (int32_t)(rnd32() % 4);
        }
    }
}

static void test_bit_identity(void **state)
{
    enum { SETS = 3000, MAXF = 257, MAXC = 8 };
    static int32_t in[MAXF * MAXC], out[MAXF * MAXC], ref[MAXF * MAXC];
    static int64_t s1[MAXC][IIR_MAX_STAGES], s2[MAXC][IIR_MAX_STAGES];
    struct iir_coefs c;
    struct iir_state st[MAXC];
    unsigned long long samples = 0, sat = 0;

    (void)state;
    for (int set = 0; set < SETS; set++) {
        unsigned int ch = 1 + rnd32() % MAXC;

        rnd_coefs(&c);
        for (unsigned int k = 0; k < ch; k++) {
            iir_init(&st[k], &c);
            memset(s1[k], 0, sizeof(s1[k]));
            memset(s2[k], 0, sizeof(s2[k]));
        }
        for (int blk = 0; blk < 4; blk++) {
            size_t frames = rnd32() % (MAXF + 1);
            int kind = rnd32() % 4;
            int in_place = rnd32() & 1;

            for (size_t i = 0; i < frames * ch; i++) {
                in[i] = rnd_input(rnd32() % 8 ? kind : (int)(rnd32() % 4));
                ref[i] = iir_ref_sample(&c, s1[i % ch], s2[i % ch], in[i]);
                sat += ref[i] == INT32_MAX || ref[i] == INT32_MIN;
            }
            if (in_place) {
                memcpy(out, in, frames * ch * sizeof(in[0]));
                iir_process_q1_31(st, ch, out, out, frames);
            } else {
                iir_process_q1_31(st, ch, out, in, frames);
            }
            for (size_t i = 0; i < frames * ch; i++)
                if (out[i] != ref[i]) {
                    printf("set %d blk %d sample %zu: %d != ref %d\n", set, blk,
                           i, out[i], ref[i]);
                    fail();
                }
            for (unsigned int k = 0; k < ch; k++)
                for (unsigned int i = 0; i < c.num_stages; i++) {
                    assert_true(st[k].s1[i] == s1[k][i]);
                    assert_true(st[k].s2[i] == s2[k][i]);
                }
            samples += frames * ch;
        }
        /* the single-sample entry point on channel 0 */
        for (int i = 0; i < 64; i++) {
            int32_t x = rnd_input(rnd32() % 4);

            assert_int_equal(iir_sample(&st[0], x),
                             iir_ref_sample(&c, s1[0], s2[0], x));
        }
    }
    printf("IIR kernel vs 64-bit reference: %llu samples (%llu saturated), "
           "%d random filters: bit-identical\n",
           samples, sat, SETS);
}

static void test_blob(void **state)
{
    uint8_t buf[8 + 24 * 9];
    struct bq s[9], q[9];
    struct iir_coefs c;
    size_t len;

    (void)state;
    for (int i = 0; i < 9; i++)
        s[i] = rbj(0, 1000 + 100 * i, 0.7, 0);
    s[1].shift = -2;
    len = make_blob(buf, s, 2, q);
    assert_int_equal(len, 56);
    assert_int_equal(iir_blob_parse(&c, buf, len), 0);
    assert_int_equal(c.num_stages, 2);
    assert_int_equal(c.stage[0].b0, q30(s[0].b0));
    assert_int_equal(c.stage[1].a2, q30(s[1].a2));
    assert_int_equal(c.stage[1].shift, -2);
    assert_int_equal(iir_blob_parse(&c, buf, len - 1), -1);
    assert_int_equal(iir_blob_parse(&c, buf, len + 1), -1);
    assert_int_equal(iir_blob_parse(&c, buf, 4), -1);
    buf[0] = 'X';
    assert_int_equal(iir_blob_parse(&c, buf, len), -1);
    buf[0] = 'E';
    buf[4] = 2;
    assert_int_equal(iir_blob_parse(&c, buf, len), -1);
    buf[4] = 1;
    put32(buf + 8 + 20, 32);
    assert_int_equal(iir_blob_parse(&c, buf, len), -1);
    put32(buf + 8 + 20, (uint32_t)-9);
    assert_int_equal(iir_blob_parse(&c, buf, len), -1);
    len = make_blob(buf, s, 9, q);
    assert_int_equal(iir_blob_parse(&c, buf, len), -1);
    len = make_blob(buf, s, 0, q);
    assert_int_equal(iir_blob_parse(&c, buf, len), -1);
    assert_int_equal(c.num_stages, 2); /* unchanged after failures */
}

/* L1 norm of the impulse response of one quantized stage (num = 1 for the
 * 1/A(z) noise path), including its output shift. */
static double l1_norm(const struct bq *b, int num_one)
{
    struct ref r = { .n = 1 };
    double s = 0;

    r.s[0] = *b;
    if (num_one) {
        r.s[0].b0 = 1;
        r.s[0].b1 = 0;
        r.s[0].b2 = 0;
        r.s[0].shift = 0;
    }
    for (int i = 0; i < 200000; i++)
        s += fabs(ref_step(&r, i == 0));
    return s;
}

/*
 * Stated tolerance: each stage rounds its feedback value y to Q1.31
 * (<= 0.5 LSB, plus < 2^-14 LSB from the truncated 64-bit products); that
 * error reaches the output through 1/A_i(z), the stage shift and every
 * later stage, so |err| <= sum_i 0.5 * ||1/A_i||_1 * 2^-shift_i *
 * prod_{j>i} ||H_j||_1 + 1 LSB (final rounding), with a 2x margin.
 */
static double bound_lsb(const struct bq *q, int ns)
{
    double b = 1.0;

    for (int i = 0; i < ns; i++) {
        double t = 0.5 * l1_norm(&q[i], 1) * ldexp(1.0, -q[i].shift);

        for (int j = i + 1; j < ns; j++)
            t *= l1_norm(&q[j], 0);
        b += t;
    }
    return 2.0 * b;
}

/* Run `n` samples of x through kernel and model; returns max |diff| LSB
 * and checks it against bound_lsb(). */
static double compare(const struct bq *s, int ns, const int32_t *x, int n)
{
    uint8_t buf[8 + 24 * IIR_MAX_STAGES];
    struct iir_coefs c;
    struct iir_state st;
    struct ref r = { .n = ns };
    double mx = 0;

    assert_int_equal(iir_blob_parse(&c, buf, make_blob(buf, s, ns, r.s)), 0);
    iir_init(&st, &c);
    for (int i = 0; i < n; i++) {
        double y = ref_step(&r, q31_to_d(x[i])) * Q31_SCALE;
        int32_t k = iir_sample(&st, x[i]);

        if (y > INT32_MAX)
            y = INT32_MAX;
        if (y < INT32_MIN)
            y = INT32_MIN;
        mx = fmax(mx, fabs(k - y));
    }
    {
        double b = bound_lsb(r.s, ns);

        printf("  %d stage(s): max |err| %.1f LSB, stated bound %.1f LSB\n", ns,
               mx, b);
        assert_true(mx <= b);
    }
    return mx;
}

static void test_impulse_step(void **state)
{
    enum { N = 48000 };
    static int32_t imp[N], step[N], noise[N];
    struct bq lp = rbj(0, 1000, 0.707, 0), pk = rbj(1, 3000, 1.0, 6.0),
              hp = rbj(2, 50, 0.707, 0), lo = rbj(0, 100, 2.0, 0);
    struct bq casc[3] = { lp, pk, hp }, boost[1] = { pk };
    uint32_t rng = 5;

    (void)state;
    imp[0] = 0x40000000;
    for (int i = 0; i < N; i++) {
        step[i] = 0x20000000;
        rng = rng * 1664525u + 1013904223u;
        noise[i] = (int32_t)rng >> 3;
    }
    {
        double e1 = compare(&lp, 1, imp, N), e2 = compare(&lp, 1, step, N),
               e3 = compare(casc, 3, imp, N), e4 = compare(casc, 3, step, N),
               e5 = compare(&lo, 1, step, N), e6 = compare(casc, 3, noise, N);

        printf(
            "IIR vs double DF2T, max |err| LSB Q1.31: LP1k imp %.1f step %.1f; "
            "LP+PK+HP imp %.1f step %.1f noise %.1f; LP100Hz Q2 step %.1f\n",
            e1, e2, e3, e4, e6, e5);
        /* relative to full scale: worst case (HP at 50 Hz) -100 dBFS */
        assert_true(fmax(fmax(e1, e2), fmax(fmax(e3, e4), fmax(e5, e6))) <
                    21475.0);
    }
    /* a +6 dB peaking stage with b scaled by 1/2 and shift -1 */
    boost[0].b0 /= 2;
    boost[0].b1 /= 2;
    boost[0].b2 /= 2;
    boost[0].shift = -1;
    compare(boost, 1, noise, N);
}

static void test_tone_gain(void **state)
{
    enum { N = 24000 };
    static int32_t x[N * 2], y[N * 2];
    static double d[N];
    uint8_t buf[64];
    struct bq s = rbj(1, 2000, 1.4, -9.0), q;
    struct iir_coefs c;
    struct iir_state st[2];
    double f = 1500.0, w = 2 * M_PI * f / 48000, a;
    double complex z = cexp(-I * w), H;

    (void)state;
    assert_int_equal(iir_blob_parse(&c, buf, make_blob(buf, &s, 1, &q)), 0);
    H = (q.b0 + q.b1 * z + q.b2 * z * z) / (1 + q.a1 * z + q.a2 * z * z);
    for (int i = 0; i < N; i++) {
        x[2 * i] = d_to_q31(0.5 * sin(w * i));
        x[2 * i + 1] = 0;
    }
    iir_init(&st[0], &c);
    iir_init(&st[1], &c);
    iir_process_q1_31(st, 2, y, x, N);
    for (int i = 0; i < N; i++) {
        d[i] = q31_to_d(y[2 * i]);
        assert_int_equal(y[2 * i + 1], 0);
    }
    a = sine_fit(d + 4800, N - 4800, 1, f, 48000, NULL);
    printf("IIR peaking -9 dB @2k: gain at 1.5 kHz %.5f dB, |H| %.5f dB\n",
           lin_to_db(a / 0.5), lin_to_db(cabs(H)));
    assert_true(fabs(lin_to_db(a / 0.5) - lin_to_db(cabs(H))) < 0.001);
}

static void test_vs_sox(void **state)
{
    enum { F = 48000, C = 2 };
    int32_t *in = malloc(F * C * 4), *out = malloc(F * C * 4), *sx = NULL;
    struct bq s[2] = { rbj(0, 4000, 0.707, 0), rbj(1, 1000, 2.0, 6.0) }, q[2];
    uint8_t buf[64];
    struct iir_coefs c;
    struct iir_state st[C];
    char pin[256], pout[256], cmd[1024];
    unsigned int ch = 0, rate = 0;
    uint32_t rng = 77;
    double e = 0, mx = 0;
    long n;

    (void)state;
    assert_int_equal(iir_blob_parse(&c, buf, make_blob(buf, s, 2, q)), 0);
    for (int i = 0; i < F; i++) {
        double t = i / 48000.0;

        rng = rng * 1664525u + 1013904223u;
        in[2 * i] = d_to_q31(0.2 * sin(2 * M_PI * 1000 * t) +
                             0.2 * sin(2 * M_PI * 7000 * t));
        in[2 * i + 1] = (int32_t)rng >> 3;
    }
    tmp_path(pin, sizeof(pin), "iir_in");
    tmp_path(pout, sizeof(pout), "iir_out");
    assert_int_equal(wav_write_s32(pin, in, F, C, 48000), 0);
    snprintf(cmd, sizeof(cmd),
             "%s -e signed -b 32 %s biquad %.17g %.17g %.17g 1 %.17g %.17g "
             "biquad %.17g %.17g %.17g 1 %.17g %.17g",
             pin, pout, q[0].b0, q[0].b1, q[0].b2, q[0].a1, q[0].a2, q[1].b0,
             q[1].b1, q[1].b2, q[1].a1, q[1].a2);
    assert_int_equal(run_sox(cmd), 0);
    n = wav_read_s32(pout, &sx, &ch, &rate);
    assert_int_equal(n, F);
    iir_init(&st[0], &c);
    iir_init(&st[1], &c);
    iir_process_q1_31(st, C, out, in, F);
    for (int i = 0; i < F * C; i++) {
        double d = q31_to_d(out[i]) - q31_to_d(sx[i]);

        e += d * d;
        mx = fmax(mx, fabs(d));
    }
    e = lin_to_db(sqrt(e / (F * C)));
    printf(
        "IIR vs sox biquad (LP 4k + PK 1k +6 dB): rms diff %.1f dBFS, max %.1f dBFS\n",
        e, lin_to_db(mx));
    assert_true(e < -80.0);
    remove(pin);
    remove(pout);
    free(in);
    free(out);
    free(sx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blob),
        cmocka_unit_test(test_impulse_step),
        cmocka_unit_test(test_tone_gain),
        cmocka_unit_test(test_vs_sox),
        cmocka_unit_test(test_bit_identity),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}

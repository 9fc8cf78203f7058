/* SPDX-License-Identifier: BSD-3-Clause */
/* Polyphase sample-rate converter (see src.h). */
#include "src.h"

#include "q_math.h"

size_t src_delay_words(const struct src_conv *conv, unsigned int channels)
{
    return (size_t)2 * conv->taps * channels;
}

size_t src_delay_words_q(const struct src_conv *conv, unsigned int channels,
                         unsigned int quality)
{
    if (quality == SRC_QUALITY_DEFAULT)
        return src_delay_words(conv, channels);
    /* quality=high: 2 * taps too (one word a sample), spelled apart from
     * the default's so that the compiler does not merge the two returns:
     * merged, they reshuffled the default's set-up code (src_reset,
     * src_chain_words and src_chain_init inline this) */
    if (quality == SRC_QUALITY_HIGH)
        return (size_t)4 * conv->taps * channels / 2u;
    return 0;
}

int src_init_q(struct src_state *st, const struct src_conv *conv,
               unsigned int channels, unsigned int quality, int32_t *delay)
{
    if (!conv || !delay || channels < 1 || channels > SRC_MAX_CHANNELS ||
        quality > SRC_QUALITY_HIGH)
        return -1;
    st->conv = conv;
    st->channels = channels;
    st->delay = delay;
    st->quality = quality;
    src_reset(st);
    return 0;
}

int src_init(struct src_state *st, const struct src_conv *conv,
             unsigned int channels, int32_t *delay)
{
    return src_init_q(st, conv, channels, SRC_QUALITY_DEFAULT, delay);
}

void src_reset(struct src_state *st)
{
    size_t n = src_delay_words_q(st->conv, st->channels, st->quality);

    for (size_t i = 0; i < n; i++)
        st->delay[i] = 0;
    st->pos = 0;
    st->phase = 0;
    st->need = 1; /* output 0 needs input 0 */
}

/* Q1.31 -> Q1.14, round to nearest, ties away from zero (so -x gives
 * exactly -(x)), saturated. */
static inline int32_t src_to_q14(int32_t x)
{
    int32_t r = x >> 17;
    uint32_t f = (uint32_t)x & 0x1ffffu;

    if (f > 0x10000u || (f == 0x10000u && x >= 0))
        r++;
    return r > 16383 ? 16383 : r;
}

/*
 * Dot products of one coefficient phase c[0..n-1] (n a multiple of 4) with
 * one or two delay lines: forward sum c[k] * d[k], or reverse (mirrored
 * phase) sum c[k] * d[-k] with d pointing at the oldest tap.  Samples are
 * Q1.14 in int32_t words, so each product is one 16x16 MUL16S and the sum
 * cannot overflow 32 bits (the table generator bounds sum |c|).
 */
#define SRC_MAC(acc, cv, x) ((acc) += (int32_t)(cv) * (int16_t)(x))

#define SRC_DOT2(name, S)                                                      \
    static inline __attribute__((always_inline)) void name(                    \
        const int16_t *c, const int32_t *a, const int32_t *b, unsigned int n,  \
        int32_t *y)                                                            \
    {                                                                          \
        int32_t sa = 0, sb = 0;                                                \
                                                                               \
        for (const int16_t *e = c + n; c != e;                                 \
             c += 4, a += 4 * (S), b += 4 * (S)) {                             \
            int32_t c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3];                \
                                                                               \
            SRC_MAC(sa, c0, a[0]);                                             \
            SRC_MAC(sb, c0, b[0]);                                             \
            SRC_MAC(sa, c1, a[(S)]);                                           \
            SRC_MAC(sb, c1, b[(S)]);                                           \
            SRC_MAC(sa, c2, a[2 * (S)]);                                       \
            SRC_MAC(sb, c2, b[2 * (S)]);                                       \
            SRC_MAC(sa, c3, a[3 * (S)]);                                       \
            SRC_MAC(sb, c3, b[3 * (S)]);                                       \
        }                                                                      \
        y[0] = sa;                                                             \
        y[1] = sb;                                                             \
    }

#define SRC_DOT1(name, S)                                                      \
    static inline __attribute__((always_inline)) void name(                    \
        const int16_t *c, const int32_t *a, unsigned int n, int32_t *y)        \
    {                                                                          \
        int32_t s = 0;                                                         \
                                                                               \
        for (const int16_t *e = c + n; c != e; c += 4, a += 4 * (S)) {         \
            SRC_MAC(s, c[0], a[0]);                                            \
            SRC_MAC(s, c[1], a[(S)]);                                          \
            SRC_MAC(s, c[2], a[2 * (S)]);                                      \
            SRC_MAC(s, c[3], a[3 * (S)]);                                      \
        }                                                                      \
        y[0] = s;                                                              \
    }

/* symmetric phase: sum c[k] * (d[k] + d[m - k]) with dh = d + m walking
 * down (both samples Q1.14, so their sum still fits MUL16S), n even */
#define SRC_FOLD2(name)                                                        \
    static inline __attribute__((always_inline)) void name(                    \
        const int16_t *c, const int32_t *a, const int32_t *ah,                 \
        const int32_t *b, const int32_t *bh, unsigned int n, int32_t *y)       \
    {                                                                          \
        int32_t sa = 0, sb = 0;                                                \
                                                                               \
        for (const int16_t *e = c + n; c != e;                                 \
             c += 2, a += 2, ah -= 2, b += 2, bh -= 2) {                       \
            int32_t c0 = c[0], c1 = c[1];                                      \
                                                                               \
            SRC_MAC(sa, c0, a[0] + ah[0]);                                     \
            SRC_MAC(sb, c0, b[0] + bh[0]);                                     \
            SRC_MAC(sa, c1, a[1] + ah[-1]);                                    \
            SRC_MAC(sb, c1, b[1] + bh[-1]);                                    \
        }                                                                      \
        y[0] = sa;                                                             \
        y[1] = sb;                                                             \
    }

SRC_FOLD2(src_fold2)
SRC_DOT2(src_dot2_fwd, 1)
SRC_DOT2(src_dot2_rev, -1)
SRC_DOT1(src_dot1_fwd, 1)
SRC_DOT1(src_dot1_rev, -1)

/*
 * One phase against one or two delay lines, y[ch] = centre, y[2 + ch] =
 * tails: taps [e, taps - e) use the Q1.15 centre coefficients, the e taps
 * at each end the 2^SRC_TAIL_BITS finer tail coefficients.  Reverse: the
 * mirrored phase, d pointing at the oldest tap.
 */
#define SRC_PHASE2(name, dot, S)                                               \
    static __attribute__((noinline)) void name(                                \
        const int16_t *h, const int32_t *a, const int32_t *b,                  \
        unsigned int taps, unsigned int e, int32_t *y)                         \
    {                                                                          \
        int32_t u[2];                                                          \
        int S_ = (S);                                                          \
                                                                               \
        dot(h + e, a + S_ * (int)e, b + S_ * (int)e, taps - 2 * e, y);         \
        y[2] = y[3] = 0;                                                       \
        if (e) {                                                               \
            unsigned int k = taps - e;                                         \
                                                                               \
            dot(h, a, b, e, y + 2);                                            \
            dot(h + k, a + S_ * (int)k, b + S_ * (int)k, e, u);                \
            y[2] += u[0];                                                      \
            y[3] += u[1];                                                      \
        }                                                                      \
    }

#define SRC_PHASE1(name, dot, S)                                               \
    static __attribute__((noinline)) void name(                                \
        const int16_t *h, const int32_t *a, unsigned int taps, unsigned int e, \
        int32_t *y)                                                            \
    {                                                                          \
        int32_t u[1];                                                          \
        int S_ = (S);                                                          \
                                                                               \
        dot(h + e, a + S_ * (int)e, taps - 2 * e, y);                          \
        y[2] = 0;                                                              \
        if (e) {                                                               \
            unsigned int k = taps - e;                                         \
                                                                               \
            dot(h, a, e, y + 2);                                               \
            dot(h + k, a + S_ * (int)k, e, u);                                 \
            y[2] += u[0];                                                      \
        }                                                                      \
    }

/* the self-mirrored phase (p = (l-1)/2, l odd) of a channel pair, folded */
static __attribute__((noinline)) void
src_phase2_sym(const int16_t *h, const int32_t *a, const int32_t *b,
               unsigned int taps, unsigned int e, int32_t *y)
{
    unsigned int m = taps - 1u;

    src_fold2(h + e, a + e, a + m - e, b + e, b + m - e, taps / 2u - e, y);
    y[2] = y[3] = 0;
    if (e)
        src_fold2(h, a, a + m, b, b + m, e, y + 2);
}

SRC_PHASE2(src_phase2_fwd, src_dot2_fwd, 1)
SRC_PHASE2(src_phase2_rev, src_dot2_rev, -1)
SRC_PHASE1(src_phase1_fwd, src_dot1_fwd, 1)
SRC_PHASE1(src_phase1_rev, src_dot1_rev, -1)

/* centre * 2^SRC_TAIL_BITS + tails is Q1.31 exactly: saturate */
static inline int32_t src_out(int32_t centre, int32_t tails)
{
    return q_sat32((int64_t)centre * (1 << SRC_TAIL_BITS) + tails);
}

/* One output frame from phase p (p < (l+1)/2 forward, else mirrored). */
static void src_frame(const struct src_conv *cv, const int32_t *d,
                      unsigned int stride, unsigned int nch, unsigned int p,
                      int32_t *y)
{
    unsigned int taps = cv->taps, e = cv->edge, c = 0;
    int rev = p >= (cv->l + 1u) / 2u;
    const int16_t *h = cv->coef_q15 + (size_t)(rev ? cv->l - 1u - p : p) * taps;
    int32_t r[4];

    if (p * 2u + 1u == cv->l) {
        /* coef[p][k] = coef[p][taps-1-k]: one multiply per tap pair */
        for (; c + 2 <= nch; c += 2, d += 2 * stride) {
            src_phase2_sym(h, d, d + stride, taps, e, r);
            *y++ = src_out(r[0], r[2]);
            *y++ = src_out(r[1], r[3]);
        }
    }
    if (rev)
        d += taps - 1;
    for (; c + 2 <= nch; c += 2, d += 2 * stride) {
        if (rev)
            src_phase2_rev(h, d, d + stride, taps, e, r);
        else
            src_phase2_fwd(h, d, d + stride, taps, e, r);
        *y++ = src_out(r[0], r[2]);
        *y++ = src_out(r[1], r[3]);
    }
    if (c < nch) {
        if (rev)
            src_phase1_rev(h, d, taps, e, r);
        else
            src_phase1_fwd(h, d, taps, e, r);
        *y = src_out(r[0], r[2]);
    }
}

void src_process_q1_31(struct src_state *st, int32_t *out, size_t out_frames,
                       const int32_t *in, size_t in_frames, size_t *consumed,
                       size_t *produced)
{
    const struct src_conv *cv = st->conv;
    unsigned int nch = st->channels, taps = cv->taps, stride = 2u * taps;
    size_t ci = 0, po = 0;
    const int32_t *x = in;
    int32_t *y = out;

    for (;;) {
        /* take the input frames the next output needs */
        while (st->need && ci < in_frames) {
            unsigned int pos = st->pos ? st->pos - 1 : taps - 1;
            int32_t *d = st->delay + pos;

            st->pos = pos;
            for (unsigned int c = 0; c < nch; c++, d += stride) {
                int32_t v = src_to_q14(*x++);

                d[0] = v;
                d[taps] = v;
            }
            st->need--;
            ci++;
        }
        if (st->need || po == out_frames)
            break;
        src_frame(cv, st->delay + st->pos, stride, nch, st->phase, y);
        y += nch;
        po++;
        st->phase += cv->m;
        while (st->phase >= cv->l) {
            st->phase -= cv->l;
            st->need++;
        }
    }
    *consumed = ci;
    *produced = po;
}

/* ---- conversions: chains of stages (src.h) ------------------------- */

/* src_conv_table indices (firmware/tools/gen_tables.c, convs[]) */
enum {
    S_D2,
    S_U2,
    S_2_3,
    S_3_2,
    S_3_4,
    S_4_3,
    S_147_160,
    S_160_147,
    S_80_147,
    S_147_80,
    S_D2_C92,
    S_U2_C92,
    S_D2_C75,
    S_U2_C75,
    S_D2_C50,
    S_U2_C50
};

static const uint32_t src_rates[] = {
    8000,  11025, 16000, 22050, 24000,  32000,
    44100, 48000, 88200, 96000, 176400, 192000,
};

/* The core of a conversion: its ratio num/den (in [1/2, 1) down, in
 * (1, 2] up) as one or two strict stages, the narrow rate last when
 * going down and first when going up. */
static const struct {
    uint16_t num, den;
    uint8_t n, stage[2];
} src_cores[] = {
    { 1, 2, 1, { S_D2, 0 } },              /* same family */
    { 2, 3, 1, { S_2_3, 0 } },             /* 12000 * 2^k -> 8000 * 2^j */
    { 3, 4, 1, { S_3_4, 0 } },             /* 8000 -> 12000 */
    { 147, 160, 1, { S_147_160, 0 } },     /* 12000 -> 11025 */
    { 80, 147, 1, { S_80_147, 0 } },       /* 11025 -> 12000 */
    { 441, 640, 2, { S_3_4, S_147_160 } }, /* 8000 -> 11025 */
    { 320, 441, 2, { S_160_147, S_2_3 } }, /* 11025 -> 8000 */
    { 2, 1, 1, { S_U2, 0 } },
    { 3, 2, 1, { S_3_2, 0 } },
    { 4, 3, 1, { S_4_3, 0 } },
    { 160, 147, 1, { S_160_147, 0 } },
    { 147, 80, 1, { S_147_80, 0 } },
    { 441, 320, 2, { S_3_2, S_147_160 } },
    { 640, 441, 2, { S_160_147, S_4_3 } },
};

int src_rate_supported(uint32_t rate_hz)
{
    for (unsigned int i = 0; i < sizeof(src_rates) / sizeof(src_rates[0]); i++)
        if (src_rates[i] == rate_hz)
            return 1;
    return 0;
}

static uint32_t src_gcd(uint32_t a, uint32_t b)
{
    while (b) {
        uint32_t t = a % b;

        a = b;
        b = t;
    }
    return a;
}

/* The octave stage (down: decimator, else interpolator) of the narrowest
 * class that serves a chain whose narrowest rate is cn/cd of its lower
 * rate. */
static unsigned int src_octave(int down, uint32_t cn, uint32_t cd)
{
    if (2u * cn <= cd)
        return down ? S_D2_C50 : S_U2_C50;
    if (4u * cn <= 3u * cd)
        return down ? S_D2_C75 : S_U2_C75;
    if (160u * cn <= 147u * cd)
        return down ? S_D2_C92 : S_U2_C92;
    return down ? S_D2 : S_U2;
}

int src_plan(struct src_chain *ch, uint32_t rate_in, uint32_t rate_out)
{
    int down = rate_out < rate_in;
    unsigned int k = 0, core = 0, n = 0;
    uint32_t num, den, g;

    if (!src_rate_supported(rate_in) || !src_rate_supported(rate_out) ||
        rate_in == rate_out)
        return -1;
    /* down: ratio rate_out * 2^k / rate_in in [1/2, 1); up: ratio
	 * rate_out / (rate_in * 2^k) in (1, 2] (rates <= 192000: no
	 * overflow) */
    if (down) {
        while ((rate_out << (k + 1)) < rate_in)
            k++;
        num = rate_out << k;
        den = rate_in;
    } else {
        while (rate_out > (rate_in << (k + 1)))
            k++;
        num = rate_out;
        den = rate_in << k;
    }
    g = src_gcd(num, den);
    num /= g;
    den /= g;
    while (core < sizeof(src_cores) / sizeof(src_cores[0]) &&
           (src_cores[core].num != num || src_cores[core].den != den))
        core++;
    if (core == sizeof(src_cores) / sizeof(src_cores[0]) ||
        k + src_cores[core].n > SRC_MAX_STAGES)
        return -1;
    if (down)
        for (unsigned int j = 0; j < k; j++)
            ch->conv[n++] =
                &src_conv_table[src_octave(1, num, den << (k - 1u - j))];
    for (unsigned int j = 0; j < src_cores[core].n; j++)
        ch->conv[n++] = &src_conv_table[src_cores[core].stage[j]];
    if (!down)
        for (unsigned int j = 0; j < k; j++)
            ch->conv[n++] = &src_conv_table[src_octave(0, den, num << j)];
    ch->n = n;
    ch->quality = SRC_QUALITY_DEFAULT;
    ch->rate[0] = rate_in;
    for (unsigned int i = 0; i < n; i++) {
        uint32_t r = ch->rate[i] * ch->conv[i]->l;

        if (r % ch->conv[i]->m)
            return -1;
        ch->rate[i + 1] = r / ch->conv[i]->m;
    }
    return ch->rate[n] == rate_out ? 0 : -1;
}

int src_chain_set_quality(struct src_chain *ch, unsigned int quality)
{
    const struct src_conv *t = quality == SRC_QUALITY_HIGH ? src_conv_hq_table
                                                           : src_conv_table;

    if (quality > SRC_QUALITY_HIGH)
        return -1;
    for (unsigned int i = 0; i < ch->n; i++)
        for (unsigned int j = 0; j < SRC_NUM_CONV; j++)
            if (ch->conv[i] == &src_conv_table[j] ||
                ch->conv[i] == &src_conv_hq_table[j])
                ch->conv[i] = &t[j];
    ch->quality = quality;
    return 0;
}

int src_plan_q(struct src_chain *ch, uint32_t rate_in, uint32_t rate_out,
               unsigned int quality)
{
    if (quality > SRC_QUALITY_HIGH || src_plan(ch, rate_in, rate_out))
        return -1;
    return src_chain_set_quality(ch, quality);
}

/* frames between stage i and i + 1 for calls of `block` input frames:
 * two calls' worth (a stage held back by the next keeps what it made) */
static uint32_t src_buf_frames(const struct src_chain *ch, unsigned int i,
                               uint32_t block)
{
    return 2u * ((block * (ch->rate[i + 1] / 25u) + ch->rate[0] / 25u - 1u) /
                     (ch->rate[0] / 25u) +
                 2u);
}

size_t src_chain_words(const struct src_chain *ch, unsigned int channels,
                       uint32_t block)
{
    size_t w = 0;

    if (!ch->n || ch->n > SRC_MAX_STAGES || channels < 1 ||
        channels > SRC_MAX_CHANNELS || block < 1 || block > SRC_MAX_BLOCK)
        return 0;
    for (unsigned int i = 0; i < ch->n; i++) {
        size_t d = src_delay_words_q(ch->conv[i], channels, ch->quality);

        if (!d)
            return 0;
        w += d;
        if (i + 1 < ch->n)
            w += (size_t)src_buf_frames(ch, i, block) * channels;
    }
    return w;
}

int src_chain_init(struct src_chain *ch, unsigned int channels, uint32_t block,
                   int32_t *mem)
{
    if (!mem || !src_chain_words(ch, channels, block))
        return -1;
    ch->channels = channels;
    for (unsigned int i = 0; i < ch->n; i++) {
        src_init_q(&ch->st[i], ch->conv[i], channels, ch->quality, mem);
        mem += src_delay_words_q(ch->conv[i], channels, ch->quality);
        if (i + 1 < ch->n) {
            ch->buf[i] = mem;
            ch->cap[i] = src_buf_frames(ch, i, block);
            ch->fill[i] = 0;
            mem += (size_t)ch->cap[i] * channels;
        }
    }
    return 0;
}

void src_chain_reset(struct src_chain *ch)
{
    for (unsigned int i = 0; i < ch->n; i++) {
        src_reset(&ch->st[i]);
        if (i + 1 < ch->n)
            ch->fill[i] = 0;
    }
}

void src_chain_process(struct src_chain *ch, int32_t *out, size_t out_frames,
                       const int32_t *in, size_t in_frames, size_t *consumed,
                       size_t *produced)
{
    unsigned int n = ch->n, nch = ch->channels;
    size_t used, made;

    if (n == 1) {
        src_process_q1_31(&ch->st[0], out, out_frames, in, in_frames, consumed,
                          produced);
        return;
    }
    src_process_q1_31(&ch->st[0], ch->buf[0] + (size_t)ch->fill[0] * nch,
                      ch->cap[0] - ch->fill[0], in, in_frames, consumed, &made);
    ch->fill[0] += (uint32_t)made;
    for (unsigned int i = 1; i < n; i++) {
        int32_t *src = ch->buf[i - 1];
        int last = i + 1 == n;

        if (last)
            src_process_q1_31(&ch->st[i], out, out_frames, src, ch->fill[i - 1],
                              &used, produced);
        else {
            src_process_q1_31(
                &ch->st[i], ch->buf[i] + (size_t)ch->fill[i] * nch,
                ch->cap[i] - ch->fill[i], src, ch->fill[i - 1], &used, &made);
            ch->fill[i] += (uint32_t)made;
        }
        /* keep what the stage did not take at the buffer's start */
        ch->fill[i - 1] -= (uint32_t)used;
        for (size_t w = 0, e = (size_t)ch->fill[i - 1] * nch; w < e; w++)
            src[w] = src[w + used * nch];
    }
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * quality=high stage of the polyphase sample-rate converter (src.h,
 * src_hq_process_q1_31): its own stages (src_conv_hq_table: longer
 * designs than the default's, each tap with its int8 rounding residual)
 * against a 28-bit delay line, every product still one 16x16 MUL16S into
 * a 32-bit sum.
 *
 * Delay line per channel: 2 * taps words, each input sample x (Q1.31) as
 * one word hi * 2^16 + lo, hi = x >> 17 (signed Q1.14) in the high half,
 * lo = (x >> 3) & 0x3fff (unsigned) in the low half, written twice (at
 * pos and pos + taps) like the default stage's, so a phase reads taps
 * consecutive words.  Tap words (coef_hq): the tap c in the low half, its
 * residual r in the high half.  So MUL16S takes c and lo straight from
 * the low halves; hi and r are one shift (or a 16-bit load) each.
 *
 * For a tap with coefficient c (LSB 2^-q, q = 15 centre or 17 tails) and
 * residual r (LSB 2^-(q + 8)) against x = hi * 2^17 + lo * 2^3 (units of
 * 2^-31): c * x + r * hi * 2^(17 - 8) in Q1.31 is, for the centre,
 * 4 * c * hi + c * lo / 2^12 + r * hi / 2^6, for the tails
 * c * hi + c * lo / 2^14 + r * hi / 2^8.  Sums: s[0] = c * hi, s[1] =
 * c * lo, s[2] = r * hi (each |.| < 2^31: the generator's bound
 * 2^14 * sum |c| < 2^31 covers hi and lo, 2^14 * 127 * taps < 2^31 the
 * residuals), centre and tails apart; the output
 *   y = ((4 C0 + T0) * 2^14 + (4 C1 + T1) + (4 C2 + T2) * 2^6) / 2^14
 * in 64 bits (adds and shifts), rounded half up, saturated.
 */
#include "src.h"

#include "q_math.h"

/* sums s[0..2] += c * hi, c * lo, r * hi over n taps (n a multiple of 4)
 * with the delay line read forward (S = 1) or backward (S = -1), two taps
 * a turn.  Tap words hold c in the low half, r in the high one; delay
 * words hi in the high half, lo in the low one: MUL16S takes c and lo
 * from the low halves, r and hi are one shift each. */
#define SRC_HQ_DOT(name, S)                                                    \
    static inline __attribute__((always_inline)) void name(                    \
        const int32_t *c, const int32_t *d, unsigned int n, int32_t *s)        \
    {                                                                          \
        int32_t a0 = s[0], a1 = s[1], a2 = s[2];                               \
                                                                               \
        for (const int32_t *e = c + n; c != e; c += 2, d += 2 * (S)) {         \
            int32_t k0 = c[0], w0 = d[0], k1 = c[1], w1 = d[(S)];              \
            int32_t h0 = w0 >> 16, h1 = w1 >> 16;                              \
                                                                               \
            a0 += (int16_t)k0 * h0;                                            \
            a1 += (int16_t)k0 * (int16_t)w0;                                   \
            a2 += (k0 >> 16) * h0;                                             \
            a0 += (int16_t)k1 * h1;                                            \
            a1 += (int16_t)k1 * (int16_t)w1;                                   \
            a2 += (k1 >> 16) * h1;                                             \
        }                                                                      \
        s[0] = a0;                                                             \
        s[1] = a1;                                                             \
        s[2] = a2;                                                             \
    }

SRC_HQ_DOT(src_hq_dot_fwd, 1)
SRC_HQ_DOT(src_hq_dot_rev, -1)

/* One phase of one channel: cs[] centre sums, ts[] tail sums; d the
 * newest (forward) or the oldest (reverse) word. */
#define SRC_HQ_PHASE(name, dot, S)                                             \
    static __attribute__((noinline)) void name(                                \
        const int32_t *c, const int32_t *d, unsigned int taps, unsigned int e, \
        int32_t *cs, int32_t *ts)                                              \
    {                                                                          \
        int S_ = (S);                                                          \
        unsigned int k = taps - e;                                             \
                                                                               \
        cs[0] = cs[1] = cs[2] = 0;                                             \
        ts[0] = ts[1] = ts[2] = 0;                                             \
        dot(c + e, d + S_ * (int)e, k - e, cs);                                \
        if (e) {                                                               \
            dot(c, d, e, ts);                                                  \
            dot(c + k, d + S_ * (int)k, e, ts);                                \
        }                                                                      \
    }

SRC_HQ_PHASE(src_hq_phase_fwd, src_hq_dot_fwd, 1)
SRC_HQ_PHASE(src_hq_phase_rev, src_hq_dot_rev, -1)

/* 4 * a + b in 64 bits */
static inline int64_t src_hq_join(int32_t a, int32_t b)
{
    return (int64_t)((uint64_t)(int64_t)a << 2) + b;
}

static int32_t src_hq_out(const int32_t *cs, const int32_t *ts)
{
    int64_t hi = src_hq_join(cs[0], ts[0]);
    int64_t lo = src_hq_join(cs[1], ts[1]);
    int64_t rs = src_hq_join(cs[2], ts[2]);
    int64_t acc = (int64_t)((uint64_t)hi << 14) + lo +
                  (int64_t)((uint64_t)rs << 6) + (1 << 13);

    return q_sat32(acc >> 14);
}

/* One output frame from phase p (p < (l+1)/2 forward, else mirrored);
 * d points at the newest high part of channel 0. */
static void src_hq_frame(const struct src_conv *cv, const int32_t *d,
                         unsigned int taps, unsigned int nch, unsigned int p,
                         int32_t *y)
{
    unsigned int e = cv->edge, stride = 2u * taps;
    int rev = p >= (cv->l + 1u) / 2u;
    size_t off = (size_t)(rev ? cv->l - 1u - p : p) * taps;
    const int32_t *c = cv->coef_hq + off;
    int32_t cs[3], ts[3];

    for (unsigned int ch = 0; ch < nch; ch++, d += stride) {
        if (rev)
            src_hq_phase_rev(c, d + taps - 1, taps, e, cs, ts);
        else
            src_hq_phase_fwd(c, d, taps, e, cs, ts);
        y[ch] = src_hq_out(cs, ts);
    }
}

void src_hq_process_q1_31(struct src_state *st, int32_t *out, size_t out_frames,
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
                uint32_t v = (uint32_t)*x++;
                /* hi = x >> 17 in the high half, lo in the low one */
                int32_t w = (int32_t)(((v & 0xfffe0000u) >> 1) |
                                      (v & 0x80000000u) | ((v >> 3) & 0x3fffu));

                d[0] = w;
                d[taps] = w;
            }
            st->need--;
            ci++;
        }
        if (st->need || po == out_frames)
            break;
        src_hq_frame(cv, st->delay + st->pos, taps, nch, st->phase, y);
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

/* src_chain_process with quality=high stages (same buffering, src.c) */
void src_chain_process_q(struct src_chain *ch, int32_t *out, size_t out_frames,
                         const int32_t *in, size_t in_frames, size_t *consumed,
                         size_t *produced)
{
    unsigned int n = ch->n, nch = ch->channels;
    size_t used, made;

    if (ch->quality == SRC_QUALITY_DEFAULT) {
        src_chain_process(ch, out, out_frames, in, in_frames, consumed,
                          produced);
        return;
    }
    /* only the stages of src_conv_hq_table (src_plan_q,
     * src_chain_set_quality) have quality=high's taps */
    for (unsigned int i = 0; i < n; i++)
        if (!ch->conv[i]->coef_hq) {
            *consumed = *produced = 0;
            return;
        }
    if (n == 1) {
        src_hq_process_q1_31(&ch->st[0], out, out_frames, in, in_frames,
                             consumed, produced);
        return;
    }
    src_hq_process_q1_31(&ch->st[0], ch->buf[0] + (size_t)ch->fill[0] * nch,
                         ch->cap[0] - ch->fill[0], in, in_frames, consumed,
                         &made);
    ch->fill[0] += (uint32_t)made;
    for (unsigned int i = 1; i < n; i++) {
        int32_t *src = ch->buf[i - 1];

        if (i + 1 == n)
            src_hq_process_q1_31(&ch->st[i], out, out_frames, src,
                                 ch->fill[i - 1], &used, produced);
        else {
            src_hq_process_q1_31(
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

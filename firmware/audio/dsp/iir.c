/* SPDX-License-Identifier: BSD-3-Clause */
/* IIR biquad cascade, DF2T (see iir.h). */
#include "iir.h"

#include "q_math.h"

static uint32_t rd_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

int iir_blob_parse(struct iir_coefs *coefs, const void *blob, size_t bytes)
{
    const uint8_t *p = blob;
    unsigned int n;
    struct iir_coefs tmp;

    if (!p || bytes < IIR_BLOB_HDR_BYTES)
        return -1;
    if (p[0] != 'E' || p[1] != 'Q' || p[2] != 'I' || p[3] != 'R')
        return -1;
    if ((p[4] | p[5] << 8) != IIR_BLOB_VERSION)
        return -1;
    n = p[6] | p[7] << 8;
    if (n < 1 || n > IIR_MAX_STAGES ||
        bytes != IIR_BLOB_HDR_BYTES + (size_t)n * IIR_BLOB_STAGE_BYTES)
        return -1;
    tmp.num_stages = n;
    p += IIR_BLOB_HDR_BYTES;
    for (unsigned int i = 0; i < n; i++, p += IIR_BLOB_STAGE_BYTES) {
        struct iir_biquad_q2_30 *s = &tmp.stage[i];

        s->b0 = (int32_t)rd_le32(p);
        s->b1 = (int32_t)rd_le32(p + 4);
        s->b2 = (int32_t)rd_le32(p + 8);
        s->a1 = (int32_t)rd_le32(p + 12);
        s->a2 = (int32_t)rd_le32(p + 16);
        s->shift = (int32_t)rd_le32(p + 20);
        if (s->shift < IIR_SHIFT_MIN || s->shift > IIR_SHIFT_MAX)
            return -1;
    }
    *coefs = tmp;
    return 0;
}

void iir_init(struct iir_state *st, const struct iir_coefs *coefs)
{
    st->coefs = coefs;
    iir_reset(st);
}

void iir_reset(struct iir_state *st)
{
    for (unsigned int i = 0; i < IIR_MAX_STAGES; i++) {
        st->s1[i] = 0;
        st->s2[i] = 0;
    }
}

/* y * 2^-shift, rounded half up (shift > 0) or saturated (shift < 0), in
 * 32-bit arithmetic (a variable 64-bit shift is a libgcc call on the
 * LX106): floor(y / 2^n + 1/2) = (y >> n) + bit n-1 of y. */
static inline int32_t iir_out_shift(int32_t y, int32_t shift)
{
    if (shift > 0)
        return (y >> shift) + ((y >> (shift - 1)) & 1);
    if (shift == 0)
        return y;
    if (y > (INT32_MAX >> -shift))
        return INT32_MAX;
    if (y < (INT32_MIN >> -shift))
        return INT32_MIN;
    /* shift the bits as unsigned: a left shift of a negative value is
	 * undefined in C */
    return (int32_t)((uint32_t)y << -shift);
}

/*
 * Kernel arithmetic (exactly the formula of iir.h, in 32-bit words).
 *
 * Every coefficient c and every sample v is split once into balanced
 * 16-bit halves, c = ch*2^16 + cl and v = vh*2^16 + vl with cl, vl in
 * [-2^15, 2^15) and ch, vh in [-2^15, 2^15] (iir_split()).  Then
 *   c*v = A*2^32 + M*2^16 + L,  A = ch*vh, M = ch*vl + cl*vh, L = cl*vl
 * where |A|, |ch*vl|, |cl*vh|, |L| <= 2^30 and M lies in [-2^31, 2^31)
 * (M = 2^31 would need ch = cl = -2^15, i.e. c < INT32_MIN), so A, M and L
 * are single MULLs and adds without overflow.  With X = A*2^16 + M the
 * floored product is
 *   (c*v) >> 14 = 4*X + (L >> 14)
 *               = (X >> 18)*2^20 + 4*(X mod 2^18) + (L >> 14)
 * X >> 18 = (A + (M >> 16)) >> 2, and X mod 2^18 is the low 18 bits of
 * the 32-bit sum (A << 16) + M.  The kernel keeps every Q17.47 quantity
 * (the states and acc) as h*2^20 + r with int32 h and a small int32 r
 * (not normalised: at most five term remainders of < 2^21 each), so the
 * sums are plain 32-bit adds: |s2| < 2^49, |s1| <= 2^50 and
 * |acc| < 2^51 keep |h| < 2^31.  r carries +2^15 for the rounding of y:
 *   y = sat32((acc + 2^15) >> 16) = sat32(16*h + ((r + 2^15) >> 16)),
 * in range iff G = h + (k >> 4) (k = (r + 2^15) >> 16) lies in
 * [-2^27, 2^27), which holds iff ((16*h + k) mod 2^32) >> 4 == G.
 * The states are converted from/to int64 once per block.
 * iir_process_q1_31() runs one stage over all frames of one channel at a
 * time so the state and coefficient halves stay in registers.
 */
#define IIR_RND 0x8000

struct iir_khalf {
    int32_t h, l;
};

static inline struct iir_khalf iir_split(int32_t v)
{
    struct iir_khalf k;

    k.h = (v >> 16) + ((v >> 15) & 1);
    k.l = (int32_t)((uint32_t)v << 16) >> 16;
    return k;
}

/* (c*v) >> 14 as h*2^20 + r (see above). */
static inline void iir_term(struct iir_khalf c, struct iir_khalf v, int32_t *h,
                            int32_t *r)
{
    int32_t a = c.h * v.h;
    int32_t m = c.h * v.l + c.l * v.h;
    int32_t l = c.l * v.l;

    *h = (a + (m >> 16)) >> 2;
    *r = (int32_t)(((((uint32_t)a << 16) + (uint32_t)m) << 14) >> 12) +
         (l >> 14);
}

/* mode: 1 shift > 0, 0 shift == 0, -1 shift < 0 (inlined per mode). */
static inline __attribute__((always_inline)) void
iir_stage_run(const struct iir_biquad_q2_30 *b, int64_t *s1p, int64_t *s2p,
              int32_t *out, const int32_t *in, size_t stride, size_t frames,
              int mode)
{
    const struct iir_khalf b0 = iir_split(b->b0), b1 = iir_split(b->b1),
                           b2 = iir_split(b->b2), a1 = iir_split(b->a1),
                           a2 = iir_split(b->a2);
    const int32_t shift = b->shift;
    int32_t h1 = (int32_t)(*s1p >> 20);
    int32_t r1 = (int32_t)(*s1p & 0xfffff) + IIR_RND;
    int32_t h2 = (int32_t)(*s2p >> 20);
    int32_t r2 = (int32_t)(*s2p & 0xfffff) + IIR_RND;
    int32_t rnd = IIR_RND;

#if defined(__xtensa__)
    /* an opaque copy: gcc would otherwise rematerialise the constant in
	 * the loop with an l32r from IRAM (7 cycles) */
    __asm__("" : "+r"(rnd));
#endif

    for (size_t f = 0; f < frames; f++) {
        const struct iir_khalf xs = iir_split(*in);
        struct iir_khalf ys;
        int32_t th, tr, uh, ur, h1n, r1n, k, y;

        in += stride;
        /* the x terms first: the halves of x die before y is formed */
        iir_term(b1, xs, &th, &tr);
        h1n = th + h2;
        r1n = tr + r2;
        iir_term(b2, xs, &h2, &r2);
        iir_term(b0, xs, &th, &tr);
        th += h1;
        k = (tr + r1) >> 16;
        y = (int32_t)(((uint32_t)th << 4) + (uint32_t)k);
        if ((y >> 4) != th + (k >> 4))
            y = th < 0 ? INT32_MIN : INT32_MAX;
        ys = iir_split(y);
        iir_term(a1, ys, &uh, &ur);
        h1 = h1n - uh;
        r1 = r1n - ur;
        iir_term(a2, ys, &uh, &ur);
        h2 -= uh;
        r2 += rnd - ur;
        if (mode > 0) {
            /* floor(t/2) + (t & 1): ((t + 1) >> 1) overflows
			 * for t = INT32_MAX (shift 1) */
            int32_t t = y >> (shift - 1);

            y = (t >> 1) + (t & 1);
        } else if (mode < 0) {
            y = iir_out_shift(y, shift);
        }
        *out = y;
        out += stride;
    }
    *s1p = (int64_t)h1 * (1 << 20) + (r1 - IIR_RND);
    *s2p = (int64_t)h2 * (1 << 20) + (r2 - IIR_RND);
}

void iir_process_q1_31(struct iir_state *st, unsigned int channels,
                       int32_t *out, const int32_t *in, size_t frames)
{
    for (unsigned int c = 0; c < channels; c++) {
        struct iir_state *s = &st[c];
        const struct iir_coefs *co = s->coefs;
        const int32_t *src = in + c;

        for (unsigned int i = 0; i < co->num_stages; i++) {
            const struct iir_biquad_q2_30 *b = &co->stage[i];

            if (b->shift > 0)
                iir_stage_run(b, &s->s1[i], &s->s2[i], out + c, src, channels,
                              frames, 1);
            else if (b->shift == 0)
                iir_stage_run(b, &s->s1[i], &s->s2[i], out + c, src, channels,
                              frames, 0);
            else
                iir_stage_run(b, &s->s1[i], &s->s2[i], out + c, src, channels,
                              frames, -1);
            src = out + c;
        }
        if (co->num_stages == 0)
            for (size_t f = 0; f < frames; f++)
                out[f * channels + c] = in[f * channels + c];
    }
}

int32_t iir_sample(struct iir_state *st, int32_t x)
{
    int32_t y;

    iir_process_q1_31(st, 1, &y, &x, 1);
    return y;
}

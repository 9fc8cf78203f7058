/* SPDX-License-Identifier: BSD-3-Clause */
/* FIR kernel (see fir.h). */
#include "fir.h"

#include "q_math.h"

/* Whether a block whose positive taps sum to pos and negative ones to
 * -neg keeps every 32-bit block sum in range for halves in [-2^15, 2^15):
 * the largest sum is 2^15 * neg + (2^15 - 1) * pos <= 2^31 - 1, the
 * smallest -(2^15 * pos + (2^15 - 1) * neg) >= -2^31 (so 4 taps of 0.5
 * fit, 3 taps of -1 do not). */
static int fir_block_fits(uint32_t pos, uint32_t neg)
{
    uint32_t s = pos + neg;

    return s <= 65536u && 32768u * s - pos <= 0x7fffffffu &&
           32768u * s - neg <= 0x80000000u;
}

/* Blocks from h[0] on, each as long as fir_block_fits() allows, cut to a
 * multiple of 4 taps when longer than 4 and not the last (the unrolled
 * loop takes 4 at a time; a single tap always fits). */
static void fir_blocks(struct fir_state *st, const int16_t *h,
                       unsigned int taps)
{
    unsigned int k = 0, nb = 0;

    while (k < taps) {
        uint32_t pos = 0, neg = 0;
        unsigned int e = k;

        for (; e < taps; e++) {
            uint32_t p = pos, n = neg;

            if (h[e] < 0)
                n += (uint32_t)-h[e];
            else
                p += (uint32_t)h[e];
            if (!fir_block_fits(p, n))
                break;
            pos = p;
            neg = n;
        }
        if (e == k)
            e = k + 1;
        if (e < taps && e - k > 4)
            e = k + ((e - k) & ~3u);
        st->blen[nb++] = (uint8_t)(e - k - 1);
        k = e;
    }
    st->nblocks = nb;
}

int fir_init(struct fir_state *st, const int16_t *coef_q1_15, unsigned int taps,
             int shift, int32_t *delay)
{
    if (taps < 1 || taps > FIR_MAX_TAPS || shift < FIR_SHIFT_MIN ||
        shift > FIR_SHIFT_MAX || !coef_q1_15 || !delay)
        return -1;
    st->coef_q1_15 = coef_q1_15;
    st->delay = delay;
    st->taps = taps;
    st->len = taps + 1;
    st->shift = shift;
    st->bias = 0;
    for (unsigned int k = 0; k < taps; k++)
        st->bias += coef_q1_15[k];
    st->bias *= 1 << 15;
    fir_blocks(st, coef_q1_15, taps);
    fir_reset(st);
    return 0;
}

void fir_reset(struct fir_state *st)
{
    /* the halves of a zero sample: high 0, low 0 - 2^15 */
    for (unsigned int i = 0; i < 2 * st->len; i++) {
        st->delay[i] = 0;
        st->delay[2 * st->len + i] = -(1 << 15);
    }
    st->pos = 0;
}

/* Round the exact sum (hi * 2^16 + lo + bias, Q.46) to the output. */
static int32_t fir_out(const struct fir_state *st, int64_t hi, int64_t lo)
{
    int64_t acc = (int64_t)((uint64_t)hi << 16) + lo + st->bias;

    return q_sat32(q_shift_rnd64(acc, 15 - st->shift));
}

/* Store the halves of x as the newest sample; returns its index. */
static unsigned int fir_push(struct fir_state *st, int32_t x)
{
    unsigned int p = st->pos ? st->pos - 1 : st->len - 1;
    int32_t *lo = st->delay + 2 * st->len;
    int32_t hx = x >> 16, lx = (int32_t)((uint32_t)x & 0xffffu) - (1 << 15);

    st->delay[p] = hx;
    st->delay[p + st->len] = hx;
    lo[p] = lx;
    lo[p + st->len] = lx;
    st->pos = p;
    return p;
}

int32_t fir_sample(struct fir_state *st, int32_t x)
{
    const int16_t *h = st->coef_q1_15;
    /* dh[k], dl[k]: the halves of x[n - k] */
    const int32_t *dh = st->delay + fir_push(st, x);
    const int32_t *dl = dh + 2 * st->len;
    int64_t acc_hi = 0, acc_lo = 0;
    unsigned int k = 0;

    for (unsigned int b = 0; b < st->nblocks; b++) {
        unsigned int e = k + st->blen[b] + 1u;
        int32_t hi = 0, lo = 0;

        for (; k < e; k++) {
            int32_t c = h[k];

            hi += dh[k] * c; /* MULL */
            lo += dl[k] * c; /* MULL */
        }
        acc_hi += hi;
        acc_lo += lo;
    }
    return fir_out(st, acc_hi, acc_lo);
}

/*
 * Two consecutive outputs of one channel at once: with d[k] = x[n+1-k],
 * y[n+1] = sum h[k] d[k] and y[n] = sum h[k] d[k+1], so every coefficient
 * and every sample is loaded once for two products.  The high and the low
 * halves of the samples go in two passes (fewer live registers: no spills
 * on the LX106); `m` taps, sums added to *y0 / *y1.
 */
/* A sum of up to 256 block sums, kept as the sum of their high 16 bits
 * (arithmetic) and of their low 16 bits: 32-bit adds only. */
struct fir_acc {
    int32_t h, l;
};

static inline void fir_acc_add(struct fir_acc *y, int32_t a)
{
    y->h += a >> 16;
    y->l += a & 0xffff;
}

static inline int64_t fir_acc_sum(const struct fir_acc *y)
{
    return (int64_t)y->h * 65536 + y->l;
}

static inline __attribute__((always_inline)) void
fir_pair_pass(const int16_t *c, const int32_t *d, unsigned int m,
              struct fir_acc *y0, struct fir_acc *y1)
{
    const int16_t *e = c + (m & ~3u);
    int32_t a0 = 0, a1 = 0, s = d[0];

    for (; c != e; c += 4, d += 4) {
        int32_t t = d[1], u = d[2], v = d[3], w = d[4];

        a1 += s * c[0];
        a0 += t * c[0];
        a1 += t * c[1];
        a0 += u * c[1];
        a1 += u * c[2];
        a0 += v * c[2];
        a1 += v * c[3];
        a0 += w * c[3];
        s = w;
    }
    for (e = c + (m & 3u); c != e; c++, d++) {
        int32_t t = d[1];

        a1 += s * c[0];
        a0 += t * c[0];
        s = t;
    }
    fir_acc_add(y0, a0);
    fir_acc_add(y1, a1);
}

static void fir_pair(struct fir_state *st, int32_t x0, int32_t x1, int32_t *y0,
                     int32_t *y1)
{
    const int16_t *h = st->coef_q1_15;
    unsigned int p0 = fir_push(st, x0);
    const int32_t *d;
    struct fir_acc a0h = { 0, 0 }, a0l = { 0, 0 }, a1h = { 0, 0 },
                   a1l = { 0, 0 };

    fir_push(st, x1);
    /* x1 sits just below x0 unless x0 took index 0: then use the copy
	 * of the line above (index p0 + len), which keeps them adjacent; the
	 * line holds taps + 1 samples, all that y[n] and y[n+1] need */
    d = st->delay + (p0 ? p0 : st->len) - 1;
    for (unsigned int b = 0, k = 0; b < st->nblocks; b++) {
        unsigned int m = st->blen[b] + 1u;

        fir_pair_pass(h + k, d + k, m, &a0h, &a1h);
        fir_pair_pass(h + k, d + 2 * st->len + k, m, &a0l, &a1l);
        k += m;
    }
    *y0 = fir_out(st, fir_acc_sum(&a0h), fir_acc_sum(&a0l));
    *y1 = fir_out(st, fir_acc_sum(&a1h), fir_acc_sum(&a1l));
}

void fir_process_q1_31(struct fir_state *st, unsigned int channels,
                       int32_t *out, const int32_t *in, size_t frames)
{
    for (unsigned int c = 0; c < channels; c++) {
        size_t f = 0;

        for (; f + 2 <= frames; f += 2) {
            size_t i = f * channels + c;

            fir_pair(&st[c], in[i], in[i + channels], &out[i],
                     &out[i + channels]);
        }
        if (f < frames)
            out[f * channels + c] = fir_sample(&st[c], in[f * channels + c]);
    }
}

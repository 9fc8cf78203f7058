/* SPDX-License-Identifier: BSD-3-Clause */
/* FIR kernel (see fir.h). */
#include "fir.h"

#include "q_math.h"

/* Longest block length b (1..taps) such that every block [j*b, j*b + b)
 * has sum |h| <= 32768 (a single tap always does). */
static unsigned int fir_block_len(const int16_t *h, unsigned int taps)
{
	for (unsigned int b = taps; b > 1; b--) {
		unsigned int k = 0;

		for (; k < taps; k += b) {
			uint32_t sum = 0;

			for (unsigned int i = k; i < k + b && i < taps; i++)
				sum += (uint32_t)(h[i] < 0 ? -h[i] : h[i]);
			if (sum > 32768u)
				break;
		}
		if (k >= taps)
			return b;
	}
	return 1;
}

int fir_init(struct fir_state *st, const int16_t *coef_q1_15,
	     unsigned int taps, int shift, int32_t *delay)
{
	if (taps < 1 || taps > FIR_MAX_TAPS || shift < FIR_SHIFT_MIN ||
	    shift > FIR_SHIFT_MAX || !coef_q1_15 || !delay)
		return -1;
	st->coef_q1_15 = coef_q1_15;
	st->delay = delay;
	st->taps = taps;
	st->len = taps + 1;
	st->shift = shift;
	st->block = fir_block_len(coef_q1_15, taps);
	fir_reset(st);
	return 0;
}

void fir_reset(struct fir_state *st)
{
	for (unsigned int i = 0; i < 2 * st->len; i++)
		st->delay[i] = 0;
	st->pos = 0;
}

/* Round the exact sum (hi * 2^16 + lo, Q.46) to the output. */
static int32_t fir_out(const struct fir_state *st, int64_t hi, int64_t lo)
{
	int64_t acc = (int64_t)((uint64_t)hi << 16) + lo;

	return q_sat32(q_shift_rnd64(acc, 15 - st->shift));
}

/* Store x as the newest sample; returns its index. */
static unsigned int fir_push(struct fir_state *st, int32_t x)
{
	unsigned int p = st->pos ? st->pos - 1 : st->len - 1;

	st->delay[p] = x;
	st->delay[p + st->len] = x;
	st->pos = p;
	return p;
}

#define FIR_HI(s) ((s) >> 16)
#define FIR_LO(s) ((int32_t)((uint32_t)(s) & 0xffffu))

int32_t fir_sample(struct fir_state *st, int32_t x)
{
	const int16_t *h = st->coef_q1_15;
	unsigned int n = st->taps;
	const int32_t *d = st->delay + fir_push(st, x);  /* d[k] = x[n - k] */
	int64_t acc_hi = 0, acc_lo = 0;

	for (unsigned int k = 0; k < n;) {
		unsigned int e = n - k < st->block ? n : k + st->block;
		int32_t hi = 0, lo = 0;

		for (; k < e; k++) {
			int32_t c = h[k];

			hi += FIR_HI(d[k]) * c;                 /* MUL16S */
			lo += FIR_LO(d[k]) * c;                 /* MULL */
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
#define FIR_PAIR_PASS(name, PART)					\
static inline __attribute__((always_inline)) void name(		\
	const int16_t *c, const int32_t *d, unsigned int m,		\
	int64_t *y0, int64_t *y1)					\
{									\
	const int16_t *e = c + (m & ~3u);				\
	int32_t a0 = 0, a1 = 0, s = PART(d[0]);				\
									\
	for (; c != e; c += 4, d += 4) {				\
		int32_t t = PART(d[1]), u = PART(d[2]);			\
		int32_t v = PART(d[3]), w = PART(d[4]);			\
									\
		a1 += s * c[0];						\
		a0 += t * c[0];						\
		a1 += t * c[1];						\
		a0 += u * c[1];						\
		a1 += u * c[2];						\
		a0 += v * c[2];						\
		a1 += v * c[3];						\
		a0 += w * c[3];						\
		s = w;							\
	}								\
	for (e = c + (m & 3u); c != e; c++, d++) {			\
		int32_t t = PART(d[1]);					\
									\
		a1 += s * c[0];						\
		a0 += t * c[0];						\
		s = t;							\
	}								\
	*y0 += a0;							\
	*y1 += a1;							\
}

FIR_PAIR_PASS(fir_pair_hi, FIR_HI)
FIR_PAIR_PASS(fir_pair_lo, FIR_LO)

static void fir_pair(struct fir_state *st, int32_t x0, int32_t x1,
		     int32_t *y0, int32_t *y1)
{
	const int16_t *h = st->coef_q1_15;
	unsigned int n = st->taps;
	unsigned int p0 = fir_push(st, x0);
	const int32_t *d;
	int64_t a0h = 0, a0l = 0, a1h = 0, a1l = 0;

	fir_push(st, x1);
	/* x1 sits just below x0 unless x0 took index 0: then use the copy
	 * of the line above (index p0 + len), which keeps them adjacent; the
	 * line holds taps + 1 samples, all that y[n] and y[n+1] need */
	d = st->delay + (p0 ? p0 : st->len) - 1;
	for (unsigned int k = 0; k < n; k += st->block) {
		unsigned int m = n - k < st->block ? n - k : st->block;

		fir_pair_hi(h + k, d + k, m, &a0h, &a1h);
		fir_pair_lo(h + k, d + k, m, &a0l, &a1l);
	}
	*y0 = fir_out(st, a0h, a0l);
	*y1 = fir_out(st, a1h, a1l);
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
			out[f * channels + c] = fir_sample(&st[c],
							   in[f * channels + c]);
	}
}

/* FIR kernel (see fir.h). */
#include "fir.h"

#include "q_math.h"

int fir_init(struct fir_state *st, const int16_t *coef_q1_15,
	     unsigned int taps, int shift, int32_t *delay)
{
	if (taps < 1 || taps > FIR_MAX_TAPS || shift < FIR_SHIFT_MIN ||
	    shift > FIR_SHIFT_MAX || !coef_q1_15 || !delay)
		return -1;
	st->coef_q1_15 = coef_q1_15;
	st->delay = delay;
	st->taps = taps;
	st->shift = shift;
	fir_reset(st);
	return 0;
}

void fir_reset(struct fir_state *st)
{
	for (unsigned int i = 0; i < 2 * st->taps; i++)
		st->delay[i] = 0;
	st->pos = 0;
}

int32_t fir_sample(struct fir_state *st, int32_t x)
{
	const int16_t *h = st->coef_q1_15;
	unsigned int n = st->taps;
	const int32_t *d;
	int64_t acc_hi = 0, acc_lo = 0, acc;
	int rshift;

	st->pos = st->pos ? st->pos - 1 : n - 1;
	st->delay[st->pos] = x;
	st->delay[st->pos + n] = x;
	d = st->delay + st->pos;          /* d[k] = x[n - k] */

	for (unsigned int k = 0; k < n; k++) {
		int32_t c = h[k];
		int32_t s = d[k];

		acc_hi += (int32_t)(s >> 16) * c;                      /* 16x16 */
		acc_lo += (int32_t)((uint32_t)s & 0xffffu) * c;        /* u16 x s16 */
	}
	/* sum x * h in Q.46 */
	acc = (int64_t)((uint64_t)acc_hi << 16) + acc_lo;
	rshift = 15 - st->shift;
	return q_sat32(q_shift_rnd64(acc, rshift));
}

void fir_process_q1_31(struct fir_state *st, unsigned int channels,
		       int32_t *out, const int32_t *in, size_t frames)
{
	for (size_t f = 0; f < frames; f++)
		for (unsigned int c = 0; c < channels; c++) {
			size_t i = f * channels + c;

			out[i] = fir_sample(&st[c], in[i]);
		}
}

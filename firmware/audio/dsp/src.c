/* Polyphase sample-rate converter (see src.h). */
#include "src.h"

#include "q_math.h"

const struct src_conv *src_find(uint32_t rate_in, uint32_t rate_out)
{
	for (unsigned int i = 0; i < SRC_NUM_CONV; i++)
		if (src_conv_table[i].rate_in == rate_in &&
		    src_conv_table[i].rate_out == rate_out)
			return &src_conv_table[i];
	return 0;
}

size_t src_delay_words(const struct src_conv *conv, unsigned int channels)
{
	return (size_t)2 * conv->taps * channels;
}

int src_init(struct src_state *st, const struct src_conv *conv,
	     unsigned int channels, int32_t *delay)
{
	if (!conv || !delay || channels < 1 || channels > SRC_MAX_CHANNELS)
		return -1;
	st->conv = conv;
	st->channels = channels;
	st->delay = delay;
	src_reset(st);
	return 0;
}

void src_reset(struct src_state *st)
{
	size_t n = src_delay_words(st->conv, st->channels);

	for (size_t i = 0; i < n; i++)
		st->delay[i] = 0;
	st->pos = 0;
	st->phase = 0;
	st->need = 1;     /* output 0 needs input 0 */
}

/* sum c[k] * d[k] of Q1.31 values, result Q1.31 rounded and saturated. */
static int32_t src_dot(const int32_t *c, const int32_t *d, unsigned int n)
{
	int64_t acc_hh = 0, acc_mid = 0;
	uint64_t acc_ll = 0;

	for (unsigned int k = 0; k < n; k++) {
		int32_t a = c[k], b = d[k];
		int32_t ah = a >> 16, bh = b >> 16;
		int32_t al = (int32_t)((uint32_t)a & 0xffffu);
		int32_t bl = (int32_t)((uint32_t)b & 0xffffu);

		acc_hh += ah * bh;
		acc_mid += (int64_t)(ah * bl) + (al * bh);
		acc_ll += ((uint32_t)al * (uint32_t)bl) >> 16;
	}
	/* sum a*b / 2^16 = acc_hh * 2^16 + acc_mid + acc_ll (to 2^-16) */
	return q_sat32(q_shift_rnd64((int64_t)((uint64_t)acc_hh << 16) +
				     acc_mid + (int64_t)acc_ll, 15));
}

void src_process_q1_31(struct src_state *st, int32_t *out, size_t out_frames,
		       const int32_t *in, size_t in_frames, size_t *consumed,
		       size_t *produced)
{
	const struct src_conv *cv = st->conv;
	unsigned int nch = st->channels, taps = cv->taps;
	size_t ci = 0, po = 0;

	for (;;) {
		/* take the input frames the next output needs */
		while (st->need && ci < in_frames) {
			st->pos = st->pos ? st->pos - 1 : taps - 1;
			for (unsigned int c = 0; c < nch; c++) {
				int32_t *d = st->delay + (size_t)c * 2 * taps;
				int32_t x = in[ci * nch + c];

				d[st->pos] = x;
				d[st->pos + taps] = x;
			}
			st->need--;
			ci++;
		}
		if (st->need || po == out_frames)
			break;
		{
			const int32_t *h = cv->coef_q1_31 + (size_t)st->phase * taps;

			for (unsigned int c = 0; c < nch; c++)
				out[po * nch + c] =
					src_dot(h, st->delay + (size_t)c * 2 * taps +
						st->pos, taps);
		}
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

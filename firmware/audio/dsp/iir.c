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

int32_t iir_sample(struct iir_state *st, int32_t x)
{
	const struct iir_coefs *c = st->coefs;

	for (unsigned int i = 0; i < c->num_stages; i++) {
		const struct iir_biquad_q2_30 *b = &c->stage[i];
		int64_t acc = (q_mul_s32_s32(b->b0, x) >> 14) + st->s1[i];
		int32_t y = q_sat32(q_shift_rnd64(acc, 16));

		st->s1[i] = (q_mul_s32_s32(b->b1, x) >> 14) -
			    (q_mul_s32_s32(b->a1, y) >> 14) + st->s2[i];
		st->s2[i] = (q_mul_s32_s32(b->b2, x) >> 14) -
			    (q_mul_s32_s32(b->a2, y) >> 14);
		x = iir_out_shift(y, b->shift);
	}
	return x;
}

void iir_process_q1_31(struct iir_state *st, unsigned int channels,
		       int32_t *out, const int32_t *in, size_t frames)
{
	for (size_t f = 0; f < frames; f++)
		for (unsigned int c = 0; c < channels; c++) {
			size_t i = f * channels + c;

			out[i] = iir_sample(&st[c], in[i]);
		}
}

/*
 * SRC: for every supported conversion, measured with double-precision
 * analysis of the fixed-point output:
 *   gain of a 1 kHz tone (least-squares fit)          within +-0.1 dB
 *   passband ripple, tone sweep to 0.45 * min(fs)      within +-0.1 dB
 *   THD+N of 1 kHz at -1 dBFS (Kaiser-windowed FFT,
 *   fundamental notched out, 20 Hz .. fs_out / 2)      <= -80 dB
 *   aliasing (down: tones above fs_out / 2) and
 *   imaging (up: everything but the tone)              <= -60 dB
 * plus streaming in odd block sizes equals one-shot processing, 3-channel
 * processing equals each channel alone, and sox
 * `rate` on the same WAV measured with the same metrics.
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

#define C 2

/* Convert `frames` of a stereo tone (amplitude in dBFS, freq Hz) and return
 * the left output channel as doubles with the first `skip` output samples
 * (filter settling) dropped. */
static double *convert_tone(const struct src_conv *cv, double freq, double db,
			    size_t frames, size_t *n_out)
{
	int32_t *in = malloc(frames * C * 4);
	size_t cap = frames * cv->l / cv->m + 16, used, made;
	int32_t *out = malloc(cap * C * 4);
	int32_t *dl = malloc(src_delay_words(cv, C) * 4);
	struct src_state st;
	double a = pow(10, db / 20), *x;
	size_t skip = (size_t)cv->taps * cv->l / cv->m + 8;

	for (size_t i = 0; i < frames; i++) {
		in[i * C] = d_to_q31(a * sin(2 * M_PI * freq * i / cv->rate_in));
		in[i * C + 1] = -in[i * C];
	}
	assert_int_equal(src_init(&st, cv, C, dl), 0);
	src_process_q1_31(&st, out, cap, in, frames, &used, &made);
	assert_int_equal(used, frames);
	assert_true(made > skip + 1000);
	*n_out = made - skip;
	x = malloc(*n_out * sizeof(double));
	for (size_t i = 0; i < *n_out; i++) {
		x[i] = q31_to_d(out[(i + skip) * C]);
		/* negated channel: same result up to the half-up rounding */
		assert_true(llabs((long long)out[(i + skip) * C + 1] + out[(i + skip) * C]) <= 1);
	}
	free(in);
	free(out);
	free(dl);
	return x;
}

struct figures { double gain, ripple_lo, ripple_hi, thdn, alias; };

static void measure(const struct src_conv *cv, struct figures *f)
{
	double flo = fmin(cv->rate_in, cv->rate_out), *x;
	size_t n;

	/* gain and THD+N: 1 kHz at -1 dBFS, ~1 s */
	x = convert_tone(cv, 1000.0, -1.0, cv->rate_in, &n);
	f->gain = lin_to_db(sine_fit(x, n, 1, 1000.0, cv->rate_out, NULL)) + 1.0;
	f->thdn = thd_n_db(x, n, 1, 1000.0, cv->rate_out, 0);
	free(x);
	/* passband sweep: 40 Hz .. 0.45 fmin */
	f->ripple_lo = 1e9;
	f->ripple_hi = -1e9;
	for (int k = 0; k <= 16; k++) {
		double fr = 40.0 * pow(0.45 * flo / 40.0, k / 16.0), g;

		x = convert_tone(cv, fr, -3.0, cv->rate_in / 4 + cv->taps * 2, &n);
		g = lin_to_db(sine_fit(x, n, 1, fr, cv->rate_out, NULL)) + 3.0 - f->gain;
		f->ripple_lo = fmin(f->ripple_lo, g);
		f->ripple_hi = fmax(f->ripple_hi, g);
		free(x);
	}
	/* aliasing / imaging */
	f->alias = -1e9;
	for (int k = 0; k < 6; k++) {
		double fr, lvl;

		if (cv->rate_out < cv->rate_in) {
			/* above the new Nyquist: all output is alias */
			fr = cv->rate_out / 2.0 + 50.0 +
			     k * (cv->rate_in / 2.0 - cv->rate_out / 2.0 - 100.0) / 5.0;
			x = convert_tone(cv, fr, -1.0, cv->rate_in / 4 + cv->taps * 2, &n);
			{
				double e = 0;

				for (size_t i = 0; i < n; i++)
					e += x[i] * x[i];
				lvl = 10 * log10(fmax(e / n, 1e-30) / (0.5 * pow(10, -0.1)));
			}
		} else {
			/* in the input band: images are everything but the tone */
			fr = 100.0 + k * (0.45 * cv->rate_in - 100.0) / 5.0;
			x = convert_tone(cv, fr, -1.0, cv->rate_in / 2 + cv->taps * 2, &n);
			lvl = thd_n_db(x, n, 1, fr, cv->rate_out, 0);
		}
		f->alias = fmax(f->alias, lvl);
		free(x);
	}
}

static void test_conversions(void **state)
{
	(void)state;
	for (unsigned int i = 0; i < SRC_NUM_CONV; i++) {
		const struct src_conv *cv = &src_conv_table[i];
		struct figures f;

		assert_ptr_equal(src_find(cv->rate_in, cv->rate_out), cv);
		measure(cv, &f);
		printf("SRC %5u -> %5u (%3u taps/phase): gain %+.4f dB, ripple %+.4f/%+.4f dB, "
		       "THD+N %.1f dB, %s %.1f dB\n", cv->rate_in, cv->rate_out, cv->taps,
		       f.gain, f.ripple_lo, f.ripple_hi, f.thdn,
		       cv->rate_out < cv->rate_in ? "alias" : "image", f.alias);
		assert_true(fabs(f.gain) <= 0.1);
		assert_true(f.ripple_lo >= -0.1 && f.ripple_hi <= 0.1);
		assert_true(f.thdn <= -80.0);
		assert_true(f.alias <= -60.0);
	}
	assert_null(src_find(48000, 22050));
}

static void test_streaming(void **state)
{
	const struct src_conv *cv = src_find(44100, 48000);
	enum { F = 5000 };
	static int32_t in[F * C], a[F * 2 * C], b[F * 2 * C];
	int32_t *d1 = malloc(src_delay_words(cv, C) * 4), *d2 = malloc(src_delay_words(cv, C) * 4);
	struct src_state s1, s2;
	size_t used, made, total = 0, pos = 0;
	uint32_t rng = 3;

	(void)state;
	for (int i = 0; i < F * C; i++) {
		rng = rng * 1664525u + 1013904223u;
		in[i] = (int32_t)rng >> 1;
	}
	src_init(&s1, cv, C, d1);
	src_init(&s2, cv, C, d2);
	src_process_q1_31(&s1, a, F * 2, in, F, &used, &made);
	assert_int_equal(used, F);
	/* output count: outputs n with floor(n * M / L) < F */
	assert_int_equal(made, ((size_t)F * cv->l + cv->m - 1) / cv->m);
	/* odd input blocks and a small output buffer */
	while (pos < F) {
		size_t blk = pos + 37 <= F ? 37 : F - pos;

		src_process_q1_31(&s2, b + total * C, 11, in + pos * C, blk, &used, &made);
		pos += used;
		total += made;
	}
	{
		/* drain what the 11-frame output limit held back */
		size_t u2, m2;

		src_process_q1_31(&s2, b + total * C, F, in, 0, &u2, &m2);
		total += m2;
	}
	assert_int_equal(total, ((size_t)F * cv->l + cv->m - 1) / cv->m);
	assert_memory_equal(a, b, total * C * 4);
	assert_int_equal(src_init(&s1, cv, 0, d1), -1);
	assert_int_equal(src_init(&s1, NULL, 2, d1), -1);
	free(d1);
	free(d2);
}

/* 3 channels (a channel pair plus a single one) equal each channel run
 * alone, for every conversion (forward, mirrored and odd-channel paths). */
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
}

static void sox_figures(unsigned int rin, unsigned int rout, double *gain,
			double *thdn)
{
	size_t F = rin;
	int32_t *in = malloc(F * C * 4), *sx = NULL;
	char pin[256], pout[256], cmd[800];
	unsigned int ch = 0, rate = 0;
	double *x;
	long n;

	for (size_t i = 0; i < F; i++) {
		in[i * C] = d_to_q31(pow(10, -1 / 20.0) * sin(2 * M_PI * 1000.0 * i / rin));
		in[i * C + 1] = in[i * C];
	}
	tmp_path(pin, sizeof(pin), "src_in");
	tmp_path(pout, sizeof(pout), "src_out");
	assert_int_equal(wav_write_s32(pin, in, F, C, rin), 0);
	snprintf(cmd, sizeof(cmd), "%s -e signed -b 32 %s rate -v %u", pin, pout, rout);
	assert_int_equal(run_sox(cmd), 0);
	n = wav_read_s32(pout, &sx, &ch, &rate);
	assert_int_equal(rate, rout);
	assert_true(n > (long)rout / 2);
	x = malloc(n * sizeof(double));
	for (long i = 0; i < n; i++)
		x[i] = q31_to_d(sx[i * C]);
	/* drop the edges */
	*gain = lin_to_db(sine_fit(x + n / 8, n - n / 4, 1, 1000.0, rout, NULL)) + 1.0;
	*thdn = thd_n_db(x + n / 8, n - n / 4, 1, 1000.0, rout, 0);
	remove(pin);
	remove(pout);
	free(in);
	free(sx);
	free(x);
}

static void test_vs_sox(void **state)
{
	(void)state;
	for (unsigned int i = 0; i < SRC_NUM_CONV; i++) {
		const struct src_conv *cv = &src_conv_table[i];
		double sg, st, g, t, *x;
		size_t n;

		sox_figures(cv->rate_in, cv->rate_out, &sg, &st);
		x = convert_tone(cv, 1000.0, -1.0, cv->rate_in, &n);
		g = lin_to_db(sine_fit(x, n, 1, 1000.0, cv->rate_out, NULL)) + 1.0;
		t = thd_n_db(x, n, 1, 1000.0, cv->rate_out, 0);
		free(x);
		printf("1 kHz -1 dBFS %5u -> %5u: sox rate -v gain %+.4f dB THD+N %.1f dB; "
		       "ours %+.4f dB %.1f dB\n", cv->rate_in, cv->rate_out, sg, st, g, t);
		assert_true(fabs(g - sg) <= 0.1);   /* same level as sox */
		assert_true(t <= -80.0 && st <= -80.0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_conversions),
		cmocka_unit_test(test_streaming),
		cmocka_unit_test(test_channels),
		cmocka_unit_test(test_vs_sox),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

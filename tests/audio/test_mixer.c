/* Mixer: exact sums against an int64 reference, saturation at both ends,
 * 2..4 inputs, aliasing, bad input counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "mixer.h"

static uint32_t rng = 777u;
static int32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return (int32_t)rng;
}

static int32_t ref_sum(const int32_t *const in[], unsigned int n, size_t i)
{
	long long s = 0;

	for (unsigned int k = 0; k < n; k++)
		s += in[k][i];
	return s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : (int32_t)s;
}

static void test_mix_random(void **state)
{
	enum { N = 48 * 2 * 20 };
	static int32_t a[4][N], out[N];
	const int32_t *in[4] = { a[0], a[1], a[2], a[3] };
	int sat = 0;

	(void)state;
	for (unsigned int n = 2; n <= 4; n++) {
		for (int k = 0; k < 4; k++)
			for (int i = 0; i < N; i++)
				a[k][i] = (i & 1) ? rnd() >> 3 : rnd();  /* both regimes */
		assert_int_equal(mix_q1_31(out, in, n, N), 0);
		for (int i = 0; i < N; i++) {
			assert_int_equal(out[i], ref_sum(in, n, i));
			sat += out[i] == INT32_MAX || out[i] == INT32_MIN;
		}
	}
	assert_true(sat > 100);  /* the saturating path was exercised */
}

static void test_mix_edges(void **state)
{
	int32_t a[] = { INT32_MAX, INT32_MIN, INT32_MAX, INT32_MIN, 1, -1, 0x40000000 };
	int32_t b[] = { INT32_MAX, INT32_MIN, INT32_MIN, 1, -1, 1, 0x3fffffff };
	int32_t c[] = { INT32_MAX, INT32_MIN, 0, -2, 0, 0, 1 };
	int32_t d[] = { INT32_MIN, INT32_MAX, 0, 0, 0, 0, 0 };
	const int32_t *in[4] = { a, b, c, d };
	int32_t out[7];

	(void)state;
	assert_int_equal(mix_q1_31(out, in, 2, 7), 0);
	assert_int_equal(out[0], INT32_MAX);
	assert_int_equal(out[1], INT32_MIN);
	assert_int_equal(out[2], -1);
	assert_int_equal(out[3], INT32_MIN + 1);
	assert_int_equal(out[4], 0);
	assert_int_equal(out[6], INT32_MAX);
	/* 3 x max - min: the exact sum comes back into range only if the
	 * accumulator does not saturate early: MAX+MAX+MAX+MIN = 2*MAX - 1 */
	assert_int_equal(mix_q1_31(out, in, 4, 7), 0);
	assert_int_equal(out[0], INT32_MAX);
	assert_int_equal(out[6], INT32_MAX);
	{
		int32_t e[] = { INT32_MAX }, f[] = { INT32_MAX }, g[] = { INT32_MIN },
			h[] = { INT32_MIN };
		const int32_t *in2[4] = { e, f, g, h };

		assert_int_equal(mix_q1_31(out, in2, 4, 1), 0);
		assert_int_equal(out[0], -2);   /* exact, no early clipping */
	}
	/* in place into the first input */
	assert_int_equal(mix_q1_31(a, in, 2, 7), 0);
	assert_int_equal(a[5], 0);
	assert_int_equal(mix_q1_31(out, in, 1, 7), -1);
	assert_int_equal(mix_q1_31(out, in, 5, 7), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mix_random),
		cmocka_unit_test(test_mix_edges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Mixer kernel (see mixer.h). */
#include "mixer.h"

#include "q_math.h"

int mix_q1_31(int32_t *out, const int32_t *const in[], unsigned int n_in,
	      size_t samples)
{
	if (n_in < MIX_MIN_INPUTS || n_in > MIX_MAX_INPUTS)
		return -1;
	for (size_t i = 0; i < samples; i++) {
		int64_t acc = (int64_t)in[0][i] + in[1][i];

		for (unsigned int k = 2; k < n_in; k++)
			acc += in[k][i];
		out[i] = q_sat32(acc);
	}
	return 0;
}

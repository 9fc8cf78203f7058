/* SPDX-License-Identifier: BSD-3-Clause */
/* Mixer kernel (see mixer.h). */
#include "mixer.h"

#include "gain.h"
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

int mix_gain_q1_31(int32_t *out, const int32_t *const in[],
                   const int32_t gain_q4_28[], unsigned int n_in,
                   size_t samples)
{
    if (n_in < MIX_MIN_INPUTS || n_in > MIX_MAX_INPUTS)
        return -1;
    for (size_t i = 0; i < samples; i++) {
        int64_t acc = 0;

        for (unsigned int k = 0; k < n_in; k++) {
            int32_t g = gain_q4_28[k];

            acc += g == GAIN_Q4_28_ONE
                       ? (int64_t)in[k][i]
                       : q_shift_rnd64(q_mul_s32_s32(in[k][i], g), 28);
        }
        out[i] = q_sat32(acc);
    }
    return 0;
}

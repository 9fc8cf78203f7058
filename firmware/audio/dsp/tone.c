/* SPDX-License-Identifier: BSD-3-Clause */
/* Tone generator (see tone.h). */
#include "tone.h"

#include "q_math.h"

int tone_init(struct tone_state *st, uint32_t rate_hz, unsigned int channels)
{
    if (rate_hz == 0 || rate_hz >= (1u << 24) || channels < 1 || channels > 8)
        return -1;
    st->rate_hz = rate_hz;
    st->phase = 0;
    st->phase_inc = 0;
    st->ampl_q1_31 = 0;
    st->channels = channels;
    return 0;
}

int tone_set_freq(struct tone_state *st, uint32_t freq_q16_16)
{
    uint32_t fs = st->rate_hz, a, r, q2, q3;

    /* f < fs / 2 <=> freq_q16_16 < fs * 2^15 (compare without overflow). */
    if ((freq_q16_16 >> 15) >= fs)
        return -1;
    /* floor(f_q16 * 2^16 / fs) by long division in 16 + 8 + 8 bits. */
    a = freq_q16_16 / fs;
    r = freq_q16_16 % fs;
    q2 = (r << 8) / fs;
    r = (r << 8) % fs;
    q3 = (r << 8) / fs;
    st->phase_inc = (a << 16) | (q2 << 8) | q3;
    return 0;
}

void tone_set_ampl(struct tone_state *st, int32_t ampl_q1_31)
{
    st->ampl_q1_31 = ampl_q1_31;
}

void tone_reset_phase(struct tone_state *st)
{
    st->phase = 0;
}

int32_t tone_sin_q1_31(uint32_t phase)
{
    uint32_t quadrant = phase >> 30;
    uint32_t pq = phase & 0x3fffffffu;
    uint32_t idx, frac;
    int32_t t0, t1, y;

    if (quadrant & 1)
        pq = 0x40000000u - pq; /* mirror: 1..2^30 */
    idx = pq >> 22;
    if (idx == TONE_TABLE_SIZE - 1) /* exactly the quarter point */
        return (quadrant & 2) ? -tone_sine_quarter_q1_31[idx]
                              : tone_sine_quarter_q1_31[idx];
    frac = pq & 0x3fffffu;
    t0 = tone_sine_quarter_q1_31[idx];
    t1 = tone_sine_quarter_q1_31[idx + 1];
    /* 0 <= t1 - t0 < 2^24: 16 x 15-bit product fits 32 bits. */
    y = t0 + (int32_t)((((uint32_t)(t1 - t0) >> 8) * (frac >> 7)) >> 7);
    return (quadrant & 2) ? -y : y;
}

void tone_generate_q1_31(struct tone_state *st, int32_t *out, size_t frames)
{
    unsigned int nch = st->channels;

    for (size_t f = 0; f < frames; f++) {
        int32_t s = q_mul_q1_31(tone_sin_q1_31(st->phase), st->ampl_q1_31);

        for (unsigned int c = 0; c < nch; c++)
            *out++ = s;
        st->phase += st->phase_inc;
    }
}

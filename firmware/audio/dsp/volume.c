/* SPDX-License-Identifier: BSD-3-Clause */
/* Volume kernel (see volume.h). */
#include "volume.h"

#include "gain.h"
#include "q_math.h"

int vol_init(struct vol_state *st, unsigned int channels)
{
    if (channels < 1 || channels > VOL_MAX_CHANNELS)
        return -1;
    st->channels = channels;
    st->ramp_frames = 0;
    st->muted = false;
    for (unsigned int c = 0; c < VOL_MAX_CHANNELS; c++) {
        struct vol_channel *v = &st->ch[c];

        v->gain_q4_28 = GAIN_Q4_28_ONE;
        v->target_q4_28 = GAIN_Q4_28_ONE;
        v->user_q4_28 = GAIN_Q4_28_ONE;
        v->step = 0;
        v->rem = 0;
        v->err = 0;
        v->dir = 1;
        v->ramp_len = 0;
        v->ramp_left = 0;
    }
    return 0;
}

uint32_t vol_ramp_frames(uint32_t ramp_ms, uint32_t rate_hz)
{
    /* ms * rate / 1000 without 64-bit division: split the rate. */
    return ramp_ms * (rate_hz / 1000) + ramp_ms * (rate_hz % 1000) / 1000;
}

void vol_set_ramp_frames(struct vol_state *st, uint32_t frames)
{
    st->ramp_frames = frames;
}

static void vol_start_ramp(struct vol_state *st, struct vol_channel *v,
                           int32_t target)
{
    uint32_t n = st->ramp_frames;
    int32_t delta;

    v->target_q4_28 = target;
    if (n == 0 || n > INT32_MAX || v->gain_q4_28 == target) {
        v->gain_q4_28 = target;
        v->ramp_left = 0;
        return;
    }
    /* Gains are in [0, 2^31): the difference fits int32. */
    delta = target - v->gain_q4_28;
    v->step = delta / (int32_t)n;
    v->rem = delta % (int32_t)n;
    v->dir = v->rem < 0 ? -1 : 1;
    if (v->rem < 0)
        v->rem = -v->rem;
    v->err = 0;
    v->ramp_len = n;
    v->ramp_left = n;
}

int vol_set_gain_q4_28(struct vol_state *st, unsigned int ch, int32_t gain)
{
    struct vol_channel *v;

    if (ch >= st->channels)
        return -1;
    if (gain < 0)
        gain = 0;
    v = &st->ch[ch];
    v->user_q4_28 = gain;
    if (!st->muted)
        vol_start_ramp(st, v, gain);
    return 0;
}

int vol_set_gain_db(struct vol_state *st, unsigned int ch, int32_t db_q8_8)
{
    return vol_set_gain_q4_28(st, ch, gain_db_to_lin_q4_28(db_q8_8));
}

void vol_set_mute(struct vol_state *st, bool mute)
{
    if (mute == st->muted)
        return;
    st->muted = mute;
    for (unsigned int c = 0; c < st->channels; c++)
        vol_start_ramp(st, &st->ch[c], mute ? 0 : st->ch[c].user_q4_28);
}

bool vol_is_ramping(const struct vol_state *st)
{
    for (unsigned int c = 0; c < st->channels; c++)
        if (st->ch[c].ramp_left)
            return true;
    return false;
}

static inline int32_t vol_apply(int32_t x, int32_t g)
{
    return q_mul_rnd28_sat32(x, g);
}

static inline void vol_ramp_step(struct vol_channel *v)
{
    if (!v->ramp_left)
        return;
    v->gain_q4_28 += v->step;
    v->err += v->rem;
    if (v->err >= (int32_t)v->ramp_len) {
        v->err -= (int32_t)v->ramp_len;
        v->gain_q4_28 += v->dir;
    }
    if (--v->ramp_left == 0)
        v->gain_q4_28 = v->target_q4_28; /* already equal; kept as guard */
}

void vol_process_q1_31(struct vol_state *st, int32_t *out, const int32_t *in,
                       size_t frames)
{
    unsigned int nch = st->channels;

    for (unsigned int c = 0; c < nch; c++) {
        struct vol_channel *v = &st->ch[c];
        const int32_t *x = in + c;
        int32_t *y = out + c;
        size_t f = 0;

        /* Ramping part: gain advances once per frame, then applies. */
        for (; f < frames && v->ramp_left; f++) {
            vol_ramp_step(v);
            *y = vol_apply(*x, v->gain_q4_28);
            x += nch;
            y += nch;
        }
        /* Steady part. */
        {
            int32_t g = v->gain_q4_28;

            if (g == GAIN_Q4_28_ONE) {
                for (; f < frames; f++) {
                    *y = *x;
                    x += nch;
                    y += nch;
                }
            } else {
                for (; f < frames; f++) {
                    *y = vol_apply(*x, g);
                    x += nch;
                    y += nch;
                }
            }
        }
    }
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Volume kernel: per-channel gain with a linear ramp, mute and saturation.
 *
 * Samples are interleaved Q1.31 frames of 1..VOL_MAX_CHANNELS channels.
 * Gains are Q4.28 linear (see gain.h); set in dB (Q8.8) or linear.
 *
 * Ramp: when a channel's target changes, its gain moves linearly from the
 * current value to the target over `ramp_frames` frames (configured with
 * vol_set_ramp_frames(); 0 = jump).  The gain is updated once per frame
 * (per-sample step): after frame k of an n-frame ramp the gain is within
 * 1 LSB of Q4.28 of start + k * (target - start) / n (integer step plus
 * error diffusion of the remainder, no per-sample division) and after
 * frame n it is exactly the target.  Changing the target mid-ramp restarts the ramp from
 * the current gain.
 *
 * Mute ramps each channel to 0 with the same ramp; unmute ramps back to the
 * last target.  Output = sat32(round_half_up(x * g / 2^28)).
 */
#ifndef AUDIO_DSP_VOLUME_H
#define AUDIO_DSP_VOLUME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define VOL_MAX_CHANNELS 8

struct vol_channel {
    int32_t gain_q4_28;   /* current gain */
    int32_t target_q4_28; /* where the ramp ends (0 while muted) */
    int32_t user_q4_28;   /* last gain set (restored on unmute) */
    int32_t step;         /* integer part of the per-frame step */
    int32_t rem;          /* |remainder| of (target - start) / n */
    int32_t err;          /* error accumulator, 0..n-1 */
    int32_t dir;          /* +1 / -1: sign of the remainder */
    uint32_t ramp_len;    /* n of the running ramp */
    uint32_t ramp_left;   /* frames left in the running ramp */
};

struct vol_state {
    unsigned int channels;
    uint32_t ramp_frames;
    bool muted;
    struct vol_channel ch[VOL_MAX_CHANNELS];
};

/* All channels at unity gain, no ramp.  Returns -1 for a bad channel count. */
int vol_init(struct vol_state *st, unsigned int channels);

/* Ramp length in frames for a ramp time in ms at rate_hz (rounded down). */
uint32_t vol_ramp_frames(uint32_t ramp_ms, uint32_t rate_hz);
void vol_set_ramp_frames(struct vol_state *st, uint32_t frames);

/* Set a channel's gain (ramped).  Returns -1 for a bad channel. */
int vol_set_gain_q4_28(struct vol_state *st, unsigned int ch, int32_t gain);
int vol_set_gain_db(struct vol_state *st, unsigned int ch, int32_t db_q8_8);
void vol_set_mute(struct vol_state *st, bool mute);

/* True while any channel is ramping. */
bool vol_is_ramping(const struct vol_state *st);

/* Process `frames` interleaved frames; in == out is allowed. */
void vol_process_q1_31(struct vol_state *st, int32_t *out, const int32_t *in,
                       size_t frames);

#endif /* AUDIO_DSP_VOLUME_H */

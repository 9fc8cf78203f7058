/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Volume component (dsp/volume.h): per-channel gain in dB Q8.8
 * (GAIN_DB_MIN_Q8_8..GAIN_DB_MAX_Q8_8 = -120..+18 dB; outside is
 * AUD_E_RANGE, not clamped), linear ramp of ramp_ms on every change,
 * mute (ramped).  One input, one output; same rate, channels and format on
 * both (else AUD_E_MISMATCH).  The gains in effect at START are applied
 * from the first frame (no ramp); later changes ramp.
 *
 * Controls: COMP_CTL_VOLUME_GAIN   int32_t[n] dB Q8.8, 1 <= n <= channels
 *                                  (channels 0..n-1 change)
 *           COMP_CTL_VOLUME_MUTE   uint32_t 0/1
 *           COMP_CTL_VOLUME_RAMP_MS uint32_t 0..COMP_VOLUME_RAMP_MS_MAX
 * get_control VOLUME_GAIN returns AUDIO_MAX_CHANNELS int32_t.
 */
#ifndef AUDIO_COMP_VOLUME_H
#define AUDIO_COMP_VOLUME_H

#include <stdint.h>

#include "buffer/audio_buffer.h"

#define COMP_VOLUME_RAMP_MS_MAX 5000u

struct comp_volume_config {
    int32_t gain_db_q8_8[AUDIO_MAX_CHANNELS];
    uint32_t ramp_ms;
    uint32_t mute; /* 0/1 */
};

#endif /* AUDIO_COMP_VOLUME_H */

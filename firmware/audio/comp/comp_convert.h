/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Pass-through / format-conversion component: one input, one output of the
 * same rate and channels (else AUD_E_MISMATCH), any formats (S16_LE,
 * S24_4LE, S32_LE).  Conversion through Q1.31: widening is exact,
 * narrowing rounds half up and saturates (dsp/format.h).  Config: none
 * (NULL, 0 bytes).  No controls.
 */
#ifndef AUDIO_COMP_CONVERT_H
#define AUDIO_COMP_CONVERT_H
#endif /* AUDIO_COMP_CONVERT_H */

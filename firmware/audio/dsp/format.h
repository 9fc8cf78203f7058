/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Sample format conversion between the wire formats and the internal
 * Q1.31 format.
 *
 * Formats (all little-endian in memory, one int per sample, interleaved):
 *   S16_LE  : int16_t, full scale 2^15.
 *   S24_4LE : 24-bit sample in the low 24 bits of a 32-bit container.
 *             On input bits 31..24 are ignored (the value is sign-extended
 *             from bit 23); on output the container is sign-extended.
 *   S32_LE  : int32_t, identical to Q1.31.
 *
 * To Q1.31: exact (left shift by 16 or 8).
 * From Q1.31: round half up (floor(x / 2^k + 1/2)), then saturate to the
 * target range, so 0x7fffffff -> 0x7fff (S16) and 0x7fffff (S24), and any
 * rounding that would overflow the positive end saturates.
 *
 * Counts are in samples (frames * channels).  In-place conversion is
 * allowed when source and destination have the same container size.
 */
#ifndef AUDIO_DSP_FORMAT_H
#define AUDIO_DSP_FORMAT_H

#include <stddef.h>
#include <stdint.h>

enum audio_fmt {
    AUDIO_FMT_S16_LE = 0,
    AUDIO_FMT_S24_4LE = 1,
    AUDIO_FMT_S32_LE = 2,
};

/* Bytes per sample of a format's container (2 or 4), 0 if unknown. */
size_t fmt_sample_bytes(enum audio_fmt fmt);

/* Single-sample conversions. */
int32_t fmt_s16_to_q1_31(int16_t x);
int32_t fmt_s24_to_q1_31(int32_t x);
int16_t fmt_q1_31_to_s16(int32_t x);
int32_t fmt_q1_31_to_s24(int32_t x);

/* Block conversions of n samples. */
void fmt_s16_to_q1_31_blk(int32_t *dst, const int16_t *src, size_t n);
void fmt_s24_to_q1_31_blk(int32_t *dst, const int32_t *src, size_t n);
void fmt_q1_31_to_s16_blk(int16_t *dst, const int32_t *src, size_t n);
void fmt_q1_31_to_s24_blk(int32_t *dst, const int32_t *src, size_t n);

/*
 * Generic: convert n samples of format `fmt` at `src` to Q1.31 and back.
 * Returns 0, or -1 for an unknown format.
 */
int fmt_to_q1_31(int32_t *dst, const void *src, enum audio_fmt fmt, size_t n);
int fmt_from_q1_31(void *dst, const int32_t *src, enum audio_fmt fmt, size_t n);

#endif /* AUDIO_DSP_FORMAT_H */

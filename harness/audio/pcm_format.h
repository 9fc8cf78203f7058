/* SPDX-License-Identifier: BSD-3-Clause */
/* PCM sample formats used by the harness and their mapping to Q1.31.
 *
 * Inside the harness every sample is a signed 32-bit Q1.31 value:
 * -2^31 is -1.0 (negative full scale), 2^31-1 is +1.0 - 2^-31.
 *
 * A format of N bits (16, 24 or 32) keeps the N most significant bits:
 *   value_N = q31 >> (32 - N)        (arithmetic shift)
 *   q31     = value_N << (32 - N)
 * One LSB "at format N" is therefore 2^(32-N) Q1.31 units.
 *
 * S24 is the S24_4LE container of the board's SSP ports (docs/board.md):
 * a 24-bit sample in bits 23..0 of a little-endian 32-bit word, sign
 * extended into bits 31..24 (bits 31..24 are ignored on input).  The
 * harness converts such a word w to Q1.31 as (int32_t)((uint32_t)w << 8)
 * and back as q31 >> 8.  WAV files written at S24 are ordinary packed
 * 24-bit PCM (3 bytes per sample); the 4-byte container exists only on
 * the board side.
 */
#ifndef DSH_PCM_FORMAT_H
#define DSH_PCM_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

typedef enum dsh_pcm_format {
    DSH_PCM_S16 = 16,
    DSH_PCM_S24 = 24, /* S24_4LE on the board, packed 24-bit in WAV */
    DSH_PCM_S32 = 32,
} dsh_pcm_format;

/* "s16", "s24", "s32" (also "s24_4le" for s24).  False if unknown. */
bool dsh_pcm_format_parse(const char *name, dsh_pcm_format *out);
const char *dsh_pcm_format_name(dsh_pcm_format f); /* "s16" ... */

/* Round a Q1.31 sample to the nearest value representable at format f
 * (ties away from zero, saturating at positive full scale); returns it
 * as Q1.31. */
/* Inline: the harness calls it for every sample it moves. */
static inline int32_t dsh_q31_quantize(int32_t q31, dsh_pcm_format f)
{
    if (f == DSH_PCM_S32)
        return q31;
    unsigned shift = 32u - (unsigned)f;
    if (!((uint32_t)q31 & ((1u << shift) - 1u)))
        return q31; /* nothing below the format's LSB: exact as it is */
    int64_t half = (int64_t)1 << (shift - 1);
    int64_t v = (int64_t)q31;
    /* round half away from zero */
    int64_t q = v >= 0 ? (v + half) >> shift : -((-v + half) >> shift);
    int64_t maxv = ((int64_t)1 << ((unsigned)f - 1)) - 1;
    int64_t minv = -((int64_t)1 << ((unsigned)f - 1));
    if (q > maxv)
        q = maxv;
    if (q < minv)
        q = minv;
    return (int32_t)(uint32_t)((uint64_t)q << shift);
}

/* Q1.31 <-> S24_4LE container word. */
static inline int32_t dsh_q31_from_s24_4le(uint32_t word)
{
    return (int32_t)(word << 8);
}
static inline uint32_t dsh_s24_4le_from_q31(int32_t q31)
{
    return (uint32_t)(q31 >> 8);
}

/* Q1.31 <-> double in [-1, 1). */
static inline double dsh_q31_to_double(int32_t q31)
{
    return (double)q31 / 2147483648.0;
}
/* Rounds to nearest, saturates to the Q1.31 range. */
int32_t dsh_q31_from_double(double x);

#endif

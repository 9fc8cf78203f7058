/* SPDX-License-Identifier: BSD-3-Clause */
/* dB -> linear Q4.28 gain (see gain.h). */
#include "gain.h"

/* log2(10) / 20 = 0.166096404744368 in Q0.31 (356689313), split in
 * 16-bit halves so both partial products fit 32 bits. */
#define LOG2_10_OVER_20_HI 5442  /* Q0.31 >> 16 */
#define LOG2_10_OVER_20_LO 42401 /* Q0.31 & 0xffff */

int32_t gain_db_to_lin_q4_28(int32_t db_q8_8)
{
    int32_t x, n, f, i, frac;
    uint32_t t0, t1, m;

    if (db_q8_8 < GAIN_DB_MIN_Q8_8)
        db_q8_8 = GAIN_DB_MIN_Q8_8;
    if (db_q8_8 > GAIN_DB_MAX_Q8_8)
        db_q8_8 = GAIN_DB_MAX_Q8_8;

    /*
	 * log2 of the gain in Q8.24: db (Q8.8) * K (Q0.31) >> 15, as
	 * db * K_hi * 2 + (db * K_lo) >> 15; |db| <= 30720 so
	 * |db * K_lo| < 2^31 and |x| < 2^29.
	 */
    x = db_q8_8 * (2 * LOG2_10_OVER_20_HI) +
        ((db_q8_8 * LOG2_10_OVER_20_LO) >> 15);
    n = x >> 24;        /* floor */
    f = x & 0xffffff;   /* [0, 1) in Q0.24 */
    i = f >> 18;        /* table index 0..63 */
    frac = f & 0x3ffff; /* Q0.18 position inside the segment */
    t0 = gain_exp2_table_uq2_30[i];
    t1 = gain_exp2_table_uq2_30[i + 1];
    /* (t1 - t0) < 2^24: scale to 16 x 15 bits so the product fits 32. */
    m = t0 + ((((t1 - t0) >> 8) * (uint32_t)(frac >> 3)) >> 7);

    /* m is 2^frac in Q2.30; the result is m * 2^n in Q4.28. */
    /* The dB clamp keeps n <= 2, and m < 2^31 when n == 2 (x < 3 * 2^24). */
    n = 2 - n;
    if (n <= 0)
        return (int32_t)m;
    if (n > 31)
        return 0;
    return (int32_t)((m + ((uint32_t)1 << (n - 1))) >> n);
}

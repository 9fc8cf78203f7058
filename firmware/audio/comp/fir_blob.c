/* SPDX-License-Identifier: BSD-3-Clause */
/* FIR EQ coefficient blob parser (layout in fir_blob.h). */
#include "comp/fir_blob.h"

#include "buffer/audio_buffer.h"
#include "dsp/fir.h"

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}

int fir_blob_check(struct fir_blob_info *info, const void *blob, size_t bytes)
{
    const uint8_t *b = blob;
    unsigned int sets, taps;
    int shift;

    if (!b || bytes < FIR_BLOB_HDR_BYTES)
        return AUD_E_BLOB;
    if (b[0] != 'E' || b[1] != 'Q' || b[2] != 'F' || b[3] != 'R' ||
        rd16(b + 4) != FIR_BLOB_VERSION)
        return AUD_E_BLOB;
    sets = rd16(b + 6);
    taps = rd16(b + 8);
    shift = (int16_t)rd16(b + 10);
    if (sets < 1 || sets > AUDIO_MAX_CHANNELS || taps < 1 ||
        taps > FIR_MAX_TAPS || shift < FIR_SHIFT_MIN || shift > FIR_SHIFT_MAX)
        return AUD_E_BLOB;
    if (bytes != FIR_BLOB_HDR_BYTES + 2u * taps * sets)
        return AUD_E_BLOB;
    info->num_sets = sets;
    info->taps = taps;
    info->shift = shift;
    return AUD_OK;
}

void fir_blob_coefs(int16_t *coef_q1_15, const void *blob,
                    const struct fir_blob_info *info)
{
    const uint8_t *b = (const uint8_t *)blob + FIR_BLOB_HDR_BYTES;

    for (unsigned int i = 0; i < info->num_sets * info->taps; i++)
        coef_q1_15[i] = (int16_t)rd16(b + 2 * i);
}

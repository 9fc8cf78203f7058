/* SPDX-License-Identifier: BSD-3-Clause */
/* Names of the audio error codes (traces, test messages). */
#include "buffer/audio_err.h"

static const char *const names[] = {
    [0] = "AUD_OK",
    [-AUD_E_INVAL] = "AUD_E_INVAL",
    [-AUD_E_NOMEM] = "AUD_E_NOMEM",
    [-AUD_E_FORMAT] = "AUD_E_FORMAT",
    [-AUD_E_CHANNELS] = "AUD_E_CHANNELS",
    [-AUD_E_RATE] = "AUD_E_RATE",
    [-AUD_E_RANGE] = "AUD_E_RANGE",
    [-AUD_E_CONFIG] = "AUD_E_CONFIG",
    [-AUD_E_BLOB] = "AUD_E_BLOB",
    [-AUD_E_TYPE] = "AUD_E_TYPE",
    [-AUD_E_CONTROL] = "AUD_E_CONTROL",
    [-AUD_E_STATE] = "AUD_E_STATE",
    [-AUD_E_EXISTS] = "AUD_E_EXISTS",
    [-AUD_E_NOENT] = "AUD_E_NOENT",
    [-AUD_E_PORT_FULL] = "AUD_E_PORT_FULL",
    [-AUD_E_UNCONNECTED] = "AUD_E_UNCONNECTED",
    [-AUD_E_CYCLE] = "AUD_E_CYCLE",
    [-AUD_E_ENDPOINT] = "AUD_E_ENDPOINT",
    [-AUD_E_MISMATCH] = "AUD_E_MISMATCH",
    [-AUD_E_BUF_SIZE] = "AUD_E_BUF_SIZE",
    [-AUD_E_PERIOD] = "AUD_E_PERIOD",
    [-AUD_E_FULL] = "AUD_E_FULL",
    [-AUD_E_UNDERRUN] = "AUD_E_UNDERRUN",
    [-AUD_E_OVERRUN] = "AUD_E_OVERRUN",
    [-AUD_E_DMA] = "AUD_E_DMA",
};

const char *aud_err_name(int err)
{
    if (err > 0 || -err >= (int)(sizeof(names) / sizeof(names[0])) ||
        !names[-err])
        return "?";
    return names[-err];
}

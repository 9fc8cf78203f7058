/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * FIR EQ component (dsp/fir.h): config = a coefficient blob (layout in
 * comp/fir_blob.h, "EQFR" version 1); invalid -> AUD_E_BLOB.  One input,
 * one output, same rate/channels/format (AUD_E_MISMATCH); a blob with
 * num_sets > 1 needs num_sets == channels (AUD_E_CHANNELS, at set_params
 * or when the blob is replaced).  Memory: coefficients 2 * taps * num_sets
 * bytes, delay lines 2 * taps int32_t per channel, a copy of the blob.
 *
 * Control: COMP_CTL_BLOB set = replace the blob (all-or-nothing; delay
 * lines cleared), get = the blob in use.
 */
#ifndef AUDIO_COMP_EQ_FIR_H
#define AUDIO_COMP_EQ_FIR_H

#include "comp/fir_blob.h"

#endif /* AUDIO_COMP_EQ_FIR_H */

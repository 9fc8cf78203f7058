/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * IIR EQ component (dsp/iir.h): config = the coefficient blob itself
 * ("EQIR", version 1, 8 + 24 * num_stages bytes, see dsp/iir.h); an
 * invalid blob is AUD_E_BLOB.  One input, one output; same rate, channels
 * and format (AUD_E_MISMATCH).  One coefficient set for all channels,
 * state per channel.
 *
 * Control: COMP_CTL_BLOB set = a new blob (validated first; on success the
 * filter state is cleared), get = the blob in use.
 */
#ifndef AUDIO_COMP_EQ_IIR_H
#define AUDIO_COMP_EQ_IIR_H

#include "dsp/iir.h"

#define COMP_EQ_IIR_BLOB_MAX                                                   \
    (IIR_BLOB_HDR_BYTES + IIR_BLOB_STAGE_BYTES * IIR_MAX_STAGES)

#endif /* AUDIO_COMP_EQ_IIR_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Endpoint components: COMP_TYPE_HOST (host memory <-> pipeline) and
 * COMP_TYPE_DAI (pipeline <-> SSP port).  The data movement is delegated to
 * a platform DMA through `struct audio_dma_ops`, so the board layer plugs
 * in its DMA engine and the tests a fake.
 *
 * Role by type and direction:
 *   HOST playback  source (no input, 1 output)   host memory -> buffer
 *   DAI  playback  sink   (1 input, no output)   buffer -> SSP
 *   DAI  capture   source                        SSP -> buffer
 *   HOST capture   sink                          buffer -> host memory
 *
 * Per period (copy) the endpoint moves one period (period_frames *
 * frame_bytes bytes; a stream that is not whole frames per period moves
 * the count of audio_period_sched, e.g. 44 or 45 frames at 44.1 kHz and
 * 1 ms, counted from START) with dma->transfer() directly between the far
 * side and the ring memory of its buffer (at most two calls: the ring may
 * wrap).  dma_cfg.period_bytes is the largest period's.
 * Xruns (the copy returns the code; the pipeline notifies and stops):
 *   source, output buffer lacks room for a period  -> AUD_E_OVERRUN
 *          (the frames that fit are moved; counted in the buffer's stats)
 *   source, far side supplied less than a period   -> AUD_E_UNDERRUN
 *          (the rest of the period is filled with silence)
 *   sink, input buffer holds less than a period    -> AUD_E_UNDERRUN
 *          (what is there is sent, then silence: never stale data)
 *   sink, far side accepted less than a period     -> AUD_E_OVERRUN
 *   transfer() reports the far side's own underrun (sink) or overrun
 *          (source)                                 -> that code
 * Host endpoints send AUD_EV_POSITION (bytes moved at the host since
 * START) after every period.
 *
 * Trigger: START programs the DMA (dma->start) and zeroes the position;
 * PAUSE and STOP call dma->stop; RELEASE calls dma->start again.
 * Click-free stop: a DAI playback endpoint whose DMA is running and whose
 * last frame sent is not silence first sends a linear fade of that frame to
 * exactly 0 over COMP_ENDPOINT_FADE_FRAMES(rate) frames (1 ms; every step at
 * most ceil(|last| / frames)), then stops the DMA.  This holds for every
 * stop while running (STOP trigger, xrun, pipeline_free), with or without a
 * volume component; the frames still queued in the buffers are dropped (use
 * the pipeline's drain to play them out).  PAUSE does not fade.
 * Control: get COMP_CTL_POSITION, uint32_t bytes.
 */
#ifndef AUDIO_COMP_ENDPOINT_H
#define AUDIO_COMP_ENDPOINT_H

#include <stdint.h>

#include "comp/comp.h"

/* Stop fade length: rate / COMP_ENDPOINT_FADE_DIV frames (at least 1). */
#define COMP_ENDPOINT_FADE_DIV 1000u
#define COMP_ENDPOINT_FADE_FRAMES(rate)                                        \
    ((rate) / COMP_ENDPOINT_FADE_DIV ? (rate) / COMP_ENDPOINT_FADE_DIV : 1u)

struct audio_dma_config {
    enum audio_dir dir;
    uint32_t port; /* SSP index / host stream tag */
    uint32_t frame_bytes;
    uint32_t period_bytes; /* the largest period (sizing) */
};

/* Platform DMA channel (one per endpoint); ctx is the platform's. */
struct audio_dma_ops {
    /* Program and start the channel; 0 or AUD_E_DMA. */
    int (*start)(void *ctx, const struct audio_dma_config *cfg);
    /* Stop the channel: a playback DAI lets what was sent play out (the
	 * stop fade) before it halts, without blocking. */
    int (*stop)(void *ctx);
    /* Period done: move up to `bytes` between the far side and `local`
	 * (into local for sources, out of local for sinks); returns the bytes
	 * moved (0..bytes) or AUD_E_DMA; or, having lost data and
	 * resynchronised (nothing moved), AUD_E_UNDERRUN (a sink's far side
	 * ran out before this data came: it played stale data) or
	 * AUD_E_OVERRUN (a source's far side overwrote data not yet read). */
    int32_t (*transfer)(void *ctx, void *local, uint32_t bytes);
    /* Far-side position: bytes moved since start (mod 2^32). */
    uint32_t (*position)(void *ctx);
};

struct comp_endpoint_config {
    uint32_t dir; /* enum audio_dir */
    uint32_t port;
    const struct audio_dma_ops *dma; /* start/stop/transfer required */
    void *dma_ctx;
};

/* Endpoint counters (read by tests and by the pipeline). */
struct comp_endpoint_stats {
    uint32_t position_bytes; /* bytes moved at the far side since START */
    uint32_t silence_frames; /* frames of silence inserted on xruns */
    uint32_t dma_errors;
};

/* NULL if dev is not an endpoint. */
const struct comp_endpoint_stats *
comp_endpoint_stats(const struct comp_dev *dev);
/* True if dev is an endpoint that produces data into the pipeline. */
bool comp_endpoint_is_source(const struct comp_dev *dev);

#endif /* AUDIO_COMP_ENDPOINT_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Endpoint DMA of the audio firmware on the board (board_audio_dma.c):
 * DMA channels for the host and DAI endpoints over the board's DMA
 * controller and SSP ports, behind struct audio_dma_ops.
 *
 * Units: bytes, cycles (CCOUNT).
 */
#ifndef BOARD_AUDIO_DMA_H
#define BOARD_AUDIO_DMA_H

#include <stdint.h>

#include "comp/comp_endpoint.h"

/* DAI ring: periods of DMA ring between the pipeline and the SSP FIFO;
 * playback starts BOARD_AUDIO_DAI_LEAD periods ahead of the DMA. */
#define BOARD_AUDIO_DAI_PERIODS 4u
#define BOARD_AUDIO_DAI_LEAD    2u

/* The aud_ipc_platform DMA hooks (firmware/audio/ipc/aud_ipc.h). */
int board_audio_dma_get(void *ctx, uint32_t type, uint32_t dir, uint32_t port,
                        uint32_t channel, const struct audio_dma_ops **ops,
                        void **dma_ctx);
void board_audio_dma_put(void *ctx, void *dma_ctx);
void board_audio_dma_host_buffer(void *ctx, void *dma_ctx, uint32_t addr,
                                 uint32_t bytes);
int board_audio_dma_stream(void *ctx, void *dma_ctx,
                           const struct audio_stream_params *sp);
/* DMA error and SSP interrupts on (lines 0, 2..5). */
void board_audio_dma_init(void);

#endif /* BOARD_AUDIO_DMA_H */

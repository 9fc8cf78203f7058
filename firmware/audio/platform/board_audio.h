/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Board platform of the audio firmware (dspsim virtual audio-DSP board):
 * the aud_ipc_platform hooks (firmware/audio/ipc/aud_ipc.h) over the
 * board's doorbells, DMA controller and SSP ports, one EDF task per
 * pipeline, and the IPC worker.  docs/ipc.md describes the protocol.
 *
 * Units: cycles (CCOUNT), bytes.
 */
#ifndef BOARD_AUDIO_H
#define BOARD_AUDIO_H

#include <stdint.h>

#include "comp/comp_endpoint.h"
#include "abi/ipc_proto.h"

/* Relative deadline of the IPC worker: longer than any pipeline period
 * (PIPE_PERIOD_US_MAX = 20 ms) so a command never preempts an audio job
 * that has started. */
#define BOARD_AUDIO_WORKER_DEADLINE_US 50000u
/* DAI ring: periods of DMA ring between the pipeline and the SSP FIFO;
 * playback starts BOARD_AUDIO_DAI_LEAD periods ahead of the DMA. */
#define BOARD_AUDIO_DAI_PERIODS 4u
#define BOARD_AUDIO_DAI_LEAD 2u
/* Debug-device trace markers of the pipeline task of slot n: at period
 * start (value = period number) and end (value = cycles of the job). */
#define BOARD_AUDIO_MARK_START(n) (0x20u + (n))
#define BOARD_AUDIO_MARK_END(n)   (0x30u + (n))
/* Playback DAI of SSP port n: the first period the pipeline writes into
 * the ring after the DMA started (value = its byte offset from the DMA's
 * start, i.e. the bytes the SSP plays before it: the board's output
 * latency, measured by the host from this marker). */
#define BOARD_AUDIO_MARK_DAI_FIRST(n) (0x40u + (n))

/* Writes a debug-device trace marker (interrupts locked). */
void board_audio_marker(uint32_t id, uint32_t value);

/* Set up everything (after fw_kernel_init, before fw_board_ready):
 * IPC worker, interrupts (IPC line 1, DMA line 0, SSP lines 2..5), the
 * command layer. */
void board_audio_init(void);

/* ---- between the board_audio*.c files ---------------------------------- */
/* DMA channels for endpoints (board_audio_dma.c). */
int board_audio_dma_get(void *ctx, uint32_t type, uint32_t dir,
			uint32_t port, uint32_t channel,
			const struct audio_dma_ops **ops, void **dma_ctx);
void board_audio_dma_put(void *ctx, void *dma_ctx);
void board_audio_dma_host_buffer(void *ctx, void *dma_ctx, uint32_t addr,
				 uint32_t bytes);
int board_audio_dma_stream(void *ctx, void *dma_ctx,
			   const struct audio_stream_params *sp);
void board_audio_dma_init(void);

/* IPC transport (board_audio_ipc.c). */
struct fw_workq;
void board_audio_ipc_init(struct fw_workq *q);
int board_audio_notify(void *ctx, struct ipc_hdr *msg);
uint32_t board_audio_dropped(void *ctx);
void board_audio_stream_slot(void *ctx, unsigned n,
			     const struct ipc_aud_stream_slot *s);

struct board_audio_counters {
	uint32_t commands;       /* commands answered */
	uint32_t replies_waited; /* replies that found D2H busy */
	uint32_t dropped;        /* notifications dropped: reply pending */
	uint32_t dma_errors;     /* DMA error interrupts */
	uint32_t ssp_xruns;      /* SSP underrun/overrun interrupts */
	uint32_t ssp_spurious;   /* SSP interrupts with no xrun flagged */
	uint32_t duplicates;     /* commands rung twice: acknowledged only */
	uint32_t xruns_deferred; /* XRUNs sent once D2H was free again */
};
extern struct board_audio_counters board_audio_counters;

#endif /* BOARD_AUDIO_H */

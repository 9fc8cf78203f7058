/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Board platform of the audio firmware (dspsim virtual audio-DSP board):
 * the aud_ipc_platform hooks (firmware/audio/ipc/aud_ipc.h) over the
 * board's doorbells, DMA controller and SSP ports, one EDF task per
 * pipeline, and the IPC worker.  docs/ipc.md describes the protocol.
 *
 * Files, top down: board_audio.c (this header: the hooks, init),
 * board_audio_dma.c (endpoint DMA), board_audio_ipc.c (IPC transport,
 * counters), board_audio_marker.h (trace markers).
 *
 * Units: cycles (CCOUNT), bytes.
 */
#ifndef BOARD_AUDIO_H
#define BOARD_AUDIO_H

/* Relative deadline of the IPC worker: longer than any pipeline period
 * (PIPE_PERIOD_US_MAX = 20 ms) so a command never preempts an audio job
 * that has started. */
#define BOARD_AUDIO_WORKER_DEADLINE_US 50000u

/* Set up everything (after fw_kernel_init, before fw_board_ready):
 * IPC worker, interrupts (IPC line 1, DMA line 0, SSP lines 2..5), the
 * command layer. */
void board_audio_init(void);

#ifdef FW_SMP
#include <stdint.h>
/* Several cores: the IPC worker holds every pipeline's semaphore (and
 * masks its interrupts) while it handles one command, so that no job on
 * any core sees a command half done (board_audio.c). */
uint32_t board_audio_cmd_lock(void);
void board_audio_cmd_unlock(uint32_t key);
#endif

#endif /* BOARD_AUDIO_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Debug-device trace markers of the audio firmware on the board (the
 * bottom of firmware/audio/platform: board_audio.c marks every period of a
 * pipeline task, board_audio_dma.c the first period a playback DAI
 * writes).  The host reads them from the board's trace (docs/board.md).
 *
 * Units: marker values are cycles (CCOUNT), period numbers or bytes, as
 * each marker says.
 */
#ifndef BOARD_AUDIO_MARKER_H
#define BOARD_AUDIO_MARKER_H

#include <stdint.h>

#include "board_mmio.h"
#include "fw/arch.h"
#include "fw_board.h"
#include "fw/percore.h"

/* Debug-device trace markers of the pipeline task of slot n: at period
 * start (value = period number) and end (value = cycles of the job). */
#define BOARD_AUDIO_MARK_START(n)     (0x20u + (n))
#define BOARD_AUDIO_MARK_END(n)       (0x30u + (n))
/* Playback DAI of SSP port n: the first period the pipeline writes into
 * the ring after the DMA started (value = its byte offset from the DMA's
 * start, i.e. the bytes the SSP plays before it: the board's output
 * latency, measured by the host from this marker). */
#define BOARD_AUDIO_MARK_DAI_FIRST(n) (0x40u + (n))

/* Writes a debug-device trace marker (interrupts locked).  Inline where it
 * runs every period (the pipeline task's job, board_audio.c); the one-off
 * markers call board_audio_marker(), so that their callers' code stays
 * small. */
static inline void board_audio_mark(uint32_t id, uint32_t value)
{
    uint32_t key = fw_board_lock();

#ifdef FW_SMP
    board_wr(BOARD_DBG_BASE + BOARD_DBG_TRACE_ID,
             id | (uint32_t)fw_core_id() << FW_BOARD_MARKER_CORE_SHIFT);
#else
    board_wr(BOARD_DBG_BASE + BOARD_DBG_TRACE_ID, id);
#endif
    board_wr(BOARD_DBG_BASE + BOARD_DBG_TRACE_VALUE, value);
    fw_board_unlock(key);
}

/* board_audio_mark(), out of line (board_audio_marker.c). */
void board_audio_marker(uint32_t id, uint32_t value);

#endif /* BOARD_AUDIO_MARKER_H */

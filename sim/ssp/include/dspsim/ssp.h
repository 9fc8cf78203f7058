/* SPDX-License-Identifier: BSD-3-Clause */
/* SSP/I2S port model (BOARD_SSP_* in board_regs.h, docs/board.md).
 *
 * Each port has a TX and an RX FIFO of fifo_frames frames (of the current
 * FORMAT) and a frame clock derived from the audio clock, a clock domain
 * separate from the CPU's: one frame every CLKDIV audio-clock cycles, with
 * the audio clock running at audio_hz * (1 + drift_ppb * 1e-9).  Tick k
 * after enabling at cycle t0 falls at CPU cycle
 *     t0 + floor(k * CLKDIV * cpu_hz * 1e9 / (audio_hz * (1e9 + drift_ppb)))
 * (exact integer arithmetic, so no drift accumulates from rounding).
 *
 * At every tick, if TX is enabled, one frame leaves the TX FIFO for the
 * sink; if the FIFO holds less than a frame that is an underrun (counted,
 * STATUS.UNDERRUN, interrupt if enabled) and the sink gets a frame of
 * silence (zeros).  If RX is enabled, one frame is taken from the source
 * and enters the RX FIFO; if the FIFO has no room for it that is an
 * overrun (counted, STATUS.OVERRUN, interrupt if enabled) and the frame is
 * dropped.  After both, the port signals its DMA request.
 *
 * Samples handed to sinks and taken from sources are int32_t values of
 * the sample width, sign-extended (16-bit: -32768..32767, 24-bit:
 * -2^23..2^23-1); values from a source are truncated to the width.
 *
 * Units: times CPU cycles, frequencies Hz, FIFO levels bytes.
 */
#ifndef DSPSIM_SSP_H
#define DSPSIM_SSP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dspsim/clock.h"
#include "dspsim/snapshot.h"
#include "dspsim/periph.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ds_ssp ds_ssp;

typedef struct ds_ssp_config {
    unsigned index;       /* port number (passed to callbacks) */
    unsigned fifo_frames; /* FIFO depth, frames (>= 1) */
    uint32_t cpu_hz;      /* Hz */
    uint32_t audio_hz;    /* nominal audio clock, Hz */
    int32_t drift_ppb;    /* audio clock error, parts per billion */
} ds_ssp_config;

/* A frame leaving the TX side at 'cycle' (the tick time). */
typedef void (*ds_ssp_sink_fn)(void *user, unsigned port,
                               const int32_t *samples, unsigned channels,
                               uint64_t cycle);
/* A run of 'frames' frames leaving the TX side, frame k at cycles[k]:
 * 'samples' holds them interleaved (frames x channels).  For a sink that
 * takes many frames at once (a recorder): the same frames and cycles as
 * ds_ssp_sink_fn, one call per streamed run instead of one per frame. */
typedef void (*ds_ssp_sink_run_fn)(void *user, unsigned port,
                                   const int32_t *samples, unsigned channels,
                                   unsigned frames, const uint64_t *cycles);
/* Fill 'samples' with the frame arriving on the RX side at 'cycle'. */
typedef void (*ds_ssp_source_fn)(void *user, unsigned port, int32_t *samples,
                                 unsigned channels, uint64_t cycle);
/* DMA request: the port has room/data after the tick at 'at'. */
typedef void (*ds_ssp_request_fn)(void *user, unsigned port, uint64_t at);

ds_ssp *ds_ssp_new(ds_clock *clk, const ds_ssp_config *cfg, ds_irq_out irq);
void ds_ssp_free(ds_ssp *p);
void ds_ssp_reset(ds_ssp *p); /* registers to reset values, FIFOs empty,
                                   counters 0; sink/source kept */

void ds_ssp_set_sink(ds_ssp *p, ds_ssp_sink_fn fn, void *user);
/* Instead of a per-frame sink (setting one clears the other). */
void ds_ssp_set_sink_run(ds_ssp *p, ds_ssp_sink_run_fn fn, void *user);
void ds_ssp_set_source(ds_ssp *p, ds_ssp_source_fn fn, void *user);
void ds_ssp_set_request(ds_ssp *p, ds_ssp_request_fn fn, void *user);
/* Quiet time (ds_quiet_fn, dspsim/clock.h): when the next tick comes
 * before it, the tick runs right after the one before, with its own cycle
 * stamp (sink, source, request): the same frames, levels, interrupts and
 * counters, one event fewer per audio frame.  fn NULL (the default): every
 * tick is an event. */
void ds_ssp_set_quiet(ds_ssp *p, ds_quiet_fn fn, void *user);
/* Streaming, with quiet time: the DMA requests of a run of ticks asked at
 * once.  fn serves the requests of ticks at cycles t[0] < ... < t[n-1]
 * (t[n]: the tick after them), each finding 'room' bytes free in the TX
 * FIFO, as the requests one by one would with quiet time before 'horizon'
 * (each burst fills the room and lands before the next tick and before
 * horizon, ends no descriptor, raises nothing); it writes request k's
 * bytes to out + k * room and returns how many it served, from the first
 * on.  The port then runs those ticks, each frame leaving before the
 * bytes of its request arrive: the same frames, cycle stamps, FIFO levels
 * and counters as requests one by one.  Only a full TX FIFO with RX off
 * streams.  fn NULL (the default): a request per tick. */
typedef unsigned (*ds_ssp_stream_fn)(void *user, unsigned port,
                                     const uint64_t *t, unsigned n,
                                     uint64_t horizon, size_t room,
                                     uint8_t *out);
void ds_ssp_set_stream(ds_ssp *p, ds_ssp_stream_fn fn, void *user);
/* Lazy ticks (ds_clock_schedule_lazy_until, dspsim/clock.h): a tick that
 * leaves a full TX FIFO a frame short with RX off asks fn how many of the
 * ticks after it are known steady: each finding the FIFO refilled, moving
 * a frame out, changing no interrupt line, its request starting only a
 * lazy landing (ds_dma_port_steady), at most 'max', at least 'period'
 * cycles apart, 'room' bytes of room after each.  fn says so only once it
 * has made sure that anything else that could change that (a register
 * access, a store into what the bursts read) first runs the due lazy
 * events and hardens the rest (the board: a store watch, dspsim/xtcpu.h).
 * With m > 0 the next tick is a lazy event that must have fired by the
 * m-th tick after it (which is ordinary): the core need not stop at the
 * ticks in between.  Injected faults and a drift change harden pending
 * lazy events.  fn NULL (the default): every tick is an ordinary event. */
typedef unsigned (*ds_ssp_lazy_fn)(void *user, unsigned port, uint64_t at,
                                   size_t room, uint64_t period, unsigned max);
void ds_ssp_set_lazy(ds_ssp *p, ds_ssp_lazy_fn fn, void *user);
/* Ticks scheduled as lazy events (tests, statistics). */
uint64_t ds_ssp_lazy_ticks(const ds_ssp *p);

/* Register access, offset from the port's base; false = bus error. */
bool ds_ssp_read(ds_ssp *p, uint32_t offset, unsigned size, uint32_t *value);
bool ds_ssp_write(ds_ssp *p, uint32_t offset, unsigned size, uint32_t value);

/* FIFO access for the DMA (bytes). */
size_t ds_ssp_tx_space(const ds_ssp *p);
size_t ds_ssp_tx_push(ds_ssp *p, const uint8_t *src, size_t n);
size_t ds_ssp_rx_avail(const ds_ssp *p);
size_t ds_ssp_rx_pop(ds_ssp *p, uint8_t *dst, size_t n);

/* Counters. */
uint64_t ds_ssp_underruns(const ds_ssp *p);
uint64_t ds_ssp_overruns(const ds_ssp *p);
uint64_t ds_ssp_frames(const ds_ssp *p);
/* CPU cycles per frame at the current CLKDIV (rounded down; exact tick
 * times follow the formula above). */
uint64_t ds_ssp_frame_cycles(const ds_ssp *p);

/* ---- Fault injection (issue 14; docs/board.md "Faults") ----------------
 * ds_ssp_fault_xrun: the next `frames` ticks underrun (tx: the TX FIFO's
 *   frame, if any, is lost and the sink gets silence) or overrun (!tx: the
 *   source's frame is dropped), each counted and flagged in STATUS with
 *   the interrupt as a real one.  Bursts add up.
 * ds_ssp_set_drift: the audio clock error becomes drift_ppb (> -1e9) from
 *   now: the tick already scheduled keeps its time, later ticks follow
 *   the new rate (exact, as above, from that tick). */
void ds_ssp_fault_xrun(ds_ssp *p, bool tx, unsigned frames);
void ds_ssp_set_drift(ds_ssp *p, int32_t drift_ppb);
int32_t ds_ssp_drift(const ds_ssp *p);

/* ---- Memory-buffer sink and source (tests, simple harnesses) ---------- */
typedef struct ds_ssp_buffer {
    int32_t *samples; /* caller's storage */
    size_t capacity;  /* samples */
    size_t count;     /* samples written (sink) or read (source) */
    uint64_t missed;  /* frames that did not fit (sink) or were silence
                           because the buffer was exhausted (source) */
    uint64_t first_cycle, last_cycle; /* ticks seen (sink and source) */
} ds_ssp_buffer;

/* user = ds_ssp_buffer *.  The sink appends frames while they fit; the
 * source plays the buffer once, then silence. */
void ds_ssp_buffer_sink(void *user, unsigned port, const int32_t *samples,
                        unsigned channels, uint64_t cycle);
void ds_ssp_buffer_source(void *user, unsigned port, int32_t *samples,
                          unsigned channels, uint64_t cycle);

/* Saved state (docs/snapshot-format.md, "SSPn"): registers, counters,
 * the frame clock (start cycle, next frame number, pending tick event id
 * and time) and the bytes in both FIFOs.  Load into a port of the same
 * configuration after ds_clock_load_begin (it re-creates the tick);
 * false (r bad, message) on a mismatch.  Sink, source and request
 * callbacks are not state: the caller sets them. */
void ds_ssp_save(const ds_ssp *p, ds_snap_w *w);
bool ds_ssp_load(ds_ssp *p, ds_snap_r *r);

#ifdef __cplusplus
}
#endif
#endif

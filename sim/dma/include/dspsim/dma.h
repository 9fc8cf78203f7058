/* SPDX-License-Identifier: BSD-3-Clause */
/* DMA controller model (BOARD_DMA_* in board_regs.h, docs/board.md).
 *
 * Channels run chains of linked descriptors read from DSP memory.  Data
 * moves in bursts on the event clock: a descriptor fetch takes
 * burst_latency cycles; a burst of n bytes (n <= burst_bytes, limited by
 * the SSP FIFO's room or data for SSP directions) takes burst_latency +
 * ceil(n / bytes_per_cycle) cycles and its data lands at the end of it
 * (a burst from memory into a TX FIFO reads memory as it starts).
 * An SSP direction with no room/data waits (STATUS.WAITING) until the port
 * signals a request (ds_dma_port_request).  Errors stop only the channel
 * concerned: STATUS.ERROR with a code, ERR_ADDR, an interrupt if enabled
 * and one log line.
 *
 * Units: addresses 32-bit (DSP space, or host space for the host side of
 * HOST2DSP/DSP2HOST), sizes bytes, times CPU cycles.
 */
#ifndef DSPSIM_DMA_H
#define DSPSIM_DMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dspsim/clock.h"
#include "dspsim/periph.h"
#include "dspsim/snapshot.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ds_dma ds_dma;

typedef struct ds_dma_config {
    unsigned channels;        /* 1 .. BOARD_MAX_DMA_CHANNELS */
    unsigned bytes_per_cycle; /* >= 1 */
    unsigned burst_bytes;     /* multiple of 4, 4 .. 4096 */
    unsigned burst_latency;   /* cycles */
} ds_dma_config;

/* The SSP FIFOs as seen by the DMA (ports 0 .. count-1). */
typedef struct ds_dma_ports {
    unsigned count;
    size_t (*tx_space)(void *user, unsigned port); /* bytes of room */
    size_t (*tx_push)(void *user, unsigned port, const uint8_t *src,
                      size_t n);                   /* bytes taken */
    size_t (*rx_avail)(void *user, unsigned port); /* bytes held */
    size_t (*rx_pop)(void *user, unsigned port, uint8_t *dst, size_t n);
    void *user;
} ds_dma_ports;

/* dsp: the DSP's memories; host: host memory; ports may be NULL (no SSP);
 * log may be NULL.  Returns NULL on bad config or out of memory. */
ds_dma *ds_dma_new(ds_clock *clk, const ds_dma_config *cfg, const ds_bus *dsp,
                   const ds_bus *host, const ds_dma_ports *ports,
                   ds_irq_out irq, ds_log_fn log, void *log_user);
void ds_dma_free(ds_dma *dma);
/* Stop every channel, registers to reset values. */
void ds_dma_reset(ds_dma *dma);

/* Register access, offset from BOARD_DMA_BASE; false = bus error
 * (unknown offset, channel >= channels, not an aligned 32-bit access). */
bool ds_dma_read(ds_dma *dma, uint32_t offset, unsigned size, uint32_t *value);
bool ds_dma_write(ds_dma *dma, uint32_t offset, unsigned size, uint32_t value);

/* SSP port 'port' has new room (TX) or data (RX) at time 'at': channels
 * waiting on it resume. */
void ds_dma_port_request(ds_dma *dma, unsigned port, uint64_t at);

/* Inside the write of a burst (the bus's write callback): true, with the
 * channel whose burst it is and the address of the descriptor the channel
 * runs (a debugger names the master that wrote memory). */
bool ds_dma_writer(const ds_dma *dma, unsigned *ch, uint32_t *desc);

/* Introspection for tests and the host API. */
uint32_t ds_dma_channel_status(const ds_dma *dma, unsigned ch);
uint32_t ds_dma_channel_bytes(const ds_dma *dma, unsigned ch);
uint64_t ds_dma_errors(const ds_dma *dma); /* errors since creation */

/* ---- Fault injection (issue 14; docs/board.md "Faults") ------------------
 * Called from the host (ds_board_fault_at schedules them on the event
 * clock); they change only the DMA's own state and raise its interrupt
 * line like any error.
 *
 * ds_dma_fault_stall: channel ch starts nothing before cycle `until`: a
 *   descriptor fetch or a burst due earlier starts at `until` (a burst in
 *   flight still lands; a channel waiting for its SSP port waits too).
 * ds_dma_fault_desc_error: channel ch stops with BOARD_DMA_ERR_DESC ("bad
 *   descriptor (injected fault)"): at once if it is running, else at its
 *   next descriptor fetch.  Channels out of range are ignored. */
void ds_dma_fault_stall(ds_dma *dma, unsigned ch, uint64_t until);
void ds_dma_fault_desc_error(ds_dma *dma, unsigned ch);

/* Transfer observer (timelines, tests).  Called only when one is set, at
 * the event-clock cycle the event happens:
 *   DESC_START: a descriptor was fetched and validated; src, dst and bytes
 *               are the descriptor's (bytes = its byte count);
 *   BURST_DONE: a burst landed; src/dst where it was read/written, bytes
 *               its size;
 *   DESC_DONE:  the descriptor's last burst landed; src, dst and bytes as
 *               for its DESC_START;
 *   ERROR:      the channel stopped on an error; src/dst the current
 *               addresses, bytes those the descriptor had moved. */
typedef enum ds_dma_event {
    DS_DMA_EV_DESC_START = 0,
    DS_DMA_EV_BURST_DONE,
    DS_DMA_EV_DESC_DONE,
    DS_DMA_EV_ERROR,
} ds_dma_event;
typedef void (*ds_dma_observer_fn)(void *user, unsigned channel,
                                   ds_dma_event event, uint32_t src,
                                   uint32_t dst, uint32_t bytes,
                                   uint64_t cycle);
/* One observer; fn NULL removes it. */
void ds_dma_set_observer(ds_dma *dma, ds_dma_observer_fn fn, void *user);

/* Quiet time (ds_quiet_fn, dspsim/clock.h): a burst from memory into an
 * SSP port that lands before then and does not end its descriptor is
 * carried out when it starts, as of the cycle it lands: the same bytes,
 * states, observer calls and cycle stamps as its own event would give,
 * one event fewer per audio frame.  fn NULL (the default) schedules every
 * burst. */
void ds_dma_set_quiet(ds_dma *dma, ds_quiet_fn fn, void *user);
/* Lazy landings (ds_clock_schedule_lazy): a burst from memory into a TX
 * FIFO that fills the FIFO, leaves some of its descriptor and has the port
 * to itself lands as a lazy event when fn(user) says lazy events are
 * allowed now (the board: during a run, without a debugger) and no
 * observer is set.  Any call that changes the channels (register writes,
 * a port request, faults, reset, observer, load) hardens them first.  fn
 * NULL (the default): every landing is an ordinary event. */
typedef bool (*ds_dma_lazy_fn)(void *user);
void ds_dma_set_lazy(ds_dma *dma, ds_dma_lazy_fn fn, void *user);
/* Quiet time for a run of SSP ticks (ds_ssp_stream_fn, dspsim/ssp.h):
 * serves the requests of port 'port' at cycles t[0..n-1] (t[n]: the tick
 * after them), each finding 'room' bytes free in its TX FIFO, when one
 * channel waits for the port and each request's burst would land quietly
 * (above) before the next tick and before horizon, filling the room; the
 * bytes of request k go to out + k * room, the channel's registers and
 * state end as after those bursts.  Returns how many it served (0 with an
 * observer, a stall, another channel on the port, no quiet time...). */
unsigned ds_dma_port_stream(ds_dma *dma, unsigned port, const uint64_t *t,
                            unsigned n, uint64_t horizon, size_t room,
                            uint8_t *out);
/* Playback's steady state, looked at ahead (the SSP's lazy ticks,
 * dspsim/ssp.h): a tick of port 'port' has just left 'room' bytes free in
 * its full TX FIFO and requests at cycle 'at' (ds_dma_port_request); the
 * ticks after it come at least 'period' cycles apart.  Returns how many of them (at
 * most max), from the next, each find the FIFO full again and start a
 * burst of 'room' bytes that leaves some of its descriptor (a lazy
 * landing, above, before the tick after it): ticks that change no
 * interrupt line and start nothing but lazy landings, as long as nothing
 * else touches the channels and no master writes what those bursts read.
 * That is [*lo, *hi): the bytes the burst of this request and theirs read.
 * 0 when lazy landings are not allowed now, with an observer, when one
 * channel does not wait alone for the port (from memory, source
 * incrementing, not stalled), or the descriptor ends sooner. */
unsigned ds_dma_port_steady(const ds_dma *dma, unsigned port, uint64_t at,
                            size_t room, uint64_t period, unsigned max,
                            uint32_t *lo, uint32_t *hi);

/* Saved state (docs/snapshot-format.md, "DMA "): every channel's
 * registers, the descriptor in progress, the burst in flight and its
 * pending clock event (id and time); the error count.  Load into a
 * controller of the same configuration, after ds_clock_load_begin: it
 * re-creates the events.  false (r bad, message) on a mismatch. */
void ds_dma_save(const ds_dma *dma, ds_snap_w *w);
bool ds_dma_load(ds_dma *dma, ds_snap_r *r);
/* Is a burst or descriptor fetch of channel ch in flight (tests)? */
bool ds_dma_channel_in_flight(const ds_dma *dma, unsigned ch);

#ifdef __cplusplus
}
#endif
#endif

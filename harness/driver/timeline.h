/* SPDX-License-Identifier: BSD-3-Clause */
/* A timeline of one simulated run (periods, interrupts, DMA transfers,
 * IPC messages, doorbells) written as Chrome trace-event JSON, which
 * Perfetto (ui.perfetto.dev) and chrome://tracing open.
 *
 * Units: every time argument is a CPU cycle count (ds_board_cycles()); the
 * file gives times in microseconds ("ts", "dur"), converted with the
 * CPU clock given to dsh_timeline_new().
 *
 * Output format (one JSON object):
 *   {"displayTimeUnit":"ns","otherData":{"cpu_hz":N,"dropped_events":N},
 *    "traceEvents":[ EVENT, ... ]}
 * with events of phase "M" (thread_name: one per track), "X" (complete:
 * ts, dur), "i" (instant, scope thread) and "C" (counter).  pid is 1;
 * each track ("task 1", "irq", "ipc", "doorbell" ...) is a tid in the
 * order tracks first appear.  Names and argument strings are escaped.
 *
 * Memory is bounded: after DSH_TIMELINE_MAX_EVENTS events further ones
 * are counted in dropped_events and not stored. */
#ifndef DSH_TIMELINE_H
#define DSH_TIMELINE_H

#include <stddef.h>
#include <stdint.h>

#include "dspsim/dma.h"

#define DSH_TIMELINE_MAX_EVENTS 1000000u
#define DSH_TIMELINE_MAX_TRACKS 64u

typedef struct dsh_timeline dsh_timeline;

/* cpu_hz > 0.  NULL when out of memory. */
dsh_timeline *dsh_timeline_new(double cpu_hz);
void dsh_timeline_free(dsh_timeline *t);

/* A span [begin, end) on a track (end >= begin).  detail (may be NULL)
 * becomes args.detail. */
void dsh_timeline_span(dsh_timeline *t, const char *track, const char *name,
                       uint64_t begin, uint64_t end, const char *detail);
/* A point event. */
void dsh_timeline_instant(dsh_timeline *t, const char *track,
                          const char *name, uint64_t at, const char *detail);
/* A counter sample (name's value from `at` on). */
void dsh_timeline_counter(dsh_timeline *t, const char *name, uint64_t at,
                          double value);

/* DMA transfers: a ds_dma_observer_fn (ds_board_add_dma_observer) whose
 * user is the dsh_timeline.  Each descriptor becomes a complete event
 * "transfer" on track "dma N" (N = channel) from its DESC_START to its
 * DESC_DONE, args bytes (the descriptor's count), src and dst ("0x..."
 * strings).  A descriptor that ends in an error becomes a span "error"
 * whose bytes are those moved; an error with no descriptor running (bad
 * descriptor) an instant "error".  Bursts are not recorded, nor a
 * descriptor still running when the file is written. */
void dsh_timeline_dma_observer(void *user, unsigned channel,
                               ds_dma_event event, uint32_t src,
                               uint32_t dst, uint32_t bytes, uint64_t cycle);

size_t dsh_timeline_count(const dsh_timeline *t);     /* stored events */
uint64_t dsh_timeline_dropped(const dsh_timeline *t);

/* Write the JSON file.  0 on success, -1 with a message in err. */
int dsh_timeline_write(const dsh_timeline *t, const char *path, char *err,
                       size_t errsz);

#endif

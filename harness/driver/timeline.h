/* SPDX-License-Identifier: BSD-3-Clause */
/* A timeline of one simulated run (periods, interrupts, DMA transfers,
 * IPC messages, doorbells) written as Chrome trace-event JSON, which
 * Perfetto (ui.perfetto.dev) and chrome://tracing open.
 *
 * Units: every time argument is a CPU cycle count (ds_board_cycles()); the
 * file gives times in microseconds ("ts", "dur"), converted with the
 * CPU clock given to dsh_timeline_new().
 *
 * Output format (one JSON object, written with jansson event by event):
 *   {"displayTimeUnit":"ns","otherData":{"cpu_hz":N,"max_events":N,
 *    "events":N,"dropped_events":N}, "traceEvents":[ EVENT, ... ]}
 * with events of phase "M" (thread_name: one per track), "X" (complete:
 * ts, dur), "i" (instant, scope thread) and "C" (counter).  pid is 1;
 * each track ("task 1", "irq", "ipc", "doorbell" ...) is a tid in the
 * order tracks first appear.  Names and argument strings that are not
 * valid UTF-8 are written with U+FFFD for each invalid byte, and an
 * argument KEY so written has KEY_hex beside it with the exact bytes
 * (textout/json_out.h).  The file is written whole or not at all.
 *
 * Memory and file size are bounded: after DSH_TIMELINE_MAX_EVENTS events
 * further ones are counted in dropped_events and not stored (a long run
 * keeps its beginning).  The CPU's tracks ("irq" ISR spans, "idle" WAITI
 * spans) come from timeline_cpu.h. */
#ifndef DSH_TIMELINE_H
#define DSH_TIMELINE_H

#include <stddef.h>
#include <stdint.h>

#include "dspsim/dma.h"

/* about 150 bytes an event in the file: at most ~38 MB; a one-pipeline
 * run at 1 ms periods makes ~7,500 events per second of audio */
#define DSH_TIMELINE_MAX_EVENTS 250000u
#define DSH_TIMELINE_MAX_TRACKS 64u

typedef struct dsh_timeline dsh_timeline;

/* cpu_hz > 0.  NULL when out of memory. */
dsh_timeline *dsh_timeline_new(double cpu_hz);
void dsh_timeline_free(dsh_timeline *t);
/* While paused nothing is recorded (reverse execution going over history
 * the timeline holds already). */
void dsh_timeline_pause(dsh_timeline *t, bool on);

/* A span [begin, end) on a track (end >= begin).  detail (may be NULL)
 * becomes args.detail. */
void dsh_timeline_span(dsh_timeline *t, const char *track, const char *name,
                       uint64_t begin, uint64_t end, const char *detail);
/* A point event. */
void dsh_timeline_instant(dsh_timeline *t, const char *track, const char *name,
                          uint64_t at, const char *detail);
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
void dsh_timeline_dma_observer(void *user, unsigned channel, ds_dma_event event,
                               uint32_t src, uint32_t dst, uint32_t bytes,
                               uint64_t cycle);

size_t dsh_timeline_count(const dsh_timeline *t); /* stored events */

/* One stored event (not a counter) as dsh_timeline_around gives it; the
 * strings are the timeline's, valid until it is freed. */
typedef struct dsh_timeline_line {
    uint64_t begin, end;               /* cycles; end == begin for an instant */
    const char *track, *name, *detail; /* detail may be NULL */
    size_t seq;                        /* order recorded */
} dsh_timeline_line;

/* The events around cycle `at`: the last `before` that begin at or
 * before it and the first `after` that begin later, in time order, into
 * out (room for before + after); returns how many (0 for a NULL t).
 * What the firmware's markers, the IPC and the devices did around a
 * failure, for the HTML report's log excerpt. */
size_t dsh_timeline_around(const dsh_timeline *t, uint64_t at, unsigned before,
                           unsigned after, dsh_timeline_line *out);
uint64_t dsh_timeline_dropped(const dsh_timeline *t);

/* Write the JSON file.  0 on success, -1 with a message in err. */
int dsh_timeline_write(const dsh_timeline *t, const char *path, char *err,
                       size_t errsz);

#endif

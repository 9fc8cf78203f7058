/* SPDX-License-Identifier: BSD-3-Clause */
/* What happened when during a run, for the time axis of the HTML report's
 * load plot (docs/harness.md "HTML report"): xruns, xrun recoveries,
 * faults, IPC error replies, deadline misses, a panic.  Bounded: the
 * first DSH_EVENT_LOG_KEEP events of each kind are kept, the rest only
 * counted. */
#ifndef DSH_EVENT_LOG_H
#define DSH_EVENT_LOG_H

#include <stdint.h>

typedef enum dsh_event_kind {
    DSH_EV_MISS,
    DSH_EV_XRUN,
    DSH_EV_RESTART,
    DSH_EV_FAULT,
    DSH_EV_IPC_ERROR,
    DSH_EV_PANIC,
    DSH_EV_KINDS
} dsh_event_kind;

#define DSH_EVENT_LOG_KEEP 400u

typedef struct dsh_event {
    uint64_t cycle; /* simulated CPU cycle */
    dsh_event_kind kind;
    char text[96]; /* what, one line */
} dsh_event;

typedef struct dsh_event_log {
    dsh_event ev[DSH_EV_KINDS * DSH_EVENT_LOG_KEEP]; /* in order added */
    unsigned n;
    uint64_t count[DSH_EV_KINDS]; /* added, kept or not */
} dsh_event_log;

/* "miss", "xrun", "restart", "fault", "ipc_error", "panic" */
const char *dsh_event_kind_name(dsh_event_kind k);
/* Adds one (text: one line, cut to fit; NULL = ""). */
void dsh_event_add(dsh_event_log *l, dsh_event_kind k, uint64_t cycle,
                   const char *text);

#endif

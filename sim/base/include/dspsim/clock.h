/* SPDX-License-Identifier: BSD-3-Clause */
/* The board's discrete-event clock.
 *
 * Time is counted in CPU cycles (uint64_t), the same unit as xt_cycles().
 * Peripherals schedule events at absolute cycle times; the board runs the
 * CPU until the earliest pending event, then fires every event that is due
 * (ds_clock_run_due).  Events with the same time fire in the order they
 * were scheduled (a sequence number breaks ties), so the simulation is
 * deterministic.
 *
 * "Now" comes from a time source (the board installs one returning the
 * CPU's cycle counter) or, without one, from the last ds_clock_run_due /
 * ds_clock_advance call (unit tests drive the clock by hand this way).
 */
#ifndef DSPSIM_CLOCK_H
#define DSPSIM_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DS_CLOCK_NEVER UINT64_MAX

typedef struct ds_clock ds_clock;
typedef uint64_t ds_event_id; /* never 0 */

/* An event callback.  'at' is the time the event was scheduled for (the
 * clock may fire it a few cycles later when the CPU overshoots the budget
 * with a multi-cycle instruction); derive follow-up times from 'at' so
 * periodic events do not drift. */
typedef void (*ds_event_fn)(void *user, uint64_t at);

ds_clock *ds_clock_new(void); /* NULL when out of memory */
void ds_clock_free(ds_clock *clk);

/* Time source: now(user) returns the current cycle count. */
void ds_clock_set_time_source(ds_clock *clk, uint64_t (*now)(void *user),
                              void *user);
/* Called after every successful ds_clock_schedule with the event's time;
 * the board uses it to cut the CPU's current run short when a new event
 * falls before the run's end. */
void ds_clock_set_schedule_hook(ds_clock *clk,
                                void (*hook)(void *user, uint64_t at),
                                void *user);

uint64_t ds_clock_now(const ds_clock *clk);

/* Schedule fn(user, at) at absolute time 'at' (may be <= now: it fires at
 * the next ds_clock_run_due).  Returns the event id, or 0 when out of
 * memory. */
ds_event_id ds_clock_schedule(ds_clock *clk, uint64_t at, ds_event_fn fn,
                              void *user);
/* Lazy events.  A device schedules one when it knows that the event
 * changes nothing the core can see except through the device's own
 * registers, raises no interrupt line and schedules nothing that is not
 * lazy itself.  The board then need not stop the core at its time: the
 * event fires, at its own time stamp and in order, at the next slice end
 * or when the core is about to touch a device (the board's register
 * accesses call ds_clock_run_due first).  No schedule hook call.  Whatever
 * could break a lazy event's promise hardens it first (ds_clock_harden):
 * from then on it is an ordinary event. */
ds_event_id ds_clock_schedule_lazy(ds_clock *clk, uint64_t at, ds_event_fn fn,
                                   void *user);
/* A lazy event whose promise holds only until hard_by (>= at): the board
 * ends the core's slices by then (ds_clock_next_strict), so that the
 * event has fired by the time the core reaches hard_by.  A device
 * schedules one when it can tell what its event does only up to a point
 * (the SSP: the ticks before the one whose burst ends a descriptor). */
ds_event_id ds_clock_schedule_lazy_until(ds_clock *clk, uint64_t at,
                                         uint64_t hard_by, ds_event_fn fn,
                                         void *user);
/* Makes every pending lazy event an ordinary one, with a schedule hook
 * call for each. */
void ds_clock_harden(ds_clock *clk);
/* Pending lazy events; lazy events scheduled since the clock's creation. */
size_t ds_clock_lazy_pending(const ds_clock *clk);
uint64_t ds_clock_lazy_scheduled(const ds_clock *clk);

/* Remove a pending event.  Returns false if it already fired or is
 * unknown. */
bool ds_clock_cancel(ds_clock *clk, ds_event_id id);

/* Time of the earliest pending event, or DS_CLOCK_NEVER. */
uint64_t ds_clock_next(const ds_clock *clk);
/* Time of the earliest pending event that is not lazy, or the earliest
 * hard_by of a lazy one: where the board ends the core's slice. */
uint64_t ds_clock_next_strict(const ds_clock *clk);
/* ds_clock_next, leaving out pending event 'own' (0: none). */
uint64_t ds_clock_next_other(const ds_clock *clk, ds_event_id own);

/* Quiet time, asked by a device that could do work of its own early: the
 * cycle before which nothing but the asking device's own events can look
 * at it, the other devices or memory (the core cannot run, no other event
 * fires, the host is not called), leaving out its pending event 'own'
 * (0: none); 0 when there is no such time.  Work the device does early
 * keeps its own cycle stamps, so nothing can tell. */
typedef uint64_t (*ds_quiet_fn)(void *user, ds_event_id own);
size_t ds_clock_pending(const ds_clock *clk);
/* Fire, in (time, sequence) order, every event with time <= now,
 * including events that callbacks schedule at or before now.  Returns the
 * number fired. */
size_t ds_clock_run_due(ds_clock *clk, uint64_t now);
/* Without a time source: set now to 'to' (never backwards) and fire the
 * events that are due. */
size_t ds_clock_advance(ds_clock *clk, uint64_t to);

/* ---- Saved state (snapshots, docs/snapshot-format.md) ------------------ */
/* Events are not saved as callbacks: each device saves the id and time of
 * the events it owns and re-creates them on load with the same id, so
 * events due at the same cycle keep their order and the ids the devices
 * hold stay valid. */
/* Time of pending event id, or DS_CLOCK_NEVER if it is not pending. */
uint64_t ds_clock_event_time(const ds_clock *clk, ds_event_id id);
/* The id the next ds_clock_schedule gives (part of the saved state). */
uint64_t ds_clock_next_id(const ds_clock *clk);
/* Before a load: drop every pending event and set the next id. */
void ds_clock_load_begin(ds_clock *clk, uint64_t next_id);
/* Re-creates a saved event with its id (< the next id, not pending), as
 * an ordinary event (a lazy one's promise is only a speed-up);
 * false otherwise or when out of memory.  No schedule hook call. */
bool ds_clock_restore_event(ds_clock *clk, uint64_t at, ds_event_id id,
                            ds_event_fn fn, void *user);

#ifdef __cplusplus
}
#endif
#endif

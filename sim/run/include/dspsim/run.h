/* SPDX-License-Identifier: BSD-3-Clause */
/* The sliced-run service: the one place where a run is cut into slices of
 * CPU time and the run's clients are served between them.
 *
 * A machine's run loop — ds_run_cpu below for a bare CPU (`dspsim exec`),
 * the board's ds_board_run (dspsim/board.h) for the board, which the
 * harness's host driver calls for `run` and `play` — runs the CPU with
 * xt_run in slices and hands over to the service at two kinds of points:
 *
 *   boundary     ds_run_boundary(r, now): an instruction boundary at which
 *                the machine's state is whole (on the board: after the
 *                events due then have fired) and a new run resumes it
 *                exactly: a client may save it (snapshots, checkpoints)
 *                or compare it (lockstep).  The loop calls it before each
 *                slice.
 *   after slice  ds_run_after_slice(r, why): the CPU returned from a
 *                slice (its end, a stop request); the machine is between
 *                two instructions: the progress line is redrawn, the
 *                debugger served.
 *
 * ds_run_slice_end(r, now, end) tells the loop where the next slice must
 * end at the latest: the next boundary a client asked for, at most a
 * client's slice length after now.  Cutting a run changes no cycle and no
 * byte (both engines are exact at every instruction boundary), so the
 * clients do not change the run, only how it is sliced.
 *
 * The clients, each with its own typed hook (at most one of each):
 *   debugger    poll after every slice, at least every `slice` cycles
 *               (sim/gdb); an absolute horizon may end a slice exactly at
 *               a cycle it wants to look at (reverse execution);
 *   progress    fn(cycles, insns) after every slice, at least every
 *               `slice` cycles (the CLI's progress line);
 *   pause       once, at the first boundary at or after a cycle
 *               (--snapshot-at);
 *   checkpoint  at the first boundary at or after a cycle; returns the
 *               next one (reverse execution, dspsim/history.h);
 *   lockstep    after every slice with the stop reason and whether the
 *               run ends there (exec --lockstep), or at boundaries every
 *               N cycles like a checkpoint (board --lockstep).
 * The profiler needs no hand-over: it is a set of CPU hooks
 * (dspsim/profile.h) that runs inside the slices.
 *
 * A client may end the run (ds_run_end): the loop returns at the next
 * hand-over point.
 *
 * Units: cycles and instruction counts are the CPU's (xt_cycles,
 * xt_insn_count), absolute since reset. */
#ifndef DSPSIM_RUN_H
#define DSPSIM_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "dspsim/xtcpu.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DS_RUN_NEVER UINT64_MAX

typedef struct ds_run ds_run;

ds_run *ds_run_new(void); /* NULL when out of memory */
void ds_run_free(ds_run *r);

/* ---- Clients ------------------------------------------------------------ */
/* The debugger: poll(user) after every slice, at least every slice_cycles
 * (0: only when the CPU returns for its own reasons); it may block while
 * the debugger holds the target.  Returns true when it served a stop that
 * the CPU's XT_STOP_REQUEST was for (the run goes on), false otherwise.
 * poll NULL removes it. */
typedef bool (*ds_run_poll_fn)(void *user);
void ds_run_set_debugger(ds_run *r, ds_run_poll_fn poll, void *user,
                         uint64_t slice_cycles);
/* The debugger at every boundary too (at(user, cycle), after the other
 * boundary clients): it may ask the CPU to stop before its next
 * instruction (xt_stop_request), to be polled there after the events of
 * the cycle.  at NULL: none.  Removed with the debugger. */
typedef void (*ds_run_debugger_at_fn)(void *user, uint64_t cycle);
void ds_run_set_debugger_at(ds_run *r, ds_run_debugger_at_fn at);

/* The debugger's horizon: the next slice ends at the first instruction
 * boundary at or after cycle `at` (DS_RUN_NEVER: none), where the
 * debugger is polled.  Kept until changed. */
void ds_run_set_horizon(ds_run *r, uint64_t at);

/* Progress: fn(user, cycles, insns) after every slice, at least every
 * slice_cycles.  fn NULL removes it. */
typedef void (*ds_run_progress_fn)(void *user, uint64_t cycles, uint64_t insns);
void ds_run_set_progress(ds_run *r, ds_run_progress_fn fn, void *user,
                         uint64_t slice_cycles);

/* Pause point: fn(user, cycle) at the first boundary whose cycle is >= at;
 * true when done (the pause is disarmed), false to be asked again at the
 * next boundary.  fn may save the machine but must not run it.  fn NULL
 * disarms. */
typedef bool (*ds_run_pause_fn)(void *user, uint64_t cycle);
void ds_run_set_pause(ds_run *r, uint64_t at, ds_run_pause_fn fn, void *user);

/* Checkpoints: fn(user, cycle) at the first boundary whose cycle is >= at;
 * returns the cycle of the next one (DS_RUN_NEVER: none for now; a later
 * ds_run_set_checkpoint arms it again).  Like a pause point otherwise. */
typedef uint64_t (*ds_run_checkpoint_fn)(void *user, uint64_t cycle);
void ds_run_set_checkpoint(ds_run *r, uint64_t at, ds_run_checkpoint_fn fn,
                           void *user);

/* Lockstep: after_slice(user, why, final) after every return of the CPU
 * (final: the run ends there with why); at(user, cycle) at boundaries
 * like a checkpoint (returns the next cycle).  Either may be NULL; false
 * from after_slice ends the run.  ops NULL removes it. */
typedef struct ds_run_lockstep {
    bool (*after_slice)(void *user, xt_stop why, bool final);
    uint64_t (*at)(void *user, uint64_t cycle);
    uint64_t first; /* cycle of the first call of at */
} ds_run_lockstep;
void ds_run_set_lockstep(ds_run *r, const ds_run_lockstep *ops, void *user);

/* A client ends the run: the loop returns at its next hand-over point
 * (ds_run_cpu: XT_STOP_REQUEST; ds_board_run: DS_STOP_BUDGET).  Cleared
 * when a run starts. */
void ds_run_end(ds_run *r);
bool ds_run_ended(const ds_run *r);

/* ---- The hand-over points, for a machine's run loop --------------------- */
/* A run starts (clears ds_run_end). */
void ds_run_begin(ds_run *r);
/* The latest cycle the next slice may end at, given the loop's own end
 * (DS_RUN_NEVER: none). */
uint64_t ds_run_slice_end(const ds_run *r, uint64_t now, uint64_t end);
/* The next cycle a boundary client waits for (DS_RUN_NEVER: none): no
 * device may batch its events past it. */
uint64_t ds_run_next_point(const ds_run *r);
/* A boundary at cycle now: the pause, checkpoint and lockstep clients
 * that are due. */
void ds_run_boundary(ds_run *r, uint64_t now, xt_cpu *cpu);
/* After a slice: progress, then the debugger when the slice ended for it
 * (why XT_STOP_CYCLE_BUDGET: a slice's end; XT_STOP_REQUEST: a stop its
 * hooks may have asked for).  Returns the debugger's answer (true: it
 * served the stop request). */
bool ds_run_after_slice(ds_run *r, xt_cpu *cpu, xt_stop why);
/* The lockstep client's after_slice, if any (true when there is none). */
bool ds_run_lockstep_slice(ds_run *r, xt_stop why, bool final);
/* Whether a client looks at the machine between any two slices (the
 * debugger, the progress line): devices must not batch their events
 * then. */
bool ds_run_polled(const ds_run *r);
/* Whether a debugger is attached (a machine that only waits keeps running
 * for it, to be interrupted, rather than ending idle). */
bool ds_run_debugged(const ds_run *r);

/* ---- The loop of a bare CPU (`dspsim exec`) ------------------------------ */
/* Budgets counted from reset (absolute cycle and instruction counts);
 * 0 = none. */
typedef struct ds_run_budget {
    uint64_t max_cycles;
    uint64_t max_insns;
} ds_run_budget;

/* Runs cpu to the end of the run: a guest stop, a budget, a stop request
 * no client served, or ds_run_end (*why XT_STOP_REQUEST).  Returns an API
 * error of xt_run, else XT_OK. */
xt_err ds_run_cpu(ds_run *r, xt_cpu *cpu, const ds_run_budget *budget,
                  xt_stop *why);

#ifdef __cplusplus
}
#endif
#endif

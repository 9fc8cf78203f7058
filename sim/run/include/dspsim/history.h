/* SPDX-License-Identifier: BSD-3-Clause */
/* The run's history: checkpoints of the whole machine taken in memory
 * while the run goes forward, for reverse execution (docs/debugging.md,
 * "Reverse execution").  The machine is deterministic, so going back to
 * any earlier point is putting back the nearest checkpoint before it and
 * running forward to it.
 *
 * A checkpoint is taken at a boundary of the run service (dspsim/run.h),
 * every `every` cycles (adaptive by default: its cost kept near 1% of the
 * run's host time).  It holds the CPU's core record (xt_state_core_save),
 * the rest of the machine as the caller saves it (devices, the host
 * side), and the machine's memories as 4 KiB pages shared with the
 * checkpoint before wherever they are the same (copy-on-write: only the
 * pages written in between take room; the CPU says which,
 * xt_mem_dirty_take; other memories are compared).  The checkpoints'
 * memory is bounded (DS_HIST_DEFAULT_MEM): over the bound, the oldest is
 * dropped, and the history starts later.  Going back writes only the
 * pages that differ.
 *
 * While the run goes again over history it has already run (below its
 * high-water mark: the furthest point it reached before going back), the
 * machine's outputs to the host are muted (the caller's replay hook), so
 * that going forward again gives each byte once; they come back on at
 * the high-water mark, and the run from there is new.
 *
 * Precondition: the CPU tracks its dirty pages (xt_mem_dirty_track) since
 * its memories were all zeros (before anything was loaded), so that the
 * first checkpoint knows every page ever written.  The other memories
 * start as zeros too. */
#ifndef DSPSIM_HISTORY_H
#define DSPSIM_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dspsim/run.h"
#include "dspsim/snapshot.h"
#include "dspsim/xtcpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Positions ---------------------------------------------------------- */
/* A point of a run, ordered by instructions retired, then cycles, then
 * kind: at a cycle, the board's events due then fire (EVENTS is before
 * them), the machine settles (SETTLED: after them, where checkpoints are
 * taken), a host may act on it between two runs (HOST: after its write),
 * then the instruction at pc runs (INSN: the code hook's call before it).
 * pc is meaningful for INSN only. */
typedef enum ds_pos_kind {
    DS_POS_EVENTS = 0,
    DS_POS_SETTLED = 1,
    DS_POS_HOST = 2,
    DS_POS_INSN = 3,
} ds_pos_kind;

typedef struct ds_pos {
    uint64_t insns, cycles;
    uint32_t kind; /* ds_pos_kind */
    uint32_t pc;
} ds_pos;

/* <0, 0, >0 as a is before, at, after b (pc is not compared). */
int ds_pos_cmp(const ds_pos *a, const ds_pos *b);
/* The CPU's position now, of the given kind (pc read for INSN). */
ds_pos ds_pos_now(xt_cpu *cpu, ds_pos_kind kind);

/* ---- The machine -------------------------------------------------------- */
/* A memory saved page by page: in the CPU's map (cpu true: read and
 * written with xt_mem_read/xt_mem_write, its written pages known from
 * xt_mem_dirty_take), or outside it (the board's host memory: read and
 * write callbacks, compared page by page).  base and size multiples of
 * 4096. */
typedef struct ds_hist_mem {
    uint32_t base, size;
    bool cpu;
    bool (*read)(void *user, uint32_t addr, void *dst, size_t n);
    bool (*write)(void *user, uint32_t addr, const void *src, size_t n);
    void *user;
} ds_hist_mem;

typedef struct ds_hist_machine {
    xt_cpu *cpu;
    const ds_hist_mem *mems; /* copied */
    size_t nmems;
    /* the rest of the machine (devices, the host side), as sections;
     * save false: no checkpoint can be taken now (it is tried again at
     * the next one); load false: the bytes do not load (an internal
     * error) */
    bool (*save)(void *user, ds_snap_w *w);
    bool (*load)(void *user, ds_snap_r *r);
    /* on: the run goes over history it has run (mute the outputs to the
     * host); off: it is past its high-water mark */
    void (*replay)(void *user, bool on);
    void *user;
    /* The CPU's memories are not all zeros now (something was loaded
     * before tracking could start): ds_hist_new starts the CPU's dirty
     * tracking, and the first checkpoint reads every page (cheap for a
     * board's small memories; see the precondition above otherwise). */
    bool track_now;
} ds_hist_machine;

#define DS_HIST_DEFAULT_MEM (256ull << 20) /* bytes */
#define DS_HIST_MIN_EVERY   100000u        /* cycles, adaptive interval */

typedef struct ds_hist_config {
    uint64_t mem_limit; /* bytes of checkpoints (0: DS_HIST_DEFAULT_MEM) */
    uint64_t every;     /* cycles between checkpoints (0: adaptive) */
} ds_hist_config;

typedef struct ds_hist ds_hist;

/* NULL when out of memory. */
ds_hist *ds_hist_new(const ds_hist_machine *m, const ds_hist_config *cfg);
void ds_hist_free(ds_hist *h);

/* Take checkpoints at the boundaries of run service r from now on (from
 * its next boundary); again: nothing more.  A debugger calls it when one
 * attaches (nothing is taken before). */
void ds_hist_start(ds_hist *h, ds_run *r);
bool ds_hist_started(const ds_hist *h);

/* ---- Going back --------------------------------------------------------- */
/* Checkpoints in order, oldest first. */
size_t ds_hist_count(const ds_hist *h);
ds_pos ds_hist_pos(const ds_hist *h, size_t i);
/* The latest checkpoint before pos (or at it, inclusive), or -1. */
int ds_hist_find(const ds_hist *h, const ds_pos *pos, bool inclusive);
/* Puts the machine back to checkpoint i (between two slices of its run,
 * never inside xt_run).  from: where the machine is now, its high-water
 * mark if it was not replaying already.  false (err) when the state does
 * not load: the machine is then in pieces (an internal error). */
bool ds_hist_restore(ds_hist *h, size_t i, const ds_pos *from, char *err,
                     size_t errsz);
/* The run is about to go from the checkpoint it was put back to toward
 * pos: checkpoints are taken on the way, closer together near pos, so
 * that going back again nearby replays little. */
void ds_hist_refine(ds_hist *h, const ds_pos *toward);
/* Whether the run is below its high-water mark, and the mark. */
bool ds_hist_replaying(const ds_hist *h);
ds_pos ds_hist_high_water(const ds_hist *h);
/* The debugger changed the machine (registers, memory) at pos: the
 * history after pos is no longer this run's: its checkpoints are dropped
 * and the run is new from pos (not replaying). */
void ds_hist_diverge(ds_hist *h, const ds_pos *pos);

typedef struct ds_hist_stats {
    size_t checkpoints;
    uint64_t bytes;      /* memory they take, shared pages once */
    uint64_t limit;      /* the bound */
    uint64_t every;      /* cycles between checkpoints now */
    uint64_t dropped;    /* checkpoints dropped at the bound */
    uint64_t taken;      /* checkpoints taken */
    uint64_t pages;      /* 4 KiB pages held */
    double host_seconds; /* spent taking them */
} ds_hist_stats;
void ds_hist_get_stats(const ds_hist *h, ds_hist_stats *st);

#ifdef __cplusplus
}
#endif
#endif

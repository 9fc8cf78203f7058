/* SPDX-License-Identifier: BSD-3-Clause */
/* The board's state, shared by board.c and board_run.c. */
#ifndef DSPSIM_BOARD_INTERNAL_H
#define DSPSIM_BOARD_INTERNAL_H

#include "dspsim/board.h"
#include "dspsim/board_fault.h"
#include "dspsim/debug_dev.h"
#include "dspsim/run.h"
#include "dspsim/intercore.h"

#define DS_BOARD_MAX_MARKER_OBSERVERS 8
#define DS_BOARD_MAX_DMA_OBSERVERS    8

/* an SSP port's register window (the MMIO callbacks' user) */
struct ds_board_port {
    struct ds_board *b;
    unsigned index;
};

/* A core of the board (board_smp.c): its engine, and where its cycles
 * start on the board's clock. */
struct ds_board_core {
    struct ds_board *b;
    unsigned index;
    xt_cpu *cpu;
    uint64_t base; /* board cycle of the core's cycle 0 (it left reset) */
    bool on;       /* out of reset (core 0 always) */
};

/* The run state of a board of several cores (board_smp.c). */
struct ds_board_smp {
    /* the cores inside xt_run, outermost first: a core's device access
     * runs the others up to its cycle (nested) before it happens */
    unsigned stack[BOARD_MAX_CORES];
    unsigned depth;
    /* horizons: [0] the round's end, [l] the l-th nested catch-up's;
     * pick[l] the core running towards it (-1: none yet), picked_waiting[l]
     * whether it was waiting in WAITI when picked */
    uint64_t hz[BOARD_MAX_CORES + 1];
    int pick[BOARD_MAX_CORES + 1];
    bool picked_waiting[BOARD_MAX_CORES + 1];
    unsigned levels; /* horizons in use; 0 between rounds */
    bool firing;     /* events fire at fire_now */
    uint64_t fire_now;
    /* a stop seen inside a nested catch-up (FATAL or EXIT of a core) */
    bool stopped;
    ds_stop stop_why;
    unsigned stop_core;
};

struct ds_board {
    ds_board_config cfg;
    xt_cpu *cpu; /* core 0's */
    ds_clock *clk;
    ds_dbg *dbg;
    ds_ipc *ipc;
    ds_dma *dma;
    ds_ssp *ssp[BOARD_MAX_SSP_PORTS];
    struct ds_board_port port[BOARD_MAX_SSP_PORTS];
    uint8_t *host_mem;
    unsigned ncores;
    struct ds_board_core core[BOARD_MAX_CORES];
    ds_icd *icd; /* boards of several cores */
    struct ds_board_smp smp;
    struct ds_race_det *race; /* board_race.c, NULL when off */

    void (*console)(void *, uint8_t);
    void *console_user;
    ds_log_fn log;
    void *log_user;
    struct {
        ds_marker_fn fn;
        void *user;
    } markers[DS_BOARD_MAX_MARKER_OBSERVERS];
    unsigned n_markers;
    struct {
        ds_dma_observer_fn fn;
        void *user;
    } dma_obs[DS_BOARD_MAX_DMA_OBSERVERS];
    unsigned n_dma_obs;
    ds_ipc_host_ops ipc_ops;
    bool replay; /* ds_board_set_replay: the observers hear nothing */
    ds_mem_write_fn wwatch; /* ds_board_set_write_watch */
    void *wwatch_user;

    /* run state */
    bool running;     /* inside ds_board_run */
    bool in_run;      /* inside xt_run */
    uint64_t run_end; /* cycle at which the current xt_run ends */
    /* lazy SSP ticks (board.c): the frame period they were last asked
     * for, and the cycle before which none are tried again (a store
     * into what their bursts read hardened them) */
    uint64_t lazy_period, lazy_resume;
    uint64_t limit;   /* cycle at which the current ds_board_run ends */
    unsigned stop_on; /* DS_EVENT_* ending the current ds_board_run */
    unsigned events;  /* DS_EVENT_* seen in the current run */
    bool halted;
    uint32_t halt_status;
    unsigned halt_core; /* the core that wrote HALT */
    uint64_t d2h_cycle; /* when the pending DSP message was rung */

    /* the sliced-run service its loop hands over to (dspsim/run.h) */
    ds_run *svc;
    /* fault injection (board_fault.c) */
    struct ds_fault_node *faults; /* every scheduled fault (owned) */
    ds_fault_fn fault_obs;
    void *fault_obs_user;
    uint64_t faults_fired;
    uint32_t irq_dev;    /* line levels the devices drive */
    uint32_t irq_forced; /* lines an interrupt storm holds high */
};

/* board_fault.c: where the scheduled faults are (section "FLT "), saved
 * and loaded after the clock's section, before the devices'. */
void ds_board_faults_save(const ds_board *b, ds_snap_w *w);
bool ds_board_faults_load(ds_board *b, ds_snap_r *r);
/* board_fault.c: frees every fault node (ds_board_free). */
void ds_board_faults_free(ds_board *b);
/* board_fault.c: drops every pending fault event, releases storms
 * (ds_board_reset). */
void ds_board_faults_cancel(ds_board *b);
/* board_irq.c: a device drives a line (a ds_irq_fn, user = the board);
 * a line's level is re-driven after irq_forced changed. */
void ds_board_irq_cb(void *user, unsigned line, bool level);
void ds_board_irq_update(ds_board *b, unsigned line);
/* board_irq.c: an inter-core line (a ds_irq_fn, user = the core); every
 * line of a core that left reset driven again. */
void ds_board_icd_irq_cb(void *user, unsigned line, bool level);
void ds_board_irq_redrive(ds_board *b, struct ds_board_core *c);

/* board_race.c: off and freed (ds_board_free); accesses and races
 * forgotten (ds_board_reset). */
void ds_board_race_free(ds_board *b);
void ds_board_race_reset(ds_board *b);
/* board_race.c: bytes the DMA or the host wrote: the cores' accesses to
 * them are forgotten (what a core reads there next is the new data). */
void ds_board_race_forget(ds_board *b, uint32_t addr, size_t n);

/* board_smp.c: a board of several cores. */
/* The board's clock now: the running core's cycle, else the laggard's. */
uint64_t ds_board_smp_now(const ds_board *b);
/* The core that is running (the innermost), else 0. */
unsigned ds_board_smp_current(const ds_board *b);
/* A device access by the running core: the other cores run up to its
 * cycle and the events due by then fire first. */
void ds_board_smp_sync(ds_board *b);
/* The clock's schedule hook: an event at 'at' ends the slices past it. */
void ds_board_smp_schedule(ds_board *b, uint64_t at);
/* Stop the running cores before their next instruction (halt, a host
 * event the run stops on). */
void ds_board_smp_stop(ds_board *b);
/* Core k leaves reset at pc (the inter-core device's RUN). */
void ds_board_smp_start(void *user, unsigned k, uint32_t pc);
/* Every core to reset (core 0 running), the run state cleared. */
void ds_board_smp_reset(ds_board *b);
/* ds_board_run's loop for several cores; finish ends a run. */
ds_status ds_board_smp_run(ds_board *b, ds_run_result *res);
ds_status ds_board_finish(ds_board *b, ds_run_result *res, ds_stop why,
                          int status, unsigned core);

#endif

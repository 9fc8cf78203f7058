/* SPDX-License-Identifier: BSD-3-Clause */
/* The board's state, shared by board.c and board_run.c. */
#ifndef DSPSIM_BOARD_INTERNAL_H
#define DSPSIM_BOARD_INTERNAL_H

#include "dspsim/board.h"
#include "dspsim/board_fault.h"
#include "dspsim/debug_dev.h"
#include "dspsim/run.h"

#define DS_BOARD_MAX_MARKER_OBSERVERS 8
#define DS_BOARD_MAX_DMA_OBSERVERS    8

/* an SSP port's register window (the MMIO callbacks' user) */
struct ds_board_port {
    struct ds_board *b;
    unsigned index;
};

struct ds_board {
    ds_board_config cfg;
    xt_cpu *cpu;
    ds_clock *clk;
    ds_dbg *dbg;
    ds_ipc *ipc;
    ds_dma *dma;
    ds_ssp *ssp[BOARD_MAX_SSP_PORTS];
    struct ds_board_port port[BOARD_MAX_SSP_PORTS];
    uint8_t *host_mem;

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
    uint64_t limit;   /* cycle at which the current ds_board_run ends */
    unsigned stop_on; /* DS_EVENT_* ending the current ds_board_run */
    unsigned events;  /* DS_EVENT_* seen in the current run */
    bool halted;
    uint32_t halt_status;
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

/* board_fault.c: frees every fault node (ds_board_free). */
void ds_board_faults_free(ds_board *b);
/* board_fault.c: drops every pending fault event, releases storms
 * (ds_board_reset). */
void ds_board_faults_cancel(ds_board *b);
/* board_irq.c: a device drives a line (a ds_irq_fn, user = the board);
 * a line's level is re-driven after irq_forced changed. */
void ds_board_irq_cb(void *user, unsigned line, bool level);
void ds_board_irq_update(ds_board *b, unsigned line);

#endif

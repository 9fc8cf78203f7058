/* SPDX-License-Identifier: BSD-3-Clause */
/* Faults injected into the board at chosen simulated times (issue 14;
 * docs/board.md "Faults").
 *
 * ds_board_fault_at() schedules a fault on the board's event clock; when
 * it fires it acts through the device models' own fault entry points
 * (dspsim/dma.h, ssp.h, ipc.h) or the board's interrupt wiring: devices
 * change their own state and raise interrupt lines, nothing touches CPU
 * state.  The same faults at the same cycles give the same run, cycle
 * for cycle, with either CPU engine.
 *
 * Units: cycles are CPU cycles (absolute, as ds_board_cycles()); ppb parts
 * per billion. */
#ifndef DSPSIM_BOARD_FAULT_H
#define DSPSIM_BOARD_FAULT_H

#include <stdint.h>

#include "dspsim/board.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ds_fault_kind {
    DS_FAULT_DMA_STALL = 0,  /* target: channel; cycles: how long */
    DS_FAULT_DMA_DESC_ERROR, /* target: channel */
    DS_FAULT_SSP_UNDERRUN,   /* target: port; count: frames */
    DS_FAULT_SSP_OVERRUN,    /* target: port; count: frames */
    DS_FAULT_CLOCK_STEP,     /* ppb: added to every port's audio clock
                                error (the audio clock is shared) */
    DS_FAULT_IRQ_STORM,      /* target: interrupt line 0..5 held high for
                                `cycles` (the handler finds no cause) */
    DS_FAULT_DOORBELL,       /* target: a ds_ipc_fault (armed when it
                                fires: it hits the next doorbell) */
    DS_FAULT_KINDS
} ds_fault_kind;

typedef struct ds_fault {
    ds_fault_kind kind;
    unsigned target;
    uint64_t cycles;
    uint32_t count;
    int32_t ppb;
} ds_fault;

const char *ds_fault_kind_name(ds_fault_kind k); /* "dma_stall", ... */

/* Schedules f at absolute cycle `at` (now or later; an earlier cycle fires
 * at the next event check).  DS_ERR_ARG: unknown kind, a channel / port /
 * line / doorbell fault out of range for this board, a zero duration or
 * count, or a clock step leaving the clock error at or below -1e9 ppb
 * (checked again when it fires: then ignored).  DS_ERR_NOMEM: out of
 * memory. */
ds_status ds_board_fault_at(ds_board *b, uint64_t at, const ds_fault *f);

/* Called when a fault fires (cycle = when), e.g. to log or draw it. */
typedef void (*ds_fault_fn)(void *user, const ds_fault *f, uint64_t cycle);
void ds_board_set_fault_observer(ds_board *b, ds_fault_fn fn, void *user);

/* Faults fired so far. */
uint64_t ds_board_faults_fired(const ds_board *b);

#ifdef __cplusplus
}
#endif
#endif

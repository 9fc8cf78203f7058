/* SPDX-License-Identifier: BSD-3-Clause */
/* The inter-core device of a board of several cores (BOARD_ICD_BASE,
 * abi/board_regs.h, docs/board.md "Inter-core device"): per core a
 * doorbell with a message, a payload and an acknowledgement with a reply,
 * the cores' run control (which core is out of reset, where it starts),
 * and hardware semaphores.
 *
 * The registers are banked: every access names the core that makes it.
 * The device drives one interrupt line per core and tells the board when
 * a core is to leave reset (ops.start); it never touches CPU state.  It
 * acts at once: the board makes every access happen at its core's cycle,
 * after the other cores' earlier ones (docs/board.md, "Several cores").
 *
 * Units: offsets are bytes from BOARD_ICD_BASE, core numbers 0..cores-1.
 */
#ifndef DSPSIM_INTERCORE_H
#define DSPSIM_INTERCORE_H

#include <stdbool.h>
#include <stdint.h>

#include "abi/board_regs.h"
#include "dspsim/periph.h"
#include "dspsim/snapshot.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ds_icd ds_icd;

typedef struct ds_icd_ops {
    /* Core 'core' leaves reset and starts at pc (a RUN write). */
    void (*start)(void *user, unsigned core, uint32_t pc);
    void *user;
} ds_icd_ops;

/* The synchronisations the device makes between cores, for an observer
 * (a race detector: sim/board/board_race.c).  'core' is the core whose
 * access it is, 'arg' the other core or the semaphore. */
typedef enum ds_icd_sync {
    DS_ICD_SYNC_START,    /* core started core arg (RUN) */
    DS_ICD_SYNC_RING,     /* core rang core arg, accepted */
    DS_ICD_SYNC_TAKE,     /* core read the message core arg rang it
                             (IN_MSG, IN_FROM, IN_DATA, or STATUS with IN) */
    DS_ICD_SYNC_ACK,      /* core acknowledged core arg's message */
    DS_ICD_SYNC_DONE,     /* core saw core arg's acknowledgement (REPLY, or
                             STATUS with DONE) */
    DS_ICD_SYNC_SEM_TAKE, /* core took semaphore arg */
    DS_ICD_SYNC_SEM_GIVE, /* core released semaphore arg */
} ds_icd_sync;
typedef void (*ds_icd_sync_fn)(void *user, ds_icd_sync ev, unsigned core,
                               unsigned arg);

/* cores: 2..BOARD_MAX_CORES; irq[core] is that core's BOARD_IRQ_ICD
 * line.  NULL when out of memory or cores is out of range. */
ds_icd *ds_icd_new(unsigned cores, const ds_irq_out *irq,
                   const ds_icd_ops *ops);
void ds_icd_free(ds_icd *d);
/* Doorbells empty, semaphores free, only core 0 running, BOOT 0; every
 * line low. */
void ds_icd_reset(ds_icd *d);

/* A guest access by core 'core' (aligned 32-bit only); false is a bus
 * error. */
bool ds_icd_read(ds_icd *d, unsigned core, uint32_t off, unsigned size,
                 uint32_t *val);
bool ds_icd_write(ds_icd *d, unsigned core, uint32_t off, unsigned size,
                  uint32_t val);

/* Tell fn of every synchronisation (NULL: nobody). */
void ds_icd_set_sync_observer(ds_icd *d, ds_icd_sync_fn fn, void *user);

/* Drive core 'core''s line again (its core was reset). */
void ds_icd_redrive(ds_icd *d, unsigned core);

/* For the host (tests, reports): whether a core is out of reset; the
 * holder of semaphore n (-1 when free). */
bool ds_icd_running(const ds_icd *d, unsigned core);
int ds_icd_sem_holder(const ds_icd *d, unsigned n);

/* Saved state: section "ICD " (docs/snapshot-format.md).  The load sets
 * the lines again. */
void ds_icd_save(const ds_icd *d, ds_snap_w *w);
bool ds_icd_load(ds_icd *d, ds_snap_r *r);

#ifdef __cplusplus
}
#endif
#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* The board's debug/control device (BOARD_DBG_* in board_regs.h): console
 * output, trace markers stamped with the cycle count, a halt-with-status
 * register, a cycle counter and read-only board information.
 *
 * Units: cycles are CPU cycles (the clock's time), frequencies Hz, sizes
 * bytes.
 */
#ifndef DSPSIM_DEBUG_DEV_H
#define DSPSIM_DEBUG_DEV_H

#include <stdbool.h>
#include <stdint.h>

#include "dspsim/clock.h"
#include "dspsim/snapshot.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ds_dbg ds_dbg;

typedef struct ds_dbg_ops {
    /* A byte the firmware wrote to CONSOLE. */
    void (*console)(void *user, uint8_t byte);
    /* A marker: TRACE_ID latch, the value written to TRACE_VALUE, and the
     * cycle of the store. */
    void (*marker)(void *user, uint32_t id, uint32_t value, uint64_t cycle);
    /* The firmware wrote 'status' to HALT at 'cycle'. */
    void (*halt)(void *user, uint32_t status, uint64_t cycle);
    void *user;
} ds_dbg_ops;

/* Read-only values the device reports. */
typedef struct ds_dbg_info {
    uint32_t config; /* BOARD_DBG_CONFIG value */
    uint32_t cpu_hz;
    uint32_t audio_hz;
    uint32_t iram_size;
    uint32_t dram_size;
} ds_dbg_info;

ds_dbg *ds_dbg_new(ds_clock *clk, const ds_dbg_info *info,
                   const ds_dbg_ops *ops);
void ds_dbg_free(ds_dbg *d);
void ds_dbg_reset(ds_dbg *d);

/* Register access (offset from BOARD_DBG_BASE; size 1, 2 or 4).  Return
 * false for a bus error: unknown offset, unaligned or narrow access. */
bool ds_dbg_read(ds_dbg *d, uint32_t offset, unsigned size, uint32_t *value);
bool ds_dbg_write(ds_dbg *d, uint32_t offset, unsigned size, uint32_t value);

/* Saved state (docs/snapshot-format.md, "DBG "): the TRACE_ID latch, the
 * latched CYCLES_HI and SCRATCH. */
void ds_dbg_save(const ds_dbg *d, ds_snap_w *w);
bool ds_dbg_load(ds_dbg *d, ds_snap_r *r);

#ifdef __cplusplus
}
#endif
#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Debug/control device model. */
#include <stdlib.h>

#include "abi/board_regs.h"
#include "dspsim/debug_dev.h"

struct ds_dbg {
    ds_clock *clk;
    ds_dbg_info info;
    ds_dbg_ops ops;
    uint32_t trace_id;
    uint32_t cycles_hi; /* latched by a CYCLES_LO read */
    uint32_t scratch;
};

ds_dbg *ds_dbg_new(ds_clock *clk, const ds_dbg_info *info,
                   const ds_dbg_ops *ops)
{
    ds_dbg *d = calloc(1, sizeof(*d));
    if (!d)
        return NULL;
    d->clk = clk;
    d->info = *info;
    if (ops)
        d->ops = *ops;
    return d;
}

void ds_dbg_free(ds_dbg *d)
{
    free(d);
}

void ds_dbg_reset(ds_dbg *d)
{
    d->trace_id = 0;
    d->cycles_hi = 0;
    d->scratch = 0;
}

bool ds_dbg_read(ds_dbg *d, uint32_t offset, unsigned size, uint32_t *value)
{
    if (size != 4 || (offset & 3) || offset >= BOARD_DBG_REG_END)
        return false;
    uint64_t now;
    switch (offset) {
    case BOARD_DBG_TRACE_ID:
        *value = d->trace_id;
        return true;
    case BOARD_DBG_CYCLES_LO:
        now = ds_clock_now(d->clk);
        d->cycles_hi = (uint32_t)(now >> 32);
        *value = (uint32_t)now;
        return true;
    case BOARD_DBG_CYCLES_HI:
        *value = d->cycles_hi;
        return true;
    case BOARD_DBG_ID:
        *value = BOARD_ID_VALUE;
        return true;
    case BOARD_DBG_CONFIG:
        *value = d->info.config;
        return true;
    case BOARD_DBG_CPU_HZ:
        *value = d->info.cpu_hz;
        return true;
    case BOARD_DBG_AUDIO_HZ:
        *value = d->info.audio_hz;
        return true;
    case BOARD_DBG_IRAM_SIZE:
        *value = d->info.iram_size;
        return true;
    case BOARD_DBG_DRAM_SIZE:
        *value = d->info.dram_size;
        return true;
    case BOARD_DBG_SCRATCH:
        *value = d->scratch;
        return true;
    default:
        *value = 0;
        return true; /* write-only registers read 0 */
    }
}

bool ds_dbg_write(ds_dbg *d, uint32_t offset, unsigned size, uint32_t value)
{
    if (offset == BOARD_DBG_CONSOLE && (size == 1 || size == 4)) {
        if (d->ops.console)
            d->ops.console(d->ops.user, (uint8_t)value);
        return true;
    }
    if (size != 4 || (offset & 3) || offset >= BOARD_DBG_REG_END)
        return false;
    switch (offset) {
    case BOARD_DBG_TRACE_ID:
        d->trace_id = value;
        break;
    case BOARD_DBG_TRACE_VALUE:
        if (d->ops.marker)
            d->ops.marker(d->ops.user, d->trace_id, value,
                          ds_clock_now(d->clk));
        break;
    case BOARD_DBG_HALT:
        if (d->ops.halt)
            d->ops.halt(d->ops.user, value, ds_clock_now(d->clk));
        break;
    case BOARD_DBG_SCRATCH:
        d->scratch = value;
        break;
    default:
        break; /* read-only registers ignore writes */
    }
    return true;
}

/* ---- saved state ---------------------------------------------------------- */
#define DBG_STATE_VERSION 1u

void ds_dbg_save(const ds_dbg *d, ds_snap_w *w)
{
    size_t m = ds_snap_begin(w, DS_SNAP_TAG('D', 'B', 'G', ' '));
    ds_snap_put_u32(w, DBG_STATE_VERSION);
    ds_snap_put_u32(w, d->trace_id);
    ds_snap_put_u32(w, d->cycles_hi);
    ds_snap_put_u32(w, d->scratch);
    ds_snap_end(w, m);
}

bool ds_dbg_load(ds_dbg *d, ds_snap_r *r)
{
    ds_snap_r s;
    if (!ds_snap_open(r, DS_SNAP_TAG('D', 'B', 'G', ' '), &s))
        return false;
    uint32_t ver = ds_snap_get_u32(&s);
    if (ver != DBG_STATE_VERSION)
        return ds_snap_fail(r,
                            "debug device: state version %u, this board "
                            "has %u",
                            (unsigned)ver, DBG_STATE_VERSION);
    d->trace_id = ds_snap_get_u32(&s);
    d->cycles_hi = ds_snap_get_u32(&s);
    d->scratch = ds_snap_get_u32(&s);
    return ds_snap_done(&s, "debug device");
}

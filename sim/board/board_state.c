/* SPDX-License-Identifier: BSD-3-Clause */
/* The board's saved state: its own latches and host memory, then the CPU,
 * the event clock and every device, each in its own section
 * (docs/snapshot-format.md). */
#include <stdlib.h>
#include <string.h>

#include "board_internal.h"

#define BOARD_STATE_VERSION 1u
#define TAG_BOARD           DS_SNAP_TAG('B', 'R', 'D', ' ')
#define TAG_CPU             DS_SNAP_TAG('C', 'P', 'U', ' ')
#define TAG_CLOCK           DS_SNAP_TAG('C', 'L', 'K', ' ')
#define TAG_LATCH           DS_SNAP_TAG('B', 'R', 'D', 'D')

/* The clock and every device, after the CPU's section. */
static void save_clock_devices(const ds_board *b, ds_snap_w *w)
{
    size_t m = ds_snap_begin(w, TAG_CLOCK);
    ds_snap_put_u64(w, ds_clock_next_id(b->clk));
    ds_snap_put_u64(w, ds_clock_pending(b->clk));
    ds_snap_end(w, m);

    ds_dbg_save(b->dbg, w);
    ds_ipc_save(b->ipc, w);
    ds_dma_save(b->dma, w);
    for (unsigned i = 0; i < b->cfg.ssp_ports; i++)
        ds_ssp_save(b->ssp[i], w);
}

static bool load_clock_devices(ds_board *b, ds_snap_r *r)
{
    ds_snap_r s;
    if (!ds_snap_open(r, TAG_CLOCK, &s))
        return false;
    uint64_t next = ds_snap_get_u64(&s), pending = ds_snap_get_u64(&s);
    if (!ds_snap_done(&s, "clock")) {
        r->bad = true;
        return false;
    }
    ds_clock_load_begin(b->clk, next);
    if (!ds_dbg_load(b->dbg, r) || !ds_ipc_load(b->ipc, r) ||
        !ds_dma_load(b->dma, r))
        return false;
    for (unsigned i = 0; i < b->cfg.ssp_ports; i++)
        if (!ds_ssp_load(b->ssp[i], r))
            return false;
    if (ds_clock_pending(b->clk) != pending)
        return ds_snap_fail(r,
                            "clock: %llu events were pending, the "
                            "devices re-created %zu",
                            (unsigned long long)pending,
                            ds_clock_pending(b->clk));
    b->events = 0;
    return true;
}

void ds_board_save(const ds_board *b, ds_snap_w *w)
{
    size_t m = ds_snap_begin(w, TAG_BOARD);
    ds_snap_put_u32(w, BOARD_STATE_VERSION);
    ds_snap_put_u32(w, b->cfg.host_size);
    ds_snap_put_u32(w, b->cfg.ssp_ports);
    ds_snap_put_u8(w, b->halted);
    ds_snap_put_u32(w, b->halt_status);
    ds_snap_put_u64(w, b->d2h_cycle);
    ds_snap_put_bytes(w, b->host_mem, b->cfg.host_size);
    ds_snap_end(w, m);

    m = ds_snap_begin(w, TAG_CPU);
    size_t n = xt_state_size(b->cpu);
    uint8_t *buf = malloc(n ? n : 1);
    if (!buf || xt_state_save(b->cpu, buf, n) != XT_OK)
        w->oom = true;
    else
        ds_snap_put_bytes(w, buf, n);
    free(buf);
    ds_snap_end(w, m);

    save_clock_devices(b, w);
}

bool ds_board_load(ds_board *b, ds_snap_r *r)
{
    ds_snap_r s;
    if (!ds_snap_open(r, TAG_BOARD, &s))
        return false;
    uint32_t ver = ds_snap_get_u32(&s), host = ds_snap_get_u32(&s);
    uint32_t ports = ds_snap_get_u32(&s);
    if (!s.bad && (ver != BOARD_STATE_VERSION || host != b->cfg.host_size ||
                   ports != b->cfg.ssp_ports))
        return ds_snap_fail(r,
                            "board: state version %u, %u bytes of host "
                            "memory, %u SSP ports; this board: version %u, "
                            "%u bytes, %u ports",
                            (unsigned)ver, (unsigned)host, (unsigned)ports,
                            BOARD_STATE_VERSION, (unsigned)b->cfg.host_size,
                            (unsigned)b->cfg.ssp_ports);
    b->halted = ds_snap_get_u8(&s) != 0;
    b->halt_status = ds_snap_get_u32(&s);
    b->d2h_cycle = ds_snap_get_u64(&s);
    ds_snap_get_bytes(&s, b->host_mem, b->cfg.host_size);
    if (!ds_snap_done(&s, "board")) {
        r->bad = true;
        return false;
    }

    if (!ds_snap_open(r, TAG_CPU, &s))
        return false;
    xt_err e = xt_state_load(b->cpu, s.p, s.len);
    if (e != XT_OK)
        return ds_snap_fail(r, "CPU: %s", xt_strerror(e));

    return load_clock_devices(b, r);
}

void ds_board_save_devices(const ds_board *b, ds_snap_w *w)
{
    size_t m = ds_snap_begin(w, TAG_LATCH);
    ds_snap_put_u8(w, b->halted);
    ds_snap_put_u32(w, b->halt_status);
    ds_snap_put_u64(w, b->d2h_cycle);
    ds_snap_end(w, m);
    save_clock_devices(b, w);
}

bool ds_board_load_devices(ds_board *b, ds_snap_r *r)
{
    ds_snap_r s;
    if (!ds_snap_open(r, TAG_LATCH, &s))
        return false;
    b->halted = ds_snap_get_u8(&s) != 0;
    b->halt_status = ds_snap_get_u32(&s);
    b->d2h_cycle = ds_snap_get_u64(&s);
    if (!ds_snap_done(&s, "board latches")) {
        r->bad = true;
        return false;
    }
    return load_clock_devices(b, r);
}
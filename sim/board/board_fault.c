/* SPDX-License-Identifier: BSD-3-Clause */
/* Faults injected at chosen cycles (dspsim/board_fault.h): one node per
 * scheduled fault, fired by the event clock, acting through the device
 * models' fault entry points and the board's interrupt wiring. */
#include <stdlib.h>

#include "board_internal.h"

struct ds_fault_node {
    struct ds_fault_node *next;
    ds_board *b;
    ds_fault f;
    ds_event_id ev;
    bool storm_on; /* IRQ_STORM: the line is held; the end is due */
};

const char *ds_fault_kind_name(ds_fault_kind k)
{
    static const char *const names[DS_FAULT_KINDS] = {
        "dma_stall",  "dma_desc_error", "ssp_underrun", "ssp_overrun",
        "clock_step", "irq_storm",      "doorbell",
    };
    return (unsigned)k < DS_FAULT_KINDS ? names[k] : "?";
}

#define STORM_LINES 6u /* board lines 0..5 (abi/board_regs.h) */

static bool step_ok(const ds_board *b, int32_t ppb)
{
    for (unsigned i = 0; i < b->cfg.ssp_ports; i++)
        if ((int64_t)ds_ssp_drift(b->ssp[i]) + ppb <= -1000000000)
            return false;
    return true;
}

static bool valid(const ds_board *b, const ds_fault *f)
{
    switch (f->kind) {
    case DS_FAULT_DMA_STALL:
        return f->target < b->cfg.dma_channels && f->cycles > 0;
    case DS_FAULT_DMA_DESC_ERROR:
        return f->target < b->cfg.dma_channels;
    case DS_FAULT_SSP_UNDERRUN:
    case DS_FAULT_SSP_OVERRUN:
        return f->target < b->cfg.ssp_ports && f->count > 0;
    case DS_FAULT_CLOCK_STEP:
        return step_ok(b, f->ppb);
    case DS_FAULT_IRQ_STORM:
        return f->target < STORM_LINES && f->cycles > 0;
    case DS_FAULT_DOORBELL:
        return f->target < DS_IPC_FAULT_COUNT;
    case DS_FAULT_KINDS:
        break;
    }
    return false;
}

static void ev_fault(void *user, uint64_t at)
{
    struct ds_fault_node *n = user;
    ds_board *b = n->b;
    const ds_fault *f = &n->f;
    n->ev = 0;
    if (f->kind == DS_FAULT_IRQ_STORM && n->storm_on) {
        /* the storm ends */
        n->storm_on = false;
        b->irq_forced &= ~(1u << f->target);
        ds_board_irq_update(b, f->target);
        return;
    }
    switch (f->kind) {
    case DS_FAULT_DMA_STALL:
        ds_dma_fault_stall(b->dma, f->target, at + f->cycles);
        break;
    case DS_FAULT_DMA_DESC_ERROR:
        ds_dma_fault_desc_error(b->dma, f->target);
        break;
    case DS_FAULT_SSP_UNDERRUN:
    case DS_FAULT_SSP_OVERRUN:
        ds_ssp_fault_xrun(b->ssp[f->target], f->kind == DS_FAULT_SSP_UNDERRUN,
                          f->count);
        break;
    case DS_FAULT_CLOCK_STEP:
        if (!step_ok(b, f->ppb))
            return;
        for (unsigned i = 0; i < b->cfg.ssp_ports; i++)
            ds_ssp_set_drift(b->ssp[i], ds_ssp_drift(b->ssp[i]) + f->ppb);
        break;
    case DS_FAULT_IRQ_STORM:
        n->storm_on = true;
        b->irq_forced |= 1u << f->target;
        ds_board_irq_update(b, f->target);
        n->ev = ds_clock_schedule(b->clk, at + f->cycles, ev_fault, n);
        break;
    case DS_FAULT_DOORBELL:
        ds_ipc_fault_arm(b->ipc, (ds_ipc_fault)f->target);
        break;
    case DS_FAULT_KINDS:
        return;
    }
    b->faults_fired++;
    if (b->fault_obs)
        b->fault_obs(b->fault_obs_user, f, at);
}

ds_status ds_board_fault_at(ds_board *b, uint64_t at, const ds_fault *f)
{
    if (!b || !f || !valid(b, f))
        return DS_ERR_ARG;
    struct ds_fault_node *n = calloc(1, sizeof *n);
    if (!n)
        return DS_ERR_NOMEM;
    n->b = b;
    n->f = *f;
    n->ev = ds_clock_schedule(b->clk, at, ev_fault, n);
    if (!n->ev) {
        free(n);
        return DS_ERR_NOMEM;
    }
    n->next = b->faults;
    b->faults = n;
    return DS_OK;
}

void ds_board_set_fault_observer(ds_board *b, ds_fault_fn fn, void *user)
{
    b->fault_obs = fn;
    b->fault_obs_user = user;
}

uint64_t ds_board_faults_fired(const ds_board *b)
{
    return b->faults_fired;
}

void ds_board_faults_cancel(ds_board *b)
{
    for (struct ds_fault_node *n = b->faults; n; n = n->next) {
        if (n->ev)
            ds_clock_cancel(b->clk, n->ev);
        n->ev = 0;
        n->storm_on = false;
    }
    b->irq_forced = 0;
}

void ds_board_faults_free(ds_board *b)
{
    struct ds_fault_node *n = b->faults;
    while (n) {
        struct ds_fault_node *next = n->next;
        if (n->ev && b->clk)
            ds_clock_cancel(b->clk, n->ev);
        free(n);
        n = next;
    }
    b->faults = NULL;
}

/* ---- saved state ("FLT "; checkpoints and snapshots) ---------------------
 * The scheduled faults themselves are the case's (the harness schedules
 * them again before a restore); what is saved is where each one is: its
 * pending event, a storm's hold, the count fired and the held lines. */
#define TAG_FAULTS          DS_SNAP_TAG('F', 'L', 'T', ' ')
#define FAULT_STATE_VERSION 1u

static unsigned count_nodes(const ds_board *b)
{
    unsigned n = 0;
    for (const struct ds_fault_node *f = b->faults; f; f = f->next)
        n++;
    return n;
}

void ds_board_faults_save(const ds_board *b, ds_snap_w *w)
{
    size_t m = ds_snap_begin(w, TAG_FAULTS);
    ds_snap_put_u32(w, FAULT_STATE_VERSION);
    ds_snap_put_u64(w, b->faults_fired);
    ds_snap_put_u32(w, b->irq_forced);
    ds_snap_put_u32(w, count_nodes(b));
    for (const struct ds_fault_node *n = b->faults; n; n = n->next) {
        ds_snap_put_u64(w, n->ev);
        ds_snap_put_u64(w, ds_clock_event_time(b->clk, n->ev));
        ds_snap_put_u8(w, n->storm_on);
    }
    ds_snap_end(w, m);
}

bool ds_board_faults_load(ds_board *b, ds_snap_r *r)
{
    ds_snap_r s;
    if (!ds_snap_open(r, TAG_FAULTS, &s))
        return false;
    uint32_t ver = ds_snap_get_u32(&s);
    uint64_t fired = ds_snap_get_u64(&s);
    uint32_t forced = ds_snap_get_u32(&s), n = ds_snap_get_u32(&s);
    if (!s.bad && (ver != FAULT_STATE_VERSION || n != count_nodes(b)))
        return ds_snap_fail(r,
                            "faults: state version %u with %u scheduled "
                            "faults; this board: version %u, %u faults",
                            (unsigned)ver, (unsigned)n, FAULT_STATE_VERSION,
                            count_nodes(b));
    for (struct ds_fault_node *f = b->faults; f && !s.bad; f = f->next) {
        f->ev = ds_snap_get_u64(&s);
        uint64_t at = ds_snap_get_u64(&s);
        f->storm_on = ds_snap_get_u8(&s) != 0;
        if (!s.bad && f->ev &&
            !ds_clock_restore_event(b->clk, at, f->ev, ev_fault, f))
            return ds_snap_fail(r, "faults: event %llu cannot be restored",
                                (unsigned long long)f->ev);
    }
    if (!ds_snap_done(&s, "faults")) {
        r->bad = true;
        return false;
    }
    b->faults_fired = fired;
    b->irq_forced = forced;
    return true;
}

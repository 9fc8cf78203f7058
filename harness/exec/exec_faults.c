/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: the case's scripted faults (issue 14; docs/harness.md
 * "Faults").  Board faults (DMA, SSP, audio clock, interrupt storm,
 * doorbells) are scheduled on the board's event clock at START through
 * ds_board_fault_at; host-side faults (a late or lost refill, a bit flip
 * written into DSP memory, the TEST command that overflows the IPC
 * worker's stack) are applied by the streaming loop, which ends a step at
 * each of their times.  Also: commands that time out are sent once more,
 * and a firmware panic a case expects ends the run without an error. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dspsim/board_fault.h"
#include "exec/exec_internal.h"
#include "fwreport/fw_report.h"

static uint64_t at_cycle(const xp_run *r, uint64_t us)
{
    return r->start_cycle +
           (uint64_t)((double)us * dsh_drv_cpu_hz(r->drv) / 1e6 + 0.5);
}

static uint64_t us_cycles(const xp_run *r, uint64_t us)
{
    uint64_t c = (uint64_t)((double)us * dsh_drv_cpu_hz(r->drv) / 1e6 + 0.5);
    return c ? c : 1;
}

static void record(xp_run *r, const char *kind, uint64_t cycle,
                   const char *detail)
{
    if (r->nfired < XP_MAX_FIRED) {
        xp_fired *f = &r->fired[r->nfired];
        f->kind = kind;
        f->cycle = cycle;
        snprintf(f->detail, sizeof f->detail, "%s", detail);
    }
    r->nfired++;
    xp_log(r, "fault %s: %s", kind, detail);
    dsh_timeline_instant(r->tl, "faults", kind, cycle, detail);
}

static void on_board_fault(void *user, const ds_fault *f, uint64_t cycle)
{
    xp_run *r = user;
    char d[96];
    switch (f->kind) {
    case DS_FAULT_DMA_STALL:
        snprintf(d, sizeof d, "DMA channel %u stalled for %" PRIu64 " cycles",
                 f->target, f->cycles);
        break;
    case DS_FAULT_DMA_DESC_ERROR:
        snprintf(d, sizeof d, "DMA channel %u: descriptor error", f->target);
        break;
    case DS_FAULT_SSP_UNDERRUN:
    case DS_FAULT_SSP_OVERRUN:
        snprintf(d, sizeof d, "SSP port %u: %" PRIu32 " frames of %s",
                 f->target, f->count,
                 f->kind == DS_FAULT_SSP_UNDERRUN ? "underrun" : "overrun");
        break;
    case DS_FAULT_CLOCK_STEP:
        snprintf(d, sizeof d, "audio clock step %+.3f ppm", f->ppb / 1000.0);
        break;
    case DS_FAULT_IRQ_STORM:
        snprintf(d, sizeof d, "interrupt line %u held for %" PRIu64 " cycles",
                 f->target, f->cycles);
        break;
    default: {
        static const char *const db[] = { "H2D doorbell lost",
                                          "H2D doorbell duplicated",
                                          "D2H doorbell lost",
                                          "D2H doorbell duplicated" };
        snprintf(d, sizeof d, "next %s", f->target < 4 ? db[f->target] : "?");
        break;
    }
    }
    record(r, ds_fault_kind_name(f->kind), cycle, d);
}

/* The board's DMA channel of an endpoint (exec_topology.c's plan: host and
 * dai components carry it in config word 1). */
static int dma_channel(const xp_run *r, int endpoint)
{
    const dsh_endpoint *e = &r->c->endpoints[endpoint];
    for (unsigned pi = 0; pi < r->npipes; pi++)
        for (unsigned i = 0; i < r->pipes[pi].ncomps; i++) {
            const xp_comp *x = &r->pipes[pi].comps[i];
            if (x->case_comp == e->component &&
                (x->type == IPC_AUD_COMP_HOST || x->type == IPC_AUD_COMP_DAI))
                return (int)x->cfg[1];
        }
    return -1;
}

static bool is_board(dsh_fault_kind k)
{
    return k != DSH_FAULT_HOST_REFILL && k != DSH_FAULT_BIT_FLIP &&
           k != DSH_FAULT_STACK_OVERFLOW;
}

bool xp_faults_start(xp_run *r)
{
    ds_board *b = dsh_drv_board(r->drv);
    ds_board_set_fault_observer(b, on_board_fault, r);
    for (unsigned i = 0; i < r->c->n_faults; i++) {
        const dsh_fault *cf = &r->c->faults[i];
        if (!is_board(cf->kind))
            continue;
        ds_fault f = { 0 };
        switch (cf->kind) {
        case DSH_FAULT_DMA_STALL:
        case DSH_FAULT_DMA_DESC_ERROR: {
            int ch = dma_channel(r, cf->endpoint);
            if (ch < 0)
                return xp_fail(r, DSH_RES_ERROR,
                               "fault %u: '%s' has no DMA "
                               "channel",
                               i, r->c->endpoints[cf->endpoint].name);
            f.kind = cf->kind == DSH_FAULT_DMA_STALL ? DS_FAULT_DMA_STALL
                                                     : DS_FAULT_DMA_DESC_ERROR;
            f.target = (unsigned)ch;
            f.cycles = us_cycles(r, cf->duration_us);
            break;
        }
        case DSH_FAULT_SSP_XRUN:
            f.kind = cf->overrun ? DS_FAULT_SSP_OVERRUN : DS_FAULT_SSP_UNDERRUN;
            f.target = r->c->endpoints[cf->endpoint].port_index;
            f.count = cf->frames;
            break;
        case DSH_FAULT_CLOCK_STEP:
            f.kind = DS_FAULT_CLOCK_STEP;
            f.ppb = (int32_t)(cf->ppm * 1000.0 + (cf->ppm < 0 ? -0.5 : 0.5));
            break;
        case DSH_FAULT_IRQ_STORM:
            f.kind = DS_FAULT_IRQ_STORM;
            f.target = cf->line;
            f.cycles = us_cycles(r, cf->duration_us);
            break;
        case DSH_FAULT_DOORBELL:
            f.kind = DS_FAULT_DOORBELL;
            f.target = cf->d2h ? (cf->lost ? DS_IPC_FAULT_D2H_LOST
                                           : DS_IPC_FAULT_D2H_DUP)
                               : (cf->lost ? DS_IPC_FAULT_H2D_LOST
                                           : DS_IPC_FAULT_H2D_DUP);
            break;
        default:
            continue;
        }
        ds_status st = ds_board_fault_at(b, at_cycle(r, cf->at_us), &f);
        if (st != DS_OK)
            return xp_fail(
                r, DSH_RES_ERROR,
                "fault %u (%s at %" PRIu64 " us): the board refused it: %s", i,
                dsh_fault_kind_name(cf->kind), cf->at_us, ds_strerror(st));
    }
    r->next_fault = 0;
    return true;
}

uint64_t xp_faults_next_host(const xp_run *r)
{
    for (unsigned i = r->next_fault; i < r->c->n_faults; i++)
        if (!is_board(r->c->faults[i].kind))
            return at_cycle(r, r->c->faults[i].at_us);
    return UINT64_MAX;
}

static bool bit_flip(xp_run *r, const dsh_fault *f)
{
    uint32_t addr = f->address;
    char d[128];
    if (f->symbol[0]) {
        const xt_elf *elf = dsh_drv_elf(r->drv);
        const xt_elf_symbol *s = NULL;
        for (size_t i = 0; elf && i < xt_elf_symbol_count(elf); i++)
            if (!strcmp(xt_elf_symbol_at(elf, i)->name, f->symbol))
                s = xt_elf_symbol_at(elf, i);
        if (!s)
            return xp_fail(r, DSH_RES_ERROR,
                           "bit_flip: no symbol '%s' in "
                           "the firmware image",
                           f->symbol);
        addr = s->addr + f->address;
    }
    ds_board *b = dsh_drv_board(r->drv);
    uint8_t byte;
    if (xt_mem_read(ds_board_cpu(b), addr, &byte, 1) != XT_OK)
        return xp_fail(r, DSH_RES_ERROR,
                       "bit_flip: address 0x%08" PRIx32 " is not DSP memory",
                       addr);
    byte ^= (uint8_t)(1u << f->bit);
    /* through the debug port: a debugger's watchpoint sees the host's
     * write */
    if (ds_board_dsp_poke(b, addr, &byte, 1) != DS_OK)
        return xp_fail(r, DSH_RES_ERROR,
                       "bit_flip: address 0x%08" PRIx32 " is not DSP memory",
                       addr);
    snprintf(d, sizeof d, "bit %u of the byte at 0x%08" PRIx32 "%s%s%s", f->bit,
             addr, f->symbol[0] ? " (" : "", f->symbol,
             f->symbol[0] ? ")" : "");
    record(r, "bit_flip", dsh_drv_cycles(r->drv), d);
    return true;
}

bool xp_faults_host(xp_run *r)
{
    uint64_t now = dsh_drv_cycles(r->drv);
    while (r->next_fault < r->c->n_faults) {
        const dsh_fault *f = &r->c->faults[r->next_fault];
        if (is_board(f->kind)) {
            r->next_fault++;
            continue;
        }
        if (at_cycle(r, f->at_us) > now)
            break;
        r->next_fault++;
        char d[128];
        switch (f->kind) {
        case DSH_FAULT_HOST_REFILL: {
            xp_ep *ep = &r->eps[f->endpoint];
            if (f->lost) {
                ep->refill_skip++;
                snprintf(d, sizeof d, "stream '%s': the next refill is lost",
                         ep->e->name);
            } else {
                uint64_t until = now + us_cycles(r, f->duration_us);
                if (until > ep->refill_hold)
                    ep->refill_hold = until;
                snprintf(d, sizeof d,
                         "stream '%s': refills held for %" PRIu64 " us",
                         ep->e->name, f->duration_us);
            }
            ep->refill_faulted = true;
            record(r, "host_refill", now, d);
            break;
        }
        case DSH_FAULT_BIT_FLIP:
            if (!bit_flip(r, f))
                return false;
            break;
        case DSH_FAULT_STACK_OVERFLOW: {
            uint32_t w[2] = { IPC_AUD_TEST_STACK_OVERFLOW, f->bytes };
            snprintf(d, sizeof d,
                     "TEST STACK_OVERFLOW: %" PRIu32 " bytes of "
                     "the IPC worker's stack",
                     f->bytes);
            record(r, "stack_overflow", now, d);
            dsh_drv_err e = xp_command(r, IPC_CMD_AUD_TEST, w, sizeof w, NULL);
            if (e == DSH_DRV_EPANIC)
                return false; /* judged by xp_command */
            if (e != DSH_DRV_OK)
                return xp_fail(
                    r, e == DSH_DRV_ESTATUS ? DSH_RES_FAIL : DSH_RES_ERROR,
                    "stack_overflow: %s", dsh_drv_diag(r->drv));
            break;
        }
        default:
            break;
        }
    }
    return true;
}

void xp_faults_report(const xp_run *r, FILE *f)
{
    const dsh_drv_stats *st = r->drv ? dsh_drv_get_stats(r->drv) : NULL;
    if (r->c->rebuild_every_ms)
        fprintf(f,
                "rebuilds: %u (every %g ms), %" PRIu64 " periods run by "
                "the torn-down pipelines; heap before the first build %" PRIu32
                " bytes free (run-time), back to it after every "
                "teardown\n",
                r->rebuilds, r->c->rebuild_every_ms, r->rebuild_periods,
                r->heap_rt0);
    if (!r->c->n_faults && !(st && (st->ipc_timeouts || st->duplicates)))
        return;
    fprintf(f, "faults: %u scripted, %" PRIu64 " fired\n", r->c->n_faults,
            r->nfired);
    for (unsigned i = 0; i < r->nfired && i < XP_MAX_FIRED; i++)
        fprintf(f, "  cycle %" PRIu64 ": %s: %s\n", r->fired[i].cycle,
                r->fired[i].kind, r->fired[i].detail);
    fprintf(f,
            "fault effects: %" PRIu64 " xruns (%" PRIu64 " underrun, %" PRIu64
            " overrun, %" PRIu64 " DMA), %" PRIu64 " host xruns, %" PRIu64
            " IPC timeouts (%" PRIu64 " replies found after a lost "
            "doorbell), %" PRIu64 " duplicated doorbells ignored, %" PRIu64
            " messages found without a doorbell%s%s\n",
            r->xruns, r->xrun_codes[0], r->xrun_codes[1], r->xrun_codes[2],
            r->host_xruns, st ? st->ipc_timeouts : 0, st ? st->late_replies : 0,
            st ? st->duplicates : 0, st ? st->late_messages : 0,
            r->panic_seen ? ", panic: " : "",
            r->panic_seen ? ds_fw_cause_name(r->panic_cause) : "");
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: outputs aligned with the inputs (`dspsim play`, exec.h
 * dsh_exec_opts.align_outputs).  The board's output latency is measured,
 * not assumed: the playback DAI marks the first period it writes after
 * its DMA started with that period's byte offset in the ring (marker
 * 0x40 + port, host_driver.h dsh_drv_dai_first_period), and the SSP plays
 * the ring from its start, so the output frame of the pipeline's first
 * frame is offset / frame bytes.  Those frames are removed, and the tail
 * (the padding of a partial last period, the drain's silence) is cut so
 * an output has the frames of the longest input at the output's rate.
 * The group delay of SRC components on the way (dsp/src.h: the chain
 * the firmware plans for the pair) and their lead of silence
 * (comp/comp_src.h) are removed too, rounded to a frame,
 * so a tone in and out line up within one sample. */
#include <inttypes.h>
#include <math.h>

#include "exec/exec_internal.h"
#include "src.h"

double xp_src_delay_s(const dsh_case *c, unsigned comp)
{
    double d = 0;
    for (unsigned hops = 0; hops < DSH_MAX_COMPONENTS; hops++) {
        int from = -1;
        for (unsigned i = 0; i < c->n_conns && from < 0; i++)
            if (c->conns[i].to == comp)
                from = (int)c->conns[i].from;
        if (from < 0)
            break;
        const dsh_component *k = &c->comps[comp];
        struct src_chain ch;
        if (k->type == DSH_COMP_SRC &&
            src_plan_q(&ch, c->comps[from].rate, k->p.out_rate,
                       k->p.quality == DSH_QUALITY_HIGH
                           ? SRC_QUALITY_HIGH
                           : SRC_QUALITY_DEFAULT) == 0)
            d += src_chain_delay_s(&ch) +
                 (double)src_chain_lead_frames(&ch) / k->p.out_rate;
        comp = (unsigned)from;
    }
    return d;
}

/* Frames of the longest input (by duration) at `rate`, rounded. */
static uint64_t input_frames_at(const xp_run *r, unsigned rate)
{
    uint64_t best_f = 0;
    unsigned best_r = 1;
    for (unsigned i = 0; i < r->c->n_endpoints; i++) {
        const dsh_endpoint *e = &r->c->endpoints[i];
        if (e->dir != DSH_EP_INPUT || !e->rate)
            continue;
        /* f / r > best_f / best_r */
        if (e->input_frames * best_r > best_f * e->rate) {
            best_f = e->input_frames;
            best_r = e->rate;
        }
    }
    return (uint64_t)((best_f * rate + best_r / 2) / best_r);
}

bool xp_align_outputs(xp_run *r, dsh_exec_summary *s)
{
    for (unsigned i = 0; i < r->c->n_endpoints; i++) {
        xp_ep *ep = &r->eps[i];
        const dsh_endpoint *e = ep->e;
        if (e->dir != DSH_EP_OUTPUT)
            continue;
        if (e->kind != DSH_EP_PORT)
            return xp_fail(r, DSH_RES_ERROR,
                           "output '%s': only SSP "
                           "playback outputs can be aligned",
                           e->name);
        const dsh_drv_dai_first *f = dsh_drv_dai_first_period(r->drv,
                                                              e->port_index);
        if (!f || !f->starts)
            return xp_fail(r, DSH_RES_ERROR,
                           "output '%s': the firmware "
                           "marked no first DAI period (marker 0x%x): "
                           "latency unknown, use --raw",
                           e->name, 0x40u + e->port_index);
        if (!ep->frame_bytes || f->offset_bytes % ep->frame_bytes)
            return xp_fail(r, DSH_RES_ERROR,
                           "output '%s': first DAI "
                           "period at byte %" PRIu32 ", not a whole frame "
                           "of %u bytes",
                           e->name, f->offset_bytes, ep->frame_bytes);
        uint64_t board = f->offset_bytes / ep->frame_bytes;
        uint64_t src = e->component >= 0
                           ? (uint64_t)llround(
                                 xp_src_delay_s(r->c, (unsigned)e->component) *
                                 e->rate)
                           : 0;
        uint64_t lat = board + src;
        uint64_t want = input_frames_at(r, e->rate);
        if (ep->out_frames < lat + want)
            return xp_fail(r, DSH_RES_ERROR,
                           "output '%s': %" PRIu64
                           " frames recorded, fewer than the latency (%" PRIu64
                           ") and the input's %" PRIu64 " frames",
                           e->name, ep->out_frames, lat, want);
        /* the spool keeps every frame: only the kept window moves */
        ep->out_first = lat;
        ep->out_frames = want;
        xp_log(r,
               "output '%s': %" PRIu64 " frames of latency removed (%" PRIu64
               " board, %" PRIu64 " SRC group delay), %" PRIu64 " frames kept",
               e->name, lat, board, src, want);
        if (s) {
            s->aligned = true;
            s->latency_frames = lat;
            s->src_delay_frames = src;
            s->latency_rate = e->rate;
            s->out_frames = want;
        }
    }
    return true;
}

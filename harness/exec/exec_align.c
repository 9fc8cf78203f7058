/* Case execution: outputs aligned with the inputs (`dspsim play`, exec.h
 * dsh_exec_opts.align_outputs).  The board's output latency is measured,
 * not assumed: the playback DAI marks the first period it writes after
 * its DMA started with that period's byte offset in the ring (marker
 * 0x40 + port, host_driver.h dsh_drv_dai_first_period), and the SSP plays
 * the ring from its start, so the output frame of the pipeline's first
 * frame is offset / frame bytes.  Those frames are removed, and the tail
 * (the padding of a partial last period, the drain's silence) is cut so
 * an output has the frames of the longest input at the output's rate. */
#include <inttypes.h>
#include <string.h>

#include "exec/exec_internal.h"

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
        if (e->input_frames * best_r >
            best_f * e->rate) {
            best_f = e->input_frames;
            best_r = e->rate;
        }
    }
    return (uint64_t)((best_f * rate + best_r / 2) /
                      best_r);
}

bool xp_align_outputs(xp_run *r, dsh_exec_summary *s)
{
    for (unsigned i = 0; i < r->c->n_endpoints; i++) {
        xp_ep *ep = &r->eps[i];
        const dsh_endpoint *e = ep->e;
        if (e->dir != DSH_EP_OUTPUT)
            continue;
        if (e->kind != DSH_EP_PORT)
            return xp_fail(r, DSH_RES_ERROR, "output '%s': only SSP "
                           "playback outputs can be aligned", e->name);
        const dsh_drv_dai_first *f =
            dsh_drv_dai_first_period(r->drv, e->port_index);
        if (!f || !f->starts)
            return xp_fail(r, DSH_RES_ERROR, "output '%s': the firmware "
                           "marked no first DAI period (marker 0x%x): "
                           "latency unknown, use --raw", e->name,
                           0x40u + e->port_index);
        if (!ep->frame_bytes || f->offset_bytes % ep->frame_bytes)
            return xp_fail(r, DSH_RES_ERROR, "output '%s': first DAI "
                           "period at byte %" PRIu32 ", not a whole frame "
                           "of %u bytes", e->name, f->offset_bytes,
                           ep->frame_bytes);
        uint64_t lat = f->offset_bytes / ep->frame_bytes;
        uint64_t want = input_frames_at(r, e->rate);
        if (ep->out_frames < lat + want)
            return xp_fail(r, DSH_RES_ERROR, "output '%s': %" PRIu64
                           " frames recorded, fewer than the latency (%"
                           PRIu64 ") and the input's %" PRIu64 " frames",
                           e->name, ep->out_frames, lat, want);
        memmove(ep->out, ep->out + lat * e->channels,
                (size_t)want * e->channels * sizeof *ep->out);
        ep->out_frames = want;
        xp_log(r, "output '%s': %" PRIu64 " frames of latency removed, %"
               PRIu64 " frames kept", e->name, lat, want);
        if (s) {
            s->aligned = true;
            s->latency_frames = lat;
            s->latency_rate = e->rate;
            s->out_frames = want;
        }
    }
    return true;
}

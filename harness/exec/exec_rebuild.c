/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: periodic teardown and rebuild of the topology
 * (`rebuild_every_ms`, issue 14's soak; docs/harness.md "Faults").
 * Every period of that length the harness stops and frees every pipeline
 * as at the end of a run, checks that the firmware's run-time heap has
 * every byte back (PING's runtime_free against the figure before the
 * first build), that the DMA heap holds no more than after the first
 * teardown, and that every pipeline made progress since it was built,
 * then builds and starts the same topology again; the streams go on from
 * where the DSP stopped reading. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "exec/exec_internal.h"

/* PING: the firmware's free heap bytes (0, 0 from a firmware whose reply
 * has no figures: then nothing can be checked). */
static bool heap_free(xp_run *r, uint32_t *rt, uint32_t *dma)
{
    static dsh_drv_msg m;
    uint32_t cookie = 0x50494e47u;
    dsh_drv_err e = xp_command(r, IPC_CMD_AUD_PING, &cookie, 4, &m);
    if (xp_expected_panic(r, e))
        return false;
    if (e != DSH_DRV_OK)
        return xp_fail(r, e == DSH_DRV_ESTATUS ? DSH_RES_FAIL : DSH_RES_ERROR,
                       "PING: %s", dsh_drv_diag(r->drv));
    *rt = *dma = 0;
    if (m.len >= 48) {
        memcpy(rt, m.body + 40, 4);
        memcpy(dma, m.body + 44, 4);
    }
    return true;
}

bool xp_rebuild_baseline(xp_run *r)
{
    if (!r->c->rebuild_every_ms)
        return true;
    if (!heap_free(r, &r->heap_rt0, &r->heap_dma0))
        return false;
    if (!r->heap_rt0)
        return xp_fail(r, DSH_RES_SKIP,
                       "rebuild_every_ms: the firmware "
                       "reports no heap figures in its PING reply");
    xp_log(r,
           "heap before the first build: %" PRIu32 " bytes free "
           "(run-time), %" PRIu32 " (DMA)",
           r->heap_rt0, r->heap_dma0);
    return true;
}

static bool teardown(xp_run *r)
{
    static dsh_drv_msg m;
    for (unsigned i = 0; i < r->npipes; i++) {
        xp_pipe *p = &r->pipes[i];
        if (!p->live)
            continue;
        dsh_drv_err e = xp_command(r, IPC_CMD_AUD_GET_STATS, &p->id, 4, &m);
        if (xp_expected_panic(r, e))
            return false;
        if (e != DSH_DRV_OK || m.len < sizeof(struct ipc_aud_stats_reply))
            return xp_fail(r, DSH_RES_ERROR,
                           "rebuild %u: pipeline %u "
                           "statistics: %s",
                           r->rebuilds + 1, p->id, dsh_drv_diag(r->drv));
        struct ipc_aud_stats_reply s;
        memcpy(&s, m.body, sizeof s);
        /* a pipeline that never ran a period since it was built is
         * stuck (an xrun it is still in counts as progress stopped by
         * the fault, not a stuck pipeline) */
        if (s.cycles.periods == 0 && s.xruns == 0)
            return xp_fail(r, DSH_RES_FAIL,
                           "rebuild %u: pipeline %u ran "
                           "no period since it was built (state %" PRIu32
                           "): stuck",
                           r->rebuilds + 1, p->id, s.state);
        r->rebuild_periods += s.cycles.periods;
        if ((s.state == IPC_AUD_PIPE_RUNNING ||
             s.state == IPC_AUD_PIPE_PAUSED || s.state == IPC_AUD_PIPE_XRUN) &&
            !xp_trigger(r, p, IPC_AUD_TRIGGER_STOP, "STOP (rebuild)", false))
            return false;
        p->xrun_pending = p->host_xrun = false;
    }
    xp_streams_service(r); /* what capture moved last */
    for (unsigned i = 0; i < r->npipes; i++) {
        xp_pipe *p = &r->pipes[i];
        if (!p->live)
            continue;
        p->live = false;
        dsh_drv_err e = xp_command(r, IPC_CMD_AUD_PIPE_FREE, &p->id, 4, NULL);
        if (xp_expected_panic(r, e))
            return false;
        if (e != DSH_DRV_OK)
            return xp_fail(r,
                           e == DSH_DRV_ESTATUS ? DSH_RES_FAIL : DSH_RES_ERROR,
                           "rebuild %u: pipeline %u FREE: %s", r->rebuilds + 1,
                           p->id, dsh_drv_diag(r->drv));
    }
    return true;
}

static bool check_heap(xp_run *r)
{
    uint32_t rt, dma;
    if (!heap_free(r, &rt, &dma))
        return false;
    unsigned n = r->rebuilds + 1;
    if (rt != r->heap_rt0)
        return xp_fail(r, DSH_RES_FAIL,
                       "rebuild %u: after the teardown the "
                       "firmware's run-time heap has %" PRIu32 " bytes free, "
                       "%" PRIu32 " before the first build: %" PRId64
                       " bytes leaked",
                       n, rt, r->heap_rt0, (int64_t)r->heap_rt0 - (int64_t)rt);
    /* a playback DAI's ring stays allocated until its play-out ends and
     * the next claim frees it (firmware/audio/platform/
     * board_audio_dma.c): the DMA heap is compared with the first
     * teardown's figure */
    if (n == 1)
        r->heap_dma1 = dma;
    else if (dma < r->heap_dma1)
        return xp_fail(r, DSH_RES_FAIL,
                       "rebuild %u: after the teardown the "
                       "firmware's DMA heap has %" PRIu32
                       " bytes free, %" PRIu32
                       " after the first teardown: %" PRIu32 " bytes leaked",
                       n, dma, r->heap_dma1, r->heap_dma1 - dma);
    xp_log(r,
           "rebuild %u: heap after the teardown: %" PRIu32 " bytes free "
           "(run-time, as before the first build), %" PRIu32 " (DMA)",
           n, rt, dma);
    return true;
}

bool xp_rebuild(xp_run *r)
{
    if (!teardown(r) || !check_heap(r))
        return false;
    /* the streams go on from what the DSP had read */
    for (unsigned i = 0; i < r->c->n_endpoints; i++) {
        xp_ep *ep = &r->eps[i];
        if (ep->e->kind == DSH_EP_STREAM && ep->e->dir == DSH_EP_INPUT &&
            ep->moved > ep->pos) {
            uint64_t back = (ep->moved - ep->pos) / ep->frame_bytes;
            ep->in_frame = back < ep->in_frame ? ep->in_frame - back : 0;
        }
        ep->refill_hold = 0;
        ep->refill_skip = 0;
    }
    if (!xp_plan(r) || !xp_build(r) || !xp_streams_params(r))
        return false;
    for (unsigned i = 0; i < r->npipes; i++)
        if (!xp_trigger(r, &r->pipes[i], IPC_AUD_TRIGGER_START,
                        "START (rebuild)", false))
            return false;
    r->rebuilds++;
    xp_log(r, "rebuild %u: topology built and started again", r->rebuilds);
    dsh_timeline_instant(r->tl, "faults", "rebuild", dsh_drv_cycles(r->drv),
                         NULL);
    return true;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: xrun notifications and the recovery a host driver does
 * (docs/harness.md, "Xrun recovery").  An XRUN leaves the pipeline in XRUN
 * state, silent, until the host starts it again; with `on_xrun: restart`
 * (the default) the harness does what ALSA's recovery does: it prepares
 * the stream again (STREAM_PARAMS for the pipeline's host endpoints: the
 * host DMA and the position restart at 0) and sends TRIGGER START, which
 * makes the firmware prefill silence and then take fresh data.  Each
 * restart is counted, logged and drawn on the timeline (track "xruns":
 * the instant "xrun", then a span "recovery" from it to the restart). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "exec/exec_internal.h"

void xp_xrun_notified(xp_run *r, const dsh_drv_msg *m)
{
    uint32_t pipe, comp;
    int32_t code;
    if (m->len < 36)
        return;
    memcpy(&pipe, m->body + 16, 4);
    memcpy(&comp, m->body + 20, 4);
    memcpy(&code, m->body + 24, 4);
    r->xruns++;
    if (code == IPC_STATUS_AUD_UNDERRUN)
        r->xrun_codes[0]++;
    else if (code == IPC_STATUS_AUD_OVERRUN)
        r->xrun_codes[1]++;
    else if (code == IPC_STATUS_AUD_DMA)
        r->xrun_codes[2]++;
    xp_log(r, "xrun: pipeline %" PRIu32 " component %" PRIu32 ": %s", pipe,
           comp, dsh_drv_status_name(code));
    dsh_timeline_instant(r->tl, "xruns", "xrun", m->cycle,
                         dsh_drv_status_name(code));
    xp_plot_event(r, DSH_EV_XRUN, m->cycle, "pipeline %" PRIu32 ": %s", pipe,
                  dsh_drv_status_name(code));
    for (unsigned i = 0; i < r->npipes; i++)
        if (r->pipes[i].id == pipe && r->pipes[i].live &&
            !r->pipes[i].xrun_pending) {
            r->pipes[i].xrun_pending = true;
            r->pipes[i].xrun_cycle = m->cycle;
        }
}

bool xp_xrun_recover(xp_run *r)
{
    for (unsigned i = 0; i < r->npipes; i++) {
        xp_pipe *p = &r->pipes[i];
        if (!p->xrun_pending)
            continue;
        p->xrun_pending = false;
        if (r->c->on_xrun == DSH_XRUN_STOP) {
            xp_log(r,
                   "pipeline %u stays stopped after the xrun (on_xrun: "
                   "stop)",
                   p->id);
            continue;
        }
        if (p->host_xrun) {
            p->host_xrun = false;
            if (!xp_trigger(r, p, IPC_AUD_TRIGGER_STOP,
                            "STOP after a host "
                            "xrun",
                            false))
                return false;
        }
        if (!xp_streams_restart(r, i) ||
            !xp_trigger(r, p, IPC_AUD_TRIGGER_START, "START after an xrun",
                        false))
            return false;
        p->restarts++;
        r->restarts++;
        uint64_t now = dsh_drv_cycles(r->drv);
        double ms = (double)(now - p->xrun_cycle) * 1000.0 /
                    dsh_drv_cpu_hz(r->drv);
        char detail[96];
        snprintf(detail, sizeof detail, "pipeline %u restart %u", p->id,
                 p->restarts);
        xp_log(r,
               "pipeline %u: xrun recovery %u: stream parameters and "
               "START again, %.3f ms after the xrun",
               p->id, p->restarts, ms);
        dsh_timeline_span(r->tl, "xruns", "recovery", p->xrun_cycle, now,
                          detail);
        xp_plot_event(r, DSH_EV_RESTART, now, "%s", detail);
    }
    return true;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: IPC commands as the case sends them -- one lost doorbell
 * retried, a firmware panic judged against expect.panic, TRIGGER with its
 * setup-error rule.  Below everything that sends commands (faults, streams,
 * controls, topology, rebuild, the run). */
#include <stdio.h>
#include <string.h>

#include "exec/exec_internal.h"
#include "fwreport/fw_report.h"

/* The firmware panicked (e is EPANIC): with expect.panic the run ends
 * here, judged on the cause; else it is the case's error. */
static void panicked(xp_run *r)
{
    ds_fw_panic p;
    char err[128];
    if (r->panic_seen)
        return;
    r->panic_seen = true;
    bool ok = ds_fw_panic_read(dsh_drv_board(r->drv), &p, err, sizeof err) ==
              DS_FWR_OK;
    if (ok)
        r->panic_cause = p.cause;
    if (!r->c->panic.on)
        return;
    if (!ok) {
        xp_fail(r, DSH_RES_FAIL,
                "the firmware panicked but its panic "
                "record is unreadable (%s); expected cause %s",
                err, ds_fw_cause_name(r->c->panic.cause));
        return;
    }
    if (p.cause != r->c->panic.cause) {
        xp_fail(r, DSH_RES_FAIL,
                "the firmware panicked with cause %s, "
                "expected %s\n%s",
                ds_fw_cause_name(p.cause), ds_fw_cause_name(r->c->panic.cause),
                dsh_drv_diag(r->drv));
        return;
    }
    xp_log(r,
           "the firmware panicked with cause %s, as expected "
           "(expect.panic)",
           ds_fw_cause_name(p.cause));
}

bool xp_expected_panic(xp_run *r, dsh_drv_err e)
{
    if (e != DSH_DRV_EPANIC)
        return false;
    panicked(r);
    return r->c->panic.on;
}

dsh_drv_err xp_command(xp_run *r, uint32_t id, const void *payload, size_t len,
                       dsh_drv_msg *reply)
{
    uint64_t timeouts = dsh_drv_get_stats(r->drv)->ipc_timeouts;
    dsh_drv_err e = dsh_drv_command(r->drv, id, payload, len, reply);
    if (e == DSH_DRV_EREWIND)
        return e; /* the harness goes back (exec_reverse.c) */
    if (dsh_drv_get_stats(r->drv)->ipc_timeouts != timeouts)
        /* the host sat in the wait instead of refilling its buffers: a
         * DSP that read past what it wrote is a host xrun now */
        for (unsigned i = 0; i < r->c->n_endpoints; i++)
            r->eps[i].refill_faulted = true;
    if (e == DSH_DRV_ETIMEOUT) {
        /* a lost doorbell (or a firmware that did not answer in time):
         * report it, send the command once more */
        xp_log(r, "IPC timeout: %s; sending it again", dsh_drv_diag(r->drv));
        dsh_timeline_instant(r->tl, "ipc", "timeout: command sent again",
                             dsh_drv_cycles(r->drv), NULL);
        e = dsh_drv_command(r->drv, id, payload, len, reply);
    }
    if (e == DSH_DRV_EPANIC)
        panicked(r);
    if (e == DSH_DRV_ESTATUS) {
        const char *d = dsh_drv_diag(r->drv);
        xp_plot_event(r, DSH_EV_IPC_ERROR, dsh_drv_cycles(r->drv), "%.*s",
                      (int)strcspn(d, "\n"), d);
    }
    return e;
}

bool xp_trigger(xp_run *r, xp_pipe *p, uint32_t cmd, const char *what,
                bool setup)
{
    uint32_t w[2] = { p->id, cmd };
    dsh_drv_err e = xp_command(r, IPC_CMD_AUD_TRIGGER, w, sizeof w, NULL);
    if (e == DSH_DRV_OK)
        return true;
    if (xp_expected_panic(r, e))
        return false;
    char msg[64];
    snprintf(msg, sizeof msg, "pipeline %u %s", p->id, what);
    if (e == DSH_DRV_ESTATUS && setup)
        return xp_setup_rejected(r, IPC_CMD_AUD_TRIGGER, p->case_pipe, -1, msg);
    r->unexpected_ipc += e == DSH_DRV_ESTATUS;
    return xp_fail(r, e == DSH_DRV_ESTATUS ? DSH_RES_FAIL : DSH_RES_ERROR,
                   "%s: %s", msg, dsh_drv_diag(r->drv));
}

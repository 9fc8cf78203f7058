/* SPDX-License-Identifier: BSD-3-Clause */
/* The IPC host driver (host_driver.h): boot, commands, message pump. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver/drv_internal.h"
#include "fwreport/fw_report.h"

const char *dsh_drv_err_name(dsh_drv_err e)
{
    switch (e) {
    case DSH_DRV_OK:
        return "ok";
    case DSH_DRV_ESETUP:
        return "setup error";
    case DSH_DRV_ETIMEOUT:
        return "timeout";
    case DSH_DRV_EPANIC:
        return "firmware panic";
    case DSH_DRV_ESTOPPED:
        return "firmware stopped";
    case DSH_DRV_EPROTO:
        return "protocol error";
    case DSH_DRV_ESTATUS:
        return "command failed";
    case DSH_DRV_EREWIND:
        return "rewound by the debugger";
    }
    return "?";
}

static void on_console(void *user, uint8_t byte)
{
    dsh_drv *d = user;
    if (d->ncons < DSH_DRV_CONSOLE_MAX) {
        d->console[d->ncons++] = (char)byte;
        d->console[d->ncons] = '\0';
    }
    if (d->o.console)
        fputc(byte, d->o.console);
}

dsh_drv_err dsh_drv_new(const dsh_drv_opts *opts, dsh_drv **out, char *err,
                        size_t errsz)
{
    *out = NULL;
    if (!opts || !opts->elf) {
        snprintf(err, errsz, "host driver: no firmware image given");
        return DSH_DRV_ESETUP;
    }
    dsh_drv *d = calloc(1, sizeof *d);
    if (!d || !(d->console = calloc(DSH_DRV_CONSOLE_MAX + 1, 1))) {
        free(d);
        snprintf(err, errsz, "host driver: out of memory");
        return DSH_DRV_ESETUP;
    }
    d->o = *opts;
    if (!d->o.boot_timeout)
        d->o.boot_timeout = DSH_DRV_BOOT_TIMEOUT;
    if (!d->o.reply_timeout)
        d->o.reply_timeout = DSH_DRV_REPLY_TIMEOUT;
    char e[512] = "";
    if (ds_board_new(opts->board, &d->b, e, sizeof e) != DS_OK) {
        snprintf(err, errsz, "board: %s", e);
        dsh_drv_free(d);
        return DSH_DRV_ESETUP;
    }
    /* opened once: loaded into the board, then kept for its symbols */
    if (opts->image)
        d->elf = opts->image; /* the caller's, never freed here */
    else if (xt_elf_open(opts->elf, &d->own_elf, e, sizeof e) == XT_LOAD_OK)
        d->elf = d->own_elf;
    if (!d->elf || ds_board_load_image(d->b, d->elf, e, sizeof e) != DS_OK) {
        snprintf(err, errsz, "firmware '%s': %s", opts->elf, e);
        dsh_drv_free(d);
        return DSH_DRV_ESETUP;
    }
    d->cpu_hz = ds_board_get_config(d->b)->cpu_hz;
    ds_board_set_console(d->b, on_console, d);
    ds_board_add_marker_observer(d->b, dsh_drv_on_marker, d);
    if (d->o.timeline) {
        ds_board_add_dma_observer(d->b, dsh_timeline_dma_observer,
                                  d->o.timeline);
        if (!d->o.core_tracks) {
            d->tl_cpu[0] = dsh_timeline_cpu_attach(d->o.timeline,
                                                   ds_board_cpu(d->b));
        } else {
            for (unsigned c = 0;
                 c < ds_board_cores(d->b) && c < DSH_DRV_MAX_CORES; c++) {
                char prefix[16];
                snprintf(prefix, sizeof prefix, "core %u: ", c);
                d->tl_cpu[c] = dsh_timeline_cpu_attach_prefix(
                    d->o.timeline, ds_board_core_cpu(d->b, c), prefix);
            }
        }
    }
    *out = d;
    return DSH_DRV_OK;
}

void dsh_drv_free(dsh_drv *d)
{
    if (!d)
        return;
    for (unsigned c = 0; c < DSH_DRV_MAX_CORES; c++)
        dsh_timeline_cpu_detach(d->tl_cpu[c]);
    ds_board_free(d->b);
    xt_elf_free(d->own_elf);
    free(d->console);
    free(d);
}

ds_board *dsh_drv_board(dsh_drv *d)
{
    return d->b;
}
const xt_elf *dsh_drv_elf(const dsh_drv *d)
{
    return d->elf;
}
uint64_t dsh_drv_cycles(const dsh_drv *d)
{
    return ds_board_cycles(d->b);
}
double dsh_drv_cpu_hz(const dsh_drv *d)
{
    return d->cpu_hz;
}
const dsh_drv_stats *dsh_drv_get_stats(const dsh_drv *d)
{
    return &d->st;
}
const char *dsh_drv_diag(const dsh_drv *d)
{
    return d->diag;
}
int32_t dsh_drv_last_status(const dsh_drv *d)
{
    return d->last_status;
}
const char *dsh_drv_console(const dsh_drv *d)
{
    return d->console;
}
const struct ipc_fw_ready *dsh_drv_ready(const dsh_drv *d)
{
    return &d->ready;
}
unsigned dsh_drv_tasks(const dsh_drv *d, const dsh_drv_task_stats **tasks)
{
    *tasks = d->tasks;
    return d->ntasks;
}

const dsh_drv_dai_first *dsh_drv_dai_first_period(const dsh_drv *d,
                                                  unsigned port)
{
    return port < DSH_DRV_DAI_PORTS ? &d->dai_first[port] : NULL;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* What ended a run other than a doorbell or the budget. */
static dsh_drv_err stopped(dsh_drv *d, const ds_run_result *res,
                           const char *waiting)
{
    ds_fw_panic p;
    char err[128];
    bool panic = res->why == DS_STOP_HALT &&
                 res->status == DS_FW_PANIC_STATUS &&
                 ds_fw_panic_read(d->b, &p, err, sizeof err) == DS_FWR_OK;

    char on_core[24] = ""; /* a board of several cores: whose stop */
    if (ds_board_cores(d->b) > 1)
        snprintf(on_core, sizeof on_core, " on core %u", res->core);
    dsh_drv_diag_set(
        d, "firmware stopped (%s, status %d)%s at cycle %" PRIu64 "%s%s",
        ds_stop_name(res->why), res->status, on_core, res->cycles,
        waiting ? " while waiting for the " : "", waiting ? waiting : "");
    if (panic) {
        dsh_drv_diag_panic(d);
        return DSH_DRV_EPANIC;
    }
    dsh_drv_diag_log(d);
    return DSH_DRV_ESTOPPED;
}

/* Reads and checks the pending D2H message into m, acknowledging it
 * unless it is a panic (the firmware halts after it).  Returns OK,
 * EPANIC or EPROTO. */
static dsh_drv_err receive(dsh_drv *d, uint32_t id, uint64_t cycle,
                           dsh_drv_msg *m)
{
    /* the name is formatted only for the timeline and the errors: a
     * notification comes every audio period */
    char name[64] = "";
#define NAME() (name[0] ? name : dsh_drv_id_name(d, id, name, sizeof name))
    memset(m, 0, sizeof *m);
    m->id = id;
    m->cycle = cycle;
    if (d->o.timeline)
        dsh_timeline_instant(d->o.timeline, "doorbell", "D2H", cycle, NAME());

    if (id == IPC_NOTIFY_PANIC) {
        dsh_timeline_instant(d->o.timeline, "ipc", "PANIC", cycle, NULL);
        dsh_drv_diag_set(d, "firmware panic notified at cycle %" PRIu64, cycle);
        dsh_drv_diag_panic(d);
        return DSH_DRV_EPANIC;
    }
    ds_board_mbox_read(d->b, IPC_MBOX_D2H_OFF, m->body, sizeof m->body);
    ds_board_doorbell_ack(d->b);
    m->hdr.size = le32(m->body);
    m->hdr.id = le32(m->body + 4);
    m->hdr.seq = le32(m->body + 8);
    m->hdr.status = (int32_t)le32(m->body + 12);
    m->len = m->hdr.size;

    if (m->hdr.size < sizeof(struct ipc_hdr) ||
        m->hdr.size > IPC_MBOX_D2H_SIZE) {
        dsh_drv_diag_set(d,
                         "message %s at cycle %" PRIu64 ": size %" PRIu32
                         " outside 16..%u",
                         NAME(), cycle, m->hdr.size, IPC_MBOX_D2H_SIZE);
        m->len = 0;
        return DSH_DRV_EPROTO;
    }
    if (m->hdr.id != id) {
        dsh_drv_diag_set(d,
                         "message at cycle %" PRIu64 ": doorbell %s but "
                         "header id %#" PRIx32,
                         cycle, NAME(), m->hdr.id);
        return DSH_DRV_EPROTO;
    }
    if (m->hdr.seq == d->fw_seq && m->hdr.id == d->last_id && d->fw_seq) {
        /* the same message rung twice: acknowledged above, ignored */
        d->dup = true;
        d->st.duplicates++;
        if (d->o.timeline)
            dsh_timeline_instant(d->o.timeline, "ipc", "duplicate doorbell",
                                 cycle, NAME());
        return DSH_DRV_OK;
    }
    if (m->hdr.seq != d->fw_seq + 1) {
        dsh_drv_diag_set(d,
                         "message %s at cycle %" PRIu64 ": sequence "
                         "number %" PRIu32 ", expected %" PRIu32
                         " (lost or repeated message)",
                         NAME(), cycle, m->hdr.seq, d->fw_seq + 1);
        return DSH_DRV_EPROTO;
    }
    d->fw_seq = m->hdr.seq;
    d->last_id = m->hdr.id;
    if (d->o.timeline) {
        char detail[96];
        snprintf(detail, sizeof detail,
                 "seq %" PRIu32 ", %" PRIu32 " bytes, status %s", m->hdr.seq,
                 m->hdr.size, dsh_drv_status_name(m->hdr.status));
        dsh_timeline_instant(d->o.timeline, "ipc", NAME(), cycle, detail);
    }
    return DSH_DRV_OK;
#undef NAME
}

/* Handles a notification (not FW_READY, not PANIC). */
static void notification(dsh_drv *d, const dsh_drv_msg *m)
{
    d->st.notifications++;
    if (m->id == IPC_NOTIFY_DEADLINE_MISS &&
        m->len >= sizeof(struct ipc_deadline_miss)) {
        uint32_t total = le32(m->body +
                              offsetof(struct ipc_deadline_miss, total));
        d->st.deadline_misses++;
        if (total > d->st.misses_reported)
            d->st.misses_reported = total;
    }
    if (d->o.notify)
        d->o.notify(d->o.user, m);
}

/* The message pump: runs until `until` (absolute cycle).  want_reply:
 * the id of the reply awaited (0 = none; then any reply is an error);
 * returns OK when it arrives (in *reply) or ETIMEOUT at `until`. */
static dsh_drv_err pump(dsh_drv *d, uint64_t until, uint32_t want_reply,
                        const char *waiting, dsh_drv_msg *reply, bool *idle)
{
    dsh_drv_msg *m = malloc(sizeof *m);
    dsh_drv_err rc = DSH_DRV_OK;
    char name[64];

    if (!m) {
        dsh_drv_diag_set(d, "host driver: out of memory");
        return DSH_DRV_ESETUP;
    }
    bool timed_out = false;
    for (;;) {
        uint64_t now = ds_board_cycles(d->b);
        uint32_t id;
        uint64_t cyc;
        ds_run_result res;
        if (now >= until) {
            /* Before giving up, read D2H: a message the DSP rang whose
             * doorbell never reached the host (lost) is taken now. */
            if (!timed_out && ds_board_doorbell_pending(d->b, &id, &cyc)) {
                timed_out = true;
                dsh_timeline_instant(d->o.timeline, "ipc",
                                     "doorbell lost: D2H read at timeout", now,
                                     NULL);
                res.why = DS_STOP_HOST_EVENT;
                goto got_doorbell;
            }
            if (want_reply) {
                d->st.ipc_timeouts++;
                dsh_drv_diag_set(d, "no %s by cycle %" PRIu64 " (timeout)",
                                 waiting, until);
                dsh_drv_diag_log(d);
                rc = DSH_DRV_ETIMEOUT;
            }
            break;
        }
        if (ds_board_wait_doorbell(d->b, until - now, &id, &cyc, &res) !=
            DS_OK) {
            dsh_drv_diag_set(d, "host driver: ds_board_wait_doorbell "
                                "failed");
            rc = DSH_DRV_ESETUP;
            break;
        }
        if (d->rewind) {
            rc = DSH_DRV_EREWIND;
            break;
        }
        if (res.why == DS_STOP_BUDGET)
            continue;
    got_doorbell:
        if (res.why == DS_STOP_IDLE && !want_reply) {
            if (idle)
                *idle = true;
            break;
        }
        if (res.why != DS_STOP_HOST_EVENT) {
            rc = stopped(d, &res, want_reply ? waiting : NULL);
            break;
        }
        d->dup = false;
        rc = receive(d, id, cyc, m);
        if (rc != DSH_DRV_OK)
            break;
        if (d->dup)
            continue;
        if (timed_out && !(want_reply && id == want_reply))
            d->st.late_messages++;
        if (id >= IPC_CMD_FIRST && id <= IPC_CMD_LAST) {
            if (!want_reply || id != want_reply) {
                dsh_drv_diag_set(d,
                                 "unexpected reply %s at cycle %" PRIu64 "%s%s",
                                 dsh_drv_id_name(d, id, name, sizeof name), cyc,
                                 want_reply ? " while waiting for the "
                                            : " (no command outstanding)",
                                 want_reply ? waiting : "");
                rc = DSH_DRV_EPROTO;
                break;
            }
            if (reply)
                memcpy(reply, m, sizeof *m);
            if (timed_out) {
                d->st.ipc_timeouts++;
                d->st.late_replies++;
            }
            break;
        }
        if (id == IPC_NOTIFY_FW_READY) {
            dsh_drv_diag_set(d,
                             "unexpected FW_READY at cycle %" PRIu64
                             " (the firmware restarted?)",
                             cyc);
            rc = DSH_DRV_EPROTO;
            break;
        }
        if (id < 0x1000u || id > IPC_NOTIFY_LAST) {
            dsh_drv_diag_set(d,
                             "message id %#" PRIx32 " at cycle %" PRIu64
                             " is neither a reply nor a notification",
                             id, cyc);
            rc = DSH_DRV_EPROTO;
            break;
        }
        notification(d, m);
    }
    free(m);
    if (rc == DSH_DRV_EPANIC || rc == DSH_DRV_ESTOPPED)
        d->dead = rc;
    return rc;
}

dsh_drv_err dsh_drv_boot(dsh_drv *d)
{
    if (d->rewind)
        return DSH_DRV_EREWIND;
    d->diag[0] = '\0';
    uint64_t until = ds_board_cycles(d->b) + d->o.boot_timeout;
    uint32_t id;
    uint64_t cyc;
    ds_run_result res;

    for (;;) {
        uint64_t now = ds_board_cycles(d->b);
        if (now >= until) {
            dsh_drv_diag_set(d,
                             "no FW_READY within %" PRIu64 " cycles of "
                             "reset (timeout)",
                             d->o.boot_timeout);
            dsh_drv_diag_log(d);
            return DSH_DRV_ETIMEOUT;
        }
        if (ds_board_wait_doorbell(d->b, until - now, &id, &cyc, &res) !=
            DS_OK) {
            dsh_drv_diag_set(d, "host driver: ds_board_wait_doorbell "
                                "failed");
            return DSH_DRV_ESETUP;
        }
        if (d->rewind)
            return DSH_DRV_EREWIND;
        if (res.why == DS_STOP_HOST_EVENT)
            break;
        if (res.why != DS_STOP_BUDGET)
            return d->dead = stopped(d, &res, "FW_READY");
    }
    dsh_drv_msg *m = malloc(sizeof *m);
    if (!m)
        return DSH_DRV_ESETUP;
    dsh_drv_err rc = receive(d, id, cyc, m);
    if (rc == DSH_DRV_OK && id != IPC_NOTIFY_FW_READY) {
        char name[64];
        dsh_drv_diag_set(d, "first message is %s, expected FW_READY",
                         dsh_drv_id_name(d, id, name, sizeof name));
        rc = DSH_DRV_EPROTO;
    }
    if (rc == DSH_DRV_OK && m->len < sizeof d->ready) {
        dsh_drv_diag_set(d, "FW_READY is %" PRIu32 " bytes, expected %zu",
                         m->len, sizeof d->ready);
        rc = DSH_DRV_EPROTO;
    }
    if (rc == DSH_DRV_OK) {
        memcpy(&d->ready, m->body, sizeof d->ready);
        uint32_t pv = d->ready.proto_version;
        if (pv >> 16 != IPC_PROTO_MAJOR ||
            (pv & 0xffffu) < d->o.min_proto_minor) {
            dsh_drv_diag_set(d,
                             "firmware speaks IPC protocol %u.%u; this "
                             "host needs %u.%u or a later %u.x",
                             (unsigned)(pv >> 16), (unsigned)(pv & 0xffffu),
                             IPC_PROTO_MAJOR, (unsigned)d->o.min_proto_minor,
                             IPC_PROTO_MAJOR);
            rc = DSH_DRV_EPROTO;
        } else if (d->ready.h2d.offset != IPC_MBOX_H2D_OFF ||
                   d->ready.h2d.size != IPC_MBOX_H2D_SIZE ||
                   d->ready.d2h.offset != IPC_MBOX_D2H_OFF ||
                   d->ready.d2h.size != IPC_MBOX_D2H_SIZE) {
            dsh_drv_diag_set(
                d,
                "FW_READY mailbox layout (H2D %#x+%#x, "
                "D2H %#x+%#x) differs from ipc_proto.h",
                (unsigned)d->ready.h2d.offset, (unsigned)d->ready.h2d.size,
                (unsigned)d->ready.d2h.offset, (unsigned)d->ready.d2h.size);
            rc = DSH_DRV_EPROTO;
        }
    }
    free(m);
    if (rc == DSH_DRV_OK) {
        d->booted = true;
        d->st.notifications++;
    }
    return rc;
}

dsh_drv_err dsh_drv_command_timeout(dsh_drv *d, uint32_t id,
                                    const void *payload, size_t len,
                                    uint64_t timeout, dsh_drv_msg *reply)
{
    char name[64], waiting[96];
    dsh_drv_id_name(d, id, name, sizeof name);
    if (d->rewind)
        return DSH_DRV_EREWIND;
    if (d->dead)
        return d->dead; /* the diagnosis of the end stays */
    d->diag[0] = '\0';
    if (!d->booted) {
        dsh_drv_diag_set(d, "command %s: the firmware has not booted", name);
        return DSH_DRV_ESETUP;
    }
    if (id < IPC_CMD_FIRST || id > IPC_CMD_LAST ||
        len > IPC_MBOX_H2D_SIZE - sizeof(struct ipc_hdr) || (len && !payload)) {
        dsh_drv_diag_set(d, "command %s: bad id or payload size %zu", name,
                         len);
        return DSH_DRV_ESETUP;
    }
    uint64_t start = ds_board_cycles(d->b);
    uint64_t until = start + timeout;
    /* The previous command's doorbell must have been acknowledged. */
    while (ds_board_doorbell_busy(d->b)) {
        uint64_t now = ds_board_cycles(d->b);
        ds_run_result res;
        if (now >= until) {
            dsh_drv_diag_set(d,
                             "command %s: the firmware has not taken the "
                             "previous command by cycle %" PRIu64 " (timeout)",
                             name, until);
            dsh_drv_diag_log(d);
            return DSH_DRV_ETIMEOUT;
        }
        ds_board_run(d->b, until - now, DS_EVENT_H2D_DONE | DS_EVENT_D2H, &res);
        if (d->rewind)
            return DSH_DRV_EREWIND;
        if (res.why == DS_STOP_HOST_EVENT && (res.events & DS_EVENT_D2H)) {
            dsh_drv_err rc = pump(d, ds_board_cycles(d->b) + 1, 0, NULL, NULL,
                                  NULL);
            if (rc != DSH_DRV_OK)
                return rc;
        } else if (res.why != DS_STOP_HOST_EVENT && res.why != DS_STOP_BUDGET) {
            return d->dead = stopped(d, &res, "the H2D acknowledgement");
        }
    }
    uint8_t buf[IPC_MBOX_H2D_SIZE];
    struct ipc_hdr h = { .size = (uint32_t)(sizeof h + len),
                         .id = id,
                         .seq = ++d->host_seq,
                         .status = 0 };
    memcpy(buf, &h, sizeof h);
    if (len)
        memcpy(buf + sizeof h, payload, len);
    ds_board_mbox_write(d->b, IPC_MBOX_H2D_OFF, buf, h.size);
    if (d->rewind) /* a debugger stopped at that write went back */
        return DSH_DRV_EREWIND;
    if (ds_board_doorbell_send(d->b, id) != DS_OK) {
        dsh_drv_diag_set(d, "command %s: doorbell refused", name);
        return DSH_DRV_ESETUP;
    }
    d->st.commands++;
    char detail[64];
    snprintf(detail, sizeof detail, "seq %" PRIu32 ", %" PRIu32 " bytes", h.seq,
             h.size);
    dsh_timeline_instant(d->o.timeline, "doorbell", "H2D", start, name);
    dsh_timeline_instant(d->o.timeline, "ipc", name, start, detail);

    snprintf(waiting, sizeof waiting, "reply to %s (seq %" PRIu32 ")", name,
             h.seq);
    dsh_drv_msg *r = reply ? reply : malloc(sizeof *r);
    if (!r)
        return DSH_DRV_ESETUP;
    dsh_drv_err rc = pump(d, until, DSH_DRV_REPLY_ID(id), waiting, r, NULL);
    if (rc == DSH_DRV_OK) {
        uint32_t req_seq = r->len >= sizeof(struct ipc_reply)
                               ? le32(r->body +
                                      offsetof(struct ipc_reply, req_seq))
                               : 0;
        if (r->len < sizeof(struct ipc_reply) || req_seq != h.seq) {
            dsh_drv_diag_set(d,
                             "reply to %s at cycle %" PRIu64 ": %s "
                             "(req_seq %" PRIu32 ", command seq %" PRIu32 ")",
                             name, r->cycle,
                             r->len < sizeof(struct ipc_reply)
                                 ? "shorter than struct ipc_reply"
                                 : "answers another command",
                             req_seq, h.seq);
            rc = DSH_DRV_EPROTO;
        }
    }
    if (rc == DSH_DRV_OK) {
        uint64_t lat = r->cycle - start;
        d->last_status = r->hdr.status;
        d->st.replies++;
        if (lat > d->st.max_reply_cycles)
            d->st.max_reply_cycles = lat;
        dsh_timeline_span(d->o.timeline, "ipc commands", name, start, r->cycle,
                          dsh_drv_status_name(r->hdr.status));
        if (r->hdr.status != IPC_STATUS_OK) {
            d->st.ipc_errors++;
            uint32_t detail_off = le32(r->body +
                                       offsetof(struct ipc_reply, detail));
            char where[48] = "";
            if (detail_off != 0xFFFFFFFFu)
                snprintf(where, sizeof where, ", field at byte %" PRIu32,
                         detail_off);
            dsh_drv_diag_set(d, "command %s failed: %s (%" PRId32 ")%s", name,
                             dsh_drv_status_name(r->hdr.status), r->hdr.status,
                             where);
            rc = DSH_DRV_ESTATUS;
        }
    }
    if (!reply)
        free(r);
    return rc;
}

dsh_drv_err dsh_drv_command(dsh_drv *d, uint32_t id, const void *payload,
                            size_t len, dsh_drv_msg *reply)
{
    return dsh_drv_command_timeout(d, id, payload, len, d->o.reply_timeout,
                                   reply);
}

dsh_drv_err dsh_drv_run(dsh_drv *d, uint64_t cycles, bool *idle)
{
    if (idle)
        *idle = false;
    if (d->rewind)
        return DSH_DRV_EREWIND;
    if (d->dead)
        return d->dead;
    d->diag[0] = '\0';
    return pump(d, ds_board_cycles(d->b) + cycles, 0, NULL, NULL, idle);
}

void dsh_drv_set_rewind(dsh_drv *d, bool on)
{
    d->rewind = on;
}

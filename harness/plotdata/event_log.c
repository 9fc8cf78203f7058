/* SPDX-License-Identifier: BSD-3-Clause */
/* The bounded log of run events (event_log.h). */
#include "event_log.h"

#include <stdio.h>

const char *dsh_event_kind_name(dsh_event_kind k)
{
    static const char *const names[DSH_EV_KINDS] = { "miss",      "xrun",
                                                     "restart",   "fault",
                                                     "ipc_error", "panic" };
    return (unsigned)k < DSH_EV_KINDS ? names[k] : "?";
}

void dsh_event_add(dsh_event_log *l, dsh_event_kind k, uint64_t cycle,
                   const char *text)
{
    if ((unsigned)k >= DSH_EV_KINDS)
        return;
    if (l->count[k]++ >= DSH_EVENT_LOG_KEEP)
        return;
    dsh_event *e = &l->ev[l->n++];
    e->cycle = cycle;
    e->kind = k;
    snprintf(e->text, sizeof e->text, "%s", text ? text : "");
    for (char *p = e->text; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
}

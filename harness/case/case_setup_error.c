/* SPDX-License-Identifier: BSD-3-Clause */
/* expect.setup_error of a case (docs/harness.md, "Expected setup
 * errors"): the setup command the firmware must reject and the status it
 * must answer, optionally pinned to a pipeline or a component. */
#include <stdio.h>
#include <string.h>

#include "case_internal.h"
#include "driver/ipc_names.h"
#include "abi/ipc_proto.h"

/* The commands the harness sends to set a case up, in that order (the
 * TRIGGER is the first START). */
static const char *const setup_commands[] = {
    "AUD_PIPE_NEW",      "AUD_COMP_NEW",     "AUD_BUF_NEW",
    "AUD_CONNECT",       "AUD_PIPE_CONNECT", "AUD_PIPE_COMPLETE",
    "AUD_STREAM_PARAMS", "AUD_TRIGGER",      NULL
};

static bool parse_command(yctx *y, dsh_setup_error *s, const yaml_node_t *v)
{
    const char *w = "expect.setup_error.command";
    uint32_t id;
    int idx;
    if (y_is_scalar(v) && dsh_ipc_command_from_name(y_text(v), &id)) {
        bool setup = false;
        for (const char *const *n = setup_commands; *n; n++)
            setup |= !strcmp(*n, y_text(v));
        if (!setup) {
            y_error(y, v,
                    "%s: %s is not sent while setting up (setup "
                    "commands: AUD_PIPE_NEW, AUD_COMP_NEW, AUD_BUF_NEW, "
                    "AUD_CONNECT, AUD_PIPE_CONNECT, AUD_PIPE_COMPLETE, "
                    "AUD_STREAM_PARAMS, AUD_TRIGGER); a rejected control is "
                    "`expect_error: "
                    "true` on the control",
                    w, y_text(v));
            return false;
        }
    }
    if (!y_enum(y, v, w, setup_commands, &idx))
        return false;
    dsh_ipc_command_from_name(setup_commands[idx], &s->command);
    return true;
}

static bool parse_status(yctx *y, dsh_setup_error *s, const yaml_node_t *v)
{
    const char *w = "expect.setup_error.status";
    char name[32], list[400];
    const char *names[64];
    unsigned n = 0;
    if (!y_string(y, v, w, name, sizeof name))
        return false;
    if (dsh_ipc_status_from_name(name, &s->status))
        return true;
    for (int32_t st = -1; st >= -200 && n < 63; st--) {
        const char *nm = dsh_drv_status_name(st); /* known: static */
        if (strncmp(nm, "status ", 7))
            names[n++] = nm;
    }
    names[n] = NULL;
    y_join_names(list, sizeof list, names);
    y_error(y, v, "%s: unknown status '%s' (expected one of: %s)", w, name,
            list);
    return false;
}

bool dsh_parse_setup_error(yctx *y, dsh_case *c, const yaml_node_t *n)
{
    static const char *const keys[] = { "command", "status", "pipeline",
                                        "component", NULL };
    const char *what = "expect.setup_error";
    dsh_setup_error *s = &c->setup_error;
    if (!y_check_map(y, n, what, keys))
        return false;
    memset(s, 0, sizeof *s);
    s->pipeline = s->component = -1;
    s->mark = y_mark(n);
    yaml_node_t *cmd = y_require(y, n, "command", what);
    yaml_node_t *st = y_require(y, n, "status", what);
    bool ok = cmd && st;
    if (cmd && !parse_command(y, s, cmd))
        ok = false;
    if (st && !parse_status(y, s, st))
        ok = false;
    yaml_node_t *v;
    if ((v = y_get(y, n, "pipeline", NULL))) {
        int64_t id;
        if (!y_int(y, v, "expect.setup_error.pipeline", 1, 255, &id)) {
            ok = false;
        } else {
            for (unsigned i = 0; i < c->n_pipelines; i++)
                if (c->pipelines[i].id == (unsigned)id)
                    s->pipeline = (int)i;
            if (s->pipeline < 0) {
                y_error(y, v,
                        "expect.setup_error.pipeline: no pipeline "
                        "with id %lld",
                        (long long)id);
                ok = false;
            }
        }
    }
    if ((v = y_get(y, n, "component", NULL))) {
        const char *w = "expect.setup_error.component";
        char id[DSH_ID_MAX];
        if (!y_ident(y, v, w, id, sizeof id)) {
            ok = false;
        } else if ((s->component = dsh_case_lookup_component(y, c, v, w, id)) <
                   0) {
            ok = false;
        } else if (ok && s->command != IPC_CMD_AUD_COMP_NEW &&
                   s->command != IPC_CMD_AUD_STREAM_PARAMS &&
                   s->command != IPC_CMD_AUD_PIPE_CONNECT) {
            y_error(y, v,
                    "%s: goes with AUD_COMP_NEW, AUD_STREAM_PARAMS or "
                    "AUD_PIPE_CONNECT (the consumer's component) only; %s "
                    "concerns a whole pipeline (use pipeline:)",
                    w, dsh_ipc_id_name(s->command));
            ok = false;
        } else if (ok && s->command == IPC_CMD_AUD_STREAM_PARAMS &&
                   c->comps[s->component].type != DSH_COMP_HOST) {
            y_error(y, v,
                    "%s: '%s' is not a host component; "
                    "AUD_STREAM_PARAMS is sent for host components only",
                    w, id);
            ok = false;
        } else if (ok && s->pipeline >= 0 &&
                   c->comps[s->component].pipeline != (unsigned)s->pipeline) {
            y_error(y, v, "%s: '%s' is not in pipeline %u", w, id,
                    c->pipelines[s->pipeline].id);
            ok = false;
        }
    }
    if (ok && c->n_controls) {
        y_error(y, n,
                "%s: nothing runs after the rejected setup, so the "
                "case cannot have controls (first at %u:%u)",
                what, c->controls[0].mark.line, c->controls[0].mark.col);
        ok = false;
    }
    s->on = ok;
    return ok;
}

bool dsh_check_setup_error(yctx *y, const dsh_case *c)
{
    const dsh_setup_error *s = &c->setup_error;
    if (!s->on)
        return true;
    bool deadlines = c->deadlines.on;
    for (unsigned i = 0; i < c->n_pipelines; i++)
        deadlines |= c->pipeline_deadlines[i].on;
    if (!c->n_audio && !deadlines)
        return true;
    dsh_diag_add(y->diag, y->file, s->mark,
                 "expect.setup_error: nothing "
                 "runs after the rejected setup, so '%s' cannot be checked "
                 "(only xruns, ipc_errors and restarts go with "
                 "setup_error)",
                 c->n_audio ? c->endpoints[c->audio[0].endpoint].name
                            : "deadlines");
    return false;
}

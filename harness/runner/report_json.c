/* SPDX-License-Identifier: BSD-3-Clause */
/* JSON report of a `dspsim test` run, written with jansson (report.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "textout/json_out.h"

/* Seconds and other figures rounded to a microsecond / 1e-6, so that the
 * files do not carry float noise. */
static json_t *real6(double v)
{
    char b[64];
    snprintf(b, sizeof b, "%.6f", v);
    return json_real(strtod(b, NULL));
}

static json_t *checks_json(const dsh_case_result *res)
{
    json_t *a = json_array();
    unsigned n = res->nchecks < DSH_RESULT_MAX_CHECKS ? res->nchecks
                                                      : DSH_RESULT_MAX_CHECKS;
    for (unsigned i = 0; a && i < n; i++) {
        const dsh_check_figure *c = &res->checks[i];
        json_t *o = json_object();
        if (!o || dsh_json_set_text(o, "subject", c->subject) ||
            dsh_json_set_text(o, "check", c->check) ||
            json_object_set_new(o, "value", real6(c->value)) ||
            dsh_json_set_text(o, "unit", c->unit) ||
            (c->has_min && json_object_set_new(o, "min", real6(c->min))) ||
            (c->has_max && json_object_set_new(o, "max", real6(c->max))) ||
            json_object_set_new(o, "passed", json_boolean(c->passed)) ||
            json_array_append_new(a, o)) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

/* Per core (a case on several cores): the figures of the text summary's
 * "core K:" line and its pipelines' ids. */
static json_t *cores_json(const dsh_run_figures *f)
{
    json_t *a = json_array();
    for (unsigned k = 0; a && k < f->ncores && k < DSH_RESULT_MAX_CORES; k++) {
        const struct dsh_core_figures *c = &f->cores[k];
        json_t *o = json_object(), *ids = json_array();
        /* json_object_set_new and json_array_append_new take the value
         * whether they fail or not */
        bool ok = o && ids &&
                  !json_object_set_new(o, "core", json_integer((json_int_t)k));
        for (unsigned i = 0; ok && i < c->npipes && i < DSH_RESULT_MAX_PIPES;
             i++)
            ok = !json_array_append_new(
                ids, json_integer((json_int_t)c->pipe_ids[i]));
        if (ok) {
            ok = !json_object_set_new(o, "pipelines", ids);
            ids = NULL;
        }
        ok = ok && !json_object_set_new(o, "mcps", real6(c->mcps)) &&
             !json_object_set_new(o, "worst_load_pct",
                                  real6(c->worst_load_pct)) &&
             !json_object_set_new(o, "deadline_misses",
                                  json_integer((json_int_t)c->deadline_misses));
        if (ok && c->busy_known)
            ok = !json_object_set_new(o, "busy_pct", real6(c->busy_pct)) &&
                 !json_object_set_new(o, "busy_mcps", real6(c->busy_mcps));
        json_decref(ids);
        if (!ok) {
            json_decref(o);
            json_decref(a);
            return NULL;
        }
        if (json_array_append_new(a, o)) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static json_t *run_json(const dsh_run_figures *f)
{
    json_t *o = json_pack(
        "{s:I, s:o, s:o, s:o, s:o, s:I, s:I, s:I}", "cycles",
        (json_int_t)f->cycles, "cpu_hz", real6(f->cpu_hz), "audio_seconds",
        real6(f->audio_seconds), "mcps", real6(f->mcps), "worst_load_pct",
        real6(f->worst_load_pct), "deadline_misses",
        (json_int_t)f->deadline_misses, "xruns", (json_int_t)f->xruns,
        "ipc_errors", (json_int_t)f->ipc_errors);
    json_t *pipes = json_array(), *comps = json_array();
    if (!o || !pipes || !comps)
        goto fail;
    if (f->engine[0] && dsh_json_set_text(o, "engine", f->engine))
        goto fail;
    for (unsigned i = 0; i < f->npipes && i < DSH_RESULT_MAX_PIPES; i++) {
        const struct dsh_pipe_figures *p = &f->pipes[i];
        if (json_array_append_new(
                pipes,
                json_pack("{s:I, s:I, s:I, s:I, s:I, s:I}", "id",
                          (json_int_t)p->id, "periods", (json_int_t)p->periods,
                          "period_cycles", (json_int_t)p->period_cycles,
                          "avg_cycles", (json_int_t)p->avg_cycles,
                          "worst_cycles", (json_int_t)p->worst_cycles, "misses",
                          (json_int_t)p->misses)))
            goto fail;
    }
    for (unsigned i = 0; i < f->ncomps && i < DSH_RESULT_MAX_COMPS; i++) {
        const struct dsh_comp_figures *c = &f->comps[i];
        json_t *co = json_object();
        if (!co || dsh_json_set_text(co, "name", c->name) ||
            json_object_set_new(co, "mcps", real6(c->mcps)) ||
            json_object_set_new(co, "worst_pct", real6(c->worst_pct)) ||
            json_array_append_new(comps, co))
            goto fail;
    }
    if (json_object_set_new(o, "pipelines", pipes) ||
        json_object_set_new(o, "components", comps) ||
        (f->ncores && json_object_set_new(o, "cores", cores_json(f)))) {
        json_decref(o);
        return NULL;
    }
    return o;
fail:
    json_decref(o);
    json_decref(pipes);
    json_decref(comps);
    return NULL;
}

static json_t *case_json(const dsh_report_entry *e)
{
    const dsh_case_result *res = e->result;
    char cls[1024];
    dsh_report_classname(e->root, e->path, cls, sizeof cls);
    json_t *o = json_object();
    if (!o || dsh_json_set_text(o, "path", e->path) ||
        dsh_json_set_text(o, "name", e->name) ||
        dsh_json_set_text(o, "classname", cls) ||
        json_object_set_new(o, "status",
                            json_string(dsh_res_status_name(res->status))) ||
        dsh_json_set_text(o, "message", res->message) ||
        json_object_set_new(o, "seconds", real6(res->seconds)) ||
        json_object_set_new(o, "checks", checks_json(res)) ||
        (res->run.has_run &&
         json_object_set_new(o, "run", run_json(&res->run))) ||
        ((res->status == DSH_RES_FAIL || res->status == DSH_RES_ERROR) &&
         res->log[0] && dsh_json_set_text(o, "log", res->log))) {
        json_decref(o);
        return NULL;
    }
    return o;
}

bool dsh_report_write_json(const char *path, const dsh_report *r, char *err,
                           size_t errsz)
{
    char ts[32], host[256];
    dsh_report_timestamp(r->started, true, ts, sizeof ts);
    json_t *root = json_object(), *cases = json_array();
    bool ok = root && cases &&
              !json_object_set_new(root, "tool", json_string("dspsim test")) &&
              !json_object_set_new(root, "version", json_integer(2)) &&
              !json_object_set_new(root, "timestamp", json_string(ts)) &&
              !dsh_json_set_text(root, "hostname",
                                 dsh_report_hostname(r, host, sizeof host)) &&
              !json_object_set_new(root, "shard",
                                   json_pack("{s:i, s:i}", "index",
                                             (int)r->shard_index, "count",
                                             (int)r->shard_count)) &&
              !json_object_set_new(
                  root, "summary",
                  json_pack("{s:I, s:I, s:I, s:I, s:I, s:o}", "total",
                            (json_int_t)r->n, "passed",
                            (json_int_t)r->count[DSH_RES_PASS], "failed",
                            (json_int_t)r->count[DSH_RES_FAIL], "errors",
                            (json_int_t)r->count[DSH_RES_ERROR], "skipped",
                            (json_int_t)r->count[DSH_RES_SKIP], "seconds",
                            real6(r->seconds)));
    for (size_t i = 0; ok && i < r->n; i++)
        ok = !json_array_append_new(cases, case_json(&r->entries[i]));
    if (ok)
        ok = !json_object_set(root, "cases", cases);
    json_decref(cases);
    if (!ok) {
        json_decref(root);
        snprintf(err, errsz, "%s: out of memory building the JSON report",
                 path);
        return false;
    }
    ok = dsh_json_write_file(root, path, 2, err, errsz);
    json_decref(root);
    return ok;
}

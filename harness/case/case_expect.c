/* SPDX-License-Identifier: BSD-3-Clause */
/* expect: section of a case (docs/harness.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../audio/wav_io.h"
#include "case_internal.h"
#include "case_paths.h"

static const char *const audio_keys[] = { "reference",
                                          "tolerance_lsb",
                                          "skip_ms",
                                          "relative_to",
                                          "gain_db",
                                          "level_dbfs",
                                          "thdn_db",
                                          "snr_db",
                                          "dynamic_range_db",
                                          "dc_offset_dbfs",
                                          "length",
                                          "freq_response",
                                          NULL };

/* `KEY: NUMBER` or `KEY: {FIELD: NUMBER, ...}`: the main field (value,
 * max or min) and an optional second one. */
static bool number_or_map(yctx *y, const yaml_node_t *n, const char *what,
                          const char *field, double lo, double hi, double *out,
                          const char *field2, double lo2, double hi2,
                          double *out2)
{
    if (y_is_scalar(n))
        return y_number(y, n, what, lo, hi, out);
    const char *keys[3] = { field, field2, NULL };
    if (!y_check_map(y, n, what, keys))
        return false;
    char w[200];
    snprintf(w, sizeof w, "%s.%s", what, field);
    yaml_node_t *v = y_require(y, n, field, what);
    bool ok = v && y_number(y, v, w, lo, hi, out);
    if (field2 && (v = y_get(y, n, field2, NULL))) {
        snprintf(w, sizeof w, "%s.%s", what, field2);
        ok = y_number(y, v, w, lo2, hi2, out2) && ok;
    }
    return ok;
}

static bool parse_mask(yctx *y, dsh_audio_expect *a, const yaml_node_t *n,
                       const char *what)
{
    static const char *const keys[] = { "mask", NULL };
    if (!y_check_map(y, n, what, keys))
        return false;
    char w[200];
    snprintf(w, sizeof w, "%s.mask", what);
    yaml_node_t *m = y_require(y, n, "mask", what);
    if (!m || !y_expect_seq(y, m, w))
        return false;
    unsigned count = (unsigned)(m->data.sequence.items.top -
                                m->data.sequence.items.start);
    if (count < 1 || count > DSH_MASK_MAX_POINTS) {
        y_error(y, m, "%s: %u points; between 1 and %d are allowed", w, count,
                DSH_MASK_MAX_POINTS);
        return false;
    }
    for (unsigned i = 0; i < count; i++) {
        yaml_node_t *pt = y_node(y, m->data.sequence.items.start[i]);
        char wp[220];
        snprintf(wp, sizeof wp, "%s[%u]", w, i);
        if (!y_is_seq(pt) ||
            pt->data.sequence.items.top - pt->data.sequence.items.start != 3) {
            char d[64];
            y_error(y, pt, "%s: expected [freq_hz, min_db, max_db], got %s", wp,
                    y_describe(pt, d, sizeof d));
            return false;
        }
        dsh_mask_point *p = &a->freq_response.pts[i];
        yaml_node_item_t *it = pt->data.sequence.items.start;
        if (!y_number(y, y_node(y, it[0]), wp, 1, 96000, &p->freq_hz) ||
            !y_number(y, y_node(y, it[1]), wp, -200, 200, &p->min_db) ||
            !y_number(y, y_node(y, it[2]), wp, -200, 200, &p->max_db))
            return false;
        if (p->min_db > p->max_db) {
            y_error(y, pt, "%s: min_db %g is above max_db %g", wp, p->min_db,
                    p->max_db);
            return false;
        }
        if (i && p->freq_hz <= a->freq_response.pts[i - 1].freq_hz) {
            y_error(y, pt, "%s: frequencies must increase (%g after %g)", wp,
                    p->freq_hz, a->freq_response.pts[i - 1].freq_hz);
            return false;
        }
    }
    a->freq_response.n = count;
    a->freq_response.on = true;
    return true;
}

static int default_input(const dsh_case *c)
{
    int found = -1;
    for (unsigned i = 0; i < c->n_endpoints; i++)
        if (c->endpoints[i].dir == DSH_EP_INPUT) {
            if (found >= 0)
                return -2; /* ambiguous */
            found = (int)i;
        }
    return found;
}

static bool parse_audio(yctx *y, dsh_case *c, unsigned ep,
                        const yaml_node_t *key, const yaml_node_t *n)
{
    const dsh_endpoint *e = &c->endpoints[ep];
    char what[128], w[200];
    snprintf(what, sizeof what, "expect.%s", e->name);
    if (!y_check_map(y, n, what, audio_keys))
        return false;
    dsh_audio_expect *a = &c->audio[c->n_audio];
    memset(a, 0, sizeof *a);
    a->endpoint = ep;
    a->mark = y_mark(key);
    a->relative_to = -1;
    bool ok = true;
    yaml_node_t *v, *kn;
    int64_t i;

    if ((v = y_get(y, n, "reference", NULL))) {
        char rel[DSH_PATH_MAX], err[DSH_DIAG_MSG];
        snprintf(w, sizeof w, "%s.reference", what);
        dsh_audio_info info;
        if (!y_string(y, v, w, rel, sizeof rel) ||
            !dsh_resolve_input(y, v, w, c->dir, rel, a->reference,
                               sizeof a->reference))
            ok = false;
        else if (!dsh_audio_probe(a->reference, &info, err, sizeof err)) {
            y_error(y, v, "%s: %s", w, err);
            ok = false;
        } else {
            char whom[80];
            snprintf(whom, sizeof whom, "%s '%s'",
                     e->kind == DSH_EP_STREAM ? "stream" : "port", e->name);
            if (!dsh_audio_check_params(&info, rel, e->rate, e->channels, whom,
                                        err, sizeof err)) {
                y_error(y, v, "%s: %s", w, err);
                ok = false;
            } else
                a->has_reference = true;
        }
    }
    if ((v = y_get(y, n, "tolerance_lsb", &kn))) {
        snprintf(w, sizeof w, "%s.tolerance_lsb", what);
        if (!y_get(y, n, "reference", NULL)) {
            y_error(y, kn, "%s: needs a reference file to compare with", w);
            ok = false;
        } else if (y_int(y, v, w, 0, 1LL << 31, &i))
            a->tolerance_lsb = (unsigned)i;
        else
            ok = false;
    }
    snprintf(w, sizeof w, "%s.skip_ms", what);
    if ((v = y_get(y, n, "skip_ms", NULL)) &&
        !y_number(y, v, w, 0, 86400000.0, &a->skip_ms))
        ok = false;

    yaml_node_t *rt = y_get(y, n, "relative_to", NULL);
    if (rt) {
        char name[DSH_ID_MAX];
        snprintf(w, sizeof w, "%s.relative_to", what);
        int r = -1;
        if (y_ident(y, rt, w, name, sizeof name)) {
            r = dsh_case_find_endpoint(c, name);
            if (r < 0 || c->endpoints[r].dir != DSH_EP_INPUT) {
                y_error(y, rt, "%s: '%s' is not an input stream or port", w,
                        name);
                r = -1;
            }
        }
        if (r < 0)
            ok = false;
        a->relative_to = r;
    }
    yaml_node_t *gn = y_get(y, n, "gain_db", NULL);
    yaml_node_t *fr = y_get(y, n, "freq_response", NULL);
    if ((gn || fr) && !rt) {
        int r = default_input(c);
        if (r < 0) {
            y_error(y, gn ? gn : fr,
                    "%s: %s needs relative_to: the case "
                    "has %s input stream or port",
                    what, gn ? "gain_db" : "freq_response",
                    r == -1 ? "no" : "more than one");
            ok = false;
        }
        a->relative_to = r;
    }
    if (gn) {
        snprintf(w, sizeof w, "%s.gain_db", what);
        a->gain_db.tolerance = 0.1;
        if (number_or_map(y, gn, w, "value", -200, 200, &a->gain_db.value,
                          "tolerance", 0, 100, &a->gain_db.tolerance))
            a->gain_db.on = true;
        else
            ok = false;
    }
    if ((v = y_get(y, n, "level_dbfs", NULL))) {
        snprintf(w, sizeof w, "%s.level_dbfs", what);
        a->level_dbfs.tolerance = 0.1;
        if (number_or_map(y, v, w, "value", -200, 10, &a->level_dbfs.value,
                          "tolerance", 0, 100, &a->level_dbfs.tolerance))
            a->level_dbfs.on = true;
        else
            ok = false;
    }
    if ((v = y_get(y, n, "thdn_db", NULL))) {
        snprintf(w, sizeof w, "%s.thdn_db", what);
        if (number_or_map(y, v, w, "max", -200, 0, &a->thdn.max_db, "freq_hz",
                          1, 96000, &a->thdn.freq_hz))
            a->thdn.on = true;
        else
            ok = false;
    }
    if ((v = y_get(y, n, "snr_db", NULL))) {
        snprintf(w, sizeof w, "%s.snr_db", what);
        if (number_or_map(y, v, w, "min", 0, 250, &a->snr.min_db, "freq_hz", 1,
                          96000, &a->snr.freq_hz))
            a->snr.on = true;
        else
            ok = false;
    }
    if ((v = y_get(y, n, "dynamic_range_db", NULL))) {
        snprintf(w, sizeof w, "%s.dynamic_range_db", what);
        if (number_or_map(y, v, w, "min", 0, 250, &a->dynamic_range.min_db,
                          NULL, 0, 0, NULL))
            a->dynamic_range.on = true;
        else
            ok = false;
    }
    if ((v = y_get(y, n, "dc_offset_dbfs", NULL))) {
        snprintf(w, sizeof w, "%s.dc_offset_dbfs", what);
        if (number_or_map(y, v, w, "max", -250, 0, &a->dc_offset.max_dbfs, NULL,
                          0, 0, NULL))
            a->dc_offset.on = true;
        else
            ok = false;
    }
    if ((v = y_get(y, n, "length", NULL))) {
        static const char *const lkeys[] = { "frames", "ms", "tolerance",
                                             NULL };
        snprintf(w, sizeof w, "%s.length", what);
        if (!y_check_map(y, v, w, lkeys)) {
            ok = false;
        } else {
            yaml_node_t *f = y_get(y, v, "frames", NULL);
            yaml_node_t *ms = y_get(y, v, "ms", NULL);
            yaml_node_t *t = y_get(y, v, "tolerance", NULL);
            char wk[220];
            double d;
            if (!f == !ms) {
                y_error(y, v, "%s: give exactly one of frames or ms", w);
                ok = false;
            } else if (f) {
                snprintf(wk, sizeof wk, "%s.frames", w);
                if (y_int(y, f, wk, 0, 1LL << 40, &i)) {
                    a->length.frames = (uint64_t)i;
                    a->length.on = true;
                } else
                    ok = false;
            } else {
                snprintf(wk, sizeof wk, "%s.ms", w);
                if (y_number(y, ms, wk, 0, 86400000.0, &d)) {
                    a->length.frames = (uint64_t)(d * e->rate / 1000.0 + 0.5);
                    a->length.on = true;
                } else
                    ok = false;
            }
            snprintf(wk, sizeof wk, "%s.tolerance", w);
            if (t && y_int(y, t, wk, 0, 1LL << 40, &i))
                a->length.tolerance = (uint64_t)i;
            else if (t)
                ok = false;
        }
    }
    if (fr) {
        snprintf(w, sizeof w, "%s.freq_response", what);
        if (!parse_mask(y, a, fr, w))
            ok = false;
    }
    if (ok)
        c->n_audio++;
    return ok;
}


static bool parse_deadline(yctx *y, const yaml_node_t *n, const char *what,
                           dsh_deadline_expect *d, bool allow_pipelines)
{
    static const char *const keys_all[] = { "missed",     "max_load_pct",
                                            "max_cycles", "pipelines",
                                            "cores",      NULL };
    static const char *const keys[] = { "missed", "max_load_pct", "max_cycles",
                                        NULL };
    if (!y_check_map(y, n, what, allow_pipelines ? keys_all : keys))
        return false;
    d->on = true;
    d->max_load_pct = -1;
    d->missed = (dsh_count_range){ true, 0, 0 };
    bool ok = true;
    char w[200];
    int64_t i;
    yaml_node_t *v;
    if ((v = y_get(y, n, "missed", NULL))) {
        snprintf(w, sizeof w, "%s.missed", what);
        ok = dsh_parse_count(y, v, w, true, &d->missed);
    }
    if ((v = y_get(y, n, "max_load_pct", NULL))) {
        snprintf(w, sizeof w, "%s.max_load_pct", what);
        if (!y_number(y, v, w, 0, 100, &d->max_load_pct))
            ok = false;
    }
    if ((v = y_get(y, n, "max_cycles", NULL))) {
        snprintf(w, sizeof w, "%s.max_cycles", what);
        if (y_int(y, v, w, 1, INT64_MAX, &i))
            d->max_cycles = (uint64_t)i;
        else
            ok = false;
    }
    return ok;
}

/* expect.deadlines.cores: {K: {missed, max_load_pct, max_cycles}} for
 * cores the board has. */
static bool parse_core_deadlines(yctx *y, dsh_case *c, const yaml_node_t *cn)
{
    unsigned cores = dsh_case_board_cores(&c->board);
    bool ok = true;
    if (!y_check_map(y, cn, "expect.deadlines.cores", NULL))
        return false;
    for (yaml_node_pair_t *p = cn->data.mapping.pairs.start;
         p < cn->data.mapping.pairs.top; p++) {
        yaml_node_t *k = y_node(y, p->key);
        int64_t core;
        if (!y_int(y, k, "expect.deadlines.cores", 0, 3, &core)) {
            ok = false;
            continue;
        }
        if ((unsigned)core >= cores) {
            y_error(y, k,
                    "expect.deadlines.cores: core %lld, but the board has %u "
                    "core%s (0..%u)",
                    (long long)core, cores, cores == 1 ? "" : "s", cores - 1);
            ok = false;
            continue;
        }
        char w[64];
        snprintf(w, sizeof w, "expect.deadlines.cores.%lld", (long long)core);
        if (!parse_deadline(y, y_node(y, p->value), w, &c->core_deadlines[core],
                            false))
            ok = false;
    }
    return ok;
}

static bool parse_deadlines(yctx *y, dsh_case *c, const yaml_node_t *n)
{
    bool ok = parse_deadline(y, n, "expect.deadlines", &c->deadlines, true);
    yaml_node_t *cn = y_get(y, n, "cores", NULL);
    if (ok && cn && !parse_core_deadlines(y, c, cn))
        ok = false;
    yaml_node_t *pp = y_get(y, n, "pipelines", NULL);
    if (!ok || !pp)
        return ok;
    if (!y_check_map(y, pp, "expect.deadlines.pipelines", NULL))
        return false;
    for (yaml_node_pair_t *p = pp->data.mapping.pairs.start;
         p < pp->data.mapping.pairs.top; p++) {
        yaml_node_t *k = y_node(y, p->key);
        int64_t id;
        if (!y_int(y, k, "expect.deadlines.pipelines", 1, 255, &id)) {
            ok = false;
            continue;
        }
        int idx = -1;
        for (unsigned i = 0; i < c->n_pipelines; i++)
            if (c->pipelines[i].id == (unsigned)id)
                idx = (int)i;
        if (idx < 0) {
            y_error(y, k,
                    "expect.deadlines.pipelines: no pipeline with id "
                    "%lld",
                    (long long)id);
            ok = false;
            continue;
        }
        char w[80];
        snprintf(w, sizeof w, "expect.deadlines.pipelines.%lld", (long long)id);
        if (!parse_deadline(y, y_node(y, p->value), w,
                            &c->pipeline_deadlines[idx], false))
            ok = false;
    }
    return ok;
}

bool dsh_parse_expect(yctx *y, dsh_case *c, const yaml_node_t *n)
{
    if (!y_check_map(y, n, "expect", NULL))
        return false;
    bool ok = true;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
         p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = y_node(y, p->key);
        yaml_node_t *v = y_node(y, p->value);
        const char *key = y_text(k);
        bool fault_ok;
        if (dsh_parse_fault_expect(y, c, key, v, &fault_ok)) {
            ok = fault_ok && ok;
        } else if (!strcmp(key, "deadlines")) {
            ok = parse_deadlines(y, c, v) && ok;
        } else if (!strcmp(key, "xruns")) {
            ok = dsh_parse_count(y, v, "expect.xruns", false, &c->xruns) && ok;
        } else if (!strcmp(key, "ipc_errors")) {
            ok = dsh_parse_count(y, v, "expect.ipc_errors", false,
                                 &c->ipc_errors) &&
                 ok;
        } else if (!strcmp(key, "restarts")) {
            ok = dsh_parse_count(y, v, "expect.restarts", false,
                                 &c->restarts) &&
                 ok;
        } else if (!strcmp(key, "setup_error")) {
            ok = dsh_parse_setup_error(y, c, v) && ok;
        } else {
            int e = dsh_case_find_endpoint(c, key);
            if (e < 0) {
                bool comp = dsh_case_find_component(c, key) >= 0;
                y_error(y, k,
                        "expect: '%s' is %s; expected an output stream "
                        "or port, deadlines, xruns, ipc_errors, restarts or "
                        "setup_error",
                        key,
                        comp ? "a component, not a port or stream"
                             : "not a port or stream of this case");
                ok = false;
            } else if (c->endpoints[e].dir != DSH_EP_OUTPUT) {
                y_error(y, k,
                        "expect: '%s' is an input %s; expectations "
                        "apply to outputs",
                        key,
                        c->endpoints[e].kind == DSH_EP_STREAM ? "stream"
                                                              : "port");
                ok = false;
            } else {
                ok = parse_audio(y, c, (unsigned)e, k, v) && ok;
            }
        }
    }
    return ok && dsh_check_setup_error(y, c);
}

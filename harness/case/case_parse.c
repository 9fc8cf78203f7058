/* SPDX-License-Identifier: BSD-3-Clause */
/* Loading a case file: YAML document, top-level keys, board, firmware,
 * pipelines with components and connections, controls and run length
 * (docs/harness.md).  Streams/ports, expectations and the graph checks
 * are in case_endpoints.c, case_expect.c and case_graph.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dspsim/yaml_guard.h"

#include "case_internal.h"
#include "case_paths.h"
#include "textout/out_file.h"
#include "component_types.h"

#define MAX_CASE_BYTES (4u << 20)

/* Checked on the event stream before the document is loaded
 * (dspsim/yaml_guard.h; docs/harness.md "Validation"): the deepest case
 * nests 7 levels (pipelines[].components[].biquads[]). */
static const ds_yaml_limits case_yaml_limits = { DSH_YAML_MAX_DEPTH,
                                                 DSH_YAML_MAX_ANCHORS,
                                                 DSH_YAML_MAX_ALIASES };

static const char *const top_keys[] = { "name",
                                        "description",
                                        "board",
                                        "firmware",
                                        "pipelines",
                                        "streams",
                                        "ports",
                                        "controls",
                                        "duration_ms",
                                        "on_xrun",
                                        "end",
                                        "expect",
                                        "align_outputs",
                                        "faults",
                                        "rebuild_every_ms",
                                        NULL };

void dsh_case_free(dsh_case *c)
{
    free(c);
}

/* Component definition; endpoints must already be parsed. */
static bool parse_component(yctx *y, dsh_case *c, unsigned pipe,
                            const yaml_node_t *n, const char *what)
{
    if (!y_is_map(n)) {
        char d[64];
        y_error(y, n, "%s: expected a mapping, got %s", what,
                y_describe(n, d, sizeof d));
        return false;
    }
    if (c->n_comps >= DSH_MAX_COMPONENTS) {
        y_error(y, n, "%s: too many components (at most %d)", what,
                DSH_MAX_COMPONENTS);
        return false;
    }
    dsh_component *k = &c->comps[c->n_comps];
    memset(k, 0, sizeof *k);
    k->pipeline = pipe;
    k->endpoint = -1;
    k->mark = y_mark(n);
    char w[200];
    yaml_node_t *idn = y_require(y, n, "id", what);
    yaml_node_t *tn = y_require(y, n, "type", what);
    if (!idn || !tn)
        return false;
    snprintf(w, sizeof w, "%s.id", what);
    if (!y_ident(y, idn, w, k->id, sizeof k->id))
        return false;
    int first = dsh_case_find_component(c, k->id);
    if (first >= 0) {
        y_error(y, idn,
                "%s: duplicate component id '%s' (first defined at "
                "%u:%u)",
                w, k->id, c->comps[first].mark.line, c->comps[first].mark.col);
        return false;
    }
    int type;
    snprintf(w, sizeof w, "%s.type", what);
    if (!y_enum(y, tn, w, dsh_comp_type_names, &type))
        return false;
    k->type = (dsh_comp_type)type;
    snprintf(w, sizeof w, "%s (%s '%s')", what, dsh_comp_type_names[type],
             k->id);
    if (!y_check_map(y, n, w, dsh_comp_definition_keys(k->type)))
        return false;
    dsh_comp_params_default(k->type, &k->p);
    if (!dsh_comp_parse_params(y, k->type, n, what, false, c->dir, &k->p,
                               &k->set))
        return false;
    dsh_param_mask missing = dsh_comp_info(k->type)->required & ~k->set;
    if (missing) {
        const char *name = missing & DSH_P_STREAM    ? "stream"
                           : missing & DSH_P_PORT    ? "port"
                           : missing & DSH_P_BIQUADS ? "biquads"
                           : missing & DSH_P_TAPS    ? "taps' or 'taps_file"
                                                     : "out_rate";
        y_error(y, n, "%s: missing required key '%s'", w, name);
        return false;
    }
    if (k->type == DSH_COMP_HOST || k->type == DSH_COMP_DAI) {
        bool host = k->type == DSH_COMP_HOST;
        const char *ref = host ? k->p.stream : k->p.port;
        yaml_node_t *rn = y_get(y, n, host ? "stream" : "port", NULL);
        snprintf(w, sizeof w, "%s.%s", what, host ? "stream" : "port");
        int e = dsh_case_find_endpoint(c, ref);
        if (e < 0 ||
            c->endpoints[e].kind != (host ? DSH_EP_STREAM : DSH_EP_PORT)) {
            y_error(y, rn, "%s: no %s named '%s' (define it under %s:)", w,
                    host ? "stream" : "port", ref, host ? "streams" : "ports");
            return false;
        }
        if (c->endpoints[e].component >= 0) {
            y_error(y, rn, "%s: %s '%s' is already used by '%s'", w,
                    host ? "stream" : "port", ref,
                    c->comps[c->endpoints[e].component].id);
            return false;
        }
        c->endpoints[e].component = (int)c->n_comps;
        k->endpoint = e;
    }
    c->n_comps++;
    return true;
}

static int lookup_conn_end(yctx *y, dsh_case *c, const yaml_node_t *n,
                           const char *what)
{
    char id[DSH_ID_MAX];
    if (!y_ident(y, n, what, id, sizeof id))
        return -1;
    return dsh_case_lookup_component(y, c, n, what, id);
}

static bool parse_connect(yctx *y, dsh_case *c, unsigned pipe,
                          const yaml_node_t *n, const char *what)
{
    if (!y_expect_seq(y, n, what))
        return false;
    bool ok = true;
    for (yaml_node_item_t *it = n->data.sequence.items.start;
         it < n->data.sequence.items.top; it++) {
        char w[200];
        snprintf(w, sizeof w, "%s[%u]", what,
                 (unsigned)(it - n->data.sequence.items.start));
        yaml_node_t *e = y_node(y, *it);
        if (!y_is_seq(e) ||
            e->data.sequence.items.top - e->data.sequence.items.start != 2) {
            char d[64];
            y_error(y, e, "%s: expected a pair [from, to], got %s", w,
                    y_describe(e, d, sizeof d));
            ok = false;
            continue;
        }
        int from = lookup_conn_end(
            y, c, y_node(y, e->data.sequence.items.start[0]), w);
        int to = lookup_conn_end(y, c,
                                 y_node(y, e->data.sequence.items.start[1]), w);
        if (from < 0 || to < 0) {
            ok = false;
            continue;
        }
        if (from == to) {
            y_error(y, e, "%s: '%s' is connected to itself", w,
                    c->comps[from].id);
            ok = false;
            continue;
        }
        bool dup = false;
        for (unsigned i = 0; i < c->n_conns; i++)
            if (c->conns[i].from == (unsigned)from &&
                c->conns[i].to == (unsigned)to)
                dup = true;
        if (dup) {
            y_error(y, e, "%s: '%s' -> '%s' is connected twice", w,
                    c->comps[from].id, c->comps[to].id);
            ok = false;
            continue;
        }
        if (c->n_conns >= DSH_MAX_CONNECTIONS) {
            y_error(y, e, "%s: too many connections (at most %d)", w,
                    DSH_MAX_CONNECTIONS);
            return false;
        }
        dsh_connection *cn = &c->conns[c->n_conns++];
        cn->from = (unsigned)from;
        cn->to = (unsigned)to;
        cn->pipeline = pipe;
        cn->mark = y_mark(e);
    }
    return ok;
}

static bool parse_pipelines(yctx *y, dsh_case *c, const yaml_node_t *n)
{
    static const char *const keys[] = { "id",   "period_us",  "priority",
                                        "core", "components", "connect",
                                        NULL };
    if (!y_expect_seq(y, n, "pipelines"))
        return false;
    unsigned count = (unsigned)(n->data.sequence.items.top -
                                n->data.sequence.items.start);
    if (!count || count > DSH_MAX_PIPELINES) {
        y_error(y, n, "pipelines: %u pipelines; between 1 and %d are allowed",
                count, DSH_MAX_PIPELINES);
        return false;
    }
    bool ok = true;
    yaml_node_t *connects[DSH_MAX_PIPELINES] = { 0 };
    for (unsigned i = 0; i < count; i++) {
        yaml_node_t *pn = y_node(y, n->data.sequence.items.start[i]);
        char what[64], w[128];
        snprintf(what, sizeof what, "pipelines[%u]", i);
        if (!y_check_map(y, pn, what, keys)) {
            ok = false;
            continue;
        }
        dsh_pipeline *p = &c->pipelines[c->n_pipelines];
        memset(p, 0, sizeof *p);
        p->mark = y_mark(pn);
        int64_t v;
        yaml_node_t *idn = y_require(y, pn, "id", what);
        snprintf(w, sizeof w, "%s.id", what);
        if (!idn || !y_int(y, idn, w, 1, 255, &v)) {
            ok = false;
            continue;
        }
        p->id = (unsigned)v;
        for (unsigned j = 0; j < c->n_pipelines; j++)
            if (c->pipelines[j].id == p->id) {
                y_error(y, idn,
                        "%s: duplicate pipeline id %u (first at "
                        "%u:%u)",
                        w, p->id, c->pipelines[j].mark.line,
                        c->pipelines[j].mark.col);
                ok = false;
            }
        yaml_node_t *v2 = y_require(y, pn, "period_us", what);
        snprintf(w, sizeof w, "%s.period_us", what);
        if (!v2 || !y_int(y, v2, w, 100, 1000000, &v))
            ok = false;
        else
            p->period_us = (unsigned)v;
        if ((v2 = y_get(y, pn, "priority", NULL))) {
            snprintf(w, sizeof w, "%s.priority", what);
            if (y_int(y, v2, w, 0, 15, &v))
                p->priority = (unsigned)v;
            else
                ok = false;
        }
        if ((v2 = y_get(y, pn, "core", NULL))) {
            unsigned cores = dsh_case_board_cores(&c->board);
            snprintf(w, sizeof w, "%s.core", what);
            if (!y_int(y, v2, w, 0, 3, &v)) {
                ok = false;
            } else if ((unsigned)v >= cores) {
                y_error(y, v2,
                        "%s: core %u, but the board has %u core%s (0..%u): "
                        "set board: {cores: N} or a board file with "
                        "cores: N",
                        w, (unsigned)v, cores, cores == 1 ? "" : "s",
                        cores - 1);
                ok = false;
            } else {
                p->core = (unsigned)v;
                p->core_mark = y_mark(v2);
            }
        }
        unsigned pipe = c->n_pipelines++;
        yaml_node_t *cs = y_require(y, pn, "components", what);
        snprintf(w, sizeof w, "%s.components", what);
        if (!cs || !y_expect_seq(y, cs, w)) {
            ok = false;
            continue;
        }
        if (cs->data.sequence.items.top == cs->data.sequence.items.start) {
            y_error(y, cs, "%s: a pipeline needs at least one component", w);
            ok = false;
        }
        for (yaml_node_item_t *it = cs->data.sequence.items.start;
             it < cs->data.sequence.items.top; it++) {
            char wc[160];
            snprintf(wc, sizeof wc, "%s[%u]", w,
                     (unsigned)(it - cs->data.sequence.items.start));
            if (!parse_component(y, c, pipe, y_node(y, *it), wc))
                ok = false;
        }
        connects[pipe] = y_get(y, pn, "connect", NULL);
    }
    /* Connections may name components of any pipeline: parse them once
     * every component is known. */
    for (unsigned i = 0; i < c->n_pipelines; i++) {
        char w[64];
        snprintf(w, sizeof w, "pipelines[%u].connect", i);
        if (connects[i] && !parse_connect(y, c, i, connects[i], w))
            ok = false;
    }
    return ok;
}

static int cmp_control(const void *a, const void *b)
{
    const dsh_control *x = a, *y = b;
    if (x->at_ms != y->at_ms)
        return x->at_ms < y->at_ms ? -1 : 1;
    /* stable: by position in the file */
    if (x->mark.line != y->mark.line)
        return x->mark.line < y->mark.line ? -1 : 1;
    return x->mark.col < y->mark.col ? -1 : x->mark.col > y->mark.col;
}

static bool parse_controls(yctx *y, dsh_case *c, const yaml_node_t *n)
{
    static const char *const keys[] = { "at_ms", "component", "set",
                                        "expect_error", NULL };
    if (!y_expect_seq(y, n, "controls"))
        return false;
    bool ok = true;
    for (yaml_node_item_t *it = n->data.sequence.items.start;
         it < n->data.sequence.items.top; it++) {
        char what[64], w[128];
        snprintf(what, sizeof what, "controls[%u]",
                 (unsigned)(it - n->data.sequence.items.start));
        yaml_node_t *cn = y_node(y, *it);
        if (!y_check_map(y, cn, what, keys)) {
            ok = false;
            continue;
        }
        if (c->n_controls >= DSH_MAX_CONTROLS) {
            y_error(y, cn, "%s: too many controls (at most %d)", what,
                    DSH_MAX_CONTROLS);
            return false;
        }
        dsh_control *ctl = &c->controls[c->n_controls];
        memset(ctl, 0, sizeof *ctl);
        ctl->mark = y_mark(cn);
        yaml_node_t *at = y_require(y, cn, "at_ms", what);
        yaml_node_t *comp = y_require(y, cn, "component", what);
        yaml_node_t *set = y_require(y, cn, "set", what);
        if (!at || !comp || !set) {
            ok = false;
            continue;
        }
        snprintf(w, sizeof w, "%s.at_ms", what);
        bool good = y_number(y, at, w, 0, 86400000.0, &ctl->at_ms);
        if (good && !c->until_input_ends && ctl->at_ms >= c->duration_ms) {
            y_error(y, at,
                    "%s: %g ms is not before the end of the run "
                    "(duration_ms %g)",
                    w, ctl->at_ms, c->duration_ms);
            good = false;
        }
        char id[DSH_ID_MAX];
        snprintf(w, sizeof w, "%s.component", what);
        int k = -1;
        if (y_ident(y, comp, w, id, sizeof id)) {
            k = dsh_case_lookup_component(y, c, comp, w, id);
        }
        if (k < 0) {
            ok = false;
            continue;
        }
        ctl->component = (unsigned)k;
        ctl->p = c->comps[k].p;
        snprintf(w, sizeof w, "%s.set", what);
        if (!dsh_comp_parse_params(y, c->comps[k].type, set, w, true, c->dir,
                                   &ctl->p, &ctl->set))
            good = false;
        else if (!ctl->set) {
            y_error(y, set, "%s: sets nothing", w);
            good = false;
        } else if ((ctl->set & DSH_P_GAINS_DB) &&
                   ctl->p.n_gains != c->comps[k].n_in) {
            y_error(y, set,
                    "%s: gains_db has %u values but mixer '%s' has "
                    "%u inputs",
                    w, ctl->p.n_gains, c->comps[k].id, c->comps[k].n_in);
            good = false;
        }
        yaml_node_t *ee = y_get(y, cn, "expect_error", NULL);
        snprintf(w, sizeof w, "%s.expect_error", what);
        if (ee && !y_bool(y, ee, w, &ctl->expect_error))
            good = false;
        if (good)
            c->n_controls++;
        else
            ok = false;
    }
    qsort(c->controls, c->n_controls, sizeof c->controls[0], cmp_control);
    return ok;
}

static bool parse_duration(yctx *y, dsh_case *c, const yaml_node_t *root)
{
    yaml_node_t *kn;
    yaml_node_t *n = y_get(y, root, "duration_ms", &kn);
    bool has_input = false;
    for (unsigned i = 0; i < c->n_endpoints; i++)
        if (c->endpoints[i].dir == DSH_EP_INPUT)
            has_input = true;
    if (n && y_is_scalar(n) && !strcmp(y_text(n), "until_input_ends")) {
        if (!has_input) {
            y_error(y, n,
                    "duration_ms: until_input_ends needs an input "
                    "stream or port");
            return false;
        }
        c->until_input_ends = true;
        return true;
    }
    if (n) {
        if (y_is_scalar(n) && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
            !y_is_null(n) && (y_text(n)[0] < '0' || y_text(n)[0] > '9') &&
            y_text(n)[0] != '-' && y_text(n)[0] != '+' && y_text(n)[0] != '.') {
            y_error(y, n,
                    "duration_ms: expected a number of milliseconds "
                    "or until_input_ends, got '%s'",
                    y_text(n));
            return false;
        }
        return y_number(y, n, "duration_ms", 1, 86400000.0, &c->duration_ms);
    }
    if (!has_input) {
        y_error(y, root,
                "missing required key 'duration_ms' (no input "
                "stream or port can end the run)");
        return false;
    }
    c->until_input_ends = true;
    return true;
}

/* firmware: an ELF32 little-endian Xtensa (EM_XTENSA 94) executable,
 * checked at load so that `dspsim test` refuses (exit 2) an image that
 * cannot be loaded instead of erroring every case that names it. */
static bool firmware_is_xtensa_elf(yctx *y, const yaml_node_t *n,
                                   const char *path)
{
    unsigned char h[20];
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(h, 1, sizeof h, f) : 0;
    if (f)
        fclose(f);
    if (got < sizeof h || memcmp(h, "\177ELF", 4) != 0) {
        y_error(y, n, "firmware: '%s' is not an ELF file", path);
        return false;
    }
    if (h[4] != 1 || h[5] != 1 || h[18] != 94 || h[19] != 0 || h[16] != 2 ||
        h[17] != 0) {
        y_error(y, n,
                "firmware: '%s' is not a 32-bit little-endian Xtensa "
                "executable",
                path);
        return false;
    }
    return true;
}

static void parse_document(yctx *y, dsh_case *c, yaml_node_t *root)
{
    if (!y_check_map(y, root, "case", top_keys))
        return;
    yaml_node_t *v;
    if ((v = y_require(y, root, "name", "case")))
        y_string(y, v, "name", c->name, sizeof c->name);
    if ((v = y_get(y, root, "description", NULL)))
        y_string(y, v, "description", c->description, sizeof c->description);
    if ((v = y_get(y, root, "board", NULL)))
        dsh_parse_board(y, c, v);
    if ((v = y_get(y, root, "firmware", NULL))) {
        char rel[DSH_PATH_MAX];
        if (y_string(y, v, "firmware", rel, sizeof rel))
            if (dsh_resolve_input(y, v, "firmware", c->dir, rel, c->firmware,
                                  sizeof c->firmware))
                firmware_is_xtensa_elf(y, v, c->firmware);
    }
    if ((v = y_get(y, root, "streams", NULL)))
        dsh_parse_endpoints(y, c, v, DSH_EP_STREAM);
    if ((v = y_get(y, root, "ports", NULL)))
        dsh_parse_endpoints(y, c, v, DSH_EP_PORT);
    unsigned before = y->diag->count;
    if ((v = y_require(y, root, "pipelines", "case")))
        parse_pipelines(y, c, v);
    /* Graph checks only make sense over a completely parsed graph. */
    if (y->diag->count == before && v)
        dsh_check_graph(y, c);
    if (y->diag->count == before && v)
        dsh_check_audio_clock(y, c);
    bool duration_ok = parse_duration(y, c, root);
    if ((v = y_get(y, root, "controls", NULL)) && duration_ok &&
        y->diag->count == before)
        parse_controls(y, c, v);
    if ((v = y_get(y, root, "rebuild_every_ms", NULL)) && duration_ok &&
        y_number(y, v, "rebuild_every_ms", 10, 86400000.0,
                 &c->rebuild_every_ms)) {
        if (c->until_input_ends || c->rebuild_every_ms >= c->duration_ms) {
            y_error(y, v,
                    "rebuild_every_ms: %g ms needs a fixed duration_ms "
                    "longer than it",
                    c->rebuild_every_ms);
            c->rebuild_every_ms = 0;
        }
    }
    if ((v = y_get(y, root, "faults", NULL)) && duration_ok &&
        y->diag->count == before)
        dsh_parse_faults(y, c, v);
    if ((v = y_get(y, root, "on_xrun", NULL))) {
        static const char *const policies[] = { "restart", "stop", NULL };
        int pol;
        if (y_enum(y, v, "on_xrun", policies, &pol))
            c->on_xrun = pol ? DSH_XRUN_STOP : DSH_XRUN_RESTART;
    }
    c->end = c->until_input_ends ? DSH_END_DRAIN : DSH_END_STOP;
    if ((v = y_get(y, root, "end", NULL))) {
        static const char *const ends[] = { "stop", "drain", NULL };
        int m;
        if (y_enum(y, v, "end", ends, &m))
            c->end = m ? DSH_END_DRAIN : DSH_END_STOP;
    }
    if ((v = y_get(y, root, "align_outputs", NULL)))
        y_bool(y, v, "align_outputs", &c->align_outputs);
    if ((v = y_get(y, root, "expect", NULL)))
        dsh_parse_expect(y, c, v);
}

dsh_case *dsh_case_parse(const char *path, const char *text, size_t len,
                         dsh_diag *diag)
{
    dsh_case *c = calloc(1, sizeof *c);
    if (!c) {
        dsh_diag_add(diag, path, (dsh_mark){ 0, 0 }, "out of memory");
        return NULL;
    }
    snprintf(c->path, sizeof c->path, "%s", path);
    dsh_dirname(path, c->dir, sizeof c->dir);
    unsigned before = diag->count;

    yaml_parser_t parser;
    yaml_document_t doc;
    ds_yaml_problem yp;
    if (!ds_yaml_guard(text, len, &case_yaml_limits, &yp)) {
        dsh_diag_add(diag, path, (dsh_mark){ yp.line, yp.col }, "%s", yp.msg);
        free(c);
        return NULL;
    }
    if (!yaml_parser_initialize(&parser)) {
        dsh_diag_add(diag, path, (dsh_mark){ 0, 0 }, "out of memory");
        free(c);
        return NULL;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &doc)) {
        dsh_mark m = { (unsigned)parser.problem_mark.line + 1,
                       (unsigned)parser.problem_mark.column + 1 };
        dsh_diag_add(diag, path, m, "YAML syntax error: %s%s%s",
                     parser.problem ? parser.problem : "unknown problem",
                     parser.context ? " " : "",
                     parser.context ? parser.context : "");
        yaml_parser_delete(&parser);
        free(c);
        return NULL;
    }
    yctx y = { &doc, c->path, diag };
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (!root) {
        dsh_diag_add(diag, path, (dsh_mark){ 1, 1 },
                     "the file is empty "
                     "(expected a mapping with name: and pipelines:)");
    } else {
        yaml_document_t doc2;
        if (yaml_parser_load(&parser, &doc2)) {
            yaml_node_t *r2 = yaml_document_get_root_node(&doc2);
            if (r2)
                y_error(&y, r2,
                        "a case file holds one YAML document; "
                        "found another");
            yaml_document_delete(&doc2);
        } else {
            dsh_mark m = { (unsigned)parser.problem_mark.line + 1,
                           (unsigned)parser.problem_mark.column + 1 };
            dsh_diag_add(diag, path, m, "YAML syntax error: %s",
                         parser.problem ? parser.problem : "unknown problem");
        }
        if (diag->count == before)
            parse_document(&y, c, root);
    }
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    if (diag->count != before) {
        free(c);
        return NULL;
    }
    return c;
}

dsh_case *dsh_case_load(const char *path, dsh_diag *diag)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        dsh_diag_add(diag, path, (dsh_mark){ 0, 0 }, "cannot open: %s",
                     strerror(errno));
        return NULL;
    }
    char *buf = malloc(MAX_CASE_BYTES + 1);
    size_t n = buf ? fread(buf, 1, MAX_CASE_BYTES + 1, f) : 0;
    bool err = !buf || ferror(f);
    fclose(f);
    if (err || n > MAX_CASE_BYTES) {
        dsh_diag_add(diag, path, (dsh_mark){ 0, 0 }, "%s",
                     !buf                 ? "out of memory"
                     : n > MAX_CASE_BYTES ? "file too large (over 4 MiB)"
                                          : "read error");
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    dsh_case *c = dsh_case_parse(path, buf, n, diag);
    free(buf);
    return c;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: the data of the HTML report's plots (docs/harness.md
 * "HTML report"), recorded while the case runs and written after its
 * checks to OUT_DIR/plotdata.json (DSH_PLOTDATA_FILE), or for a worker of
 * `dspsim test` into memory (dsh_exec_env.plot_text: the runner gets it
 * behind the result), which the HTML report's page holds as it is; the
 * text starts with its index (the
 * member "index", plotdata/plot_index.h), which the report's runner
 * reads alone.  It only looks: the run, its figures and its
 * files are the same with or without it.
 *
 * plotdata.json (version 1; times in s from the first START, levels in
 * dBFS, loads in % of the period; NaN is null):
 *   { "index": { ... }, "version": 1, "cpu_hz": H, "audio_seconds": S,
 *     "outputs": [ { "name", "rate", "channels", "format", "file",
 *                    "reference" (path, when compared), "diff_file",
 *                    "skip_s",
 *                    "spectrum": { "window", "fft_len", "freq_hz": [],
 *                                  "out_dbfs": [], "ref_dbfs": [] },
 *                    "level": { "block_s", "t_s": [], "out_dbfs": [],
 *                               "ref_dbfs": [], "diff_dbfs": [],
 *                               "diff_lsb": [] },
 *                    "freq_response": { "freq_hz": [], "mag_db": [],
 *                                       "mask": [[f, lo, hi], ...] } } ],
 *     "src": [ { "component", "rate_in", "rate_out", "quality", "stages",
 *                "freq_hz": [], "mag_db": [], "pass_hz", "stop_hz",
 *                "ripple_min_db", "ripple_max_db", "stopband_db",
 *                "mask": { "ripple_db", "stopband_db" } } ],
 *     "pipelines": [ { "id", "period_us", "period_cycles", "jobs",
 *                      "jobs_per_point", "t_s": [], "load_pct": [] } ],
 *     "events": [ { "t_s", "kind", "text" } ],
 *     "log_excerpt": { "t_s", "cycle", "what",      (a failed case with
 *                      "lines": [ { "t_s", "track", "name", "detail" } ] },
 *                                                    a problem event)
 *     "event_counts": { KIND: N, ... },
 *     "files": { "firmware_log", "timeline", "profile" } }
 * Every key under an output but name, rate, channels, format and file is
 * there only when it could be measured.  Paths are relative to the
 * output directory (the file itself when it does not exist), so the data
 * of the same run made in two places is the same. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "audio/freq_response.h"
#include "audio/metrics.h"
#include "driver/timeline.h"
#include "exec/exec_internal.h"
#include "htmlreport/html_text.h"
#include "plotdata/audio_curves.h"
#include "plotdata/load_series.h"
#include "plotdata/plot_index.h"
#include "plotdata/plot_json.h"
#include "plotdata/src_response.h"
#include "src.h"
#include "textout/json_out.h"
#include "textout/out_file.h"

#define MAX_POINTS         1000 /* of a curve (a plot is 760 pixels wide) */
#define SRC_POINTS         400  /* of an SRC response (linear axis) */
/* The SRC mask: the limits of the SRC quality tests (docs/components.md
 * "SRC", after SOF's): passband ripple within +-0.1 dB up to 0.45 F,
 * aliases and images at most -60 dB from 0.5 F */
#define SRC_MASK_RIPPLE_DB 0.1
#define SRC_MASK_STOP_DB   (-60.0)

struct xp_plotrec {
    dsh_load_series *series[DSH_DRV_MAX_TASKS];
    unsigned nseries;
    dsh_event_log events;
    /* the freq_response checks' measured responses, by endpoint (bins 0:
     * none) */
    dsh_freq_response resp[DSH_MAX_ENDPOINTS];
};

void xp_plot_keep_response(xp_run *r, unsigned ep, dsh_freq_response *fr)
{
    if (!r->plot || ep >= DSH_MAX_ENDPOINTS || r->plot->resp[ep].bins)
        return;
    r->plot->resp[ep] = *fr;
    memset(fr, 0, sizeof *fr);
}

bool xp_plot_begin(xp_run *r)
{
    r->plot = calloc(1, sizeof *r->plot);
    return r->plot != NULL;
}

static void on_job(void *user, uint32_t task, uint64_t release, uint64_t done,
                   uint64_t cpu_cycles)
{
    xp_run *r = user;
    struct xp_plotrec *p = r->plot;
    (void)done;
    if (r->replaying) /* reverse execution going over history again */
        return;
    for (unsigned i = 0; i < p->nseries; i++)
        if (p->series[i]->task == task) {
            dsh_load_series_add(p->series[i], release, cpu_cycles);
            return;
        }
    if (p->nseries == DSH_DRV_MAX_TASKS)
        return;
    dsh_load_series *s = malloc(sizeof *s);
    if (!s)
        return;
    dsh_load_series_init(s, task);
    dsh_load_series_add(s, release, cpu_cycles);
    p->series[p->nseries++] = s;
}

static void on_miss(void *user, uint32_t task, uint64_t cycle)
{
    xp_run *r = user;
    if (r->replaying)
        return;
    for (unsigned i = 0; i < r->npipes; i++)
        if (r->pipes[i].task_id == task) {
            xp_plot_event(r, DSH_EV_MISS, cycle, "pipeline %u: deadline miss",
                          r->pipes[i].id);
            return;
        }
    xp_plot_event(r, DSH_EV_MISS, cycle, "task %u: deadline miss",
                  (unsigned)task);
}

void xp_plot_driver_hooks(xp_run *r, dsh_drv_opts *o)
{
    if (!r->plot)
        return;
    o->on_job = on_job;
    o->on_miss = on_miss;
}

void xp_plot_event(xp_run *r, dsh_event_kind k, uint64_t cycle, const char *fmt,
                   ...)
{
    if (!r->plot || r->replaying)
        return;
    char text[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    dsh_event_add(&r->plot->events, k, cycle, text);
}

/* ---- JSON ---- */

/* a curve (a non-finite number is null): one node, its text made now
 * (plotdata/plot_json.h) */
static json_t *nums(const double *v, size_t n)
{
    return dsh_plot_curve(v, n, DSH_PLOT_JSON_DIGITS);
}

/* o[key] = v (NULL v: out of memory, noted in *ok) */
static void put(json_t *o, const char *key, json_t *v, bool *ok)
{
    if (!v || json_object_set_new(o, key, v))
        *ok = false;
}

typedef struct out_src {
    const xp_ep *ep;
} out_src;

static bool out_reader(void *user, uint64_t first, uint64_t n, int32_t *dst,
                       char *err, size_t errsz)
{
    return xp_out_read(((const out_src *)user)->ep, first, n, dst, err, errsz);
}

static const dsh_audio_expect *expect_of(const dsh_case *c, unsigned ep)
{
    for (unsigned i = 0; i < c->n_audio; i++)
        if (c->audio[i].endpoint == ep)
            return &c->audio[i];
    return NULL;
}

/* The first channel of the kept output from frame skip, at most n frames,
 * as doubles; *got frames. */
static double *first_channel(const xp_ep *ep, uint64_t skip, size_t n,
                             size_t *got)
{
    enum { BLOCK = 4096 };
    int32_t buf[BLOCK];
    char err[256];
    unsigned ch = ep->e->channels;
    uint64_t avail = ep->out_frames > skip ? ep->out_frames - skip : 0;
    if (n > avail)
        n = (size_t)avail;
    double *x = malloc((n ? n : 1) * sizeof *x);
    *got = 0;
    if (!x)
        return NULL;
    uint64_t per = BLOCK / ch;
    while (*got < n) {
        uint64_t k = n - *got < per ? n - *got : per;
        if (!xp_out_read(ep, skip + *got, k, buf, err, sizeof err))
            break;
        for (uint64_t i = 0; i < k; i++)
            x[(*got)++] = dsh_q31_to_double(buf[i * ch]);
    }
    return x;
}

static json_t *spectrum_json(const xp_ep *ep, const dsh_audio *ref,
                             uint64_t skip)
{
    char err[256];
    size_t n = 0, len = 0;
    double *x = first_channel(ep, skip, 65536, &n);
    dsh_curve c = { 0 }, rc = { 0 };
    json_t *o = NULL;
    if (x && dsh_curve_spectrum(x, n, ep->e->rate, 65536, MAX_POINTS, &c, &len,
                                err, sizeof err)) {
        bool ok = true;
        o = json_object();
        if (!o)
            goto out;
        put(o, "window", json_string("Kaiser, beta 20 (as THD+N)"), &ok);
        put(o, "fft_len", json_integer((json_int_t)len), &ok);
        put(o, "freq_hz", nums(c.x, c.n), &ok);
        put(o, "out_dbfs", nums(c.y, c.n), &ok);
        if (ref && ref->frames > skip && ref->channels) {
            size_t m = ref->frames - skip < 65536 ? ref->frames - skip : 65536;
            double *y = malloc(m * sizeof *y);
            for (size_t i = 0; y && i < m; i++)
                y[i] = dsh_q31_to_double(
                    ref->samples[(skip + i) * ref->channels]);
            size_t rlen;
            if (y && dsh_curve_spectrum(y, m, ref->rate, 65536, MAX_POINTS, &rc,
                                        &rlen, err, sizeof err)) {
                put(o, "ref_freq_hz", nums(rc.x, rc.n), &ok);
                put(o, "ref_dbfs", nums(rc.y, rc.n), &ok);
            }
            free(y);
        }
        if (!ok) {
            json_decref(o);
            o = NULL;
        }
    }
out:
    free(x);
    dsh_curve_free(&c);
    dsh_curve_free(&rc);
    return o;
}

static json_t *level_json(const xp_ep *ep, const dsh_audio *ref)
{
    char err[256];
    dsh_level_curves lc;
    out_src src = { ep };
    if (!dsh_level_curves_make(out_reader, &src, ep->out_frames,
                               ep->e->channels, ep->e->rate, ep->e->format, ref,
                               MAX_POINTS, &lc, err, sizeof err))
        return NULL;
    bool ok = true;
    json_t *o = json_object();
    if (o) {
        put(o, "block_s", json_real((double)lc.block / ep->e->rate), &ok);
        put(o, "t_s", nums(lc.t_s, lc.n), &ok);
        put(o, "out_dbfs", nums(lc.out_dbfs, lc.n), &ok);
        if (lc.ref_dbfs) {
            put(o, "ref_dbfs", nums(lc.ref_dbfs, lc.n), &ok);
            put(o, "diff_dbfs", nums(lc.diff_dbfs, lc.n), &ok);
            put(o, "diff_lsb", nums(lc.diff_lsb, lc.n), &ok);
        }
        if (!ok) {
            json_decref(o);
            o = NULL;
        }
    }
    dsh_level_curves_free(&lc);
    return o;
}

/* The response as the freq_response check measured it (exec_expect.c:
 * first channel of both, from the skip; kept by xp_plot_keep_response),
 * decimated, and the mask. */
static json_t *response_json(const xp_run *r, unsigned i,
                             const dsh_audio_expect *x)
{
    const dsh_freq_response *fr = &r->plot->resp[i];
    if (!fr->bins)
        return NULL;
    double *f = malloc(fr->bins * sizeof *f);
    dsh_curve dc = { 0 };
    for (size_t k = 0; f && k < fr->bins; k++)
        f[k] = (double)k * fr->bin_hz;
    bool ok = f && dsh_curve_decimate_log(f, fr->mag_db, fr->bins, MAX_POINTS,
                                          true, &dc);
    json_t *o = ok ? json_object() : NULL;
    if (o) {
        put(o, "freq_hz", nums(dc.x, dc.n), &ok);
        put(o, "mag_db", nums(dc.y, dc.n), &ok);
        json_t *mask = json_array();
        for (unsigned k = 0; mask && k < x->freq_response.n; k++)
            json_array_append_new(
                mask, json_pack("[f, f, f]", x->freq_response.pts[k].freq_hz,
                                x->freq_response.pts[k].min_db,
                                x->freq_response.pts[k].max_db));
        put(o, "mask", mask, &ok);
        if (!ok) {
            json_decref(o);
            o = NULL;
        }
    }
    free(f);
    dsh_curve_free(&dc);
    return o;
}

/* A file's path relative to the output directory (so that the data
 * does not depend on where the run was made); path itself when it does
 * not exist (yet) */
static json_t *path_rel(const char *out_dir, const char *path)
{
    char rel[4096];
    if (!*dsh_html_link(out_dir, path, rel, sizeof rel))
        return dsh_json_text(path);
    return dsh_json_text(rel);
}

/* The file at path, relative to out_dir, when it exists; else null. */
static json_t *file_if(const char *out_dir, const char *path)
{
    struct stat st;
    return path && !stat(path, &st) ? path_rel(out_dir, path) : json_null();
}

static json_t *output_json(const xp_run *r, const dsh_exec_env *env, unsigned i)
{
    const xp_ep *ep = &r->eps[i];
    const dsh_audio_expect *x = expect_of(r->c, i);
    const char *dir = r->o->outputs_dir ? r->o->outputs_dir : env->out_dir;
    char path[DSH_PATH_MAX * 2 + 16], err[256];
    uint64_t skip = x ? (uint64_t)llround(x->skip_ms * ep->e->rate / 1000.0)
                      : 0;
    bool ok = true;
    json_t *o = json_object();
    if (!o)
        return NULL;
    put(o, "name", dsh_json_text(ep->e->name), &ok);
    put(o, "rate", json_integer(ep->e->rate), &ok);
    put(o, "channels", json_integer(ep->e->channels), &ok);
    put(o, "format", json_string(dsh_pcm_format_name(ep->e->format)), &ok);
    snprintf(path, sizeof path, "%s/%s", dir, ep->e->file);
    put(o, "file", path_rel(env->out_dir, path), &ok);
    put(o, "skip_s", json_real((double)skip / ep->e->rate), &ok);
    dsh_audio ref = { 0 };
    bool has_ref = x && x->has_reference &&
                   dsh_audio_read(x->reference, &ref, err, sizeof err) &&
                   ref.rate == ep->e->rate && ref.channels == ep->e->channels;
    /* no_dir_line: out_dir is a scratch directory removed after the run
     * (`dspsim play` without --artifacts): nothing there to link */
    bool scratch = r->o->no_dir_line;
    if (x && x->has_reference) {
        put(o, "reference", path_rel(env->out_dir, x->reference), &ok);
    }
    if (x && x->has_reference && !scratch) {
        snprintf(path, sizeof path, "%s/%s.diff.wav", env->out_dir,
                 ep->e->name);
        put(o, "diff_file", path_rel(env->out_dir, path), &ok);
    }
    json_t *v = spectrum_json(ep, has_ref ? &ref : NULL, skip);
    if (v)
        put(o, "spectrum", v, &ok);
    v = level_json(ep, has_ref ? &ref : NULL);
    if (v)
        put(o, "level", v, &ok);
    if (x && x->freq_response.on && (v = response_json(r, i, x)))
        put(o, "freq_response", v, &ok);
    dsh_audio_free(&ref);
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* The response of every SRC component of the case as the firmware's
 * tables make it (plotdata/src_response.h), from the rate it takes in
 * (its upstream component's) to its out_rate. */
static json_t *src_json(const xp_run *r)
{
    const dsh_case *c = r->c;
    json_t *a = json_array();
    for (unsigned i = 0; a && i < c->n_comps; i++) {
        const dsh_component *k = &c->comps[i];
        if (k->type != DSH_COMP_SRC)
            continue;
        int from = -1;
        for (unsigned j = 0; j < c->n_conns && from < 0; j++)
            if (c->conns[j].to == i)
                from = (int)c->conns[j].from;
        if (from < 0)
            continue;
        unsigned q = k->p.quality == DSH_QUALITY_HIGH ? SRC_QUALITY_HIGH
                                                      : SRC_QUALITY_DEFAULT;
        dsh_src_response sr;
        char err[256];
        if (!dsh_src_response_make(c->comps[from].rate, k->p.out_rate, q,
                                   SRC_POINTS, &sr, err, sizeof err))
            continue;
        bool ok = true;
        json_t *o = json_object();
        if (o) {
            put(o, "component", dsh_json_text(k->id), &ok);
            put(o, "rate_in", json_integer(c->comps[from].rate), &ok);
            put(o, "rate_out", json_integer(k->p.out_rate), &ok);
            put(o, "quality",
                json_string(q == SRC_QUALITY_HIGH ? "high" : "default"), &ok);
            put(o, "stages", json_integer(sr.stages), &ok);
            put(o, "freq_hz", nums(sr.freq_hz, sr.n), &ok);
            put(o, "mag_db", nums(sr.mag_db, sr.n), &ok);
            put(o, "pass_hz", json_real(sr.pass_hz), &ok);
            put(o, "stop_hz", json_real(sr.stop_hz), &ok);
            put(o, "ripple_min_db", json_real(sr.ripple_min_db), &ok);
            put(o, "ripple_max_db", json_real(sr.ripple_max_db), &ok);
            put(o, "stopband_db", json_real(sr.stopband_db), &ok);
            put(o, "mask",
                json_pack("{s:f, s:f}", "ripple_db", SRC_MASK_RIPPLE_DB,
                          "stopband_db", SRC_MASK_STOP_DB),
                &ok);
        }
        dsh_src_response_free(&sr);
        if (!o || !ok || json_array_append_new(a, o)) {
            json_decref(o);
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static double secs(const xp_run *r, uint64_t cycle, double hz)
{
    return hz > 0 ? ((double)cycle - (double)r->start_cycle) / hz : 0;
}

static json_t *pipelines_json(const xp_run *r, double hz)
{
    json_t *a = json_array();
    for (unsigned i = 0; a && i < r->npipes; i++) {
        const xp_pipe *p = &r->pipes[i];
        const dsh_load_series *s = NULL;
        for (unsigned k = 0; k < r->plot->nseries; k++)
            if (r->plot->series[k]->task == p->task_id)
                s = r->plot->series[k];
        bool ok = true;
        unsigned n = s ? s->n : 0;
        double *tv = malloc((n ? n : 1) * sizeof *tv);
        double *lv = malloc((n ? n : 1) * sizeof *lv);
        for (unsigned k = 0; tv && lv && k < n; k++) {
            tv[k] = secs(r, s->cycle[k], hz);
            lv[k] = p->period_cycles
                        ? 100.0 * (double)s->worst[k] / p->period_cycles
                        : NAN;
        }
        json_t *o = json_object();
        json_t *t = tv && lv ? nums(tv, n) : NULL;
        json_t *l = tv && lv ? nums(lv, n) : NULL;
        free(tv);
        free(lv);
        if (!o || !t || !l) {
            json_decref(o);
            json_decref(t);
            json_decref(l);
            json_decref(a);
            return NULL;
        }
        put(o, "id", json_integer(p->id), &ok);
        put(o, "period_us", json_integer(p->period_us), &ok);
        put(o, "period_cycles", json_integer(p->period_cycles), &ok);
        put(o, "jobs", json_integer(s ? (json_int_t)s->jobs : 0), &ok);
        put(o, "jobs_per_point", json_integer(s ? (json_int_t)s->per : 0), &ok);
        put(o, "t_s", t, &ok);
        put(o, "load_pct", l, &ok);
        if (!ok || json_array_append_new(a, o)) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static int by_cycle(const void *a, const void *b)
{
    const dsh_event *x = a, *y = b;
    if (x->cycle != y->cycle)
        return x->cycle < y->cycle ? -1 : 1;
    return (int)x->kind - (int)y->kind;
}

/* in time order */
static json_t *events_json(xp_run *r, double hz)
{
    qsort(r->plot->events.ev, r->plot->events.n, sizeof(dsh_event), by_cycle);
    json_t *a = json_array();
    const dsh_event_log *l = &r->plot->events;
    for (unsigned i = 0; a && i < l->n; i++) {
        json_t *e = json_object();
        bool ok = e != NULL;
        if (e) {
            put(e, "t_s", json_real(secs(r, l->ev[i].cycle, hz)), &ok);
            put(e, "kind", json_string(dsh_event_kind_name(l->ev[i].kind)),
                &ok);
            put(e, "text", dsh_json_text(l->ev[i].text), &ok);
        }
        if (!ok || json_array_append_new(a, e)) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

#define EXCERPT_BEFORE 30 /* timeline events at or before the failure */
#define EXCERPT_AFTER  12 /* and after it */

/* What the run recorded around the first sign of a failed case's trouble
 * (a panic, else the first fault, xrun, IPC error reply, deadline miss,
 * xrun restart: events in time order), from the timeline (the firmware's
 * markers, IPC, interrupts, DMA): NULL when the case passed, or has no
 * such event or no timeline. */
static json_t *excerpt_json(const xp_run *r, double hz)
{
    static const dsh_event_kind order[] = { DSH_EV_PANIC, DSH_EV_FAULT,
                                            DSH_EV_XRUN,  DSH_EV_IPC_ERROR,
                                            DSH_EV_MISS,  DSH_EV_RESTART };
    if ((r->status != DSH_RES_FAIL && r->status != DSH_RES_ERROR) || !r->tl)
        return NULL;
    const dsh_event_log *l = &r->plot->events;
    const dsh_event *at = NULL;
    for (size_t k = 0; !at && k < sizeof order / sizeof order[0]; k++)
        for (unsigned i = 0; !at && i < l->n; i++)
            if (l->ev[i].kind == order[k])
                at = &l->ev[i];
    if (!at)
        return NULL;
    dsh_timeline_line lines[EXCERPT_BEFORE + EXCERPT_AFTER];
    size_t n = dsh_timeline_around(r->tl, at->cycle, EXCERPT_BEFORE,
                                   EXCERPT_AFTER, lines);
    bool ok = true;
    json_t *o = json_object(), *a = json_array();
    if (!o || !a) {
        json_decref(o);
        json_decref(a);
        return NULL;
    }
    char what[160];
    snprintf(what, sizeof what, "first %s: %s", dsh_event_kind_name(at->kind),
             at->text);
    put(o, "t_s", json_real(secs(r, at->cycle, hz)), &ok);
    put(o, "cycle", json_integer((json_int_t)at->cycle), &ok);
    put(o, "what", dsh_json_text(what), &ok);
    for (size_t i = 0; i < n; i++) {
        json_t *e = json_object();
        if (!e) {
            ok = false;
            break;
        }
        put(e, "t_s", json_real(secs(r, lines[i].begin, hz)), &ok);
        put(e, "track", dsh_json_text(lines[i].track), &ok);
        put(e, "name", dsh_json_text(lines[i].name), &ok);
        put(e, "detail",
            lines[i].detail ? dsh_json_text(lines[i].detail) : json_null(),
            &ok);
        if (json_array_append_new(a, e))
            ok = false;
    }
    put(o, "lines", a, &ok);
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* root as DIR/NAME, compact, its reals with DSH_PLOT_JSON_DIGITS
 * significant digits (the plots need no more; plotdata/plot_json.h) */
static bool write_json(const json_t *root, const char *dir, const char *name,
                       char *err, size_t errsz)
{
    char path[DSH_PATH_MAX * 2 + 32];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    dsh_out_file f;
    if (!dsh_out_open(&f, path, err, errsz))
        return false;
    bool ok = dsh_plot_json_write(root, DSH_PLOT_JSON_DIGITS, f.f);
    return dsh_out_close(&f, ok, err, errsz);
}

static bool write_data(xp_run *r, const dsh_exec_env *env, char *err,
                       size_t errsz)
{
    double hz = r->drv ? dsh_drv_cpu_hz(r->drv) : 0;
    char path[DSH_PATH_MAX * 2 + 32];
    bool ok = true;
    /* faults and a panic come from what the run recorded anyway */
    for (uint64_t i = 0; i < r->nfired && i < XP_MAX_FIRED; i++)
        xp_plot_event(r, DSH_EV_FAULT, r->fired[i].cycle, "fault %s: %s",
                      r->fired[i].kind, r->fired[i].detail);
    if (r->panic_seen && r->drv)
        xp_plot_event(r, DSH_EV_PANIC, dsh_drv_cycles(r->drv), "panic");
    json_t *root = json_object(), *outs = json_array();
    if (!root || !outs) {
        json_decref(root);
        json_decref(outs);
        snprintf(err, errsz, "plot data: out of memory");
        return false;
    }
    put(root, "version", json_integer(1), &ok);
    put(root, "cpu_hz", json_real(hz), &ok);
    put(root, "audio_seconds",
        json_real(hz > 0 && r->stream_end_cycle > r->start_cycle
                      ? (double)(r->stream_end_cycle - r->start_cycle) / hz
                      : 0),
        &ok);
    bool outputs = r->drv && r->start_cycle &&
                   (r->status == DSH_RES_PASS || r->status == DSH_RES_FAIL);
    for (unsigned i = 0; outputs && i < r->c->n_endpoints; i++) {
        if (r->eps[i].e->dir != DSH_EP_OUTPUT || r->eps[i].spool_failed)
            continue;
        json_t *o = output_json(r, env, i);
        if (o)
            json_array_append_new(outs, o);
    }
    put(root, "outputs", outs, &ok);
    put(root, "src", src_json(r), &ok);
    put(root, "pipelines", pipelines_json(r, hz), &ok);
    put(root, "events", events_json(r, hz), &ok);
    json_t *ex = excerpt_json(r, hz);
    if (ex)
        put(root, "log_excerpt", ex, &ok);
    json_t *counts = json_object();
    for (int k = 0; counts && k < DSH_EV_KINDS; k++)
        json_object_set_new(counts, dsh_event_kind_name(k),
                            json_integer((json_int_t)r->plot->events.count[k]));
    put(root, "event_counts", counts, &ok);
    json_t *files = json_object();
    if (files) {
        snprintf(path, sizeof path, "%s/firmware.log", env->out_dir);
        json_object_set_new(files, "firmware_log",
                            r->o->no_dir_line ? json_null()
                                              : file_if(env->out_dir, path));
        if (r->o->timeline_path)
            snprintf(path, sizeof path, "%s", r->o->timeline_path);
        else
            snprintf(path, sizeof path, "%s/timeline.json", env->out_dir);
        json_object_set_new(files, "timeline", file_if(env->out_dir, path));
        json_object_set_new(files, "profile",
                            file_if(env->out_dir, r->o->profile_path));
    }
    put(root, "files", files, &ok);
    if (!ok) {
        json_decref(root);
        snprintf(err, errsz, "plot data: out of memory");
        return false;
    }
    /* its index first: what the report's runner reads */
    json_t *data = dsh_plot_data_indexed(root);
    json_decref(root);
    if (!data) {
        snprintf(err, errsz, "plot data: out of memory");
        return false;
    }
    if (env->plot_text) {
        /* for the runner, through the worker's pipe (run_pool.c) */
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        ok = f && dsh_plot_json_write(data, DSH_PLOT_JSON_DIGITS, f);
        ok = (f && fclose(f) == 0) && ok;
        if (ok) {
            *env->plot_text = buf;
            *env->plot_len = len;
        } else {
            free(buf);
            snprintf(err, errsz, "plot data: out of memory");
        }
    } else {
        ok = write_json(data, env->out_dir, DSH_PLOTDATA_FILE, err, errsz);
    }
    json_decref(data);
    return ok;
}

void xp_plot_finish(xp_run *r, const dsh_exec_env *env)
{
    if (!r->plot)
        return;
    char err[512];
    if (r->status != DSH_RES_SKIP && !write_data(r, env, err, sizeof err))
        xp_log(r, "HTML report data: %s", err);
    for (unsigned i = 0; i < r->plot->nseries; i++)
        free(r->plot->series[i]);
    for (unsigned i = 0; i < DSH_MAX_ENDPOINTS; i++)
        dsh_freq_response_free(&r->plot->resp[i]);
    free(r->plot);
    r->plot = NULL;
}

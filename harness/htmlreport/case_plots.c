/* SPDX-License-Identifier: BSD-3-Clause */
/* The plots of a case page as specifications for plots.js (case_plots.h). */
#define _GNU_SOURCE
#include "case_plots.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_text.h"
#include "textout/json_out.h"

#define FAIL_RGB       "#c00000"
#define PASS_RGB       "#206020"
#define OUT_RGB        "#1f5fa8"
#define REF_RGB        "#e07000"
#define DSH_FLOOR_PLOT (-200.0) /* silence in the plot data (audio_curves.h) */
/* a series' line (plots.js) */
#define SOLID          0
#define DASH           1
#define DOTS           3

const char *dsh_check_label(const dsh_check_figure *c, char *buf, size_t n)
{
    char v[48], lo[48], hi[48];
    dsh_html_figure(c->value, v, sizeof v);
    dsh_html_figure(c->min, lo, sizeof lo);
    dsh_html_figure(c->max, hi, sizeof hi);
    const char *unit = !strcmp(c->unit, "count") ? "" : c->unit;
    if (c->has_min && c->has_max)
        snprintf(buf, n, "%s = %s%s%s (min %s, max %s): %s", c->check, v,
                 *unit ? " " : "", unit, lo, hi, c->passed ? "pass" : "FAIL");
    else if (c->has_min || c->has_max)
        snprintf(buf, n, "%s = %s%s%s (%s %s): %s", c->check, v,
                 *unit ? " " : "", unit, c->has_min ? "min" : "max",
                 c->has_min ? lo : hi, c->passed ? "pass" : "FAIL");
    else
        snprintf(buf, n, "%s = %s%s%s", c->check, v, *unit ? " " : "", unit);
    return buf;
}

/* ---- plot data: its index (plotdata/plot_index.h) ---- */

/* a curve's summary: its length, first and last value, its first value
 * above 0, its range (lo, hi) and its range above DSH_PLOT_INDEX_FLOOR
 * (dlo, dhi: levels, silence left out) */
typedef struct series {
    size_t n;
    double x0, x1, pos0, lo, hi, dlo, dhi;
    bool any, dany;
} series;

static double get_num(const json_t *o, const char *key, double def)
{
    const json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : def;
}

static series arr(const json_t *o, const char *key)
{
    const json_t *a = json_object_get(o, key);
    series s = { .n = (size_t)json_integer_value(json_object_get(a, "n")) };
    s.x0 = get_num(a, "x0", NAN);
    s.x1 = get_num(a, "x1", NAN);
    s.pos0 = get_num(a, "pos0", NAN);
    s.lo = get_num(a, "lo", NAN);
    s.hi = get_num(a, "hi", NAN);
    s.dlo = get_num(a, "dlo", NAN);
    s.dhi = get_num(a, "dhi", NAN);
    s.any = s.lo == s.lo;
    s.dany = s.dlo == s.dlo;
    return s;
}

/* the range of the curve's numbers into lo, hi; levels: above the floor
 * (silence left out).  false when there are none */
static bool range(const series *s, bool levels, double *lo, double *hi)
{
    if (levels ? !s->dany : !s->any)
        return false;
    *lo = levels ? s->dlo : s->lo;
    *hi = levels ? s->dhi : s->hi;
    return true;
}

static bool has_points(const series *y)
{
    return y->any;
}

/* ---- writing a plot's specification ---- */

static void plot_id_of(const dsh_check_figure *c, long long first_pipe,
                       char *id, size_t n);

typedef struct builder {
    dsh_case_plots *ps;
    const dsh_case_result *res;
    long long first_pipe; /* the first pipeline's id, -1 = none */
    bool oom;
    /* the plot being written: its specification and caption */
    FILE *s, *c;
    char *sbuf, *cbuf;
    size_t slen, clen;
    unsigned nser;
} builder;

static void file_put(void *f, const char *s, size_t n)
{
    fwrite(s, 1, n, f);
}

/* s as a JSON string */
static void jstr(FILE *f, const char *s)
{
    dsh_json_quote(s ? s : "", s ? strlen(s) : 0, file_put, f);
}

/* a number (NaN, infinities: null) */
static void jnum(FILE *f, double v)
{
    if (v == v && !isinf(v))
        fprintf(f, "%.7g", v);
    else
        fputs("null", f);
}

static bool begin(builder *b, const char *id, const char *title)
{
    b->sbuf = b->cbuf = NULL;
    b->nser = 0;
    b->s = open_memstream(&b->sbuf, &b->slen);
    b->c = open_memstream(&b->cbuf, &b->clen);
    if (!b->s || !b->c) {
        if (b->s)
            fclose(b->s);
        if (b->c)
            fclose(b->c);
        free(b->sbuf);
        free(b->cbuf);
        b->oom = true;
        return false;
    }
    dsh_case_plot *np = realloc(b->ps->p, (b->ps->n + 1) * sizeof *np);
    if (!np) {
        b->oom = true;
        np = b->ps->p;
    }
    b->ps->p = np;
    if (np) {
        dsh_case_plot *p = &np[b->ps->n];
        memset(p, 0, sizeof *p);
        snprintf(p->id, sizeof p->id, "%s", id);
        snprintf(p->title, sizeof p->title, "%s", title);
    }
    fputs("{\"id\":", b->s);
    jstr(b->s, id);
    return true;
}

/* the axes: ranges, log scales, titles; then the series follow */
static void axes(builder *b, double x0, double x1, double y0, double y1,
                 bool logx, bool logy, const char *xlabel, const char *ylabel)
{
    fputs(",\"x\":[", b->s);
    jnum(b->s, x0);
    fputc(',', b->s);
    jnum(b->s, x1);
    fputs("],\"y\":[", b->s);
    jnum(b->s, y0);
    fputc(',', b->s);
    jnum(b->s, y1);
    fprintf(b->s, "],\"logx\":%d,\"logy\":%d,\"xlabel\":", logx, logy);
    jstr(b->s, xlabel);
    fputs(",\"ylabel\":", b->s);
    jstr(b->s, ylabel);
    fputs(",\"series\":[", b->s);
}

/* a series' common part; the caller adds its data and the closing } */
static void series_begin(builder *b, const char *label, const char *rgb,
                         int dash, double width)
{
    fputs(b->nser++ ? ",{\"label\":" : "{\"label\":", b->s);
    jstr(b->s, label);
    fprintf(b->s, ",\"color\":\"%s\",\"dash\":%d,\"width\":%g", rgb, dash,
            width);
}

/* a curve of the data: x and y the arrays at PATH.xkey, PATH.ykey (path:
 * the JSON list of keys and indices, without brackets) */
static void curve(builder *b, const char *label, const char *path,
                  const char *xkey, const char *ykey, const char *rgb, int dash,
                  double width, bool step)
{
    series_begin(b, label, rgb, dash, width);
    fprintf(b->s, ",\"x\":[%s,\"%s\"],\"y\":[%s,\"%s\"],\"step\":%d}", path,
            xkey, path, ykey, step);
}

/* a constant: a limit, the deadline */
static void constant(builder *b, const char *label, double v, const char *rgb,
                     int dash, double width)
{
    series_begin(b, label, rgb, dash, width);
    fputs(",\"c\":", b->s);
    jnum(b->s, v);
    fputc('}', b->s);
}

/* the caption's line of a figure: <li class="pass|fail">TEXT</li> */
static void caption(builder *b, const char *text, bool passed)
{
    fprintf(b->c, "<li class=\"%s\">", passed ? "pass" : "fail");
    dsh_html_esc(b->c, text);
    fputs("</li>", b->c);
}

/* the figures of the checks plot id shows, in its caption */
static void labels(builder *b, const char *id)
{
    const dsh_case_result *res = b->res;
    char text[256], line[300], pid[64];
    unsigned n = res->nchecks < DSH_RESULT_MAX_CHECKS ? res->nchecks
                                                      : DSH_RESULT_MAX_CHECKS;
    for (unsigned i = 0; i < n; i++) {
        const dsh_check_figure *c = &res->checks[i];
        plot_id_of(c, b->first_pipe, pid, sizeof pid);
        if (strcmp(pid, id))
            continue;
        snprintf(line, sizeof line, "%s: %s", c->subject,
                 dsh_check_label(c, text, sizeof text));
        caption(b, line, c->passed);
    }
}

/* tail: the specification's fields after the series ("" or ",\"k\":v") */
static void end(builder *b, const char *tail)
{
    fprintf(b->s, "]%s}", tail);
    bool ok = !fclose(b->s);
    ok &= !fclose(b->c);
    if (!ok || b->oom) {
        free(b->sbuf);
        free(b->cbuf);
        b->oom = true;
        return;
    }
    dsh_case_plot *p = &b->ps->p[b->ps->n++];
    p->spec = b->sbuf;
    p->caption = b->cbuf;
}

static const dsh_check_figure *find(const dsh_case_result *res,
                                    const char *subject, const char *check)
{
    for (unsigned i = 0; i < res->nchecks && i < DSH_RESULT_MAX_CHECKS; i++)
        if (!strcmp(res->checks[i].subject, subject) &&
            !strcmp(res->checks[i].check, check))
            return &res->checks[i];
    return NULL;
}

/* ---- the plots ---- */

/* the levels the integrated figures are drawn at (the fundamental, the
 * highest bin, plus THD+N, minus SNR; -dynamic range re full scale):
 * limit[k] and measured[k] of the checks found, NULL where none */
typedef struct spec_levels {
    const dsh_check_figure *c[3];
    double limit[3], measured[3];
} spec_levels;

static const char *const level_names[3][2] = {
    { "THD+N limit (N+D total re fundamental)", "THD+N measured" },
    { "SNR limit (N+D total re fundamental)", "SNR measured" },
    { "dynamic range limit (N+D dBFS)", "N+D measured" },
};

static void spectrum_levels(builder *b, const char *name, double hi,
                            spec_levels *l, double *ymin)
{
    const dsh_check_figure *c;
    memset(l, 0, sizeof *l);
    if ((c = find(b->res, name, "thdn_db")) && c->has_max) {
        l->c[0] = c;
        l->limit[0] = hi + c->max;
        l->measured[0] = hi + c->value;
    }
    if ((c = find(b->res, name, "snr_db")) && c->has_min) {
        l->c[1] = c;
        l->limit[1] = hi - c->min;
        l->measured[1] = hi - c->value;
    }
    if ((c = find(b->res, name, "dynamic_range_db")) && c->has_min) {
        l->c[2] = c;
        l->limit[2] = -c->min;
        l->measured[2] = -c->value;
    }
    for (int k = 0; k < 3; k++) {
        if (l->c[k] && l->limit[k] < *ymin)
            *ymin = l->limit[k] - 10;
        if (l->c[k] && l->measured[k] < *ymin)
            *ymin = l->measured[k] - 10;
    }
}

static void plot_spectrum(builder *b, size_t oi, const char *name,
                          const json_t *sp)
{
    char id[64], title[128], path[64];
    series f = arr(sp, "freq_hz"), y = arr(sp, "out_dbfs");
    series ry = arr(sp, "ref_dbfs");
    double lo = 0, hi = 0;
    if (!has_points(&y) || !range(&y, true, &lo, &hi) || f.n < 2)
        goto out;
    snprintf(id, sizeof id, "spectrum-%s", name);
    snprintf(title, sizeof title,
             "%s: spectrum (first channel, %s, %lld points)", name,
             json_string_value(json_object_get(sp, "window")),
             (long long)get_num(sp, "fft_len", 0));
    if (!begin(b, id, title))
        goto out;
    labels(b, id);
    bool ref = has_points(&ry);
    double rlo = lo, rhi = hi;
    if (ref)
        range(&ry, true, &rlo, &rhi);
    double ymin = (lo < rlo ? lo : rlo) - 10, ymax = (hi > rhi ? hi : rhi) + 10;
    if (ymax < 0)
        ymax = 0;
    spec_levels l;
    spectrum_levels(b, name, hi, &l, &ymin);
    axes(b, f.pos0, f.x1, ymin, ymax, true, false, "frequency (Hz)",
         "dBFS (a sine peaks at its level)");
    snprintf(path, sizeof path, "\"outputs\",%zu,\"spectrum\"", oi);
    curve(b, "output", path, "freq_hz", "out_dbfs", OUT_RGB, SOLID, 1, false);
    if (ref)
        curve(b, "reference", path, "ref_freq_hz", "ref_dbfs", REF_RGB, DOTS, 1,
              false);
    for (int k = 0; k < 3; k++) {
        if (!l.c[k])
            continue;
        constant(b, level_names[k][0], l.limit[k], FAIL_RGB, DASH, 1.5);
        constant(b, level_names[k][1], l.measured[k],
                 l.c[k]->passed ? PASS_RGB : FAIL_RGB, SOLID, 1.5);
    }
    end(b, "");
out:
}

/* ,"shade":[0,SKIP] when there is a skip */
static void shade_tail(double skip_s, char *tail, size_t n)
{
    tail[0] = '\0';
    if (skip_s > 0)
        snprintf(tail, n, ",\"shade\":[0,%.7g]", skip_s);
}

static void plot_level(builder *b, size_t oi, const char *name,
                       const json_t *lv, double skip_s)
{
    char id[64], title[128], path[64], tail[64];
    series t = arr(lv, "t_s"), y = arr(lv, "out_dbfs"), r = arr(lv, "ref_dbfs");
    double lo = 0, hi = 0;
    bool any = range(&y, true, &lo, &hi);
    if (!t.n)
        goto out;
    bool ref = has_points(&r);
    if (ref)
        any |= range(&r, true, &lo, &hi);
    if (!any)
        lo = DSH_FLOOR_PLOT, hi = 0; /* digital silence: at the floor */
    snprintf(id, sizeof id, "level-%s", name);
    snprintf(title, sizeof title,
             "%s: level over time (RMS of every channel, blocks of %.1f ms)",
             name, 1000.0 * get_num(lv, "block_s", 0));
    if (!begin(b, id, title))
        goto out;
    labels(b, id);
    const dsh_check_figure *c = find(b->res, name, "level_dbfs");
    bool limits = c && c->has_min && c->has_max;
    if (limits) {
        if (c->min < lo)
            lo = c->min;
        if (c->max > hi)
            hi = c->max;
    }
    double x1 = t.x1 + get_num(lv, "block_s", 0);
    axes(b, 0, x1 > 0 ? x1 : 1, lo - 6, hi + 6, false, false, "time (s)",
         "dBFS");
    snprintf(path, sizeof path, "\"outputs\",%zu,\"level\"", oi);
    curve(b, "output", path, "t_s", "out_dbfs", OUT_RGB, SOLID, 1.2, true);
    if (ref)
        curve(b, "reference", path, "t_s", "ref_dbfs", REF_RGB, DOTS, 1.2,
              true);
    if (limits) {
        constant(b, "level_dbfs min", c->min, FAIL_RGB, DASH, 1);
        constant(b, "level_dbfs max", c->max, FAIL_RGB, DASH, 1);
    }
    shade_tail(skip_s, tail, sizeof tail);
    end(b, tail);
out:
}

static void plot_diff(builder *b, size_t oi, const char *name, const json_t *lv,
                      double skip_s)
{
    char id[64], title[128], path[64], tail[64];
    series t = arr(lv, "t_s"), d = arr(lv, "diff_lsb");
    double lo = 0, hi = 0;
    if (!t.n || !has_points(&d))
        goto out;
    range(&d, false, &lo, &hi);
    snprintf(id, sizeof id, "diff-%s", name);
    snprintf(title, sizeof title,
             "%s: difference output - reference over time (largest in each "
             "block)",
             name);
    if (!begin(b, id, title))
        goto out;
    labels(b, id);
    const dsh_check_figure *c = find(b->res, name, "reference");
    if (c && c->has_max && c->max > hi)
        hi = c->max;
    double x1 = t.x1 + get_num(lv, "block_s", 0);
    axes(b, 0, x1 > 0 ? x1 : 1, 0, hi > 0 ? hi * 1.15 + 0.5 : 1.0, false, false,
         "time (s)", "|output - reference| (LSB)");
    snprintf(path, sizeof path, "\"outputs\",%zu,\"level\"", oi);
    curve(b, "max |output - reference|", path, "t_s", "diff_lsb", "#a02020",
          SOLID, 1.2, true);
    if (c && c->has_max)
        constant(b, "tolerance_lsb", c->max, FAIL_RGB, DASH, 1.5);
    shade_tail(skip_s, tail, sizeof tail);
    end(b, tail);
out:
}

/* the mask's min (col 1) or max (col 2) as points [[f, v], ...] */
static void mask_points(builder *b, const char *label, const json_t *mask,
                        size_t col)
{
    series_begin(b, label, FAIL_RGB, DASH, 1.5);
    fputs(",\"points\":1,\"pts\":[", b->s);
    for (size_t i = 0; i < json_array_size(mask); i++) {
        const json_t *p = json_array_get(mask, i);
        fputs(i ? ",[" : "[", b->s);
        jnum(b->s, json_number_value(json_array_get(p, 0)));
        fputc(',', b->s);
        jnum(b->s, json_number_value(json_array_get(p, col)));
        fputc(']', b->s);
    }
    fputs("]}", b->s);
}

static void plot_response(builder *b, size_t oi, const char *name,
                          const json_t *fr)
{
    char id[64], title[128], path[64];
    series f = arr(fr, "freq_hz"), m = arr(fr, "mag_db");
    const json_t *mask = json_object_get(fr, "mask");
    double lo = 0, hi = 0;
    if (!has_points(&m) || !range(&m, false, &lo, &hi) || f.n < 2)
        goto out;
    snprintf(id, sizeof id, "response-%s", name);
    snprintf(title, sizeof title,
             "%s: frequency response (first channel, Welch H1) and its mask",
             name);
    if (!begin(b, id, title))
        goto out;
    labels(b, id);
    for (size_t i = 0; i < json_array_size(mask); i++) {
        const json_t *p = json_array_get(mask, i);
        double mlo = json_number_value(json_array_get(p, 1));
        double mhi = json_number_value(json_array_get(p, 2));
        if (mlo < lo)
            lo = mlo;
        if (mhi > hi)
            hi = mhi;
    }
    axes(b, f.pos0, f.x1, lo - 6, hi + 6, true, false, "frequency (Hz)", "dB");
    snprintf(path, sizeof path, "\"outputs\",%zu,\"freq_response\"", oi);
    curve(b, "measured", path, "freq_hz", "mag_db", OUT_RGB, SOLID, 1, false);
    if (json_array_size(mask)) {
        mask_points(b, "mask min", mask, 1);
        mask_points(b, "mask max", mask, 2);
    }
    end(b, "");
out:
}

/* the SRC's passband (0 .. stop_hz, the ripple against +-ripple_db) and
 * its whole band (the stopband against stopband_db), from the response
 * its tables give (plotdata/src_response.h) */
static void plot_src(builder *b, size_t si, const json_t *sr)
{
    const char *comp = json_string_value(json_object_get(sr, "component"));
    series f = arr(sr, "freq_hz"), m = arr(sr, "mag_db");
    if (!comp || !has_points(&m) || f.n < 2)
        goto out;
    const json_t *mask = json_object_get(sr, "mask");
    double rip = get_num(mask, "ripple_db", 0.1);
    double stop = get_num(mask, "stopband_db", -60);
    double pass_hz = get_num(sr, "pass_hz", 0),
           stop_hz = get_num(sr, "stop_hz", 0);
    double rmin = get_num(sr, "ripple_min_db", 0),
           rmax = get_num(sr, "ripple_max_db", 0);
    double att = get_num(sr, "stopband_db", 0), top = f.x1;
    long long rin = (long long)get_num(sr, "rate_in", 0);
    long long rout = (long long)get_num(sr, "rate_out", 0);
    const char *qual = json_string_value(json_object_get(sr, "quality"));
    bool pass_ok = rmin >= -rip && rmax <= rip, stop_ok = att <= stop;
    char line[300], path[64], tail[128];
    snprintf(path, sizeof path, "\"src\",%zu", si);
    for (int view = 0; view < 2; view++) {
        char id[64], title[160];
        snprintf(id, sizeof id, "%s-%s", view ? "src-stop" : "src-pass", comp);
        snprintf(title, sizeof title,
                 "%s: SRC %lld -> %lld Hz (%s, %lld stages): %s, from the "
                 "firmware's coefficient tables",
                 comp, rin, rout, qual ? qual : "default",
                 (long long)get_num(sr, "stages", 0),
                 view ? "passband and stopband" : "passband ripple");
        if (!begin(b, id, title))
            goto out;
        if (view)
            snprintf(line, sizeof line,
                     "stopband = %.2f dB from %.0f Hz (mask %.0f dB): %s", att,
                     stop_hz, stop, stop_ok ? "pass" : "FAIL");
        else
            snprintf(line, sizeof line,
                     "passband ripple = %+.4f .. %+.4f dB to %.0f Hz (mask "
                     "+-%g dB): %s",
                     rmin, rmax, pass_hz, rip, pass_ok ? "pass" : "FAIL");
        caption(b, line, view ? stop_ok : pass_ok);
        double xmax = view ? top : stop_hz, ylo, yhi;
        if (view) {
            double lo = 0, hi = 0;
            range(&m, false, &lo, &hi);
            ylo = (lo < stop ? lo : stop) - 10;
            if (ylo < -200)
                ylo = -200;
            yhi = 10;
        } else {
            double span = rip > rmax ? rip : rmax;
            if (-rmin > span)
                span = -rmin;
            ylo = -1.5 * span;
            yhi = 1.5 * span;
        }
        axes(b, 0, xmax, ylo, yhi, false, false, "frequency (Hz)",
             "level of a tone (dB)");
        curve(b, "response", path, "freq_hz", "mag_db", OUT_RGB, SOLID, 1.2,
              false);
        /* the mask: +-rip over the passband, stop over the stopband */
        series_begin(b, "mask max", FAIL_RGB, DASH, 1.5);
        fprintf(b->s, ",\"pts\":[[0,%.7g],[%.7g,%.7g]]}", rip, pass_hz, rip);
        series_begin(b, "mask min", FAIL_RGB, DASH, 1.5);
        fprintf(b->s, ",\"pts\":[[0,%.7g],[%.7g,%.7g]]}", -rip, pass_hz, -rip);
        series_begin(b, "mask (stopband)", FAIL_RGB, DASH, 1.5);
        fprintf(b->s, ",\"pts\":[[%.7g,%.7g],[%.7g,%.7g]]}", stop_hz, stop, top,
                stop);
        if (view)
            snprintf(tail, sizeof tail, ",\"vlines\":[%.7g,%.7g]", pass_hz,
                     stop_hz);
        else
            snprintf(tail, sizeof tail, ",\"vlines\":[%.7g]", pass_hz);
        end(b, tail);
    }
out:
}

static const struct {
    const char *kind, *title, *rgb;
    double y; /* the mark's height, % */
} marks[] = {
    { "miss", "deadline miss", "#c00000", 100 },
    { "xrun", "xrun", "#d04000", 112 },
    { "restart", "xrun restart", "#208020", 108 },
    { "fault", "fault", "#7030a0", 116 },
    { "ipc_error", "IPC error reply", "#e08000", 104 },
    { "panic", "panic", "#000000", 120 },
};

/* the events of each kind the data holds, and the last one's time,
 * from the index's event_kinds */
static void count_events(const json_t *kinds, unsigned *cnt, double *t_last)
{
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
        const json_t *e = json_object_get(kinds, marks[k].kind);
        cnt[k] = (unsigned)json_integer_value(json_object_get(e, "n"));
        double t = get_num(e, "t1", 0);
        if (cnt[k] && t > *t_last)
            *t_last = t;
    }
}

static void plot_load(builder *b, size_t pi, const json_t *pipe,
                      const json_t *events, bool with_events, double t_end)
{
    char id[64], title[160], path[64];
    long long pid = (long long)get_num(pipe, "id", 0);
    series t = arr(pipe, "t_s"), l = arr(pipe, "load_pct");
    unsigned cnt[sizeof marks / sizeof marks[0]] = { 0 };
    double x1 = t_end;
    if (with_events)
        count_events(events, cnt, &x1);
    bool any_ev = false;
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
        any_ev |= cnt[k] > 0;
    if (!has_points(&l) && !any_ev)
        goto out;
    snprintf(id, sizeof id, "load-%lld", pid);
    long long per = (long long)get_num(pipe, "jobs_per_point", 1);
    snprintf(title, sizeof title,
             "pipeline %lld: load of every period (CPU cycles of its job / "
             "period cycles%s)%s",
             pid, per > 1 ? ", the worst of each point's periods" : "",
             with_events ? " and events" : "");
    if (per > 1) {
        size_t k = strlen(title);
        snprintf(title + k, sizeof title - k, "; %lld periods a point", per);
    }
    if (!begin(b, id, title))
        goto out;
    labels(b, id);
    double lo = 0, hi = 100;
    range(&l, false, &lo, &hi);
    if (hi < 100)
        hi = 100;
    if (t.n && t.x1 > x1)
        x1 = t.x1;
    double ytop = hi * 1.1 > 125 ? hi * 1.1 : 125;
    axes(b, 0, x1 > 0 ? x1 * 1.02 : 1, 0, ytop, false, false,
         "time since START (s)", "load (% of the period)");
    snprintf(path, sizeof path, "\"pipelines\",%zu", pi);
    if (has_points(&l))
        curve(b, "load", path, "t_s", "load_pct", OUT_RGB, SOLID, 1, true);
    constant(b, "deadline (100 %)", 100, "#000000", SOLID, 1.5);
    const dsh_check_figure *c;
    char subject[48], label[96];
    snprintf(subject, sizeof subject, "pipeline %lld", pid);
    if ((c = find(b->res, subject, "max_load_pct")) && c->has_max)
        constant(b, "max_load_pct", c->max, FAIL_RGB, DASH, 1.5);
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
        if (!cnt[k])
            continue;
        snprintf(label, sizeof label, "%s (%u)", marks[k].title, cnt[k]);
        series_begin(b, label, marks[k].rgb, SOLID, 1);
        fprintf(b->s, ",\"ev\":\"%s\",\"h\":%.7g}", marks[k].kind,
                marks[k].y * ytop / 125);
    }
    end(b, "");
out:
}

/* every component's load against the deadline: its average share of the
 * CPU (MCPS over the CPU clock's millions of cycles a second: the MCPS
 * the summary prints) and its worst period (% of the period), from the
 * firmware's GET_STATS at the end of the run (the JSON report's
 * run.components); the firmware keeps no per-period series of a
 * component, so these are its two figures, not a curve: bars */
static void plot_components(builder *b)
{
    const dsh_run_figures *run = &b->res->run;
    unsigned n = run->ncomps < DSH_RESULT_MAX_COMPS ? run->ncomps
                                                    : DSH_RESULT_MAX_COMPS;
    if (!run->has_run || !n || !(run->cpu_hz > 0))
        return;
    if (!begin(b, "components",
               "components: average load (MCPS / CPU MHz) and worst "
               "period (% of the period) against the deadline"))
        return;
    double top = 100, bottom = 100;
    for (unsigned i = 0; i < n; i++) {
        double avg = 100.0 * run->comps[i].mcps * 1e6 / run->cpu_hz;
        if (run->comps[i].worst_pct > top)
            top = run->comps[i].worst_pct;
        if (avg > 0 && avg < bottom)
            bottom = avg;
    }
    /* a log axis: a component of a few % and the deadline on one plot */
    double lo = pow(10, floor(log10(bottom / 2)));
    axes(b, -0.6, (double)n - 0.4, lo, top * 1.6, false, true, "", "load (%)");
    for (int k = 0; k < 2; k++) {
        series_begin(b, k ? "worst period" : "average (MCPS / CPU MHz)",
                     k ? REF_RGB : OUT_RGB, SOLID, 1);
        fprintf(b->s, ",\"off\":%s,\"bars\":[", k ? "0.18" : "-0.18");
        for (unsigned i = 0; i < n; i++) {
            if (i)
                fputc(',', b->s);
            jnum(b->s, k ? run->comps[i].worst_pct
                         : 100.0 * run->comps[i].mcps * 1e6 / run->cpu_hz);
        }
        fputs("]}", b->s);
    }
    constant(b, "deadline (100 %)", 100, "#000000", SOLID, 1.5);
    fputs("],\"names\":[", b->s);
    for (unsigned i = 0; i < n; i++) {
        if (i)
            fputc(',', b->s);
        jstr(b->s, run->comps[i].name);
    }
    end(b, ""); /* closes the names' list */
}
static void plot_id_of(const dsh_check_figure *c, long long first_pipe,
                       char *id, size_t n)
{
    static const char *const spectrum[] = { "thdn_db", "snr_db",
                                            "dynamic_range_db" };
    static const char *const level[] = { "level_dbfs", "gain_db",
                                         "dc_offset_dbfs", "length" };
    long long p;
    id[0] = '\0';
    if (!strcmp(c->subject, "run")) {
        if (first_pipe >= 0)
            snprintf(id, n, "load-%lld", first_pipe);
        return;
    }
    if (sscanf(c->subject, "pipeline %lld", &p) == 1) {
        snprintf(id, n, "load-%lld", p);
        return;
    }
    for (size_t i = 0; i < 3; i++)
        if (!strcmp(c->check, spectrum[i]))
            snprintf(id, n, "spectrum-%s", c->subject);
    for (size_t i = 0; i < 4; i++)
        if (!strcmp(c->check, level[i]))
            snprintf(id, n, "level-%s", c->subject);
    if (!strcmp(c->check, "reference"))
        snprintf(id, n, "diff-%s", c->subject);
    if (!strcmp(c->check, "freq_response"))
        snprintf(id, n, "response-%s", c->subject);
}

const char *dsh_case_plot_of(const dsh_case_plots *p, const dsh_check_figure *c)
{
    static __thread char id[64];
    long long first = -1;
    for (size_t i = 0; i < p->n && first < 0; i++)
        if (!strncmp(p->p[i].id, "load-", 5))
            first = atoll(p->p[i].id + 5);
    plot_id_of(c, first, id, sizeof id);
    for (size_t i = 0; i < p->n; i++)
        if (!strcmp(p->p[i].id, id))
            return id;
    return "";
}

bool dsh_case_plots_make(const json_t *data, const dsh_case_result *res,
                         dsh_case_plots *out)
{
    memset(out, 0, sizeof *out);
    if (!data)
        return true;
    builder b = { .ps = out, .res = res, .first_pipe = -1 };
    const json_t *p0 = json_array_get(json_object_get(data, "pipelines"), 0);
    if (p0)
        b.first_pipe = (long long)get_num(p0, "id", -1);
    const json_t *outs = json_object_get(data, "outputs");
    for (size_t i = 0; i < json_array_size(outs); i++) {
        const json_t *o = json_array_get(outs, i);
        const char *name = json_string_value(json_object_get(o, "name"));
        if (!name)
            continue;
        double skip = get_num(o, "skip_s", 0);
        const json_t *v;
        if ((v = json_object_get(o, "spectrum")))
            plot_spectrum(&b, i, name, v);
        if ((v = json_object_get(o, "level"))) {
            plot_level(&b, i, name, v, skip);
            plot_diff(&b, i, name, v, skip);
        }
        if ((v = json_object_get(o, "freq_response")))
            plot_response(&b, i, name, v);
    }
    const json_t *srcs = json_object_get(data, "src");
    for (size_t i = 0; i < json_array_size(srcs); i++)
        plot_src(&b, i, json_array_get(srcs, i));
    const json_t *pipes = json_object_get(data, "pipelines");
    const json_t *events = json_object_get(data, "event_kinds");
    double t_end = get_num(data, "audio_seconds", 0);
    for (size_t i = 0; i < json_array_size(pipes); i++)
        plot_load(&b, i, json_array_get(pipes, i), events, i == 0, t_end);
    plot_components(&b);
    return !b.oom;
}

void dsh_case_plots_free(dsh_case_plots *p)
{
    for (size_t i = 0; i < p->n; i++) {
        free(p->p[i].spec);
        free(p->p[i].caption);
    }
    free(p->p);
    memset(p, 0, sizeof *p);
}

void dsh_case_plots_json(FILE *f, const dsh_case_plots *p)
{
    fputc('[', f);
    for (size_t i = 0; i < p->n; i++) {
        if (i)
            fputs(",\n", f);
        fputs(p->p[i].spec, f);
    }
    fputs("]", f);
}

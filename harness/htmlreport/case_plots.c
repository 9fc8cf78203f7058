/* SPDX-License-Identifier: BSD-3-Clause */
/* gnuplot scripts of a case page's plots (case_plots.h). */
#define _GNU_SOURCE
#include "case_plots.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_text.h"
#include "plot_tool.h"

#define FAIL_RGB       "#c00000"
#define PASS_RGB       "#206020"
#define DSH_FLOOR_PLOT (-200.0) /* silence in the plot data (audio_curves.h) */

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

/* ---- plot data ---- */

typedef struct series {
    size_t n;
    double *v;
} series;

static series arr(const json_t *o, const char *key)
{
    const json_t *a = json_object_get(o, key);
    series s = { 0, NULL };
    size_t n = json_array_size(a);
    if (!n || !(s.v = malloc(n * sizeof *s.v)))
        return s;
    for (size_t i = 0; i < n; i++) {
        const json_t *e = json_array_get(a, i);
        s.v[i] = json_is_number(e) ? json_number_value(e) : NAN;
    }
    s.n = n;
    return s;
}

static double get_num(const json_t *o, const char *key, double def)
{
    const json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : def;
}

/* smallest and largest finite value above `floor` */
static bool range(const series *s, double floor, double *lo, double *hi)
{
    bool any = false;
    for (size_t i = 0; i < s->n; i++) {
        double v = s->v[i];
        if (!(v == v) || isinf(v) || v <= floor)
            continue;
        if (!any || v < *lo)
            *lo = v;
        if (!any || v > *hi)
            *hi = v;
        any = true;
    }
    return any;
}

/* $name << EOD: x y lines (NaN as NaN: a gap) */
static void block(FILE *f, const char *name, const series *x, const series *y)
{
    size_t n = x->n < y->n ? x->n : y->n;
    fprintf(f, "$%s << EOD\n", name);
    for (size_t i = 0; i < n; i++) {
        if (y->v[i] == y->v[i])
            fprintf(f, "%.7g %.7g\n", x->v[i], y->v[i]);
        else
            fprintf(f, "%.7g NaN\n", x->v[i]);
    }
    fputs("EOD\n", f);
}

static bool has_points(const series *y)
{
    for (size_t i = 0; i < y->n; i++)
        if (y->v[i] == y->v[i])
            return true;
    return false;
}

/* the figures of the checks this plot shows, above the graph, the
 * failed ones in red; returns how many */
static void plot_id_of(const dsh_check_figure *c, long long first_pipe,
                       char *id, size_t n);

static bool shows(const dsh_check_figure *c, long long first_pipe,
                  const char *id)
{
    char pid[64];
    plot_id_of(c, first_pipe, pid, sizeof pid);
    return !strcmp(pid, id);
}

static unsigned labels(FILE *f, const dsh_case_result *res, long long first,
                       const char *id)
{
    unsigned k = 0;
    char text[256], q[600];
    unsigned n = res->nchecks < DSH_RESULT_MAX_CHECKS ? res->nchecks
                                                      : DSH_RESULT_MAX_CHECKS;
    for (unsigned i = 0; i < n; i++)
        if (shows(&res->checks[i], first, id))
            k++;
    unsigned j = 0;
    for (unsigned i = 0; i < n; i++) {
        const dsh_check_figure *c = &res->checks[i];
        if (!shows(c, first, id))
            continue;
        char line[300];
        snprintf(line, sizeof line, "%s: %s", c->subject,
                 dsh_check_label(c, text, sizeof text));
        fprintf(f,
                "set label %u %s at graph 0, graph 1 offset 0, %.1f left "
                "tc rgb '%s' noenhanced front\n",
                j + 1, dsh_plot_quote(line, q, sizeof q),
                0.9 + (double)(k - 1 - j) * 1.2,
                c->passed ? PASS_RGB : FAIL_RGB);
        j++;
    }
    fprintf(f, "set tmargin %.1f\n", 2.0 + 1.2 * k);
    return k;
}

typedef struct builder {
    dsh_case_plots *ps;
    const dsh_case_result *res;
    long long first_pipe; /* the first pipeline's id, -1 = none */
    bool oom;
} builder;

static FILE *begin(builder *b, const char *id, const char *title, char **buf,
                   size_t *len)
{
    dsh_case_plot *np = realloc(b->ps->p, (b->ps->n + 1) * sizeof *np);
    if (!np) {
        b->oom = true;
        return NULL;
    }
    b->ps->p = np;
    dsh_case_plot *p = &np[b->ps->n];
    memset(p, 0, sizeof *p);
    snprintf(p->id, sizeof p->id, "%s", id);
    snprintf(p->title, sizeof p->title, "%s", title);
    p->batch = -1;
    FILE *f = open_memstream(buf, len);
    if (!f)
        b->oom = true;
    return f;
}

/* buf: open_memstream's, set by the fclose */
static void end(builder *b, FILE *f, char **buf)
{
    if (fclose(f)) {
        free(*buf);
        b->oom = true;
        return;
    }
    b->ps->p[b->ps->n++].script = *buf;
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

/* samples 2: every function a plot draws is a constant (a limit, the
 * deadline), which gnuplot would otherwise evaluate at 100 points, each
 * evaluation two system calls (its floating-point signal handler), and
 * write as 100 segments */
static const char *common_head = "set samples 2\n"
                                 "set grid lc rgb '#dddddd'\n"
                                 "set key top right opaque box lc rgb "
                                 "'#cccccc' noenhanced\n"
                                 "set border lc rgb '#444444'\n";

static void plot_spectrum(builder *b, const char *name, const json_t *sp)
{
    char id[64], title[128], *buf = NULL;
    size_t len;
    series f = arr(sp, "freq_hz"), y = arr(sp, "out_dbfs");
    series rf = arr(sp, "ref_freq_hz"), ry = arr(sp, "ref_dbfs");
    double lo = 0, hi = 0;
    if (!has_points(&y) || !range(&y, -199.0, &lo, &hi))
        goto out;
    snprintf(id, sizeof id, "spectrum-%s", name);
    snprintf(title, sizeof title,
             "%s: spectrum (first channel, %s, %lld points)", name,
             json_string_value(json_object_get(sp, "window")),
             (long long)get_num(sp, "fft_len", 0));
    FILE *o = begin(b, id, title, &buf, &len);
    if (!o)
        goto out;
    fputs(common_head, o);
    labels(o, b->res, b->first_pipe, id);
    block(o, "out", &f, &y);
    bool ref = has_points(&ry);
    if (ref)
        block(o, "ref", &rf, &ry);
    double rlo = lo, rhi = hi;
    if (ref)
        range(&ry, -199.0, &rlo, &rhi);
    double ymin = (lo < rlo ? lo : rlo) - 10, ymax = (hi > rhi ? hi : rhi) + 10;
    if (ymax < 0)
        ymax = 0;
    /* the integrated figures as levels: the fundamental (the highest
     * bin) plus THD+N, minus SNR; -dynamic range re full scale */
    const dsh_check_figure *c;
    fprintf(o,
            "set logscale x\nset xlabel 'frequency (Hz)'\n"
            "set ylabel 'dBFS (a sine peaks at its level)'\n"
            "set xrange [%.7g:%.7g]\n",
            f.v[0], f.v[f.n - 1]);
    char lines[1024] = "";
    size_t ln = 0;
    if ((c = find(b->res, name, "thdn_db")) && c->has_max) {
        ln += (size_t)snprintf(
            lines + ln, sizeof lines - ln,
            ", %.7g dt 2 lw 1.5 lc rgb '%s' title "
            "'THD+N limit (N+D total re fundamental)'"
            ", %.7g lw 1.5 lc rgb '%s' title 'THD+N measured'",
            hi + c->max, FAIL_RGB, hi + c->value,
            c->passed ? PASS_RGB : FAIL_RGB);
        if (hi + c->max < ymin)
            ymin = hi + c->max - 10;
    }
    if ((c = find(b->res, name, "snr_db")) && c->has_min && ln < sizeof lines) {
        ln += (size_t)snprintf(lines + ln, sizeof lines - ln,
                               ", %.7g dt 2 lw 1.5 lc rgb '%s' title "
                               "'SNR limit (N+D total re fundamental)'"
                               ", %.7g lw 1.5 lc rgb '%s' title 'SNR measured'",
                               hi - c->min, FAIL_RGB, hi - c->value,
                               c->passed ? PASS_RGB : FAIL_RGB);
        if (hi - c->min < ymin)
            ymin = hi - c->min - 10;
    }
    if ((c = find(b->res, name, "dynamic_range_db")) && c->has_min &&
        ln < sizeof lines) {
        ln += (size_t)snprintf(lines + ln, sizeof lines - ln,
                               ", %.7g dt 2 lw 1.5 lc rgb '%s' title "
                               "'dynamic range limit (N+D dBFS)'"
                               ", %.7g lw 1.5 lc rgb '%s' title "
                               "'N+D measured'",
                               -c->min, FAIL_RGB, -c->value,
                               c->passed ? PASS_RGB : FAIL_RGB);
        if (-c->min < ymin)
            ymin = -c->min - 10;
    }
    fprintf(o, "set yrange [%.7g:%.7g]\n", ymin, ymax);
    fprintf(o,
            "plot $out using 1:2 with lines lw 1 lc rgb '#1f5fa8' title "
            "'output'%s%s\n",
            ref ? ", $ref using 1:2 with lines lw 1 dt 3 lc rgb '#e07000' "
                  "title 'reference'"
                : "",
            lines);
    end(b, o, &buf);
out:
    free(f.v);
    free(y.v);
    free(rf.v);
    free(ry.v);
}

static void plot_level(builder *b, const char *name, const json_t *lv,
                       double skip_s)
{
    char id[64], title[128], *buf = NULL;
    size_t len;
    series t = arr(lv, "t_s"), y = arr(lv, "out_dbfs"), r = arr(lv, "ref_dbfs");
    double lo = 0, hi = 0;
    bool any = range(&y, -199.0, &lo, &hi);
    if (!t.n)
        goto out;
    if (has_points(&r))
        any |= range(&r, -199.0, &lo, &hi);
    if (!any)
        lo = DSH_FLOOR_PLOT, hi = 0; /* digital silence: at the floor */
    snprintf(id, sizeof id, "level-%s", name);
    snprintf(title, sizeof title,
             "%s: level over time (RMS of every channel, blocks of %.1f ms)",
             name, 1000.0 * get_num(lv, "block_s", 0));
    FILE *o = begin(b, id, title, &buf, &len);
    if (!o)
        goto out;
    fputs(common_head, o);
    labels(o, b->res, b->first_pipe, id);
    block(o, "out", &t, &y);
    bool ref = has_points(&r);
    if (ref)
        block(o, "ref", &t, &r);
    char lines[512] = "";
    const dsh_check_figure *c = find(b->res, name, "level_dbfs");
    if (c && c->has_min && c->has_max) {
        snprintf(lines, sizeof lines,
                 ", %.7g dt 2 lc rgb '%s' title 'level_dbfs min', %.7g dt 2 "
                 "lc rgb '%s' title 'level_dbfs max'",
                 c->min, FAIL_RGB, c->max, FAIL_RGB);
        if (c->min < lo)
            lo = c->min;
        if (c->max > hi)
            hi = c->max;
    }
    double x1 = t.v[t.n - 1] + get_num(lv, "block_s", 0);
    fprintf(o,
            "set xlabel 'time (s)'\nset ylabel 'dBFS'\n"
            "set xrange [0:%.7g]\nset yrange [%.7g:%.7g]\n",
            x1 > 0 ? x1 : 1, lo - 6, hi + 6);
    if (skip_s > 0)
        fprintf(o,
                "set object 1 rect from 0, graph 0 to %.7g, graph 1 behind "
                "fc rgb '#eeeeee' fs solid noborder\n"
                "set label 20 'skip_ms' at %.7g, graph 0.05 right offset "
                "-0.5,0 noenhanced\n",
                skip_s, skip_s);
    fprintf(o,
            "plot $out using 1:2 with steps lw 1.2 lc rgb '#1f5fa8' title "
            "'output'%s%s\n",
            ref ? ", $ref using 1:2 with steps dt 3 lw 1.2 lc rgb '#e07000' "
                  "title 'reference'"
                : "",
            lines);
    end(b, o, &buf);
out:
    free(t.v);
    free(y.v);
    free(r.v);
}

static void plot_diff(builder *b, const char *name, const json_t *lv,
                      double skip_s)
{
    char id[64], title[128], *buf = NULL;
    size_t len;
    series t = arr(lv, "t_s"), d = arr(lv, "diff_lsb");
    double lo = 0, hi = 0;
    if (!t.n || !has_points(&d))
        goto out;
    range(&d, -1.0, &lo, &hi);
    snprintf(id, sizeof id, "diff-%s", name);
    snprintf(title, sizeof title,
             "%s: difference output - reference over time (largest in each "
             "block)",
             name);
    FILE *o = begin(b, id, title, &buf, &len);
    if (!o)
        goto out;
    fputs(common_head, o);
    labels(o, b->res, b->first_pipe, id);
    block(o, "d", &t, &d);
    char lines[256] = "";
    const dsh_check_figure *c = find(b->res, name, "reference");
    if (c && c->has_max) {
        snprintf(lines, sizeof lines,
                 ", %.7g dt 2 lw 1.5 lc rgb '%s' title 'tolerance_lsb'", c->max,
                 FAIL_RGB);
        if (c->max > hi)
            hi = c->max;
    }
    double x1 = t.v[t.n - 1] + get_num(lv, "block_s", 0);
    fprintf(o,
            "set xlabel 'time (s)'\nset ylabel '|output - reference| (LSB)'\n"
            "set xrange [0:%.7g]\nset yrange [0:%.7g]\n",
            x1 > 0 ? x1 : 1, hi > 0 ? hi * 1.15 + 0.5 : 1.0);
    if (skip_s > 0)
        fprintf(o,
                "set object 1 rect from 0, graph 0 to %.7g, graph 1 behind "
                "fc rgb '#eeeeee' fs solid noborder\n",
                skip_s);
    fprintf(o,
            "plot $d using 1:2 with steps lw 1.2 lc rgb '#a02020' title "
            "'max |output - reference|'%s\n",
            lines);
    end(b, o, &buf);
out:
    free(t.v);
    free(d.v);
}

static void plot_response(builder *b, const char *name, const json_t *fr)
{
    char id[64], title[128], *buf = NULL;
    size_t len;
    series f = arr(fr, "freq_hz"), m = arr(fr, "mag_db");
    const json_t *mask = json_object_get(fr, "mask");
    double lo = 0, hi = 0;
    if (!has_points(&m) || !range(&m, -1e9, &lo, &hi))
        goto out;
    snprintf(id, sizeof id, "response-%s", name);
    snprintf(title, sizeof title,
             "%s: frequency response (first channel, Welch H1) and its mask",
             name);
    FILE *o = begin(b, id, title, &buf, &len);
    if (!o)
        goto out;
    fputs(common_head, o);
    labels(o, b->res, b->first_pipe, id);
    block(o, "h", &f, &m);
    fputs("$mask << EOD\n", o);
    double fmin = f.v[0] > 0 ? f.v[0] : 1, fmax = f.v[f.n - 1];
    for (size_t i = 0; i < json_array_size(mask); i++) {
        const json_t *p = json_array_get(mask, i);
        double mf = json_number_value(json_array_get(p, 0));
        double mlo = json_number_value(json_array_get(p, 1));
        double mhi = json_number_value(json_array_get(p, 2));
        fprintf(o, "%.7g %.7g %.7g\n", mf, mlo, mhi);
        if (mlo < lo)
            lo = mlo;
        if (mhi > hi)
            hi = mhi;
    }
    fputs("EOD\n", o);
    fprintf(o,
            "set logscale x\nset xlabel 'frequency (Hz)'\n"
            "set ylabel 'dB'\nset xrange [%.7g:%.7g]\nset yrange [%.7g:%.7g]\n",
            fmin, fmax, lo - 6, hi + 6);
    fprintf(o,
            "plot $h using 1:2 with lines lw 1 lc rgb '#1f5fa8' title "
            "'measured'%s\n",
            json_array_size(mask)
                ? ", $mask using 1:2 with linespoints dt 2 lw 1.5 pt 7 ps 0.5 "
                  "lc rgb '" FAIL_RGB "' title 'mask min', $mask using 1:3 "
                  "with linespoints dt 2 lw 1.5 pt 7 ps 0.5 lc rgb '" FAIL_RGB
                  "' title 'mask max'"
                : "");
    end(b, o, &buf);
out:
    free(f.v);
    free(m.v);
}

/* the SRC's passband (0 .. stop_hz, the ripple against +-ripple_db) and
 * its whole band (the stopband against stopband_db), from the response
 * its tables give (plotdata/src_response.h) */
static void plot_src(builder *b, const json_t *sr)
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
    double att = get_num(sr, "stopband_db", 0), top = f.v[f.n - 1];
    long long rin = (long long)get_num(sr, "rate_in", 0);
    long long rout = (long long)get_num(sr, "rate_out", 0);
    const char *qual = json_string_value(json_object_get(sr, "quality"));
    bool pass_ok = rmin >= -rip && rmax <= rip, stop_ok = att <= stop;
    char q[600], line[300];
    for (int view = 0; view < 2; view++) {
        char id[64], title[160], *buf = NULL;
        size_t len;
        snprintf(id, sizeof id, "%s-%s", view ? "src-stop" : "src-pass", comp);
        snprintf(title, sizeof title,
                 "%s: SRC %lld -> %lld Hz (%s, %lld stages): %s, from the "
                 "firmware's coefficient tables",
                 comp, rin, rout, qual ? qual : "default",
                 (long long)get_num(sr, "stages", 0),
                 view ? "passband and stopband" : "passband ripple");
        FILE *o = begin(b, id, title, &buf, &len);
        if (!o)
            goto out;
        fputs(common_head, o);
        if (view)
            snprintf(line, sizeof line,
                     "stopband = %.2f dB from %.0f Hz (mask %.0f dB): %s", att,
                     stop_hz, stop, stop_ok ? "pass" : "FAIL");
        else
            snprintf(line, sizeof line,
                     "passband ripple = %+.4f .. %+.4f dB to %.0f Hz (mask "
                     "+-%g dB): %s",
                     rmin, rmax, pass_hz, rip, pass_ok ? "pass" : "FAIL");
        bool ok = view ? stop_ok : pass_ok;
        fprintf(o,
                "set label 1 %s at graph 0, graph 1 offset 0, 0.9 left tc "
                "rgb '%s' noenhanced front\nset tmargin 3.2\n",
                dsh_plot_quote(line, q, sizeof q), ok ? PASS_RGB : FAIL_RGB);
        block(o, "h", &f, &m);
        /* the mask: +-rip over the passband, stop over the stopband */
        fprintf(o,
                "$mask << EOD\n0 %.7g\n%.7g %.7g\n\n\n0 %.7g\n%.7g %.7g\n\n\n"
                "%.7g %.7g\n%.7g %.7g\nEOD\n",
                rip, pass_hz, rip, -rip, pass_hz, -rip, stop_hz, stop, top,
                stop);
        double xmax = view ? top : stop_hz, ylo, yhi;
        if (view) {
            double lo = 0, hi = 0;
            range(&m, -1e9, &lo, &hi);
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
        fprintf(o,
                "set xlabel 'frequency (Hz)'\nset ylabel 'level of a tone "
                "(dB)'\nset xrange [0:%.7g]\nset yrange [%.7g:%.7g]\n"
                "set arrow 1 from %.7g, graph 0 to %.7g, graph 1 nohead dt 3 "
                "lc rgb '#888888'\n",
                xmax, ylo, yhi, pass_hz, pass_hz);
        if (view)
            fprintf(o,
                    "set arrow 2 from %.7g, graph 0 to %.7g, graph 1 nohead "
                    "dt 3 lc rgb '#888888'\n",
                    stop_hz, stop_hz);
        fprintf(o,
                "plot $h using 1:2 with lines lw 1.2 lc rgb '#1f5fa8' title "
                "'response', $mask using 1:2 with lines dt 2 lw 1.5 lc rgb "
                "'%s' title 'mask'\n",
                FAIL_RGB);
        end(b, o, &buf);
    }
out:
    free(f.v);
    free(m.v);
}

static const struct {
    const char *kind, *title, *rgb;
    int pt;
    double y; /* the mark's height, % */
} marks[] = {
    { "miss", "deadline miss", "#c00000", 7, 100 },
    { "xrun", "xrun", "#d04000", 9, 112 },
    { "restart", "xrun restart", "#208020", 5, 108 },
    { "fault", "fault", "#7030a0", 2, 116 },
    { "ipc_error", "IPC error reply", "#e08000", 13, 104 },
    { "panic", "panic", "#000000", 3, 120 },
};

static void plot_load(builder *b, const json_t *pipe, const json_t *events,
                      bool with_events, double t_end)
{
    char id[64], title[160], *buf = NULL;
    size_t len;
    long long pid = (long long)get_num(pipe, "id", 0);
    series t = arr(pipe, "t_s"), l = arr(pipe, "load_pct");
    bool any_ev = false;
    for (size_t i = 0; with_events && i < json_array_size(events); i++)
        any_ev = true;
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
    FILE *o = begin(b, id, title, &buf, &len);
    if (!o)
        goto out;
    fputs(common_head, o);
    labels(o, b->res, b->first_pipe, id);
    double lo = 0, hi = 100;
    range(&l, -1.0, &lo, &hi);
    if (hi < 100)
        hi = 100;
    double x1 = t_end;
    if (t.n && t.v[t.n - 1] > x1)
        x1 = t.v[t.n - 1];
    char plots[4096];
    size_t pl = 0;
    if (has_points(&l)) {
        block(o, "load", &t, &l);
        pl += (size_t)snprintf(plots + pl, sizeof plots - pl,
                               "$load using 1:2 with steps lw 1 lc rgb "
                               "'#1f5fa8' title 'load', ");
    }
    pl += (size_t)snprintf(plots + pl, sizeof plots - pl,
                           "100 lw 1.5 lc rgb '#000000' title 'deadline "
                           "(100 %%)'");
    const dsh_check_figure *c;
    char subject[48];
    snprintf(subject, sizeof subject, "pipeline %lld", pid);
    if ((c = find(b->res, subject, "max_load_pct")) && c->has_max)
        pl += (size_t)snprintf(plots + pl, sizeof plots - pl,
                               ", %.7g dt 2 lw 1.5 lc rgb '%s' title "
                               "'max_load_pct'",
                               c->max, FAIL_RGB);
    double ytop = hi * 1.1 > 125 ? hi * 1.1 : 125;
    for (size_t k = 0; with_events && k < sizeof marks / sizeof marks[0]; k++) {
        unsigned cnt = 0;
        for (size_t i = 0; i < json_array_size(events); i++) {
            const json_t *e = json_array_get(events, i);
            if (strcmp(json_string_value(json_object_get(e, "kind"))
                           ? json_string_value(json_object_get(e, "kind"))
                           : "",
                       marks[k].kind))
                continue;
            if (!cnt++)
                fprintf(o, "$ev%zu << EOD\n", k);
            double et = get_num(e, "t_s", 0);
            fprintf(o, "%.7g %.7g\n", et, marks[k].y * ytop / 125);
            if (et > x1)
                x1 = et;
        }
        if (!cnt)
            continue;
        fputs("EOD\n", o);
        if (pl + 256 < sizeof plots)
            pl += (size_t)snprintf(
                plots + pl, sizeof plots - pl,
                ", $ev%zu using 1:2 with impulses lw 0.6 lc rgb '%s' notitle"
                ", $ev%zu using 1:2 with points pt %d ps 0.9 lc rgb '%s' "
                "title '%s (%u)'",
                k, marks[k].rgb, k, marks[k].pt, marks[k].rgb, marks[k].title,
                cnt);
    }
    fprintf(o,
            "set xlabel 'time since START (s)'\nset ylabel 'load (%% of the "
            "period)'\nset xrange [0:%.7g]\nset yrange [0:%.7g]\n"
            "set key outside right top\nplot %s\n",
            x1 > 0 ? x1 * 1.02 : 1, ytop, plots);
    end(b, o, &buf);
out:
    free(t.v);
    free(l.v);
}

/* every component's load against the deadline: its average share of the
 * CPU (MCPS over the CPU clock's millions of cycles a second: the MCPS
 * the summary prints) and its worst period (% of the period), from the
 * firmware's GET_STATS at the end of the run (the JSON report's
 * run.components); the firmware keeps no per-period series of a
 * component, so these are its two figures, not a curve */
static void plot_components(builder *b)
{
    const dsh_run_figures *run = &b->res->run;
    unsigned n = run->ncomps < DSH_RESULT_MAX_COMPS ? run->ncomps
                                                    : DSH_RESULT_MAX_COMPS;
    if (!run->has_run || !n || !(run->cpu_hz > 0))
        return;
    char *buf = NULL, q[200];
    size_t len;
    FILE *o = begin(b, "components",
                    "components: average load (MCPS / CPU MHz) and worst "
                    "period (% of the period) against the deadline",
                    &buf, &len);
    if (!o)
        return;
    fputs(common_head, o);
    double top = 100, bottom = 100;
    fputs("$c << EOD\n", o);
    for (unsigned i = 0; i < n; i++) {
        double avg = 100.0 * run->comps[i].mcps * 1e6 / run->cpu_hz;
        double worst = run->comps[i].worst_pct;
        if (worst > top)
            top = worst;
        if (avg > 0 && avg < bottom)
            bottom = avg;
        fprintf(o, "%u %.7g %.7g %s\n", i, avg, worst,
                dsh_plot_quote(run->comps[i].name, q, sizeof q));
    }
    fputs("EOD\n", o);
    /* a log axis: a component of a few % and the deadline on one plot */
    double lo = pow(10, floor(log10(bottom / 2)));
    fprintf(o,
            "set style fill solid 0.8 noborder\nset boxwidth 0.35\n"
            "set logscale y\nset xrange [-0.6:%.1f]\nset yrange [%.7g:%.7g]\n"
            "set ylabel 'load (%%)'\nset xtics rotate by -20 noenhanced\n"
            "set key outside right top\n"
            "plot $c using ($1-0.18):2:xtic(4) with boxes lc rgb '#1f5fa8' "
            "title 'average (MCPS / CPU MHz)', $c using ($1+0.18):3 with "
            "boxes lc rgb '#e07000' title 'worst period', 100 lw 1.5 lc rgb "
            "'#000000' title 'deadline (100 %%)'\n",
            (double)n - 0.4, lo, top * 1.6);
    end(b, o, &buf);
}

/* the plot ids a check goes to, by its subject and key */
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
    builder b = { out, res, -1, false };
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
            plot_spectrum(&b, name, v);
        if ((v = json_object_get(o, "level"))) {
            plot_level(&b, name, v, skip);
            plot_diff(&b, name, v, skip);
        }
        if ((v = json_object_get(o, "freq_response")))
            plot_response(&b, name, v);
    }
    const json_t *srcs = json_object_get(data, "src");
    for (size_t i = 0; i < json_array_size(srcs); i++)
        plot_src(&b, json_array_get(srcs, i));
    const json_t *pipes = json_object_get(data, "pipelines");
    const json_t *events = json_object_get(data, "events");
    double t_end = get_num(data, "audio_seconds", 0);
    for (size_t i = 0; i < json_array_size(pipes); i++)
        plot_load(&b, json_array_get(pipes, i), events, i == 0, t_end);
    plot_components(&b);
    return !b.oom;
}

void dsh_case_plots_free(dsh_case_plots *p)
{
    for (size_t i = 0; i < p->n; i++)
        free(p->p[i].script);
    free(p->p);
    memset(p, 0, sizeof *p);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* A case's page of the HTML report (html_case.h). */
#include "html_case.h"
#include "html_cores.h"

#include <stdlib.h>
#include <string.h>

#include "html_head.h"
#include "html_text.h"
#include "plots_js.h"

#define EVENTS_SHOWN 60

void dsh_html_status(FILE *f, dsh_res_status s)
{
    const char *n = dsh_res_status_name(s);
    fprintf(f, "<span class=\"st st-%s\">%s</span>", n, n);
}

void dsh_html_figure_cell(FILE *f, const char *field, double v)
{
    char b[64];
    dsh_html_figure(v, b, sizeof b);
    fprintf(f, "<td class=\"num\" data-field=\"%s\" data-value=\"%s\">%s</td>",
            field, b, b);
}

static bool has_plots(const dsh_html_case *c)
{
    return c->lib && c->plots && c->plots->n && c->raw;
}

static void checks_table(FILE *f, const dsh_html_case *c)
{
    const dsh_case_result *res = c->e->result;
    unsigned n = res->nchecks < DSH_RESULT_MAX_CHECKS ? res->nchecks
                                                      : DSH_RESULT_MAX_CHECKS;
    fputs("<h2>Checks</h2>\n", f);
    if (!n) {
        fputs("<p>No figure was measured.</p>\n", f);
        return;
    }
    fputs("<table id=\"checks\"><thead><tr><th>subject</th><th>check</th>"
          "<th>value</th><th>unit</th><th>min</th><th>max</th>"
          "<th>verdict</th><th>plot</th></tr></thead><tbody>\n",
          f);
    /* failed checks first, then in the order measured */
    for (int pass = 0; pass < 2; pass++)
        for (unsigned i = 0; i < n; i++) {
            const dsh_check_figure *k = &res->checks[i];
            if (k->passed != (pass == 1))
                continue;
            char v[64], lo[64], hi[64];
            dsh_html_figure(k->value, v, sizeof v);
            dsh_html_figure(k->min, lo, sizeof lo);
            dsh_html_figure(k->max, hi, sizeof hi);
            fputs("<tr class=\"check\" data-subject=\"", f);
            dsh_html_esc(f, k->subject);
            fputs("\" data-check=\"", f);
            dsh_html_esc(f, k->check);
            fprintf(f, "\" data-value=\"%s\" data-unit=\"", v);
            dsh_html_esc(f, k->unit);
            fputs("\"", f);
            if (k->has_min)
                fprintf(f, " data-min=\"%s\"", lo);
            if (k->has_max)
                fprintf(f, " data-max=\"%s\"", hi);
            fprintf(f, " data-passed=\"%s\"><td>",
                    k->passed ? "true" : "false");
            dsh_html_esc(f, k->subject);
            fputs("</td><td>", f);
            dsh_html_esc(f, k->check);
            fprintf(f, "</td><td class=\"num\">%s</td><td>", v);
            dsh_html_esc(f, k->unit);
            fprintf(f,
                    "</td><td class=\"num\">%s</td><td class=\"num\">%s</td>"
                    "<td class=\"%s\">%s</td><td>",
                    k->has_min ? lo : "", k->has_max ? hi : "",
                    k->passed ? "pass" : "fail", k->passed ? "pass" : "FAIL");
            const char *id = has_plots(c) ? dsh_case_plot_of(c->plots, k) : "";
            if (*id) {
                fprintf(f, "<a href=\"#plot-%s\">", id);
                dsh_html_esc(f, id);
                fputs("</a>", f);
            }
            fputs("</td></tr>\n", f);
        }
    fputs("</tbody></table>\n", f);
}

static void run_tables(FILE *f, const dsh_case_result *res)
{
    const dsh_run_figures *r = &res->run;
    char b[64];
    fputs("<h2>Run</h2>\n<table id=\"run\"><tbody>\n", f);
    fputs("<tr><th>host time (s)</th>", f);
    dsh_html_figure_cell(f, "seconds", res->seconds);
    fputs("</tr>\n", f);
    if (r->has_run) {
        static const char *const names[] = { "simulated cycles",
                                             "CPU clock (Hz)",
                                             "audio seconds",
                                             "MCPS",
                                             "worst period load (%)",
                                             "deadline misses",
                                             "xruns",
                                             "IPC error replies" };
        static const char *const fields[] = {
            "cycles",         "cpu_hz",          "audio_seconds", "mcps",
            "worst_load_pct", "deadline_misses", "xruns",         "ipc_errors"
        };
        const double v[] = { (double)r->cycles, r->cpu_hz,
                             r->audio_seconds,  r->mcps,
                             r->worst_load_pct, (double)r->deadline_misses,
                             (double)r->xruns,  (double)r->ipc_errors };
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
            fprintf(f, "<tr><th>%s</th>", names[i]);
            dsh_html_figure_cell(f, fields[i], v[i]);
            fputs("</tr>\n", f);
        }
        if (r->engine[0]) {
            fputs("<tr><th>CPU engine</th><td>", f);
            dsh_html_esc(f, r->engine);
            fputs("</td></tr>\n", f);
        }
    }
    fputs("</tbody></table>\n", f);
    if (!r->has_run)
        return;
    if (r->npipes) {
        fputs("<table id=\"pipelines\"><thead><tr><th>pipeline</th>"
              "<th>periods</th><th>period cycles</th><th>average cycles</th>"
              "<th>worst cycles</th><th>worst load (%)</th><th>misses</th>"
              "</tr></thead><tbody>\n",
              f);
        for (unsigned i = 0; i < r->npipes && i < DSH_RESULT_MAX_PIPES; i++) {
            const struct dsh_pipe_figures *p = &r->pipes[i];
            fprintf(f, "<tr><td>%u</td>", p->id);
            dsh_html_figure_cell(f, "periods", (double)p->periods);
            dsh_html_figure_cell(f, "period_cycles", (double)p->period_cycles);
            dsh_html_figure_cell(f, "avg_cycles", (double)p->avg_cycles);
            dsh_html_figure_cell(f, "worst_cycles", (double)p->worst_cycles);
            fprintf(f, "<td class=\"num\">%s</td>",
                    dsh_html_figure(p->period_cycles
                                        ? 100.0 * (double)p->worst_cycles /
                                              (double)p->period_cycles
                                        : 0,
                                    b, sizeof b));
            dsh_html_figure_cell(f, "misses", (double)p->misses);
            fputs("</tr>\n", f);
        }
        fputs("</tbody></table>\n", f);
    }
    if (r->ncomps) {
        fputs("<table id=\"components\"><thead><tr><th>component</th>"
              "<th>MCPS</th><th>worst period (%)</th></tr></thead><tbody>\n",
              f);
        for (unsigned i = 0; i < r->ncomps && i < DSH_RESULT_MAX_COMPS; i++) {
            fputs("<tr><td>", f);
            dsh_html_esc(f, r->comps[i].name);
            fputs("</td>", f);
            dsh_html_figure_cell(f, "mcps", r->comps[i].mcps);
            dsh_html_figure_cell(f, "worst_pct", r->comps[i].worst_pct);
            fputs("</tr>\n", f);
        }
        fputs("</tbody></table>\n", f);
    }
}

/* the figures, each with its caption and the element it is drawn in */
static void plots(FILE *f, const dsh_html_case *c)
{
    if (!has_plots(c))
        return;
    fputs("<h2>Plots</h2>\n", f);
    for (size_t i = 0; i < c->plots->n; i++) {
        const dsh_case_plot *p = &c->plots->p[i];
        fprintf(f,
                "<figure class=\"plot\" id=\"plot-%s\" data-plot=\"%s\">"
                "<figcaption>",
                p->id, p->id);
        dsh_html_esc(f, p->title);
        if (p->caption && p->caption[0])
            fprintf(f, "<ul class=\"figures\">%s</ul>", p->caption);
        fputs("</figcaption>\n<div class=\"graph\"></div><div "
              "class=\"legend\"></div></figure>\n",
              f);
    }
}

/* the plot data as read, the specifications, the library and the
 * drawing script */
static void plot_scripts(FILE *f, const dsh_html_case *c)
{
    if (!has_plots(c))
        return;
    fputs("<script type=\"application/json\" id=\"dspsim-plotdata\">", f);
    dsh_script_text(f, c->raw, c->raw_len);
    fputs("</script>\n<script type=\"application/json\" "
          "id=\"dspsim-plots\">",
          f);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m) {
        dsh_case_plots_json(m, c->plots);
        if (!fclose(m))
            dsh_script_text(f, buf, len);
        free(buf);
    }
    fputs("</script>\n", f);
    dsh_plot_lib_head(f, c->lib, c->lib_src);
    fputs("<script>", f);
    dsh_script_code(f, dsh_plots_js, dsh_plots_js_len);
    fputs("</script>\n", f);
}

static void events(FILE *f, const json_t *data)
{
    /* the index's first events and their number (plot_index.h) */
    const json_t *ev = json_object_get(data, "events");
    size_t n = (size_t)json_integer_value(json_object_get(data, "events_n"));
    if (!n || !json_array_size(ev))
        return;
    char b[64];
    fputs("<h2>Events</h2>\n", f);
    const json_t *counts = json_object_get(data, "event_counts");
    static const char *const kinds[] = { "miss",  "xrun",      "restart",
                                         "fault", "ipc_error", "panic" };
    fputs("<p>", f);
    bool first = true;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        json_int_t v = json_integer_value(json_object_get(counts, kinds[i]));
        if (!v)
            continue;
        fprintf(f, "%s%s: %lld", first ? "" : ", ", kinds[i], (long long)v);
        first = false;
    }
    fputs("</p>\n<table id=\"events\"><thead><tr><th>time (s)</th>"
          "<th>kind</th><th>what</th></tr></thead><tbody>\n",
          f);
    for (size_t i = 0; i < json_array_size(ev) && i < EVENTS_SHOWN; i++) {
        const json_t *e = json_array_get(ev, i);
        fprintf(f, "<tr><td class=\"num\">%s</td><td>",
                dsh_html_figure(json_number_value(json_object_get(e, "t_s")), b,
                                sizeof b));
        dsh_html_esc(f, json_string_value(json_object_get(e, "kind")));
        fputs("</td><td>", f);
        dsh_html_esc(f, json_string_value(json_object_get(e, "text")));
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
    if (n > EVENTS_SHOWN)
        fprintf(f, "<p>%zu more in the plot data.</p>\n", n - EVENTS_SHOWN);
}

/* What the run recorded around the first sign of trouble of a failed
 * case, by time (plot data "log_excerpt": the firmware's markers, IPC,
 * interrupts, DMA from the timeline), the line of the failure marked */
static void log_excerpt(FILE *f, const json_t *data)
{
    const json_t *x = json_object_get(data, "log_excerpt");
    const json_t *lines = json_object_get(x, "lines");
    if (!json_array_size(lines))
        return;
    char b[64];
    double t0 = json_number_value(json_object_get(x, "t_s"));
    fputs("<h2>Around the failure</h2>\n<p>What the firmware's markers, the "
          "IPC, the interrupts and the DMA did around the ",
          f);
    dsh_html_esc(f, json_string_value(json_object_get(x, "what")));
    fprintf(
        f,
        " at %s s (from the timeline; time in s since START, the "
        "line of the failure marked &gt;&gt;):</p>\n<pre id=\"log-excerpt\" "
        "data-t=\"%s\">",
        dsh_html_figure(t0, b, sizeof b), b);
    bool marked = false;
    for (size_t i = 0; i < json_array_size(lines); i++) {
        const json_t *l = json_array_get(lines, i);
        double t = json_number_value(json_object_get(l, "t_s"));
        bool here = !marked && t >= t0;
        marked |= here;
        fprintf(f, "%s%12.6f  ", here ? "&gt;&gt;" : "  ", t);
        char col[40];
        snprintf(col, sizeof col, "%-12.12s",
                 json_string_value(json_object_get(l, "track"))
                     ? json_string_value(json_object_get(l, "track"))
                     : "");
        dsh_html_esc(f, col);
        fputs("  ", f);
        dsh_html_esc(f, json_string_value(json_object_get(l, "name")));
        const char *d = json_string_value(json_object_get(l, "detail"));
        if (d && *d) {
            fputs("  ", f);
            dsh_html_esc(f, d);
        }
        fputs("\n", f);
    }
    fputs("</pre>\n", f);
}

/* <li><a href=LINK>LABEL</a> NOTE</li> when the file exists; path
 * relative to the output directory out_dir (the plot data's) */
static void file_link(FILE *f, const char *page_dir, const char *out_dir,
                      const char *rel, const char *label, const char *note)
{
    char href[4096], path[8192];
    if (!rel)
        return;
    if (rel[0] == '/' || !out_dir)
        snprintf(path, sizeof path, "%s", rel);
    else
        snprintf(path, sizeof path, "%s/%s", out_dir, rel);
    if (!*dsh_html_link(page_dir, path, href, sizeof href))
        return;
    fputs("<li>", f);
    dsh_html_esc(f, label);
    fputs(": <a href=\"", f);
    dsh_html_esc(f, href);
    fputs("\">", f);
    dsh_html_esc(f, path);
    fputs("</a>", f);
    if (note) {
        fputs(" ", f);
        dsh_html_esc(f, note);
    }
    fputs("</li>\n", f);
}

static void files(FILE *f, const char *page_dir, const char *od,
                  const json_t *data)
{
    if (!data)
        return;
    const json_t *outs = json_object_get(data, "outputs");
    const json_t *fl = json_object_get(data, "files");
    fputs("<h2>Files</h2>\n<ul id=\"files\">\n", f);
    for (size_t i = 0; i < json_array_size(outs); i++) {
        const json_t *o = json_array_get(outs, i);
        char label[96];
        const char *name = json_string_value(json_object_get(o, "name"));
        snprintf(label, sizeof label, "%s output", name ? name : "?");
        file_link(f, page_dir, od,
                  json_string_value(json_object_get(o, "file")), label, NULL);
        snprintf(label, sizeof label, "%s reference", name ? name : "?");
        file_link(f, page_dir, od,
                  json_string_value(json_object_get(o, "reference")), label,
                  NULL);
        snprintf(label, sizeof label, "%s output - reference",
                 name ? name : "?");
        file_link(f, page_dir, od,
                  json_string_value(json_object_get(o, "diff_file")), label,
                  NULL);
    }
    file_link(f, page_dir, od,
              json_string_value(json_object_get(fl, "firmware_log")),
              "firmware log", NULL);
    file_link(f, page_dir, od,
              json_string_value(json_object_get(fl, "timeline")), "timeline",
              "(Chrome trace-event JSON: open it in ui.perfetto.dev or "
              "chrome://tracing)");
    file_link(
        f, page_dir, od, json_string_value(json_object_get(fl, "profile")),
        "cycle profile", "(callgrind format: kcachegrind, callgrind_annotate)");
    fputs("</ul>\n", f);
}

void dsh_html_case_page(FILE *f, const char *page_dir, const dsh_html_case *c)
{
    const dsh_report_entry *e = c->e;
    const dsh_case_result *res = e->result;
    char title[512];
    snprintf(title, sizeof title, "%s: %s", dsh_res_status_name(res->status),
             e->name);
    dsh_html_begin(f, title);
    fputs("<h1>", f);
    dsh_html_esc(f, e->name);
    fprintf(f, "</h1>\n<p id=\"status\" data-status=\"%s\">",
            dsh_res_status_name(res->status));
    dsh_html_status(f, res->status);
    fputs(" <code>", f);
    dsh_html_esc(f, e->path);
    fputs("</code>", f);
    if (c->index_href) {
        fputs(" &middot; <a href=\"", f);
        dsh_html_esc(f, c->index_href);
        fputs("\">all cases</a>", f);
    }
    fputs("</p>\n", f);
    if (res->message[0]) {
        fprintf(f, "<p id=\"message\" class=\"%s\">",
                res->status == DSH_RES_PASS ? "" : "fail");
        dsh_html_esc(f, res->message);
        fputs("</p>\n", f);
    }
    if (c->notice && c->notice[0]) {
        fputs("<p class=\"notice\" id=\"notice\">", f);
        dsh_html_esc(f, c->notice);
        fputs("</p>\n", f);
    }
    checks_table(f, c);
    run_tables(f, res);
    dsh_html_cores_table(f, &res->run);
    plots(f, c);
    if (c->data)
        events(f, c->data);
    if ((res->status == DSH_RES_FAIL || res->status == DSH_RES_ERROR) &&
        c->data)
        log_excerpt(f, c->data);
    if ((res->status == DSH_RES_FAIL || res->status == DSH_RES_ERROR) &&
        res->log[0]) {
        fputs("<h2>Firmware log</h2>\n<p>The diagnosis, statistics, the "
              "firmware's trace ring and console (firmware.log, cut to "
              "8 KiB):</p>\n<pre id=\"log\">",
              f);
        dsh_html_esc(f, res->log);
        fputs("</pre>\n", f);
    }
    files(f, page_dir, e->out_dir, c->data);
    plot_scripts(f, c);
    dsh_html_end(f, false);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The summary page of the HTML report (html_index.h). */
#include "html_index.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "case_plots.h"
#include "html_case.h"
#include "html_cores.h"
#include "html_head.h"
#include "html_text.h"

static int rank(dsh_res_status s)
{
    switch (s) {
    case DSH_RES_FAIL:
        return 0;
    case DSH_RES_ERROR:
        return 1;
    case DSH_RES_SKIP:
        return 2;
    case DSH_RES_PASS:
        return 3;
    }
    return 4;
}

static void checks_cell(FILE *f, const dsh_case_result *res)
{
    unsigned n = res->nchecks < DSH_RESULT_MAX_CHECKS ? res->nchecks
                                                      : DSH_RESULT_MAX_CHECKS;
    char text[256], v[64], lo[64], hi[64];
    fputs("<td class=\"checks\">", f);
    for (int pass = 0; pass < 2; pass++)
        for (unsigned i = 0; i < n; i++) {
            const dsh_check_figure *k = &res->checks[i];
            if (k->passed != (pass == 1))
                continue;
            dsh_html_figure(k->value, v, sizeof v);
            dsh_html_figure(k->min, lo, sizeof lo);
            dsh_html_figure(k->max, hi, sizeof hi);
            fprintf(f, "<span class=\"chk %s\" data-subject=\"",
                    k->passed ? "pass" : "fail");
            dsh_html_esc(f, k->subject);
            fputs("\" data-check=\"", f);
            dsh_html_esc(f, k->check);
            fprintf(f, "\" data-value=\"%s\"", v);
            if (k->has_min)
                fprintf(f, " data-min=\"%s\"", lo);
            if (k->has_max)
                fprintf(f, " data-max=\"%s\"", hi);
            fprintf(f, " data-passed=\"%s\">", k->passed ? "true" : "false");
            dsh_html_esc(f, k->subject);
            fputs(": ", f);
            dsh_html_esc(f, dsh_check_label(k, text, sizeof text));
            fputs("</span>", f);
        }
    fputs("</td>", f);
}

static void row(FILE *f, const dsh_report_entry *e, const char *page)
{
    const dsh_case_result *res = e->result;
    const dsh_run_figures *r = &res->run;
    fprintf(f, "<tr class=\"case\" data-status=\"%s\" data-path=\"",
            dsh_res_status_name(res->status));
    dsh_html_esc(f, e->path);
    fputs("\" data-page=\"", f);
    dsh_html_esc(f, page);
    fprintf(f, "\"><td data-sort=\"%d\">", rank(res->status));
    dsh_html_status(f, res->status);
    fputs("</td><td data-sort=\"", f);
    dsh_html_esc(f, e->path);
    fputs("\"><a href=\"", f);
    dsh_html_esc(f, page);
    fputs("\">", f);
    dsh_html_esc(f, e->name);
    fputs("</a><br><code>", f);
    dsh_html_esc(f, e->path);
    fputs("</code>", f);
    if (res->message[0]) {
        fprintf(f, "<br><span class=\"%s\">",
                res->status == DSH_RES_PASS ? "" : "fail");
        dsh_html_esc(f, res->message);
        fputs("</span>", f);
    }
    fputs("</td>", f);
    checks_cell(f, res);
    if (r->has_run) {
        dsh_html_figure_cell(f, "mcps", r->mcps);
        dsh_html_figure_cell(f, "worst_load_pct", r->worst_load_pct);
        dsh_html_figure_cell(f, "deadline_misses", (double)r->deadline_misses);
        dsh_html_figure_cell(f, "xruns", (double)r->xruns);
    } else {
        fputs("<td data-sort=\"\"></td><td data-sort=\"\"></td>"
              "<td data-sort=\"\"></td><td data-sort=\"\"></td>",
              f);
    }
    dsh_html_cores_cell(f, r);
    dsh_html_figure_cell(f, "seconds", res->seconds);
    fputs("</tr>\n", f);
}

void dsh_html_index_page(FILE *f, const dsh_report *r, const char *const *pages,
                         const char *notice)
{
    char ts[32], host[256];
    dsh_report_timestamp(r->started, true, ts, sizeof ts);
    if (r->hostname)
        snprintf(host, sizeof host, "%s", r->hostname);
    else if (gethostname(host, sizeof host) || !host[0])
        snprintf(host, sizeof host, "localhost");
    host[sizeof host - 1] = '\0';
    dsh_html_begin(f, "dspsim test report");
    fputs("<h1>dspsim test report</h1>\n<p id=\"summary\"", f);
    fprintf(
        f,
        " data-total=\"%zu\" data-passed=\"%zu\" data-failed=\"%zu\" "
        "data-error-cases=\"%zu\" data-skipped=\"%zu\">%zu cases: %zu passed, "
        "%zu failed, %zu errors, %zu skipped (%.2f s of host time); ",
        r->n, r->count[DSH_RES_PASS], r->count[DSH_RES_FAIL],
        r->count[DSH_RES_ERROR], r->count[DSH_RES_SKIP], r->n,
        r->count[DSH_RES_PASS], r->count[DSH_RES_FAIL], r->count[DSH_RES_ERROR],
        r->count[DSH_RES_SKIP], r->seconds);
    fprintf(f, "started %s on ", ts);
    dsh_html_esc(f, host);
    if (r->shard_count > 1)
        fprintf(f, ", shard %u/%u", r->shard_index, r->shard_count);
    fputs("</p>\n", f);
    if (notice && notice[0]) {
        fputs("<p class=\"notice\" id=\"notice\">", f);
        dsh_html_esc(f, notice);
        fputs("</p>\n", f);
    }
    fputs("<table class=\"sortable\" id=\"cases\"><thead><tr>"
          "<th data-col=\"status\">status</th><th data-col=\"case\">case</th>"
          "<th>checks (figure against its limits)</th>"
          "<th data-col=\"mcps\">MCPS</th>"
          "<th data-col=\"load\">worst load (%)</th>"
          "<th data-col=\"misses\">misses</th>"
          "<th data-col=\"xruns\">xruns</th>"
          "<th data-col=\"cores\">per core (MCPS, worst load, busy)</th>"
          "<th data-col=\"seconds\">host time (s)</th></tr></thead><tbody>\n",
          f);
    for (int k = 0; k <= 4; k++)
        for (size_t i = 0; i < r->n; i++)
            if (rank(r->entries[i].result->status) == k)
                row(f, &r->entries[i], pages[i]);
    fputs("</tbody></table>\n<p>Click a heading to sort by it (again: the "
          "other way); <code>#sort=mcps</code> or <code>#sort=-load</code> "
          "in the address sorts on opening.</p>\n",
          f);
    dsh_html_end(f, true);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The HTML report's per-core figures (html_cores.h). */
#include "html_cores.h"

#include "html_case.h"
#include "html_text.h"

static unsigned ncores(const dsh_run_figures *r)
{
    if (!r->has_run)
        return 0;
    return r->ncores < DSH_RESULT_MAX_CORES ? r->ncores : DSH_RESULT_MAX_CORES;
}

void dsh_html_cores_table(FILE *f, const dsh_run_figures *r)
{
    unsigned n = ncores(r);
    if (!n)
        return;
    fputs("<table id=\"cores\"><thead><tr><th>core</th><th>pipelines</th>"
          "<th>MCPS</th><th>worst period load (%)</th>"
          "<th>deadline misses</th><th>busy (%)</th><th>busy MCPS</th>"
          "</tr></thead><tbody>\n",
          f);
    for (unsigned k = 0; k < n; k++) {
        const struct dsh_core_figures *c = &r->cores[k];
        fprintf(f, "<tr class=\"core\" data-core=\"%u\"><td>%u</td><td>", k, k);
        for (unsigned i = 0; i < c->npipes && i < DSH_RESULT_MAX_PIPES; i++)
            fprintf(f, "%s%u", i ? ", " : "", c->pipe_ids[i]);
        fputs("</td>", f);
        dsh_html_figure_cell(f, "mcps", c->mcps);
        dsh_html_figure_cell(f, "worst_load_pct", c->worst_load_pct);
        dsh_html_figure_cell(f, "deadline_misses", (double)c->deadline_misses);
        if (c->busy_known) {
            dsh_html_figure_cell(f, "busy_pct", c->busy_pct);
            dsh_html_figure_cell(f, "busy_mcps", c->busy_mcps);
        } else {
            fputs("<td></td><td></td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

void dsh_html_cores_cell(FILE *f, const dsh_run_figures *r)
{
    unsigned n = ncores(r);
    char a[32], b[32], c[32];
    double worst = 0;
    for (unsigned k = 0; k < n; k++)
        if (r->cores[k].worst_load_pct > worst)
            worst = r->cores[k].worst_load_pct;
    if (!n) {
        fputs("<td data-sort=\"\"></td>", f);
        return;
    }
    fprintf(f, "<td class=\"cores\" data-sort=\"%s\">",
            dsh_html_figure(worst, a, sizeof a));
    for (unsigned k = 0; k < n; k++) {
        const struct dsh_core_figures *x = &r->cores[k];
        fprintf(f, "%s<span data-core=\"%u\">%u: %s MCPS, %s%%",
                k ? "<br>" : "", k, k, dsh_html_figure(x->mcps, a, sizeof a),
                dsh_html_figure(x->worst_load_pct, b, sizeof b));
        if (x->busy_known)
            fprintf(f, ", busy %s%%",
                    dsh_html_figure(x->busy_pct, c, sizeof c));
        fputs("</span>", f);
    }
    fputs("</td>", f);
}

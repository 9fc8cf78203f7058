/* SPDX-License-Identifier: BSD-3-Clause */
/* One case's page of the HTML report (docs/harness.md "HTML report"):
 * status and message, the checks with their figures and limits, the
 * run's figures (cycles, MCPS, loads, misses, xruns, host time) per
 * pipeline and component, the plots (case_plots.h: a <figure
 * class="plot" id="plot-ID"> each with the title and the figures it
 * shows in its caption and a <div class="graph"> plots.js draws in, the
 * plot data and the specifications in <script type="application/json">
 * blocks #dspsim-plotdata and #dspsim-plots), the events, the
 * firmware log excerpt of a failure, and links to the files the run left
 * (WAVs, firmware.log, the Perfetto timeline, the callgrind profile).
 *
 * The figures carry their exact values as data attributes: a check's
 * <tr class="check"> has data-subject, data-check, data-value, data-unit,
 * data-min and data-max (when bounded) and data-passed; a run figure's
 * cell data-field and data-value.  Values are dsh_html_figure text, the
 * JSON report's rounding. */
#ifndef DSH_HTML_CASE_H
#define DSH_HTML_CASE_H

#include <stdio.h>

#include <jansson.h>

#include "case_plots.h"
#include "plot_lib.h"
#include "runner/report.h"

typedef struct dsh_html_case {
    const dsh_report_entry *e;
    const json_t *data;          /* the plot data's index (plotdata/
                                    plot_index.h); NULL = none */
    const char *raw;             /* the same as read (plotdata.json): the
                                    page holds it for its plots */
    size_t raw_len;              /* bytes */
    const dsh_case_plots *plots; /* NULL = none */
    const dsh_plot_lib *lib;     /* NULL = no plots drawn */
    const char *lib_src;         /* the library's URL; NULL = inline */
    const char *index_href;      /* the index page; NULL = none */
    const char *notice;          /* one line; NULL or "" = none */
} dsh_html_case;

/* The page, written to f for a file in directory page_dir (links are
 * relative to it). */
void dsh_html_case_page(FILE *f, const char *page_dir, const dsh_html_case *c);

/* <span class="st st-NAME">NAME</span> */
void dsh_html_status(FILE *f, dsh_res_status s);
/* A figure as a <td class="num" data-field=FIELD data-value=V>V</td>. */
void dsh_html_figure_cell(FILE *f, const char *field, double v);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* The plots of one case page (docs/harness.md "HTML report"), as
 * specifications for the page's drawing script (plots.js, which draws
 * them with dygraphs in the viewer's browser: plot_lib.h) made from the
 * case's plot data (DSH_PLOTDATA_FILE, written by
 * harness/exec/exec_plotdata.c) and its checks (the figures of the JSON
 * report):
 *
 *   spectrum-OUT  the output's spectrum (first channel, Kaiser window as
 *                 THD+N takes it), the reference's; THD+N, SNR and
 *                 dynamic range against their limits
 *   level-OUT     level over time of the output and the reference; the
 *                 level_dbfs limits, the skip; level, gain, DC, length
 *   diff-OUT      max |output - reference| over time in LSB against the
 *                 tolerance (a case with a reference)
 *   response-OUT  measured frequency response against the mask
 *   load-ID       every period's load of pipeline ID against the
 *                 deadline (100 %) and max_load_pct, with xruns,
 *                 restarts, faults, IPC errors and misses on the same
 *                 time axis; the deadline and run counts
 *   src-pass-C, src-stop-C  SRC component C's passband, and its pass-
 *                 and stopband, against the SRC quality mask
 *   components    each component's average load and worst period as
 *                 bars against the deadline (log axis)
 *
 * A specification is a JSON object (plots.js documents it) naming the
 * arrays of the plot data it draws (by their keys and indices: the data
 * is in the page as it is, not copied into the specification) and
 * holding what is not in the data: ranges, limits, labels, the
 * components' bars.
 * Each check's figure is written in the caption of the plot that shows
 * it, as "SUBJECT: CHECK = VALUE UNIT (min A, max B): pass|FAIL" with
 * VALUE as dsh_html_figure makes it (the table's text). */
#ifndef DSH_CASE_PLOTS_H
#define DSH_CASE_PLOTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "runner/runner.h"

typedef struct dsh_case_plot {
    char id[64];     /* "spectrum-ssp0" */
    char title[160]; /* the heading above it */
    char *spec;      /* its specification, a JSON object (malloc'd) */
    char *caption;   /* the figures it shows: <li class="pass|fail">
                        TEXT</li> each, HTML (malloc'd) */
} dsh_case_plot;

typedef struct dsh_case_plots {
    dsh_case_plot *p;
    size_t n;
} dsh_case_plots;

/* The plots of a case from its plot data (NULL: none) and result.
 * false when out of memory. */
bool dsh_case_plots_make(const json_t *data, const dsh_case_result *res,
                         dsh_case_plots *out);
void dsh_case_plots_free(dsh_case_plots *p);

/* The specifications as one JSON array: [SPEC,\nSPEC...]. */
void dsh_case_plots_json(FILE *f, const dsh_case_plots *p);

/* The id of the plot that shows check c ("" when no plot does). */
const char *dsh_case_plot_of(const dsh_case_plots *p,
                             const dsh_check_figure *c);

/* "CHECK = VALUE UNIT (min A, max B): pass|FAIL" into buf. */
const char *dsh_check_label(const dsh_check_figure *c, char *buf, size_t n);

#endif

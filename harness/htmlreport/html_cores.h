/* SPDX-License-Identifier: BSD-3-Clause */
/* The HTML report's per-core figures (issue 32; docs/harness.md "HTML
 * report"): for a case with pipelines on several cores, the figures of
 * the summary's "core K:" lines and of the JSON report's run.cores.
 * Cells carry data-field and data-value as the other run figures do
 * (html_case.h); nothing is written for a case on one core. */
#ifndef DSH_HTML_CORES_H
#define DSH_HTML_CORES_H

#include <stdio.h>

#include "runner/runner.h"

/* The case page's table: <table id="cores"> with a row per core (core,
 * pipelines, MCPS, worst period load %, deadline misses, busy %, busy
 * MCPS; the busy cells empty when not measured). */
void dsh_html_cores_table(FILE *f, const dsh_run_figures *r);

/* The index's cell: one line per core "core K: MCPS, worst load %, busy
 * %" (<td data-sort=the most loaded core's worst load>); an empty cell
 * for a case on one core. */
void dsh_html_cores_cell(FILE *f, const dsh_run_figures *r);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* The summary page of the HTML report (docs/harness.md "HTML report"):
 * one row per case, failures first (failed, error, skipped, passed; by
 * path within each), sortable by a click on a column's heading (inline
 * script, html_head.h): status, the case (linked to its page), the
 * figure of every check against its limits, MCPS, worst period load,
 * deadline misses, xruns and host time.  Figures carry data attributes
 * as on the case pages (html_case.h): a check's <span class="chk"> its
 * data-subject, data-check, data-value, data-min, data-max, data-passed;
 * a run figure's cell data-field and data-value.  Each row is
 * <tr class="case" data-status data-path data-page>. */
#ifndef DSH_HTML_INDEX_H
#define DSH_HTML_INDEX_H

#include <stdio.h>

#include "runner/report.h"

/* pages[i]: the page of r->entries[i], relative to the index. */
void dsh_html_index_page(FILE *f, const dsh_report *r, const char *const *pages,
                         const char *notice);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* The HTML report (docs/harness.md "HTML report"; issue 33): a summary
 * page of every case and one page per case with its plots, drawn by
 * gnuplot (plot_tool.h) from the data each case's run left in its output
 * directory (DSH_PLOTDATA_FILE, harness/exec/exec_plotdata.c) and the
 * figures of the JSON report (the same dsh_case_result).  Self-contained:
 * plots are inline SVG, style and scripts inline, nothing is fetched.
 * Every file is written to a temporary file and renamed (textout/
 * out_file.h).  No plotting tool (or a failing one) leaves the tables
 * and a one-line notice, never a failed report. */
#ifndef DSH_HTMLREPORT_H
#define DSH_HTMLREPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "runner/report.h"

/* The report of a suite written while its cases run: begin before the
 * first case, dsh_html_suite_case as each one finishes (its page is
 * made then, in the caller's thread, its plots drawn by one gnuplot for
 * the whole report, plot_tool.h, while the other cases run in their
 * processes; no thread of its own: the runner forks), end after
 * the last (the pages still to make, then the index).  The same files as
 * dsh_html_write_suite, whatever order the cases finish in. */
typedef struct dsh_html_suite dsh_html_suite;

/* DIR and DIR/cases made; entries: every case's path and root (for its
 * page's name; results not needed yet), kept until end.  NULL + err when
 * a directory cannot be made or out of memory. */
dsh_html_suite *dsh_html_suite_begin(const char *dir,
                                     const dsh_report_entry *entries, size_t n,
                                     char *err, size_t errsz);
/* Case i (entries[i], its result and plot data complete) has finished;
 * once for each, any order. */
void dsh_html_suite_case(dsh_html_suite *s, size_t i);
/* The pages not made yet, then DIR/index.html from r (the same entries;
 * NULL: no index, the report abandoned); notice: "" or the line of a
 * plot failure; false + err (naming the file) when a page cannot be
 * written.  Frees s (NULL: false). */
bool dsh_html_suite_end(dsh_html_suite *s, const dsh_report *r, char *notice,
                        size_t noticesz, char *err, size_t errsz);

/* DIR/index.html and DIR/cases/NAME.html (NAME: the case's classname,
 * characters other than letters, digits, '.', '_' and '-' as '_'); DIR
 * and DIR/cases are created.  Each entry's out_dir (may be NULL) is where
 * its plot data is.  notice: "" or the line the pages show when plots
 * are missing.  false + err (naming the file) when a page cannot be
 * written. */
bool dsh_html_write_suite(const char *dir, const dsh_report *r, char *notice,
                          size_t noticesz, char *err, size_t errsz);

/* One case's page as FILE (`dspsim run`, `dspsim play --report`), with
 * its plot data from e->out_dir.  Same notice and errors. */
bool dsh_html_write_case_file(const char *file, const dsh_report_entry *e,
                              char *notice, size_t noticesz, char *err,
                              size_t errsz);

#endif

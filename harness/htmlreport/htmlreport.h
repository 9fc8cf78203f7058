/* SPDX-License-Identifier: BSD-3-Clause */
/* The HTML report (docs/harness.md "HTML report"; issue 33): a summary
 * page of every case and one page per case with its plots, drawn when
 * the page is opened, in the browser, by dygraphs (plot_lib.h) from the
 * data each case's run made (harness/exec/exec_plotdata.c: a worker's
 * text sent to the runner, dsh_report_entry.plot_text, else the file
 * DSH_PLOTDATA_FILE in its output directory), which the page holds as it
 * is, and the
 * figures of the JSON report (the same dsh_case_result).  Nothing is
 * fetched from the network: a suite's pages load the library from the
 * report's directory, a single page holds it inline.  Every file is
 * written to a temporary file and renamed (textout/out_file.h).  No
 * library leaves the tables and a one-line notice, never a failed
 * report. */
#ifndef DSH_HTMLREPORT_H
#define DSH_HTMLREPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "runner/report.h"

/* The report of a suite written while its cases run: begin before the
 * first case (DIR/dygraph.min.js written then), dsh_html_suite_case as
 * each one finishes (its page is made then, in the caller's thread,
 * while the other cases run in their processes; no thread of its own:
 * the runner forks), end after
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
 * NULL: no index, the report abandoned); notice: "" or the line saying
 * why there are no plots; false + err (naming the file) when a page cannot be
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
 * its plot data from e->out_dir and the library inline: one file.  Same
 * notice and errors. */
bool dsh_html_write_case_file(const char *file, const dsh_report_entry *e,
                              char *notice, size_t noticesz, char *err,
                              size_t errsz);

#endif

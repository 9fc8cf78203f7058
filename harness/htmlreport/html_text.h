/* SPDX-License-Identifier: BSD-3-Clause */
/* Text in the HTML report (docs/harness.md "HTML report"): escaping,
 * the one format every figure is shown in, and links between files. */
#ifndef DSH_HTML_TEXT_H
#define DSH_HTML_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* s as HTML text or attribute value: & < > " ' escaped, bytes that are
 * not valid UTF-8 (and C0 controls but tab, LF, CR) as U+FFFD. */
void dsh_html_esc(FILE *f, const char *s);
/* The same for at most n bytes of s. */
void dsh_html_esc_n(FILE *f, const char *s, size_t n);

/* A figure as the report shows it, in the table, its data-value and the
 * plots alike: the JSON report's rounding (6 decimals), trailing zeros
 * dropped ("-78.213457", "13.95125", "0"); "NaN" for a NaN, "inf",
 * "-inf".  Returns buf. */
const char *dsh_html_figure(double v, char *buf, size_t n);

/* A link from a page in directory from_dir to the file `target` (both
 * relative to the current directory or absolute): target's path
 * relative to from_dir when both resolve (realpath), else target made
 * absolute; "" when target does not exist.  Returns out. */
const char *dsh_html_link(const char *from_dir, const char *target, char *out,
                          size_t n);

#endif

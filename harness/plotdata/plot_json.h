/* SPDX-License-Identifier: BSD-3-Clause */
/* The plot data's JSON text, written fast (docs/harness.md "HTML
 * report"): the plots need a few significant digits, not the 17 of an
 * exact double, and the suite's plot data is about 200,000 numbers, so
 * the text is made in a buffer of the process's with a number formatter
 * of its own, and written a buffer at a time.
 *
 * The text is what json_dumpf(v, f, JSON_COMPACT) writes, members in
 * their order, but that a real number has `digits` significant digits
 * (rounded to nearest; "%.*g"'s choice of fixed or exponent form, a
 * trailing ".0" when the text has neither '.' nor 'e', so that it reads
 * back as a real).  The figures the report compares with the JSON report
 * do not come from here (they are the case's result, in the page's
 * tables). */
#ifndef DSH_PLOT_JSON_H
#define DSH_PLOT_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#define DSH_PLOT_JSON_DIGITS 6 /* significant digits of the plot data */

/* A finite v with `digits` (1..15) significant digits into out (at least
 * 32 bytes); returns its length. */
size_t dsh_plot_json_real(double v, int digits, char *out);

/* v's compact text to f; false on a write error or out of memory.  Not
 * thread-safe (one buffer per process).  A curve (dsh_plot_curve) is
 * written as its array. */
bool dsh_plot_json_write(const json_t *v, int digits, FILE *f);

/* A curve of the plot data: its n numbers' JSON array text, made now
 * with `digits` significant digits (a non-finite number is null) as
 * dsh_plot_json_write writes an array of reals, and beside it its index
 * summary (dsh_plot_index_summary), in one node instead of one per
 * number (a suite's plot data holds tens of thousands: their nodes were
 * a third of its cost).  An object of the two members below, which
 * dsh_plot_json_write writes as the array and dsh_plot_index summarises;
 * only those two read it.  NULL when out of memory. */
#define DSH_PLOT_CURVE_TEXT    "\001curve"
#define DSH_PLOT_CURVE_SUMMARY "\001summary"
json_t *dsh_plot_curve(const double *v, size_t n, int digits);
/* v's summary if v is a curve, else NULL (borrowed). */
json_t *dsh_plot_curve_summary(const json_t *v);

#endif

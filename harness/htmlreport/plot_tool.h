/* SPDX-License-Identifier: BSD-3-Clause */
/* The plotting tool of the HTML report: gnuplot (Debian gnuplot-nox;
 * docs/harness.md "HTML report" says why), run as a child process that
 * draws a batch of plots to SVG files in a temporary directory, which
 * are read back and removed.  The children are waited for (reaped) and
 * killed after DSH_PLOT_TIMEOUT_S; nothing it starts outlives the call.
 *
 * $DSPSIM_GNUPLOT names the program (default "gnuplot", looked up in
 * PATH); "none" (or a program that cannot be run) means no plots: the
 * report then holds its tables with a one-line notice. */
#ifndef DSH_PLOT_TOOL_H
#define DSH_PLOT_TOOL_H

#include <stdbool.h>
#include <stddef.h>

#define DSH_PLOT_TIMEOUT_S 300
#define DSH_PLOT_JOBS      8 /* gnuplots at once, at most */

typedef struct dsh_plot_batch dsh_plot_batch;

/* A batch whose temporary files go in a new directory under tmp_parent
 * (which must exist).  NULL when out of memory. */
dsh_plot_batch *dsh_plot_batch_new(const char *tmp_parent);
/* Adds a plot: gnuplot commands that draw one plot (the terminal and the
 * output file are the batch's; $data blocks may be defined).  Returns
 * its index, -1 when out of memory. */
int dsh_plot_batch_add(dsh_plot_batch *b, const char *script);
/* Draws every plot, with a gnuplot for each online CPU (at most
 * DSH_PLOT_JOBS) drawing its share at once.  false, with the reason in why
 * ("gnuplot not found (install gnuplot-nox)", "gnuplot failed: ..."),
 * when none could be drawn or some failed; the plots that were drawn are
 * kept either way. */
bool dsh_plot_batch_run(dsh_plot_batch *b, char *why, size_t whysz);
/* The SVG of plot i without its XML prolog, its ids prefixed with
 * "pI-" (unique within a page that holds several); NULL when it was not
 * drawn.  Owned by the batch. */
const char *dsh_plot_batch_svg(dsh_plot_batch *b, int i);
/* Removes the temporary directory and frees. */
void dsh_plot_batch_free(dsh_plot_batch *b);

/* gnuplot's quoting of s as a string constant: "..." with \ and "
 * escaped, newlines as \n; into out.  Returns out. */
const char *dsh_plot_quote(const char *s, char *out, size_t n);

#endif

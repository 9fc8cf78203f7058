/* SPDX-License-Identifier: BSD-3-Clause */
/* The plotting tool of the HTML report: gnuplot (Debian gnuplot-nox;
 * docs/harness.md "HTML report" says why), one long-lived process (a
 * session) in a temporary directory of its own: each batch of plots (a
 * page's) is written there as a script, which the session is told to
 * load through a pipe to its stdin; it draws each plot to an SVG file
 * there and answers on its stdout when done; the SVGs are read back and
 * removed.  A session that dies, or gives no answer for
 * DSH_PLOT_TIMEOUT_S seconds, is killed: its plots and every later one
 * are not drawn.  The session is reaped when closed, and
 * killed if its parent dies (PR_SET_PDEATHSIG): nothing it starts
 * outlives the command.
 *
 * $DSPSIM_GNUPLOT names the program (default "gnuplot", looked up in
 * PATH); "none" (or a program that cannot be run) means no plots: the
 * report then holds its tables with a one-line notice.
 * $DSPSIM_GNUPLOT_TIMEOUT (seconds) replaces DSH_PLOT_TIMEOUT_S. */
#ifndef DSH_PLOT_TOOL_H
#define DSH_PLOT_TOOL_H

#include <stdbool.h>
#include <stddef.h>

#define DSH_PLOT_TIMEOUT_S 60 /* without an answer from gnuplot */

/* The plots of one page: their scripts, then their SVGs. */
typedef struct dsh_plot_batch dsh_plot_batch;

/* An empty batch; NULL when out of memory. */
dsh_plot_batch *dsh_plot_batch_new(void);
/* Adds a plot: gnuplot commands that draw one plot (the terminal and the
 * output are the session's; $data blocks may be defined).  Returns its
 * index, -1 when out of memory. */
int dsh_plot_batch_add(dsh_plot_batch *b, const char *script);
/* The SVG of plot i without its XML prolog, its ids prefixed with
 * "pI-" (unique within a page that holds several); NULL when it was not
 * drawn.  Owned by the batch. */
const char *dsh_plot_batch_svg(dsh_plot_batch *b, int i);
void dsh_plot_batch_free(dsh_plot_batch *b);

/* A gnuplot session. */
typedef struct dsh_plot_tool dsh_plot_tool;

/* Starts a session, its directory made in tmp_parent (which must
 * exist), in the calling thread, which must close it: the session is
 * killed when that thread ends.  NULL, with the reason in why ("plots
 * not drawn: gnuplot not found (install gnuplot-nox)", ...), when there
 * is none to start or out of memory. */
dsh_plot_tool *dsh_plot_tool_open(const char *tmp_parent, char *why,
                                  size_t whysz);
/* Draws every plot of b in the session.  false, with the reason in why
 * ("plots: gnuplot failed on a plot (3 of 4 drawn): ...", "plots:
 * gnuplot killed: no answer in 60 s", ...), when some were not drawn;
 * the plots that were drawn are kept either way.  After the session died
 * every call fails at once with the same reason. */
bool dsh_plot_tool_draw(dsh_plot_tool *t, dsh_plot_batch *b, char *why,
                        size_t whysz);
/* Ends the session (gnuplot reaped; killed when it does not end on
 * its own within a second), removes its directory and frees.  NULL is
 * fine. */
void dsh_plot_tool_close(dsh_plot_tool *t);

/* The plots of one batch in a session of their own (open, draw, close). */
bool dsh_plot_batch_run(dsh_plot_batch *b, const char *tmp_parent, char *why,
                        size_t whysz);

/* The whole file at path into *buf (grown with realloc to *cap bytes
 * when too small; *buf NULL and *cap 0 to start), NUL-terminated, its
 * length in *len (optional).  Returns *buf, or NULL when the file cannot
 * be read (*buf stays the caller's to free). */
char *dsh_file_read_into(const char *path, char **buf, size_t *cap,
                         size_t *len);

/* gnuplot's quoting of s as a string constant: "..." with \ and "
 * escaped, newlines as \n; into out.  Returns out. */
const char *dsh_plot_quote(const char *s, char *out, size_t n);

#endif

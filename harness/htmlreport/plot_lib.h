/* SPDX-License-Identifier: BSD-3-Clause */
/* The plotting library of the HTML report: dygraphs (Debian
 * libjs-dygraphs; docs/harness.md "HTML report" says why), read at run
 * time from DSH_PLOT_LIB_JS and the style sheet beside it
 * (dygraph.min.css; optional), never copied into dspsim's sources.  The
 * pages hold their plot data and draw the plots with it in the viewer's
 * browser (plots.js): a suite's report writes the library once into its
 * directory (DSH_PLOT_LIB_FILE) and its pages load it relatively; a
 * single-file page (`dspsim run`, `dspsim play --report`) holds it
 * inline.  Nothing is fetched from the network.
 *
 * $DSPSIM_DYGRAPHS names another dygraph.min.js; "none" means no plots:
 * the pages then hold their tables and a one-line notice. */
#ifndef DSH_PLOT_LIB_H
#define DSH_PLOT_LIB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define DSH_PLOT_LIB_JS   "/usr/share/javascript/dygraphs/dygraph.min.js"
#define DSH_PLOT_LIB_FILE "dygraph.min.js" /* in a suite's report directory */

typedef struct dsh_plot_lib {
    char *js; /* the library's text, NUL-terminated */
    size_t js_len;
    char *css; /* its style sheet; NULL = none */
    size_t css_len;
} dsh_plot_lib;

/* Reads the library.  false, with the notice in why ("plots not drawn:
 * dygraphs not found (install libjs-dygraphs)", "plots not drawn:
 * DSPSIM_DYGRAPHS=none"), when there is none (lib then empty). */
bool dsh_plot_lib_load(dsh_plot_lib *lib, char *why, size_t whysz);
void dsh_plot_lib_free(dsh_plot_lib *lib);

/* DIR/DSH_PLOT_LIB_FILE (temporary file renamed).  false + err. */
bool dsh_plot_lib_write(const dsh_plot_lib *lib, const char *dir, char *err,
                        size_t errsz);

/* What a page holds for the plots: the style sheet inline (when it has
 * no '<'), and the library inline (src NULL) or loaded from src (a
 * relative URL). */
void dsh_plot_lib_head(FILE *f, const dsh_plot_lib *lib, const char *src);

/* n bytes of JSON text s inside a <script type="application/json">
 * element: every "</" as "<\/" and "<!--" as "\u003c!--" (the same JSON,
 * which cannot end the element early). */
void dsh_script_text(FILE *f, const char *s, size_t n);

/* n bytes of JavaScript s inside a <script> element: only "</script"
 * (any case) as "<\/script" and "<!--" as "<\!--", which can end or
 * confuse the element; both stand in strings, regular expressions and
 * comments only, where they mean the same escaped.  (Escaping every "</"
 * would not do: in a regular expression such as /</g, "<\/" escapes its
 * closing slash.) */
void dsh_script_code(FILE *f, const char *s, size_t n);

#endif

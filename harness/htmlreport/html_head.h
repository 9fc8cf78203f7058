/* SPDX-License-Identifier: BSD-3-Clause */
/* What every page of the HTML report starts and ends with: the
 * document head with its inline style sheet, and the inline scripts (no
 * file or network fetched: the report opens offline).
 *
 * Every page records script errors, its own and any resource's that
 * fails, in the attribute data-errors of <html> (the count) and the
 * list #dspsim-errors, and sets data-loaded="1" on <html> once loaded,
 * so a headless browser's DOM dump tells whether the page loaded
 * cleanly (tests/harness/html_browser.sh). */
#ifndef DSH_HTML_HEAD_H
#define DSH_HTML_HEAD_H

#include <stdbool.h>
#include <stdio.h>

/* <!DOCTYPE html> .. <body>; title escaped. */
void dsh_html_begin(FILE *f, const char *title);
/* The table sorter (index pages: a click on a <th data-col> sorts its
 * table by the cells' data-sort, numbers as numbers; "#sort=COL" or
 * "#sort=-COL" in the URL sorts on load), then </body></html>. */
void dsh_html_end(FILE *f, bool sorter);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Diagnostics of the case parser: "FILE:LINE:COL: message" lines.
 * LINE and COL are 1-based (COL counts characters from the line start). */
#ifndef DSH_CASE_DIAG_H
#define DSH_CASE_DIAG_H

#include <stdio.h>

#define DSH_DIAG_MAX 16 /* further errors are counted, not kept */
#define DSH_DIAG_MSG 512

typedef struct dsh_mark {
    unsigned line, col; /* 1-based; 0 = unknown */
} dsh_mark;

typedef struct dsh_diag {
    unsigned count; /* errors reported (may exceed DSH_DIAG_MAX) */
    dsh_mark mark[DSH_DIAG_MAX];
    char msg[DSH_DIAG_MAX][DSH_DIAG_MSG]; /* full "FILE:L:C: text" */
} dsh_diag;

void dsh_diag_init(dsh_diag *d);
/* Records "file:line:col: text" (or "file: text" without a mark). */
void dsh_diag_add(dsh_diag *d, const char *file, dsh_mark m, const char *fmt,
                  ...) __attribute__((format(printf, 4, 5)));
/* Prints every kept message on f, one a line, plus "... N more errors". */
void dsh_diag_print(const dsh_diag *d, FILE *f);

#endif

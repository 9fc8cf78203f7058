/* SPDX-License-Identifier: BSD-3-Clause */
/* Diagnostics of the case parser (case_diag.h). */
#include "case_diag.h"

#include <stdarg.h>
#include <string.h>

void dsh_diag_init(dsh_diag *d)
{
    memset(d, 0, sizeof *d);
}

void dsh_diag_add(dsh_diag *d, const char *file, dsh_mark m, const char *fmt,
                  ...)
{
    unsigned i = d->count++;
    if (i >= DSH_DIAG_MAX)
        return;
    d->mark[i] = m;
    int n;
    if (m.line)
        n = snprintf(d->msg[i], DSH_DIAG_MSG, "%s:%u:%u: ", file, m.line,
                     m.col);
    else
        n = snprintf(d->msg[i], DSH_DIAG_MSG, "%s: ", file);
    if (n < 0 || n >= DSH_DIAG_MSG)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg[i] + n, DSH_DIAG_MSG - (size_t)n, fmt, ap);
    va_end(ap);
}

void dsh_diag_print(const dsh_diag *d, FILE *f)
{
    unsigned kept = d->count < DSH_DIAG_MAX ? d->count : DSH_DIAG_MAX;
    for (unsigned i = 0; i < kept; i++)
        fprintf(f, "%s\n", d->msg[i]);
    if (d->count > kept)
        fprintf(f, "... %u more errors\n", d->count - kept);
}

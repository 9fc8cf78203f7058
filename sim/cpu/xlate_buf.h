/* SPDX-License-Identifier: BSD-3-Clause */
/* xlate_buf.c: the growing text buffer of the translator's C. */
#ifndef DSPSIM_XLATE_BUF_H
#define DSPSIM_XLATE_BUF_H

#include <stddef.h>

/* A growing text buffer (oom set once an allocation failed). */
typedef struct xl_buf {
    char *p;
    size_t len, cap;
    int oom;
} xl_buf;

/* Append printf-formatted text; nothing with b NULL (no text wanted: a
 * unit laid out only) or once oom is set. */
__attribute__((format(printf, 2, 3))) void
xlate_buf_printf(xl_buf *b, const char *fmt, ...);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* The growing text buffer the translator writes its C into. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "xlate_buf.h"

void xlate_buf_printf(xl_buf *b, const char *fmt, ...)
{
    if (!b || b->oom)
        return; /* no text wanted (the unit is cached): layout only */
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = b->cap - b->len;
        int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? room : 0, fmt,
                          ap);
        va_end(ap);
        if (n < 0) {
            b->oom = 1;
            return;
        }
        if (b->p && (size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 1 << 16;
        while (cap - b->len <= (size_t)n)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
}

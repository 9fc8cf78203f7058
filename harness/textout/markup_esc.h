/* SPDX-License-Identifier: BSD-3-Clause */
/* Text inside XML or HTML markup: the HTML report's pages and the JUnit
 * report write their values through this one escaper. */
#ifndef DSH_MARKUP_ESC_H
#define DSH_MARKUP_ESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What is written as a reference besides & < > (always). */
enum {
    DSH_ESC_QUOT = 1u,    /* "  as &quot; */
    DSH_ESC_APOS = 2u,    /* '  as &#39; */
    DSH_ESC_CR = 4u,      /* CR as &#13; (an XML parser turns it into LF) */
    DSH_ESC_ATTR_WS = 8u, /* LF and tab as &#10; &#9; (an XML attribute
                             value's white space, else normalised) */
};

/* At most n bytes of s (NULL: none) to f, bytes that are not valid UTF-8
 * (and C0 controls but tab, LF, CR) as U+FFFD (text_utf8.h), the markup
 * characters and those `flags` names as references.  false: out of
 * memory (nothing written). */
bool dsh_markup_esc_n(FILE *f, const char *s, size_t n, unsigned flags);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Escaping text for XML and HTML markup (markup_esc.h). */
#include "textout/markup_esc.h"

#include <stdlib.h>
#include <string.h>

#include "textout/text_utf8.h"

static const char *entity(char c, unsigned flags)
{
    switch (c) {
    case '&':
        return "&amp;";
    case '<':
        return "&lt;";
    case '>':
        return "&gt;";
    case '"':
        return flags & DSH_ESC_QUOT ? "&quot;" : NULL;
    case '\'':
        return flags & DSH_ESC_APOS ? "&#39;" : NULL;
    case '\r':
        return flags & DSH_ESC_CR ? "&#13;" : NULL;
    case '\n':
        return flags & DSH_ESC_ATTR_WS ? "&#10;" : NULL;
    case '\t':
        return flags & DSH_ESC_ATTR_WS ? "&#9;" : NULL;
    default:
        return NULL;
    }
}

bool dsh_markup_esc_n(FILE *f, const char *s, size_t n, unsigned flags)
{
    char *copy = strndup(s ? s : "", n);
    char *t = copy ? dsh_utf8_lossy(copy, true) : NULL;
    free(copy);
    if (!t)
        return false;
    /* the characters between two that need a reference in one write (a
     * call per character locked the stream each time) */
    const char *run = t, *p = t;
    for (; *p; p++) {
        const char *ent = entity(*p, flags);
        if (!ent)
            continue;
        fwrite(run, 1, (size_t)(p - run), f);
        fputs(ent, f);
        run = p + 1;
    }
    fwrite(run, 1, (size_t)(p - run), f);
    free(t);
    return true;
}

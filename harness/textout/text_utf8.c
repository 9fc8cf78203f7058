/* SPDX-License-Identifier: BSD-3-Clause */
/* UTF-8 validation and lossy conversion (text_utf8.h). */
#include "textout/text_utf8.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Length of the valid sequence at p (1..4) and its code point, or 0 when
 * the byte at p does not start one. */
static size_t seq_len(const unsigned char *p, uint32_t *cp)
{
    unsigned char c = p[0];
    size_t n;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
        n = 2, v = c & 0x1f, min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3, v = c & 0x0f, min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4, v = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80) /* also stops at the NUL */
            return 0;
        v = v << 6 | (p[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *cp = v;
    return n;
}

bool dsh_utf8_valid(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    uint32_t cp;
    while (*p) {
        size_t n = seq_len(p, &cp);
        if (!n)
            return false;
        p += n;
    }
    return true;
}

static bool xml_forbidden(uint32_t cp)
{
    return (cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') ||
           cp == 0xfffe || cp == 0xffff;
}

char *dsh_utf8_lossy(const char *s, bool xml)
{
    static const char repl[] = "\xef\xbf\xbd"; /* U+FFFD */
    size_t len = strlen(s);
    char *out = malloc(len * 3 + 1); /* each byte at most U+FFFD */
    if (!out)
        return NULL;
    const unsigned char *p = (const unsigned char *)s;
    size_t o = 0;
    uint32_t cp;
    while (*p) {
        size_t n = seq_len(p, &cp);
        if (!n || (xml && xml_forbidden(cp))) {
            memcpy(out + o, repl, 3);
            o += 3;
            p += n ? n : 1;
        } else {
            memcpy(out + o, p, n);
            o += n;
            p += n;
        }
    }
    out[o] = '\0';
    return out;
}

char *dsh_hex_bytes(const char *s)
{
    static const char digits[] = "0123456789abcdef";
    size_t len = strlen(s);
    char *out = malloc(len * 2 + 1);
    if (!out)
        return NULL;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        out[2 * i] = digits[c >> 4];
        out[2 * i + 1] = digits[c & 15];
    }
    out[2 * len] = '\0';
    return out;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* JSON output with jansson (json_out.h). */
#include "textout/json_out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textout/out_file.h"
#include "textout/text_utf8.h"

json_t *dsh_json_text(const char *s)
{
    if (!s)
        s = "";
    if (dsh_utf8_valid(s))
        return json_string(s);
    char *l = dsh_utf8_lossy(s, false);
    json_t *j = l ? json_string(l) : NULL;
    free(l);
    return j;
}

int dsh_json_set_text(json_t *obj, const char *key, const char *s)
{
    if (!s)
        s = "";
    if (json_object_set_new(obj, key, dsh_json_text(s)))
        return -1;
    if (dsh_utf8_valid(s))
        return 0;
    char *hex = dsh_hex_bytes(s);
    char k[128];
    snprintf(k, sizeof k, "%s_hex", key);
    int rc = hex ? json_object_set_new(obj, k, json_string(hex)) : -1;
    free(hex);
    return rc;
}

bool dsh_json_write_file(const json_t *root, const char *path, unsigned indent,
                         char *err, size_t errsz)
{
    dsh_out_file o;
    if (!dsh_out_open(&o, path, err, errsz))
        return false;
    size_t flags = JSON_PRESERVE_ORDER |
                   JSON_REAL_PRECISION(DSH_JSON_REAL_DIGITS) |
                   (indent ? JSON_INDENT(indent > 31 ? 31 : indent) : 0);
    bool ok = json_dumpf(root, o.f, flags) == 0 && fputc('\n', o.f) != EOF;
    return dsh_out_close(&o, ok, err, errsz);
}

void dsh_json_quote(const char *s, size_t n, dsh_json_put_fn put, void *user)
{
    put(user, "\"", 1);
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        put(user, s + run, i - run);
        char esc[8];
        if (c == '"' || c == '\\')
            snprintf(esc, sizeof esc, "\\%c", c);
        else
            snprintf(esc, sizeof esc, "\\u%04x", c);
        put(user, esc, strlen(esc));
        run = i + 1;
    }
    put(user, s + run, n - run);
    put(user, "\"", 1);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Typed, diagnosing access to a libyaml document (yaml_access.h). */
#include "yaml_access.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

dsh_mark y_mark(const yaml_node_t *n)
{
    dsh_mark m = { 0, 0 };
    if (n) {
        m.line = (unsigned)n->start_mark.line + 1;
        m.col = (unsigned)n->start_mark.column + 1;
    }
    return m;
}

void y_error(yctx *y, const yaml_node_t *at, const char *fmt, ...)
{
    char buf[DSH_DIAG_MSG];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    dsh_diag_add(y->diag, y->file, y_mark(at), "%s", buf);
}

const char *y_describe(const yaml_node_t *n, char *buf, size_t bufsz)
{
    if (!n)
        snprintf(buf, bufsz, "nothing");
    else if (n->type == YAML_MAPPING_NODE)
        snprintf(buf, bufsz, "a mapping");
    else if (n->type == YAML_SEQUENCE_NODE)
        snprintf(buf, bufsz, "a sequence");
    else if (y_is_null(n))
        snprintf(buf, bufsz, "an empty value");
    else {
        const char *t = (const char *)n->data.scalar.value;
        size_t len = n->data.scalar.length;
        if (len > 40)
            snprintf(buf, bufsz, "'%.40s...'", t);
        else
            snprintf(buf, bufsz, "'%s'", t);
    }
    return buf;
}

yaml_node_t *y_node(yctx *y, int index)
{
    return yaml_document_get_node(y->doc, index);
}

bool y_is_map(const yaml_node_t *n)
{
    return n && n->type == YAML_MAPPING_NODE;
}

bool y_is_seq(const yaml_node_t *n)
{
    return n && n->type == YAML_SEQUENCE_NODE;
}

bool y_is_scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE;
}

bool y_is_null(const yaml_node_t *n)
{
    if (!y_is_scalar(n) || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return false;
    const char *t = (const char *)n->data.scalar.value;
    return !*t || !strcmp(t, "~") || !strcmp(t, "null") || !strcmp(t, "Null") ||
           !strcmp(t, "NULL");
}

const char *y_text(const yaml_node_t *n)
{
    return y_is_scalar(n) ? (const char *)n->data.scalar.value : "";
}

static bool in_list(const char *s, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(s, *list))
            return true;
    return false;
}

/* Sort order of mapping keys for the duplicate check: by text, then by
 * position in the mapping (so the first of equal keys comes first). */
typedef struct key_ref {
    const char *text;
    size_t index;
} key_ref;

static int cmp_key_ref(const void *a, const void *b)
{
    const key_ref *x = a, *y = b;
    int c = strcmp(x->text, y->text);
    if (c)
        return c;
    return x->index < y->index ? -1 : x->index > y->index;
}

bool y_check_map(yctx *y, const yaml_node_t *n, const char *what,
                 const char *const *allowed)
{
    char d[64];
    if (!y_is_map(n)) {
        y_error(y, n, "%s: expected a mapping, got %s", what,
                y_describe(n, d, sizeof d));
        return false;
    }
    /* first[i]: index of the first pair with the same key as pair i
     * (i itself when it is the first); found by sorting, so a mapping of
     * 100,000 keys is checked in n log n, not n^2 */
    size_t count = (size_t)(n->data.mapping.pairs.top -
                            n->data.mapping.pairs.start);
    key_ref *refs = malloc((count ? count : 1) * sizeof *refs);
    size_t *first = malloc((count ? count : 1) * sizeof *first);
    if (!refs || !first) {
        free(refs);
        free(first);
        y_error(y, n, "%s: out of memory", what);
        return false;
    }
    size_t nrefs = 0;
    for (size_t i = 0; i < count; i++) {
        yaml_node_t *k = y_node(y, n->data.mapping.pairs.start[i].key);
        first[i] = i;
        if (y_is_scalar(k))
            refs[nrefs++] = (key_ref){ y_text(k), i };
    }
    qsort(refs, nrefs, sizeof *refs, cmp_key_ref);
    for (size_t i = 1; i < nrefs; i++)
        if (!strcmp(refs[i].text, refs[i - 1].text))
            first[refs[i].index] = first[refs[i - 1].index];
    free(refs);
    bool ok = true;
    for (size_t i = 0; i < count; i++) {
        yaml_node_pair_t *p = &n->data.mapping.pairs.start[i];
        yaml_node_t *k = y_node(y, p->key);
        if (!y_is_scalar(k)) {
            y_error(y, k, "%s: keys must be plain names, got %s", what,
                    y_describe(k, d, sizeof d));
            ok = false;
            continue;
        }
        const char *ks = y_text(k);
        if (allowed && !in_list(ks, allowed)) {
            char list[256];
            y_join_names(list, sizeof list, allowed);
            y_error(y, k, "%s: unknown key '%s' (expected one of: %s)", what,
                    ks, list);
            ok = false;
        }
        if (first[i] != i) {
            yaml_node_t *k2 = y_node(y,
                                     n->data.mapping.pairs.start[first[i]].key);
            dsh_mark m = y_mark(k2);
            y_error(y, k, "%s: duplicate key '%s' (first at %u:%u)", what, ks,
                    m.line, m.col);
            ok = false;
        }
    }
    free(first);
    return ok;
}

bool y_expect_seq(yctx *y, const yaml_node_t *n, const char *what)
{
    char d[64];
    if (y_is_seq(n))
        return true;
    y_error(y, n, "%s: expected a sequence, got %s", what,
            y_describe(n, d, sizeof d));
    return false;
}

yaml_node_t *y_get(yctx *y, const yaml_node_t *n, const char *key,
                   yaml_node_t **key_node)
{
    if (key_node)
        *key_node = NULL;
    if (!y_is_map(n))
        return NULL;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
         p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = y_node(y, p->key);
        if (y_is_scalar(k) && !strcmp(y_text(k), key)) {
            if (key_node)
                *key_node = k;
            return y_node(y, p->value);
        }
    }
    return NULL;
}

yaml_node_t *y_require(yctx *y, const yaml_node_t *n, const char *key,
                       const char *what)
{
    yaml_node_t *v = y_get(y, n, key, NULL);
    if (!v)
        y_error(y, n, "%s: missing required key '%s'", what, key);
    return v;
}

static bool plain_scalar(yctx *y, const yaml_node_t *n, const char *what,
                         const char *kind)
{
    char d[64];
    if (y_is_scalar(n) && !y_is_null(n) &&
        n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
        return true;
    y_error(y, n, "%s: expected %s, got %s%s", what, kind,
            y_is_scalar(n) && !y_is_null(n) ? "the string " : "",
            y_describe(n, d, sizeof d));
    return false;
}

bool y_number(yctx *y, const yaml_node_t *n, const char *what, double min,
              double max, double *out)
{
    if (!plain_scalar(y, n, what, "a number"))
        return false;
    const char *t = y_text(n);
    char *end;
    errno = 0;
    double v = strtod(t, &end);
    if (end == t || *end || errno == ERANGE || !isfinite(v) ||
        isalpha((unsigned char)t[0]) ||
        ((t[0] == '-' || t[0] == '+') && isalpha((unsigned char)t[1]))) {
        y_error(y, n, "%s: expected a number, got '%s'", what, t);
        return false;
    }
    if (v < min || v > max) {
        y_error(y, n, "%s: %s is out of range [%g, %g]", what, t, min, max);
        return false;
    }
    *out = v;
    return true;
}

bool y_int(yctx *y, const yaml_node_t *n, const char *what, int64_t min,
           int64_t max, int64_t *out)
{
    if (!plain_scalar(y, n, what, "an integer"))
        return false;
    const char *t = y_text(n);
    const char *s = t + (t[0] == '-' || t[0] == '+');
    bool digits = *s != 0;
    for (const char *p = s; *p; p++)
        if (!isdigit((unsigned char)*p))
            digits = false;
    errno = 0;
    char *end;
    long long v = digits ? strtoll(t, &end, 10) : 0;
    if (!digits || errno == ERANGE) {
        y_error(y, n, "%s: expected an integer, got '%s'", what, t);
        return false;
    }
    if (v < min || v > max) {
        y_error(y, n, "%s: %s is out of range [%lld, %lld]", what, t,
                (long long)min, (long long)max);
        return false;
    }
    *out = v;
    return true;
}

bool y_bool(yctx *y, const yaml_node_t *n, const char *what, bool *out)
{
    if (!plain_scalar(y, n, what, "true or false"))
        return false;
    const char *t = y_text(n);
    if (!strcmp(t, "true") || !strcmp(t, "True") || !strcmp(t, "TRUE")) {
        *out = true;
        return true;
    }
    if (!strcmp(t, "false") || !strcmp(t, "False") || !strcmp(t, "FALSE")) {
        *out = false;
        return true;
    }
    y_error(y, n, "%s: expected true or false, got '%s'", what, t);
    return false;
}

bool y_string(yctx *y, const yaml_node_t *n, const char *what, char *out,
              size_t outsz)
{
    char d[64];
    if (!y_is_scalar(n) || y_is_null(n)) {
        y_error(y, n, "%s: expected a string, got %s", what,
                y_describe(n, d, sizeof d));
        return false;
    }
    if (n->data.scalar.length >= outsz) {
        y_error(y, n, "%s: too long (%zu characters, at most %zu)", what,
                n->data.scalar.length, outsz - 1);
        return false;
    }
    memcpy(out, n->data.scalar.value, n->data.scalar.length + 1);
    return true;
}

bool y_ident(yctx *y, const yaml_node_t *n, const char *what, char *out,
             size_t outsz)
{
    if (!y_string(y, n, what, out, outsz))
        return false;
    bool ok = isalpha((unsigned char)out[0]) || out[0] == '_';
    for (const char *p = out; *p && ok; p++)
        ok = isalnum((unsigned char)*p) || *p == '_' || *p == '-';
    if (!ok) {
        y_error(y, n,
                "%s: '%s' is not a valid name (letters, digits, '_' "
                "and '-', starting with a letter or '_')",
                what, out);
        return false;
    }
    return true;
}

void y_join_names(char *buf, size_t bufsz, const char *const *names)
{
    size_t used = 0;
    buf[0] = '\0';
    for (; *names; names++) {
        int w = snprintf(buf + used, bufsz - used, "%s%s", used ? ", " : "",
                         *names);
        if (w < 0 || (size_t)w >= bufsz - used) {
            buf[used] = '\0'; /* no partial name */
            break;
        }
        used += (size_t)w;
    }
}

bool y_enum(yctx *y, const yaml_node_t *n, const char *what,
            const char *const *names, int *out)
{
    char d[64];
    if (!y_is_scalar(n) || y_is_null(n)) {
        y_error(y, n, "%s: expected a name, got %s", what,
                y_describe(n, d, sizeof d));
        return false;
    }
    const char *t = y_text(n);
    for (int i = 0; names[i]; i++)
        if (!strcmp(t, names[i])) {
            *out = i;
            return true;
        }
    char list[256];
    y_join_names(list, sizeof list, names);
    y_error(y, n, "%s: unknown value '%s' (expected one of: %s)", what, t,
            list);
    return false;
}

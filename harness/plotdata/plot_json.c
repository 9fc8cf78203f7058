/* SPDX-License-Identifier: BSD-3-Clause */
/* The plot data's JSON text, written fast (plot_json.h). */
#include "plot_json.h"

#include "plot_index.h"
#include "textout/json_out.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const double p10[] = { 1e0, 1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7, 1e8,
                              1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16 };
#define P10_MAX 16

/* a * 10^k for |k| <= 2 * P10_MAX */
static double scale(double a, int k)
{
    while (k > P10_MAX) {
        a *= p10[P10_MAX];
        k -= P10_MAX;
    }
    while (k < -P10_MAX) {
        a /= p10[P10_MAX];
        k += P10_MAX;
    }
    return k >= 0 ? a * p10[k] : a / p10[-k];
}

size_t dsh_plot_json_real(double v, int digits, char *out)
{
    if (digits < 1)
        digits = 1;
    if (digits > 15)
        digits = 15;
    double a = fabs(v);
    int e = a > 0 ? (int)floor(log10(a)) : 0;
    if (a == 0 || !isfinite(a) || e < -300 || e > 300) {
        int n = snprintf(out, 32, "%.*g", digits, v);
        if (!strpbrk(out, ".en"))
            n += snprintf(out + n, 32 - (size_t)n, ".0");
        return (size_t)n;
    }
    /* m: the digits as an integer of exactly `digits` digits */
    long long m = llround(scale(a, digits - 1 - e));
    if (m >= (long long)p10[digits]) { /* 9.9999996 -> 10.0000 */
        e++;
        m = llround(scale(a, digits - 1 - e));
    } else if (m < (long long)p10[digits - 1]) { /* log10 below */
        e--;
        m = llround(scale(a, digits - 1 - e));
    }
    char d[20];
    int nd = digits;
    for (int i = digits - 1; i >= 0; i--, m /= 10)
        d[i] = (char)('0' + m % 10);
    while (nd > 1 && d[nd - 1] == '0')
        nd--;
    char *p = out;
    if (v < 0)
        *p++ = '-';
    if (e < -4 || e >= digits) { /* D.DDDe+XX */
        *p++ = d[0];
        if (nd > 1) {
            *p++ = '.';
            memcpy(p, d + 1, (size_t)nd - 1);
            p += nd - 1;
        }
        p += sprintf(p, "e%c%02d", e < 0 ? '-' : '+', abs(e));
    } else if (e >= 0) { /* DDD.DD */
        for (int i = 0; i <= e; i++)
            *p++ = i < nd ? d[i] : '0';
        *p++ = '.';
        if (nd > e + 1) {
            memcpy(p, d + e + 1, (size_t)(nd - e - 1));
            p += nd - e - 1;
        } else {
            *p++ = '0';
        }
    } else { /* 0.000DDD */
        *p++ = '0';
        *p++ = '.';
        for (int i = 0; i < -e - 1; i++)
            *p++ = '0';
        memcpy(p, d, (size_t)nd);
        p += nd;
    }
    *p = '\0';
    return (size_t)(p - out);
}

/* The text is made in a buffer of CHUNK bytes written out whenever it
 * is full: kept for the life of the process (a worker's cases reuse its
 * pages, no large allocation faulted in and unmapped per file). */
#define CHUNK (1u << 15)

typedef struct text {
    char *b; /* CHUNK bytes */
    size_t n;
    FILE *f;
    bool failed;
} text;

static void flush(text *t)
{
    if (t->n && fwrite(t->b, 1, t->n, t->f) != t->n)
        t->failed = true;
    t->n = 0;
}

static void put(text *t, const char *s, size_t k)
{
    while (k) {
        if (t->n == CHUNK)
            flush(t);
        size_t m = CHUNK - t->n < k ? CHUNK - t->n : k;
        memcpy(t->b + t->n, s, m);
        t->n += m;
        s += m;
        k -= m;
    }
}

/* a JSON string: " \ and control characters escaped (jansson's strings
 * are valid UTF-8) */
static void put_cb(void *t, const char *s, size_t k)
{
    put(t, s, k);
}

static void put_str(text *t, const char *s, size_t len)
{
    dsh_json_quote(s, len, put_cb, t);
}

static void put_value(text *t, const json_t *v, int digits)
{
    char num[40];
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        const char *key;
        json_t *m;
        bool first = true;
        const json_t *curve = json_object_get(v, DSH_PLOT_CURVE_TEXT);
        if (json_is_string(curve) && dsh_plot_curve_summary(v)) {
            put(t, json_string_value(curve), json_string_length(curve));
            return;
        }
        put(t, "{", 1);
        json_object_foreach((json_t *)(uintptr_t)v, key, m)
        {
            if (!first)
                put(t, ",", 1);
            first = false;
            put_str(t, key, strlen(key));
            put(t, ":", 1);
            put_value(t, m, digits);
        }
        put(t, "}", 1);
        return;
    }
    case JSON_ARRAY:
        put(t, "[", 1);
        for (size_t i = 0; i < json_array_size(v); i++) {
            if (i)
                put(t, ",", 1);
            put_value(t, json_array_get(v, i), digits);
        }
        put(t, "]", 1);
        return;
    case JSON_STRING:
        put_str(t, json_string_value(v), json_string_length(v));
        return;
    case JSON_INTEGER:
        put(t, num,
            (size_t)snprintf(num, sizeof num, "%" JSON_INTEGER_FORMAT,
                             json_integer_value(v)));
        return;
    case JSON_REAL:
        put(t, num, dsh_plot_json_real(json_real_value(v), digits, num));
        return;
    case JSON_TRUE:
        put(t, "true", 4);
        return;
    case JSON_FALSE:
        put(t, "false", 5);
        return;
    case JSON_NULL:
        put(t, "null", 4);
        return;
    }
}

bool dsh_plot_json_write(const json_t *v, int digits, FILE *f)
{
    static char *chunk; /* the process's; not thread-safe (a case's run
                           writes its plot data in its own process) */
    if (!chunk && !(chunk = malloc(CHUNK)))
        return false;
    text t = { chunk, 0, f, false };
    put_value(&t, v, digits);
    flush(&t);
    return !t.failed;
}

json_t *dsh_plot_curve(const double *v, size_t n, int digits)
{
    /* '[', ']', a number (at most 24 characters: "-1.23457e-300") and a
     * comma each */
    char *b = malloc(n * 25 + 3);
    if (!b)
        return NULL;
    size_t k = 0;
    b[k++] = '[';
    for (size_t i = 0; i < n; i++) {
        if (i)
            b[k++] = ',';
        if (isfinite(v[i])) {
            k += dsh_plot_json_real(v[i], digits, b + k);
        } else {
            memcpy(b + k, "null", 4);
            k += 4;
        }
    }
    b[k++] = ']';
    json_t *o = json_object(), *str = json_stringn_nocheck(b, k);
    json_t *sum = dsh_plot_index_summary(v, n);
    free(b);
    if (!o || !str || !sum) {
        json_decref(o);
        json_decref(str);
        json_decref(sum);
        return NULL;
    }
    /* both stolen, set or not */
    if (json_object_set_new(o, DSH_PLOT_CURVE_TEXT, str) |
        json_object_set_new(o, DSH_PLOT_CURVE_SUMMARY, sum)) {
        json_decref(o);
        return NULL;
    }
    return o;
}

json_t *dsh_plot_curve_summary(const json_t *v)
{
    if (!json_is_object(v) || json_object_size(v) != 2)
        return NULL;
    json_t *s = json_object_get(v, DSH_PLOT_CURVE_SUMMARY);
    return json_is_string(json_object_get(v, DSH_PLOT_CURVE_TEXT)) &&
                   json_is_object(s)
               ? s
               : NULL;
}

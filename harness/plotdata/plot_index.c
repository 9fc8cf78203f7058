/* SPDX-License-Identifier: BSD-3-Clause */
/* The index of a case's plot data (plot_index.h). */
#include "plot_index.h"

#include "plot_json.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

static bool is_curve(const json_t *a)
{
    for (size_t i = 0; i < json_array_size(a); i++) {
        const json_t *v = json_array_get(a, i);
        if (!json_is_number(v) && !json_is_null(v))
            return false;
    }
    return true;
}

/* an array of arrays: a mask's points, kept as they are */
static bool is_points(const json_t *a)
{
    for (size_t i = 0; i < json_array_size(a); i++)
        if (!json_is_array(json_array_get(a, i)))
            return false;
    return json_array_size(a) > 0;
}

static json_t *num_or_null(bool any, double v)
{
    return any ? json_real(v) : json_null();
}

/* The summary's members from the curve's values: x0, x1 its first and
 * last (NULL: null), the finite ones' range; NULL when out of memory */
static json_t *summary_of(size_t n, json_t *x0, json_t *x1, const double *v,
                          const json_t *a)
{
    double lo = 0, hi = 0, dlo = 0, dhi = 0, pos0 = 0;
    bool any = false, dany = false, pos = false;
    for (size_t i = 0; i < n; i++) {
        double x;
        if (v) {
            x = v[i];
        } else {
            const json_t *e = json_array_get(a, i);
            if (!json_is_number(e))
                continue;
            x = json_number_value(e);
        }
        if (!isfinite(x))
            continue;
        if (!pos && x > 0) {
            pos0 = x;
            pos = true;
        }
        lo = any && lo < x ? lo : x;
        hi = any && hi > x ? hi : x;
        any = true;
        if (x > DSH_PLOT_INDEX_FLOOR) {
            dlo = dany && dlo < x ? dlo : x;
            dhi = dany && dhi > x ? dhi : x;
            dany = true;
        }
    }
    json_t *s = json_object();
    if (!s) {
        json_decref(x0);
        json_decref(x1);
        return NULL;
    }
    bool ok = !json_object_set_new(s, "n", json_integer((json_int_t)n));
    ok &= !json_object_set_new(s, "x0", x0 ? x0 : json_null());
    ok &= !json_object_set_new(s, "x1", x1 ? x1 : json_null());
    ok &= !json_object_set_new(s, "pos0", num_or_null(pos, pos0));
    ok &= !json_object_set_new(s, "lo", num_or_null(any, lo));
    ok &= !json_object_set_new(s, "hi", num_or_null(any, hi));
    ok &= !json_object_set_new(s, "dlo", num_or_null(dany, dlo));
    ok &= !json_object_set_new(s, "dhi", num_or_null(dany, dhi));
    if (!ok) {
        json_decref(s);
        return NULL;
    }
    return s;
}

/* a curve's summary (plot_index.h) */
static json_t *summary(json_t *a)
{
    size_t n = json_array_size(a);
    json_t *first = json_array_get(a, 0), *last = json_array_get(a, n - 1);
    return summary_of(n, json_is_number(first) ? json_incref(first) : NULL,
                      json_is_number(last) ? json_incref(last) : NULL, NULL, a);
}

json_t *dsh_plot_index_summary(const double *v, size_t n)
{
    return summary_of(n, n && isfinite(v[0]) ? json_real(v[0]) : NULL,
                      n && isfinite(v[n - 1]) ? json_real(v[n - 1]) : NULL, v,
                      NULL);
}

/* the first events, their number, and per kind how many and the last */
static bool events_index(json_t *out, json_t *ev)
{
    json_t *head = json_array(), *kinds = json_object();
    bool ok = head && kinds;
    size_t n = json_array_size(ev);
    for (size_t i = 0; ok && i < n; i++) {
        json_t *e = json_array_get(ev, i);
        if (i < DSH_PLOT_INDEX_EVENTS)
            ok = !json_array_append(head, e);
        const char *kind = json_string_value(json_object_get(e, "kind"));
        if (!ok || !kind)
            continue;
        json_t *k = json_object_get(kinds, kind);
        if (!k) {
            k = json_pack("{s:i, s:f}", "n", 0, "t1", 0.0);
            ok = k && !json_object_set_new(kinds, kind, k);
        }
        if (ok) {
            json_int_t c = json_integer_value(json_object_get(k, "n"));
            ok = !json_object_set_new(k, "n", json_integer(c + 1)) &&
                 !json_object_set(k, "t1",
                                  json_object_get(e, "t_s")
                                      ? json_object_get(e, "t_s")
                                      : json_object_get(k, "t1"));
        }
    }
    ok = ok && !json_object_set(out, "events", head) &&
         !json_object_set_new(out, "events_n", json_integer((json_int_t)n)) &&
         !json_object_set(out, "event_kinds", kinds);
    json_decref(head);
    json_decref(kinds);
    return ok;
}

json_t *dsh_plot_index(json_t *d)
{
    json_t *packed = dsh_plot_curve_summary(d);
    if (packed)
        return json_incref(packed);
    if (json_is_array(d)) {
        if (is_curve(d))
            return summary(d);
        if (is_points(d))
            return json_incref(d);
        json_t *a = json_array();
        for (size_t i = 0; a && i < json_array_size(d); i++)
            if (json_array_append_new(a,
                                      dsh_plot_index(json_array_get(d, i)))) {
                json_decref(a);
                return NULL;
            }
        return a;
    }
    if (!json_is_object(d))
        return json_incref(d);
    json_t *o = json_object();
    if (!o)
        return NULL;
    const char *key;
    json_t *v;
    json_object_foreach(d, key, v)
    {
        bool ok = !strcmp(key, "events") && json_is_array(v)
                      ? events_index(o, v)
                      : !json_object_set_new(o, key, dsh_plot_index(v));
        if (!ok) {
            json_decref(o);
            return NULL;
        }
    }
    return o;
}

json_t *dsh_plot_data_indexed(json_t *d)
{
    json_t *o = json_object(), *index = o ? dsh_plot_index(d) : NULL;
    if (!index || json_object_set_new(o, "index", index) ||
        json_object_update(o, d)) {
        json_decref(o);
        return NULL;
    }
    return o;
}

json_t *dsh_plot_index_read(const char *buf, size_t n)
{
    size_t head = strlen(DSH_PLOT_INDEX_HEAD);
    if (n <= head || memcmp(buf, DSH_PLOT_INDEX_HEAD, head))
        return NULL;
    json_t *x = json_loadb(buf + head, n - head, JSON_DISABLE_EOF_CHECK, NULL);
    if (x && !json_is_object(x)) {
        json_decref(x);
        x = NULL;
    }
    return x;
}

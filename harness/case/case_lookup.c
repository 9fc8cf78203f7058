/* SPDX-License-Identifier: BSD-3-Clause */
/* The bottom of the case parser: what every section's file uses (lookups
 * by id and name, the count syntax), so that no file of harness/case
 * calls back into one that calls it. */
#include <string.h>
#include "case_internal.h"

int dsh_case_find_component(const dsh_case *c, const char *id)
{
    for (unsigned i = 0; i < c->n_comps; i++)
        if (!strcmp(c->comps[i].id, id))
            return (int)i;
    return -1;
}

bool dsh_case_uses_cores(const dsh_case *c)
{
    for (unsigned i = 0; i < c->n_pipelines; i++)
        if (c->pipelines[i].core)
            return true;
    return false;
}

/* Whether pipelines[].components[] of the document has an entry whose id
 * is `id` (whether or not it parsed). */
static bool declared(yctx *y, const char *id)
{
    yaml_node_t *root = yaml_document_get_root_node(y->doc);
    yaml_node_t *pipes = root && y_is_map(root)
                             ? y_get(y, root, "pipelines", NULL)
                             : NULL;
    if (!pipes || !y_is_seq(pipes))
        return false;
    for (yaml_node_item_t *p = pipes->data.sequence.items.start;
         p < pipes->data.sequence.items.top; p++) {
        yaml_node_t *pn = y_node(y, *p);
        yaml_node_t *cs = y_is_map(pn) ? y_get(y, pn, "components", NULL)
                                       : NULL;
        if (!cs || !y_is_seq(cs))
            continue;
        for (yaml_node_item_t *k = cs->data.sequence.items.start;
             k < cs->data.sequence.items.top; k++) {
            yaml_node_t *kn = y_node(y, *k);
            yaml_node_t *idn = y_is_map(kn) ? y_get(y, kn, "id", NULL) : NULL;
            if (idn && y_is_scalar(idn) && !strcmp(y_text(idn), id))
                return true;
        }
    }
    return false;
}

int dsh_case_lookup_component(yctx *y, const dsh_case *c, const yaml_node_t *n,
                              const char *what, const char *id)
{
    int i = dsh_case_find_component(c, id);
    if (i < 0 && !declared(y, id))
        y_error(y, n, "%s: unknown component '%s'", what, id);
    return i;
}

int dsh_case_find_endpoint(const dsh_case *c, const char *name)
{
    for (unsigned i = 0; i < c->n_endpoints; i++)
        if (!strcmp(c->endpoints[i].name, name))
            return (int)i;
    return -1;
}

/* A count: an integer N (exact: [N, N]; at_most: [0, N]) or a mapping
 * {min: N, max: M} with at least one bound, min <= max. */
bool dsh_parse_count(yctx *y, const yaml_node_t *n, const char *what,
                     bool at_most, dsh_count_range *out)
{
    static const char *const keys[] = { "min", "max", NULL };
    int64_t i;
    char w[200];
    if (!y_is_map(n)) {
        if (y_is_seq(n)) {
            char d[64];
            y_error(y, n,
                    "%s: expected an integer or {min: N, max: M}, got "
                    "%s",
                    what, y_describe(n, d, sizeof d));
            return false;
        }
        if (!y_int(y, n, what, 0, INT64_MAX, &i))
            return false;
        out->min = at_most ? 0 : (uint64_t)i;
        out->max = (uint64_t)i;
        out->on = true;
        return true;
    }
    if (!y_check_map(y, n, what, keys))
        return false;
    yaml_node_t *lo = y_get(y, n, "min", NULL);
    yaml_node_t *hi = y_get(y, n, "max", NULL);
    if (!lo && !hi) {
        y_error(y, n, "%s: give min, max or both", what);
        return false;
    }
    out->min = 0;
    out->max = DSH_COUNT_NO_MAX;
    bool ok = true;
    snprintf(w, sizeof w, "%s.min", what);
    if (lo && y_int(y, lo, w, 0, INT64_MAX, &i))
        out->min = (uint64_t)i;
    else if (lo)
        ok = false;
    snprintf(w, sizeof w, "%s.max", what);
    if (hi && y_int(y, hi, w, 0, INT64_MAX, &i))
        out->max = (uint64_t)i;
    else if (hi)
        ok = false;
    if (ok && out->min > out->max) {
        y_error(y, n, "%s: min %llu is above max %llu", what,
                (unsigned long long)out->min, (unsigned long long)out->max);
        ok = false;
    }
    out->on = ok;
    return ok;
}

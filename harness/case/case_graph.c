/* SPDX-License-Identifier: BSD-3-Clause */
/* Graph checks of a case: every port connected, no cycles, endpoints
 * used, sample rate and channel count consistent along every path. */
#include <stdio.h>
#include <string.h>

#include "case_internal.h"
#include "component_types.h"

static void port_limits(const dsh_case *c, const dsh_component *k,
                        unsigned *min_in, unsigned *max_in, unsigned *min_out,
                        unsigned *max_out)
{
    const dsh_comp_type_info *info = dsh_comp_info(k->type);
    *min_in = info->min_in;
    *max_in = info->max_in;
    *min_out = info->min_out;
    *max_out = info->max_out;
    if (k->endpoint >= 0) {
        /* an input endpoint feeds the graph (source), an output one
         * drains it (sink) */
        bool source = c->endpoints[k->endpoint].dir == DSH_EP_INPUT;
        *min_in = *max_in = source ? 0 : 1;
        *min_out = *max_out = source ? 1 : 0;
    }
}

static const char *role(const dsh_case *c, const dsh_component *k)
{
    if (k->endpoint < 0)
        return dsh_comp_type_name(k->type);
    bool source = c->endpoints[k->endpoint].dir == DSH_EP_INPUT;
    if (k->type == DSH_COMP_HOST)
        return source ? "playback host" : "capture host";
    return source ? "capture dai" : "playback dai";
}

static void conn_error(yctx *y, const dsh_case *c, const dsh_connection *cn,
                       const char *fmt_tail, const dsh_component *k,
                       unsigned limit)
{
    dsh_diag_add(y->diag, y->file, cn->mark,
                 "pipelines[%u].connect: '%s' -> '%s': %s '%s' %s %u",
                 cn->pipeline, c->comps[cn->from].id, c->comps[cn->to].id,
                 role(c, k), k->id, fmt_tail, limit);
}

static bool check_ports(yctx *y, dsh_case *c)
{
    bool ok = true;
    for (unsigned i = 0; i < c->n_comps; i++)
        c->comps[i].n_in = c->comps[i].n_out = 0;
    for (unsigned i = 0; i < c->n_conns; i++) {
        const dsh_connection *cn = &c->conns[i];
        dsh_component *from = &c->comps[cn->from], *to = &c->comps[cn->to];
        unsigned mi, xi, mo, xo;
        port_limits(c, from, &mi, &xi, &mo, &xo);
        if (++from->n_out > xo) {
            conn_error(y, c, cn, "has no output here; outputs allowed:", from,
                       xo);
            ok = false;
        }
        port_limits(c, to, &mi, &xi, &mo, &xo);
        if (++to->n_in > xi) {
            conn_error(y, c, cn, "takes no more inputs; inputs allowed:", to,
                       xi);
            ok = false;
        }
    }
    return ok;
}

static bool check_connected(yctx *y, dsh_case *c)
{
    bool ok = true;
    for (unsigned i = 0; i < c->n_comps; i++) {
        dsh_component *k = &c->comps[i];
        unsigned mi, xi, mo, xo;
        port_limits(c, k, &mi, &xi, &mo, &xo);
        if (k->n_in < mi) {
            dsh_diag_add(y->diag, y->file, k->mark,
                         "%s '%s' is not connected: %s (it needs %s%u, "
                         "add it to a connect: list)",
                         role(c, k), k->id,
                         k->n_in ? "too few inputs" : "no input",
                         mi == xi ? "" : "at least ", mi);
            ok = false;
        } else if (k->n_out < mo) {
            dsh_diag_add(y->diag, y->file, k->mark,
                         "%s '%s' is not connected: no output (add it to a "
                         "connect: list)",
                         role(c, k), k->id);
            ok = false;
        }
    }
    return ok;
}

/* Depth-first search; reports the first connection that closes a cycle. */
typedef struct dfs {
    yctx *y;
    dsh_case *c;
    unsigned char color[DSH_MAX_COMPONENTS]; /* 0 new, 1 open, 2 done */
    int via[DSH_MAX_COMPONENTS];             /* connection into node */
    unsigned order[DSH_MAX_COMPONENTS];      /* reverse post-order */
    unsigned n_order;
} dfs;

static bool visit(dfs *d, unsigned v)
{
    d->color[v] = 1;
    for (unsigned i = 0; i < d->c->n_conns; i++) {
        const dsh_connection *cn = &d->c->conns[i];
        if (cn->from != v)
            continue;
        if (d->color[cn->to] == 1) {
            char path[512];
            int n = snprintf(path, sizeof path, "%s", d->c->comps[cn->to].id);
            /* walk back from v to cn->to */
            unsigned chain[DSH_MAX_COMPONENTS], len = 0;
            for (unsigned u = v; u != cn->to && len < DSH_MAX_COMPONENTS;
                 u = d->c->conns[d->via[u]].from)
                chain[len++] = u;
            for (unsigned k = len; k-- > 0 && n > 0 && (size_t)n < sizeof path;)
                n += snprintf(path + n, sizeof path - (size_t)n, " -> %s",
                              d->c->comps[chain[k]].id);
            if (n > 0 && (size_t)n < sizeof path)
                snprintf(path + n, sizeof path - (size_t)n, " -> %s",
                         d->c->comps[cn->to].id);
            dsh_diag_add(d->y->diag, d->y->file, cn->mark,
                         "pipelines[%u].connect: '%s' -> '%s' closes a "
                         "cycle (%s); the graph must be acyclic",
                         cn->pipeline, d->c->comps[cn->from].id,
                         d->c->comps[cn->to].id, path);
            return false;
        }
        if (d->color[cn->to] == 0) {
            d->via[cn->to] = (int)i;
            if (!visit(d, cn->to))
                return false;
        }
    }
    d->color[v] = 2;
    d->order[d->n_order++] = v;
    return true;
}

static bool same_format(const dsh_component *a, unsigned rate,
                        unsigned channels)
{
    return a->rate == rate && a->channels == channels;
}

/* Rates and channel counts in topological order. */
static bool check_flow(yctx *y, dsh_case *c, const dfs *d)
{
    bool ok = true;
    for (unsigned k = d->n_order; k-- > 0;) {
        unsigned v = d->order[k];
        dsh_component *comp = &c->comps[v];
        const dsh_endpoint *ep = comp->endpoint >= 0
                                     ? &c->endpoints[comp->endpoint]
                                     : NULL;
        /* inputs */
        int first = -1;
        for (unsigned i = 0; i < c->n_conns; i++) {
            const dsh_connection *cn = &c->conns[i];
            if (cn->to != v)
                continue;
            const dsh_component *src = &c->comps[cn->from];
            if (first < 0) {
                first = (int)i;
                comp->rate = src->rate;
                comp->channels = src->channels;
            } else if (!same_format(src, comp->rate, comp->channels)) {
                const dsh_component *f = &c->comps[c->conns[first].from];
                dsh_diag_add(y->diag, y->file, cn->mark,
                             "pipelines[%u].connect: '%s' -> '%s': input "
                             "from '%s' is %u Hz, %u channels but input "
                             "from '%s' is %u Hz, %u channels",
                             cn->pipeline, src->id, comp->id, src->id,
                             src->rate, src->channels, f->id, f->rate,
                             f->channels);
                ok = false;
            }
        }
        if (ep && ep->dir == DSH_EP_OUTPUT && first >= 0 &&
            (comp->rate != ep->rate || comp->channels != ep->channels)) {
            const dsh_connection *cn = &c->conns[first];
            dsh_diag_add(y->diag, y->file, cn->mark,
                         "pipelines[%u].connect: '%s' -> '%s': %s '%s' is "
                         "%u Hz, %u channels but receives %u Hz, %u "
                         "channels from '%s' (add a src component or fix "
                         "the %s)",
                         cn->pipeline, c->comps[cn->from].id, comp->id,
                         ep->kind == DSH_EP_STREAM ? "stream" : "port",
                         ep->name, ep->rate, ep->channels, comp->rate,
                         comp->channels, c->comps[cn->from].id,
                         ep->kind == DSH_EP_STREAM ? "stream" : "port");
            ok = false;
        }
        /* outputs */
        if (ep && ep->dir == DSH_EP_INPUT) {
            comp->rate = ep->rate;
            comp->channels = ep->channels;
        } else if (comp->type == DSH_COMP_TONE) {
            comp->rate = comp->p.rate;
            comp->channels = comp->p.channels;
        } else if (comp->type == DSH_COMP_SRC) {
            comp->rate = comp->p.out_rate;
        }
        double nyquist = comp->rate / 2.0;
        if (comp->type == DSH_COMP_TONE && comp->p.freq_hz >= nyquist) {
            dsh_diag_add(y->diag, y->file, comp->mark,
                         "tone '%s': freq_hz %g is not below the Nyquist "
                         "frequency %g Hz",
                         comp->id, comp->p.freq_hz, nyquist);
            ok = false;
        }
        if (comp->type == DSH_COMP_EQ_IIR)
            for (unsigned b = 0; b < comp->p.n_biquads; b++)
                if (comp->p.biquads[b].freq_hz >= nyquist) {
                    dsh_diag_add(y->diag, y->file, comp->mark,
                                 "eq_iir '%s': biquads[%u].freq_hz %g is not "
                                 "below the Nyquist frequency %g Hz of its "
                                 "input",
                                 comp->id, b, comp->p.biquads[b].freq_hz,
                                 nyquist);
                    ok = false;
                }
        if (comp->type == DSH_COMP_MIXER && (comp->set & DSH_P_GAINS_DB) &&
            comp->p.n_gains != comp->n_in) {
            dsh_diag_add(y->diag, y->file, comp->mark,
                         "mixer '%s': gains_db has %u values but the mixer "
                         "has %u inputs",
                         comp->id, comp->p.n_gains, comp->n_in);
            ok = false;
        }
    }
    return ok;
}

bool dsh_check_graph(yctx *y, dsh_case *c)
{
    bool ok = true;
    for (unsigned i = 0; i < c->n_endpoints; i++) {
        const dsh_endpoint *e = &c->endpoints[i];
        if (e->component < 0) {
            dsh_diag_add(y->diag, y->file, e->mark,
                         "%s.%s: not used by any %s component",
                         e->kind == DSH_EP_STREAM ? "streams" : "ports",
                         e->name, e->kind == DSH_EP_STREAM ? "host" : "dai");
            ok = false;
        }
    }
    if (!check_ports(y, c) || !ok)
        return false;
    dfs d;
    memset(&d, 0, sizeof d);
    d.y = y;
    d.c = c;
    for (unsigned v = 0; v < c->n_comps; v++)
        if (d.color[v] == 0 && !visit(&d, v))
            return false;
    if (!check_connected(y, c))
        return false;
    return check_flow(y, c, &d);
}

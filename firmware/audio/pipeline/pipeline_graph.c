/* SPDX-License-Identifier: BSD-3-Clause */
/* Pipeline graph: topological order (Kahn) and structural checks. */
#include "pipeline/pipeline.h"

static int index_of(const struct pipeline *p, const struct comp_dev *c)
{
    for (uint32_t i = 0; i < p->n_comps; i++)
        if (p->comps[i] == c)
            return (int)i;
    return -1;
}

int pipeline_graph_order(struct pipeline *p)
{
    uint8_t indeg[PIPE_MAX_COMPS];
    uint32_t head = 0, tail = 0;

    for (uint32_t i = 0; i < p->n_comps; i++) {
        indeg[i] = 0;
        /* inputs written in this pipeline (not by another one) */
        for (unsigned int k = 0; k < p->comps[i]->n_in; k++)
            if (index_of(p, p->comps[i]->in[k]->source) >= 0)
                indeg[i]++;
        if (indeg[i] == 0)
            p->order[tail++] = p->comps[i];
    }
    while (head < tail) {
        struct comp_dev *c = p->order[head++];

        for (unsigned int k = 0; k < c->n_out; k++) {
            struct comp_dev *s = c->out[k]->sink;
            int j = s ? index_of(p, s) : -1;

            if (j >= 0 && --indeg[j] == 0)
                p->order[tail++] = s;
        }
    }
    return tail == p->n_comps ? AUD_OK : AUD_E_CYCLE;
}

int pipeline_graph_check(struct pipeline *p)
{
    uint32_t sinks = p->out_buf ? 1 : 0, sources = 0;

    /* the output buffer's reader is in its consumer (or gone) */
    for (uint32_t i = 0; i < p->n_bufs; i++)
        if (!p->bufs[i]->source ||
            (!p->bufs[i]->sink && p->bufs[i] != p->out_buf))
            return AUD_E_UNCONNECTED;
    for (uint32_t i = 0; i < p->n_comps; i++) {
        struct comp_dev *c = p->comps[i];

        if (c->n_in < c->min_in || c->n_out < c->min_out)
            return AUD_E_UNCONNECTED;
    }
    p->sink_ep = NULL;
    for (uint32_t i = 0; i < p->n_comps; i++) {
        struct comp_dev *c = p->comps[i];

        if (c->max_in == 0 || pipeline_is_xin(p, c))
            sources++;
        if (!(c->drv->flags & COMP_F_ENDPOINT))
            continue;
        if ((uint32_t)c->dir != p->cfg.dir)
            return AUD_E_ENDPOINT;
        if (c->max_out == 0) {
            sinks++;
            p->sink_ep = c;
        }
    }
    if (sinks != 1 || sources == 0)
        return AUD_E_ENDPOINT;
    return AUD_OK;
}

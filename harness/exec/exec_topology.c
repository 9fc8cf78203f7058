/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: from the case's pipeline graph to the firmware's audio
 * commands (docs/ipc.md), and timed controls to SET_CONTROL. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "exec/exec_internal.h"

#define XP_BUF_ID_BASE  100u
#define XP_CONV_ID_BASE 200u

uint32_t xp_fmt(dsh_pcm_format f)
{
    return f == DSH_PCM_S16   ? IPC_AUD_FMT_S16_LE
           : f == DSH_PCM_S24 ? IPC_AUD_FMT_S24_4LE
                              : IPC_AUD_FMT_S32_LE;
}

/* Sample format a component works in: endpoints their file's, the rest
 * S32 (the processing format). */
static uint32_t native_fmt(const dsh_case *c, unsigned ci)
{
    const dsh_component *k = &c->comps[ci];
    if (k->endpoint >= 0)
        return xp_fmt(c->endpoints[k->endpoint].format);
    return IPC_AUD_FMT_S32_LE;
}

int32_t xp_q8_8(double db)
{
    return (int32_t)lround(db * 256.0);
}

uint32_t xp_tone_ampl(double dbfs)
{
    double a = pow(10.0, dbfs / 20.0) * 2147483648.0;
    return a >= 2147483647.0 ? 0x7fffffffu : (uint32_t)llround(a);
}

static int find_dma(xp_run *r, unsigned *next)
{
    unsigned n = ds_board_get_config(dsh_drv_board(r->drv))->dma_channels;
    if (n > 4)
        n = 4; /* the protocol numbers channels 0..3 */
    return *next < n ? (int)(*next)++ : -1;
}

/* Component config for case component ci.  false = unsupported. */
static bool comp_config(xp_run *r, unsigned ci, xp_comp *x, unsigned *slot,
                        unsigned *dma)
{
    const dsh_case *c = r->c;
    const dsh_component *k = &c->comps[ci];
    int ch;
    switch (k->type) {
    case DSH_COMP_HOST:
    case DSH_COMP_DAI:
        if ((ch = find_dma(r, dma)) < 0)
            return xp_fail(r, DSH_RES_SKIP,
                           "component '%s': more endpoints "
                           "than DMA channels",
                           k->id);
        if (k->type == DSH_COMP_HOST) {
            if (*slot >= IPC_AUD_MAX_STREAMS)
                return xp_fail(r, DSH_RES_SKIP, "more than %u host streams",
                               IPC_AUD_MAX_STREAMS);
            x->type = IPC_AUD_COMP_HOST;
            x->cfg[0] = (*slot)++;
        } else {
            x->type = IPC_AUD_COMP_DAI;
            x->cfg[0] = k->p.port_index;
        }
        x->cfg[1] = (uint32_t)ch;
        x->cfg_bytes = 8;
        return true;
    case DSH_COMP_VOLUME:
        x->type = IPC_AUD_COMP_VOLUME;
        for (unsigned i = 0; i < 8; i++)
            x->cfg[i] = (uint32_t)xp_q8_8(k->p.gain_db);
        x->cfg[8] = (uint32_t)lround(k->p.ramp_ms);
        x->cfg[9] = k->p.mute;
        x->cfg_bytes = 40;
        return true;
    case DSH_COMP_MIXER: {
        /* protocol 1.2: a gain per input (input i = the i-th connection
         * into the mixer, in connect order, which is the order the
         * CONNECTs are sent); all 0 dB keeps the 1.1 4-byte form */
        bool gains = false;
        x->type = IPC_AUD_COMP_MIXER;
        x->cfg[0] = k->n_in;
        for (unsigned i = 0; i < 4; i++) {
            x->cfg[1 + i] = i < k->p.n_gains
                                ? (uint32_t)xp_q8_8(k->p.gains_db[i])
                                : 0;
            gains |= x->cfg[1 + i] != 0;
        }
        x->cfg_bytes = gains ? 20 : 4;
        return true;
    }
    case DSH_COMP_SRC: {
        unsigned in_rate = 0;
        for (unsigned i = 0; i < c->n_conns; i++)
            if (c->conns[i].to == ci)
                in_rate = c->comps[c->conns[i].from].rate;
        x->type = IPC_AUD_COMP_SRC;
        x->cfg[0] = in_rate;
        x->cfg[1] = k->p.out_rate;
        /* protocol 1.6: quality; the default keeps the 1.1 8-byte form */
        x->cfg[2] = k->p.quality == DSH_QUALITY_HIGH
                        ? IPC_AUD_SRC_QUALITY_HIGH
                        : IPC_AUD_SRC_QUALITY_DEFAULT;
        x->cfg_bytes = x->cfg[2] ? 12 : 8;
        return true;
    }
    case DSH_COMP_TONE:
        x->type = IPC_AUD_COMP_TONE;
        x->cfg[0] = (uint32_t)llround(k->p.freq_hz * 65536.0);
        x->cfg[1] = xp_tone_ampl(k->p.level_dbfs);
        x->cfg_bytes = 8;
        return true;
    case DSH_COMP_EQ_IIR:
        x->type = IPC_AUD_COMP_EQ_IIR;
        x->cfg_bytes = (uint32_t)xp_iir_blob(&k->p, k->rate, (uint8_t *)x->cfg);
        return true;
    case DSH_COMP_EQ_FIR:
        x->type = IPC_AUD_COMP_EQ_FIR;
        x->cfg_bytes = (uint32_t)xp_fir_blob(&k->p, (uint8_t *)x->cfg);
        return true;
    default:
        return xp_fail(r, DSH_RES_SKIP,
                       "component '%s' (%s) is not "
                       "supported by the harness",
                       k->id, dsh_comp_type_name(k->type));
    }
}

static bool add_buf(xp_run *r, xp_pipe *p, uint32_t fmt, uint32_t ch,
                    uint32_t rate, uint32_t src, uint32_t sink)
{
    if (p->nbufs == XP_MAX_COMPS || p->ncomps + p->nbufs >= XP_MAX_COMPS)
        return xp_fail(r, DSH_RES_SKIP,
                       "pipeline %u: more than %u "
                       "components and buffers",
                       p->id, XP_MAX_COMPS);
    xp_buf *b = &p->bufs[p->nbufs];
    b->id = XP_BUF_ID_BASE + p->nbufs;
    p->nbufs++;
    b->fmt = fmt;
    b->channels = ch;
    b->rate = rate;
    b->frames = xp_period_frames_max(rate, p->period_us) * 2u;
    b->src = src;
    b->sink = sink;
    b->link_pipe = -1;
    return true;
}

/* The last buffer added becomes the pipeline's output to comp `comp` of
 * pipeline `pipe` (cross-pipeline connection): no reader in its own
 * pipeline, and room for the firmware's minimum of 3 periods (no
 * prefill: 1 period of link latency + 2).  The firmware links whole
 * frames per period only. */
static bool export_last(xp_run *r, xp_pipe *p, unsigned pipe, uint32_t comp)
{
    xp_buf *b = &p->bufs[p->nbufs - 1];
    if ((uint64_t)b->rate * p->period_us % 1000000u)
        return xp_fail(r, DSH_RES_SKIP,
                       "pipeline %u: a cross-pipeline "
                       "connection needs a whole number of frames per "
                       "period; %u us at %u Hz is not",
                       p->id, p->period_us, b->rate);
    b->link_pipe = (int)pipe;
    b->link_comp = comp;
    b->sink = IPC_AUD_ID_NONE;
    b->frames = b->frames / 2 * 3;
    return true;
}

/* A pipeline without a sink endpoint takes the direction of the pipeline
 * it feeds (followed along chains of links). */
static bool link_directions(xp_run *r)
{
    for (unsigned round = 0; round < r->npipes; round++)
        for (unsigned pi = 0; pi < r->npipes; pi++) {
            xp_pipe *p = &r->pipes[pi];
            for (unsigned i = 0; i < p->nbufs && !p->has_dir; i++) {
                int l = p->bufs[i].link_pipe;
                if (l >= 0 && r->pipes[l].has_dir) {
                    p->dir = r->pipes[l].dir;
                    p->has_dir = true;
                }
            }
        }
    for (unsigned pi = 0; pi < r->npipes; pi++)
        if (!r->pipes[pi].has_dir)
            return xp_fail(r, DSH_RES_SKIP,
                           "pipeline %u has no sink "
                           "endpoint (host capture stream or SSP playback "
                           "port) and feeds no other pipeline",
                           r->pipes[pi].id);
    return true;
}

bool xp_plan(xp_run *r)
{
    const dsh_case *c = r->c;
    unsigned slot = 0, dma = 0;

    r->npipes = c->n_pipelines;
    for (unsigned pi = 0; pi < c->n_pipelines; pi++) {
        xp_pipe *p = &r->pipes[pi];
        memset(p, 0, sizeof *p);
        p->case_pipe = pi;
        p->id = c->pipelines[pi].id;
        p->period_us = c->pipelines[pi].period_us;
        p->priority = c->pipelines[pi].priority;
        p->core = c->pipelines[pi].core;
        for (unsigned ci = 0; ci < c->n_comps; ci++) {
            const dsh_component *k = &c->comps[ci];
            if (k->pipeline != pi)
                continue;
            if (p->ncomps == XP_MAX_COMPS)
                return xp_fail(r, DSH_RES_SKIP,
                               "pipeline %u: more than %u "
                               "components",
                               p->id, XP_MAX_COMPS);
            xp_comp *x = &p->comps[p->ncomps++];
            memset(x, 0, sizeof *x);
            x->id = ci + 1;
            x->case_comp = (int)ci;
            if (!comp_config(r, ci, x, &slot, &dma))
                return false;
            if (k->endpoint >= 0) {
                const dsh_endpoint *e = &c->endpoints[k->endpoint];
                xp_ep *ep = &r->eps[k->endpoint];
                ep->pipe = pi;
                ep->comp_id = x->id;
                ep->fmt = xp_fmt(e->format);
                if (k->type == DSH_COMP_HOST)
                    ep->slot = x->cfg[0];
                if (e->dir == DSH_EP_OUTPUT) {
                    if (p->has_dir)
                        return xp_fail(r, DSH_RES_SKIP,
                                       "pipeline %u has two "
                                       "sink endpoints; the firmware takes "
                                       "one per pipeline",
                                       p->id);
                    p->has_dir = true;
                    p->dir = k->type == DSH_COMP_DAI ? IPC_AUD_DIR_PLAYBACK
                                                     : IPC_AUD_DIR_CAPTURE;
                }
            }
        }
        /* one buffer per connection, a CONVERT where formats differ; a
         * connection into another pipeline ends in this pipeline's output
         * buffer (PIPE_CONNECT) */
        unsigned nconv = 0;
        for (unsigned i = 0; i < c->n_conns; i++) {
            const dsh_connection *k = &c->conns[i];
            if (c->comps[k->from].pipeline != pi)
                continue;
            const dsh_component *a = &c->comps[k->from];
            uint32_t fa = native_fmt(c, k->from), fb = native_fmt(c, k->to);
            unsigned to_pipe = c->comps[k->to].pipeline;
            if (fa == fb) {
                if (!add_buf(r, p, fa, a->channels, a->rate, k->from + 1,
                             k->to + 1))
                    return false;
                if (to_pipe != pi && !export_last(r, p, to_pipe, k->to + 1))
                    return false;
                continue;
            }
            if (p->ncomps == XP_MAX_COMPS)
                return xp_fail(r, DSH_RES_SKIP,
                               "pipeline %u: too many "
                               "components with format converters",
                               p->id);
            xp_comp *x = &p->comps[p->ncomps++];
            memset(x, 0, sizeof *x);
            x->id = XP_CONV_ID_BASE + nconv++;
            x->type = IPC_AUD_COMP_CONVERT;
            x->case_comp = -1;
            if (!add_buf(r, p, fa, a->channels, a->rate, k->from + 1, x->id) ||
                !add_buf(r, p, fb, a->channels, a->rate, x->id, k->to + 1))
                return false;
            if (to_pipe != pi && !export_last(r, p, to_pipe, k->to + 1))
                return false;
        }
    }
    return link_directions(r);
}

/* Sends a setup command made of words after the header for case pipeline
 * pi (and case component comp, -1 = none); reports failures. */
static bool send(xp_run *r, uint32_t id, const uint32_t *w, unsigned n,
                 dsh_drv_msg *reply, unsigned pi, int comp, const char *what)
{
    dsh_drv_err e = dsh_drv_command(r->drv, id, w, n * 4u, reply);
    if (e == DSH_DRV_OK)
        return true;
    if (e == DSH_DRV_ESTATUS)
        return xp_setup_rejected(r, id, pi, comp, what);
    return xp_fail(r, DSH_RES_ERROR, "%s: %s", what, dsh_drv_diag(r->drv));
}

bool xp_build(xp_run *r)
{
    static dsh_drv_msg m;
    char what[96];
    for (unsigned pi = 0; pi < r->npipes; pi++) {
        xp_pipe *p = &r->pipes[pi];
        uint32_t pn[7] = { p->id, p->dir, p->period_us, p->priority,
                           0,     0,      p->core };
        snprintf(what, sizeof what, "pipeline %u", p->id);
        if (!send(r, IPC_CMD_AUD_PIPE_NEW, pn, 7, &m, pi, -1, what))
            return false;
        p->live = true;
        memcpy(&p->task_id, m.body + 24, 4);
        memcpy(&p->period_cycles, m.body + 28, 4);
        for (unsigned i = 0; i < p->ncomps; i++) {
            xp_comp *x = &p->comps[i];
            uint32_t w[4 + 256] = { p->id, x->id, x->type, x->cfg_bytes };
            memcpy(w + 4, x->cfg, x->cfg_bytes);
            snprintf(what, sizeof what, "pipeline %u component '%s'", p->id,
                     x->case_comp >= 0 ? r->c->comps[x->case_comp].id
                                       : "(format converter)");
            if (!send(r, IPC_CMD_AUD_COMP_NEW, w, 4 + x->cfg_bytes / 4, NULL,
                      pi, x->case_comp, what))
                return false;
        }
        for (unsigned i = 0; i < p->nbufs; i++) {
            xp_buf *b = &p->bufs[i];
            uint32_t w[6] = { p->id,       b->id,   b->fmt,
                              b->channels, b->rate, b->frames };
            snprintf(what, sizeof what, "pipeline %u buffer %u", p->id, b->id);
            if (!send(r, IPC_CMD_AUD_BUF_NEW, w, 6, NULL, pi, -1, what))
                return false;
            uint32_t cn[4] = { p->id, b->src, b->id, b->sink };
            if (!send(r, IPC_CMD_AUD_CONNECT, cn, 4, NULL, pi, -1, what))
                return false;
        }
    }
    /* cross-pipeline connections, while the consumers are in INIT */
    for (unsigned pi = 0; pi < r->npipes; pi++) {
        xp_pipe *p = &r->pipes[pi];
        for (unsigned i = 0; i < p->nbufs; i++) {
            const xp_buf *b = &p->bufs[i];
            if (b->link_pipe < 0)
                continue;
            const xp_pipe *q = &r->pipes[b->link_pipe];
            uint32_t w[4] = { p->id, b->id, q->id, b->link_comp };
            snprintf(what, sizeof what,
                     "pipeline %u buffer %u -> pipeline "
                     "%u component '%s'",
                     p->id, b->id, q->id, r->c->comps[b->link_comp - 1].id);
            if (!send(r, IPC_CMD_AUD_PIPE_CONNECT, w, 4, NULL,
                      (unsigned)b->link_pipe, (int)b->link_comp - 1, what))
                return false;
        }
    }
    for (unsigned pi = 0; pi < r->npipes; pi++) {
        xp_pipe *p = &r->pipes[pi];
        snprintf(what, sizeof what, "pipeline %u COMPLETE", p->id);
        if (!send(r, IPC_CMD_AUD_PIPE_COMPLETE, &p->id, 1, NULL, pi, -1, what))
            return false;
        xp_log(r,
               "pipeline %u: %u components, %u buffers, task %u, "
               "%u cycles per period",
               p->id, p->ncomps, p->nbufs, p->task_id, p->period_cycles);
    }
    return true;
}

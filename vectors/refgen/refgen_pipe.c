/* SPDX-License-Identifier: BSD-3-Clause */
/* dsh-refgen: a case pipeline on the host with the firmware's pipeline,
 * component and buffer code (refgen_pipe.h). */
#include "refgen_pipe.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "comp/comp_endpoint.h"
#include "dspsim/errbuf.h"
#include "dsp/format.h"

/* Any valid CPU clock: cycles are not counted on the host. */
#define RG_CLOCK_HZ 100000000u

_Static_assert(IPC_AUD_FMT_S16_LE == AUDIO_FMT_S16_LE &&
                   IPC_AUD_FMT_S24_4LE == AUDIO_FMT_S24_4LE &&
                   IPC_AUD_FMT_S32_LE == AUDIO_FMT_S32_LE,
               "formats");
_Static_assert(IPC_AUD_DIR_PLAYBACK == AUDIO_DIR_PLAYBACK &&
                   IPC_AUD_DIR_CAPTURE == AUDIO_DIR_CAPTURE,
               "directions");
_Static_assert(IPC_AUD_CTL_VOLUME_GAIN == COMP_CTL_VOLUME_GAIN &&
                   IPC_AUD_CTL_VOLUME_MUTE == COMP_CTL_VOLUME_MUTE &&
                   IPC_AUD_CTL_VOLUME_RAMP_MS == COMP_CTL_VOLUME_RAMP_MS &&
                   IPC_AUD_CTL_TONE_FREQ == COMP_CTL_TONE_FREQ &&
                   IPC_AUD_CTL_TONE_AMPL == COMP_CTL_TONE_AMPL &&
                   IPC_AUD_CTL_BLOB == COMP_CTL_BLOB &&
                   IPC_AUD_CTL_MIXER_GAIN == COMP_CTL_MIXER_GAIN,
               "control ids");

static bool fail(char *err, size_t errsz, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(char *err, size_t errsz, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ds_verrf(err, errsz, fmt, ap);
    va_end(ap);
    return false;
}

/* Q1.31 sample of an input file as the harness puts it on the board
 * (harness/exec/exec_stream.c): a host stream at S16 rounded
 * (dsh_q31_quantize), S24 streams and SSP ports cut to their top bits.
 * The result is exact at fmt, so fmt_from_q1_31 only repacks it. */
static int32_t board_value(int32_t q, enum audio_fmt fmt, bool host)
{
    if (fmt == AUDIO_FMT_S16_LE && host)
        return dsh_q31_quantize(q, DSH_PCM_S16);
    uint32_t low = fmt == AUDIO_FMT_S16_LE    ? 0xffffu
                   : fmt == AUDIO_FMT_S24_4LE ? 0xffu
                                              : 0u;
    return (int32_t)((uint32_t)q & ~low);
}

/* Fills a source endpoint's memory from its input file (silence after
 * the file, as the harness feeds it). */
static bool load_input(rg_ep *ep, const dsh_endpoint *e, bool host, char *err,
                       size_t errsz)
{
    dsh_audio in;
    char msg[512];
    if (!dsh_audio_read(e->resolved, &in, msg, sizeof msg))
        return fail(err, errsz, "%s", msg);
    uint64_t frames = ep->bytes / ep->frame_bytes;
    size_t sb = fmt_sample_bytes(ep->fmt);
    for (uint64_t f = 0; f < frames && f < in.frames; f++)
        for (unsigned ch = 0; ch < ep->channels; ch++) {
            int32_t v = ch < in.channels
                            ? board_value(in.samples[f * in.channels + ch],
                                          ep->fmt, host)
                            : 0;
            fmt_from_q1_31(ep->mem + f * ep->frame_bytes + ch * sb, &v, ep->fmt,
                           1);
        }
    dsh_audio_free(&in);
    return true;
}

/* Endpoint component x of the plan: its memory and fake DMA channel. */
static bool endpoint_new(rg_pipe *rp, const xp_run *r, const xp_comp *x,
                         uint64_t periods, char *err, size_t errsz)
{
    const dsh_component *k = &r->c->comps[x->case_comp];
    const dsh_endpoint *e = &r->c->endpoints[k->endpoint];
    rg_ep *ep = &rp->eps[rp->neps++];
    bool source = e->dir == DSH_EP_INPUT;

    ep->case_ep = k->endpoint;
    ep->comp_id = x->id;
    ep->fmt = (enum audio_fmt)r->eps[k->endpoint].fmt;
    ep->channels = e->channels;
    ep->frame_bytes = (unsigned)fmt_sample_bytes(ep->fmt) * e->channels;
    ep->period_frames = xp_period_frames_max(e->rate, rp->p.cfg.period_us);
    uint64_t bytes = periods * ep->period_frames * ep->frame_bytes;
    if (bytes > UINT32_MAX)
        return fail(err, errsz, "'%s': run too long", e->name);
    ep->bytes = (uint32_t)bytes;
    ep->mem = calloc(1, bytes ? bytes : 1);
    if (!ep->mem)
        return fail(err, errsz, "out of memory");
    if (source && !load_input(ep, e, k->type == DSH_COMP_HOST, err, errsz))
        return false;
    fake_dma_init(&ep->dma, source, ep->mem, ep->bytes);
    struct comp_endpoint_config ec = {
        .dir = rp->p.cfg.dir,
        .port = x->cfg[0],
        .dma = &fake_dma_ops,
        .dma_ctx = &ep->dma,
    };
    int ret = pipeline_comp_new(&rp->p, (enum comp_type)x->type, x->id, &ec,
                                sizeof ec);
    return ret ? fail(err, errsz, "'%s': endpoint: error %d", k->id, ret)
               : true;
}

bool rg_pipe_build(rg_pipe *rp, const xp_run *r, const xp_pipe *xp,
                   uint64_t periods, char *err, size_t errsz)
{
    memset(rp, 0, sizeof *rp);
    rp->c = r->c;
    /* one pipeline only: no cross-pipeline connection in or out */
    for (unsigned pi = 0; pi < r->npipes; pi++)
        for (unsigned i = 0; i < r->pipes[pi].nbufs; i++) {
            int l = r->pipes[pi].bufs[i].link_pipe;
            if (l >= 0 && (&r->pipes[pi] == xp || &r->pipes[l] == xp))
                return fail(err, errsz,
                            "pipeline %u is connected to "
                            "another pipeline: dsh-refgen runs one "
                            "pipeline",
                            xp->id);
        }
    host_alloc_init(&rp->ta);
    /* PIPE_NEW as the harness sends it: no deadline, no prefill */
    struct pipeline_config cfg = {
        .id = xp->id,
        .dir = xp->dir,
        .period_us = xp->period_us,
        .clock_hz = RG_CLOCK_HZ,
        .priority = xp->priority,
        .prefill_periods = 0,
        .alloc = &rp->ta.a,
    };
    int ret = pipeline_init(&rp->p, &cfg);
    if (ret)
        return fail(err, errsz, "pipeline %u: error %d", xp->id, ret);
    rp->inited = true;
    for (unsigned i = 0; i < xp->ncomps; i++) {
        const xp_comp *x = &xp->comps[i];
        if (x->type == IPC_AUD_COMP_HOST || x->type == IPC_AUD_COMP_DAI) {
            if (!endpoint_new(rp, r, x, periods, err, errsz))
                return false;
            continue;
        }
        ret = pipeline_comp_new(&rp->p, (enum comp_type)x->type, x->id,
                                x->cfg_bytes ? x->cfg : NULL, x->cfg_bytes);
        if (ret)
            return fail(err, errsz, "pipeline %u component %u: error %d",
                        xp->id, x->id, ret);
    }
    for (unsigned i = 0; i < xp->nbufs; i++) {
        const xp_buf *b = &xp->bufs[i];
        ret = pipeline_buffer_new(&rp->p, b->id, (enum audio_fmt)b->fmt,
                                  b->channels, b->rate, b->frames);
        if (!ret)
            ret = pipeline_connect(&rp->p, b->src, b->id, b->sink);
        if (ret)
            return fail(err, errsz, "pipeline %u buffer %u: error %d", xp->id,
                        b->id, ret);
    }
    ret = pipeline_complete(&rp->p);
    return ret ? fail(err, errsz, "pipeline %u COMPLETE: error %d", xp->id, ret)
               : true;
}

bool rg_pipe_start(rg_pipe *rp, char *err, size_t errsz)
{
    int ret = pipeline_trigger(&rp->p, COMP_TRIGGER_START);
    return ret ? fail(err, errsz, "START: error %d", ret) : true;
}

bool rg_pipe_period(rg_pipe *rp, char *err, size_t errsz)
{
    int ret = pipeline_copy(&rp->p);
    rp->periods++;
    return ret ? fail(err, errsz, "period %" PRIu64 ": error %d (an xrun?)",
                      rp->periods - 1, ret)
               : true;
}

bool rg_pipe_control(rg_pipe *rp, const dsh_control *ctl, char *err,
                     size_t errsz)
{
    const dsh_component *k = &rp->c->comps[ctl->component];
    struct comp_dev *dev = pipeline_comp(&rp->p, ctl->component + 1);
    static xp_ctl_set sets[XP_CTL_MAX_SETS];
    unsigned n = xp_control_sets(rp->c, ctl, sets);
    int ret = 0;

    if (!dev)
        return fail(err, errsz, "control on '%s': not in this pipeline", k->id);
    if (!n)
        return fail(err, errsz,
                    "control on '%s' (%s): not expressible as "
                    "SET_CONTROL",
                    k->id, dsh_comp_type_name(k->type));
    /* the harness's SET_CONTROLs, in its order; the first error counts */
    for (unsigned i = 0; i < n; i++) {
        int r = comp_set_control(dev, (enum comp_ctl)sets[i].ctl, sets[i].data,
                                 sets[i].bytes);
        ret = ret ? ret : r;
    }
    if (ret && !ctl->expect_error)
        return fail(err, errsz, "control at %.3f ms on '%s': error %d",
                    ctl->at_ms, k->id, ret);
    return true;
}

rg_ep *rg_pipe_endpoint(rg_pipe *rp, int ei)
{
    for (unsigned i = 0; i < rp->neps; i++)
        if (rp->eps[i].case_ep == ei)
            return &rp->eps[i];
    return NULL;
}

int32_t *rg_pipe_output(const rg_ep *ep, uint64_t *frames)
{
    /* S16 << 16, S24_4LE: bits 23..0 << 8, S32 as is: exact, as the
     * harness decodes the port's and the host buffer's samples */
    uint64_t n = ep->dma.pos / ep->frame_bytes;
    int32_t *q = malloc((n ? n : 1) * ep->channels * sizeof *q);
    if (q)
        fmt_to_q1_31(q, ep->mem, ep->fmt, (size_t)n * ep->channels);
    *frames = n;
    return q;
}

void rg_pipe_free(rg_pipe *rp)
{
    if (rp->inited)
        pipeline_free(&rp->p);
    rp->inited = false;
    for (unsigned i = 0; i < rp->neps; i++)
        free(rp->eps[i].mem);
    rp->neps = 0;
}

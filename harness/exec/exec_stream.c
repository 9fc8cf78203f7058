/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: the host side of the audio data.  Host streams use a
 * circular buffer of DSH_EXEC_HOST_PERIODS periods in board host memory
 * (STREAM_PARAMS); after every period of simulated time the host reads
 * the stream's position slot (mailbox stream region) and refills
 * (playback) or drains (capture) up to it.  SSP ports are fed from and
 * collected by the port's source/sink callbacks.  Samples on
 * the host side are Q1.31 (wav_io.h); in host memory S16_LE, S24_4LE or
 * S32_LE; at the SSP sign-extended values of the width (dspsim/ssp.h).
 * Outputs go to their spool file (exec_outspool.c). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/exec_internal.h"

static unsigned width_of(uint32_t fmt)
{
    return fmt == IPC_AUD_FMT_S16_LE    ? 16
           : fmt == IPC_AUD_FMT_S24_4LE ? 24
                                        : 32;
}

static void ssp_sink(void *user, unsigned port, const int32_t *samples,
                     unsigned channels, unsigned frames, const uint64_t *cycles)
{
    xp_ep *ep = user;
    (void)port;
    (void)cycles;
    if (!ep->active || channels != ep->e->channels || channels > 8)
        return;
    xp_out_append(ep, samples, channels, frames, 32 - width_of(ep->fmt));
}

/* Input frames [ep->in_frame, + n) at dst (Q1.31, the file's channels);
 * false once a read has failed (ep->in_err; the caller plays silence and
 * the case ends in an error, with no output written). */
static bool in_read(xp_ep *ep, uint64_t n, int32_t *dst)
{
    if (!ep->in_failed && !dsh_audio_stream_read(ep->in, ep->in_frame, n, dst,
                                                 ep->in_err, sizeof ep->in_err))
        ep->in_failed = true;
    return !ep->in_failed;
}

static void ssp_source(void *user, unsigned port, int32_t *samples,
                       unsigned channels, uint64_t cycle)
{
    xp_ep *ep = user;
    unsigned sh = 32 - width_of(ep->fmt);
    int32_t f[64];
    (void)port;
    (void)cycle;
    for (unsigned i = 0; i < channels; i++)
        samples[i] = 0;
    if (!ep->active || ep->in_frame >= ep->in_info.frames || !in_read(ep, 1, f))
        return;
    for (unsigned i = 0; i < channels && i < ep->in_info.channels; i++)
        samples[i] = f[i] >> sh;
    ep->in_frame++;
}

bool xp_streams_open(xp_run *r)
{
    const dsh_case *c = r->c;
    ds_board *b = dsh_drv_board(r->drv);
    uint32_t host_next = 0, host_size = ds_board_host_size(b);
    char err[512];

    for (unsigned i = 0; i < c->n_endpoints; i++) {
        const dsh_endpoint *e = &c->endpoints[i];
        xp_ep *ep = &r->eps[i];
        ep->e = e;
        ep->spool_dir = r->spool_dir;
        ep->sample_bytes = ep->fmt == IPC_AUD_FMT_S16_LE ? 2 : 4;
        ep->frame_bytes = ep->sample_bytes * e->channels;
        if (e->dir == DSH_EP_INPUT && !ep->in &&
            !(ep->in = dsh_audio_stream_open(e->resolved, &ep->in_info, err,
                                             sizeof err)))
            return xp_fail(r, DSH_RES_ERROR, "%s", err);
        /* the case checked the file when it was loaded; it may have
         * changed since */
        if (e->dir == DSH_EP_INPUT &&
            !dsh_audio_check_params(&ep->in_info, e->file, e->rate, e->channels,
                                    e->name, err, sizeof err))
            return xp_fail(r, DSH_RES_ERROR, "%s", err);
        if (e->kind == DSH_EP_PORT) {
            ds_ssp *p = ds_board_ssp(b, e->port_index);
            if (!p)
                return xp_fail(r, DSH_RES_SKIP,
                               "port '%s': the board has "
                               "no SSP port %u",
                               e->name, e->port_index);
            if (e->dir == DSH_EP_OUTPUT)
                ds_ssp_set_sink_run(p, ssp_sink, ep);
            else
                ds_ssp_set_source(p, ssp_source, ep);
            continue;
        }
        const xp_pipe *pp = &r->pipes[ep->pipe];
        /* period_bytes: the largest period (44.1 kHz at 1 ms: 45 frames);
         * the DSP moves 44 or 45 frames a period through the circular
         * buffer, and the host refills / drains up to its position in
         * bytes, whatever the period sizes */
        ep->period_bytes = xp_period_frames_max(e->rate, pp->period_us) *
                           ep->frame_bytes;
        ep->host_bytes = ep->period_bytes * DSH_EXEC_HOST_PERIODS;
        ep->host_addr = host_next;
        host_next += (ep->host_bytes + 63u) & ~63u;
        if (host_next > host_size)
            return xp_fail(r, DSH_RES_SKIP,
                           "host buffers need %" PRIu32
                           " bytes; the board has %" PRIu32 " of host "
                           "memory",
                           host_next, host_size);
    }
    return true;
}

/* Decodes one sample in host memory. */
static int32_t get_sample(const uint8_t *p, uint32_t fmt)
{
    if (fmt == IPC_AUD_FMT_S16_LE)
        return (int32_t)((uint32_t)(p[0] | p[1] << 8) << 16);
    uint32_t w = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                 (uint32_t)p[3] << 24;
    return fmt == IPC_AUD_FMT_S24_4LE ? dsh_q31_from_s24_4le(w) : (int32_t)w;
}

/* The next `frames` input frames (silence past the end) in the host
 * format at dst; the format is looked at once, not per sample (this runs
 * for every frame of a playback). */
static void put_frames(xp_ep *ep, uint8_t *dst, uint32_t frames)
{
    unsigned chans = ep->e->channels, in_ch = ep->in_info.channels;
    size_t fbytes = ep->frame_bytes, sbytes = ep->sample_bytes;
    uint64_t left = ep->in_frame < ep->in_info.frames
                        ? ep->in_info.frames - ep->in_frame
                        : 0;
    uint32_t real = left < frames ? (uint32_t)left : frames;
    /* host_fill asks for a 4096-byte buffer's frames, at least 2 bytes a
     * sample: 2048 samples, in the file's channels (the case's, which
     * the case checks) */
    int32_t in[2048];
    if (real > sizeof in / sizeof in[0] / in_ch && !ep->in_failed) {
        snprintf(ep->in_err, sizeof ep->in_err,
                 "input '%s': %u frames of %u channels asked at once",
                 ep->e->name, (unsigned)real, in_ch);
        ep->in_failed = true;
    }
    if (ep->in_failed || (real && !in_read(ep, real, in)))
        real = 0;
    /* past the input's end: silence, all-zero bytes in every format */
    memset(dst + real * fbytes, 0, (frames - real) * fbytes);
    const int32_t *src = in;
    ep->in_frame += frames;
    for (uint32_t f = 0; f < real; f++, src += in_ch) {
        uint8_t *d = dst + f * fbytes;
        if (ep->fmt == IPC_AUD_FMT_S16_LE) {
            for (unsigned ch = 0; ch < chans; ch++, d += sbytes) {
                uint32_t v = (uint32_t)(dsh_q31_quantize(src[ch],
                                                         DSH_PCM_S16) >>
                                        16);
                d[0] = (uint8_t)v;
                d[1] = (uint8_t)(v >> 8);
            }
            continue;
        }
        for (unsigned ch = 0; ch < chans; ch++, d += sbytes) {
            uint32_t v = ep->fmt == IPC_AUD_FMT_S24_4LE
                             ? dsh_s24_4le_from_q31(src[ch])
                             : (uint32_t)src[ch];
            d[0] = (uint8_t)v;
            d[1] = (uint8_t)(v >> 8);
            d[2] = (uint8_t)(v >> 16);
            d[3] = (uint8_t)(v >> 24);
        }
    }
}

/* Playback: write the next `bytes` (whole frames) at the host. */
static void host_fill(xp_run *r, xp_ep *ep, uint32_t bytes)
{
    uint8_t buf[4096];
    ds_board *b = dsh_drv_board(r->drv);
    while (bytes) {
        uint32_t off = (uint32_t)(ep->moved % ep->host_bytes);
        uint32_t n = bytes < sizeof buf ? bytes : sizeof buf;
        n -= n % ep->frame_bytes;
        if (n > ep->host_bytes - off)
            n = ep->host_bytes - off;
        if (n == 0)
            break; /* not whole frames: nothing sensible */
        put_frames(ep, buf, n / ep->frame_bytes);
        ds_board_host_write(b, ep->host_addr + off, buf, n);
        ep->moved += n;
        bytes -= n;
    }
}

/* Capture: read up to the position. */
static void host_drain(xp_run *r, xp_ep *ep)
{
    uint8_t buf[4096];
    int32_t f[8];
    ds_board *b = dsh_drv_board(r->drv);
    while (ep->moved + ep->frame_bytes <= ep->pos) {
        uint32_t off = (uint32_t)(ep->moved % ep->host_bytes);
        uint64_t avail = ep->pos - ep->moved;
        uint32_t n = avail < sizeof buf ? (uint32_t)avail : sizeof buf;
        n -= n % ep->frame_bytes;
        if (n > ep->host_bytes - off)
            n = ep->host_bytes - off;
        ds_board_host_read(b, ep->host_addr + off, buf, n);
        for (uint32_t i = 0; i < n / ep->frame_bytes; i++) {
            for (unsigned ch = 0; ch < ep->e->channels && ch < 8; ch++)
                f[ch] = get_sample(
                    buf + i * ep->frame_bytes + ch * ep->sample_bytes, ep->fmt);
            xp_out_append(ep, f, ep->e->channels, 1, 0);
        }
        ep->moved += n;
    }
}

/* STREAM_PARAMS for host stream ep, its buffer reset (and filled for
 * playback) first.  setup: part of the case's setup. */
static bool stream_params(xp_run *r, xp_ep *ep, bool setup)
{
    const xp_pipe *p = &r->pipes[ep->pipe];
    uint32_t w[8] = {
        p->id,   ep->comp_id,   ep->e->rate,    ep->e->channels,
        ep->fmt, ep->host_addr, ep->host_bytes, ep->period_bytes
    };
    ep->moved = ep->pos = 0;
    ep->last_pos = 0;
    if (ep->e->dir == DSH_EP_INPUT)
        host_fill(r, ep, ep->host_bytes);
    dsh_drv_err e = xp_command(r, IPC_CMD_AUD_STREAM_PARAMS, w, sizeof w, NULL);
    if (xp_expected_panic(r, e))
        return false;
    if (e == DSH_DRV_OK)
        return true;
    char what[96];
    snprintf(what, sizeof what, "stream '%s' parameters", ep->e->name);
    if (e == DSH_DRV_ESTATUS && setup)
        return xp_setup_rejected(r, IPC_CMD_AUD_STREAM_PARAMS, ep->pipe,
                                 ep->e->component, what);
    r->unexpected_ipc += e == DSH_DRV_ESTATUS;
    return xp_fail(r, e == DSH_DRV_ESTATUS ? DSH_RES_FAIL : DSH_RES_ERROR,
                   "%s: %s", what, dsh_drv_diag(r->drv));
}

bool xp_streams_params(xp_run *r)
{
    for (unsigned i = 0; i < r->c->n_endpoints; i++)
        if (r->eps[i].e->kind == DSH_EP_STREAM &&
            !stream_params(r, &r->eps[i], true))
            return false;
    return true;
}

bool xp_streams_restart(xp_run *r, unsigned pi)
{
    xp_streams_service(r); /* the positions the stop left */
    for (unsigned i = 0; i < r->c->n_endpoints; i++) {
        xp_ep *ep = &r->eps[i];
        if (ep->e->kind != DSH_EP_STREAM || ep->pipe != pi)
            continue;
        if (ep->e->dir == DSH_EP_INPUT && ep->moved > ep->pos) {
            /* what the host wrote ahead was never fetched: play it
             * after the restart */
            uint64_t back = (ep->moved - ep->pos) / ep->frame_bytes;
            ep->in_frame = back < ep->in_frame ? ep->in_frame - back : 0;
        }
        if (!stream_params(r, ep, false))
            return false;
    }
    return true;
}

/* A host-side xrun on playback stream ep (a late refill let the DSP read
 * past what the host wrote): counted, logged, and its pipeline is stopped
 * and recovered at the next xp_xrun_recover (exec_xrun.c) like an XRUN. */
static void host_xrun(xp_run *r, xp_ep *ep)
{
    xp_pipe *p = &r->pipes[ep->pipe];
    uint64_t now = dsh_drv_cycles(r->drv);
    r->host_xruns++;
    xp_log(r,
           "host xrun: stream '%s': the DSP read %" PRIu64 " bytes the "
           "host had not written (refill late)",
           ep->e->name, ep->pos - ep->moved);
    dsh_timeline_instant(r->tl, "xruns", "host xrun", now, ep->e->name);
    /* the host catches up from what the DSP has read */
    ep->moved = ep->pos;
    if (!p->xrun_pending && p->live) {
        p->xrun_pending = true;
        p->host_xrun = true;
        p->xrun_cycle = now;
    }
}

bool xp_streams_service(xp_run *r)
{
    ds_board *b = dsh_drv_board(r->drv);
    for (unsigned i = 0; i < r->c->n_endpoints; i++) {
        xp_ep *ep = &r->eps[i];
        if (ep->e->kind != DSH_EP_STREAM || !ep->active)
            continue;
        struct ipc_aud_stream_slot s;
        if (ds_board_mbox_read(b, IPC_MBOX_STREAM_OFF + ep->slot * sizeof s, &s,
                               sizeof s) != DS_OK)
            continue;
        if (s.pipe_id != r->pipes[ep->pipe].id || s.comp_id != ep->comp_id)
            continue;
        ep->pos += (uint32_t)(s.position - ep->last_pos);
        ep->last_pos = s.position;
        /* the DSP moves periods (whole frames) of a buffer the host
         * keeps full (playback) or empty (capture): anything else means
         * host and DSP are out of step */
        if (ep->e->dir == DSH_EP_INPUT && ep->pos > ep->moved &&
            ep->refill_faulted) {
            /* a late refill: the DSP read what the host had not written
             * (stale data went out): a host-side xrun, recovered like a
             * firmware one (STOP, stream parameters, START) */
            host_xrun(r, ep);
            continue;
        }
        if (ep->e->dir == DSH_EP_INPUT ? ep->pos > ep->moved
                                       : ep->pos > ep->moved + ep->host_bytes) {
            xp_fail(r, DSH_RES_ERROR,
                    "stream '%s': DSP position %" PRIu64
                    " bytes against %" PRIu64 " %s by the host in a %" PRIu32
                    "-byte buffer: host and DSP out of step",
                    ep->e->name, ep->pos, ep->moved,
                    ep->e->dir == DSH_EP_INPUT ? "written" : "read",
                    ep->host_bytes);
            ep->active = false;
            continue;
        }
        if (ep->e->dir == DSH_EP_INPUT && ep->refill_skip) {
            ep->refill_skip--; /* a lost refill */
            continue;
        }
        if (ep->e->dir == DSH_EP_INPUT &&
            dsh_drv_cycles(r->drv) < ep->refill_hold)
            continue; /* a late refill */
        if (ep->e->dir == DSH_EP_INPUT) {
            if (ep->pos + ep->host_bytes > ep->moved)
                host_fill(r, ep,
                          (uint32_t)(ep->pos + ep->host_bytes - ep->moved));
        } else {
            host_drain(r, ep);
        }
    }
    /* an input that could not be read (a port's, or a refill's just
     * now): the rest of it is lost, the case ends in an error and no
     * output is written */
    bool ok = true;
    for (unsigned i = 0; i < r->c->n_endpoints; i++)
        if (r->eps[i].in_failed) {
            xp_fail(r, DSH_RES_ERROR, "%s", r->eps[i].in_err);
            r->eps[i].active = false;
            ok = false;
        }
    return ok;
}

bool xp_streams_inputs_fetched(const xp_run *r)
{
    for (unsigned i = 0; i < r->c->n_endpoints; i++) {
        const xp_ep *ep = &r->eps[i];
        if (ep->e->dir != DSH_EP_INPUT)
            continue;
        uint64_t fetched = ep->in_frame;
        if (ep->e->kind == DSH_EP_STREAM) {
            /* written to host memory minus what the DSP has not taken */
            uint64_t ahead = ep->moved > ep->pos
                                 ? (ep->moved - ep->pos) / ep->frame_bytes
                                 : 0;
            fetched = fetched > ahead ? fetched - ahead : 0;
        }
        if (fetched < ep->in_info.frames)
            return false;
    }
    return true;
}

void xp_streams_close(xp_run *r)
{
    for (unsigned i = 0; i < DSH_MAX_ENDPOINTS; i++) {
        dsh_audio_stream_close(r->eps[i].in);
        r->eps[i].in = NULL;
        xp_out_close(&r->eps[i]);
    }
}

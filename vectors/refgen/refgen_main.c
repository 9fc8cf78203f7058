/* SPDX-License-Identifier: BSD-3-Clause */
/* dsh-refgen: bit-exact reference of one output of a harness case, made by
 * the firmware's own DSP kernels and component glue built for the host
 * (vectors/README.md).
 *
 *   dsh-refgen [--firmware ELF] [--frames N] CASE OUTPUT REF.wav
 *
 * CASE is loaded as `dspsim test` loads it (without its expectations: the
 * reference does not exist yet), planned by the harness (xp_plan: the
 * components, configs, EQ blobs, converters and buffers it would send to
 * the firmware), and the pipeline holding OUTPUT (an output stream or
 * port of the case) is run on the host, period by period, with the case's
 * controls (the harness's own SET_CONTROL data) applied before the period
 * the board applies them in.  The output is delayed by the board's latency and cut to the
 * reference length, then written at OUTPUT's rate, channels and format.
 *
 * Latency (frames at OUTPUT's rate, P = its pipeline's period in frames):
 *   SSP playback port  BOARD_AUDIO_DAI_LEAD * P: the DAI ring starts with
 *                      that many periods of silence ahead of the first
 *                      period the pipeline writes
 *                      (firmware/audio/platform/board_audio_dma.h)
 *   host capture       0: the DAI capture ring starts with the port's
 *                      first frame, the first job runs 1.5 periods after
 *                      START and sends the period on at once
 * (the pipeline's own prefill, 0 in the harness's PIPE_NEW, happens in the
 * host run itself, as does an SRC's group delay).
 * Reference length R: --frames N, else the run (duration_ms) minus
 * RG_TAIL_PERIODS periods, so that the end of the stream (STOP, the stop
 * fade, what the board plays out after it) is never compared.  The
 * harness compares over the shorter of output and reference, so a case
 * also pins `length: {frames: R + 10 P, tolerance: 10 P}`: the output is
 * at least R frames (the whole reference is compared) and at most 20
 * periods longer.
 *
 * The ELF is only loaded (never run): the harness's plan needs a board
 * (the DMA channel count).  Exit status 0, or 1 with a message. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/board_audio_dma.h"
#include "refgen_case.h"
#include "refgen_pipe.h"

/* Periods at the end of the run left out of the reference. */
#define RG_TAIL_PERIODS 2u

typedef struct rg_args {
    const char *firmware, *case_path, *output, *ref;
    uint64_t frames; /* 0 = default length */
} rg_args;

static int usage(void)
{
    fprintf(stderr, "usage: dsh-refgen [--firmware ELF] [--frames N] CASE "
                    "OUTPUT REF.wav\n");
    return 1;
}

static bool parse_args(int argc, char **argv, rg_args *a)
{
    const char *pos[3];
    unsigned npos = 0;
    memset(a, 0, sizeof *a);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--firmware") && i + 1 < argc) {
            a->firmware = argv[++i];
        } else if (!strcmp(argv[i], "--frames") && i + 1 < argc) {
            char *end;
            errno = 0;
            a->frames = strtoull(argv[++i], &end, 10);
            if (errno || *end || !a->frames)
                return false;
        } else if (argv[i][0] == '-' || npos == 3) {
            return false;
        } else {
            pos[npos++] = argv[i];
        }
    }
    if (npos != 3)
        return false;
    a->case_path = pos[0];
    a->output = pos[1];
    a->ref = pos[2];
    return true;
}

/* The harness's plan of the case over a board with the ELF loaded. */
static bool plan(xp_run *r, const rg_args *a, char *err, size_t errsz)
{
    static const dsh_exec_opts quiet;
    ds_board_config cfg;
    const char *fw = r->c->firmware[0] ? r->c->firmware
                     : a->firmware     ? a->firmware
                                       : dsh_exec_default_firmware();
    ds_board_config_default(&cfg);
    dsh_drv_opts o = { .elf = fw, .board = &cfg };
    r->o = &quiet;
    r->status = DSH_RES_PASS;
    if (dsh_drv_new(&o, &r->drv, err, errsz) != DSH_DRV_OK)
        return false;
    if (!xp_plan(r)) {
        snprintf(err, errsz, "%s", r->msg);
        return false;
    }
    return true;
}

/* Runs pipeline xp of the plan for `periods` periods, controls included;
 * returns OUTPUT's frames (Q1.31) in *out. */
static bool run(const xp_run *r, const xp_pipe *xp, int ei, uint64_t periods,
                int32_t **out, uint64_t *frames, char *err, size_t errsz)
{
    const dsh_case *c = r->c;
    rg_pipe *rp = calloc(1, sizeof *rp);
    uint32_t step_us = xp->period_us;
    /* first job: half a period after START, capture one more period
     * (board_audio.c task_start) */
    uint32_t first_us = xp->period_us / 2u +
                        (xp->dir == IPC_AUD_DIR_CAPTURE ? xp->period_us : 0);
    unsigned next = 0;
    bool ok = rp != NULL;

    if (!rp)
        snprintf(err, errsz, "out of memory");
    for (unsigned i = 0; i < c->n_pipelines; i++)
        if (c->pipelines[i].period_us < step_us)
            step_us = c->pipelines[i].period_us;
    ok = ok && rg_pipe_build(rp, r, xp, periods, err, errsz) &&
         rg_pipe_start(rp, err, errsz);
    for (uint64_t k = 0; ok && k < periods; k++) {
        for (; ok && next < c->n_controls; next++) {
            const dsh_control *ctl = &c->controls[next];
            if (c->comps[ctl->component].pipeline != xp->case_pipe)
                continue;
            if (rg_control_period(ctl->at_ms, step_us, xp->period_us,
                                  first_us) > k)
                break;
            ok = rg_pipe_control(rp, ctl, err, errsz);
        }
        ok = ok && rg_pipe_period(rp, err, errsz);
    }
    if (ok && !(*out = rg_pipe_output(rg_pipe_endpoint(rp, ei), frames))) {
        snprintf(err, errsz, "out of memory");
        ok = false;
    }
    if (rp)
        rg_pipe_free(rp);
    free(rp);
    return ok;
}

/* Reference: `lead` frames of silence, the output, cut to `frames`. */
static bool write_ref(const rg_args *a, const dsh_endpoint *e,
                      const int32_t *out, uint64_t out_frames, uint64_t lead,
                      uint64_t frames, char *err, size_t errsz)
{
    int32_t *ref = calloc((size_t)frames * e->channels, sizeof *ref);
    if (!ref) {
        snprintf(err, errsz, "out of memory");
        return false;
    }
    if (lead + out_frames < frames) {
        snprintf(err, errsz,
                 "'%s': %" PRIu64 " frames made, %" PRIu64 " needed", e->name,
                 lead + out_frames, frames);
        free(ref);
        return false;
    }
    if (frames > lead)
        memcpy(ref + lead * e->channels, out,
               (size_t)(frames - lead) * e->channels * sizeof *ref);
    bool ok = dsh_audio_write_wav(a->ref, ref, frames, e->channels, e->rate,
                                  e->format, err, errsz);
    free(ref);
    return ok;
}

static bool refgen(const rg_args *a, xp_run *r, char *err, size_t errsz)
{
    const dsh_case *c = r->c;
    int ei = dsh_case_find_endpoint(c, a->output);
    if (ei < 0 || c->endpoints[ei].dir != DSH_EP_OUTPUT) {
        snprintf(err, errsz,
                 "'%s' is not an output stream or port of the "
                 "case",
                 a->output);
        return false;
    }
    if (c->until_input_ends) {
        snprintf(err, errsz,
                 "the case needs a duration_ms (the reference "
                 "length follows from it)");
        return false;
    }
    if (!plan(r, a, err, errsz))
        return false;
    const dsh_endpoint *e = &c->endpoints[ei];
    const xp_pipe *xp = &r->pipes[r->eps[ei].pipe];
    /* frames of the largest period (44.1 kHz at 1 ms: 45; the board's
     * DAI lead is 2 of those) */
    uint64_t per = xp_period_frames_max(e->rate, xp->period_us);
    uint64_t lead = e->kind == DSH_EP_PORT ? BOARD_AUDIO_DAI_LEAD * per : 0;
    uint64_t run_frames = (uint64_t)(c->duration_ms * e->rate / 1000.0 + 0.5);
    uint64_t tail = RG_TAIL_PERIODS * per;
    uint64_t frames = a->frames           ? a->frames
                      : run_frames > tail ? run_frames - tail
                                          : 0;
    if (!frames) {
        snprintf(err, errsz, "duration_ms too short for a reference");
        return false;
    }
    /* periods carry rate * period_us / 10^6 frames on average */
    uint64_t x = (uint64_t)e->rate * xp->period_us;
    uint64_t periods = (frames * 1000000u + x - 1) / x + 1;
    int32_t *out = NULL;
    uint64_t out_frames = 0;
    bool ok = run(r, xp, ei, periods, &out, &out_frames, err, errsz) &&
              write_ref(a, e, out, out_frames, lead, frames, err, errsz);
    free(out);
    return ok;
}

int main(int argc, char **argv)
{
    rg_args a;
    dsh_diag diag;
    char err[1024] = "";

    if (!parse_args(argc, argv, &a))
        return usage();
    dsh_diag_init(&diag);
    dsh_case *c = rg_case_load(a.case_path, &diag);
    if (!c) {
        dsh_diag_print(&diag, stderr);
        return 1;
    }
    xp_run *r = calloc(1, sizeof *r);
    bool ok = false;
    if (r) {
        r->c = c;
        ok = refgen(&a, r, err, sizeof err);
        dsh_drv_free(r->drv);
        free(r);
    } else {
        snprintf(err, sizeof err, "out of memory");
    }
    dsh_case_free(c);
    if (!ok) {
        fprintf(stderr, "dsh-refgen: %s: %s\n", a.case_path, err);
        return 1;
    }
    return 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* dsh-refgen: one pipeline of a case run on the host by the firmware's own
 * code.
 *
 * The pipeline is built from the harness's plan of the case (xp_plan in
 * harness/exec: the very component configs, EQ blobs, inserted format
 * converters and buffers the harness sends to the firmware over IPC) with
 * the firmware's pipeline, component and buffer code compiled for the host
 * (library audio_pipe, firmware/audio/{pipeline,comp,buffer,dsp}), the
 * same calls the firmware's IPC layer makes (firmware/audio/ipc).  Host
 * and DAI endpoints move their data through fake DMA channels of the host
 * platform (firmware/platform/host, host_platform.h) over memory: a source reads its input file encoded as
 * the harness encodes it for the board, a sink collects what the firmware
 * sends, decoded as the harness decodes it. */
#ifndef RG_PIPE_H
#define RG_PIPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "exec/exec_internal.h"
#include "host_platform.h"
#include "pipeline/pipeline.h"

/* An endpoint of the pipeline and the memory behind its DMA. */
typedef struct rg_ep {
    int case_ep; /* index in dsh_case.endpoints */
    uint32_t comp_id;
    enum audio_fmt fmt;
    unsigned channels, frame_bytes;
    uint32_t period_frames;
    uint8_t *mem; /* input (encoded) or output bytes */
    uint32_t bytes;
    struct fake_dma dma;
} rg_ep;

typedef struct rg_pipe {
    struct host_alloc ta;
    struct pipeline p;
    bool inited;
    const dsh_case *c;
    rg_ep eps[DSH_MAX_ENDPOINTS];
    unsigned neps;
    uint64_t periods; /* run so far */
} rg_pipe;

/* Builds and completes pipeline xp of the plan r, with room for `periods`
 * periods of data at every endpoint.  false + err on failure. */
bool rg_pipe_build(rg_pipe *rp, const xp_run *r, const xp_pipe *xp,
                   uint64_t periods, char *err, size_t errsz);
bool rg_pipe_start(rg_pipe *rp, char *err, size_t errsz);
/* One period (pipeline_copy); an xrun or any error is a failure. */
bool rg_pipe_period(rg_pipe *rp, char *err, size_t errsz);
/* The case control applied as the harness does (SET_CONTROL data of
 * volume gain/ramp/mute and EQ blobs).  A control the component rejects
 * must be expect_error (the firmware rejects it too). */
bool rg_pipe_control(rg_pipe *rp, const dsh_control *ctl, char *err,
                     size_t errsz);
/* The endpoint of case endpoint index ei, NULL if not in this pipeline. */
rg_ep *rg_pipe_endpoint(rg_pipe *rp, int ei);
/* What a sink endpoint received so far, as Q1.31 frames (malloc'd). */
int32_t *rg_pipe_output(const rg_ep *ep, uint64_t *frames);
void rg_pipe_free(rg_pipe *rp);

#endif

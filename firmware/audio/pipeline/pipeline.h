/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Pipeline: components connected through audio buffers into a graph, run
 * once per period by the pipeline's audio task (the platform creates an
 * fw_task with period = deadline = pipeline.period_cycles and job =
 * pipeline_task_job; EDF deadline = end of the period).
 *
 * Building (state INIT): pipeline_init, then pipeline_comp_new /
 * pipeline_buffer_new (ids share one namespace per pipeline: a duplicate is
 * AUD_E_EXISTS), pipeline_link_out (component writes buffer) /
 * pipeline_link_in (component reads buffer) or pipeline_connect (both).
 * pipeline_complete validates the graph, computes the topological order
 * once and sets every component's params from its buffers (period_frames
 * = ceil(rate * period_us / 10^6), the most a period carries; a rate that
 * is not whole frames per period, e.g. 44.1 kHz at 1 ms, runs on the
 * schedule of audio_period_sched: 44 or 45 frames, 441 every 10 periods;
 * "a period" below means period_frames for sizes):
 *   AUD_E_CYCLE        the graph has a cycle (checked first)
 *   AUD_E_UNCONNECTED  a buffer without source or sink (but the output
 *                      buffer, see pipeline_xconnect), or a component
 *                      with fewer connected inputs/outputs than its type
 *                      needs (a mixer's num_inputs, ...)
 *   AUD_E_ENDPOINT     not exactly one sink (a sink endpoint or the
 *                      output buffer), no source (a component without
 *                      inputs or reading another pipeline's buffer), or
 *                      an endpoint whose direction is not the pipeline's
 *   AUD_E_BUF_SIZE     a buffer smaller than one period of its rate (the
 *                      sink endpoint's: (prefill + 1) periods; the output
 *                      buffer's: (pipeline_link_prefill + 2) periods)
 *   component codes    AUD_E_MISMATCH (formats/rates/channels differ across
 *                      a component that cannot convert), AUD_E_RATE, ...
 * On error the pipeline stays INIT (fix the graph or free it).  Several
 * source endpoints (e.g. two host streams into a mixer) are allowed.
 *
 * Files, bottom up: pipeline.c (building, lookups), pipeline_link.c
 * (cross-pipeline links), pipeline_graph.c (order, checks), pipeline_run.c
 * (complete, trigger, copy, free).
 *
 * Trigger state machine (anything else is AUD_E_STATE, state unchanged):
 *   INIT --complete--> READY
 *   READY/STOPPED/XRUN --START--> RUNNING   (buffers cleared to silence,
 *        components reset, the sink endpoint's buffer prefilled with
 *        prefill_periods periods of silence, components started sink
 *        first)
 *   RUNNING --PAUSE--> PAUSED --RELEASE--> RUNNING
 *   RUNNING/PAUSED/XRUN --STOP--> STOPPED   (a running DAI playback
 *        endpoint first fades its last frame out to 0 over 1 ms, see
 *        comp_endpoint.h: no click; queued frames are dropped)
 *   RUNNING/PAUSED --pipeline_drain--> RUNNING, draining: every following
 *        period runs without the sources (components with no input: host
 *        playback / DAI capture endpoints, tone), the other components
 *        only when each input holds a full period, and the sink endpoint
 *        as usual.  The first period in which the sink endpoint finds less
 *        than a period (it sends what is left, then silence; counted as an
 *        underrun in its buffer's stats, but not an xrun: no notify, xruns
 *        unchanged) ends the drain: every component is stopped, every
 *        buffer cleared and the pipeline goes STOPPED.  So all frames
 *        queued in the buffers when the drain starts come out exactly once,
 *        then silence; the next START begins with prefill silence and fresh
 *        data.  (Frames held back by a component below one period, e.g.
 *        an SRC remainder, are dropped.)  STOP, an xrun or pipeline_free
 *        during a drain end it as usual; PAUSE/RELEASE keep it.
 *   STOPPED/XRUN --RESET--> READY
 *
 * pipeline_copy (RUNNING only) runs every component once in topological
 * order, reading the cycle counter around each (per-component stats) and
 * around the whole period (pipeline stats).  An endpoint xrun (or DMA
 * error) stops every component, moves the pipeline to XRUN, reports
 * AUD_EV_UNDERRUN/AUD_EV_OVERRUN (value = pipeline xrun count) through the
 * notify callback and returns the code; the next START recovers.
 *
 * Cross-pipeline connections (pipeline_link.c, docs/components.md
 * "Cross-pipeline connections"): pipeline_xconnect() lets a component of
 * a consumer pipeline read a buffer of a producer pipeline.  The producer
 * then ends in that output buffer instead of a sink endpoint; the
 * consumer counts the foreign input as a source.  Either may run while the
 * other does not: a producer that is not RUNNING gives its consumer
 * silence, a consumer that is not RUNNING (or drains) makes its producer
 * drop its output.  START/RELEASE of either side restart the link with
 * pipeline_link_prefill() periods of silence, so the consumer reads the
 * producer's stream that many periods late, sample-exact.
 */
#ifndef AUDIO_PIPELINE_H
#define AUDIO_PIPELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "buffer/audio_buffer.h"
#include "comp/comp.h"
#include "comp/cycle_stats.h"

#define PIPE_MAX_COMPS     16
#define PIPE_MAX_BUFFERS   16
#define PIPE_MAX_XIN       4 /* foreign inputs per pipeline */
#define PIPE_PERIOD_US_MIN 100u
#define PIPE_PERIOD_US_MAX 20000u /* keeps rate * period in 32 bits */
#define PIPE_PREFILL_MAX   4u
#define PIPE_CLOCK_HZ_MAX  1000000000u

enum pipe_state {
    PIPE_STATE_INIT = 0,
    PIPE_STATE_READY = 1,
    PIPE_STATE_RUNNING = 2,
    PIPE_STATE_PAUSED = 3,
    PIPE_STATE_STOPPED = 4,
    PIPE_STATE_XRUN = 5,
};

struct pipeline_config {
    uint32_t id;
    uint32_t dir;                    /* enum audio_dir */
    uint32_t period_us;              /* PIPE_PERIOD_US_MIN..MAX */
    uint32_t clock_hz;               /* CPU clock, a multiple of 1000 */
    uint32_t priority;               /* for the platform; EDF uses deadlines */
    uint32_t prefill_periods;        /* 0..PIPE_PREFILL_MAX */
    const struct audio_alloc *alloc; /* comps, buffers (DMA zone) */
    audio_cycle_fn cycles;           /* CCOUNT reader; NULL = no accounting */
    void *cycles_ctx;
    audio_notify_fn notify; /* positions and xruns; may be NULL */
    void *notify_ctx;
};

struct pipeline;

/* A component input fed by another pipeline's output buffer. */
struct pipe_xin {
    struct pipeline *prod;    /* NULL: the producer was freed; buf is
				       * then this pipeline's (silence) */
    struct audio_buffer *buf; /* the producer's out_buf */
    struct comp_dev *comp;    /* reads buf */
    uint32_t silent_periods;  /* periods of silence substituted */
};

struct pipeline {
    struct pipeline_config cfg;
    uint32_t period_cycles; /* task period and relative deadline */
    enum pipe_state state;
    uint32_t n_comps, n_bufs;
    struct comp_dev *comps[PIPE_MAX_COMPS];
    struct audio_buffer *bufs[PIPE_MAX_BUFFERS];
    struct comp_dev *order[PIPE_MAX_COMPS]; /* topological (complete) */
    struct comp_dev *sink_ep;
    struct audio_cycle_stats cycles; /* whole period */
    uint32_t xruns;
    int last_xrun; /* code of the last xrun, 0 = none */
    uint32_t last_xrun_comp;
    bool draining;   /* pipeline_drain until STOPPED */
    uint32_t drains; /* drains completed */
    /* cross-pipeline links (pipeline_link.c) */
    struct audio_buffer *out_buf; /* producer: its output buffer */
    struct pipeline *consumer;    /* reads out_buf; NULL: none (now) */
    uint32_t out_dropped;         /* frames dropped: no running consumer */
    uint32_t n_xin;
    struct pipe_xin xin[PIPE_MAX_XIN]; /* consumer: foreign inputs */
};

/* The argument a pipeline_xconnect() error is about. */
enum pipe_xarg {
    PIPE_XARG_PROD = 0,
    PIPE_XARG_BUF = 1,
    PIPE_XARG_CONS = 2,
    PIPE_XARG_COMP = 3,
};

/* Cycles in us microseconds at clock_hz (a multiple of 1000), exact
 * (floor) and in 32-bit steps for us <= PIPE_PERIOD_US_MAX and clock_hz
 * <= PIPE_CLOCK_HZ_MAX: a period's or a deadline's length. */
uint32_t pipeline_us_to_cycles(uint32_t clock_hz, uint32_t us);
/* AUD_E_INVAL (NULL, bad dir or allocator), AUD_E_PERIOD, AUD_E_RANGE
 * (clock, prefill). */
int pipeline_init(struct pipeline *p, const struct pipeline_config *cfg);
/* Stops a running pipeline, frees its components and buffers. */
void pipeline_free(struct pipeline *p);

int pipeline_comp_new(struct pipeline *p, enum comp_type type, uint32_t id,
                      const void *config, size_t bytes);
int pipeline_buffer_new(struct pipeline *p, uint32_t id, enum audio_fmt fmt,
                        uint32_t channels, uint32_t rate_hz,
                        uint32_t capacity_frames);
/* AUD_E_NOENT, AUD_E_PORT_FULL, AUD_E_STATE (not INIT). */
int pipeline_link_out(struct pipeline *p, uint32_t comp_id, uint32_t buf_id);
int pipeline_link_in(struct pipeline *p, uint32_t buf_id, uint32_t comp_id);
int pipeline_connect(struct pipeline *p, uint32_t src_comp_id, uint32_t buf_id,
                     uint32_t sink_comp_id);

int pipeline_complete(struct pipeline *p);
int pipeline_trigger(struct pipeline *p, enum comp_trigger_cmd cmd);
/* RUNNING/PAUSED: play out the queued frames, then STOPPED (see above);
 * AUD_E_INVAL (NULL), AUD_E_STATE (other states). */
int pipeline_drain(struct pipeline *p);
int pipeline_copy(struct pipeline *p);
/* fw_task job signature: one period (errors are reported via notify). */
void pipeline_task_job(void *pipeline);

struct comp_dev *pipeline_comp(const struct pipeline *p, uint32_t id);
struct audio_buffer *pipeline_buffer(const struct pipeline *p, uint32_t id);

/* Frames per period at a rate: *out = rate * period_us / 10^6, or
 * AUD_E_PERIOD if that is not whole frames (cross-pipeline links). */
int pipeline_period_frames(uint32_t rate_hz, uint32_t period_us, uint32_t *out);
/* Any rate: *max_frames = ceil(rate * period_us / 10^6) (the most a period
 * carries, see audio_period_sched), *rem = (rate * period_us) mod 10^6.
 * (Inline: pipeline.c and pipeline_run.c both inline it.) */
static inline void pipeline_period_sched(uint32_t rate_hz, uint32_t period_us,
                                         uint32_t *max_frames, uint32_t *rem)
{
    uint32_t prod = rate_hz * period_us; /* < 2^32 by the limits */

    *rem = prod % AUDIO_PERIOD_DEN;
    *max_frames = prod / AUDIO_PERIOD_DEN + (*rem ? 1u : 0u);
}

/* Graph validation and ordering (pipeline_graph.c), used by complete. */
int pipeline_graph_order(struct pipeline *p);
int pipeline_graph_check(struct pipeline *p);

/*
 * Cross-pipeline connections (pipeline_link.c).
 *
 * pipeline_xconnect: buffer buf_id of `prod` feeds an input of component
 * comp_id of `cons`.  Checks, in this order (*bad = the argument):
 *   PROD  AUD_E_INVAL      prod NULL
 *   BUF   AUD_E_NOENT      no such buffer in prod
 *         AUD_E_PORT_FULL  the buffer has a reader already (in prod or a
 *                          consumer), or prod exports another buffer
 *         AUD_E_PERIOD     the period is not whole frames at its rate
 *         AUD_E_BUF_SIZE   capacity < (pipeline_link_prefill + 2) periods
 *   CONS  AUD_E_INVAL      cons NULL, cons == prod, or directions differ
 *         AUD_E_STATE      cons not INIT (prod may be in any state)
 *         AUD_E_PERIOD     period_us differs from prod's
 *         AUD_E_CYCLE      prod already reads (through links) from cons
 *         AUD_E_FULL       cons has PIPE_MAX_XIN foreign inputs
 *   COMP  AUD_E_NOENT      no such component in cons
 *         AUD_E_PORT_FULL  no free input (a source, or all inputs linked)
 *         AUD_E_MISMATCH   rate/channels/format differ from the
 *                          component's other inputs, or from its output
 *                          (except rate across src, format across convert)
 * Nothing changes on error.  Call with the other pipelines' tasks locked
 * out (prod may be running).
 */
int pipeline_xconnect(struct pipeline *prod, uint32_t buf_id,
                      struct pipeline *cons, uint32_t comp_id,
                      enum pipe_xarg *bad);
/* Before pipeline_free (called by it too; with the other pipelines' tasks
 * locked out): p's output buffer passes to its consumer (that input plays
 * silence from then on and is freed with the consumer); the producers of
 * p's inputs keep their buffers, disconnected (they drop their output
 * until a new pipeline_xconnect).  p must not run again. */
void pipeline_detach(struct pipeline *p);
/* Periods of silence a link restarts with: the producer's prefill_periods,
 * at least 1. */
uint32_t pipeline_link_prefill(const struct pipeline *prod);
/* For pipeline_run.c: restart the links of p (START/RELEASE, trigger context);
 * period start (job context, see pipeline_link.c); does c read a foreign
 * buffer. */
void pipeline_link_restart(struct pipeline *p);
void pipeline_link_period(struct pipeline *p);
bool pipeline_is_xin(const struct pipeline *p, const struct comp_dev *c);

#endif /* AUDIO_PIPELINE_H */

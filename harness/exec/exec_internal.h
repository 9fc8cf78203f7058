/* SPDX-License-Identifier: BSD-3-Clause */
/* Internals of case execution shared by harness/exec files. */
#ifndef DSH_EXEC_INTERNAL_H
#define DSH_EXEC_INTERNAL_H

#include <stdarg.h>

#include "audio/wav_io.h"
#include "driver/host_driver.h"
#include "dspsim/gdb.h"
#include "dspsim/profile.h"
#include "exec/exec.h"
#include "audio/freq_response.h"
#include "plotdata/event_log.h"

#define XP_MAX_COMPS IPC_AUD_MAX_COMPS
#define XP_MAX_LINKS (2 * IPC_AUD_MAX_COMPS)

/* One firmware component (a case component or an inserted CONVERT). */
typedef struct xp_comp {
    uint32_t id;       /* firmware comp id in its pipeline */
    uint32_t type;     /* IPC_AUD_COMP_* */
    int case_comp;     /* index in dsh_case.comps, -1 = convert */
    uint32_t cfg[256]; /* config words */
    uint32_t cfg_bytes;
} xp_comp;

typedef struct xp_buf {
    uint32_t id, fmt, channels, rate, frames;
    uint32_t src, sink; /* comp ids (IPC_AUD_ID_NONE = none) */
    /* a cross-pipeline connection (protocol 1.3): this buffer is the
     * pipeline's output, read by comp link_comp of pipeline link_pipe
     * (an xp_pipe index; -1 = none); sink is then IPC_AUD_ID_NONE */
    int link_pipe;
    uint32_t link_comp;
} xp_buf;

typedef struct xp_pipe {
    unsigned case_pipe; /* index in dsh_case.pipelines */
    uint32_t id, dir, period_us, priority;
    uint32_t core; /* PIPE_NEW's core (protocol 1.7; 0 on one core) */
    bool has_dir;  /* dir known (sink endpoint or a link) */
    xp_comp comps[XP_MAX_COMPS];
    unsigned ncomps;
    xp_buf bufs[XP_MAX_COMPS];
    unsigned nbufs;
    uint32_t task_id, period_cycles; /* from PIPE_NEW's reply */
    bool live;
    /* xrun recovery (exec_xrun.c) */
    bool xrun_pending;   /* XRUN notified, not handled yet */
    bool host_xrun;      /* ... found by the host: STOP first */
    uint64_t xrun_cycle; /* when it was notified */
    unsigned restarts;   /* recoveries done */
    /* GET_STATS at the end */
    bool have_stats;
    uint32_t state; /* IPC_AUD_PIPE_* at the last GET_STATS */
    bool drained;   /* ended by DRAIN (no STOP) */
    uint32_t periods, worst_cycles, avg_cycles, misses, xruns, dropped;
    uint32_t releases; /* jobs released (GET_STATS) */
    /* the firmware's own figures (GET_STATS: CCOUNT around pipeline_copy)
     * when the deadline figures above come from the trace (exec_trace.c) */
    bool traced;
    uint32_t fw_worst_cycles, fw_avg_cycles, fw_misses;
    /* per component (GET_STATS), in processing order */
    unsigned ncomp_stats;
    struct {
        uint32_t id, type, avg, worst;
    } comp_stats[XP_MAX_COMPS];
} xp_pipe;

/* Host-side state of one case endpoint. */
typedef struct xp_ep {
    const dsh_endpoint *e;
    unsigned pipe;    /* xp_pipe index */
    uint32_t comp_id; /* host/dai component's firmware id */
    uint32_t fmt;     /* IPC_AUD_FMT_* */
    unsigned sample_bytes, frame_bytes;
    /* host streams */
    uint32_t slot, host_addr, host_bytes, period_bytes;
    uint64_t moved;    /* bytes written (playback) / read
                                   (capture) by the host so far */
    uint32_t last_pos; /* last position seen (mod 2^32) */
    uint64_t pos;      /* unwrapped position */
    /* audio */
    dsh_audio_stream *in;   /* inputs: read a window at a time */
    dsh_audio_info in_info; /* its file's rate, channels, frames */
    uint64_t in_frame;      /* next input frame to deliver */
    bool in_failed;         /* a read failed: in_err, silence since */
    char in_err[256];
    /* outputs (exec_outspool.c): Q1.31 frames spooled to an unlinked
     * temporary file as they come, only a write buffer in memory */
    FILE *spool;
    struct xp_obuf *obuf;  /* frames not yet handed to the spool */
    const char *spool_dir; /* where the spool is created */
    uint64_t out_spooled;  /* frames in the spool */
    uint64_t out_first;    /* first frame kept (latency removed) */
    uint64_t out_frames;   /* frames kept from out_first */
    bool spool_failed;     /* a spool write failed: spool_err */
    char spool_err[256];
    bool active; /* START done, collecting */
    /* host_refill faults (exec_faults.c) */
    uint64_t refill_hold; /* no refill before this cycle */
    unsigned refill_skip; /* refills to lose */
    bool refill_faulted;  /* a DSP position past what was written
                                   is a host xrun (else out of step) */
} xp_ep;

/* Where the harness is when a snapshot may be taken (exec_snapshot.c):
 * inside a step of simulated time of one of these phases. */
typedef enum xp_phase {
    XP_PHASE_NONE = 0, /* not at a point a run can resume from */
    XP_PHASE_STREAM,   /* stream(): the timed run with controls */
    XP_PHASE_FETCH,    /* fetch_rest(): inputs ended */
    XP_PHASE_FLUSH,    /* flush_src(): SRC group delay */
} xp_phase;

typedef struct xp_pos {
    xp_phase phase;
    unsigned next_ctl; /* STREAM: next control to send */
    uint64_t until;    /* the step runs until this cycle */
    uint64_t aux;      /* FETCH: its limit; FLUSH: its end */
} xp_pos;
/* A fault as it fired (exec_faults.c). */
#define XP_MAX_FIRED 512
typedef struct xp_fired {
    const char *kind;
    uint64_t cycle;
    char detail[112];
} xp_fired;

typedef struct xp_run {
    const dsh_case *c;
    const dsh_exec_opts *o;
    dsh_drv *drv;
    dsh_timeline *tl;
    xt_profile_set prof; /* --profile: a profile per core */
    ds_gdb *gdb;         /* --gdb */
    xp_pipe pipes[DSH_MAX_PIPELINES];
    unsigned npipes;
    xp_ep eps[DSH_MAX_ENDPOINTS];
    const char *spool_dir; /* output spools here (exec_outspool.c) */
    uint64_t start_cycle;
    uint64_t stream_end_cycle; /* end of the streamed run (before a drain) */
    /* CORE_STATS (several cores): at the start and the end of the
     * streamed run, the board cycle and every core's idle cycles */
    bool core_sampled[2];
    uint64_t core_cycle[2], core_idle[2][4];
    uint64_t xruns;
    uint64_t unexpected_ipc;    /* error replies not expected */
    uint64_t expected_rejected; /* expect_error controls rejected */
    uint64_t restarts;          /* xrun recoveries, all pipelines */
    /* faults (exec_faults.c) */
    unsigned next_fault; /* next host-side fault to apply */
    xp_fired fired[XP_MAX_FIRED];
    uint64_t nfired;
    uint64_t host_xruns;    /* DSP read past what the host wrote */
    uint64_t xrun_codes[3]; /* XRUNs: underrun, overrun, DMA */
    bool panic_seen;        /* the firmware panicked */
    uint32_t panic_cause;
    /* rebuild_every_ms (exec_rebuild.c) */
    unsigned rebuilds;
    uint32_t heap_rt0, heap_dma0;     /* free bytes before the first build */
    uint32_t heap_dma1;               /* DMA heap after the first teardown */
    uint64_t rebuild_periods;         /* periods run by torn-down pipelines */
    bool setup_rejected;              /* the expected setup error came */
    bool setup_refused;               /* a setup error reply not expected */
    char msg[DSH_DRV_DIAG_MAX + 512]; /* full diagnosis (multi-line) */
    dsh_res_status status;
    /* snapshots (exec_snapshot.c) */
    xp_pos pos;    /* set around each step of the phases */
    bool resuming; /* restored: the step at pos is to finish */
    bool snap_taken;
    uint64_t snap_cycle;
    uint64_t restored_cycle;
    uint64_t fw_hash;
    bool restore_refused;
    uint64_t resumable_end; /* end of the last step of the phases */
    /* reverse execution (exec_reverse.c) */
    struct ds_hist *hist;  /* the run's history, NULL: none */
    bool rewinding;        /* put back to a checkpoint: back to execute() */
    bool replaying;        /* going over history again: logs quiet */
    uint8_t *rewind_state; /* the harness's part of that checkpoint */
    size_t rewind_len;
    /* the runner's result: the figures each expectation measured go to
     * res->checks (exec_expect.c), the run's to res->run */
    dsh_case_result *res;
    /* the HTML report's data (exec_plotdata.c); NULL = not recorded */
    struct xp_plotrec *plot;
} xp_run;

/* exec_log.c: sets r->status/msg (first call wins) and returns false;
 * a line of the verbose log. */
bool xp_fail(xp_run *r, dsh_res_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* exec_cores.c: CORE_STATS (which 0: start, 1: end of the streamed run),
 * only for a case with pipelines on several cores; the summary's busy
 * figures per core */
bool xp_cores_sample(xp_run *r, unsigned which);
void xp_cores_summary(const xp_run *r, dsh_exec_summary *s);
/* exec_race.c: --race */
bool xp_race_enable(xp_run *r);
unsigned xp_race_finish(xp_run *r);
void xp_race_write(const xp_run *r, FILE *f); /* firmware.log's lines */
void xp_log(xp_run *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* exec_ipc.c: TRIGGER cmd for pipeline p.  A failure fails the case;
 * with setup (the first START) it may be the expected setup error. */
bool xp_trigger(xp_run *r, xp_pipe *p, uint32_t cmd, const char *what,
                bool setup);

/* exec_setup.c: a setup command (PIPE_NEW .. the first START) of case
 * pipeline `pipe` (and case component `comp`, -1 = none) answered with an
 * error status.  Returns false: setup stops.  The case fails unless this
 * is its expect.setup_error, which sets r->setup_rejected. */
bool xp_setup_rejected(xp_run *r, uint32_t cmd, unsigned pipe, int comp,
                       const char *what);
/* After a complete setup: fails the case if a setup error was expected. */
bool xp_setup_accepted(xp_run *r);

/* exec_xrun.c: an XRUN notification (called from the notification
 * callback: only records it), and the recovery after each step of
 * streaming (on_xrun: restart: STREAM_PARAMS again for the pipeline's host
 * streams, TRIGGER START; on_xrun: stop: logged only). */
void xp_xrun_notified(xp_run *r, const dsh_drv_msg *m);
bool xp_xrun_recover(xp_run *r);

/* exec_faults.c: board faults scheduled at START (false: ERROR set);
 * host faults due now applied (refill, bit flip, TEST stack overflow);
 * the cycle of the next host fault (UINT64_MAX: none); the faults and
 * their effects for firmware.log. */
bool xp_faults_start(xp_run *r);
bool xp_faults_host(xp_run *r);
uint64_t xp_faults_next_host(const xp_run *r);
void xp_faults_report(const xp_run *r, FILE *f);
/* exec_ipc.c: a command through the driver; one that times out (a lost
 * doorbell) is logged and sent once more.  A panic is judged against
 * expect.panic. */
dsh_drv_err xp_command(xp_run *r, uint32_t id, const void *payload, size_t len,
                       dsh_drv_msg *reply);
/* e is a panic the case expects (expect.panic; judged on its cause):
 * the run ends there without an error of its own. */
bool xp_expected_panic(xp_run *r, dsh_drv_err e);

/* exec_rebuild.c (rebuild_every_ms): the heap figures before the first
 * build (PING); a teardown (STOP, GET_STATS: progress, PIPE_FREE), the
 * heap check and a new build and START.  false: the case failed. */
bool xp_rebuild_baseline(xp_run *r);
bool xp_rebuild(xp_run *r);

/* exec_topology.c: plans pipelines (SKIP when unsupported) and sends
 * the build commands. */
bool xp_plan(xp_run *r);
bool xp_build(xp_run *r);
uint32_t xp_fmt(dsh_pcm_format f);

/* Frames of the largest period at rate: a period that is not whole frames
 * (44.1 kHz at 1 ms) carries 44 or 45 frames (docs/components.md). */
static inline uint32_t xp_period_frames_max(uint32_t rate, uint32_t period_us)
{
    return (uint32_t)(((uint64_t)rate * period_us + 999999u) / 1000000u);
}
int32_t xp_q8_8(double db); /* dB -> Q8.8, rounded */
/* exec_align.c: the group delay and lead (s) of the SRC components on
 * the path into case component comp (first inputs), as the firmware
 * plans them. */
double xp_src_delay_s(const dsh_case *c, unsigned comp);
uint32_t xp_tone_ampl(double dbfs); /* dBFS -> Q1.31 amplitude */

/* exec_trace.c: after the final GET_STATS, the deadline figures of each
 * pipeline (worst and average cycles per period, misses) are taken from
 * the kernel's trace markers of its task (job CPU time from switch-in to
 * job done, preemption excluded; miss markers) and cross-checked with the
 * firmware's statistics: misses must agree and periods <= jobs <=
 * releases, else the case ends in ERROR.  Without markers (a firmware that
 * writes none) GET_STATS stays the measure. */
bool xp_trace_deadlines(xp_run *r);

/* exec_control.c: a timed control as SET_CONTROL data (IPC_AUD_CTL_* id
 * and data, in the order sent); 0 sets = the harness cannot express it.
 * dsh-refgen applies the same sets to its host-built pipeline. */
#define XP_CTL_MAX_SETS  4
#define XP_CTL_MAX_WORDS 256
typedef struct {
    uint32_t ctl;   /* IPC_AUD_CTL_* */
    uint32_t bytes; /* data bytes, a multiple of 4 */
    uint32_t data[XP_CTL_MAX_WORDS];
} xp_ctl_set;
unsigned xp_control_sets(const dsh_case *c, const dsh_control *ctl,
                         xp_ctl_set sets[XP_CTL_MAX_SETS]);
/* Sends a control's SET_CONTROLs and judges the replies against
 * expect_error. false: failed, or unsupported (SKIP set). */
bool xp_control(xp_run *r, const dsh_control *ctl);

/* exec_blobs.c: EQ blobs into out (room for 1024 bytes); returns bytes
 * (a multiple of 4). */
size_t xp_iir_blob(const dsh_comp_params *p, unsigned rate, uint8_t *out);
size_t xp_fir_blob(const dsh_comp_params *p, uint8_t *out);

/* exec_stream.c */
bool xp_streams_open(xp_run *r);   /* inputs, host memory, SSP */
bool xp_streams_params(xp_run *r); /* STREAM_PARAMS + prefill */
/* Before a restart of pipeline pi after an xrun: positions up to the
 * stop taken, playback input rewound to what the DSP fetched, host
 * buffers reset and refilled, STREAM_PARAMS again (the host DMA and the
 * position restart at 0). */
bool xp_streams_restart(xp_run *r, unsigned pi);
/* After each period of time: refills and drains the host streams; false
 * once an input could not be read (the case has failed: run no more). */
bool xp_streams_service(xp_run *r);
/* Every input frame has been taken by the DSP (host streams: up to their
 * position; capture ports: clocked out by the SSP). */
bool xp_streams_inputs_fetched(const xp_run *r);
void xp_streams_close(xp_run *r);

/* exec_snapshot.c: --snapshot-at arms the board's pause point (after
 * dsh_drv_new); --restore loads a snapshot instead of boot and setup
 * (pipes, endpoints, streams opened, driver and board), leaving
 * r->resuming and r->pos set; after the run, a snapshot not taken is an
 * error saying why.  false: failed (r->status and message set). */
/* exec_reverse.c: reverse execution under --gdb: the run's history and
 * the debugger's view of the DMA's and the host's writes (at the start of
 * the debugger); at execute()'s rewind point, the harness put back
 * (false: ERROR set); the end. */
void xp_reverse_start(xp_run *r);
bool xp_reverse_rewound(xp_run *r);
void xp_reverse_free(xp_run *r);

bool xp_snapshot_arm(xp_run *r, const char *fw);
bool xp_snapshot_restore(xp_run *r, const char *fw);
void xp_snapshot_finish(xp_run *r);

/* exec_outspool.c: the outputs on disk.  xp_out_append adds `frames`
 * frames (interleaved, 1 <= channels <= 8), each sample shifted left by `shift` bits into Q1.31 (0: Q1.31 already)
 * (the spool is created in ep->spool_dir on the first, unlinked at once
 * so nothing is left behind); xp_out_read reads n kept frames from kept
 * frame `first` (0 = out_first); xp_out_load the kept frames from
 * `skip` as a dsh_audio (for the checks that need a whole signal);
 * xp_out_close drops the spool.  false: err says what failed. */
bool xp_out_append(xp_ep *ep, const int32_t *samples, unsigned channels,
                   unsigned frames, unsigned shift);
bool xp_out_read(const xp_ep *ep, uint64_t first, uint64_t n, int32_t *dst,
                 char *err, size_t errsz);
bool xp_out_load(const xp_ep *ep, uint64_t skip, dsh_audio *a, char *err,
                 size_t errsz);
/* Reverse execution: the spool back to its first `frames` frames (the
 * run went back to where it had them; it spools the rest again).  false
 * (spool_err, spool_failed) when that is not where it is. */
bool xp_out_truncate(xp_ep *ep, uint64_t frames);
void xp_out_close(xp_ep *ep);

/* exec_expect.c: evaluates expectations; writes outputs and diffs. */
void xp_expect(xp_run *r, const dsh_exec_env *env, const dsh_exec_summary *s);
bool xp_write_outputs(xp_run *r, const dsh_exec_env *env);
/* exec_plotdata.c: the HTML report's data (docs/harness.md "HTML
 * report"), when the runner asks for it (dsh_exec_env.plot_data):
 * xp_plot_begin allocates r->plot (false: out of memory, nothing
 * recorded); xp_plot_driver_hooks sets the driver's job and miss hooks
 * (per-period loads, misses); xp_plot_event records an event (nothing
 * without r->plot); xp_plot_finish writes OUT_DIR/plotdata.json, or
 * the text into dsh_exec_env.plot_text (the curves of every output,
 * loads, events), after the checks and frees it.
 * They only look: the run is the same. */
bool xp_plot_begin(xp_run *r);
void xp_plot_driver_hooks(xp_run *r, dsh_drv_opts *o);
void xp_plot_event(xp_run *r, dsh_event_kind k, uint64_t cycle, const char *fmt,
                   ...) __attribute__((format(printf, 4, 5)));
void xp_plot_finish(xp_run *r, const dsh_exec_env *env);
/* The freq_response check's measured response of output endpoint ep,
 * kept for the report's plot (taken: *fr emptied) when recording;
 * otherwise left to the caller. */
void xp_plot_keep_response(xp_run *r, unsigned ep, dsh_freq_response *fr);

/* exec_align.c: removes the measured latency and the tail of every output
 * (o->align_outputs); the figures go to s (may be NULL). */
bool xp_align_outputs(xp_run *r, dsh_exec_summary *s);

#endif

/* Internals of case execution shared by harness/exec files. */
#ifndef DSH_EXEC_INTERNAL_H
#define DSH_EXEC_INTERNAL_H

#include <stdarg.h>

#include "audio/wav_io.h"
#include "driver/host_driver.h"
#include "exec/exec.h"

#define XP_MAX_COMPS IPC_AUD_MAX_COMPS
#define XP_MAX_LINKS (2 * IPC_AUD_MAX_COMPS)

/* One firmware component (a case component or an inserted CONVERT). */
typedef struct xp_comp {
    uint32_t id;                /* firmware comp id in its pipeline */
    uint32_t type;              /* IPC_AUD_COMP_* */
    int case_comp;              /* index in dsh_case.comps, -1 = convert */
    uint32_t cfg[256];          /* config words */
    uint32_t cfg_bytes;
} xp_comp;

typedef struct xp_buf {
    uint32_t id, fmt, channels, rate, frames;
    uint32_t src, sink;         /* comp ids (IPC_AUD_ID_NONE = none) */
} xp_buf;

typedef struct xp_pipe {
    unsigned case_pipe;         /* index in dsh_case.pipelines */
    uint32_t id, dir, period_us, priority;
    xp_comp comps[XP_MAX_COMPS];
    unsigned ncomps;
    xp_buf bufs[XP_MAX_COMPS];
    unsigned nbufs;
    uint32_t task_id, period_cycles;   /* from PIPE_NEW's reply */
    bool live;
    /* GET_STATS at the end */
    bool have_stats;
    uint32_t periods, worst_cycles, avg_cycles, misses, xruns, dropped;
} xp_pipe;

/* Host-side state of one case endpoint. */
typedef struct xp_ep {
    const dsh_endpoint *e;
    unsigned pipe;              /* xp_pipe index */
    uint32_t comp_id;           /* host/dai component's firmware id */
    uint32_t fmt;               /* IPC_AUD_FMT_* */
    unsigned sample_bytes, frame_bytes;
    /* host streams */
    uint32_t slot, host_addr, host_bytes, period_bytes;
    uint64_t moved;             /* bytes written (playback) / read
                                   (capture) by the host so far */
    uint32_t last_pos;          /* last position seen (mod 2^32) */
    uint64_t pos;               /* unwrapped position */
    /* audio */
    dsh_audio in;               /* inputs */
    uint64_t in_frame;          /* next input frame to deliver */
    int32_t *out;               /* outputs: Q1.31 frames collected */
    uint64_t out_frames, out_cap;
    bool active;                /* START done, collecting */
} xp_ep;

typedef struct xp_run {
    const dsh_case *c;
    const dsh_exec_opts *o;
    dsh_drv *drv;
    dsh_timeline *tl;
    xp_pipe pipes[DSH_MAX_PIPELINES];
    unsigned npipes;
    xp_ep eps[DSH_MAX_ENDPOINTS];
    uint64_t start_cycle;
    uint64_t xruns;
    uint64_t unexpected_ipc;    /* error replies not expected */
    uint64_t expected_rejected; /* expect_error controls rejected */
    char msg[DSH_DRV_DIAG_MAX + 512];  /* full diagnosis (multi-line) */
    dsh_res_status status;
} xp_run;

/* Sets r->status/msg (first call wins) and returns false. */
bool xp_fail(xp_run *r, dsh_res_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void xp_log(xp_run *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* exec_topology.c: plans pipelines (SKIP when unsupported) and sends
 * the build commands. */
bool xp_plan(xp_run *r);
bool xp_build(xp_run *r);
/* A control's SET_CONTROL commands. false: unsupported (SKIP set). */
bool xp_control(xp_run *r, const dsh_control *ctl);
uint32_t xp_fmt(dsh_pcm_format f);

/* exec_blobs.c: EQ blobs into out (room for 1024 bytes); returns bytes
 * (a multiple of 4). */
size_t xp_iir_blob(const dsh_comp_params *p, unsigned rate, uint8_t *out);
size_t xp_fir_blob(const dsh_comp_params *p, uint8_t *out);

/* exec_stream.c */
bool xp_streams_open(xp_run *r);        /* inputs, host memory, SSP */
bool xp_streams_params(xp_run *r);      /* STREAM_PARAMS + prefill */
void xp_streams_service(xp_run *r);     /* after each period of time */
void xp_streams_close(xp_run *r);

/* exec_expect.c: evaluates expectations; writes outputs and diffs. */
void xp_expect(xp_run *r, const dsh_exec_env *env,
               const dsh_exec_summary *s);
bool xp_write_outputs(xp_run *r, const dsh_exec_env *env);

#endif

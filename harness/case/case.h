/* SPDX-License-Identifier: BSD-3-Clause */
/* The harness test-case model and its loader (schema: docs/harness.md).
 *
 * A case is one YAML file.  dsh_case_load() parses it with libyaml,
 * checks every key, type, range, file reference and the pipeline graph,
 * and either returns a complete dsh_case or NULL with diagnostics of the
 * form "FILE:LINE:COL: KEY: problem".  Nothing in a returned case needs
 * further checking before it is run.
 *
 * Units: times in milliseconds (double) or microseconds (period_us),
 * rates in Hz, gains and levels in dB (dBFS: 0 dBFS is the level of a
 * full-scale sine, AES17), frequencies in Hz.
 *
 * Paths: every input file (stream/port input, reference, board file,
 * firmware ELF, FIR taps file) is resolved against the directory of the
 * case file; output files are kept as written and are relative to the
 * run's output directory (decided by the runner).
 */
#ifndef DSH_CASE_H
#define DSH_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "case_diag.h"
#include "../audio/freq_response.h" /* dsh_mask_point */
#include "../audio/pcm_format.h"

#define DSH_ID_MAX             32 /* identifier length incl. NUL */
#define DSH_PATH_MAX           1024
#define DSH_MAX_PIPELINES      16
#define DSH_MAX_COMPONENTS     64
#define DSH_MAX_CONNECTIONS    128
#define DSH_MAX_ENDPOINTS      16 /* streams + ports */
#define DSH_MAX_CONTROLS       256
#define DSH_MIXER_MAX_INPUTS   8
#define DSH_EQ_IIR_MAX_BIQUADS 8
#define DSH_EQ_FIR_MAX_TAPS    256
#define DSH_MASK_MAX_POINTS    32
#define DSH_SSP_MAX_PORTS      4 /* ssp0 .. ssp3 */
/* YAML limits of a case file (docs/harness.md "Validation"), besides its
 * 4 MiB: nesting of mappings and sequences, anchors, aliases; no tags. */
#define DSH_YAML_MAX_DEPTH     32
#define DSH_YAML_MAX_ANCHORS   64
#define DSH_YAML_MAX_ALIASES   1024
#define DSH_AUDIO_CLOCK_48K    12288000u /* the board's default audio clock */
#define DSH_AUDIO_CLOCK_44K1   11289600u /* 256 x 44.1 kHz */

typedef enum dsh_comp_type {
    DSH_COMP_HOST, /* host PCM stream <-> pipeline (DMA) */
    DSH_COMP_DAI,  /* pipeline <-> SSP port */
    DSH_COMP_VOLUME,
    DSH_COMP_MIXER,
    DSH_COMP_EQ_IIR,
    DSH_COMP_EQ_FIR,
    DSH_COMP_SRC,
    DSH_COMP_TONE,
    DSH_COMP_NTYPES
} dsh_comp_type;

const char *dsh_comp_type_name(dsh_comp_type t);

typedef enum dsh_biquad_type {
    DSH_BQ_LOWPASS,
    DSH_BQ_HIGHPASS,
    DSH_BQ_BANDPASS,
    DSH_BQ_NOTCH,
    DSH_BQ_PEAKING,
    DSH_BQ_LOWSHELF,
    DSH_BQ_HIGHSHELF
} dsh_biquad_type;

typedef struct dsh_biquad {
    dsh_biquad_type type;
    double freq_hz; /* corner / centre, 1 .. rate/2 */
    double q;       /* 0.1 .. 100, default 0.7071 */
    double gain_db; /* peaking/shelf only, -40 .. +40, default 0 */
} dsh_biquad;

/* src.quality: the firmware's arithmetic (docs/components.md, "SRC"). */
enum { DSH_QUALITY_DEFAULT = 0, DSH_QUALITY_HIGH = 1 };

/* Parameter identifiers (bits of dsh_param_mask). */
enum {
    DSH_P_STREAM = 1u << 0,      /* host */
    DSH_P_PORT = 1u << 1,        /* dai */
    DSH_P_GAIN_DB = 1u << 2,     /* volume */
    DSH_P_RAMP_MS = 1u << 3,     /* volume */
    DSH_P_MUTE = 1u << 4,        /* volume */
    DSH_P_GAINS_DB = 1u << 5,    /* mixer */
    DSH_P_BIQUADS = 1u << 6,     /* eq_iir */
    DSH_P_TAPS = 1u << 7,        /* eq_fir (inline or taps_file) */
    DSH_P_OUT_RATE = 1u << 8,    /* src */
    DSH_P_FREQ_HZ = 1u << 9,     /* tone */
    DSH_P_LEVEL_DBFS = 1u << 10, /* tone */
    DSH_P_CHANNELS = 1u << 11,   /* tone */
    DSH_P_RATE = 1u << 12,       /* tone */
    DSH_P_QUALITY = 1u << 13,    /* src */
};
typedef uint32_t dsh_param_mask;

/* Component parameters; which fields apply depends on the type.  Fields
 * not given in the case hold their documented defaults. */
typedef struct dsh_comp_params {
    char stream[DSH_ID_MAX];               /* host: stream name */
    char port[DSH_ID_MAX];                 /* dai: "ssp0".."ssp3" */
    unsigned port_index;                   /* dai: 0..3 */
    double gain_db;                        /* volume: -144 .. +40 [0] */
    double ramp_ms;                        /* volume: 0 .. 10000 [0] */
    bool mute;                             /* volume [false] */
    double gains_db[DSH_MIXER_MAX_INPUTS]; /* mixer: per input [0] */
    unsigned n_gains;
    dsh_biquad biquads[DSH_EQ_IIR_MAX_BIQUADS];
    unsigned n_biquads;               /* eq_iir: 1..8 */
    double taps[DSH_EQ_FIR_MAX_TAPS]; /* eq_fir: -8 .. 8 each */
    unsigned n_taps;                  /* eq_fir: 1..256 */
    unsigned out_rate;                /* src: Hz */
    unsigned quality;                 /* src: DSH_QUALITY_* [default] */
    double freq_hz;                   /* tone: [997] */
    double level_dbfs;                /* tone: -144 .. 0 [-20] */
    unsigned channels;                /* tone: 1..8 [2] */
    unsigned rate;                    /* tone: Hz [48000] */
} dsh_comp_params;

typedef struct dsh_component {
    char id[DSH_ID_MAX];
    dsh_comp_type type;
    unsigned pipeline; /* index into dsh_case.pipelines */
    dsh_comp_params p;
    dsh_param_mask set;      /* parameters given explicitly */
    unsigned n_in, n_out;    /* connections (after validation) */
    unsigned rate, channels; /* derived through the graph */
    int endpoint;            /* host/dai: index into endpoints, else -1 */
    dsh_mark mark;           /* the component's mapping */
} dsh_component;

typedef struct dsh_connection {
    unsigned from, to; /* component indices */
    unsigned pipeline; /* pipeline whose `connect` lists it */
    dsh_mark mark;
} dsh_connection;

typedef struct dsh_pipeline {
    unsigned id;        /* 1..255, unique */
    unsigned period_us; /* 100 .. 1000000 */
    unsigned priority;  /* 0 (highest) .. 15 [0] */
    unsigned core;      /* the core that runs it, 0 .. board cores - 1 [0] */
    dsh_mark mark;
    dsh_mark core_mark; /* its `core` value (line 0: not given) */
} dsh_pipeline;

/* A stream (host side) or an SSP port (board side) with its file. */
typedef enum dsh_ep_kind { DSH_EP_STREAM, DSH_EP_PORT } dsh_ep_kind;
typedef enum dsh_ep_dir {
    DSH_EP_INPUT,  /* file -> DSP (playback stream, capture port) */
    DSH_EP_OUTPUT, /* DSP -> file */
} dsh_ep_dir;

typedef struct dsh_endpoint {
    char name[DSH_ID_MAX];
    dsh_ep_kind kind;
    dsh_ep_dir dir;
    unsigned port_index;         /* ports: N of sspN */
    char file[DSH_PATH_MAX];     /* as written in the case */
    char resolved[DSH_PATH_MAX]; /* inputs: resolved path; outputs: = file */
    unsigned rate;               /* Hz */
    unsigned channels;           /* 1..8 */
    dsh_pcm_format format;
    uint64_t input_frames; /* inputs: frames in the file */
    int component;         /* the host/dai using it */
    dsh_mark mark;         /* the name key */
} dsh_endpoint;

typedef struct dsh_control {
    double at_ms; /* >= 0, sorted ascending (stable) */
    unsigned component;
    dsh_comp_params p; /* values of the parameters in `set` */
    dsh_param_mask set;
    bool expect_error; /* the firmware must reject it */
    dsh_mark mark;
} dsh_control;

typedef struct dsh_value_tol {
    bool on;
    double value, tolerance;
} dsh_value_tol;


/* Expectations on one output stream or port. */
typedef struct dsh_audio_expect {
    unsigned endpoint;
    dsh_mark mark;
    bool has_reference;
    char reference[DSH_PATH_MAX]; /* resolved path */
    unsigned tolerance_lsb;       /* at the endpoint's format [0] */
    double skip_ms;               /* ignored at the start [0] */
    int relative_to;              /* input endpoint or -1 */
    dsh_value_tol gain_db;        /* RMS out/in, dB */
    dsh_value_tol level_dbfs;     /* RMS level, dBFS */
    struct {
        bool on;
        double max_db, freq_hz;
    } thdn; /* freq 0 = auto */
    struct {
        bool on;
        double min_db, freq_hz;
    } snr;
    struct {
        bool on;
        double min_db;
    } dynamic_range;
    struct {
        bool on;
        double max_dbfs;
    } dc_offset;
    struct {
        bool on;
        uint64_t frames, tolerance;
    } length;
    struct {
        bool on;
        dsh_mask_point pts[DSH_MASK_MAX_POINTS];
        unsigned n;
    } freq_response;
} dsh_audio_expect;

/* An expected count, [min, max] inclusive.  In a case either an integer
 * (exactly N for xruns, ipc_errors and restarts; at most N for
 * deadlines.missed) or a mapping {min: N, max: M}, either bound optional
 * (missing min = 0, missing max = DSH_COUNT_NO_MAX). */
#define DSH_COUNT_NO_MAX UINT64_MAX
typedef struct dsh_count_range {
    bool on;
    uint64_t min, max;
} dsh_count_range;

typedef struct dsh_deadline_expect {
    bool on;
    dsh_count_range missed; /* [at most 0] */
    double max_load_pct;    /* 0..100; <0 = not checked */
    uint64_t max_cycles;    /* per period, worst; 0 = not checked */
} dsh_deadline_expect;

typedef struct dsh_board_spec {
    char file[DSH_PATH_MAX]; /* resolved board YAML, "" = default */
    bool has_cpu_hz, has_audio_clock_hz, has_drift_ppm, has_ssp_ports,
        has_ssp_fifo_frames;
    /* audio_clock_hz was not given (neither here nor in the board file)
     * and every SSP port is of the 44.1 kHz family: has_audio_clock_hz is
     * set with DSH_AUDIO_CLOCK_44K1 (case_board.c). */
    bool audio_clock_auto;
    uint32_t cpu_hz, audio_clock_hz;
    double drift_ppm;
    uint32_t ssp_ports, ssp_fifo_frames;
    /* cores of the board: the board file's `cores`, or the `cores`
     * override (has_cores); 0 = not known yet = 1 (dsh_case_cores) */
    bool has_cores;
    uint32_t cores;
} dsh_board_spec;

/* Cores of the case's board (1..4). */
static inline unsigned dsh_case_board_cores(const dsh_board_spec *b)
{
    return b->cores ? b->cores : 1u;
}

/* What to do when the firmware reports an xrun (the pipeline is then in
 * XRUN state and silent): START it again, like a host driver's recovery
 * (default), or leave it stopped. */
typedef enum dsh_xrun_policy {
    DSH_XRUN_RESTART,
    DSH_XRUN_STOP
} dsh_xrun_policy;

/* How a run ends: STOP every pipeline (the frames still queued in the
 * pipeline are dropped; a playback DAI fades out), or DRAIN them
 * (everything queued is played or captured, then the pipelines stop by
 * themselves and the harness records the DAI's play-out).  Default: drain
 * when the run lasts until the inputs end, else stop. */
typedef enum dsh_end_mode { DSH_END_STOP, DSH_END_DRAIN } dsh_end_mode;

/* expect.setup_error: the firmware must reject one setup command (PIPE_NEW
 * .. the first TRIGGER START) with this status; nothing after it runs. */
typedef struct dsh_setup_error {
    bool on;
    uint32_t command; /* IPC_CMD_AUD_* */
    int32_t status;   /* IPC_STATUS_* (< 0) */
    int pipeline;     /* case pipeline index, -1 = any */
    int component;    /* case component index, -1 = any */
    dsh_mark mark;
} dsh_setup_error;

/* faults: scripted faults (issue 14, docs/harness.md "Faults"). */
#define DSH_MAX_FAULTS 256
typedef enum dsh_fault_kind {
    DSH_FAULT_DMA_STALL,      /* the DMA channel of `endpoint` stalls */
    DSH_FAULT_DMA_DESC_ERROR, /* ... fails with a descriptor error */
    DSH_FAULT_HOST_REFILL,    /* the host refills `endpoint` late / not */
    DSH_FAULT_DOORBELL,       /* a doorbell is lost or rings twice */
    DSH_FAULT_SSP_XRUN,       /* an underrun/overrun burst at a port */
    DSH_FAULT_CLOCK_STEP,     /* the audio clock steps by ppm */
    DSH_FAULT_IRQ_STORM,      /* an interrupt line held high */
    DSH_FAULT_BIT_FLIP,       /* one bit of DSP memory flipped */
    DSH_FAULT_STACK_OVERFLOW, /* TEST command: the IPC worker overruns
                                   its stack */
    DSH_FAULT_NKINDS
} dsh_fault_kind;

const char *dsh_fault_kind_name(dsh_fault_kind k); /* "dma_stall" ... */

typedef struct dsh_fault {
    dsh_fault_kind kind;
    uint64_t at_us;       /* after START (at_period resolved) */
    int endpoint;         /* dma_*, host_refill: stream or port;
                                   ssp_xrun: the port; else -1 */
    uint64_t duration_us; /* dma_stall, irq_storm; host_refill late:
                                   delay_us */
    bool lost;            /* host_refill: lost (else late);
                                   doorbell: lost (else duplicate) */
    bool d2h;             /* doorbell: DSP -> host (else h2d) */
    bool overrun;         /* ssp_xrun: overrun (else underrun) */
    uint32_t frames;      /* ssp_xrun */
    double ppm;           /* clock_step */
    unsigned line;        /* irq_storm: 0..5 */
    char symbol[64];      /* bit_flip: ELF symbol, "" = address */
    uint32_t address;     /* bit_flip: address, or offset from the
                                   symbol */
    unsigned bit;         /* bit_flip: 0..7 of the byte */
    uint32_t bytes;       /* stack_overflow: stack bytes burnt */
    dsh_mark mark;
} dsh_fault;

/* expect.panic: the firmware must panic with this cause. */
typedef struct dsh_panic_expect {
    bool on;
    uint32_t cause; /* EXCCAUSE or IPC_PANIC_CAUSE_* */
    dsh_mark mark;
} dsh_panic_expect;

typedef struct dsh_case {
    char path[DSH_PATH_MAX]; /* as given to the loader */
    char dir[DSH_PATH_MAX];  /* its directory */
    char name[128];
    char description[512];
    dsh_board_spec board;
    char firmware[DSH_PATH_MAX]; /* resolved ELF; "" = tree default */

    dsh_pipeline pipelines[DSH_MAX_PIPELINES];
    unsigned n_pipelines;
    dsh_component comps[DSH_MAX_COMPONENTS];
    unsigned n_comps;
    dsh_connection conns[DSH_MAX_CONNECTIONS];
    unsigned n_conns;
    dsh_endpoint endpoints[DSH_MAX_ENDPOINTS];
    unsigned n_endpoints;
    dsh_control controls[DSH_MAX_CONTROLS];
    unsigned n_controls;

    dsh_xrun_policy on_xrun; /* [restart] */
    dsh_end_mode end;        /* [drain if until_input_ends] */
    bool until_input_ends;   /* run length from the inputs */
    /* align_outputs: [false] outputs aligned with the inputs and SRC
     * delay flushed, as `dspsim play` does (dsh_exec_opts.align_outputs
     * and flush_src; the cases `play --save-case` writes) */
    bool align_outputs;
    double rebuild_every_ms; /* 0, or tear the topology down and
                                           build it again every so often
                                           (soak; docs/harness.md) */
    double duration_ms;      /* if !until_input_ends */

    dsh_audio_expect audio[DSH_MAX_ENDPOINTS];
    unsigned n_audio;
    dsh_deadline_expect deadlines; /* all pipelines */
    dsh_deadline_expect pipeline_deadlines[DSH_MAX_PIPELINES]; /* by index */
    /* expect.deadlines.cores: per core (its pipelines' misses, the sum of
     * their worst period loads, their worst period cycles) */
    dsh_deadline_expect core_deadlines[4];
    dsh_count_range xruns;      /* XRUN notifications */
    dsh_count_range ipc_errors; /* error replies */
    dsh_count_range restarts;   /* xrun recoveries (on_xrun) */
    dsh_setup_error setup_error;

    dsh_fault faults[DSH_MAX_FAULTS]; /* sorted by at_us (stable) */
    unsigned n_faults;
    dsh_count_range ipc_timeouts; /* commands without a reply in
                                           time (lost doorbells) */
    dsh_count_range host_xruns;   /* host-side underruns found */
    dsh_count_range xrun_underrun, xrun_overrun, xrun_dma; /* XRUN codes */
    dsh_panic_expect panic;
} dsh_case;

/* Loads and validates the case file at path.  Returns NULL (diagnostics
 * in *diag) on any error, including unreadable files. Free with free(). */
dsh_case *dsh_case_load(const char *path, dsh_diag *diag);
/* Same from text; path names the file in messages and anchors relative
 * paths. */
dsh_case *dsh_case_parse(const char *path, const char *text, size_t len,
                         dsh_diag *diag);
void dsh_case_free(dsh_case *c);

/* The input files of the loads that follow (failure bundles,
 * harness/bundle): `seen` is told of every input file a case names (what:
 * the key, "streams.music.input"; rel: the path as written; path: where
 * it was found, after the build-tree fallback).  With `map`, an input is
 * looked up with map(rel) instead of the file system (no directory, no
 * build tree: the file map names, or the error map says, "not in the
 * bundle").  One hook for the process; NULL (the default) for none. */
typedef struct dsh_input_hook {
    void (*seen)(void *user, const char *what, const char *rel,
                 const char *path);
    bool (*map)(void *user, const char *rel, char *out, size_t outsz, char *why,
                size_t whysz);
    void *user;
} dsh_input_hook;
void dsh_case_set_input_hook(const dsh_input_hook *hook);

/* Lookups; -1 if absent. */
int dsh_case_find_component(const dsh_case *c, const char *id);
int dsh_case_find_endpoint(const dsh_case *c, const char *name);
/* Does the case place a pipeline on a core other than 0? */
bool dsh_case_uses_cores(const dsh_case *c);

#endif

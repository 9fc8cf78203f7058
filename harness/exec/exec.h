/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution over the IPC host driver (the runner's execution
 * plug-in, runner.h; `dspsim run`, `dspsim play`).
 *
 * dsh_exec_case() runs one validated case on the simulated board with the
 * audio firmware: boot (FW_READY, protocol >= 1.1), build each pipeline
 * with the audio commands (PIPE_NEW, BUF_NEW, COMP_NEW, CONNECT,
 * PIPE_COMPLETE; a CONVERT component is inserted where two neighbours'
 * sample formats differ), STREAM_PARAMS for every host endpoint (a
 * circular host buffer of DSH_EXEC_HOST_PERIODS periods in board host
 * memory), TRIGGER START; then, period by period of simulated time, keeps
 * playback host buffers filled from the input files and drains capture
 * host buffers (positions from the stream slots), feeds SSP capture ports
 * from their files and collects SSP playback ports, and sends the timed
 * controls, and starts a pipeline again after an xrun (on_xrun: restart,
 * exec_xrun.c); finally TRIGGER STOP, GET_STATS, PIPE_FREE.  Every reply
 * must arrive within its budget and be OK (a control marked expect_error
 * must be rejected; the case's expect.setup_error must be the one error
 * of the setup, which then ends it, exec_setup.c).  Then outputs are
 * written and the case's expectations evaluated (harness/audio metrics
 * and comparison).
 *
 * Result: PASS; FAIL (an expectation not met, an unexpected IPC error);
 * ERROR (panic, timeout, firmware stopped, I/O); SKIP when the case needs
 * something the firmware or this harness cannot do yet (the reason says
 * what), never PASS.
 *
 * Artifacts (in env->out_dir, on failure or when keep_artifacts): the
 * outputs, `NAME.diff.wav` for every reference comparison, `firmware.log`
 * (console, trace ring, IPC statistics), `timeline.json` (Chrome
 * trace-event JSON: periods, interrupts, doorbells, IPC messages).
 *
 * Units: times ms (case) / CPU cycles (board); MCPS = millions of CPU
 * cycles per second of audio. */
#ifndef DSH_EXEC_H
#define DSH_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "case/case.h"
#include "dspsim/xtcpu.h"
#include "runner/runner.h"

#define DSH_EXEC_HOST_PERIODS 4u

/* What one run measured (for `dspsim play`'s summary and `run -v`). */
typedef struct dsh_exec_summary {
    double audio_seconds; /* simulated time from START to STOP */
    uint64_t cycles;      /* simulated CPU cycles, whole run */
    double cpu_hz;
    const char *engine; /* the board CPU's engine, xt_engine_name; NULL =
                           no board */
    uint64_t insns;     /* instructions core 0 ran */
    /* the fast engine's translations (all zero on the interpreter):
     * instructions run in translated code, per tier pages installed and
     * host CPU ms spent building, promotions */
    uint64_t xl_insns, xl_tier_pages[2], xl_promotions;
    double xl_tier_ms[2];
    double mcps;           /* busy cycles of all pipelines / s / 1e6 */
    double worst_load_pct; /* worst period cycles / period cycles */
    uint64_t worst_period_cycles;
    uint64_t deadline_misses;
    bool race_checked; /* --race: the detector ran; races found */
    unsigned races;
    /* a case with pipelines on several cores (core: in the case):
     * per core, its pipelines' MCPS, the sum of their worst period loads
     * (the worst any one period could be; exact for one pipeline, or
     * pipelines of one period released together) and their deadline
     * misses; ncores 0 otherwise */
    unsigned ncores;
    struct dsh_exec_core {
        unsigned pipelines;
        double mcps, worst_load_pct;
        uint64_t deadline_misses;
        /* from the firmware's CORE_STATS over the streamed run: the
         * core's cycles outside its idle loop (busy_known false when not
         * measured: a resumed run) */
        bool busy_known;
        double busy_mcps, busy_pct;
    } cores[4];
    uint64_t xruns;
    uint64_t xrun_restarts; /* pipelines started again (on_xrun) */
    uint64_t ipc_errors;
    double wall_seconds;    /* host time of the simulation */
    double realtime_factor; /* audio_seconds / wall_seconds */
    /* each component's share (the firmware's CCOUNT around its copy):
     * average cycles per period as MCPS, worst period as a share of the
     * period; "p<pipeline>.<component> <type>" names it */
    unsigned ncomps;
    struct dsh_exec_comp {
        char name[32];
        double mcps;
        double worst_pct;
    } comps[32];
    /* align_outputs: the latency removed from the output (frames at
     * latency_rate) and the frames kept */
    bool aligned;
    uint64_t latency_frames, out_frames;
    uint64_t src_delay_frames; /* of latency_frames: SRC group delay */
    unsigned latency_rate;
    /* the run ended in the setup (PIPE_NEW .. the first START) with an
     * error reply no expect.setup_error asked for: the firmware refused
     * a value of the case (`dspsim play` makes this exit 2) */
    bool setup_refused;
    char setup_message[512]; /* the firmware's reason, when refused */
    /* snapshots (exec_snapshot.c): the cycle --snapshot-at saved the
     * machine at, and the cycle --restore resumed from */
    bool snapshot_taken;
    uint64_t snapshot_cycle;
    bool restored;
    uint64_t restored_cycle;
    /* --restore refused the snapshot (another build, firmware or case, a
     * corrupt or truncated file): the reason; nothing ran */
    bool restore_refused;
    char restore_message[1024];
    /* the timeline, when one was recorded: events kept, and those past
     * its cap (DSH_TIMELINE_MAX_EVENTS) that were dropped */
    bool timeline;
    uint64_t timeline_events, timeline_dropped;
    /* the host process's peak resident memory (KiB, getrusage ru_maxrss)
     * at the end of the run, outputs written and checked: outputs are
     * spooled to disk, so it does not grow with the run's duration */
    uint64_t peak_rss_kib;
    /* the result and its one-line message (what dsh_exec_one prints) */
    dsh_res_status status;
    char message[DSH_RESULT_MSG];
} dsh_exec_summary;

typedef struct dsh_exec_opts {
    const char *firmware; /* default image when the case names none */
    /* that image opened already (xt_elf_open), used for the cases that
     * run `firmware` instead of opening it again (`dspsim test`: opened
     * once by the runner before it forks); NULL = opened by each case */
    const struct xt_elf *firmware_image;
    bool keep_artifacts;       /* also on success (`dspsim run`) */
    FILE *verbose;             /* progress and IPC lines; NULL = quiet */
    dsh_exec_summary *summary; /* filled when not NULL */
    const char *outputs_dir;   /* output files here instead of the
                                   case's out_dir (`dspsim play`) */
    /* outputs aligned with the inputs (`dspsim play` without --raw):
     * the board's measured output latency removed and the tail cut, so
     * each output (SSP playback ports only) has the longest input's
     * frames at its rate (exec_align.c) */
    bool align_outputs;
    /* a run until the inputs end streams on (silence) for the group
     * delay of the SRC components before it ends, so their outputs hold
     * the whole input (`dspsim play`) */
    bool flush_src;
    /* the Perfetto timeline: not recorded at all with no_timeline (long
     * `dspsim play` runs); written to timeline_path instead of
     * DIR/timeline.json when given */
    bool no_timeline;
    const char *timeline_path;
    /* a cycle profile of the firmware in the callgrind format, written
     * here when the run ends (docs/profile.md); NULL = none */
    const char *profile_path;
    /* a GDB remote server for the firmware (docs/debugging.md): on
     * 127.0.0.1:gdb_port (0: a free port, printed on stderr), waiting for
     * the debugger before the first instruction with gdb_wait */
    bool gdb;
    unsigned gdb_port;
    bool gdb_wait;
    /* reverse execution with the debugger (docs/debugging.md): the
     * checkpoints' memory bound in bytes (0: the default, 256 MiB) and
     * their interval in cycles (0: adaptive); reverse_off: none */
    uint64_t reverse_mem, reverse_every;
    bool reverse_off;
    /* snapshots (docs/debugging.md, "Snapshots"): the whole machine and
     * the harness's place in the streams saved to snapshot_path at the
     * first point at or after cycle snapshot_at where the case streams
     * (NULL = none); a run resumed from restore_path (NULL = from the
     * start).  case_text/case_len: the case as text, part of the
     * snapshot's identity (NULL: the file at the case's path). */
    const char *snapshot_path;
    uint64_t snapshot_at;
    const char *restore_path;
    const char *case_text;
    size_t case_len;
    /* --race (issue 32): the board's race detector between cores over the
     * whole run; each race is logged and fails the case (a board of one
     * core is an error) */
    bool race;
    /* how the board's CPU is opened (ds_board_config.cpu): the engine
     * from `--engine` (engine_set false: $DSPSIM_ENGINE, else fast);
     * copied into every `dspsim test -j` child with the rest */
    xt_cpu_config cpu;
    /* the command the run prints for on stderr: lines "dspsim CMD: ..."
     * (the board's diagnostics, the GDB server's); NULL = "dspsim" */
    const char *cmd;
    /* called after every streaming step with the simulated cycles and the
     * audio seconds streamed so far (the CLI's progress line), and once
     * with audio_seconds -1 when the run is over, before the result line
     * (dsh_exec_one); it only looks, the run is the same with or without
     * it.  NULL = none */
    void (*progress)(void *user, uint64_t cycles, double audio_seconds);
    void *progress_user;
    /* dsh_exec_one only: quiet (`-q`) prints nothing for a PASS and, for
     * any other result, the result line on stderr ("dspsim CMD: FAIL
     * ..."); no_dir_line leaves out the "artifacts: DIR" line (a scratch
     * directory, `dspsim play` without --artifacts) */
    bool quiet;
    bool no_dir_line;
    /* dsh_exec_one only: the case's HTML page (docs/harness.md "HTML
     * report") written here after the run, with its plots; NULL = none.
     * Plots that cannot be drawn leave a notice on stderr (not with
     * quiet), a page that cannot be written is exit 2 */
    const char *report_html;
} dsh_exec_opts;

/* The firmware this tree builds (compile-time path; may not exist yet). */
const char *dsh_exec_default_firmware(void);
/* The several-core build of it (fw_audio_smp.elf, issue 32). */
const char *dsh_exec_default_firmware_smp(void);
/* The image a case runs: its own `firmware`, else `given` (--firmware;
 * the pointer dsh_exec_default_firmware() returns counts as not given),
 * else the several-core build when the case places a pipeline on a core
 * other than 0, else the single-core build — so a case on core 0 alone
 * runs the same image, bytes and cycles whatever the board's cores. */
const char *dsh_exec_firmware(const dsh_case *c, const char *given);

/* mkdir -p; false with a message in err. */
bool dsh_exec_mkdir_p(const char *path, char *err, size_t errsz);

/* One case in-process (`dspsim run`, `dspsim play`): artifacts in dir
 * (created).  Prints "PASS|FAIL|SKIP|ERROR PATH (NAME)[: message]" and
 * "artifacts: DIR" on stdout (o->quiet, o->no_dir_line: see there).  Returns 0 passed, 1 failed or error,
 * 2 not runnable (skipped; the reason is printed) or dir not creatable. */
int dsh_exec_one(const dsh_case *c, const char *dir, const dsh_exec_opts *o,
                 const char *cmd);
/* The run summary, one "key: value" line each. */
void dsh_exec_print_summary(FILE *f, const dsh_exec_summary *s);

/* dsh_case_exec_fn; user = const dsh_exec_opts * (NULL = defaults). */
void dsh_exec_case(const dsh_case *c, const dsh_exec_env *env,
                   dsh_case_result *r, const void *user);

#endif

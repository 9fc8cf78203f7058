/* SPDX-License-Identifier: BSD-3-Clause */
/* dspsim board [options] PROGRAM.elf [guest args...]
 *
 * Runs a bare-metal guest program on the virtual audio-DSP board
 * (docs/board.md) instead of the bare "sim" memory map, with
 * semihosting, and exits with the guest's status: the value written to
 * the debug device's HALT register, or the semihosting exit status. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <getopt.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "options.h"
#include "dspsim/board.h"
#include "dspsim/board_race.h"
#include "abi/board_regs.h"
#include "fwreport/fw_report.h"
#include "dspsim/loader.h"
#include "dspsim/profile.h"
#include "gdb_opt.h"
#include "dspsim/semihost.h"
#include "lockstep.h"
#include "board_snapshot.h"
#include "out_check.h"
#include "progress.h"
#include "race_report.h"
#include "report.h"
#include "reverse.h"

typedef struct board_opts {
    const char *board_file; /* NULL = compiled-in defaults */
    uint64_t max_cycles;    /* 0 = unlimited */
    bool markers;
    bool stats;
    bool lockstep;         /* compare with a board on the interpreter */
    bool quiet;            /* -q: no progress line */
    bool race;             /* --race: report races between cores */
    const char *trace_log; /* firmware trace ring dump, NULL = none */
    const char *profile;   /* callgrind profile, NULL = none */
    cli_gdb gdb;           /* --gdb PORT, --gdb-wait */
    const char *program;
    int guest_argc;
    char **guest_argv;
    cli_snap_opts snap; /* --snapshot-at, --restore */
    xt_cpu_config cpu;  /* --engine: the board's ds_board_config.cpu */
} board_opts;

static void board_usage(FILE *f)
{
    fprintf(
        f,
        "usage: dspsim board [options] PROGRAM.elf [guest args...]\n\n"
        "Run a bare-metal Xtensa LX106 ELF program on the virtual audio-DSP\n"
        "board (IRAM, DRAM, mailbox, debug device, IPC, DMA, SSP; see\n"
        "docs/board.md) with semihosting; exit with the guest's status.\n\n"
        "options:\n"
        "  --board FILE    board description (YAML); default: built-in\n"
        "  --max-cycles N  stop after N cycles (exit status 124)\n"
        "  --markers       print trace markers on stderr:\n"
        "                  'marker ID VALUE at CYCLE' (decimal)\n"
        "  --race          report accesses of two cores to the same bytes\n"
        "                  that no synchronisation orders (a board of 2+\n"
        "                  cores; slower, same cycles; exit 122 if any)\n"
        "  --engine E      fast (default: translated hot code) or interp\n"
        "                  (the reference interpreter); same results\n"
        "  --stats         print a JSON statistics line on stderr at exit\n"
        "  --lockstep      run a second board on the reference interpreter\n"
        "                  and compare the two every 10,000 cycles; exit 70\n"
        "                  with a report at the first divergence\n"
        "  --profile FILE  write a cycle profile of the run to FILE in the\n"
        "                  callgrind format (docs/profile.md); slower, same\n"
        "                  cycles\n" CLI_GDB_HELP CLI_REVERSE_HELP
        "  --snapshot-at CYCLE FILE  save the whole board to FILE at the\n"
        "                  first instruction boundary at or after CYCLE\n"
        "                  (docs/debugging.md); same run otherwise\n"
        "  --restore FILE  resume a snapshot of this program, board and\n"
        "                  arguments instead of starting from reset\n"
        "                  (--max-cycles still counts from reset)\n"
        "  --trace-log FILE  at exit, write the firmware's trace log ring\n"
        "                  (mailbox trace region, docs/firmware.md) to FILE\n"
        "                  ('-' = stdout)\n"
        "  -q, --quiet     nothing on stdout or stderr but errors: no\n"
        "                  progress line (else shown on a terminal for runs\n"
        "                  over 1 s: cycles and MIPS), no --lockstep \"agree\"\n"
        "                  line; the firmware's own output (console,\n"
        "                  semihosting), --stats, --markers, --trace-log -\n"
        "                  and --gdb's port stay, and so does the exit status\n"
        "  -h, --help      show this help\n"
        "  --              end of options\n\n"
        "exit statuses: the value written to the HALT register or the\n"
        "semihosting exit status (& 0xff); 2 usage or input error (bad\n"
        "program or board file); 70 internal error; 122 --race found races\n"
        "(the run otherwise exiting 0); 123 guest idle forever;\n"
        "124 cycle budget reached; 125 fatal guest state.\n"
        "A firmware panic (valid record in the mailbox exception region)\n"
        "halts with status 3; its decoded report (cause, EPC/EXCVADDR with\n"
        "symbols, registers, stack) and the trace ring go to stderr.  The\n"
        "trace ring is also printed on stderr after 123, 124 and 125.\n");
}

enum { /* getopt_long codes of the long-only options */
       OPT_MARKERS = 256,
       OPT_SNAPSHOT_AT,
       OPT_RESTORE,
       OPT_ENGINE,
       OPT_LOCKSTEP,
       OPT_STATS,
       OPT_GDB,
       OPT_GDB_WAIT,
       OPT_BOARD,
       OPT_PROFILE,
       OPT_TRACE_LOG,
       OPT_MAX_CYCLES,
       OPT_REVERSE_MEM,
       OPT_REVERSE_EVERY,
       OPT_RACE,
};

static const struct option board_options[] = {
    { "help", no_argument, NULL, 'h' },
    { "quiet", no_argument, NULL, 'q' },
    { "markers", no_argument, NULL, OPT_MARKERS },
    { "snapshot-at", required_argument, NULL, OPT_SNAPSHOT_AT },
    { "restore", required_argument, NULL, OPT_RESTORE },
    { "engine", required_argument, NULL, OPT_ENGINE },
    { "lockstep", no_argument, NULL, OPT_LOCKSTEP },
    { "stats", no_argument, NULL, OPT_STATS },
    { "gdb", required_argument, NULL, OPT_GDB },
    { "gdb-wait", no_argument, NULL, OPT_GDB_WAIT },
    { "board", required_argument, NULL, OPT_BOARD },
    { "profile", required_argument, NULL, OPT_PROFILE },
    { "trace-log", required_argument, NULL, OPT_TRACE_LOG },
    { "max-cycles", required_argument, NULL, OPT_MAX_CYCLES },
    { "reverse-mem", required_argument, NULL, OPT_REVERSE_MEM },
    { "reverse-every", required_argument, NULL, OPT_REVERSE_EVERY },
    { "race", no_argument, NULL, OPT_RACE },
    { NULL, 0, NULL, 0 },
};

/* A file-name option's value: non-empty, else a message. */
static bool file_value(const char *opt, const char *v, const char **out)
{
    if (!v || !*v) {
        fprintf(stderr, "dspsim board: %s needs a file name\n", opt);
        return false;
    }
    *out = v;
    return true;
}

/* One option (v: its value, NULL when missing).  Returns -1 to go on, or
 * an exit status. */
static int take_option(int c, const char *v, int argc, char **argv, void *user)
{
    board_opts *o = user;
    bool ok = true;
    switch (c) {
    case 'h':
        board_usage(stdout);
        return 0;
    case 'q':
        o->quiet = true;
        break;
    case OPT_MARKERS:
        o->markers = true;
        break;
    case OPT_RACE:
        o->race = true;
        break;
    case OPT_SNAPSHOT_AT:
        ok = cli_snapshot_at_getopt("board", argc, argv, v, &o->snap);
        break;
    case OPT_RESTORE:
        ok = cli_restore_value("board", v, &o->snap);
        break;
    case OPT_ENGINE:
        ok = cli_set_engine("board", v, &o->cpu);
        break;
    case OPT_LOCKSTEP:
        o->lockstep = true;
        break;
    case OPT_STATS:
        o->stats = true;
        break;
    case OPT_GDB:
        ok = cli_gdb_value("board", v, &o->gdb);
        break;
    case OPT_GDB_WAIT:
        o->gdb.wait = true;
        break;
    case OPT_REVERSE_MEM:
        ok = cli_reverse_mem_value("board", v, &o->gdb);
        break;
    case OPT_REVERSE_EVERY:
        ok = cli_reverse_every_value("board", v, &o->gdb);
        break;
    case OPT_BOARD:
        ok = file_value("--board", v, &o->board_file);
        break;
    case OPT_PROFILE:
        ok = file_value("--profile", v, &o->profile);
        break;
    case OPT_TRACE_LOG:
        ok = file_value("--trace-log", v, &o->trace_log);
        break;
    case OPT_MAX_CYCLES:
        ok = cli_parse_count("board", "--max-cycles", v, &o->max_cycles);
        break;
    default:
        ok = false;
        break;
    }
    return ok ? -1 : DSPSIM_EXIT_USAGE;
}

/* Options come before PROGRAM ("+": getopt_long stops at the first
 * non-option; "-" alone is a file name; "--" ends the options); what
 * follows PROGRAM goes to the guest.  Returns -1 to continue, or an exit
 * status. */
static int parse_args(int argc, char **argv, board_opts *o)
{
    int rc = cli_getopt_before_program("board", argc, argv, board_options,
                                       take_option, o);
    if (rc < 0)
        rc = cli_take_program("board", argc, argv, board_usage, &o->program,
                              &o->guest_argc, &o->guest_argv);
    if (rc >= 0)
        return rc;
    if (!cli_gdb_check("board", &o->gdb, o->lockstep))
        return DSPSIM_EXIT_USAGE;
    return -1;
}

static void print_marker(void *user, uint32_t id, uint32_t value,
                         uint64_t cycle)
{
    (void)user;
    fflush(stdout);
    fprintf(stderr, "marker %" PRIu32 " %" PRIu32 " at %" PRIu64 "\n", id,
            value, cycle);
}

/* The firmware's trace ring on f, if the mailbox holds one (silent for
 * guests that are not the firmware). */
static void print_trace_ring(FILE *f, ds_board *b)
{
    ds_fw_trace *t = malloc(sizeof *t);
    if (t && ds_fw_trace_read(b, t, NULL, 0) == DS_FWR_OK)
        ds_fw_trace_print(f, t);
    free(t);
}

/* After a HALT: if the firmware panicked (IPC_NOTIFY_PANIC pending on the
 * host doorbell or a valid record with the panic status), print the
 * decoded record and the trace ring on stderr. */
static void report_fw_panic(ds_board *b, const ds_run_result *r,
                            const board_opts *o, const xt_elf *elf)
{
    ds_fw_panic p;
    char err[256];
    uint32_t msg = 0;
    bool rung = ds_board_doorbell_pending(b, &msg, NULL) &&
                msg == DS_FW_NOTIFY_PANIC;
    ds_fwr_status st = ds_fw_panic_read(b, &p, err, sizeof err);

    if (!rung && (st == DS_FWR_EMPTY || r->status != DS_FW_PANIC_STATUS))
        return;
    fflush(stdout);
    fprintf(stderr, "dspsim board: %s: firmware panic (halt status %d)\n",
            o->program, r->status);
    if (st != DS_FWR_OK)
        fprintf(stderr,
                "dspsim board: %s: cannot decode the panic record: %s\n",
                o->program, err);
    else
        ds_fw_panic_print(stderr, &p, elf);
    print_trace_ring(stderr, b);
}

/* the board's diagnostics (DMA errors ...) */
static void board_log(void *user, const char *msg)
{
    (void)user;
    fflush(stdout);
    fprintf(stderr, "dspsim board: %s\n", msg);
}

/* Cycles between two looks at the progress line. */
#define PROGRESS_SLICE_CYCLES 4000000u

/* Writes by the DMA and the host, for the debugger's watchpoints. */
static void write_watch(void *user, const ds_mem_write *w)
{
    char who[96];
    ds_mem_write_describe(w, who, sizeof who);
    ds_gdb_note_write(user, w->addr, w->len, who, w->between_runs);
}

/* The board's run service hands over between CPU slices: redraw. */
static void progress_cb(void *user, uint64_t cycles, uint64_t insns)
{
    cli_progress_cycles(user, cycles, insns);
}

static int conclude(ds_board *b, const ds_run_result *r, const board_opts *o,
                    const xt_elf *elf)
{
    /* the core that stopped (0 on a board of one core) */
    xt_cpu *cpu = ds_board_core_cpu(b, r->core);
    char on_core[32] = "";
    if (ds_board_cores(b) > 1)
        snprintf(on_core, sizeof on_core, " on core %u", r->core);
    switch (r->why) {
    case DS_STOP_HALT:
        if (r->core) {
            fflush(stdout);
            fprintf(stderr, "dspsim board: %s: halt (status %d)%s\n",
                    o->program, r->status, on_core);
        }
        report_fw_panic(b, r, o, elf);
        return r->status & 0xff;
    case DS_STOP_EXIT:
        return r->status & 0xff;
    case DS_STOP_BUDGET:
        fprintf(stderr,
                "dspsim board: %s: cycle budget exhausted: %" PRIu64
                " cycles (--max-cycles %" PRIu64 ")\n",
                o->program, r->cycles, o->max_cycles);
        report_state(stderr, cpu, elf);
        print_trace_ring(stderr, b);
        return DSPSIM_EXIT_BUDGET;
    case DS_STOP_IDLE:
        fprintf(stderr,
                "dspsim board: %s: guest idle forever: WAITI with no "
                "interrupt, timer or board event that could wake it\n",
                o->program);
        report_state(stderr, cpu, elf);
        print_trace_ring(stderr, b);
        return DSPSIM_EXIT_IDLE;
    case DS_STOP_FATAL: {
        const xt_fatal_info *fi = xt_fatal(cpu);
        fprintf(stderr,
                "dspsim board: %s: fatal guest state%s: %s at pc %08" PRIx32
                ", exccause %" PRIu32 ", excvaddr %08" PRIx32 "\n",
                o->program, on_core,
                fi && fi->reason ? fi->reason : "unknown reason",
                fi ? fi->pc : 0, fi ? fi->exccause : 0, fi ? fi->excvaddr : 0);
        report_state(stderr, cpu, elf);
        print_trace_ring(stderr, b);
        return DSPSIM_EXIT_FATAL;
    }
    default:
        fprintf(stderr, "dspsim board: %s: run stopped unexpectedly (%s)\n",
                o->program, ds_stop_name(r->why));
        return DSPSIM_EXIT_INTERNAL;
    }
}

/* --trace-log FILE: the decoded ring, or a one-line reason why not. */
static bool write_trace_log(ds_board *b, const board_opts *o)
{
    char err[256];
    bool to_stdout = !strcmp(o->trace_log, "-");
    FILE *f = to_stdout ? stdout : fopen(o->trace_log, "w");
    ds_fw_trace *t = malloc(sizeof *t);
    bool ok = f && t;

    if (!f)
        fprintf(stderr,
                "dspsim board: --trace-log %s: cannot open for writing\n",
                o->trace_log);
    if (ok && ds_fw_trace_read(b, t, err, sizeof err) == DS_FWR_OK)
        ds_fw_trace_print(f, t);
    else if (ok)
        fprintf(f, "no firmware trace ring: %s\n", err);
    if (f && !to_stdout && fclose(f) != 0) {
        fprintf(stderr, "dspsim board: --trace-log %s: write error\n",
                o->trace_log);
        ok = false;
    }
    free(t);
    return ok;
}

/* --lockstep: a second board with the same program on the reference
 * interpreter, run in the same slices and compared after each (a client
 * of the board's run service, cli/lockstep.c).  Returns 0 (r and *st
 * hold the fast board's end), or an exit status. */
static int run_lockstep(const board_opts *o, ds_board *b, ds_run_result *r,
                        ds_status *st)
{
    char msg[512];
    ds_board *ref = NULL;
    xt_semihost *sh = NULL;
    int status = DSPSIM_EXIT_INTERNAL;
    const ds_board_config *cfg = ds_board_get_config(b);
    /* the same board on the reference interpreter, whatever --engine or
     * $DSPSIM_ENGINE say */
    ds_board_config rcfg = *cfg;
    rcfg.cpu = (xt_cpu_config){ .engine = XT_ENGINE_INTERP,
                                .engine_set = true };
    if (ds_board_new(&rcfg, &ref, msg, sizeof msg) != DS_OK ||
        ds_board_load_elf(ref, o->program, msg, sizeof msg) != DS_OK) {
        fprintf(stderr,
                "dspsim board: --lockstep: cannot build the "
                "reference board: %s\n",
                msg);
        goto out;
    }
    const char *gargv[] = { o->program, NULL };
    int null_fd = open("/dev/null", O_RDWR);
    xt_semihost_config shc = { .stdin_fd = null_fd,
                               .stdout_fd = null_fd,
                               .stderr_fd = null_fd,
                               .argc = 1,
                               .argv = gargv };
    sh = null_fd >= 0 ? xt_semihost_new(&shc) : NULL;
    xt_xlate_opts xo;
    lockstep_xlate_opts(&xo, false);
    bool engines = sh &&
                   xt_semihost_install(sh, ds_board_cpu(ref), NULL) == XT_OK;
    for (unsigned k = 0; engines && k < ds_board_cores(b); k++) /* each core */
        engines = xt_engine_get(ds_board_core_cpu(ref, k)) ==
                      XT_ENGINE_INTERP &&
                  xt_engine_set(ds_board_core_cpu(b, k), XT_ENGINE_FAST) ==
                      XT_OK &&
                  xt_xlate_config(ds_board_core_cpu(b, k), &xo) == XT_OK;
    if (!engines) {
        fprintf(stderr, "dspsim board: --lockstep: cannot set up the "
                        "engines\n");
        goto out;
    }
    lockstep_board *ls = lockstep_board_start(b, ref, o->max_cycles, stderr,
                                              "board");
    if (!ls)
        goto out;
    /* no budget of its own: the checker ends the run at --max-cycles, in
     * the slices the reference runs */
    *st = ds_board_run(b, 0, 0, r);
    uint64_t slices;
    if (lockstep_board_finish(ls, r, &slices) != 0)
        goto out;
    xt_xlate_stats xs;
    xt_xlate_stats_get(ds_board_cpu(b), &xs);
    if (!o->quiet) /* -q: only a divergence (above) */
        fprintf(stderr,
                "dspsim board: lockstep: agree after %" PRIu64
                " slices of %u cycles, "
                "%" PRIu64 " of %" PRIu64
                " instructions translated (quick %" PRIu64
                ", optimised %" PRIu64 ", %" PRIu64 " promotions)\n",
                slices, LOCKSTEP_BOARD_SLICE, xs.insns,
                xt_insn_count(ds_board_cpu(b)), xs.tier[XT_TIER_QUICK].insns,
                xs.tier[XT_TIER_OPT].insns, xs.promotions);
    status = 0;
out:
    xt_semihost_free(sh);
    if (ref)
        ds_board_free(ref);
    return status;
}

/* Reverse execution with --gdb, unless a profile would see history run
 * twice. */
static bool reverse_on(const board_opts *o, const ds_board *b)
{
    return o->gdb.on && !o->gdb.rev_off && !o->profile &&
           ds_board_cores(b) == 1; /* the history holds one core */
}

static int run(const board_opts *o, ds_board *b, const xt_elf *elf)
{
    char msg[512];
    /* the pages written from the first load on (reverse execution) */
    if (reverse_on(o, b) &&
        xt_mem_dirty_track(ds_board_cpu(b), true) != XT_OK) {
        fprintf(stderr, "dspsim board: internal error: out of memory\n");
        return DSPSIM_EXIT_INTERNAL;
    }
    ds_status st = ds_board_load_elf(b, o->program, msg, sizeof(msg));
    if (st != DS_OK) {
        fprintf(stderr, "dspsim board: %s\n", msg);
        return st == DS_ERR_LOAD ? DSPSIM_EXIT_USAGE : DSPSIM_EXIT_INTERNAL;
    }
    ds_board_set_log(b, board_log, NULL);
    if (o->markers)
        ds_board_add_marker_observer(b, print_marker, NULL);
    if (o->race && ds_board_race_enable(b) != DS_OK) {
        fprintf(stderr, "dspsim board: --race needs a board of 2 or more cores "
                        "(cores: in the --board file)\n");
        return DSPSIM_EXIT_USAGE;
    }

    const char **gargv = calloc((size_t)o->guest_argc + 2, sizeof(char *));
    if (!gargv) {
        fprintf(stderr, "dspsim board: internal error: out of memory\n");
        return DSPSIM_EXIT_INTERNAL;
    }
    gargv[0] = o->program;
    for (int i = 0; i < o->guest_argc; i++)
        gargv[i + 1] = o->guest_argv[i];
    xt_semihost_config shc = { .stdin_fd = 0,
                               .stdout_fd = 1,
                               .stderr_fd = 2,
                               .argc = o->guest_argc + 1,
                               .argv = gargv };
    xt_semihost *sh = xt_semihost_new(&shc);
    free(gargv);
    if (!sh || xt_semihost_install(sh, ds_board_cpu(b), NULL) != XT_OK) {
        fprintf(stderr, "dspsim board: internal error: cannot install "
                        "semihosting\n");
        xt_semihost_free(sh);
        return DSPSIM_EXIT_INTERNAL;
    }
    board_snap bs;
    if (!board_snap_init(&bs, &o->snap, b, o->program, o->guest_argc,
                         o->guest_argv) ||
        !board_snap_restore(&bs)) {
        xt_semihost_free(sh);
        return DSPSIM_EXIT_USAGE;
    }
    uint64_t budget = o->max_cycles; /* counted from reset */
    if (budget && o->snap.restore) {
        if (budget <= ds_board_cycles(b)) {
            fprintf(stderr,
                    "dspsim board: --max-cycles %" PRIu64 " is not "
                    "past cycle %" PRIu64 ", where the snapshot resumes\n",
                    budget, ds_board_cycles(b));
            xt_semihost_free(sh);
            return DSPSIM_EXIT_USAGE;
        }
        budget -= ds_board_cycles(b);
    }
    board_snap_arm(&bs);
    xt_profile_set prof = { 0 }; /* a profile per core */
    if (o->profile) {
        char perr[256];
        if (o->lockstep) {
            fprintf(stderr, "dspsim board: --profile and --lockstep cannot "
                            "be combined\n");
            xt_semihost_free(sh);
            return DSPSIM_EXIT_USAGE;
        }
        xt_cpu *cores[XT_PROFILE_MAX_CPUS];
        unsigned nc = ds_board_core_cpus(b, cores, XT_PROFILE_MAX_CPUS);
        if (xt_profile_set_start(&prof, cores, nc, elf, perr, sizeof perr)) {
            fprintf(stderr, "dspsim board: %s\n", perr);
            xt_semihost_free(sh);
            return DSPSIM_EXIT_INTERNAL;
        }
    }
    ds_gdb *gdb = NULL;
    cli_reverse *rev = NULL;
    if (o->gdb.on) {
        if (!(gdb = cli_gdb_start("board", &o->gdb, ds_board_cpu(b)))) {
            xt_profile_set_free(&prof);
            xt_semihost_free(sh);
            return DSPSIM_EXIT_USAGE;
        }
        xt_cpu *cores[4];
        ds_gdb_set_cores(gdb, cores, ds_board_core_cpus(b, cores, 4));
        ds_gdb_attach_run(gdb, ds_board_service(b));
        ds_board_set_write_watch(b, write_watch, gdb);
        if (!o->gdb.rev_off && ds_board_cores(b) > 1 && !o->quiet)
            fprintf(stderr, "dspsim board: reverse execution is for a board "
                            "of one core: off (the debugger goes forwards)\n");
        if (reverse_on(o, b)) {
            if (!(rev = cli_reverse_board("board", &o->gdb, b, sh))) {
                ds_gdb_close(gdb);
                xt_profile_set_free(&prof);
                xt_semihost_free(sh);
                return DSPSIM_EXIT_INTERNAL;
            }
            ds_gdb_set_history(gdb, cli_reverse_history(rev));
        }
        if (o->gdb.wait)
            ds_gdb_wait_attach(gdb);
    }
    /* the progress line: a terminal, not -q, no debugger or lockstep */
    cli_progress prog;
    cli_progress_init(&prog, "board", o->quiet || gdb || o->lockstep,
                      xt_insn_count(ds_board_cpu(b)));
    if (prog.on)
        ds_run_set_progress(ds_board_service(b), progress_cb, &prog,
                            PROGRESS_SLICE_CYCLES);
    ds_run_result r;
    double t0 = cli_now_seconds();
    if (o->lockstep) {
        int ls = run_lockstep(o, b, &r, &st);
        if (ls) {
            xt_semihost_free(sh);
            return ls;
        }
    } else {
        st = ds_board_run(b, budget, 0, &r);
    }
    if (prog.on) {
        ds_run_set_progress(ds_board_service(b), NULL, NULL, 0);
        cli_progress_clear(&prog);
    }
    double seconds = cli_now_seconds() - t0;
    int status;
    if (st != DS_OK) {
        fprintf(stderr, "dspsim board: internal error: ds_board_run: %s\n",
                ds_strerror(st));
        status = DSPSIM_EXIT_INTERNAL;
    } else {
        fflush(stdout);
        if (ds_gdb_killed(gdb))
            fprintf(stderr, "dspsim board: %s: killed by the debugger\n",
                    o->program);
        status = conclude(b, &r, o, elf);
        status = board_snap_finish(&bs, status);
        if (o->race &&
            cli_race_report(stderr, "dspsim board", o->program, b, elf) &&
            status == 0)
            status = DSPSIM_EXIT_RACE;
    }
    if (gdb) {
        ds_gdb_finish(gdb, st != DS_OK || r.why != DS_STOP_FATAL, status,
                      xt_fatal(ds_board_cpu(b))->pc);
        ds_board_set_write_watch(b, NULL, NULL);
        ds_gdb_close(gdb);
        cli_reverse_free(rev);
    }
    if (o->trace_log && st == DS_OK && !write_trace_log(b, o))
        status = DSPSIM_EXIT_USAGE;
    if (prof.n) {
        char perr[600];
        xt_profile_set_finish(&prof);
        if (xt_profile_set_write(&prof, o->profile, o->program, perr,
                                 sizeof perr)) {
            fprintf(stderr, "dspsim board: %s\n", perr);
            status = DSPSIM_EXIT_INTERNAL;
        }
        xt_profile_set_free(&prof);
    }
    if (o->stats)
        report_stats(stderr, ds_board_cpu(b), ds_board_cycles(b), seconds);
    xt_semihost_free(sh);
    return status;
}

int cmd_board(int argc, char **argv)
{
    board_opts o = { 0 };
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0)
        return rc;

    const char *others[] = { o.program, o.board_file, o.profile, o.trace_log };
    if (!cli_snapshot_check("board", &o.snap, others, 4))
        return DSPSIM_EXIT_USAGE;
    if (o.lockstep && (o.snap.path || o.snap.restore)) {
        fprintf(stderr, "dspsim board: --lockstep and snapshots cannot be "
                        "combined\n");
        return DSPSIM_EXIT_USAGE;
    }
    char profile_target[4096];
    const char *inputs[] = { o.program };
    if (o.profile) {
        if (!cli_check_output_file("board", o.profile, inputs, 1,
                                   profile_target, sizeof profile_target))
            return DSPSIM_EXIT_USAGE;
        o.profile = profile_target;
    }
    /* --trace-log is written at exit: checked now, before the run */
    char trace_log_target[4096];
    if (o.trace_log && strcmp(o.trace_log, "-")) {
        if (!cli_check_output_file("board", o.trace_log, inputs, 1,
                                   trace_log_target, sizeof trace_log_target))
            return DSPSIM_EXIT_USAGE;
        o.trace_log = trace_log_target;
    }
    char msg[512];
    ds_board_config cfg;
    if (o.board_file) {
        if (!ds_board_config_load(&cfg, o.board_file, msg, sizeof(msg))) {
            fprintf(stderr, "dspsim board: board description: %s\n", msg);
            return DSPSIM_EXIT_USAGE;
        }
    } else {
        ds_board_config_default(&cfg);
    }
    cfg.cpu = o.cpu; /* --engine */
    /* validate the program before building the board (symbols for the
     * fatal-state report) */
    xt_elf *elf = NULL;
    xt_load_status ls = xt_elf_open(o.program, &elf, msg, sizeof(msg));
    if (ls != XT_LOAD_OK) {
        fprintf(stderr, "dspsim board: %s\n", msg);
        return ls == XT_LOAD_ERR_NOMEM ? DSPSIM_EXIT_INTERNAL
                                       : DSPSIM_EXIT_USAGE;
    }
    signal(SIGPIPE, SIG_IGN);
    ds_board *b = NULL;
    ds_status st = ds_board_new(&cfg, &b, msg, sizeof(msg));
    if (st != DS_OK) {
        fprintf(stderr, "dspsim board: cannot build the board: %s\n", msg);
        xt_elf_free(elf);
        return st == DS_ERR_CONFIG ? DSPSIM_EXIT_USAGE : DSPSIM_EXIT_INTERNAL;
    }
    rc = run(&o, b, elf);
    ds_board_free(b);
    xt_elf_free(elf);
    fflush(stdout);
    return rc;
}

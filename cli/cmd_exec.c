/* SPDX-License-Identifier: BSD-3-Clause */
/* dspsim exec [options] PROGRAM.elf [guest args...]
 *
 * Loads a bare-metal guest program on QEMU's lx106 "sim" memory map, runs
 * it from its ELF entry point with semihosting, and exits with the
 * guest's exit status (docs/cli.md). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <unistd.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "options.h"
#include "dspsim/loader.h"
#include "dspsim/machine_sim.h"
#include "dspsim/profile.h"
#include "dspsim/run.h"
#include "dspsim/semihost.h"
#include "dspsim/xtcpu.h"
#include "exec_snapshot.h"
#include "gdb_opt.h"
#include "lockstep.h"
#include "out_check.h"
#include "progress.h"
#include "report.h"
#include "reverse.h"
#include "trace.h"

typedef struct exec_opts {
    uint64_t max_insns;       /* 0 = unlimited */
    uint64_t max_cycles;      /* 0 = unlimited */
    const char *trace_path;   /* NULL = no trace */
    const char *profile_path; /* NULL = no profile */
    bool stats;
    bool lockstep;      /* compare with the reference interpreter */
    bool quiet;         /* -q: no progress line */
    cli_gdb gdb;        /* --gdb PORT, --gdb-wait */
    cli_snap_opts snap; /* --snapshot-at, --restore */
    xt_cpu_config cpu;  /* --engine (unset: $DSPSIM_ENGINE, else fast) */
    const char *program;
    int guest_argc; /* arguments after PROGRAM */
    char **guest_argv;
} exec_opts;

static void exec_usage(FILE *f)
{
    fprintf(
        f,
        "usage: dspsim exec [options] PROGRAM.elf [guest args...]\n\n"
        "Run a bare-metal Xtensa LX106 ELF program on QEMU's 'sim' memory\n"
        "map with semihosting; exit with the guest's exit status.\n\n"
        "options:\n"
        "  --max-insns N   stop after N instructions (exit status 124)\n"
        "  --max-cycles N  stop after N cycles (exit status 124)\n"
        "  --trace FILE    write one line per instruction to FILE\n"
        "  --profile FILE  write a cycle profile of the run to FILE in the\n"
        "                  callgrind format (KCachegrind, callgrind_annotate);\n"
        "                  slower, same cycles\n"
        "  --engine E      fast (default: translated hot code) or interp\n"
        "                  (the reference interpreter); same results\n"
        "  --stats         print a JSON statistics line on stderr at exit\n" CLI_GDB_HELP
            CLI_REVERSE_HELP
        "  --snapshot-at CYCLE FILE  save the CPU and its memories to FILE at\n"
        "                  the first instruction boundary at or after\n"
        "                  simulated cycle CYCLE; the run goes on unchanged\n"
        "  --restore FILE  resume a snapshot of this program and arguments\n"
        "                  (--max-cycles/--max-insns still count from reset)\n"
        "  --lockstep      run the fast engine and the reference interpreter\n"
        "                  side by side, compare them after every translated\n"
        "                  block; exit 1 with a report at the first divergence\n"
        "  -q, --quiet     nothing on stdout or stderr but errors: no\n"
        "                  progress line (else shown on a terminal for runs\n"
        "                  over 1 s: cycles and MIPS), no --lockstep \"agree\"\n"
        "                  line; the program's own output, --stats and\n"
        "                  --gdb's port stay, and so does the exit status\n"
        "  -h, --help      show this help\n"
        "  --              end of options (PROGRAM may then start with -)\n\n"
        "exit statuses: the guest's status; 2 usage or input error; 70\n"
        "internal error; 123 guest idle forever; 124 budget reached; 125\n"
        "fatal guest state (see docs/cli.md).\n");
}

enum { /* getopt_long codes of the long-only options */
       OPT_ENGINE = 256,
       OPT_STATS,
       OPT_GDB,
       OPT_GDB_WAIT,
       OPT_LOCKSTEP,
       OPT_MAX_INSNS,
       OPT_MAX_CYCLES,
       OPT_PROFILE,
       OPT_TRACE,
       OPT_SNAPSHOT_AT,
       OPT_RESTORE,
       OPT_REVERSE_MEM,
       OPT_REVERSE_EVERY,
};

static const struct option exec_options[] = {
    { "help", no_argument, NULL, 'h' },
    { "quiet", no_argument, NULL, 'q' },
    { "engine", required_argument, NULL, OPT_ENGINE },
    { "stats", no_argument, NULL, OPT_STATS },
    { "gdb", required_argument, NULL, OPT_GDB },
    { "gdb-wait", no_argument, NULL, OPT_GDB_WAIT },
    { "lockstep", no_argument, NULL, OPT_LOCKSTEP },
    { "max-insns", required_argument, NULL, OPT_MAX_INSNS },
    { "max-cycles", required_argument, NULL, OPT_MAX_CYCLES },
    { "profile", required_argument, NULL, OPT_PROFILE },
    { "trace", required_argument, NULL, OPT_TRACE },
    { "snapshot-at", required_argument, NULL, OPT_SNAPSHOT_AT },
    { "restore", required_argument, NULL, OPT_RESTORE },
    { "reverse-mem", required_argument, NULL, OPT_REVERSE_MEM },
    { "reverse-every", required_argument, NULL, OPT_REVERSE_EVERY },
    { NULL, 0, NULL, 0 },
};

/* One option (v: its value, NULL when missing).  Returns -1 to go on, or
 * an exit status. */
static int take_option(int c, const char *v, int argc, char **argv, void *user)
{
    exec_opts *o = user;
    switch (c) {
    case OPT_SNAPSHOT_AT:
        return cli_snapshot_at_getopt("exec", argc, argv, v, &o->snap)
                   ? -1
                   : DSPSIM_EXIT_USAGE;
    case OPT_RESTORE:
        return cli_restore_value("exec", v, &o->snap) ? -1 : DSPSIM_EXIT_USAGE;
    case 'h':
        exec_usage(stdout);
        return 0;
    case 'q':
        o->quiet = true;
        return -1;
    case OPT_ENGINE:
        return cli_set_engine("exec", v, &o->cpu) ? -1 : DSPSIM_EXIT_USAGE;
    case OPT_STATS:
        o->stats = true;
        return -1;
    case OPT_GDB:
        return cli_gdb_value("exec", v, &o->gdb) ? -1 : DSPSIM_EXIT_USAGE;
    case OPT_GDB_WAIT:
        o->gdb.wait = true;
        return -1;
    case OPT_REVERSE_MEM:
        return cli_reverse_mem_value("exec", v, &o->gdb) ? -1
                                                         : DSPSIM_EXIT_USAGE;
    case OPT_REVERSE_EVERY:
        return cli_reverse_every_value("exec", v, &o->gdb) ? -1
                                                           : DSPSIM_EXIT_USAGE;
    case OPT_LOCKSTEP:
        o->lockstep = true;
        return -1;
    case OPT_MAX_INSNS:
        return cli_parse_count("exec", "--max-insns", v, &o->max_insns)
                   ? -1
                   : DSPSIM_EXIT_USAGE;
    case OPT_MAX_CYCLES:
        return cli_parse_count("exec", "--max-cycles", v, &o->max_cycles)
                   ? -1
                   : DSPSIM_EXIT_USAGE;
    case OPT_PROFILE:
    case OPT_TRACE:
        if (!v || !*v) {
            fprintf(stderr, "dspsim exec: %s needs a file name\n",
                    c == OPT_PROFILE ? "--profile" : "--trace");
            return DSPSIM_EXIT_USAGE;
        }
        *(c == OPT_PROFILE ? &o->profile_path : &o->trace_path) = v;
        return -1;
    }
    return DSPSIM_EXIT_USAGE;
}

/* Options come before PROGRAM ("+": getopt_long stops at the first
 * non-option; "-" alone is a file name; "--" ends the options); what
 * follows PROGRAM goes to the guest.  Returns -1 to continue, or an exit
 * status. */
static int parse_args(int argc, char **argv, exec_opts *o)
{
    int rc = cli_getopt_before_program("exec", argc, argv, exec_options,
                                       take_option, o);
    if (rc < 0)
        rc = cli_take_program("exec", argc, argv, exec_usage, &o->program,
                              &o->guest_argc, &o->guest_argv);
    if (rc >= 0)
        return rc;
    if (!cli_gdb_check("exec", &o->gdb, o->lockstep))
        return DSPSIM_EXIT_USAGE;
    if (o->lockstep && (o->snap.path || o->snap.restore)) {
        fprintf(stderr, "dspsim exec: --lockstep and snapshots cannot be "
                        "combined\n");
        return DSPSIM_EXIT_USAGE;
    }
    return -1;
}

/* Message and exit status for how the run ended.  Guest exit is silent. */
static int conclude(xt_cpu *cpu, xt_stop why, const exec_opts *o,
                    const xt_elf *elf, const trace *tr)
{
    const char *prog = o->program;
    switch (why) {
    case XT_STOP_EXIT:
        return xt_exit_status(cpu) & 0xff;
    case XT_STOP_INSN_BUDGET:
        fprintf(stderr,
                "dspsim exec: %s: instruction budget exhausted: %" PRIu64
                " instructions executed (--max-insns %" PRIu64 ")\n",
                prog, xt_insn_count(cpu), o->max_insns);
        report_state(stderr, cpu, elf);
        return DSPSIM_EXIT_BUDGET;
    case XT_STOP_CYCLE_BUDGET:
        fprintf(stderr,
                "dspsim exec: %s: cycle budget exhausted: %" PRIu64
                " cycles (--max-cycles %" PRIu64 ")\n",
                prog, xt_cycles(cpu), o->max_cycles);
        report_state(stderr, cpu, elf);
        return DSPSIM_EXIT_BUDGET;
    case XT_STOP_FATAL: {
        const xt_fatal_info *fi = xt_fatal(cpu);
        char sym[128];
        uint32_t pc = fi ? fi->pc : 0;
        xt_elf_format_sym(elf, pc, sym, sizeof(sym));
        fprintf(stderr,
                "dspsim exec: %s: fatal guest state: %s at pc %08" PRIx32
                " (%s), exccause %" PRIu32 ", excvaddr %08" PRIx32 "\n",
                prog, fi && fi->reason ? fi->reason : "unknown reason", pc, sym,
                fi ? fi->exccause : 0, fi ? fi->excvaddr : 0);
        report_state(stderr, cpu, elf);
        return DSPSIM_EXIT_FATAL;
    }
    case XT_STOP_IDLE:
        fprintf(stderr,
                "dspsim exec: %s: guest idle forever: WAITI with no "
                "interrupt or timer that could wake it\n",
                prog);
        report_state(stderr, cpu, elf);
        return DSPSIM_EXIT_IDLE;
    case XT_STOP_REQUEST:
        if (tr && tr->failed) {
            fprintf(stderr, "dspsim exec: error writing trace file '%s': %s\n",
                    tr->path, strerror(tr->err));
            return DSPSIM_EXIT_INTERNAL;
        }
        /* fall through */
    default:
        fprintf(stderr, "dspsim exec: %s: run stopped unexpectedly (%s)\n",
                prog, xt_stop_name(why));
        report_state(stderr, cpu, elf);
        return DSPSIM_EXIT_INTERNAL;
    }
}

static int api_fail(const char *what, xt_err err)
{
    fprintf(stderr, "dspsim exec: internal error: %s: %s\n", what,
            xt_strerror(err));
    return DSPSIM_EXIT_INTERNAL;
}

/* Maps the 'sim' machine, loads the program and installs semihosting
 * (console on the given descriptors); track: the CPU tracks its dirty
 * pages from before the load (reverse execution).  Returns 0, or an exit
 * status. */
static int prepare(const exec_opts *o, xt_elf *elf, xt_cpu *cpu, int out_fd,
                   int err_fd, bool track, xt_semihost **shp)
{
    char msg[512];
    const char *region = NULL;
    xt_err err = xt_machine_sim_map(cpu, &region);
    if (err != XT_OK) {
        snprintf(msg, sizeof(msg), "mapping region %s", region ? region : "?");
        return api_fail(msg, err);
    }
    if (track && (err = xt_mem_dirty_track(cpu, true)) != XT_OK)
        return api_fail("tracking written pages", err);
    xt_reset(cpu);
    xt_load_status ls = xt_elf_load_cpu(elf, cpu, msg, sizeof(msg));
    if (ls != XT_LOAD_OK) {
        fprintf(stderr, "dspsim exec: %s\n", msg);
        return ls == XT_LOAD_ERR_NOMEM ? DSPSIM_EXIT_INTERNAL
                                       : DSPSIM_EXIT_USAGE;
    }
    err = xt_reg_write(cpu, XT_REG_PC, xt_elf_entry(elf));
    if (err != XT_OK)
        return api_fail("setting the PC", err);

    /* Guest argv: argv[0] is the program as named on the command line. */
    const char **gargv = calloc((size_t)o->guest_argc + 2, sizeof(char *));
    if (!gargv)
        return api_fail("guest arguments", XT_ERR_NOMEM);
    gargv[0] = o->program;
    for (int i = 0; i < o->guest_argc; i++)
        gargv[i + 1] = o->guest_argv[i];
    xt_semihost_config shc = { .stdin_fd = 0,
                               .stdout_fd = out_fd,
                               .stderr_fd = err_fd,
                               .argc = o->guest_argc + 1,
                               .argv = gargv };
    xt_semihost *sh = xt_semihost_new(&shc);
    free(gargv);
    if (!sh)
        return api_fail("semihosting", XT_ERR_NOMEM);
    err = xt_semihost_install(sh, cpu, NULL);
    if (err != XT_OK) {
        xt_semihost_free(sh);
        return api_fail("installing the semihosting hook", err);
    }
    *shp = sh;
    return 0;
}

/* --lockstep: a second CPU on the reference interpreter, its console
 * discarded, compared with this one at every translated block (a client
 * of the run service, cli/lockstep.c).  Returns -1 (the run went on to
 * its end: why), or an exit status. */
static int run_lockstep(const exec_opts *o, xt_elf *elf, xt_cpu *cpu,
                        ds_run *svc, const ds_run_budget *budget, xt_stop *why)
{
    xt_cpu *ref = NULL;
    xt_semihost *sh = NULL;
    int null_fd = open("/dev/null", O_WRONLY);
    int status = DSPSIM_EXIT_INTERNAL;
    /* the reference interpreter, whatever --engine or $DSPSIM_ENGINE say */
    const xt_cpu_config rc = { .engine = XT_ENGINE_INTERP, .engine_set = true };
    if (null_fd < 0 || xt_open_config(&ref, &rc) != XT_OK)
        goto out;
    if ((status = prepare(o, elf, ref, null_fd, null_fd, false, &sh)) != 0)
        goto out;
    size_t nreg;
    const xt_region_desc *regs = xt_machine_sim_regions(&nreg);
    lockstep_range rg[16];
    size_t nrg = 0;
    for (size_t i = 0; i < nreg && nrg < 16; i++)
        if (regs[i].kind != XT_REGION_MMIO && regs[i].size <= 4u << 20)
            rg[nrg++] = (lockstep_range){ regs[i].base, regs[i].size };
    lockstep_exec *ls = lockstep_exec_start(svc, cpu, ref, budget, rg, nrg, elf,
                                            stderr, "exec");
    if (!ls)
        goto out;
    xt_err err = ds_run_cpu(svc, cpu, budget, why);
    lockstep_stats st;
    int r = lockstep_exec_finish(ls, &st);
    if (err != XT_OK) {
        status = api_fail("xt_run", err);
        goto out;
    }
    if (r != 0 || !o->quiet) /* -q: only a divergence */
        fprintf(stderr,
                "dspsim exec: lockstep: %s after %" PRIu64 " blocks, %" PRIu64
                " memory checks, %" PRIu64 " of %" PRIu64 " instructions "
                "translated (quick %" PRIu64 ", optimised %" PRIu64 ", %" PRIu64
                " promotions)\n",
                r == 0 ? "agree" : "DIVERGED", st.boundaries, st.mem_checks,
                st.translated_insns, xt_insn_count(cpu), st.tier_insns[0],
                st.tier_insns[1], st.promotions);
    /* a divergence is a simulator failure */
    status = r == 0 ? -1 : DSPSIM_EXIT_INTERNAL;
out:
    if (!ref || null_fd < 0)
        fprintf(stderr, "dspsim exec: --lockstep: cannot set up the "
                        "reference CPU\n");
    xt_semihost_free(sh);
    xt_close(ref);
    if (null_fd >= 0)
        close(null_fd);
    return status;
}

/* Cycles between two looks at the progress line (without a debugger). */
#define PROGRESS_SLICE_CYCLES 4000000u

static void progress_cb(void *user, uint64_t cycles, uint64_t insns)
{
    cli_progress_cycles(user, cycles, insns);
}

/* --restore: --max-cycles and --max-insns count from reset, as in the
 * run the snapshot came from: they must be past where it resumes. */
static bool budgets_past_restore(const exec_opts *o, xt_cpu *cpu)
{
    uint64_t c = xt_cycles(cpu), n = xt_insn_count(cpu);
    if (!o->snap.restore || ((!o->max_cycles || o->max_cycles > c) &&
                             (!o->max_insns || o->max_insns > n)))
        return true;
    bool cyc = o->max_cycles && o->max_cycles <= c;
    fprintf(stderr,
            "dspsim exec: --max-%s %" PRIu64 " is not past %" PRIu64
            ", where the snapshot resumes\n",
            cyc ? "cycles" : "insns", cyc ? o->max_cycles : o->max_insns,
            cyc ? c : n);
    return false;
}

/* --snapshot-at: the run service's pause point; a snapshot that cannot
 * be taken (said) ends the run there. */
typedef struct exec_pause {
    exec_snap *es;
    xt_cpu *cpu;
    const xt_semihost *sh;
    ds_run *svc;
} exec_pause;

static bool on_pause(void *user, uint64_t cycle)
{
    exec_pause *p = user;
    (void)cycle;
    if (!exec_snap_take(p->es, p->cpu, p->sh))
        ds_run_end(p->svc);
    return true;
}

/* Reverse execution with --gdb, unless a trace or a profile would see
 * history run twice. */
static bool reverse_on(const exec_opts *o)
{
    return o->gdb.on && !o->gdb.rev_off && !o->trace_path && !o->profile_path;
}

static int run_program(const exec_opts *o, xt_elf *elf, trace *tr, xt_cpu *cpu)
{
    ds_run *svc = NULL;
    ds_gdb *gdb = NULL;
    cli_reverse *rev = NULL;
    xt_semihost *sh = NULL;
    xt_profile *prof = NULL;
    int status = prepare(o, elf, cpu, 1, 2, reverse_on(o), &sh);
    if (status)
        return status;
    xt_err err;
    status = DSPSIM_EXIT_INTERNAL;
    if (tr->f && (err = trace_install(tr, cpu)) != XT_OK) {
        status = api_fail("installing the trace hook", err);
        goto out;
    }
    if (o->profile_path) {
        char perr[256];
        if (o->lockstep) {
            fprintf(stderr, "dspsim exec: --profile and --lockstep cannot be "
                            "combined\n");
            status = DSPSIM_EXIT_USAGE;
            goto out;
        }
        if (xt_profile_start(cpu, elf, &prof, perr, sizeof perr)) {
            fprintf(stderr, "dspsim exec: %s\n", perr);
            goto out;
        }
    }
    if (o->lockstep) {
        /* the fast engine whatever --engine says, translating early and
         * in the foreground, one block at a time */
        xt_xlate_opts xo;
        lockstep_xlate_opts(&xo, true);
        if ((err = xt_engine_set(cpu, XT_ENGINE_FAST)) != XT_OK ||
            (err = xt_xlate_config(cpu, &xo)) != XT_OK) {
            status = api_fail("configuring the fast engine", err);
            goto out;
        }
    }

    exec_snap es;
    ds_run_budget budget = { .max_cycles = o->max_cycles,
                             .max_insns = o->max_insns };
    if (!exec_snap_init(&es, &o->snap, o->program, o->guest_argc,
                        o->guest_argv) ||
        !exec_snap_restore(&es, cpu, sh) || !budgets_past_restore(o, cpu)) {
        status = DSPSIM_EXIT_USAGE;
        goto out;
    }
    if (!(svc = ds_run_new())) {
        status = api_fail("the run service", XT_ERR_NOMEM);
        goto out;
    }

    if (o->gdb.on) { /* after a restore: the debugger sees its state */
        if (!(gdb = cli_gdb_start("exec", &o->gdb, cpu))) {
            status = DSPSIM_EXIT_USAGE;
            goto out;
        }
        ds_gdb_attach_run(gdb, svc);
        size_t nreg;
        const xt_region_desc *regs = xt_machine_sim_regions(&nreg);
        if (reverse_on(o)) {
            if (!(rev = cli_reverse_exec("exec", &o->gdb, cpu, regs, nreg, sh)))
                goto out;
            ds_gdb_set_history(gdb, cli_reverse_history(rev));
        }
        if (o->gdb.wait)
            ds_gdb_wait_attach(gdb);
    }

    xt_stop why = XT_STOP_REQUEST;
    /* the progress line: a terminal, not -q, no debugger or lockstep */
    cli_progress prog;
    cli_progress_init(&prog, "exec", o->quiet || gdb || o->lockstep,
                      xt_insn_count(cpu));
    if (prog.on)
        ds_run_set_progress(svc, progress_cb, &prog, PROGRESS_SLICE_CYCLES);
    exec_pause pause = { &es, cpu, sh, svc };
    if (o->snap.path)
        ds_run_set_pause(svc, o->snap.at, on_pause, &pause);
    double t0 = cli_now_seconds();
    if (o->lockstep) {
        status = run_lockstep(o, elf, cpu, svc, &budget, &why);
        if (status >= 0)
            goto out;
        err = XT_OK;
    } else {
        err = ds_run_cpu(svc, cpu, &budget, &why);
    }
    if (prog.on)
        cli_progress_clear(&prog);
    double seconds = cli_now_seconds() - t0;
    if (err != XT_OK) {
        status = api_fail("xt_run", err);
        goto out;
    }
    if (es.failed) { /* the snapshot could not be written (said) */
        status = DSPSIM_EXIT_USAGE;
        ds_gdb_finish(gdb, true, status, 0);
        goto out;
    }
    if (ds_gdb_killed(gdb))
        fprintf(stderr, "dspsim exec: %s: killed by the debugger\n",
                o->program);
    status = conclude(cpu, why, o, elf, tr);
    if (o->snap.path && !es.taken && status != DSPSIM_EXIT_INTERNAL &&
        !ds_gdb_killed(gdb)) {
        fprintf(stderr,
                "dspsim exec: --snapshot-at %" PRIu64 ": beyond "
                "the run's end (it ended at cycle %" PRIu64 "); no "
                "snapshot written\n",
                o->snap.at, xt_cycles(cpu));
        status = DSPSIM_EXIT_USAGE;
    }
    if (gdb)
        ds_gdb_finish(gdb, why != XT_STOP_FATAL, status, xt_fatal(cpu)->pc);
    if (prof) {
        char perr[600];
        xt_profile_finish(prof);
        if (xt_profile_write_callgrind(prof, o->profile_path, o->program, perr,
                                       sizeof perr)) {
            fprintf(stderr, "dspsim exec: %s\n", perr);
            if (status != DSPSIM_EXIT_INTERNAL)
                status = DSPSIM_EXIT_INTERNAL;
        }
    }
    if (!trace_close(tr) && status != DSPSIM_EXIT_INTERNAL) {
        fprintf(stderr, "dspsim exec: error writing trace file '%s': %s\n",
                tr->path, strerror(tr->err));
        status = DSPSIM_EXIT_INTERNAL;
    }
    if (o->stats)
        report_stats(stderr, cpu, xt_cycles(cpu), seconds);
out:
    ds_gdb_close(gdb);
    cli_reverse_free(rev);
    ds_run_free(svc);
    xt_profile_free(prof);
    xt_semihost_free(sh);
    return status;
}

int cmd_exec(int argc, char **argv)
{
    exec_opts o = { 0 };
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0)
        return rc;

    /* the profile: a writable file, not the program, before anything runs */
    const char *others[] = { o.program, o.profile_path, o.trace_path };
    if (!cli_snapshot_check("exec", &o.snap, others, 3))
        return DSPSIM_EXIT_USAGE;
    char profile_target[4096];
    const char *inputs[] = { o.program };
    if (o.profile_path) {
        if (!cli_check_output_file("exec", o.profile_path, inputs, 1,
                                   profile_target, sizeof profile_target))
            return DSPSIM_EXIT_USAGE;
        o.profile_path = profile_target;
    }
    /* the trace likewise (never the program, never a directory) */
    char trace_target[4096];
    if (o.trace_path && strcmp(o.trace_path, "-")) {
        if (!cli_check_output_file("exec", o.trace_path, inputs, 1,
                                   trace_target, sizeof trace_target))
            return DSPSIM_EXIT_USAGE;
        o.trace_path = trace_target;
    }
    char msg[512];
    xt_elf *elf = NULL;
    xt_load_status ls = xt_elf_open(o.program, &elf, msg, sizeof(msg));
    if (ls != XT_LOAD_OK) {
        fprintf(stderr, "dspsim exec: %s\n", msg);
        return ls == XT_LOAD_ERR_NOMEM ? DSPSIM_EXIT_INTERNAL
                                       : DSPSIM_EXIT_USAGE;
    }
    trace tr = { 0 };
    if (o.trace_path && !trace_open(&tr, o.trace_path, elf)) {
        fprintf(stderr, "dspsim exec: cannot open trace file '%s': %s\n",
                o.trace_path, strerror(errno));
        xt_elf_free(elf);
        return DSPSIM_EXIT_USAGE;
    }
    /* A closed stdout pipe must give the guest EPIPE, not kill dspsim. */
    signal(SIGPIPE, SIG_IGN);

    xt_cpu *cpu = NULL; /* --lockstep sets it to fast (run_program) */
    xt_err err = xt_open_config(&cpu, &o.cpu);
    if (err != XT_OK) {
        rc = api_fail("creating the CPU", err);
    } else {
        rc = run_program(&o, elf, &tr, cpu);
        xt_close(cpu);
    }
    trace_close(&tr);
    xt_elf_free(elf);
    fflush(stdout);
    return rc;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* dspsim play IN.wav [IN2.wav] OUT.wav [--pipeline NAME] [--set K=V ...]:
 * plays files through a built-in pipeline on the simulated board with the
 * audio firmware and prints a run summary (docs/cli.md).  Everything the
 * user gave is checked before anything runs (exit 2); the pipeline is a
 * harness case (play_case.h) run like `dspsim run`, its output aligned
 * with the input unless --raw.  The run's artifacts (firmware.log, ...)
 * are kept only with --artifacts DIR; otherwise they go to a scratch
 * directory removed after the run. */
#define _GNU_SOURCE /* nftw */
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audio/wav_io.h"
#include "cli.h"
#include "exec/exec.h"
#include "options.h"
#include "gdb_opt.h"
#include "out_check.h"
#include "play_case.h"
#include "progress.h"
#include "snapshot_opts.h"
#include "src.h"
#include "textout/out_file.h"

/* The board's default core clock, the fastest the audio firmware takes
 * (PIPE_CLOCK_HZ_MAX, firmware/audio/pipeline/pipeline.h: --cpu-mhz
 * beyond it is refused here, by name, rather than by the firmware's
 * AUD_PIPE_NEW), and the clocks `play` picks from when an SRC pair needs
 * more (real audio DSPs run 400-600 MHz). */
#define PLAY_DEFAULT_MHZ 160u
#define PLAY_MAX_MHZ     1000u
static const unsigned play_mhz_steps[] = {
    PLAY_DEFAULT_MHZ, 200, 240, 320, 400, 480, 600, 800, PLAY_MAX_MHZ
};

/* Cycles per ms of SRC rate_in -> rate_out on the board (whole pipeline:
 * host stream, SRC, DAI), a fit to the worst periods measured for all
 * 132 pairs in stereo (docs/components.md, "SRC"; within 9 %):
 * 4.26 per multiply-accumulate, 290 per stage output frame, 67 per stage
 * input frame, 45 per frame in or out, 4,776 per period; channels scale
 * all but the last.  0 for a pair the firmware does not have. */
static double src_cycles_per_ms(unsigned in, unsigned out, unsigned ch,
                                bool high)
{
    /* cycles per multiply-accumulate: 4.26 default, 14.0 quality=high
     * (src_hq.c, its own longer stages: 13.3 .. 13.9 measured at
     * 96 -> 48 and 48 -> 44.1 kHz stereo) */
    double per_mac = high ? 14.0 : 4.26;
    struct src_chain c;
    if (src_plan_q(&c, in, out, high ? SRC_QUALITY_HIGH : SRC_QUALITY_DEFAULT))
        return 0;
    double outs = 0, ins = 0;
    for (unsigned i = 0; i < c.n; i++) {
        outs += c.rate[i + 1] / 1000.0;
        ins += c.rate[i] / 1000.0;
    }
    double var = per_mac * (double)src_chain_macs_per_s(&c) * 2 / 1000.0 +
                 290 * outs + 67 * ins + 45 * (in + out) / 1000.0;
    return 4776 + var * (ch > 2 ? ch / 2.0 : 1.0);
}

/* The clock (MHz) for an estimated load: the smallest step that keeps
 * the estimate at or under 70 % of a period, else the fastest (quality=high
 * at 88.2 -> 192 kHz: 74 % at 1 GHz, no deadline misses). */
static unsigned clock_for(double cycles_per_ms)
{
    unsigned n = sizeof play_mhz_steps / sizeof play_mhz_steps[0];
    for (unsigned i = 0; i < n; i++)
        if (cycles_per_ms <= 0.7 * play_mhz_steps[i] * 1000.0)
            return play_mhz_steps[i];
    return play_mhz_steps[n - 1];
}

/* --report FILE: an output file, not OUT.wav */
static bool cli_report_check(const char *report, const char *const *files,
                             unsigned n_in, const char *out_target,
                             char *resolved, size_t n)
{
    if (!cli_check_output_file("play", report, files, n_in, resolved, n))
        return false;
    if (!strcmp(resolved, out_target)) {
        fprintf(stderr,
                "dspsim play: --report %s: the same file as the output\n",
                report);
        return false;
    }
    return true;
}

static void usage(FILE *f)
{
    fprintf(
        f,
        "usage: dspsim play IN.wav [IN2.wav] OUT.wav [--pipeline NAME[,NAME...]]\n"
        "                   [--set [NAME.]KEY=VALUE ...] [--period-us N] [--raw]\n"
        "                   [--save-case FILE.yaml]\n"
        "                   [--firmware ELF] [--artifacts DIR]\n"
        "                   [--timeline FILE] [--profile FILE] [--cpu-mhz N]\n"
        "                   [--report FILE.html] [--cores N] [--race]\n"
        "                   [--engine fast|interp] [--gdb PORT [--gdb-wait]]\n"
        "                   [--reverse-mem MIB] [--reverse-every CYCLES]\n"
        "                   [--snapshot-at CYCLE FILE] [--restore FILE] [-v] [-q]\n"
        "\n"
        "Pipelines (host stream -> component -> SSP port 0 -> OUT.wav):\n"
        "  volume  (default) keys gain_db, ramp_ms, mute\n"
        "  eq_iir  one biquad: type, freq_hz, q, gain_db\n"
        "  eq_fir  taps=C0,C1,...\n"
        "  src     out_rate=HZ: any pair of 8000, 11025, 16000, 22050, 24000,\n"
        "          32000, 44100, 48000, 88200, 96000, 176400, 192000 Hz;\n"
        "          quality=default|high (high: 28-bit arithmetic, longer\n"
        "          filters, ~3-4x the cycles, THD+N <= -108 dB on a 24-bit\n"
        "          sine);\n"
        "          its group delay is removed from OUT.wav too, and a pair\n"
        "          the default 160 MHz core cannot carry runs on a faster\n"
        "          one (--cpu-mhz N sets the core clock, 1..1000 MHz)\n"
        "  mixer   two inputs IN.wav IN2.wav\n"
        "A chain (--pipeline src,eq_iir,volume) runs them in order (each at\n"
        "most once, mixer first); --set NAME.KEY=VALUE sets one component's\n"
        "key, a plain KEY=VALUE the one component that takes KEY.\n"
        "--save-case FILE.yaml writes the run as a case: `dspsim run` on it\n"
        "gives the same OUT.wav (written only when the run succeeds).\n"
        "The stream and OUT.wav keep the input's sample width (16, 24 or 32\n"
        "bits; float input as 32-bit), rate (src: out_rate) and channels.\n"
        "OUT.wav is aligned with the input: the board's measured latency is\n"
        "removed and it has the input's frames (src: at out_rate); --raw\n"
        "keeps the DAI output as the board played it.  The period is 1 ms\n"
        "(44.1 kHz: 44 or 45 frames a period); 44.1 kHz-family outputs use\n"
        "an 11.2896 MHz audio clock.  OUT.wav is written only when the run\n"
        "succeeds (a temporary file renamed over it); it may not be an\n"
        "input.  Prints the latency removed, audio seconds, simulated\n"
        "cycles, MCPS, worst period load, deadline misses, xruns, xrun\n"
        "restarts and the real-time factor.  Nothing but OUT.wav is written\n"
        "unless asked for: --artifacts DIR keeps the run's artifacts\n"
        "(firmware.log; the outputs' difference signals) in DIR (created);\n"
        "the Perfetto timeline is recorded only with --timeline FILE (a\n"
        "long run's timeline is large and slow).\n"
        "--report FILE.html writes the run's page of the HTML report: its\n"
        "figures, the output's spectrum and level over time, the load of\n"
        "every period with xruns and faults (docs/harness.md).\n"
        "--profile FILE writes a cycle profile of the firmware in the\n"
        "callgrind format (KCachegrind, callgrind_annotate; docs/profile.md):\n"
        "the run is slower, its cycles and output the same.\n"
        "--gdb PORT serves GDB's remote protocol for the firmware on\n"
        "127.0.0.1:PORT (0: a free port, printed on stderr), --gdb-wait\n"
        "waits for the debugger first (docs/debugging.md); the debugger\n"
        "may go backwards: --reverse-mem MIB bounds the checkpoints' memory\n"
        "(default 256; 0: no reverse execution), --reverse-every CYCLES\n"
        "spaces them (default: adaptive).\n"
        "--snapshot-at CYCLE FILE saves the whole machine and the harness's\n"
        "place in the streams to FILE at the first point at or after\n"
        "simulated cycle CYCLE where the pipeline streams; --restore FILE\n"
        "resumes such a snapshot (same command line otherwise) to the end,\n"
        "with the same output and cycles as the whole run\n"
        "(docs/debugging.md).\n"
        "--cores N runs on a board of N cores (1..4); --set NAME.core=K\n"
        "places component NAME on core K: the chain is cut into pipelines\n"
        "where the core changes, linked across the cores (docs/cli.md).\n"
        "--race reports accesses of two cores to the same bytes not ordered\n"
        "by a synchronisation (each one fails the run).\n"
        "-v prints the generated case and the run's log on stderr.\n"
        "-q, --quiet: nothing on stdout or stderr but errors (no progress\n"
        "line, summary, core clock or case-saved line); a run that fails\n"
        "is one message on stderr, the exit status the same.  Without -q\n"
        "a progress line is shown on a terminal for runs over 1 s.\n"
        "Exit status: 0 done, 1 the run failed, 2 usage, bad input or\n"
        "output, bad firmware, a value the firmware refuses, or a snapshot\n"
        "--restore refuses (reason printed).\n");
}

/* A decimal integer in [lo, hi], the whole string; else a message naming
 * the option and false. */
/* A whole decimal or 0x-hex number in [lo, hi] (cli_number). */
static bool strict_uint(const char *opt, const char *s, unsigned lo,
                        unsigned hi, unsigned *out)
{
    uint64_t v;
    switch (cli_number(s, lo, hi, &v)) {
    case CLI_NUM_OK:
        *out = (unsigned)v;
        return true;
    case CLI_NUM_EMPTY:
        fprintf(stderr, "dspsim play: %s needs a value\n", opt);
        return false;
    case CLI_NUM_SYNTAX:
        fprintf(stderr,
                "dspsim play: %s '%s': not a decimal integer (or "
                "0x hex)\n",
                opt, s);
        return false;
    default:
        fprintf(stderr, "dspsim play: %s '%s': out of range [%u, %u]\n", opt, s,
                lo, hi);
        return false;
    }
}

static bool valid_utf8(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned n = *p < 0x80             ? 0
                     : (*p & 0xe0) == 0xc0 ? 1
                     : (*p & 0xf0) == 0xe0 ? 2
                     : (*p & 0xf8) == 0xf0 ? 3
                                           : 9;
        if (n == 9)
            return false;
        p++;
        for (unsigned i = 0; i < n; i++, p++)
            if ((*p & 0xc0) != 0x80)
                return false;
    }
    return true;
}

/* --save-case FILE: the case of this run with absolute input paths,
 * written to a temporary file beside FILE and renamed over it. */
static bool write_saved_case(const play_spec *s, bool raw, const char *target,
                             const char *typed, bool quiet)
{
    char abs[2][DSH_PATH_MAX];
    const char *in[2] = { NULL, NULL };
    for (unsigned i = 0; i < s->n_in; i++) {
        if (!realpath(s->in[i], abs[i])) {
            fprintf(stderr,
                    "dspsim play: --save-case %s: cannot resolve "
                    "input '%s': %s\n",
                    typed, s->in[i], strerror(errno));
            return false;
        }
        in[i] = abs[i];
    }
    play_text t;
    if (!play_case_build_saved(s, in, raw, &t)) {
        fprintf(stderr, "dspsim play: --save-case %s: out of memory\n", typed);
        return false;
    }
    char tmp[DSH_PATH_MAX + 64];
    static unsigned seq;
    const char *slash = strrchr(target, '/');
    snprintf(tmp, sizeof tmp, "%.*s.%s.tmp-%ld-%u",
             slash ? (int)(slash - target + 1) : 0, target,
             slash ? slash + 1 : target, (long)getpid(), seq++);
    FILE *f = fopen(tmp, "w");
    bool ok = f && fwrite(t.text, 1, t.len, f) == t.len;
    if (f && fclose(f) != 0)
        ok = false;
    if (ok && rename(tmp, target) != 0)
        ok = false;
    if (!ok) {
        fprintf(stderr, "dspsim play: --save-case %s: %s\n", typed,
                strerror(errno));
        remove(tmp);
    } else if (!quiet) {
        printf("case saved: %s (dspsim run %s)\n", typed, typed);
    }
    play_case_free(&t);
    return ok;
}

/* rm -r of the scratch directory */
static int remove_one(const char *path, const struct stat *st, int flag,
                      struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    remove(path);
    return 0;
}

static void remove_tree(const char *dir)
{
    nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

enum { /* getopt_long codes of the long-only options */
       OPT_RAW = 256,
       OPT_GDB,
       OPT_GDB_WAIT,
       OPT_REVERSE_MEM,
       OPT_REVERSE_EVERY,
       OPT_SNAPSHOT_AT,
       OPT_RESTORE,
       OPT_SAVE_CASE,
       OPT_PROFILE,
       OPT_PIPELINE,
       OPT_FIRMWARE,
       OPT_ARTIFACTS,
       OPT_PERIOD_US,
       OPT_TIMELINE,
       OPT_CPU_MHZ,
       OPT_SET,
       OPT_REPORT,
       OPT_CORES,
       OPT_RACE,
};

static const struct option play_options[] = {
    { "help", no_argument, NULL, 'h' },
    { "verbose", no_argument, NULL, 'v' },
    { "quiet", no_argument, NULL, 'q' },
    { "raw", no_argument, NULL, OPT_RAW },
    { "gdb", required_argument, NULL, OPT_GDB },
    { "gdb-wait", no_argument, NULL, OPT_GDB_WAIT },
    { "reverse-mem", required_argument, NULL, OPT_REVERSE_MEM },
    { "reverse-every", required_argument, NULL, OPT_REVERSE_EVERY },
    { "snapshot-at", required_argument, NULL, OPT_SNAPSHOT_AT },
    { "restore", required_argument, NULL, OPT_RESTORE },
    { "save-case", required_argument, NULL, OPT_SAVE_CASE },
    { "profile", required_argument, NULL, OPT_PROFILE },
    { "pipeline", required_argument, NULL, OPT_PIPELINE },
    { "firmware", required_argument, NULL, OPT_FIRMWARE },
    { "artifacts", required_argument, NULL, OPT_ARTIFACTS },
    { "period-us", required_argument, NULL, OPT_PERIOD_US },
    { "timeline", required_argument, NULL, OPT_TIMELINE },
    { "cpu-mhz", required_argument, NULL, OPT_CPU_MHZ },
    { "set", required_argument, NULL, OPT_SET },
    { "report", required_argument, NULL, OPT_REPORT },
    { "cores", required_argument, NULL, OPT_CORES },
    { "race", no_argument, NULL, OPT_RACE },
    { NULL, 0, NULL, 0 },
};

int cmd_play(int argc, char **argv)
{
    const char *files[3], *fw = NULL, *art = NULL;
    const char *period_arg = NULL, *cpu_arg = NULL, *cores_arg = NULL, *v;
    play_spec s = { .pipe = "volume", .period_us = 1000 };
    const char *set_args[PLAY_MAX_SETS];
    unsigned nfiles = 0, nsets = 0;
    bool verbose = false, raw = false, quiet = false, race = false;
    const char *timeline = NULL, *profile = NULL, *save_case = NULL;
    const char *report = NULL; /* --report FILE.html */
    cli_gdb gdb = { 0 };
    cli_snap_opts snap = { 0 };
    xt_cpu_config cpu = { 0 }; /* --engine, anywhere on the line */
    if (!cli_take_engine("play", &argc, argv, &cpu))
        return DSPSIM_EXIT_USAGE;

    int oc;
    optind = 0; /* a fresh scan (glibc) */
    opterr = 0;
    while ((oc = getopt_long(argc, argv, ":hvq", play_options, NULL)) != -1) {
        bool ok = true;
        v = oc == ':' ? NULL : optarg;
        if (oc == ':')
            oc = optopt; /* a value missing: the option's own message */
        switch (oc) {
        case '?':
            cli_getopt_unknown("play", argv);
            return DSPSIM_EXIT_USAGE;
        case 'h':
            usage(stdout);
            return 0;
        case 'v':
            verbose = true;
            break;
        case 'q':
            quiet = true;
            break;
        case OPT_RAW:
            raw = true;
            break;
        case OPT_RACE:
            race = true;
            break;
        case OPT_GDB:
            ok = cli_gdb_value("play", v, &gdb);
            break;
        case OPT_GDB_WAIT:
            gdb.wait = true;
            break;
        case OPT_REVERSE_MEM:
            ok = cli_reverse_mem_value("play", v, &gdb);
            break;
        case OPT_REVERSE_EVERY:
            ok = cli_reverse_every_value("play", v, &gdb);
            break;
        case OPT_SNAPSHOT_AT:
            ok = cli_snapshot_at_getopt("play", argc, argv, v, &snap);
            break;
        case OPT_RESTORE:
            ok = cli_restore_value("play", v, &snap);
            break;
        case OPT_SAVE_CASE:
        case OPT_PROFILE:
            if (!v || !*v) {
                fprintf(stderr, "dspsim play: %s needs a file name\n",
                        oc == OPT_SAVE_CASE ? "--save-case" : "--profile");
                return DSPSIM_EXIT_USAGE;
            }
            *(oc == OPT_SAVE_CASE ? &save_case : &profile) = v;
            break;
        default: { /* the options with a value of their own kind */
            const struct option *lo = play_options;
            while (lo->name && lo->val != oc)
                lo++;
            if (!v) {
                fprintf(stderr, "dspsim play: --%s needs a value\n",
                        lo->name ? lo->name : "?");
                return DSPSIM_EXIT_USAGE;
            }
            switch (oc) {
            case OPT_TIMELINE:
                timeline = v;
                break;
            case OPT_REPORT:
                report = v;
                break;
            case OPT_CPU_MHZ:
                cpu_arg = v;
                break;
            case OPT_CORES:
                cores_arg = v;
                break;
            case OPT_PIPELINE:
                s.pipe = v;
                break;
            case OPT_FIRMWARE:
                fw = v;
                break;
            case OPT_ARTIFACTS:
                art = v;
                break;
            case OPT_PERIOD_US:
                period_arg = v;
                break;
            default: /* OPT_SET */
                if (nsets == PLAY_MAX_SETS) {
                    fprintf(stderr, "dspsim play: at most %d --set\n",
                            PLAY_MAX_SETS);
                    return DSPSIM_EXIT_USAGE;
                }
                set_args[nsets++] = v;
                break;
            }
            break;
        }
        }
        if (!ok)
            return DSPSIM_EXIT_USAGE;
    }
    /* the files: the arguments left (getopt_long moved the options before
     * them) */
    for (int i = optind; i < argc; i++) {
        if (nfiles == 3) {
            fprintf(stderr, "dspsim play: too many files\n");
            return DSPSIM_EXIT_USAGE;
        }
        files[nfiles++] = argv[i];
    }
    if (!cli_gdb_check("play", &gdb, false) || !cli_gdb_probe("play", &gdb))
        return DSPSIM_EXIT_USAGE;
    if (!play_chain_parse(s.pipe, &s))
        return DSPSIM_EXIT_USAGE;
    bool mixer = !strcmp(s.chain[0], "mixer");
    if (nfiles != (mixer ? 3u : 2u)) {
        fprintf(stderr, "dspsim play: pipeline %s takes %s and OUT.wav\n",
                s.pipe, mixer ? "IN.wav IN2.wav" : "IN.wav");
        return DSPSIM_EXIT_USAGE;
    }
    if (period_arg &&
        !strict_uint("--period-us", period_arg, 100, 1000000, &s.period_us))
        return DSPSIM_EXIT_USAGE;
    if (cpu_arg &&
        !strict_uint("--cpu-mhz", cpu_arg, 1, PLAY_MAX_MHZ, &s.cpu_mhz))
        return DSPSIM_EXIT_USAGE;
    if (cores_arg && !strict_uint("--cores", cores_arg, 1, 4, &s.cores))
        return DSPSIM_EXIT_USAGE;
    for (unsigned i = 0; i < nsets; i++)
        if (!play_set_split(&s, set_args[i], &s.sets[i]))
            return DSPSIM_EXIT_USAGE;
    s.n_sets = nsets;
    /* NAME.core=K: a core of the board (--cores N) */
    for (unsigned i = 0; i < nsets; i++) {
        unsigned k, n = s.cores ? s.cores : 1;
        if (strcmp(s.sets[i].key, "core"))
            continue;
        if (!strict_uint("--set NAME.core", s.sets[i].value, 0, 3, &k))
            return DSPSIM_EXIT_USAGE;
        if (k >= n) {
            fprintf(stderr,
                    "dspsim play: --set %s: the board has %u core%s (0..%u): "
                    "give --cores N\n",
                    s.sets[i].arg, n, n == 1 ? "" : "s", n - 1);
            return DSPSIM_EXIT_USAGE;
        }
    }
    if (race && s.cores < 2) {
        fprintf(stderr, "dspsim play: --race needs --cores N (2..4)\n");
        return DSPSIM_EXIT_USAGE;
    }

    /* inputs: readable, complete sound files with frames */
    dsh_audio_info info[2];
    char err[1024];
    s.n_in = nfiles - 1;
    for (unsigned i = 0; i < s.n_in; i++) {
        s.in[i] = files[i];
        s.info[i] = &info[i];
        if (!valid_utf8(files[i])) {
            fprintf(stderr,
                    "dspsim play: input '%s': the path is not valid "
                    "UTF-8\n",
                    files[i]);
            return DSPSIM_EXIT_USAGE;
        }
        if (!dsh_audio_probe(files[i], &info[i], err, sizeof err)) {
            fprintf(stderr, "dspsim play: %s\n", err);
            return DSPSIM_EXIT_USAGE;
        }
    }
    s.out_rate = info[0].rate;
    for (unsigned i = 0; i < nsets; i++)
        if (!strcmp(s.sets[i].key, "out_rate")) {
            char opt[64];
            snprintf(opt, sizeof opt, "--set out_rate");
            if (!strict_uint(opt, s.sets[i].value, 1, 1000000, &s.out_rate))
                return DSPSIM_EXIT_USAGE;
        }

    bool src_high = false;
    for (unsigned i = 0; i < nsets; i++)
        if (!strcmp(s.sets[i].key, "quality"))
            src_high = !strcmp(s.sets[i].value, "high");

    /* the core clock: an SRC pair the default clock cannot carry gets a
     * faster core (said in the summary), unless --cpu-mhz chose one */
    double src_est = play_chain_has(&s, "src") && s.out_rate != info[0].rate
                         ? src_cycles_per_ms(info[0].rate, s.out_rate,
                                             info[0].channels, src_high)
                         : 0;
    bool auto_clock = false;
    if (!s.cpu_mhz && src_est > 0 && clock_for(src_est) > PLAY_DEFAULT_MHZ) {
        s.cpu_mhz = clock_for(src_est);
        auto_clock = true;
    }

    /* OUT.wav: never an input, a regular file in a writable directory;
     * the artifacts directory; the firmware */
    const char *out = files[nfiles - 1];
    char target[DSH_PATH_MAX], outdir[DSH_PATH_MAX], outname[DSH_PATH_MAX];
    if (!cli_check_output_file("play", out, files, s.n_in, target,
                               sizeof target))
        return DSPSIM_EXIT_USAGE;
    char profile_target[DSH_PATH_MAX];
    if (profile &&
        !cli_check_output_file("play", profile, files, s.n_in, profile_target,
                               sizeof profile_target))
        return DSPSIM_EXIT_USAGE;
    const char *taken[6] = { files[0], s.n_in > 1 ? files[1] : NULL,
                             out,      profile,
                             timeline, report };
    if (!cli_snapshot_check("play", &snap, taken, 6))
        return DSPSIM_EXIT_USAGE;
    char report_target[DSH_PATH_MAX];
    if (report && !cli_report_check(report, files, s.n_in, target,
                                    report_target, sizeof report_target))
        return DSPSIM_EXIT_USAGE;
    const char *slash = strrchr(target, '/');
    snprintf(outname, sizeof outname, "%s", slash ? slash + 1 : target);
    dsh_dirname(target, outdir, sizeof outdir);
    if (!valid_utf8(outname)) {
        fprintf(stderr,
                "dspsim play: output '%s': the file name is not "
                "valid UTF-8\n",
                out);
        return DSPSIM_EXIT_USAGE;
    }
    s.out = out;
    s.out_name = outname;
    char save_target[DSH_PATH_MAX];
    if (save_case && !cli_check_output_file("play", save_case, files, s.n_in,
                                            save_target, sizeof save_target))
        return DSPSIM_EXIT_USAGE;
    if (save_case && !strcmp(save_target, target)) {
        fprintf(stderr,
                "dspsim play: --save-case %s: the same file as the "
                "output\n",
                save_case);
        return DSPSIM_EXIT_USAGE;
    }
    struct stat art_st;
    bool art_existed = art && !stat(art, &art_st);
    if (!cli_check_firmware("play", fw, fw != NULL) ||
        (art && !cli_check_output_dir("play", "--artifacts", art)))
        return DSPSIM_EXIT_USAGE;
    /* --timeline FILE: written after the run, so checked before it (once
     * the artifacts directory, where it may go, exists; a refusal takes
     * back a directory just made) */
    char timeline_target[DSH_PATH_MAX];
    if (timeline &&
        !cli_check_output_file("play", timeline, files, s.n_in, timeline_target,
                               sizeof timeline_target)) {
        if (art && !art_existed)
            rmdir(art);
        return DSPSIM_EXIT_USAGE;
    }
    if (timeline)
        timeline = timeline_target;

    /* the case */
    play_text t;
    if (!play_case_build(&s, &t))
        return DSPSIM_EXIT_INTERNAL;
    const char *case_path = "./play.yaml";
    dsh_diag diag;
    dsh_diag_init(&diag);
    dsh_case *c = dsh_case_parse(case_path, t.text, t.len, &diag);
    if (!c) {
        play_case_diag(&s, &t, &diag, case_path, stderr);
        if (verbose)
            fprintf(stderr, "generated case:\n%s", t.text);
        play_case_free(&t);
        return DSPSIM_EXIT_USAGE;
    }
    if (verbose)
        fprintf(stderr, "generated case:\n%s", t.text);
    /* results and artifacts name the input, not the generated case */
    snprintf(c->path, sizeof c->path, "%s", files[0]);

    /* the progress line: a terminal, not -q, no debugger on the line */
    /* no --artifacts: a scratch directory, removed after the run */
    char scratch[DSH_PATH_MAX] = "";
    if (!art) {
        const char *tmpdir = getenv("TMPDIR");
        snprintf(scratch, sizeof scratch, "%s/dspsim-play.XXXXXX",
                 tmpdir && *tmpdir ? tmpdir : "/tmp");
        if (!mkdtemp(scratch)) {
            fprintf(stderr,
                    "dspsim play: cannot create a scratch directory "
                    "'%s': %s (--artifacts DIR names one)\n",
                    scratch, strerror(errno));
            dsh_case_free(c);
            play_case_free(&t);
            return DSPSIM_EXIT_USAGE;
        }
    }
    cli_progress prog;
    cli_progress_init(&prog, "play", quiet || gdb.on, 0);
    FILE *log = verbose ? cli_progress_stderr(&prog) : NULL;
    dsh_exec_summary sum;
    dsh_exec_opts o = { .firmware = fw,
                        .keep_artifacts = art != NULL,
                        .verbose = log,
                        .summary = &sum,
                        .outputs_dir = outdir,
                        .align_outputs = !raw,
                        .flush_src = true,
                        .no_timeline = !timeline,
                        .timeline_path = timeline,
                        .profile_path = profile ? profile_target : NULL,
                        .gdb = gdb.on,
                        .gdb_port = gdb.port,
                        .gdb_wait = gdb.wait,
                        .reverse_mem = gdb.rev_mem,
                        .reverse_every = gdb.rev_every,
                        .reverse_off = gdb.rev_off,
                        .cpu = cpu,
                        .cmd = "play",
                        .race = race,
                        .progress = cli_progress_exec_cb,
                        .progress_user = &prog,
                        .case_text = t.text,
                        .case_len = t.len,
                        .quiet = quiet,
                        .no_dir_line = !art,
                        .report_html = report ? report_target : NULL };
    /* a snapshot's identity: the case without the output's name (a
     * resumed run may write elsewhere) */
    play_text idt = { 0 };
    play_spec ids = s;
    ids.out_name = "OUT.wav";
    if ((snap.path || snap.restore) && play_case_build(&ids, &idt)) {
        o.case_text = idt.text;
        o.case_len = idt.len;
    }
    cli_snapshot_apply(&snap, &o);
    int rc = dsh_exec_one(c, art ? art : scratch, &o, "play");
    if (!art)
        remove_tree(scratch);
    cli_progress_clear(&prog);
    cli_progress_close(log);
    play_case_free(&t);
    if (idt.text)
        play_case_free(&idt);
    rc = cli_snapshot_status("play", &sum, rc);
    dsh_case_free(c);
    if (rc == 1 && sum.setup_refused) {
        fprintf(stderr,
                "dspsim play: the firmware refuses the %s "
                "pipeline's settings (",
                s.pipe);
        for (unsigned i = 0; i < s.n_sets; i++)
            fprintf(stderr, "%s--set %s", i ? " " : "", s.sets[i].arg);
        fprintf(stderr, "%s; %u Hz in, %u Hz out): %s\n",
                s.n_sets ? "" : "defaults", info[0].rate, s.out_rate,
                sum.setup_message);
        return DSPSIM_EXIT_USAGE;
    }
    if ((rc == 0 || rc == 1) && !quiet) {
        if (auto_clock)
            printf("core clock: %u MHz (SRC %u -> %u Hz, %u channels, "
                   "needs about %.0f cycles per ms: more than the default "
                   "%u MHz carries; --cpu-mhz N to choose)\n",
                   s.cpu_mhz, info[0].rate, s.out_rate, info[0].channels,
                   src_est, PLAY_DEFAULT_MHZ);
        dsh_exec_print_summary(stdout, &sum);
    }
    if (rc == 0 && save_case &&
        !write_saved_case(&s, raw, save_target, save_case, quiet))
        return DSPSIM_EXIT_USAGE;
    return rc;
}

/* dspsim play IN.wav [IN2.wav] OUT.wav [--pipeline NAME] [--set K=V ...]:
 * plays files through a built-in pipeline on the simulated board with the
 * audio firmware and prints a run summary (docs/cli.md).  The pipeline is
 * written as a harness case (docs/harness.md) and run like `dspsim run`. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audio/wav_io.h"
#include "cli.h"
#include "exec/exec.h"

#define PLAY_MAX_SETS 16

static void usage(FILE *f)
{
    fprintf(f,
        "usage: dspsim play IN.wav [IN2.wav] OUT.wav [--pipeline NAME]\n"
        "                   [--set KEY=VALUE ...] [--period-us N]\n"
        "                   [--firmware ELF] [--artifacts DIR] [-v]\n"
        "\n"
        "Pipelines (host stream -> component -> SSP port 0 -> OUT.wav):\n"
        "  volume  (default) keys gain_db, ramp_ms, mute\n"
        "  eq_iir  one biquad: type, freq_hz, q, gain_db\n"
        "  eq_fir  taps=C0,C1,...\n"
        "  src     out_rate=HZ\n"
        "  mixer   two inputs IN.wav IN2.wav\n"
        "OUT.wav has the input's rate (src: out_rate), channels and sample\n"
        "width (16, 24, else 32 bits); the period is 1 ms (44.1 kHz: 44 or 45\n"
        "frames a period); 44.1 kHz-family outputs use an 11.2896 MHz audio\n"
        "clock.  Prints\n"
        "audio seconds, simulated cycles, MCPS, worst period load, deadline\n"
        "misses, xruns, xrun restarts and the real-time factor.  Artifacts\n"
        "(firmware.log, timeline.json) go to DIR (default: dspsim-play-out).\n"
        "Exit status: 0 done, 1 a check or the run failed, 2 usage or bad\n"
        "input (or the firmware cannot run it: reason printed).\n");
}

/* Room for the --set values (an eq_fir of 256 taps with long decimals). */
#define PLAY_PARAMS_MAX 8192
#define PLAY_CASE_MAX (PLAY_PARAMS_MAX + 8192)

static const char *fmt_of(unsigned bits)
{
    return bits == 16 ? "s16" : bits == 24 ? "s24" : "s32";
}

/* Writes the case text into buf; false + message on bad arguments. */
static bool make_case(char *buf, size_t n, const char *pipe,
                      const char *in1, const char *in2, const char *out,
                      const dsh_audio_info *info, char **sets, unsigned nsets,
                      unsigned period_us)
{
    char params[PLAY_PARAMS_MAX] = "", *p = params;
    size_t left = sizeof params;
    unsigned out_rate = info->rate;

    for (unsigned i = 0; i < nsets; i++) {
        char *eq = strchr(sets[i], '=');
        if (!eq || eq == sets[i]) {
            fprintf(stderr, "dspsim play: --set '%s': expected KEY=VALUE\n",
                    sets[i]);
            return false;
        }
        *eq = '\0';
        const char *k = sets[i], *v = eq + 1;
        int w;
        if (!strcmp(pipe, "eq_fir") && !strcmp(k, "taps"))
            w = snprintf(p, left, ", taps: [%s]", v);
        else
            w = snprintf(p, left, ", %s: %s", k, v);
        if (w < 0 || (size_t)w >= left) {
            fprintf(stderr, "dspsim play: --set values too long (at most "
                    "%d bytes in all)\n", PLAY_PARAMS_MAX - 1);
            return false;
        }
        if (!strcmp(k, "out_rate"))
            out_rate = (unsigned)strtoul(v, NULL, 10);
        p += w;
        left -= (size_t)w;
    }
    /* default period: 1 ms at every rate (44.1 kHz: periods of 44 or 45
     * frames, docs/components.md) */
    if (!period_us)
        period_us = 1000;
    const char *fmt = fmt_of(info->bits);
    int w;
    if (!strcmp(pipe, "mixer")) {
        w = snprintf(buf, n,
            "name: play mixer\n"
            "pipelines:\n"
            "  - id: 1\n"
            "    period_us: %u\n"
            "    components:\n"
            "      - {id: host1, type: host, stream: in1}\n"
            "      - {id: host2, type: host, stream: in2}\n"
            "      - {id: mix1, type: mixer%s}\n"
            "      - {id: dai1, type: dai, port: ssp0}\n"
            "    connect: [[host1, mix1], [host2, mix1], [mix1, dai1]]\n"
            "streams:\n"
            "  in1: {input: \"%s\"}\n"
            "  in2: {input: \"%s\"}\n"
            "ports:\n"
            "  ssp0: {rate: %u, channels: %u, format: %s, output: \"%s\"}\n",
            period_us, params, in1, in2, info->rate, info->channels, fmt,
            out);
    } else {
        char comp[PLAY_PARAMS_MAX + 64];
        if (!strcmp(pipe, "eq_iir"))
            snprintf(comp, sizeof comp, "{id: proc1, type: eq_iir, "
                     "biquads: [{%s}]}", params[0] ? params + 2 : "");
        else
            snprintf(comp, sizeof comp, "{id: proc1, type: %s%s}", pipe,
                     params);
        w = snprintf(buf, n,
            "name: play %s\n"
            "pipelines:\n"
            "  - id: 1\n"
            "    period_us: %u\n"
            "    components:\n"
            "      - {id: host1, type: host, stream: in1}\n"
            "      - %s\n"
            "      - {id: dai1, type: dai, port: ssp0}\n"
            "    connect: [[host1, proc1], [proc1, dai1]]\n"
            "streams:\n"
            "  in1: {input: \"%s\"}\n"
            "ports:\n"
            "  ssp0: {rate: %u, channels: %u, format: %s, output: \"%s\"}\n",
            pipe, period_us, comp, in1, out_rate, info->channels, fmt, out);
    }
    if (w > 0 && (size_t)w < n)
        return true;
    fprintf(stderr, "dspsim play: the case text is too long\n");
    return false;
}

int cmd_play(int argc, char **argv)
{
    const char *files[3], *pipe = "volume", *fw = NULL;
    const char *art = "dspsim-play-out";
    char *sets[PLAY_MAX_SETS];
    unsigned nfiles = 0, nsets = 0, period_us = 0;
    bool verbose = false;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool more = i + 1 < argc;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
            verbose = true;
        } else if (!strcmp(a, "--pipeline") && more) {
            pipe = argv[++i];
        } else if (!strcmp(a, "--firmware") && more) {
            fw = argv[++i];
        } else if (!strcmp(a, "--artifacts") && more) {
            art = argv[++i];
        } else if (!strcmp(a, "--period-us") && more) {
            period_us = (unsigned)strtoul(argv[++i], NULL, 10);
        } else if (!strcmp(a, "--set") && more) {
            if (nsets == PLAY_MAX_SETS) {
                fprintf(stderr, "dspsim play: at most %d --set\n",
                        PLAY_MAX_SETS);
                return DSPSIM_EXIT_USAGE;
            }
            sets[nsets++] = argv[++i];
        } else if (a[0] == '-') {
            fprintf(stderr, "dspsim play: unknown option or missing value "
                            "'%s' (see dspsim play --help)\n", a);
            return DSPSIM_EXIT_USAGE;
        } else if (nfiles == 3) {
            fprintf(stderr, "dspsim play: too many files\n");
            return DSPSIM_EXIT_USAGE;
        } else {
            files[nfiles++] = a;
        }
    }
    bool mixer = !strcmp(pipe, "mixer");
    static const char *const known[] = { "volume", "eq_iir", "eq_fir",
                                         "src", "mixer" };
    bool ok = false;
    for (unsigned i = 0; i < 5; i++)
        ok |= !strcmp(pipe, known[i]);
    if (!ok) {
        fprintf(stderr, "dspsim play: unknown pipeline '%s' (volume, eq_iir, "
                        "eq_fir, src, mixer)\n", pipe);
        return DSPSIM_EXIT_USAGE;
    }
    if (nfiles != (mixer ? 3u : 2u)) {
        fprintf(stderr, "dspsim play: pipeline %s takes %s and OUT.wav\n",
                pipe, mixer ? "IN.wav IN2.wav" : "IN.wav");
        return DSPSIM_EXIT_USAGE;
    }
    dsh_audio_info info;
    char err[512];
    if (!dsh_audio_probe(files[0], &info, err, sizeof err)) {
        fprintf(stderr, "dspsim play: %s\n", err);
        return DSPSIM_EXIT_USAGE;
    }
    /* OUT.wav: the case writes it relative to its output directory */
    const char *out = files[nfiles - 1];
    char outdir[DSH_PATH_MAX], outname[DSH_PATH_MAX];
    const char *slash = strrchr(out, '/');
    snprintf(outname, sizeof outname, "%s", slash ? slash + 1 : out);
    snprintf(outdir, sizeof outdir, "%.*s", slash ? (int)(slash - out) : 1,
             slash ? out : ".");
    if (!outdir[0])
        snprintf(outdir, sizeof outdir, "/");
    char cwd_case[] = "./play.yaml";
    char *text = malloc(PLAY_CASE_MAX);
    if (!text)
        return DSPSIM_EXIT_INTERNAL;
    if (!make_case(text, PLAY_CASE_MAX, pipe, files[0], mixer ? files[1] : NULL,
                   outname, &info, sets, nsets, period_us)) {
        free(text);
        return DSPSIM_EXIT_USAGE;
    }
    dsh_diag diag;
    dsh_diag_init(&diag);
    dsh_case *c = dsh_case_parse(cwd_case, text, strlen(text), &diag);
    if (!c) {
        fprintf(stderr, "dspsim play: the pipeline is not valid:\n");
        dsh_diag_print(&diag, stderr);
        if (verbose)
            fprintf(stderr, "generated case:\n%s", text);
        free(text);
        return DSPSIM_EXIT_USAGE;
    }
    free(text);
    dsh_exec_summary s;
    dsh_exec_opts o = { .firmware = fw, .keep_artifacts = true,
                        .verbose = verbose ? stderr : NULL, .summary = &s,
                        .outputs_dir = outdir };
    char err2[512];
    if (!dsh_exec_mkdir_p(outdir, err2, sizeof err2)) {
        fprintf(stderr, "dspsim play: %s\n", err2);
        dsh_case_free(c);
        return DSPSIM_EXIT_USAGE;
    }
    /* OUT.wav in its directory, artifacts in `art` */
    int rc = dsh_exec_one(c, art, &o, "play");
    if (rc == 0 || rc == 1)
        dsh_exec_print_summary(stdout, &s);
    dsh_case_free(c);
    return rc;
}

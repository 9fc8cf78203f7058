/* SPDX-License-Identifier: BSD-3-Clause */
/* dspsim test: run harness test cases (docs/harness.md) with the IPC case
 * execution (harness/exec).  `--firmware ELF` (taken out here, the rest
 * goes to the runner) replaces the default audio firmware image; a
 * missing or unloadable image is exit 2 before anything runs (never a
 * run of SKIPs).  `--bundle-failures DIR` (taken out too) bundles each
 * case that fails or errors (test_bundle.c). */
#include <malloc.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "audio/fft_wisdom.h"
#include "audio/metrics.h"
#include "bundle_cli.h"
#include "cli.h"
#include "dspsim/loader.h"
#include "dspsim/xtcpu.h"
#include "exec/exec.h"
#include "options.h"
#include "plotdata/audio_curves.h"
#include "out_check.h"
#include "runner/runner.h"

/* Blocks of 256 KiB and more come from mappings of their own in the
 * runner (and in the cases it forks with DSPSIM_TEST_WORKERS=0): by
 * default glibc raises its mmap threshold each time such a block is
 * freed, after which large blocks are carved from the heap; a case forked
 * from a runner whose heap held freed large blocks then got its large
 * blocks from there, cleared by calloc page by page (copy-on-write faults
 * included), where a fresh mapping is zero already and costs only the
 * pages used.  The suite of 81 vector cases, a process per case: 85,000
 * -> 58,000 page faults, 12 % less CPU time (256 KiB measured best
 * against 128 KiB, 512 KiB and 1 MiB).  The workers, which run case after
 * case, keep blocks below 4 MiB in their heap instead (run_pool.c). */
#define MMAP_AT (256 * 1024)

/* Before the workers are forked, work each case would do alike, done
 * once here and inherited by all: the firmware image opened and parsed
 * (its symbols sorted), instead of each case reading and parsing the
 * file again; a case that names another image opens that one itself. */
static dsh_exec_opts opts;  /* every case's (copied into each child) */
static xt_elf *suite_image; /* opts.firmware, opened before the run */

/* That set-up (the firmware image, the spectra's plans and windows)
 * runs on threads while the runner loads and validates the cases, and is
 * joined before the workers are forked (the runner's before_run hook): a
 * fork copies only the calling thread, and the workers must inherit all
 * of it.  Two threads: FFTW's plans on one (its planner is not
 * thread-safe; with the wisdom of an earlier run, fft_wisdom.h), the
 * Kaiser windows and the image on the other, each some tens of ms of
 * CPU, as long as the runner's own loading of the vector suite. */
static pthread_t setup_thread;
static bool setup_running;
static bool setup_html; /* --html: the report's real-input plans too */

static void *setup_windows(void *arg)
{
    (void)arg;
    dsh_metrics_prepare_windows();
    char err[256];
    if (opts.firmware && opts.firmware[0] &&
        xt_elf_open(opts.firmware, &suite_image, err, sizeof err) == XT_LOAD_OK)
        opts.firmware_image = suite_image;
    return NULL;
}

static void *suite_setup(void *arg)
{
    (void)arg;
    pthread_t other;
    bool two = !pthread_create(&other, NULL, setup_windows, NULL);
    /* the spectra's plans, made once here and inherited by every worker
     * (THD+N, SNR, the HTML report's spectra) */
    dsh_fft_wisdom_load();
    dsh_metrics_prepare_plans();
    if (setup_html)
        dsh_curve_spectrum_prepare();
    dsh_fft_wisdom_save();
    if (two)
        pthread_join(other, NULL);
    else
        setup_windows(NULL);
    return NULL;
}

static void setup_join(void *user)
{
    (void)user;
    if (setup_running)
        pthread_join(setup_thread, NULL);
    setup_running = false;
}

static void setup_start(void)
{
    setup_running = !pthread_create(&setup_thread, NULL, suite_setup, NULL);
    if (!setup_running)
        suite_setup(NULL); /* no thread: here and now */
}

int cmd_test(int argc, char **argv)
{
    mallopt(M_MMAP_THRESHOLD, MMAP_AT); /* first: before any large free */
    cli_test_bundles tb = { NULL, &opts };
    int n = 0;
    bool given = false, runs = true, only_paths = false;

    /* --engine, anywhere on the line: the board of every case, in every
     * -j worker (forked with opts) */
    if (!cli_take_engine("test", &argc, argv, &opts.cpu))
        return DSPSIM_EXIT_USAGE;
    opts.firmware = dsh_exec_default_firmware();
    opts.cmd = "test"; /* the board's diagnostics: "dspsim test: board: " */
    for (int i = 0; i < argc; i++) {
        if (!only_paths && !strcmp(argv[i], "--firmware")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "dspsim test: --firmware needs an ELF file\n");
                return DSPSIM_EXIT_USAGE;
            }
            opts.firmware = argv[++i];
            given = true;
            continue;
        }
        if (!only_paths && !strncmp(argv[i], "--firmware=", 11)) {
            opts.firmware = argv[i] + 11;
            given = true;
            continue;
        }
        if (!only_paths && (!strcmp(argv[i], "--bundle-failures") ||
                            !strncmp(argv[i], "--bundle-failures=", 18))) {
            tb.dir = argv[i][17] ? argv[i] + 18 : ++i < argc ? argv[i] : "";
            if (!*tb.dir) {
                fprintf(stderr,
                        "dspsim test: --bundle-failures needs a directory\n");
                return DSPSIM_EXIT_USAGE;
            }
            continue;
        }
        if (!only_paths &&
            (!strcmp(argv[i], "--list") || !strcmp(argv[i], "-h") ||
             !strcmp(argv[i], "--help")))
            runs = false;
        if (!only_paths &&
            (!strcmp(argv[i], "--html") || !strncmp(argv[i], "--html=", 7)))
            setup_html = true;
        only_paths |= !strcmp(argv[i], "--");
        argv[n++] = argv[i];
    }
    argv[n] = NULL;
    if (runs && !cli_check_firmware("test", opts.firmware, given))
        return DSPSIM_EXIT_USAGE;
    if (runs && tb.dir &&
        !cli_check_output_dir("test", "--bundle-failures", tb.dir))
        return DSPSIM_EXIT_USAGE;
    if (runs)
        setup_start();
    dsh_test_hooks hooks = { tb.dir ? cli_bundle_failed_case : NULL, &tb,
                             setup_join };
    /* the cases (in the run pool's workers) share the translations of the
     * firmware: each unit emitted once per suite (xt_xlate_share_begin) */
    if (runs)
        xt_xlate_share_begin(0);
    int rc = dsh_test_main_hooks(n, argv, dsh_exec_case, &opts, &hooks);
    setup_join(NULL); /* when nothing ran (an invalid case, --list) */
    xt_xlate_share_end();
    opts.firmware_image = NULL;
    xt_elf_free(suite_image);
    suite_image = NULL;
    return rc;
}

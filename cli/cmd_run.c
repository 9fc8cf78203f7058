/* SPDX-License-Identifier: BSD-3-Clause */
/* dspsim run CASE.yaml: one harness case, verbose, artifacts kept
 * (docs/cli.md, docs/harness.md). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle_cli.h"
#include "cli.h"
#include "exec/exec.h"
#include "gdb_opt.h"
#include "options.h"
#include "out_check.h"
#include "progress.h"
#include "snapshot_opts.h"

static void usage(FILE *f)
{
    fprintf(
        f,
        "usage: dspsim run CASE.yaml|BUNDLE.tar [--out-dir DIR]\n"
        "                  [--firmware ELF] [--profile FILE]\n"
        "                  [--gdb PORT [--gdb-wait]]\n"
        "                  [--snapshot-at CYCLE FILE] [--restore FILE]\n"
        "                  [--bundle FILE] [--race] [-q]\n"
        "\n"
        "Runs one test case on the simulated board and keeps its artifacts\n"
        "(outputs, difference signals, firmware.log, timeline.json, and\n"
        "report.html: the case's page with its plots) in DIR (default:\n"
        "dspsim-run-out/<case file name without extension>).\n"
        "A failure bundle (BUNDLE.tar, docs/harness.md) is checked, then its\n"
        "case replayed with its firmware, inputs and engine, and the replay\n"
        "compared with the bundled run.\n"
        "  --firmware ELF  audio firmware image (default: the tree's; its\n"
        "                  several-core build when a pipeline has core: N>0)\n"
        "  --race          report accesses of two cores to the same bytes\n"
        "                  not ordered by a synchronisation (a board of 2+\n"
        "                  cores); each race is in firmware.log and fails\n"
        "                  the case\n"
        "  --bundle FILE   write the run's bundle to FILE (tar) afterwards,\n"
        "                  whatever its verdict\n"
        "  --profile FILE  cycle profile of the firmware, callgrind format\n"
        "                  (docs/profile.md); slower, same cycles\n" CLI_GDB_HELP
            CLI_REVERSE_HELP
        "  --snapshot-at CYCLE FILE  save the whole machine and the harness's\n"
        "                  place in the streams to FILE at the first point\n"
        "                  at or after simulated cycle CYCLE where the case\n"
        "                  streams (docs/debugging.md); same run otherwise\n"
        "  --restore FILE  resume from a snapshot of this case, firmware and\n"
        "                  build instead of starting from reset\n"

        "  -q, --quiet     quiet: nothing on stdout or stderr but errors\n"
        "                  (no log, progress line, result or summary); a\n"
        "                  case that does not pass is one message on\n"
        "                  stderr, the exit status the same\n"
        "Exit status: 0 passed, 1 failed or error, 2 usage, invalid case,\n"
        "DIR not a writable directory, firmware missing or not loadable,\n"
        "a snapshot --restore refuses, or not runnable (reason printed).\n");
}

enum { /* getopt_long codes of the long-only options */
       OPT_OUT_DIR = 256,
       OPT_FIRMWARE,
       OPT_PROFILE,
       OPT_GDB,
       OPT_GDB_WAIT,
       OPT_REVERSE_MEM,
       OPT_REVERSE_EVERY,
       OPT_SNAPSHOT_AT,
       OPT_RESTORE,
       OPT_BUNDLE,
       OPT_RACE,
};

static const struct option run_options[] = {
    { "help", no_argument, NULL, 'h' },
    { "quiet", no_argument, NULL, 'q' },
    { "out-dir", required_argument, NULL, OPT_OUT_DIR },
    { "firmware", required_argument, NULL, OPT_FIRMWARE },
    { "profile", required_argument, NULL, OPT_PROFILE },
    { "gdb", required_argument, NULL, OPT_GDB },
    { "gdb-wait", no_argument, NULL, OPT_GDB_WAIT },
    { "reverse-mem", required_argument, NULL, OPT_REVERSE_MEM },
    { "reverse-every", required_argument, NULL, OPT_REVERSE_EVERY },
    { "snapshot-at", required_argument, NULL, OPT_SNAPSHOT_AT },
    { "restore", required_argument, NULL, OPT_RESTORE },
    { "bundle", required_argument, NULL, OPT_BUNDLE },
    { "race", no_argument, NULL, OPT_RACE },
    { NULL, 0, NULL, 0 },
};

int cmd_run(int argc, char **argv)
{
    const char *path = NULL, *out_dir = NULL, *fw = NULL, *profile = NULL,
               *bundle = NULL;
    bool quiet = false, race = false;
    cli_gdb gdb = { 0 };
    cli_snap_opts snap = { 0 };
    xt_cpu_config cpu = { 0 }; /* --engine, anywhere on the line */
    if (!cli_take_engine("run", &argc, argv, &cpu))
        return DSPSIM_EXIT_USAGE;

    int opt;
    optind = 0; /* a fresh scan (glibc) */
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":hq", run_options, NULL)) != -1) {
        bool ok = true;
        const char *v = opt == ':' ? NULL : optarg;
        if (opt == ':')
            opt = optopt; /* a value missing: the option's own message */
        switch (opt) {
        case '?':
            cli_getopt_unknown("run", argv);
            return DSPSIM_EXIT_USAGE;
        case 'h':
            usage(stdout);
            return 0;
        case 'q':
            quiet = true;
            break;
        case OPT_GDB:
            ok = cli_gdb_value("run", v, &gdb);
            break;
        case OPT_GDB_WAIT:
            gdb.wait = true;
            break;
        case OPT_REVERSE_MEM:
            ok = cli_reverse_mem_value("run", v, &gdb);
            break;
        case OPT_REVERSE_EVERY:
            ok = cli_reverse_every_value("run", v, &gdb);
            break;
        case OPT_RACE:
            race = true;
            break;
        case OPT_SNAPSHOT_AT:
            ok = cli_snapshot_at_getopt("run", argc, argv, v, &snap);
            break;
        case OPT_RESTORE:
            ok = cli_restore_value("run", v, &snap);
            break;
        default: /* --out-dir, --firmware, --profile, --bundle */
            if (!v) {
                fprintf(stderr, "dspsim run: %s needs a value\n",
                        opt == OPT_OUT_DIR    ? "--out-dir"
                        : opt == OPT_FIRMWARE ? "--firmware"
                        : opt == OPT_BUNDLE   ? "--bundle"
                                              : "--profile");
                return DSPSIM_EXIT_USAGE;
            }
            *(opt == OPT_OUT_DIR    ? &out_dir
              : opt == OPT_FIRMWARE ? &fw
              : opt == OPT_BUNDLE   ? &bundle
                                    : &profile) = v;
            break;
        }
        if (!ok)
            return DSPSIM_EXIT_USAGE;
    }
    /* the case file: the one argument left (getopt_long moved the
     * options before it) */
    for (int i = optind; i < argc; i++) {
        if (path) {
            fprintf(stderr, "dspsim run: one case file only ('%s', '%s')\n",
                    path, argv[i]);
            return DSPSIM_EXIT_USAGE;
        }
        path = argv[i];
    }
    if (!path) {
        fprintf(stderr, "dspsim run: missing CASE.yaml\n");
        usage(stderr);
        return DSPSIM_EXIT_USAGE;
    }
    if (!cli_gdb_check("run", &gdb, false) || !cli_gdb_probe("run", &gdb))
        return DSPSIM_EXIT_USAGE;
    cli_replay rp = { 0 }; /* a bundle: extracted, removed at exit */
    if (cli_replay_is_bundle(path) &&
        !cli_replay_open("run", path, fw, bundle, &cpu, quiet, &rp))
        return DSPSIM_EXIT_USAGE;
    dsh_diag diag;
    dsh_diag_init(&diag);
    dsh_case *c = rp.b ? cli_replay_load(&rp, path, &diag)
                       : dsh_case_load(path, &diag);
    if (rp.b)
        fw = rp.b->firmware;
    if (!c) {
        /* "dspsim run: FILE:LINE:COL: message" */
        unsigned kept = diag.count < DSH_DIAG_MAX ? diag.count : DSH_DIAG_MAX;
        for (unsigned k = 0; k < kept; k++)
            fprintf(stderr, "dspsim run: %s\n", diag.msg[k]);
        if (diag.count > kept)
            fprintf(stderr, "dspsim run: ... %u more errors\n",
                    diag.count - kept);
        return DSPSIM_EXIT_USAGE;
    }
    if (race && dsh_case_board_cores(&c->board) < 2) {
        fprintf(stderr,
                "dspsim run: --race needs a board of 2 or more cores ('%s' "
                "runs on one: board: {cores: N})\n",
                path);
        dsh_case_free(c);
        return DSPSIM_EXIT_USAGE;
    }
    char dir[DSH_PATH_MAX];
    if (out_dir) {
        snprintf(dir, sizeof dir, "%s", out_dir);
    } else {
        const char *base = strrchr(path, '/');
        base = base ? base + 1 : path;
        snprintf(dir, sizeof dir, "dspsim-run-out/%s", base);
        char *dot = strrchr(dir, '.');
        if (dot && dot > strrchr(dir, '/'))
            *dot = '\0';
    }
    /* the output files first: the directory is created by its check */
    char resolved_profile[DSH_PATH_MAX], resolved_bundle[DSH_PATH_MAX];
    if (!cli_check_firmware("run", c->firmware[0] ? c->firmware : fw,
                            fw != NULL && !c->firmware[0] && !rp.b) ||
        (bundle &&
         !cli_check_output_file("run", bundle, (const char *const[]){ path }, 1,
                                resolved_bundle, sizeof resolved_bundle)) ||
        (profile && !cli_check_output_file(
                        "run", profile, (const char *const[]){ path }, 1,
                        resolved_profile, sizeof resolved_profile)) ||
        !cli_snapshot_check("run", &snap,
                            (const char *const[]){ path, profile }, 2) ||
        !cli_check_output_dir("run", "--out-dir", dir)) {
        dsh_case_free(c);
        return DSPSIM_EXIT_USAGE;
    }
    /* the progress line: a terminal, not -q, no debugger on the line */
    cli_progress prog;
    cli_progress_init(&prog, "run", quiet || gdb.on, 0);
    FILE *log = quiet ? NULL : cli_progress_stderr(&prog);
    dsh_exec_summary s;
    char page[DSH_PATH_MAX + 16]; /* the case's HTML page, in DIR */
    snprintf(page, sizeof page, "%s/report.html", dir);
    dsh_exec_opts o = { .report_html = page,
                        .profile_path = profile ? resolved_profile : NULL,
                        .firmware = fw,
                        .keep_artifacts = true,
                        .verbose = log,
                        .summary = &s,
                        .gdb = gdb.on,
                        .gdb_port = gdb.port,
                        .gdb_wait = gdb.wait,
                        .reverse_mem = gdb.rev_mem,
                        .reverse_every = gdb.rev_every,
                        .reverse_off = gdb.rev_off,
                        .cpu = cpu,
                        .cmd = "run",
                        .race = race,
                        .progress = cli_progress_exec_cb,
                        .progress_user = &prog,
                        .quiet = quiet };
    cli_snapshot_apply(&snap, &o);
    if (rp.b)
        cli_replay_apply(&rp, &o);
    int rc = dsh_exec_one(c, dir, &o, "run");
    cli_progress_clear(&prog);
    cli_progress_close(log);
    rc = cli_snapshot_status("run", &s, rc);
    if ((rc == 0 || rc == 1) && !quiet)
        dsh_exec_print_summary(stdout, &s);
    if ((rc == 0 || rc == 1) && rp.b)
        cli_replay_report("run", &rp, &s, dir, quiet);
    if ((rc == 0 || rc == 1) && bundle &&
        !cli_bundle_run("run", resolved_bundle, path, dsh_exec_firmware(c, fw),
                        &s, dir, quiet))
        rc = DSPSIM_EXIT_USAGE;
    dsh_case_free(c);
    return rc;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* dspsim run CASE.yaml: one harness case, verbose, artifacts kept
 * (docs/cli.md, docs/harness.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "exec/exec.h"
#include "gdb_opt.h"
#include "out_check.h"
#include "progress.h"
#include "snapshot_opts.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: dspsim run CASE.yaml [--out-dir DIR] [--firmware ELF]\n"
        "                  [--profile FILE] [--gdb PORT [--gdb-wait]]\n"
        "                  [--snapshot-at CYCLE FILE] [--restore FILE] [-q]\n"
        "\n"
        "Runs one test case on the simulated board and keeps its artifacts\n"
        "(outputs, difference signals, firmware.log, timeline.json) in\n"
        "DIR (default: dspsim-run-out/<case file name without extension>).\n"
        "  --firmware ELF  audio firmware image (default: the tree's)\n"
        "  --profile FILE  cycle profile of the firmware, callgrind format\n"
        "                  (docs/profile.md); slower, same cycles\n"
        CLI_GDB_HELP
        "  --snapshot-at CYCLE FILE  save the whole machine and the harness's\n"
        "                  place in the streams to FILE at the first point\n"
        "                  at or after simulated cycle CYCLE where the case\n"
        "                  streams (docs/debugging.md); same run otherwise\n"
        "  --restore FILE  resume from a snapshot of this case, firmware and\n"
        "                  build instead of starting from reset\n"

        "  -q, --quiet     no progress lines (no log, no progress line)\n"
        "Exit status: 0 passed, 1 failed or error, 2 usage, invalid case,\n"
        "DIR not a writable directory, firmware missing or not loadable,\n"
        "a snapshot --restore refuses, or not runnable (reason printed).\n");
}

int cmd_run(int argc, char **argv)
{
    const char *path = NULL, *out_dir = NULL, *fw = NULL, *profile = NULL;
    bool quiet = false;
    cli_gdb gdb = { 0 };
    cli_snap_opts snap = { 0 };

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int gm = cli_gdb_option("run", argc, argv, &i, &gdb);
        if (gm < 0)
            return DSPSIM_EXIT_USAGE;
        if (gm)
            continue;
        int sr = cli_snapshot_arg("run", argc, argv, &i, &snap);
        if (sr < 0)
            return DSPSIM_EXIT_USAGE;
        if (sr)
            continue;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            quiet = true;
        } else if ((!strcmp(a, "--out-dir") || !strcmp(a, "--firmware") ||
                    !strcmp(a, "--profile")) && i + 1 < argc) {
            *(a[2] == 'o' ? &out_dir : a[2] == 'f' ? &fw : &profile) =
                argv[++i];
        } else if (a[0] == '-') {
            fprintf(stderr, "dspsim run: unknown option '%s' (see dspsim run "
                            "--help)\n", a);
            return DSPSIM_EXIT_USAGE;
        } else if (path) {
            fprintf(stderr, "dspsim run: one case file only ('%s', '%s')\n",
                    path, a);
            return DSPSIM_EXIT_USAGE;
        } else {
            path = a;
        }
    }
    if (!path) {
        fprintf(stderr, "dspsim run: missing CASE.yaml\n");
        usage(stderr);
        return DSPSIM_EXIT_USAGE;
    }
    if (!cli_gdb_check("run", &gdb) || !cli_gdb_probe("run", &gdb))
        return DSPSIM_EXIT_USAGE;
    dsh_diag diag;
    dsh_diag_init(&diag);
    dsh_case *c = dsh_case_load(path, &diag);
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
    char resolved_profile[DSH_PATH_MAX];
    if (!cli_check_firmware("run", c->firmware[0] ? c->firmware : fw,
                            fw != NULL && !c->firmware[0]) ||
        !cli_check_output_dir("run", "--out-dir", dir) ||
        (profile && !cli_check_output_file("run", profile, NULL, 0,
                                           resolved_profile,
                                           sizeof resolved_profile)) ||
        !cli_snapshot_check("run", &snap, (const char *const[]){ path,
                            profile }, 2)) {
        dsh_case_free(c);
        return DSPSIM_EXIT_USAGE;
    }
    /* the progress line: a terminal, not -q, no debugger on the line */
    cli_progress prog;
    cli_progress_init(&prog, "run", quiet || gdb.on, 0);
    FILE *log = quiet ? NULL : cli_progress_stderr(&prog);
    dsh_exec_summary s;
    dsh_exec_opts o = { .profile_path = profile ? resolved_profile : NULL,
                        .firmware = fw,
                        .keep_artifacts = true,
                        .verbose = log, .summary = &s,
                        .gdb = gdb.on, .gdb_port = gdb.port,
                        .gdb_wait = gdb.wait, .cmd = "run",
                        .progress = cli_progress_exec_cb,
                        .progress_user = &prog };
    cli_snapshot_apply(&snap, &o);
    int rc = dsh_exec_one(c, dir, &o, "run");
    cli_progress_clear(&prog);
    cli_progress_close(log);
    rc = cli_snapshot_status("run", &s, rc);
    if (rc == 0 || rc == 1)
        dsh_exec_print_summary(stdout, &s);
    dsh_case_free(c);
    return rc;
}

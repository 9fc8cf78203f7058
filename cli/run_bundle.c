/* SPDX-License-Identifier: BSD-3-Clause */
/* `dspsim run BUNDLE.tar` and `dspsim run CASE --bundle FILE`
 * (bundle_cli.h, docs/harness.md "Failure bundles"). */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bundle_cli.h"
#include "cli.h"
#include "options.h"

/* ---- the extraction's lifetime --------------------------------------- */
/* The one bundle a process replays: removed at exit, or on a signal that
 * ends the process (unlinkat and rmdir only: async-signal-safe). */
static dsh_bundle *live;
static char *live_text; /* the case's text (cli_replay.case_text) */

static void remove_at_exit(void)
{
    dsh_bundle_close(live);
    live = NULL;
    free(live_text);
    live_text = NULL;
}

static void remove_on_signal(int sig)
{
    dsh_bundle_cleanup(live);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void hold(dsh_bundle *b)
{
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    live = b;
    atexit(remove_at_exit);
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction sa = { 0 };
        sa.sa_handler = remove_on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
}

/* ---- replay ----------------------------------------------------------- */
bool cli_replay_is_bundle(const char *path)
{
    size_t n = strlen(path);
    if (n > 4 && !strcmp(path + n - 4, ".tar"))
        return true;
    char magic[6];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool tar = pread(fd, magic, sizeof magic, 257) == (ssize_t)sizeof magic &&
               !memcmp(magic, "ustar", 5) && (!magic[5] || magic[5] == ' ');
    close(fd);
    return tar;
}

bool cli_replay_open(const char *cmd, const char *path,
                     const char *firmware_opt, const char *bundle_opt,
                     xt_cpu_config *cpu, bool quiet, cli_replay *rp)
{
    char err[2048];
    memset(rp, 0, sizeof *rp);
    if (firmware_opt || bundle_opt) {
        fprintf(stderr,
                "dspsim %s: %s: %s with a bundle: refused (the bundle "
                "holds the firmware and the case it runs)\n",
                cmd, path, firmware_opt ? "--firmware" : "--bundle");
        return false;
    }
    dsh_bundle *b = dsh_bundle_open(path, DSPSIM_VERSION, NULL, NULL, err,
                                    sizeof err);
    if (!b) {
        fprintf(stderr, "dspsim %s: %s: refused: %s\n", cmd, path, err);
        return false;
    }
    hold(b);
    rp->b = b;
    /* the case's text: its snapshot identity (cli_replay_apply) */
    FILE *f = fopen(b->case_file, "rb");
    long n = -1;
    if (f && !fseek(f, 0, SEEK_END) && (n = ftell(f)) >= 0 &&
        !fseek(f, 0, SEEK_SET))
        live_text = rp->case_text = malloc((size_t)n + 1);
    if (!rp->case_text || fread(rp->case_text, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "dspsim %s: %s: the extracted case: %s\n", cmd, path,
                strerror(errno));
        if (f)
            fclose(f);
        return false;
    }
    rp->case_len = (size_t)n;
    rp->case_text[n] = '\0';
    fclose(f);
    if (!cpu->engine_set && !cli_set_engine(cmd, b->m.engine, cpu))
        return false;
    if (!quiet) {
        printf("bundle: %s: case %s (%s), made by dspsim %s (build %s) "
               "`%s`, engine %s\n",
               path, b->m.case_path, b->m.case_name, b->m.dspsim_version,
               b->m.build_id, b->m.command, b->m.engine);
        printf("bundle: the bundled run: %s%s%s", b->m.status,
               b->m.message[0] ? ": " : "", b->m.message);
        if (b->m.has_cycles)
            printf(" (%" PRIu64 " cycles)", b->m.cycles);
        printf("\n");
        fflush(stdout);
    }
    return true;
}

dsh_case *cli_replay_load(cli_replay *rp, const char *path, dsh_diag *diag)
{
    dsh_input_hook hook;
    dsh_bundle_input_hook(rp->b, &hook);
    dsh_case_set_input_hook(&hook);
    dsh_case *c = dsh_case_load(rp->b->case_file, diag);
    dsh_case_set_input_hook(NULL);
    if (c)
        snprintf(c->path, sizeof c->path, "%s", path);
    return c;
}

void cli_replay_apply(const cli_replay *rp, dsh_exec_opts *o)
{
    o->firmware = rp->b->firmware;
    o->case_text = rp->case_text;
    o->case_len = rp->case_len;
}

void cli_replay_report(const char *cmd, const cli_replay *rp,
                       const dsh_exec_summary *s, const char *dir, bool quiet)
{
    char msg[2048];
    if (dsh_bundle_compare(rp->b, dsh_res_status_name(s->status),
                           s->engine != NULL, s->cycles, dir, msg,
                           sizeof msg)) {
        if (!quiet)
            printf("bundle: %s\n", msg);
    } else {
        fflush(stdout);
        fprintf(stderr, "dspsim %s: bundle: %s\n", cmd, msg);
    }
    fflush(stdout);
}

/* ---- dspsim run CASE --bundle FILE ------------------------------------ */
bool cli_bundle_run(const char *cmd, const char *file, const char *case_path,
                    const char *fw, const dsh_exec_summary *s, const char *dir,
                    bool quiet)
{
    char err[2048];
    xt_engine e = XT_ENGINE_FAST;
    xt_engine_from_env(&e); /* no board was made: the engine it would have */
    dsh_bundle_spec spec = { .case_path = case_path,
                             .firmware = fw,
                             .version = DSPSIM_VERSION,
                             .command = cmd,
                             .engine = s->engine ? s->engine
                                                 : xt_engine_name(e),
                             .status = dsh_res_status_name(s->status),
                             .message = s->message,
                             .has_cycles = s->engine != NULL,
                             .cycles = s->cycles,
                             .outputs_dir = dir };
    if (!dsh_bundle_write(file, &spec, err, sizeof err)) {
        fprintf(stderr, "dspsim %s: cannot bundle the run into %s: %s\n", cmd,
                file, err);
        return false;
    }
    if (!quiet)
        printf("bundle: %s\n", file);
    fflush(stdout);
    return true;
}

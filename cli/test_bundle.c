/* SPDX-License-Identifier: BSD-3-Clause */
/* `dspsim test --bundle-failures DIR`: a bundle of every case that
 * failed or errored, made in the runner's process once all have run
 * (bundle_cli.h, docs/harness.md "Failure bundles"). */
#include <stdio.h>
#include <string.h>

#include "bundle_cli.h"
#include "cli.h"

bool cli_bundle_failed_case(void *user, const dsh_case *c, const char *out_dir,
                            const char *rel, const dsh_case_result *r,
                            bool quiet)
{
    const cli_test_bundles *tb = user;
    char file[DSH_PATH_MAX * 2], dir[DSH_PATH_MAX * 2], err[2048];
    snprintf(file, sizeof file, "%s/%s.tar", tb->dir, rel);
    snprintf(dir, sizeof dir, "%s", file);
    *strrchr(dir, '/') = '\0';
    xt_engine e = XT_ENGINE_FAST;
    if (tb->opts->cpu.engine_set)
        e = tb->opts->cpu.engine;
    else
        xt_engine_from_env(&e);
    const char *fw = c->firmware[0] ? c->firmware : tb->opts->firmware;
    dsh_bundle_spec spec = {
        .case_path = c->path,
        .firmware = fw,
        .version = DSPSIM_VERSION,
        .command = "test",
        .engine = r->run.engine[0] ? r->run.engine : xt_engine_name(e),
        .status = dsh_res_status_name(r->status),
        .message = r->message,
        .has_cycles = r->run.has_run,
        .cycles = r->run.cycles,
        .outputs_dir = out_dir,
    };
    if (!dsh_exec_mkdir_p(dir, err, sizeof err) ||
        !dsh_bundle_write(file, &spec, err, sizeof err)) {
        fprintf(stderr, "dspsim test: cannot bundle %s into %s: %s\n", c->path,
                file, err);
        return false;
    }
    if (!quiet)
        printf("bundle: %s (%s)\n", file, c->path);
    fflush(stdout);
    return true;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Snapshots of `dspsim board` runs (board_snapshot.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_snapshot.h"
#include "cli.h"

bool board_snap_init(board_snap *s, const cli_snap_opts *o, ds_board *b,
                     const char *program, int guest_argc, char **guest_argv)
{
    memset(s, 0, sizeof *s);
    s->o = o;
    s->b = b;
    if (!o->path && !o->restore)
        return true;
    char err[600];
    if (!ds_snap_hash_file(program, &s->fw_hash, err, sizeof err)) {
        fprintf(stderr, "dspsim board: %s\n", err);
        return false;
    }
    const ds_board_config *cfg = ds_board_get_config(b);
    uint64_t h = ds_snap_hash(DS_SNAP_HASH_INIT, &cfg->cpu_hz,
                              sizeof *cfg - offsetof(ds_board_config, cpu_hz));
    for (int i = 0; i < guest_argc; i++)
        h = ds_snap_hash(h, guest_argv[i], strlen(guest_argv[i]) + 1);
    s->case_hash = h;
    return true;
}

bool board_snap_restore(board_snap *s)
{
    if (!s->o->restore)
        return true;
    ds_snap_ident want = { s->fw_hash, s->case_hash, 0 }, got;
    uint8_t *body = NULL;
    size_t len = 0;
    char err[1200];
    if (!ds_snap_file_read(s->o->restore, &want, &got, &body, &len, err,
                           sizeof err)) {
        fprintf(stderr, "dspsim board: %s\n", err);
        return false;
    }
    ds_snap_r r;
    ds_snap_r_init(&r, body, len, err, sizeof err);
    bool ok = ds_board_load(s->b, &r);
    if (ok && r.pos != r.len)
        ok = ds_snap_fail(&r, "%zu bytes after the last section",
                          r.len - r.pos);
    free(body);
    if (!ok) {
        fprintf(stderr,
                "dspsim board: snapshot '%s': %s (a snapshot of "
                "`dspsim board` holds the board alone)\n",
                s->o->restore, err);
        return false;
    }
    s->cycle = got.cycle;
    if (s->o->path && s->o->at < got.cycle) {
        fprintf(stderr,
                "dspsim board: --snapshot-at %" PRIu64 " is before "
                "cycle %" PRIu64 ", where '%s' resumes\n",
                s->o->at, got.cycle, s->o->restore);
        return false;
    }
    return true;
}

static bool on_pause(void *user, uint64_t cycle)
{
    board_snap *s = user;
    ds_snap_w w;
    ds_snap_w_init(&w);
    ds_board_save(s->b, &w);
    ds_snap_ident id = { s->fw_hash, s->case_hash, cycle };
    if (w.oom)
        snprintf(s->err, sizeof s->err, "snapshot: out of memory");
    else if (ds_snap_file_write(s->o->resolved, &id, w.p, w.len, s->err,
                                sizeof s->err)) {
        s->taken = true;
        s->cycle = cycle;
    }
    s->failed = !s->taken;
    ds_snap_w_free(&w);
    return true;
}

void board_snap_arm(board_snap *s)
{
    if (s->o->path)
        ds_board_set_pause(s->b, s->o->at, on_pause, s);
}

int board_snap_finish(board_snap *s, int status)
{
    if (!s->o->path)
        return status;
    ds_board_set_pause(s->b, 0, NULL, NULL);
    fflush(stdout);
    if (s->failed) {
        fprintf(stderr, "dspsim board: %s\n", s->err);
        return DSPSIM_EXIT_USAGE;
    }
    if (!s->taken) {
        fprintf(stderr,
                "dspsim board: --snapshot-at %" PRIu64 ": beyond "
                "the run's end (it ended at cycle %" PRIu64 "); no snapshot "
                "written\n",
                s->o->at, ds_board_cycles(s->b));
        return DSPSIM_EXIT_USAGE;
    }
    fprintf(stderr, "dspsim board: snapshot taken at cycle %" PRIu64 "\n",
            s->cycle);
    return status;
}

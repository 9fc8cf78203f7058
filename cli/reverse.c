/* SPDX-License-Identifier: BSD-3-Clause */
/* Reverse execution's machines for `dspsim exec` and `dspsim board`
 * (reverse.h). */
#include <stdio.h>
#include <stdlib.h>

#include "reverse.h"

#define TAG_RSH  DS_SNAP_TAG('R', 'S', 'H', ' ')
#define TAG_RBD  DS_SNAP_TAG('R', 'B', 'D', ' ')
#define MAX_MEMS 16

struct cli_reverse {
    ds_hist *h;
    xt_semihost *sh;
    ds_board *b;
};

/* ---- semihosting: the descriptor table, the place in the I/O log -------- */
static bool sh_save(xt_semihost *sh, ds_snap_w *w)
{
    uint8_t kinds[XT_SEMIHOST_FDS];
    if (xt_semihost_fd_kinds(sh, kinds))
        return false; /* a host file is not part of the machine */
    size_t m = ds_snap_begin(w, TAG_RSH);
    ds_snap_put_u64(w, xt_semihost_io_pos(sh));
    ds_snap_put_bytes(w, kinds, sizeof kinds);
    ds_snap_end(w, m);
    return true;
}

static bool sh_load(xt_semihost *sh, ds_snap_r *r)
{
    ds_snap_r s;
    uint8_t kinds[XT_SEMIHOST_FDS];
    if (!ds_snap_open(r, TAG_RSH, &s))
        return false;
    uint64_t pos = ds_snap_get_u64(&s);
    if (!ds_snap_get_bytes(&s, kinds, sizeof kinds) ||
        !ds_snap_done(&s, "semihosting"))
        return false;
    if (!xt_semihost_set_fd_kinds(sh, kinds) ||
        !xt_semihost_set_io_pos(sh, pos))
        return ds_snap_fail(r, "semihosting: its I/O log is lost (out of "
                               "memory)");
    return true;
}

static bool exec_save(void *user, ds_snap_w *w)
{
    cli_reverse *r = user;
    return sh_save(r->sh, w);
}

static bool exec_load(void *user, ds_snap_r *rd)
{
    cli_reverse *r = user;
    return sh_load(r->sh, rd);
}

/* Off: past the high-water mark, or a debugger changed the machine: the
 * I/O log ends where the run is. */
static void exec_replay(void *user, bool on)
{
    cli_reverse *r = user;
    if (!on)
        xt_semihost_io_truncate(r->sh);
}

static cli_reverse *make(const char *cmd, const cli_gdb *o,
                         const ds_hist_machine *m, cli_reverse *r)
{
    ds_hist_config cfg = { .mem_limit = o->rev_mem, .every = o->rev_every };
    if (!(r->h = ds_hist_new(m, &cfg))) {
        fprintf(stderr,
                "dspsim %s: reverse execution: out of memory (try "
                "--reverse-mem 0)\n",
                cmd);
        free(r);
        return NULL;
    }
    if (r->sh)
        xt_semihost_io_log(r->sh, true);
    return r;
}

cli_reverse *cli_reverse_exec(const char *cmd, const cli_gdb *o, xt_cpu *cpu,
                              const xt_region_desc *regions, size_t nregions,
                              xt_semihost *sh)
{
    if (o->rev_off)
        return NULL;
    cli_reverse *r = calloc(1, sizeof *r);
    ds_hist_mem mems[MAX_MEMS];
    size_t n = 0;
    for (size_t i = 0; i < nregions && n < MAX_MEMS; i++)
        if (regions[i].kind != XT_REGION_MMIO)
            mems[n++] = (ds_hist_mem){ .base = regions[i].base,
                                       .size = regions[i].size,
                                       .cpu = true };
    if (!r) {
        fprintf(stderr, "dspsim %s: reverse execution: out of memory\n", cmd);
        return NULL;
    }
    r->sh = sh;
    ds_hist_machine m = { .cpu = cpu,
                          .mems = mems,
                          .nmems = n,
                          .save = exec_save,
                          .load = exec_load,
                          .replay = exec_replay,
                          .user = r };
    return make(cmd, o, &m, r);
}

/* ---- the board: its devices, host memory, semihosting ------------------ */
static bool board_save(void *user, ds_snap_w *w)
{
    cli_reverse *r = user;
    if (r->sh && !sh_save(r->sh, w))
        return false;
    ds_board_save_devices(r->b, w);
    return true;
}

static bool board_load(void *user, ds_snap_r *rd)
{
    cli_reverse *r = user;
    return (!r->sh || sh_load(r->sh, rd)) && ds_board_load_devices(r->b, rd);
}

static void board_replay(void *user, bool on)
{
    cli_reverse *r = user;
    ds_board_set_replay(r->b, on);
    if (!on && r->sh)
        xt_semihost_io_truncate(r->sh);
}

cli_reverse *cli_reverse_board(const char *cmd, const cli_gdb *o, ds_board *b,
                               xt_semihost *sh)
{
    if (o->rev_off)
        return NULL;
    cli_reverse *r = calloc(1, sizeof *r);
    if (!r) {
        fprintf(stderr, "dspsim %s: reverse execution: out of memory\n", cmd);
        return NULL;
    }
    r->sh = sh;
    r->b = b;
    ds_hist_mem mems[DS_BOARD_HIST_MEMS];
    size_t nmems = ds_board_hist_mems(b, mems);
    ds_hist_machine m = { .cpu = ds_board_cpu(b),
                          .mems = mems,
                          .nmems = nmems,
                          .save = board_save,
                          .load = board_load,
                          .replay = board_replay,
                          .user = r };
    return make(cmd, o, &m, r);
}

ds_hist *cli_reverse_history(const cli_reverse *r)
{
    return r ? r->h : NULL;
}

void cli_reverse_free(cli_reverse *r)
{
    if (!r)
        return;
    ds_hist_free(r->h);
    free(r);
}

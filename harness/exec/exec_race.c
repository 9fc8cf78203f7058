/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: --race (dsh_exec_opts.race, issue 32) — the board's
 * race detector between cores (dspsim/board_race.h) over the whole run;
 * every race found is a line of the log (firmware.log) with both
 * accesses' core, PC and symbol, and makes the case FAIL. */
#include <inttypes.h>
#include <stdio.h>

#include "dspsim/board_race.h"
#include "exec/exec_internal.h"

bool xp_race_enable(xp_run *r)
{
    ds_board *b = dsh_drv_board(r->drv);
    if (ds_board_cores(b) < 2)
        return xp_fail(r, DSH_RES_ERROR,
                       "--race needs a board of 2 or more cores (the "
                       "case's board has 1)");
    if (ds_board_race_enable(b) != DS_OK)
        return xp_fail(r, DSH_RES_ERROR, "--race: the board refused it");
    return true;
}

static bool checked(const xp_run *r)
{
    return r->o->race && r->drv && ds_board_race_enabled(dsh_drv_board(r->drv));
}

unsigned xp_race_finish(xp_run *r)
{
    if (!checked(r))
        return 0;
    const ds_board *b = dsh_drv_board(r->drv);
    unsigned n = ds_board_race_count(b);
    char line[768], first[768] = "";
    for (unsigned i = 0; i < n; i++) {
        ds_race_describe(ds_board_race_get(b, i), dsh_drv_elf(r->drv), line,
                         sizeof line);
        xp_log(r, "%s", line);
        if (!i)
            snprintf(first, sizeof first, "%s", line);
    }
    if (n)
        xp_fail(r, DSH_RES_FAIL, "%u race%s between cores (--race)%s; %s", n,
                n == 1 ? "" : "s",
                ds_board_race_dropped(b) ? ", more not kept" : "", first);
    else
        xp_log(r, "--race: no races between cores");
    return n;
}

void xp_race_write(const xp_run *r, FILE *f)
{
    if (!checked(r))
        return;
    const ds_board *b = dsh_drv_board(r->drv);
    unsigned n = ds_board_race_count(b);
    char line[768];
    fprintf(f, "races between cores (--race): %u%s\n", n,
            ds_board_race_dropped(b) ? ", more not kept" : "");
    for (unsigned i = 0; i < n; i++) {
        ds_race_describe(ds_board_race_get(b, i), dsh_drv_elf(r->drv), line,
                         sizeof line);
        fprintf(f, "  %s\n", line);
    }
}

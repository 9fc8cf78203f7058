/* SPDX-License-Identifier: BSD-3-Clause */
/* --race reports (race_report.h). */
#include <inttypes.h>

#include "race_report.h"
#include "dspsim/board_race.h"

unsigned cli_race_report(FILE *f, const char *cmd, const char *prog,
                         const ds_board *b, const xt_elf *elf)
{
    unsigned n = ds_board_race_count(b);
    for (unsigned i = 0; i < n; i++) {
        char line[768];
        ds_race_describe(ds_board_race_get(b, i), elf, line, sizeof line);
        fprintf(f, "%s: %s: %s\n", cmd, prog, line);
    }
    uint64_t dropped = ds_board_race_dropped(b);
    if (n)
        fprintf(f, "%s: %s: %u race%s between cores (--race)%s\n", cmd, prog, n,
                n == 1 ? "" : "s", dropped ? ", more not kept" : "");
    return n;
}

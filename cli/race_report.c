/* SPDX-License-Identifier: BSD-3-Clause */
/* --race reports (race_report.h). */
#include <inttypes.h>

#include "race_report.h"
#include "dspsim/board_race.h"

static void access_text(const ds_race_access *a, const xt_elf *elf, char *buf,
                        size_t n)
{
    char sym[128];
    xt_elf_format_sym(elf, a->pc, sym, sizeof sym);
    snprintf(buf, n, "core %u %s at pc %08" PRIx32 " (%s), cycle %" PRIu64,
             a->core, a->write ? "write" : "read", a->pc, sym, a->cycle);
}

unsigned cli_race_report(FILE *f, const char *cmd, const char *prog,
                         const ds_board *b, const xt_elf *elf)
{
    unsigned n = ds_board_race_count(b);
    for (unsigned i = 0; i < n; i++) {
        const ds_race *r = ds_board_race_get(b, i);
        char sym[128], first[256], second[256], times[48] = "";
        xt_elf_format_sym(elf, r->addr, sym, sizeof sym);
        access_text(&r->first, elf, first, sizeof first);
        access_text(&r->second, elf, second, sizeof second);
        if (r->count > 1)
            snprintf(times, sizeof times, " (%" PRIu64 " times)", r->count);
        fprintf(f,
                "%s: %s: race on %08" PRIx32 " (%s, %u bytes): %s, and %s, "
                "not ordered by a synchronisation%s\n",
                cmd, prog, r->addr, sym, r->size, first, second, times);
    }
    uint64_t dropped = ds_board_race_dropped(b);
    if (n)
        fprintf(f, "%s: %s: %u race%s between cores (--race)%s\n", cmd, prog, n,
                n == 1 ? "" : "s", dropped ? ", more not kept" : "");
    return n;
}

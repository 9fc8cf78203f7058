/* SPDX-License-Identifier: BSD-3-Clause */
/* --snapshot-at and --restore for the harness commands (snapshot_opts.h). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "out_check.h"
#include "options.h"
#include "snapshot_opts.h"

bool cli_snapshot_at_getopt(const char *cmd, int argc, char **argv,
                            const char *cycle, cli_snap_opts *o)
{
    if (!cycle || optind >= argc) {
        fprintf(stderr,
                "dspsim %s: --snapshot-at needs a cycle and a "
                "file (--snapshot-at CYCLE FILE)\n",
                cmd);
        return false;
    }
    o->at_arg = cycle;
    o->path = argv[optind++];
    return true;
}

bool cli_restore_value(const char *cmd, const char *v, cli_snap_opts *o)
{
    if (!v) {
        fprintf(stderr, "dspsim %s: --restore needs a snapshot file\n", cmd);
        return false;
    }
    o->restore = v;
    return true;
}

static bool parse_cycle(const char *cmd, const char *s, uint64_t *out)
{
    switch (cli_number(s, 0, UINT64_MAX, out)) {
    case CLI_NUM_OK:
        return true;
    case CLI_NUM_EMPTY:
        fprintf(stderr, "dspsim %s: --snapshot-at: the cycle is empty\n", cmd);
        return false;
    case CLI_NUM_SYNTAX:
        fprintf(stderr,
                "dspsim %s: --snapshot-at '%s': not a cycle "
                "count (a decimal or 0x hex integer >= 0)\n",
                cmd, s);
        return false;
    default:
        fprintf(stderr,
                "dspsim %s: --snapshot-at '%s': too large (at "
                "most %llu)\n",
                cmd, s, (unsigned long long)UINT64_MAX);
        return false;
    }
}

bool cli_snapshot_check(const char *cmd, cli_snap_opts *o,
                        const char *const *files, unsigned n)
{
    if (o->restore) {
        struct stat st;
        if (!*o->restore) {
            fprintf(stderr, "dspsim %s: --restore needs a snapshot file\n",
                    cmd);
            return false;
        }
        if (stat(o->restore, &st) != 0) {
            fprintf(stderr, "dspsim %s: --restore '%s': %s\n", cmd, o->restore,
                    strerror(errno));
            return false;
        }
        if (!S_ISREG(st.st_mode)) {
            fprintf(stderr,
                    "dspsim %s: --restore '%s': not a regular "
                    "file\n",
                    cmd, o->restore);
            return false;
        }
    }
    if (!o->path)
        return true;
    if (!parse_cycle(cmd, o->at_arg, &o->at))
        return false;
    if (!*o->path) {
        fprintf(stderr, "dspsim %s: --snapshot-at needs a file name\n", cmd);
        return false;
    }
    const char *others[8];
    unsigned k = 0;
    for (unsigned i = 0; i < n && k < 7; i++)
        if (files[i])
            others[k++] = files[i];
    if (o->restore)
        others[k++] = o->restore;
    return cli_check_output_file(cmd, o->path, others, k, o->resolved,
                                 sizeof o->resolved);
}

void cli_snapshot_apply(const cli_snap_opts *o, dsh_exec_opts *eo)
{
    eo->snapshot_path = o->path ? o->resolved : NULL;
    eo->snapshot_at = o->at;
    eo->restore_path = o->restore;
}

int cli_snapshot_status(const char *cmd, const dsh_exec_summary *s, int rc)
{
    if (!s->restore_refused)
        return rc;
    fprintf(stderr, "dspsim %s: %s\n", cmd, s->restore_message);
    return DSPSIM_EXIT_USAGE;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* --gdb PORT and --gdb-wait (gdb_opt.h). */
#include <stdio.h>
#include <string.h>

#include "gdb_opt.h"
#include "options.h"

bool cli_gdb_value(const char *cmd, const char *v, cli_gdb *o)
{
    if (!v) {
        fprintf(stderr,
                "dspsim %s: --gdb needs a port number (0: any free "
                "port)\n",
                cmd);
        return false;
    }
    if (ds_gdb_parse_port(v, &o->port)) {
        fprintf(stderr,
                "dspsim %s: --gdb: '%s' is not a port number "
                "(0..65535)\n",
                cmd, v);
        return false;
    }
    o->on = true;
    return true;
}

bool cli_reverse_mem_value(const char *cmd, const char *v, cli_gdb *o)
{
    uint64_t mib;
    if (!cli_parse_uint(cmd, "--reverse-mem", v, 0, 65536, &mib))
        return false;
    o->rev_set = true;
    o->rev_off = mib == 0;
    o->rev_mem = mib << 20;
    return true;
}

bool cli_reverse_every_value(const char *cmd, const char *v, cli_gdb *o)
{
    if (!cli_parse_uint(cmd, "--reverse-every", v, 1000, UINT64_MAX / 2,
                        &o->rev_every))
        return false;
    o->rev_set = true;
    return true;
}

bool cli_gdb_check(const char *cmd, const cli_gdb *o, bool lockstep)
{
    if (o->wait && !o->on) {
        fprintf(stderr, "dspsim %s: --gdb-wait needs --gdb PORT\n", cmd);
        return false;
    }
    if (o->rev_set && !o->on) {
        fprintf(stderr,
                "dspsim %s: --reverse-mem and --reverse-every need "
                "--gdb PORT\n",
                cmd);
        return false;
    }
    if (o->on && lockstep) {
        fprintf(stderr,
                "dspsim %s: --gdb and --lockstep cannot be "
                "combined\n",
                cmd);
        return false;
    }
    return true;
}

bool cli_gdb_probe(const char *cmd, const cli_gdb *o)
{
    if (!o->on || o->port == 0)
        return true;
    xt_cpu *cpu = NULL;
    ds_gdb *g = NULL;
    char err[256];
    bool ok = xt_open(&cpu) == XT_OK &&
              ds_gdb_open(cpu, o->port, &g, err, sizeof err) == 0;
    if (!ok && cpu)
        fprintf(stderr, "dspsim %s: %s\n", cmd, err);
    ds_gdb_close(g);
    xt_close(cpu);
    return ok;
}

ds_gdb *cli_gdb_start(const char *cmd, const cli_gdb *o, xt_cpu *cpu)
{
    char err[256];
    ds_gdb *g = NULL;
    if (ds_gdb_open(cpu, o->port, &g, err, sizeof err)) {
        fprintf(stderr, "dspsim %s: %s\n", cmd, err);
        return NULL;
    }
    char prefix[32];
    snprintf(prefix, sizeof prefix, "dspsim %s", cmd);
    ds_gdb_set_log_prefix(g, prefix);
    fprintf(stderr, "dspsim %s: gdb: listening on 127.0.0.1:%u\n", cmd,
            ds_gdb_port(g));
    fflush(stderr);
    return g;
}

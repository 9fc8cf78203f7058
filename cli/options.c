/* SPDX-License-Identifier: BSD-3-Clause */
/* Command-line helpers shared by the subcommands. */
#define _POSIX_C_SOURCE 200809L
#include "options.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "dspsim/xtcpu.h"

bool cli_opt_value(int argc, char **argv, int *i, const char *name,
                   const char **value)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return false;
    if (a[n] == '=') {
        *value = a + n + 1;
        return true;
    }
    if (a[n] != '\0')
        return false;
    *value = *i + 1 < argc ? argv[++*i] : NULL;
    return true;
}

bool cli_parse_count(const char *cmd, const char *opt, const char *s,
                     uint64_t *out)
{
    uint64_t v = 0;
    if (!s || !*s) {
        fprintf(stderr, "dspsim %s: %s needs a number\n", cmd, opt);
        return false;
    }
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') {
            fprintf(stderr, "dspsim %s: %s: '%s' is not a decimal number\n",
                    cmd, opt, s);
            return false;
        }
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10) {
            fprintf(stderr, "dspsim %s: %s: '%s' is too large\n", cmd, opt, s);
            return false;
        }
        v = v * 10 + d;
    }
    if (v == 0) {
        fprintf(stderr, "dspsim %s: %s must be at least 1\n", cmd, opt);
        return false;
    }
    *out = v;
    return true;
}

double cli_now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

bool cli_set_engine(const char *cmd, const char *name)
{
    xt_engine e;
    if (!name || xt_engine_parse(name, &e)) {
        fprintf(stderr, "dspsim %s: --engine: '%s' is not an engine "
                "(fast or interp)\n", cmd, name ? name : "");
        return false;
    }
    setenv("DSPSIM_ENGINE", xt_engine_name(e), 1);
    return true;
}

bool cli_take_engine(const char *cmd, int *argc, char **argv)
{
    for (int i = 1; i < *argc; i++) {
        if (!strcmp(argv[i], "--"))
            break;
        int j = i;
        const char *v = NULL;
        if (!cli_opt_value(*argc, argv, &j, "--engine", &v))
            continue;
        if (!cli_set_engine(cmd, v))
            return false;
        int n = j - i + 1; /* one or two words */
        memmove(&argv[i], &argv[j + 1], (size_t)(*argc - j) * sizeof *argv);
        *argc -= n;
        i--;
    }
    return true;
}

void cli_getopt_unknown(const char *cmd, char **argv)
{
    const char *a = argv[optind - 1];
    if (optopt && optopt < 256 && !(a[0] == '-' && a[1] == '-')) {
        fprintf(stderr, "dspsim %s: unknown option '-%c' (see dspsim %s "
                "--help)\n", cmd, optopt, cmd);
    } else if (optopt && strchr(a, '=')) {
        fprintf(stderr, "dspsim %s: option '%.*s' takes no value (see dspsim "
                "%s --help)\n", cmd, (int)(strchr(a, '=') - a), a, cmd);
    } else {
        fprintf(stderr, "dspsim %s: unknown option '%s' (see dspsim %s "
                "--help)\n", cmd, a, cmd);
    }
}

int cli_getopt_before_program(const char *cmd, int argc, char **argv,
                              const struct option *longopts, cli_take_fn take,
                              void *user)
{
    int c;
    optind = 0;   /* a fresh scan (glibc) */
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+:hq", longopts, NULL)) != -1) {
        if (c == '?') {
            cli_getopt_unknown(cmd, argv);
            return DSPSIM_EXIT_USAGE;
        }
        int rc = c == ':' ? take(optopt, NULL, argc, argv, user)
                          : take(c, optarg, argc, argv, user);
        if (rc >= 0)
            return rc;
    }
    return -1;
}

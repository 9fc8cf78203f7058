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

cli_num_err cli_number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!s || !*s)
        return CLI_NUM_EMPTY;
    unsigned base = 10;
    const char *p = s;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
        if (!*p)
            return CLI_NUM_SYNTAX;
    }
    uint64_t v = 0;
    bool big = false;
    for (; *p; p++) {
        unsigned d;
        if (*p >= '0' && *p <= '9')
            d = (unsigned)(*p - '0');
        else if (base == 16 && *p >= 'a' && *p <= 'f')
            d = (unsigned)(*p - 'a' + 10);
        else if (base == 16 && *p >= 'A' && *p <= 'F')
            d = (unsigned)(*p - 'A' + 10);
        else
            return CLI_NUM_SYNTAX;
        if (v > (UINT64_MAX - d) / base)
            big = true; /* keep checking the syntax */
        else
            v = v * base + d;
    }
    if (big || v > hi)
        return CLI_NUM_HIGH;
    if (v < lo)
        return CLI_NUM_LOW;
    *out = v;
    return CLI_NUM_OK;
}

bool cli_parse_uint(const char *cmd, const char *opt, const char *s,
                    uint64_t lo, uint64_t hi, uint64_t *out)
{
    switch (cli_number(s, lo, hi, out)) {
    case CLI_NUM_OK:
        return true;
    case CLI_NUM_EMPTY:
        fprintf(stderr, "dspsim %s: %s needs a number\n", cmd, opt);
        break;
    case CLI_NUM_SYNTAX:
        fprintf(stderr,
                "dspsim %s: %s: '%s' is not a decimal number or 0x "
                "hex\n",
                cmd, opt, s);
        break;
    case CLI_NUM_LOW:
        fprintf(stderr, "dspsim %s: %s must be at least %llu\n", cmd, opt,
                (unsigned long long)lo);
        break;
    case CLI_NUM_HIGH:
        fprintf(stderr, "dspsim %s: %s: '%s' is too large (at most %llu)\n",
                cmd, opt, s, (unsigned long long)hi);
        break;
    }
    return false;
}

bool cli_parse_count(const char *cmd, const char *opt, const char *s,
                     uint64_t *out)
{
    return cli_parse_uint(cmd, opt, s, 1, UINT64_MAX, out);
}

double cli_now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

bool cli_set_engine(const char *cmd, const char *name, xt_cpu_config *cpu)
{
    xt_engine e;
    if (!name || xt_engine_parse(name, &e)) {
        fprintf(stderr,
                "dspsim %s: --engine: '%s' is not an engine "
                "(fast or interp)\n",
                cmd, name ? name : "");
        return false;
    }
    cpu->engine = e;
    cpu->engine_set = true;
    return true;
}

bool cli_take_engine(const char *cmd, int *argc, char **argv,
                     xt_cpu_config *cpu)
{
    for (int i = 1; i < *argc; i++) {
        if (!strcmp(argv[i], "--"))
            break;
        int j = i;
        const char *v = NULL;
        if (!cli_opt_value(*argc, argv, &j, "--engine", &v))
            continue;
        if (!cli_set_engine(cmd, v, cpu))
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
        fprintf(stderr,
                "dspsim %s: unknown option '-%c' (see dspsim %s "
                "--help)\n",
                cmd, optopt, cmd);
    } else if (optopt && strchr(a, '=')) {
        fprintf(stderr,
                "dspsim %s: option '%.*s' takes no value (see dspsim "
                "%s --help)\n",
                cmd, (int)(strchr(a, '=') - a), a, cmd);
    } else {
        fprintf(stderr,
                "dspsim %s: unknown option '%s' (see dspsim %s "
                "--help)\n",
                cmd, a, cmd);
    }
}

int cli_getopt_before_program(const char *cmd, int argc, char **argv,
                              const struct option *longopts, cli_take_fn take,
                              void *user)
{
    int c;
    optind = 0; /* a fresh scan (glibc) */
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

int cli_take_program(const char *cmd, int argc, char **argv,
                     void (*usage)(FILE *), const char **program,
                     int *guest_argc, char ***guest_argv)
{
    int i = optind;
    if (i >= argc) {
        fprintf(stderr, "dspsim %s: missing PROGRAM.elf\n", cmd);
        usage(stderr);
        return DSPSIM_EXIT_USAGE;
    }
    *program = argv[i];
    *guest_argc = argc - i - 1;
    *guest_argv = argv + i + 1;
    return -1;
}

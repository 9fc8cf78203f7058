/* SPDX-License-Identifier: BSD-3-Clause */
/* dspsim: command dispatch, --help, --version. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    { "exec", cmd_exec,
      "run a bare-metal guest program (ELF) on the "
      "lx106 'sim' machine" },
    { "board", cmd_board,
      "run a guest program (ELF) on the virtual "
      "audio-DSP board (docs/board.md)" },
    { "test", cmd_test, "run harness test cases (docs/harness.md)" },
    { "run", cmd_run, "run one harness case, verbose, artifacts kept" },
    { "play", cmd_play,
      "play WAV files through a built-in pipeline on "
      "the firmware" },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
    fprintf(f, "usage: dspsim COMMAND [options] [arguments]\n"
               "       dspsim --help | --version\n\n"
               "commands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n'dspsim COMMAND --help' describes a command's options.\n"
               "Exit statuses: see docs/cli.md (2 = usage or input "
               "error).\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return DSPSIM_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) {
        printf("dspsim %s\n", DSPSIM_VERSION);
        return 0;
    }
    for (size_t i = 0; i < NCOMMANDS; i++) {
        if (strcmp(cmd, commands[i].name))
            continue;
        /* `dspsim COMMAND --version`: right after the command (exec and
         * board pass what follows their program to the guest) */
        if (argc > 2 &&
            (!strcmp(argv[2], "--version") || !strcmp(argv[2], "-V"))) {
            printf("dspsim %s %s\n", cmd, DSPSIM_VERSION);
            return 0;
        }
        /* each command takes its own --engine (cli_set_engine) */
        return commands[i].run(argc - 1, argv + 1);
    }
    if (cmd[0] == '-')
        fprintf(stderr, "dspsim: unknown option '%s' (see dspsim --help)\n",
                cmd);
    else
        fprintf(stderr, "dspsim: unknown command '%s' (see dspsim --help)\n",
                cmd);
    return DSPSIM_EXIT_USAGE;
}

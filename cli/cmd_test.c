/* dspsim test: run harness test cases (docs/harness.md) with the IPC case
 * execution (harness/exec).  `--firmware ELF` (taken out here, the rest
 * goes to the runner) replaces the default audio firmware image. */
#include <string.h>

#include "cli.h"
#include "exec/exec.h"
#include "runner/runner.h"

int cmd_test(int argc, char **argv)
{
    static dsh_exec_opts opts;
    int n = 0;

    opts.firmware = dsh_exec_default_firmware();
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--firmware") && i + 1 < argc) {
            opts.firmware = argv[++i];
            continue;
        }
        if (!strncmp(argv[i], "--firmware=", 11)) {
            opts.firmware = argv[i] + 11;
            continue;
        }
        argv[n++] = argv[i];
    }
    argv[n] = NULL;
    return dsh_test_main(n, argv, dsh_exec_case, &opts);
}

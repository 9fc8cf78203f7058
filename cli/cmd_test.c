/* dspsim test: run harness test cases (docs/harness.md). */
#include "cli.h"
#include "runner/runner.h"

int cmd_test(int argc, char **argv)
{
    /* Case execution plugs in here once the firmware speaks the audio IPC
     * protocol; until then every valid case is reported SKIPPED. */
    return dsh_test_main(argc, argv, dsh_exec_not_runnable, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz harness: the board description reader (sim/board/board_config.c,
 * ds_board_config_parse over the defaults).  Checked: no crash, leak or
 * sanitizer report; a rejected file has a message naming it; an accepted
 * one passes ds_board_config_check (the reader runs it too). */
#include <stdlib.h>
#include <string.h>

#include "dspsim/board_config.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 20)) /* ds_board_config_load's limit */
        return 0;
    ds_board_config cfg;
    char err[256] = "";
    ds_board_config_default(&cfg);
    if (ds_board_config_parse(&cfg, "fuzz.yaml", (const char *)data, size, err,
                              sizeof err)) {
        char err2[256];
        if (!ds_board_config_check(&cfg, err2, sizeof err2))
            abort();
    } else if (strncmp(err, "fuzz.yaml", 9)) {
        abort();
    }
    return 0;
}

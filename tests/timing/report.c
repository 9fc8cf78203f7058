/* SPDX-License-Identifier: BSD-3-Clause */
#include "semihost.h"

/* Called from anchors.S on a failed anchor. */
void report(unsigned id, unsigned got, unsigned want)
{
    sh_puts("anchor ");
    sh_puthex(id);
    sh_puts(": got ");
    sh_puthex(got);
    sh_puts(" cycles, want ");
    sh_puthex(want);
    sh_puts("\n");
}

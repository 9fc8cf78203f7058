/* SPDX-License-Identifier: BSD-3-Clause */
/* Calls into unmapped memory: an unrecoverable guest state for dspsim
 * (exit status 125 and a machine-state report). */
#include "semihost.h"

int main(void)
{
    sh_puts("jumping\n");
    /* volatile: keep the compiler from turning this into a direct call0 */
    void (*volatile nowhere)(void) = (void (*)(void))0x10000000;
    nowhere();
    return 0;
}

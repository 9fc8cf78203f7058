/* SPDX-License-Identifier: BSD-3-Clause */
/* Never ends: for --max-insns / --max-cycles. */
#include "semihost.h"

volatile unsigned counter;

int main(void)
{
    sh_puts("looping\n");
    for (;;)
        counter++;
}

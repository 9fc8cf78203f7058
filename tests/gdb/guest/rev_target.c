/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest for the reverse-execution tests (tests/gdb/reverse.sh): 60,000
 * rounds of a mixing function that stores into a ring, a report (a
 * console line) every 10,000 rounds, a checksum as the exit status.  The
 * console lines must come out once each however often the debugger goes
 * back over them. */
#include "semihost.h"

volatile unsigned ring[64];
volatile unsigned rounds;

__attribute__((noinline)) unsigned mix(unsigned x, unsigned i)
{
    ring[i & 63] = x;
    rounds = i;
    return x * 2654435761u + i;
}

__attribute__((noinline)) void report(unsigned i, unsigned x)
{
    sh_puts("round ");
    sh_puthex(i);
    sh_puts(" x ");
    sh_puthex(x);
    sh_puts("\n");
}

int main(void)
{
    unsigned x = 1, next = 0;
    for (unsigned i = 0; i < 60000; i++) {
        x = mix(x, i);
        if (i == next) {
            report(i, x);
            next += 10000;
        }
    }
    sh_puts("done\n");
    return (int)(x & 0x7f);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest for the GDB server tests (tests/gdb): a function called through
 * CALL0 that writes a buffer and a global.  Built three ways:
 * default  returns total & 0x7f after 20 calls;
 * -DFAULT  then stores to unmapped memory (a guest fault);
 * -DSPIN   then loops forever (for Ctrl-C). */
#include "semihost.h"

volatile int buffer[8];
volatile int total;

__attribute__((noinline)) int add_sample(int i, int v)
{
    buffer[i & 7] = v;
    total += v;
    return total;
}

int main(void)
{
    int r = 0;
    for (int i = 0; i < 20; i++)
        r = add_sample(i, i * 3);
#ifdef FAULT
    *(volatile int *)0x10000000 = r;
#endif
#ifdef SPIN
    for (;;)
        total++;
#endif
    sh_puts("done\n");
    return r & 0x7f;
}

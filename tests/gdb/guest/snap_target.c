/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest for the snapshots of `dspsim exec` (tests/gdb/exec_snapshot.sh):
 * eight rounds of a hash chain over a 64 KiB table, each printing the
 * chain's value, then exit with its low 7 bits.  -DHOLD_FILE opens a host
 * file first and keeps it open (a snapshot must refuse it). */
#include "semihost.h"

#define N 16384u

static unsigned table[N];
volatile unsigned rounds_done;

__attribute__((noinline)) unsigned mix_round(unsigned h)
{
    for (unsigned i = 0; i < N; i++) {
        h = h * 1664525u + 1013904223u + table[(i * 7u) & (N - 1u)];
        table[i] ^= h;
    }
    rounds_done++;
    return h;
}

int main(void)
{
#ifdef HOLD_FILE
    if (sh_call(SH_OPEN, (int)"/dev/null", 0, 0) < 0)
        return 100;
#endif
    unsigned h = 1;
    for (int r = 0; r < 8; r++) {
        h = mix_round(h);
        sh_puts("round ");
        sh_puthex(h);
        sh_puts("\n");
    }
    return (int)(h & 0x7f);
}

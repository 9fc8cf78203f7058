/* SPDX-License-Identifier: BSD-3-Clause */
/* The worked example of docs/debugging.md: fill() writes one sample past
 * the end of its buffer (i <= n instead of i < n) and so overwrites the
 * guard word that follows it; main() notices and exits 1.  A write
 * watchpoint on the guard stops at the faulty store. */
#include "semihost.h"

#define N 8

struct block {
    int samples[N];
    int guard;
};

struct block blk = { .guard = 0x600d };

__attribute__((noinline)) void fill(struct block *b, int n)
{
    for (int i = 0; i <= n; i++) /* the bug: i < n */
        ((volatile int *)b->samples)[i] = i * i;
}

int main(void)
{
    fill(&blk, N);
    if (blk.guard != 0x600d) {
        sh_puts("guard overwritten\n");
        return 1;
    }
    sh_puts("ok\n");
    return 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Semihosting calls that also return the guest errno (a3), and small
 * decimal printing helpers for the cli test programs. */
#ifndef CLI_SH_ERRNO_H
#define CLI_SH_ERRNO_H

#include "semihost.h"

enum {
    SH_SELECT_ONE = 29,
    SH_ARGC = 1000,
    SH_ARGV_SZ = 1001,
    SH_ARGV = 1002,
    SH_MEMSET = 1004
};

typedef struct sh_result {
    int ret;
    int err;
} sh_result;

static inline sh_result sh_call_e(int nr, int x, int y, int z)
{
    register int a2 __asm__("a2") = nr;
    register int a3 __asm__("a3") = x;
    register int a4 __asm__("a4") = y;
    register int a5 __asm__("a5") = z;
    __asm__ volatile("simcall"
                     : "+r"(a2), "+r"(a3)
                     : "r"(a4), "r"(a5)
                     : "memory");
    sh_result r = { a2, a3 };
    return r;
}

/* Decimal without division (this libgcc has no __udivsi3). */
static inline void put_dec(int v)
{
    static const unsigned pow10[] = { 1000000000u, 100000000u, 10000000u,
                                      1000000u,    100000u,    10000u,
                                      1000u,       100u,       10u,
                                      1u };
    char b[11];
    unsigned n = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    if (v < 0)
        b[n++] = '-';
    for (unsigned i = 0; i < 10; i++) {
        char d = '0';
        while (u >= pow10[i]) {
            u -= pow10[i];
            d++;
        }
        if (d != '0' || n > (v < 0 ? 1u : 0u) || i == 9)
            b[n++] = d;
    }
    sh_write(1, b, n);
}

/* "label ret\n", or "label -1 errno\n" for a failed call (errno is only
 * meaningful after a failure: QEMU 7.2 leaves a stale value on success). */
static inline void report(const char *label, sh_result r)
{
    sh_puts(label);
    sh_puts(" ");
    put_dec(r.ret);
    if (r.ret == -1) {
        sh_puts(" ");
        put_dec(r.err);
    }
    sh_puts("\n");
}
#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest side of semihosting (QEMU's Xtensa SIMCALL convention):
 * a2 = call number, a3..a5 = arguments; result in a2, errno in a3. */
#ifndef GUEST_SEMIHOST_H
#define GUEST_SEMIHOST_H

enum {
    SH_EXIT = 1,
    SH_READ = 3,
    SH_WRITE = 4,
    SH_OPEN = 5,
    SH_CLOSE = 6,
    SH_LSEEK = 19
};

static inline int sh_call(int nr, int x, int y, int z)
{
    register int a2 __asm__("a2") = nr;
    register int a3 __asm__("a3") = x;
    register int a4 __asm__("a4") = y;
    register int a5 __asm__("a5") = z;
    __asm__ volatile("simcall"
                     : "+r"(a2), "+r"(a3)
                     : "r"(a4), "r"(a5)
                     : "memory");
    return a2;
}

static inline void sh_exit(int status)
{
    sh_call(SH_EXIT, status, 0, 0);
    for (;;) {
    }
}

static inline int sh_write(int fd, const void *buf, unsigned n)
{
    return sh_call(SH_WRITE, fd, (int)buf, (int)n);
}

static inline unsigned sh_strlen(const char *s)
{
    unsigned n = 0;
    while (s[n])
        n++;
    return n;
}

static inline void sh_puts(const char *s)
{
    sh_write(1, s, sh_strlen(s));
}

/* Print an unsigned value as 8 hex digits. */
static inline void sh_puthex(unsigned v)
{
    char b[8];
    for (int i = 7; i >= 0; i--, v >>= 4)
        b[i] = "0123456789abcdef"[v & 15];
    sh_write(1, b, 8);
}
#endif

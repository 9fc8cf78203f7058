/* SPDX-License-Identifier: BSD-3-Clause */
/* The few C library memory functions the firmware and the compiler use
 * (GCC emits memset/memcpy calls for large struct copies/initialisers). */
#include <stddef.h>
#include <stdint.h>
#include <string.h> /* the prototypes this file defines */

void *memset(void *d, int c, size_t n)
{
    unsigned char *p = d;

    while (n--)
        *p++ = (unsigned char)c;
    return d;
}

void *memcpy(void *restrict d, const void *restrict s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;

    if ((((uintptr_t)p | (uintptr_t)q | n) & 3) == 0) {
        uint32_t *pw = d;
        const uint32_t *qw = s;
        for (; n; n -= 4)
            *pw++ = *qw++;
        return d;
    }
    while (n--)
        *p++ = *q++;
    return d;
}

void *memmove(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;

    if (p < q) {
        while (n--)
            *p++ = *q++;
    } else {
        while (n--)
            p[n] = q[n];
    }
    return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;

    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p - *q;
    return 0;
}

size_t strlen(const char *s)
{
    size_t n = 0;

    while (s[n])
        n++;
    return n;
}

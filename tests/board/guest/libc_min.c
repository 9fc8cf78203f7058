/* SPDX-License-Identifier: BSD-3-Clause */
/* memcpy and memset for board test programs (the compiler emits calls to
 * them for structure copies; there is no libc). */
#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n)
{
    volatile unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    volatile unsigned char *d = dst;
    while (n--)
        *d++ = (unsigned char)c;
    return dst;
}

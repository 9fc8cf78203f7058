/* SPDX-License-Identifier: BSD-3-Clause */
/* A small printf for the console hook. */
#include <stdint.h>
#include "fw/console.h"
#include "fw/platform.h"

struct out {
    char *buf;
    size_t size, len;
};

static void put(struct out *o, char c)
{
    if (o->len + 1 < o->size)
        o->buf[o->len] = c;
    o->len++;
}

static void put_padded(struct out *o, const char *s, size_t n, int width,
                       int left, char pad)
{
    int fill = width > (int)n ? width - (int)n : 0;

    if (!left && pad == '0' && n && (*s == '-')) {
        put(o, *s++);
        n--;
    }
    while (!left && fill-- > 0)
        put(o, pad);
    while (n--)
        put(o, *s++);
    while (left && fill-- > 0)
        put(o, ' ');
}

int fw_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
    struct out o = { buf, size, 0 };

    for (; *fmt; fmt++) {
        char tmp[24], *p, pad = ' ';
        int left = 0, width = 0, lng = 0, neg = 0;
        unsigned base = 10;
        uint64_t v;

        if (*fmt != '%') {
            put(&o, *fmt);
            continue;
        }
        fmt++;
        for (;; fmt++) {
            if (*fmt == '-')
                left = 1;
            else if (*fmt == '0')
                pad = '0';
            else
                break;
        }
        while (*fmt >= '0' && *fmt <= '9')
            width = width * 10 + (*fmt++ - '0');
        while (*fmt == 'l') {
            lng++;
            fmt++;
        }
        switch (*fmt) {
        case '\0':
            fmt--;
            continue;
        case '%':
            put(&o, '%');
            continue;
        case 'c':
            tmp[0] = (char)va_arg(ap, int);
            put_padded(&o, tmp, 1, width, left, ' ');
            continue;
        case 's': {
            const char *s = va_arg(ap, const char *);
            size_t n = 0;
            if (!s)
                s = "(null)";
            while (s[n])
                n++;
            put_padded(&o, s, n, width, left, ' ');
            continue;
        }
        case 'd':
        case 'i': {
            int64_t sv = lng >= 2 ? va_arg(ap, long long)
                         : lng    ? va_arg(ap, long)
                                  : va_arg(ap, int);
            neg = sv < 0;
            v = neg ? 0 - (uint64_t)sv : (uint64_t)sv;
            break;
        }
        case 'p':
            v = (uintptr_t)va_arg(ap, void *);
            base = 16;
            put(&o, '0');
            put(&o, 'x');
            break;
        case 'x':
        case 'X':
            base = 16;
            /* fall through */
        case 'u':
            v = lng >= 2 ? va_arg(ap, unsigned long long)
                : lng    ? va_arg(ap, unsigned long)
                         : va_arg(ap, unsigned);
            break;
        default:
            put(&o, '%');
            put(&o, *fmt);
            continue;
        }
        p = tmp + sizeof tmp;
        do {
            unsigned d = (unsigned)(v % base);
            *--p = (char)(d < 10 ? '0' + d
                                 : (*fmt == 'X' ? 'A' : 'a') + d - 10);
            v /= base;
        } while (v);
        if (neg)
            *--p = '-';
        put_padded(&o, p, (size_t)(tmp + sizeof tmp - p), width, left, pad);
    }
    if (size)
        buf[o.len < size ? o.len : size - 1] = '\0';
    return (int)o.len;
}

int fw_snprintf(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = fw_vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n;
}

int fw_vprintf(const char *fmt, va_list ap)
{
    char buf[160];
    int n = fw_vsnprintf(buf, sizeof buf, fmt, ap);

    fw_plat_console_write(buf,
                          n < (int)sizeof buf ? (size_t)n : sizeof buf - 1);
    return n;
}

int fw_printf(const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = fw_vprintf(fmt, ap);
    va_end(ap);
    return n;
}

void fw_puts(const char *s)
{
    size_t n = 0;

    while (s[n])
        n++;
    fw_plat_console_write(s, n);
}

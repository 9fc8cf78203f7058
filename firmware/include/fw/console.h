/* SPDX-License-Identifier: BSD-3-Clause */
/* Console output through the platform hook: a small printf with %d %i %u
 * %x %X %c %s %p %%, the flags '0' and '-', a width, and the 'l'/'ll'
 * length modifiers (64-bit with 'll'). */
#ifndef FW_CONSOLE_H
#define FW_CONSOLE_H

#include <stdarg.h>
#include <stddef.h>

int fw_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int fw_vprintf(const char *fmt, va_list ap);
/* Format into buf (always NUL-terminated when size > 0); returns the length
 * the full output would have. */
int fw_snprintf(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int fw_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
void fw_puts(const char *s);

#endif

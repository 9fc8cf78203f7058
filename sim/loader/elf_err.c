/* SPDX-License-Identifier: BSD-3-Clause */
/* The loader's error messages: "FILE: what is wrong" (elf_internal.h). */
#include <stdarg.h>
#include <stdio.h>

#include "elf_internal.h"

void xt_elf_errf(char *err, size_t errsz, const char *name, const char *fmt,
                 ...)
{
    if (!err || errsz == 0)
        return;
    int n = snprintf(err, errsz, "%s: ", name ? name : "(null)");
    if (n < 0 || (size_t)n >= errsz)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + n, errsz - (size_t)n, fmt, ap);
    va_end(ap);
}

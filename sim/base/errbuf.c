/* SPDX-License-Identifier: BSD-3-Clause */
/* Error buffers (errbuf.h). */
#include <stdio.h>

#include "dspsim/errbuf.h"

void ds_verrf(char *err, size_t errsz, const char *fmt, va_list ap)
{
    if (err && errsz)
        vsnprintf(err, errsz, fmt, ap);
}

void ds_errf(char *err, size_t errsz, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ds_verrf(err, errsz, fmt, ap);
    va_end(ap);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The error buffers of the host libraries' APIs: a function that fails
 * writes one line naming the problem into (err, errsz) given by its
 * caller, who may pass NULL or 0 for no text. */
#ifndef DSPSIM_ERRBUF_H
#define DSPSIM_ERRBUF_H

#include <stdarg.h>
#include <stddef.h>

/* Formats into err (at most errsz bytes, NUL-terminated, truncated if
 * longer); does nothing if err is NULL or errsz is 0. */
void ds_errf(char *err, size_t errsz, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void ds_verrf(char *err, size_t errsz, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* A whole file read into memory (the HTML report's plot data and plotting
 * library). */
#ifndef DSH_FILE_READ_H
#define DSH_FILE_READ_H

#include <stddef.h>

/* The whole file at path into *buf (grown with realloc to *cap bytes
 * when too small; *buf NULL and *cap 0 to start), NUL-terminated, its
 * length in bytes in *len (optional).  Returns *buf, or NULL when the
 * file cannot be read (*buf stays the caller's to free). */
char *dsh_file_read_into(const char *path, char **buf, size_t *cap,
                         size_t *len);

#endif

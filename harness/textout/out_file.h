/* SPDX-License-Identifier: BSD-3-Clause */
/* Report files written whole or not at all: the text goes to a temporary
 * file beside the target ("PATH.tmp.PID") that is renamed over PATH only
 * when every byte was written; a failed write leaves no PATH. */
#ifndef DSH_OUT_FILE_H
#define DSH_OUT_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct dsh_out_file {
    FILE *f;
    char tmp[4096];
    const char *path;
} dsh_out_file;

/* Opens the temporary file; false with "PATH: cannot create: REASON". */
bool dsh_out_open(dsh_out_file *o, const char *path, char *err, size_t errsz);
/* Closes it and renames it to the target (ok) or removes it (!ok, or a
 * write error: false with "PATH: write error[: REASON]"). */
bool dsh_out_close(dsh_out_file *o, bool ok, char *err, size_t errsz);

/* Creates the directory path and its missing parents (mkdir -p); false
 * with "DIR: cannot create directory: REASON" (DIR the first one that
 * could not be made) or "PATH: path too long". */
bool dsh_out_mkdirs(const char *path, char *err, size_t errsz);

/* The directory of a file path into out: "a/b.wav" -> "a", "b.wav" ->
 * ".", "/b.wav" -> "/" (truncated to n - 1 bytes). */
void dsh_dirname(const char *path, char *out, size_t n);

#endif

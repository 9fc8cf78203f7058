/* SPDX-License-Identifier: BSD-3-Clause */
/* The harness's files in the user's cache: work that is the same from
 * run to run, kept so that the next run reads it instead (FFTW's wisdom,
 * audio/fft_wisdom.h; the SRC responses of the HTML report,
 * plotdata/src_response.h).  The directory is $DSPSIM_CACHE_DIR, else
 * $XDG_CACHE_HOME/dspsim, else ~/.cache/dspsim: the parent of the
 * translation cache (docs/performance.md).  A file appears there only
 * whole (written under a temporary name, then renamed), so that two
 * processes writing the same one leave one of their copies; a file that
 * cannot be read, or is not what its reader expects, is as good as
 * none: the work is done again. */
#ifndef DSH_CACHE_FILE_H
#define DSH_CACHE_FILE_H

#include <stdbool.h>
#include <stddef.h>

/* The path of the cache's file `name` into out (n bytes); false when no
 * variable names a directory, or the path is too long. */
bool dsh_cache_path(const char *name, char *out, size_t n);
/* Writes len bytes as the cache's file `name` (its directories made);
 * false when it could not (nothing is left behind). */
bool dsh_cache_write(const char *name, const void *data, size_t len);

#endif

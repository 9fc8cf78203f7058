/* SPDX-License-Identifier: BSD-3-Clause */
/* Helpers shared by the harness tests: a scratch directory and small
 * synthetic WAV files. */
#ifndef HARNESS_TEST_UTIL_H
#define HARNESS_TEST_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "audio/pcm_format.h"

/* Creates a fresh directory under $TMPDIR (or /tmp); returns its path
 * (static storage). */
const char *ht_make_tmpdir(const char *tag);
/* Removes a directory tree created by ht_make_tmpdir. */
void ht_remove_tree(const char *dir);
/* dir/name into a static rotating buffer. */
const char *ht_path(const char *dir, const char *name);
/* Writes a sine WAV (amplitude `amp` of full scale, every channel the
 * same); aborts the test on failure. */
void ht_write_sine(const char *path, unsigned rate, unsigned channels,
                   uint64_t frames, double freq, double amp,
                   dsh_pcm_format fmt);
void ht_write_text(const char *path, const char *text);
/* Reads a whole file; caller frees.  *len gets the size. */
char *ht_read_file(const char *path, size_t *len);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Completeness of RIFF WAV files.
 *
 * A WAV file whose data chunk promises more bytes than the file holds (a
 * cut download, a copy interrupted) is read by libsndfile as the frames
 * that are there, without a word.  dsh_wav_check_complete() finds it:
 * false with "PATH: truncated file: its header promises N frames, the
 * file holds M" in err.  Files that are not RIFF WAV, and data sizes 0 or
 * 0xffffffff (written as a stream), pass. */
#ifndef DSH_WAV_CHECK_H
#define DSH_WAV_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool dsh_wav_check_complete(const char *path, char *err, size_t errsz);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Sound-file I/O through libsndfile.
 *
 * Reading accepts any format libsndfile reads (WAV, AIFF, FLAC, raw
 * headers it knows, float or integer PCM).  Samples come back as
 * interleaved Q1.31 int32 frames (pcm_format.h): an N-bit integer sample
 * v becomes v << (32 - N); float samples are scaled by 2^31 and clipped.
 * Nothing is ever resampled or remixed: dsh_audio_check_params() turns a
 * rate or channel mismatch into an error naming both sides.
 *
 * Writing produces RIFF WAV, integer PCM at 16, 24 (packed 3-byte; the
 * board's S24_4LE container maps as described in pcm_format.h) or 32
 * bits.  Q1.31 samples are rounded to the format (dsh_q31_quantize), so
 * the bytes are a pure function of the samples: deterministic output.
 * The file is written as ".NAME.tmp-PID-N" beside the target and renamed
 * over it only when complete, so a failed or interrupted write leaves no
 * partial file (and an existing target untouched).
 *
 * A RIFF WAV whose header promises more frames than the file holds is an
 * error on probe and read (wav_check.h), not a shorter input.
 */
#ifndef DSH_WAV_IO_H
#define DSH_WAV_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pcm_format.h"

typedef struct dsh_audio_info {
    unsigned rate; /* Hz */
    unsigned channels;
    uint64_t frames;
    unsigned bits;   /* integer PCM width; 0 = float or other */
    char format[48]; /* e.g. "WAV PCM_16", for messages */
} dsh_audio_info;

typedef struct dsh_audio {
    int32_t *samples; /* frames * channels, interleaved, Q1.31 */
    uint64_t frames;
    unsigned channels;
    unsigned rate;       /* Hz */
    dsh_audio_info info; /* what the file was */
} dsh_audio;

/* Header only.  false + "path: problem" in err on failure. */
bool dsh_audio_probe(const char *path, dsh_audio_info *info, char *err,
                     size_t errsz);
bool dsh_audio_read(const char *path, dsh_audio *out, char *err, size_t errsz);
/* A file read a window at a time (64 KiB of samples), for inputs of any
 * length: only the window is in memory.  Opening checks the file as
 * dsh_audio_probe does and fills *info; NULL + "path: problem" in err on
 * failure. */
typedef struct dsh_audio_stream dsh_audio_stream;
dsh_audio_stream *dsh_audio_stream_open(const char *path, dsh_audio_info *info,
                                        char *err, size_t errsz);
/* Frames [first, first + n) as interleaved Q1.31 at dst (n * channels
 * values), in any order (a step back seeks); first + n must not pass
 * info->frames.  false + "path: read N of M frames: why" in err when the
 * file ends early or fails to decode (a file that fails once may fail
 * again: the caller gives up on it). */
bool dsh_audio_stream_read(dsh_audio_stream *s, uint64_t first, uint64_t n,
                           int32_t *dst, char *err, size_t errsz);
void dsh_audio_stream_close(dsh_audio_stream *s);
/* Zero-filled buffer; false if out of memory or absurd size. */
bool dsh_audio_alloc(dsh_audio *a, uint64_t frames, unsigned channels,
                     unsigned rate);
void dsh_audio_free(dsh_audio *a);

bool dsh_audio_write_wav(const char *path, const int32_t *samples,
                         uint64_t frames, unsigned channels, unsigned rate,
                         dsh_pcm_format fmt, char *err, size_t errsz);
/* The same from a source read a block at a time (the file grows as it
 * is read, memory does not): rd puts frames [first, first + n) (Q1.31,
 * interleaved) into dst, or returns false with err set, which fails the
 * write (no file is left).  n is at most 4096 / channels. */
typedef bool (*dsh_audio_reader)(void *user, uint64_t first, uint64_t n,
                                 int32_t *dst, char *err, size_t errsz);
bool dsh_audio_write_wav_from(const char *path, dsh_audio_reader rd, void *user,
                              uint64_t frames, unsigned channels, unsigned rate,
                              dsh_pcm_format fmt, char *err, size_t errsz);

/* false with "PATH is R Hz, C channels but WHAT is R2 Hz, C2 channels
 * (no resampling or channel mapping is done)" if they differ. */
bool dsh_audio_check_params(const dsh_audio_info *info, const char *path,
                            unsigned rate, unsigned channels, const char *what,
                            char *err, size_t errsz);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* libsndfile, loaded when a sound file is first opened (dlopen of
 * libsndfile.so.1), not at every command's start: the commands that read
 * and write no audio (exec, the debugger, the conformance runs) would
 * otherwise map it and the seven codec libraries it links (FLAC, Vorbis,
 * Opus, MPEG) for nothing.  wav_io.c includes this header instead of
 * <sndfile.h>: the same names, mapped to the functions below, which
 * forward to the library's.  Where the library cannot be loaded, an open
 * returns NULL and sf_strerror(NULL) says why. */
#ifndef DSPSIM_SNDFILE_DL_H
#define DSPSIM_SNDFILE_DL_H

#include <sndfile.h>

#define sf_open         dsh_sf_open
#define sf_open_fd      dsh_sf_open_fd
#define sf_open_virtual dsh_sf_open_virtual
#define sf_close        dsh_sf_close
#define sf_readf_int    dsh_sf_readf_int
#define sf_readf_double dsh_sf_readf_double
#define sf_writef_int   dsh_sf_writef_int
#define sf_seek         dsh_sf_seek
#define sf_command      dsh_sf_command
#define sf_strerror     dsh_sf_strerror
#define sf_error        dsh_sf_error
#define sf_error_number dsh_sf_error_number
#define sf_format_check dsh_sf_format_check

SNDFILE *dsh_sf_open(const char *path, int mode, SF_INFO *info);
SNDFILE *dsh_sf_open_fd(int fd, int mode, SF_INFO *info, int close_desc);
SNDFILE *dsh_sf_open_virtual(SF_VIRTUAL_IO *vio, int mode, SF_INFO *info,
                             void *user);
int dsh_sf_close(SNDFILE *sf);
sf_count_t dsh_sf_readf_int(SNDFILE *sf, int *ptr, sf_count_t frames);
sf_count_t dsh_sf_readf_double(SNDFILE *sf, double *ptr, sf_count_t frames);
sf_count_t dsh_sf_writef_int(SNDFILE *sf, const int *ptr, sf_count_t frames);
sf_count_t dsh_sf_seek(SNDFILE *sf, sf_count_t frames, int whence);
int dsh_sf_command(SNDFILE *sf, int cmd, void *data, int datasize);
const char *dsh_sf_strerror(SNDFILE *sf);
int dsh_sf_error(SNDFILE *sf);
const char *dsh_sf_error_number(int errnum);
/* Without the library: true (the open that follows fails and says why). */
int dsh_sf_format_check(const SF_INFO *info);

#endif

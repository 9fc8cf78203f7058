/* SPDX-License-Identifier: BSD-3-Clause */
/* Checks of the files and directories a command will write or load,
 * made before anything runs (docs/cli.md): each prints
 * "dspsim CMD: ..." on stderr and returns false on a problem (exit 2). */
#ifndef DSPSIM_CLI_OUT_CHECK_H
#define DSPSIM_CLI_OUT_CHECK_H

#include <stdbool.h>
#include <stddef.h>

/* An output file OUT: refused when it exists and is not a regular file,
 * when it is (same inode, through symlinks too) one of the n inputs, or
 * when its directory is missing or not writable.  resolved receives the
 * path to write: OUT, or the file a symlink OUT points to. */
bool cli_check_output_file(const char *cmd, const char *out,
                           const char *const *inputs, unsigned n,
                           char *resolved, size_t resolved_sz);

/* A directory the command writes into (`--artifacts`, `--out-dir`):
 * refused when it exists and is not a directory, or cannot be created or
 * written; created (with its parents) when missing. */
bool cli_check_output_dir(const char *cmd, const char *opt, const char *dir);

/* The firmware image: path (NULL or "" = the tree's default) must be a
 * readable Xtensa ELF the loader accepts.  `given`: named by --firmware
 * (messages say so). */
bool cli_check_firmware(const char *cmd, const char *path, bool given);

#endif

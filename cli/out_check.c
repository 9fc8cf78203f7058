/* SPDX-License-Identifier: BSD-3-Clause */
/* Checks of output paths and the firmware image before a run
 * (out_check.h). */
#define _DEFAULT_SOURCE
#include "out_check.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dspsim/loader.h"
#include "exec/exec.h"
#include "textout/out_file.h"

bool cli_check_output_file(const char *cmd, const char *out,
                           const char *const *inputs, unsigned n,
                           char *resolved, size_t resolved_sz)
{
    struct stat so, si, sl;
    if (!out[0] || out[strlen(out) - 1] == '/') {
        fprintf(stderr, "dspsim %s: output '%s' names no file\n", cmd, out);
        return false;
    }
    snprintf(resolved, resolved_sz, "%s", out);
    if (stat(out, &so) == 0) {
        if (!S_ISREG(so.st_mode)) {
            fprintf(stderr,
                    "dspsim %s: output '%s' exists and is not a "
                    "regular file (%s): refused\n",
                    cmd, out,
                    S_ISDIR(so.st_mode) ? "a directory"
                                        : "a device, FIFO "
                                          "or socket");
            return false;
        }
        for (unsigned i = 0; i < n; i++)
            if (stat(inputs[i], &si) == 0 && si.st_dev == so.st_dev &&
                si.st_ino == so.st_ino) {
                fprintf(stderr,
                        "dspsim %s: output '%s' is the input '%s'"
                        "%s: refused (it would be overwritten)\n",
                        cmd, out, inputs[i],
                        strcmp(out, inputs[i]) ? " (the same file)" : "");
                return false;
            }
        /* a symlink: write the file it points to, not over the link */
        if (lstat(out, &sl) == 0 && S_ISLNK(sl.st_mode)) {
            char real[PATH_MAX];
            if (!realpath(out, real)) {
                fprintf(stderr, "dspsim %s: output '%s': %s\n", cmd, out,
                        strerror(errno));
                return false;
            }
            snprintf(resolved, resolved_sz, "%s", real);
        }
    } else if (errno != ENOENT) {
        fprintf(stderr, "dspsim %s: output '%s': %s\n", cmd, out,
                strerror(errno));
        return false;
    } else if (lstat(out, &sl) == 0) {
        fprintf(stderr,
                "dspsim %s: output '%s' is a dangling symbolic "
                "link: refused\n",
                cmd, out);
        return false;
    }
    char dir[PATH_MAX];
    struct stat sd;
    dsh_dirname(resolved, dir, sizeof dir);
    if (stat(dir, &sd) != 0 || !S_ISDIR(sd.st_mode)) {
        fprintf(stderr,
                "dspsim %s: output '%s': directory '%s' does not "
                "exist\n",
                cmd, out, dir);
        return false;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        fprintf(stderr,
                "dspsim %s: output '%s': directory '%s' is not "
                "writable: %s\n",
                cmd, out, dir, strerror(errno));
        return false;
    }
    return true;
}

bool cli_check_output_dir(const char *cmd, const char *opt, const char *dir)
{
    struct stat st;
    char err[512];
    if (!dir[0]) {
        fprintf(stderr, "dspsim %s: %s needs a directory\n", cmd, opt);
        return false;
    }
    if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
        fprintf(stderr,
                "dspsim %s: %s '%s' exists and is not a "
                "directory\n",
                cmd, opt, dir);
        return false;
    }
    if (!dsh_exec_mkdir_p(dir, err, sizeof err)) {
        fprintf(stderr, "dspsim %s: %s: %s\n", cmd, opt, err);
        return false;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "dspsim %s: %s '%s' is not writable: %s\n", cmd, opt,
                dir, strerror(errno));
        return false;
    }
    return true;
}

bool cli_check_firmware(const char *cmd, const char *path, bool given)
{
    const char *fw = path && path[0] ? path : dsh_exec_default_firmware();
    const char *what = given ? "--firmware" : "firmware";
    struct stat st;
    if (given && path && !path[0]) {
        fprintf(stderr, "dspsim %s: --firmware needs an ELF file\n", cmd);
        return false;
    }
    if (!fw[0]) {
        fprintf(stderr,
                "dspsim %s: no firmware image configured (use "
                "--firmware ELF)\n",
                cmd);
        return false;
    }
    if (stat(fw, &st) != 0) {
        fprintf(stderr, "dspsim %s: %s '%s': %s%s\n", cmd, what, fw,
                strerror(errno),
                given ? ""
                      : " (the audio firmware is "
                        "not built: build the tree, or use --firmware ELF)");
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        fprintf(stderr, "dspsim %s: %s '%s' is not a regular file\n", cmd, what,
                fw);
        return false;
    }
    xt_elf *elf = NULL;
    char err[512];
    if (xt_elf_open(fw, &elf, err, sizeof err) != XT_LOAD_OK) {
        fprintf(stderr, "dspsim %s: %s '%s' cannot be loaded: %s\n", cmd, what,
                fw, err);
        return false;
    }
    xt_elf_free(elf);
    return true;
}

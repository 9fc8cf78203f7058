/* SPDX-License-Identifier: BSD-3-Clause */
/* Case execution: directory helper shared by the CLI commands. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "exec/exec.h"

bool dsh_exec_mkdir_p(const char *path, char *err, size_t errsz)
{
    char buf[DSH_PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        snprintf(err, errsz, "path too long: %s", path);
        return false;
    }
    for (char *p = buf + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char c = *p;
            *p = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
                snprintf(err, errsz, "cannot create directory '%s': %s", buf,
                         strerror(errno));
                return false;
            }
            *p = c;
            if (!c)
                break;
        }
    }
    return true;
}

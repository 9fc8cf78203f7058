/* SPDX-License-Identifier: BSD-3-Clause */
/* A whole file read into memory (file_read.h). */
#include "file_read.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

char *dsh_file_read_into(const char *path, char **buf, size_t *cap, size_t *len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    struct stat st;
    size_t n = 0;
    bool ok = !fstat(fd, &st);
    size_t need = ok ? (size_t)st.st_size + 1 : 0;
    if (ok && need > *cap) {
        char *nb = realloc(*buf, need);
        ok = nb != NULL;
        if (ok) {
            *buf = nb;
            *cap = need;
        }
    }
    while (ok && n + 1 < *cap) {
        ssize_t r = read(fd, *buf + n, *cap - 1 - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    close(fd);
    if (!ok)
        return NULL;
    (*buf)[n] = '\0';
    if (len)
        *len = n;
    return *buf;
}

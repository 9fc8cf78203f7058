/* SPDX-License-Identifier: BSD-3-Clause */
/* libsndfile loaded on first use (sndfile_dl.h). */
#include "sndfile_dl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#define SNDFILE_SONAME "libsndfile.so.1"

static struct {
    SNDFILE *(*open)(const char *, int, SF_INFO *);
    SNDFILE *(*open_fd)(int, int, SF_INFO *, int);
    SNDFILE *(*open_virtual)(SF_VIRTUAL_IO *, int, SF_INFO *, void *);
    int (*close)(SNDFILE *);
    sf_count_t (*readf_int)(SNDFILE *, int *, sf_count_t);
    sf_count_t (*readf_double)(SNDFILE *, double *, sf_count_t);
    sf_count_t (*writef_int)(SNDFILE *, const int *, sf_count_t);
    sf_count_t (*seek)(SNDFILE *, sf_count_t, int);
    int (*command)(SNDFILE *, int, void *, int);
    const char *(*strerror)(SNDFILE *);
    int (*error)(SNDFILE *);
    const char *(*error_number)(int);
    int (*format_check)(const SF_INFO *);
} lib;
static bool loaded;
static char load_err[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Every function or none: loaded says which. */
static void load(void)
{
    void *h = dlopen(SNDFILE_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        snprintf(load_err, sizeof load_err, "cannot load %s: %s",
                 SNDFILE_SONAME, e ? e : "unknown error");
        return;
    }
    struct {
        void **slot;
        const char *name;
    } syms[] = {
        { (void **)&lib.open, "sf_open" },
        { (void **)&lib.open_fd, "sf_open_fd" },
        { (void **)&lib.open_virtual, "sf_open_virtual" },
        { (void **)&lib.close, "sf_close" },
        { (void **)&lib.readf_int, "sf_readf_int" },
        { (void **)&lib.readf_double, "sf_readf_double" },
        { (void **)&lib.writef_int, "sf_writef_int" },
        { (void **)&lib.seek, "sf_seek" },
        { (void **)&lib.command, "sf_command" },
        { (void **)&lib.strerror, "sf_strerror" },
        { (void **)&lib.error, "sf_error" },
        { (void **)&lib.error_number, "sf_error_number" },
        { (void **)&lib.format_check, "sf_format_check" },
    };
    for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++) {
        if (!(*syms[i].slot = dlsym(h, syms[i].name))) {
            snprintf(load_err, sizeof load_err, "%s has no %s", SNDFILE_SONAME,
                     syms[i].name);
            dlclose(h);
            return;
        }
    }
    loaded = true; /* the handle stays open for the process's life */
}

static bool ready(void)
{
    pthread_once(&once, load);
    return loaded;
}

SNDFILE *dsh_sf_open(const char *path, int mode, SF_INFO *info)
{
    return ready() ? lib.open(path, mode, info) : NULL;
}

SNDFILE *dsh_sf_open_fd(int fd, int mode, SF_INFO *info, int close_desc)
{
    return ready() ? lib.open_fd(fd, mode, info, close_desc) : NULL;
}

SNDFILE *dsh_sf_open_virtual(SF_VIRTUAL_IO *vio, int mode, SF_INFO *info,
                             void *user)
{
    return ready() ? lib.open_virtual(vio, mode, info, user) : NULL;
}

/* The functions below take an open file: the library is loaded. */
int dsh_sf_close(SNDFILE *sf)
{
    return lib.close(sf);
}

sf_count_t dsh_sf_readf_int(SNDFILE *sf, int *ptr, sf_count_t frames)
{
    return lib.readf_int(sf, ptr, frames);
}

sf_count_t dsh_sf_readf_double(SNDFILE *sf, double *ptr, sf_count_t frames)
{
    return lib.readf_double(sf, ptr, frames);
}

sf_count_t dsh_sf_writef_int(SNDFILE *sf, const int *ptr, sf_count_t frames)
{
    return lib.writef_int(sf, ptr, frames);
}

sf_count_t dsh_sf_seek(SNDFILE *sf, sf_count_t frames, int whence)
{
    return lib.seek(sf, frames, whence);
}

int dsh_sf_command(SNDFILE *sf, int cmd, void *data, int datasize)
{
    return lib.command(sf, cmd, data, datasize);
}

int dsh_sf_error(SNDFILE *sf)
{
    return lib.error(sf);
}

const char *dsh_sf_strerror(SNDFILE *sf)
{
    return ready() ? lib.strerror(sf) : load_err;
}

const char *dsh_sf_error_number(int errnum)
{
    return ready() ? lib.error_number(errnum) : load_err;
}

int dsh_sf_format_check(const SF_INFO *info)
{
    return ready() ? lib.format_check(info) : 1;
}

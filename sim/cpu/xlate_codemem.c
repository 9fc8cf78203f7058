/* SPDX-License-Identifier: BSD-3-Clause */
/* Executable memory for the direct back ends.  Code goes into chunks of
 * 1 MiB, each a memory file mapped twice: once writable, where the code
 * is copied, once executable, where it runs, so that no page is ever
 * writable and executable at once and installing a unit costs no system
 * call (an mprotect and an munmap per unit flushed TLBs: 7 % of a test
 * suite's time in a VM).  A chunk is unmapped once every unit in it is
 * freed and another chunk is being filled.  Where memory files are not
 * available, each unit gets pages of its own, written, then made
 * executable and read-only. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "populate.h"
#include "xlate_codemem.h"

#define CHUNK (1u << 20)
#define ALIGN 64u

typedef struct chunk {
    uint8_t *rw, *rx;
    size_t size, used;
    unsigned live; /* units in it */
} chunk;

struct xl_code {
    chunk *c;      /* NULL: pages of its own */
    void *pages;   /* those pages */
    size_t npages; /* their size */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static chunk *filling; /* the chunk new code goes to */
static int no_memfd;   /* memfd_create or its mappings failed once */

static size_t round_up(size_t n, size_t a)
{
    return (n + a - 1) / a * a;
}

static void chunk_unmap(chunk *c)
{
    munmap(c->rw, c->size);
    munmap(c->rx, c->size);
    free(c);
}

static chunk *chunk_new(size_t size)
{
    int fd = memfd_create("dspsim-code", MFD_CLOEXEC);
    chunk *c = fd >= 0 ? calloc(1, sizeof *c) : NULL;
    if (c && ftruncate(fd, (off_t)size) == 0) {
        c->size = size;
        c->rw = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        c->rx = mmap(NULL, size, PROT_READ | PROT_EXEC, MAP_SHARED, fd, 0);
        if (c->rw == MAP_FAILED || c->rx == MAP_FAILED) {
            if (c->rw != MAP_FAILED)
                munmap(c->rw, size);
            if (c->rx != MAP_FAILED)
                munmap(c->rx, size);
            free(c);
            c = NULL;
        }
    } else {
        free(c);
        c = NULL;
    }
    if (fd >= 0)
        close(fd);
    return c;
}

/* The pages of [off, off + len) of a chunk mapped in both views at once,
 * one system call each, instead of one fault per page when the code is
 * copied (writable view) and another when it first runs (executable
 * view): a unit is 50-150 KiB, and these faults were a quarter of an
 * empty-cache play's page faults.  A kernel without MADV_POPULATE_*
 * (before Linux 5.14) refuses it, and the pages fault as before. */
static void populate(chunk *c, size_t off, size_t len)
{
    if (populate_pages(c->rw + off, len, true))
        populate_pages(c->rx + off, len, false);
}

/* pages of its own: written, then read-only and executable */
static void *own_pages(const void *bytes, size_t len, xl_code *p)
{
    size_t size = round_up(len, 4096);
    void *m = mmap(NULL, size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    memcpy(m, bytes, len);
    if (mprotect(m, size, PROT_READ | PROT_EXEC)) {
        munmap(m, size);
        return NULL;
    }
    p->pages = m;
    p->npages = size;
    return m;
}

void *xlate_codemem_put(const void *bytes, size_t len, xl_code **piece)
{
    xl_code *p = calloc(1, sizeof *p);
    void *at = NULL;
    *piece = NULL;
    if (!p)
        return NULL;
    pthread_mutex_lock(&lock);
    size_t need = round_up(len, ALIGN);
    if (!no_memfd && (!filling || filling->size - filling->used < need)) {
        chunk *c = chunk_new(need > CHUNK ? round_up(need, 4096) : CHUNK);
        if (!c) {
            no_memfd = 1;
        } else {
            if (filling && !filling->live)
                chunk_unmap(filling);
            filling = c;
        }
    }
    if (!no_memfd) {
        populate(filling, filling->used, len);
        memcpy(filling->rw + filling->used, bytes, len);
        at = filling->rx + filling->used;
        filling->used += need;
        filling->live++;
        p->c = filling;
    }
    pthread_mutex_unlock(&lock);
    if (!at)
        at = own_pages(bytes, len, p);
    if (!at) {
        free(p);
        return NULL;
    }
    *piece = p;
    return at;
}

void xlate_codemem_free(xl_code *p)
{
    if (!p)
        return;
    if (p->c) {
        pthread_mutex_lock(&lock);
        if (--p->c->live == 0 && p->c != filling)
            chunk_unmap(p->c);
        pthread_mutex_unlock(&lock);
    } else {
        munmap(p->pages, p->npages);
    }
    free(p);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The host allocator with failure injection (host_platform.h). */
#include "host_platform.h"

#include <stdlib.h>
#include <string.h>

static void *t_alloc(void *ctx, size_t bytes, size_t align)
{
    struct host_alloc *t = ctx;
    void *p;

    if (t->fail_after == 0)
        return NULL;
    if (t->fail_after > 0)
        t->fail_after--;
    if (align < sizeof(void *))
        align = sizeof(void *);
    if (posix_memalign(&p, align, bytes))
        return NULL;
    memset(p, 0xa5, bytes); /* catch use of uninitialised memory */
    t->live++;
    t->allocs++;
    return p;
}

static void t_free(void *ctx, void *p)
{
    struct host_alloc *t = ctx;

    t->live--;
    free(p);
}

void host_alloc_init(struct host_alloc *t)
{
    memset(t, 0, sizeof(*t));
    t->a.alloc = t_alloc;
    t->a.free = t_free;
    t->a.ctx = t;
    t->fail_after = -1;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The direct back end (tier 1 on x86-64 hosts): a page's unit emitted as
 * machine code inside the process (xlate_x64.c) in tens of microseconds,
 * with no compiler and no cache file; its code goes into executable
 * memory (xlate_codemem.c).  Rebuilt by every run: it costs less than
 * loading an object would. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "xlate_backend.h"
#include "xlate_codemem.h"
#include "xlate_share.h"
#include "xlate_x64.h"

#if defined(__x86_64__)

typedef struct x64_obj {
    void *code;
    xl_code *piece;
} x64_obj;

static uint64_t cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int x64_available(const char *cc)
{
    (void)cc;
    return 1;
}

static uint64_t x64_seed(const char *prelude, size_t plen, const char *cc,
                         unsigned opt_level)
{
    (void)prelude;
    (void)plen;
    (void)cc;
    (void)opt_level;
    return 0x7836342d64697265ull; /* never names a cache file */
}

/* A unit of the region shared with the other processes forked from the
 * same parent (xlate_share.h): its code run where it is, its heads and
 * cover copied (the tier manager owns and frees them). */
static x64_obj *shared_unit(const xl_shared_unit *su, xl_unit_src *u)
{
    x64_obj *o = calloc(1, sizeof *o);
    u->heads = malloc((su->nheads ? su->nheads : 1) * sizeof *u->heads);
    u->cover = malloc(XT_PAGE_SIZE / 8);
    if (!o || !u->heads || !u->cover) {
        free(o);
        free(u->heads);
        free(u->cover);
        u->heads = NULL;
        u->cover = NULL;
        return NULL;
    }
    memcpy(u->heads, su->heads, su->nheads * sizeof *u->heads);
    memcpy(u->cover, su->cover, XT_PAGE_SIZE / 8);
    u->nheads = (uint16_t)su->nheads;
    u->cached = 1; /* counted as found, not built */
    o->code = su->code;
    return o;
}

/* $DSPSIM_PERF_MAP=1: each unit's code named in /tmp/perf-PID.map, the
 * symbol map `perf report` reads for code made at run time ("xk_PPPPP",
 * PPPPP the guest page number); with $DSPSIM_XLATE_DUMP=DIR also its
 * bytes in DIR/x64-PPPPP.bin (`objdump -D -b binary -mi386:x86-64`). */
static void note_unit(uint32_t pn, const void *code, size_t len)
{
    static int map = -1;
    static const char *dir;
    if (map < 0) {
        const char *e = getenv("DSPSIM_PERF_MAP");
        map = e && *e && strcmp(e, "0") != 0;
        dir = getenv("DSPSIM_XLATE_DUMP");
        if (dir && !*dir)
            dir = NULL;
    }
    char path[4200];
    FILE *f;
    if (map) {
        snprintf(path, sizeof path, "/tmp/perf-%ld.map", (long)getpid());
        if ((f = fopen(path, "a")) != NULL) {
            fprintf(f, "%lx %zx xk_%05x\n", (unsigned long)(uintptr_t)code, len,
                    (unsigned)pn);
            fclose(f);
        }
    }
    if (dir) {
        snprintf(path, sizeof path, "%s/x64-%05x.bin", dir, (unsigned)pn);
        if ((f = fopen(path, "wb")) != NULL) {
            fwrite(code, 1, len, f);
            fclose(f);
        }
    }
}

static void *x64_emit(struct xt_cpu *cpu, uint32_t pn, xl_unit_src *u,
                      unsigned flags, uint64_t *ns)
{
    uint64_t t0 = cpu_ns();
    uint8_t *code;
    size_t len;
    unsigned nh, claim = 0;
    x64_obj *o = NULL;
    xl_shared_unit su;
    int share = xlate_share_get(u->emit_key, &su, &claim);
    if (share == XL_SHARE_HIT) {
        o = shared_unit(&su, u);
        goto done;
    }
    if (xlate_x64_unit(cpu, pn, flags, &code, &len, &u->heads, &nh,
                       &u->cover)) {
        if (share == XL_SHARE_CLAIMED)
            xlate_share_abandon(claim);
        goto done;
    }
    u->nheads = (uint16_t)nh;
    o = calloc(1, sizeof *o);
    if (o && share == XL_SHARE_CLAIMED) {
        o->code = xlate_share_publish(claim, code, len, u->heads, nh, u->cover);
        if (o->code) {
            note_unit(pn, o->code, len);
            goto done;
        }
    } else if (share == XL_SHARE_CLAIMED) {
        xlate_share_abandon(claim);
    }
    if (!o || (o->code = xlate_codemem_put(code, len, &o->piece)) == NULL) {
        free(o);
        o = NULL;
    } else {
        note_unit(pn, o->code, len);
    }
done:
    *ns += cpu_ns() - t0;
    return o;
}

static void *x64_sym(void *handle, const char *name)
{
    x64_obj *o = handle;
    if (strncmp(name, "xu_", 3) == 0)
        return (uint8_t *)o->code + XLATE_X64_FN_OFFSET;
    if (strncmp(name, "xk_", 3) == 0)
        return (uint8_t *)o->code + XLATE_X64_JUMP_OFFSET;
    return NULL;
}

static void x64_unload(void *handle)
{
    x64_obj *o = handle;
    if (o) {
        xlate_codemem_free(o->piece);
        free(o);
    }
}

const xl_backend xlate_be_x64 = {
    .name = "x64",
    .available = x64_available,
    .seed = x64_seed,
    .emit = x64_emit,
    .sym = x64_sym,
    .unload = x64_unload,
};
#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Direct back-end units shared between the processes forked from one
 * parent (docs/performance.md, "A test suite").
 *
 * `dspsim test -j N` runs each case in a child forked from the runner;
 * every child used to emit the x86-64 units of the same firmware pages
 * again (a vector case: 11 pages, 1.1 MB of code, a fifth of its host
 * time with the page faults of copying it into fresh executable memory).
 * xt_xlate_share_begin, called by the parent before it forks, maps a
 * memory file twice (writable, executable; MAP_SHARED, so every child
 * sees the same pages at the same addresses) with a table of units by
 * key in front.  A child that needs a unit looks its key up: found, it
 * runs the code where it is; absent, it claims the slot, emits the unit
 * and publishes it there, so that each unit is emitted once per suite.
 *
 * The key is the unit's (xlate_gen_unit_key over the page's decoded
 * instructions and the timing, seeded by the back end and the selftest
 * flag): the direct back end's code is a function of exactly that and
 * position-independent (its tables rip-relative, the helpers called
 * through the env), so a shared unit is byte for byte the one the child
 * would have emitted; results cannot differ.
 *
 * No lock: a slot is claimed by a compare-and-swap of its key and made
 * visible by a release store of its state; the data go where an atomic
 * bump pointer says.  A child killed while it emits leaves a claimed slot
 * that is never ready: the others see its producer gone (or wait at most
 * a second) and emit privately.  A full table or region: private units,
 * as without sharing.  DSPSIM_XLATE_SHARE=0 turns sharing off (a
 * comparison, the test that sharing changes no output). */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "dspsim/xtcpu.h"
#include "populate.h"
#include "xlate_share.h"

#define SHARE_MAGIC   0x6873783634756e74ull
#define SHARE_SLOTS   8192u
#define SHARE_ALIGN   64u
#define SHARE_WAIT_NS 1000000000ull /* a second for a live producer */
#define COVER_BYTES   (XT_PAGE_SIZE / 8)

enum { ST_EMITTING = 0, ST_READY = 1, ST_ABANDONED = 2 };

typedef struct slot {
    _Atomic uint64_t key; /* 0: free */
    _Atomic uint32_t state;
    _Atomic int32_t pid; /* the producer */
    uint64_t off;        /* code, then heads, then cover */
    uint32_t len, nheads;
} slot;

typedef struct hdr {
    uint64_t magic;
    _Atomic uint64_t used; /* bytes of the data area handed out */
    slot slots[SHARE_SLOTS];
} hdr;

static hdr *H;           /* the writable mapping's start */
static uint8_t *data_rw; /* the data area, writable */
static uint8_t *data_rx; /* the same, executable */
static size_t map_size;  /* of each mapping */
static size_t data_size; /* of the data area */

static size_t round_up(size_t n, size_t a)
{
    return (n + a - 1) / a * a;
}

xt_err xt_xlate_share_begin(size_t bytes)
{
    const char *off = getenv("DSPSIM_XLATE_SHARE");
    if (H || (off && !strcmp(off, "0")))
        return XT_OK;
#if !defined(__x86_64__)
    (void)bytes;
    return XT_OK; /* no direct back end: nothing to share */
#else
    size_t head = round_up(sizeof(hdr), 4096);
    if (!bytes)
        bytes = (size_t)256 << 20;
    if (bytes < (size_t)1 << 20)
        bytes = (size_t)1 << 20;
    size_t size = head + round_up(bytes, 4096);
    int fd = memfd_create("dspsim-shared-code", MFD_CLOEXEC);
    if (fd < 0)
        return XT_OK; /* no memory files: each process emits its own */
    void *rw = MAP_FAILED, *rx = MAP_FAILED;
    if (ftruncate(fd, (off_t)size) == 0) {
        rw = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        rx = mmap(NULL, size, PROT_READ | PROT_EXEC, MAP_SHARED, fd, 0);
    }
    close(fd);
    if (rw == MAP_FAILED || rx == MAP_FAILED) {
        if (rw != MAP_FAILED)
            munmap(rw, size);
        if (rx != MAP_FAILED)
            munmap(rx, size);
        return XT_OK;
    }
    H = rw;
    H->magic = SHARE_MAGIC;
    data_rw = (uint8_t *)rw + head;
    data_rx = (uint8_t *)rx + head;
    map_size = size;
    data_size = size - head;
    return XT_OK;
#endif
}

void xt_xlate_share_end(void)
{
    if (!H)
        return;
    munmap(data_rx - (data_rw - (uint8_t *)H), map_size);
    munmap(H, map_size);
    H = NULL;
    data_rw = data_rx = NULL;
}

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Wait for slot s (key matched) to be ready: 1 ready, 0 not to be. */
static int wait_ready(slot *s)
{
    uint64_t end = 0;
    for (unsigned spins = 0;; spins++) {
        uint32_t st = atomic_load_explicit(&s->state, memory_order_acquire);
        if (st == ST_READY)
            return 1;
        if (st == ST_ABANDONED)
            return 0;
        if (spins == 0) {
            end = mono_ns() + SHARE_WAIT_NS;
            continue;
        }
        int32_t pid = atomic_load_explicit(&s->pid, memory_order_relaxed);
        if ((pid > 0 && kill(pid, 0) && errno == ESRCH) || mono_ns() >= end)
            return 0;
        struct timespec d = { 0, 50 * 1000 };
        nanosleep(&d, NULL);
    }
}

/* [off, off + n) of the region present in this process's mappings, one
 * call each, rather than faulted in page by page as the code is written
 * (rw, write) and run (rx): a fresh page of the file costs ~10 us on a
 * paravirtualised guest, the calls under 1 us a page.  Best effort. */
static void populate(uint64_t off, size_t n, int write)
{
    if (write)
        populate_pages(data_rw + off, n, true);
    populate_pages(data_rx + off, n, false);
}

int xlate_share_get(uint64_t key, xl_shared_unit *out, unsigned *claim)
{
    if (!H)
        return XL_SHARE_NONE;
    if (!key)
        key = 1;
    for (unsigned n = 0; n < SHARE_SLOTS; n++) {
        unsigned i = (unsigned)((key + n) % SHARE_SLOTS);
        slot *s = &H->slots[i];
        uint64_t k = atomic_load_explicit(&s->key, memory_order_acquire);
        if (k == 0) {
            uint64_t zero = 0;
            if (atomic_compare_exchange_strong(&s->key, &zero, key)) {
                atomic_store_explicit(&s->pid, (int32_t)getpid(),
                                      memory_order_relaxed);
                *claim = i;
                return XL_SHARE_CLAIMED;
            }
            k = zero; /* another process took it meanwhile */
        }
        if (k != key)
            continue;
        if (!wait_ready(s))
            return XL_SHARE_NONE;
        populate(s->off, round_up(s->len, 2) + 2u * s->nheads + COVER_BYTES, 0);
        out->code = data_rx + s->off;
        out->heads = (const uint16_t *)(data_rx + s->off + round_up(s->len, 2));
        out->nheads = s->nheads;
        out->cover = data_rx + s->off + round_up(s->len, 2) + 2u * s->nheads;
        return XL_SHARE_HIT;
    }
    return XL_SHARE_NONE;
}

void *xlate_share_publish(unsigned claim, const void *code, size_t len,
                          const uint16_t *heads, unsigned nheads,
                          const uint8_t *cover)
{
    slot *s = &H->slots[claim];
    size_t hoff = round_up(len, 2);
    size_t need = round_up(hoff + 2u * nheads + COVER_BYTES, SHARE_ALIGN);
    uint64_t off = atomic_fetch_add(&H->used, need);
    if (off + need > data_size || len > UINT32_MAX) {
        xlate_share_abandon(claim);
        return NULL;
    }
    populate(off, need, 1);
    memcpy(data_rw + off, code, len);
    memcpy(data_rw + off + hoff, heads, 2u * nheads);
    memcpy(data_rw + off + hoff + 2u * nheads, cover, COVER_BYTES);
    s->off = off;
    s->len = (uint32_t)len;
    s->nheads = nheads;
    atomic_store_explicit(&s->state, ST_READY, memory_order_release);
    return data_rx + off;
}

void xlate_share_abandon(unsigned claim)
{
    atomic_store_explicit(&H->slots[claim].state, ST_ABANDONED,
                          memory_order_release);
}

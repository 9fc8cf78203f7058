/* SPDX-License-Identifier: BSD-3-Clause */
/* Guest memory: region map, per-page fast-path pointers, the slow access
 * path (MMIO, faults, hooks, breakpoints, region protection), instruction
 * fetch into the decoded-instruction cache (icache.c), and dropping
 * decoded and translated code (xlate_inval.c) that a store overwrites. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define RAM_POPULATE_MAX (1u << 20) /* bytes */
/* A region larger than this has its pages' entries filled when first
 * reached, not all at its mapping: the sim machine's 192 MiB of system
 * ROM and RAM would touch 1.9 MB of page table (some 480 fresh pages at
 * 10 us each here) in every process that maps them, for the few pages a
 * program uses. */
#define LAZY_REGION_MIN  (1u << 20) /* bytes */

#include "exc.h"
#include "icache.h"
#include "mem.h"
#include "timing.h"
#include "xlate_inval.h"

/* Which accesses a region attribute (ITLB/DTLB, mmu.c) permits. */
enum { ACC_FETCH = 1, ACC_LOAD = 2, ACC_STORE = 4 };

static unsigned attr_access(unsigned attr)
{
    switch (attr & 0xF) {
    case 0:
    case 14:
        return ACC_LOAD | ACC_STORE; /* no fetch */
    case 1:
    case 2:
    case 4:
    case 5:
        return ACC_FETCH | ACC_LOAD | ACC_STORE;
    case 3:
        return ACC_FETCH; /* execute only */
    default:
        return 0; /* invalid */
    }
}

void mem_init(xt_cpu *cpu)
{
    cpu->pages = calloc(XT_NUM_PAGES, sizeof(xt_page));
}

void mem_free(xt_cpu *cpu)
{
    free(cpu->pages);
    free(cpu->lazy_pages);
    free(cpu->dirty);
    free(cpu->dirty_list);
    free(cpu->dirty_taken);
    for (unsigned i = 0; i < cpu->nregions; i++)
        if (cpu->regions[i].host && !cpu->regions[i].borrowed)
            munmap(cpu->regions[i].host, cpu->regions[i].d.size);
    if (cpu->mem_peer) { /* leave the ring of sharing CPUs */
        xt_cpu *p = cpu->mem_peer;
        while (p->mem_peer != cpu)
            p = p->mem_peer;
        p->mem_peer = cpu->mem_peer == p ? NULL : cpu->mem_peer;
        cpu->mem_peer = NULL;
    }
}

/* The lazy region (LAZY_REGION_MIN) holding addr: its index + 1, or 0. */
static unsigned lazy_region_at(const xt_cpu *cpu, uint32_t addr)
{
    for (unsigned i = 0; i < cpu->nregions; i++) {
        const xt_region *r = &cpu->regions[i];
        if (r->lazy && addr - r->d.base < r->d.size)
            return i + 1;
    }
    return 0;
}

const xt_region *mem_region_at(const xt_cpu *cpu, uint32_t addr)
{
    unsigned r = cpu->pages[addr >> XT_PAGE_SHIFT].region;
    if (!r)
        r = lazy_region_at(cpu, addr);
    return r ? &cpu->regions[r - 1] : NULL;
}

static int dbreak_active(const xt_cpu *cpu)
{
    return (cpu->dbreakc0 & 0xC0000000u) != 0;
}

/* The host bytes of page pn when RAM or ROM maps it, else NULL. */
static uint8_t *page_host(const xt_cpu *cpu, uint32_t pn)
{
    const xt_region *r = mem_region_at(cpu, pn << XT_PAGE_SHIFT);
    if (!r || r->d.kind == XT_REGION_MMIO)
        return NULL;
    return r->host + ((pn << XT_PAGE_SHIFT) - r->d.base);
}

/* Another CPU of this one's ring that maps the same bytes at page pn,
 * after 'from' (NULL: the first); NULL when there is none left. */
static xt_cpu *peer_at(const xt_cpu *cpu, uint32_t pn, xt_cpu *from)
{
    if (!cpu->mem_peer)
        return NULL;
    const uint8_t *h = page_host(cpu, pn);
    for (xt_cpu *p = from ? from->mem_peer : cpu->mem_peer; h && p != cpu;
         p = p->mem_peer)
        if (page_host(p, pn) == h)
            return p;
    return NULL;
}

/* Does a CPU (this one, or one sharing the page's bytes) hold decoded
 * code of page pn?  Stores there must take the slow path. */
static int code_page(const xt_cpu *cpu, uint32_t pn)
{
    if (cpu->dcache[pn])
        return 1;
    for (xt_cpu *p = peer_at(cpu, pn, NULL); p; p = peer_at(cpu, pn, p))
        if (p->dcache[pn])
            return 1;
    return 0;
}

/* Is page pn under the store watch (xt_watch_stores)? */
static inline int watched(const xt_cpu *cpu, uint32_t pn)
{
    return pn - cpu->watch_lo < cpu->watch_hi - cpu->watch_lo;
}

static void page_refresh(xt_cpu *cpu, uint32_t pn)
{
    xt_page *p = &cpu->pages[pn];
    p->rd = p->wr = NULL;
    p->rd_off = p->wr_off = 0;
    if (!p->region)
        return;
    const xt_region *r = &cpu->regions[p->region - 1];
    p->rd_wait = (uint8_t)r->d.read_wait;
    p->wr_wait = (uint8_t)r->d.write_wait;
    if (r->d.kind == XT_REGION_MMIO || cpu->n_mem_hooks || dbreak_active(cpu))
        return;
    uint32_t addr = pn << XT_PAGE_SHIFT;
    unsigned acc = attr_access(cpu->dtlb_attr[addr >> 29]);
    uint8_t *host = r->host + (addr - r->d.base);
    if (acc & ACC_LOAD)
        p->rd = host;
    if ((acc & ACC_STORE) && r->d.kind == XT_REGION_RAM &&
        !code_page(cpu, pn) && (!cpu->dirty || cpu->dirty[pn]) &&
        !watched(cpu, pn))
        p->wr = host;
    /* an offset of 0 (host bytes at their own guest address) reads as
     * "no fast path": such a page just takes the longer test */
    if (p->rd && !p->rd_wait)
        p->rd_off = (uint64_t)(uintptr_t)p->rd - addr;
    if (p->wr && !p->wr_wait)
        p->wr_off = (uint64_t)(uintptr_t)p->wr - addr;
}

/* Page pn's entry, if a lazy region holds it and it is not filled yet:
 * its region and its fast path, as xt_map gives a small region's pages
 * (kept unfilled, and so slow but right, when the list cannot grow). */
static void lazy_fill(xt_cpu *cpu, uint32_t pn)
{
    xt_page *p = &cpu->pages[pn];
    unsigned r;
    if (p->region || !(r = lazy_region_at(cpu, pn << XT_PAGE_SHIFT)))
        return;
    if (cpu->n_lazy_pages == cpu->cap_lazy_pages) {
        size_t cap = cpu->cap_lazy_pages ? 2 * cpu->cap_lazy_pages : 64;
        uint32_t *l = realloc(cpu->lazy_pages, cap * sizeof *l);
        if (!l)
            return;
        cpu->lazy_pages = l;
        cpu->cap_lazy_pages = cap;
    }
    cpu->lazy_pages[cpu->n_lazy_pages++] = pn;
    p->region = (uint8_t)r;
    page_refresh(cpu, pn);
}

/* ---- the store watch ---------------------------------------------------- */
static void refresh_pages(xt_cpu *cpu, uint32_t lo, uint32_t hi)
{
    for (uint32_t pn = lo; pn < hi; pn++)
        if (cpu->pages[pn].region)
            page_refresh(cpu, pn);
}

xt_err xt_watch_stores(xt_cpu *cpu, uint32_t begin, uint32_t end,
                       xt_store_watch_fn fn, void *user)
{
    if (!cpu || end < begin)
        return XT_ERR_ARG;
    uint32_t lo = cpu->watch_lo, hi = cpu->watch_hi;
    int on = begin != end && fn;
    uint32_t nlo = begin >> XT_PAGE_SHIFT;
    uint32_t nhi = on ? ((end - 1) >> XT_PAGE_SHIFT) + 1 : nlo;
    /* the same pages and callback again (a device's next event): as is */
    if (on && fn == cpu->watch_fn && user == cpu->watch_user && nlo == lo &&
        nhi == hi)
        return XT_OK;
    cpu->watch_lo = cpu->watch_hi = 0;
    cpu->watch_fn = NULL;
    cpu->watch_user = NULL;
    refresh_pages(cpu, lo, hi);
    if (!on)
        return XT_OK;
    cpu->watch_lo = nlo;
    cpu->watch_hi = nhi;
    cpu->watch_fn = fn;
    cpu->watch_user = user;
    refresh_pages(cpu, cpu->watch_lo, cpu->watch_hi);
    return XT_OK;
}

/* A guest store to a watched page: the watch goes, then its callback. */
static void watch_hit(xt_cpu *cpu, uint32_t addr)
{
    xt_store_watch_fn fn = cpu->watch_fn;
    void *user = cpu->watch_user;
    xt_watch_stores(cpu, 0, 0, NULL, NULL);
    if (fn)
        fn(cpu, addr, user);
}

/* ---- dirty pages ------------------------------------------------------- */
/* Page pn was written (tracking on): marked once, its fast path back. */
void mem_mark_dirty(xt_cpu *cpu, uint32_t pn)
{
    if (!cpu->dirty || cpu->dirty[pn])
        return;
    if (cpu->n_dirty == cpu->cap_dirty) {
        size_t cap = cpu->cap_dirty ? 2 * cpu->cap_dirty : 256;
        uint32_t *l = realloc(cpu->dirty_list, cap * sizeof *l);
        if (!l)
            return; /* left clean: its next store comes here again */
        cpu->dirty_list = l;
        cpu->cap_dirty = cap;
    }
    cpu->dirty[pn] = 1;
    cpu->dirty_list[cpu->n_dirty++] = pn;
    page_refresh(cpu, pn);
}

static void mark_range(xt_cpu *cpu, uint32_t addr, uint64_t n)
{
    if (!cpu->dirty || !n)
        return;
    uint32_t last = (uint32_t)((addr + n - 1) >> XT_PAGE_SHIFT);
    for (uint32_t pn = addr >> XT_PAGE_SHIFT; pn <= last; pn++)
        mem_mark_dirty(cpu, pn);
}

void mem_mark_all_dirty(xt_cpu *cpu)
{
    for (unsigned i = 0; cpu->dirty && i < cpu->nregions; i++)
        if (cpu->regions[i].d.kind != XT_REGION_MMIO)
            mark_range(cpu, cpu->regions[i].d.base, cpu->regions[i].d.size);
}

xt_err xt_mem_dirty_track(xt_cpu *cpu, bool on)
{
    if (!cpu)
        return XT_ERR_ARG;
    if (cpu->running)
        return XT_ERR_BUSY;
    free(cpu->dirty);
    cpu->dirty = NULL;
    cpu->n_dirty = 0;
    if (on && !(cpu->dirty = calloc(XT_NUM_PAGES, 1)))
        return XT_ERR_NOMEM;
    mem_refresh_all(cpu);
    return XT_OK;
}

const uint32_t *xt_mem_dirty_take(xt_cpu *cpu, size_t *n)
{
    *n = 0;
    if (!cpu || !cpu->dirty || cpu->running)
        return NULL;
    if (cpu->n_dirty > cpu->cap_taken) {
        uint32_t *t = realloc(cpu->dirty_taken,
                              cpu->n_dirty * sizeof *cpu->dirty_taken);
        if (!t)
            return NULL; /* kept: a later take returns them */
        cpu->dirty_taken = t;
        cpu->cap_taken = cpu->n_dirty;
    }
    for (size_t i = 0; i < cpu->n_dirty; i++) {
        uint32_t pn = cpu->dirty_list[i];
        cpu->dirty_taken[i] = pn;
        cpu->dirty[pn] = 0;
        page_refresh(cpu, pn);
    }
    *n = cpu->n_dirty;
    cpu->n_dirty = 0;
    return cpu->dirty_taken;
}

void mem_refresh_all(xt_cpu *cpu)
{
    for (unsigned i = 0; i < cpu->nregions; i++) {
        const xt_region *r = &cpu->regions[i];
        if (r->lazy)
            continue;
        uint32_t first = r->d.base >> XT_PAGE_SHIFT;
        uint32_t n = r->d.size >> XT_PAGE_SHIFT;
        for (uint32_t k = 0; k < n; k++)
            page_refresh(cpu, first + k);
    }
    for (size_t i = 0; i < cpu->n_lazy_pages; i++)
        page_refresh(cpu, cpu->lazy_pages[i]);
}

xt_err xt_map(xt_cpu *cpu, const xt_region_desc *d)
{
    if (!cpu || !d || d->size == 0)
        return XT_ERR_ARG;
    if (cpu->running)
        return XT_ERR_BUSY;
    if ((d->base | d->size) & (XT_PAGE_SIZE - 1))
        return XT_ERR_ALIGN;
    if ((uint64_t)d->base + d->size > (1ull << 32))
        return XT_ERR_ARG;
    if (d->kind > XT_REGION_MMIO)
        return XT_ERR_ARG;
    if (d->kind == XT_REGION_MMIO && (!d->read || !d->write))
        return XT_ERR_ARG;
    if (d->read_wait > 255 || d->write_wait > 255 || d->fetch_wait > 255)
        return XT_ERR_ARG;
    if (cpu->nregions == XT_MAX_REGIONS)
        return XT_ERR_NOMEM;
    uint32_t first = d->base >> XT_PAGE_SHIFT, n = d->size >> XT_PAGE_SHIFT;
    for (unsigned i = 0; i < cpu->nregions; i++) {
        const xt_region_desc *o = &cpu->regions[i].d;
        if ((uint64_t)d->base < (uint64_t)o->base + o->size &&
            (uint64_t)o->base < (uint64_t)d->base + d->size)
            return XT_ERR_OVERLAP;
    }
    const xt_region *own = NULL; /* the shared region, d->share's */
    if (d->share) {
        own = d->kind == XT_REGION_MMIO || d->share == cpu
                  ? NULL
                  : mem_region_at(d->share, d->base);
        if (!own || own->d.base != d->base || own->d.size != d->size ||
            own->d.kind != d->kind)
            return XT_ERR_ARG;
        /* one ring: this CPU alone, or already in d->share's */
        xt_cpu *p = d->share->mem_peer;
        while (cpu->mem_peer && p && p != cpu && p != d->share)
            p = p->mem_peer;
        if (cpu->mem_peer && p != cpu)
            return XT_ERR_ARG;
    }
    xt_region *r = &cpu->regions[cpu->nregions];
    memset(r, 0, sizeof(*r));
    r->d = *d;
    snprintf(r->name, sizeof(r->name), "%s", d->name ? d->name : "?");
    r->d.name = r->name;
    if (own) {
        r->host = own->host;
        r->borrowed = 1;
        if (!cpu->mem_peer) { /* join the ring after d->share */
            xt_cpu *o = d->share;
            cpu->mem_peer = o->mem_peer ? o->mem_peer : o;
            o->mem_peer = cpu;
        }
    } else if (d->kind != XT_REGION_MMIO) {
        /* zeroed pages; a small region (a board's IRAM and DRAM, which
         * a firmware mostly fills) mapped populated in one call rather
         * than faulted in a page at a time as it is touched (each fresh
         * page costs ~10 us on the development machine's VM) */
        int pop = d->size <= RAM_POPULATE_MAX ? MAP_POPULATE : 0;
        void *m = mmap(NULL, d->size, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | pop, -1, 0);
        r->host = m == MAP_FAILED ? NULL : m;
        if (!r->host)
            return XT_ERR_NOMEM;
    }
    r->lazy = !own && d->kind != XT_REGION_MMIO && d->size > LAZY_REGION_MIN;
    cpu->nregions++;
    for (uint32_t k = 0; !r->lazy && k < n; k++) {
        cpu->pages[first + k].region = (uint8_t)cpu->nregions;
        page_refresh(cpu, first + k);
    }
    return XT_OK;
}

const char *xt_region_name(xt_cpu *cpu, uint32_t addr)
{
    const xt_region *r = cpu ? mem_region_at(cpu, addr) : NULL;
    return r ? r->name : NULL;
}

/* Drop the decoded instructions at offsets [off, off+k) of page pn. */
static void drop_code(xt_cpu *cpu, uint32_t pn, uint32_t off, uint32_t k)
{
    xt_dinsn *d = cpu->dcache[pn];
    if (d) {
        for (uint32_t i = 0; i < k; i++)
            icache_entry_reset(&d[off + i]);
        if (cpu->xl)
            xlate_inval_page(cpu, pn);
    }
}

/* Drop decoded instructions that may overlap bytes [addr, addr+n), this
 * CPU's and those of the CPUs that share the bytes. */
static void code_invalidate(xt_cpu *cpu, uint32_t addr, uint32_t n)
{
    /* from 2 bytes below (an instruction starting there reaches addr), a
     * page at a time: pages never decoded are skipped whole */
    uint32_t a = addr - 2;
    uint64_t left = (uint64_t)n + 2;
    while (left) {
        uint32_t pn = a >> XT_PAGE_SHIFT, off = a & (XT_PAGE_SIZE - 1);
        uint32_t k = XT_PAGE_SIZE - off;
        if (k > left)
            k = (uint32_t)left;
        drop_code(cpu, pn, off, k);
        for (xt_cpu *p = peer_at(cpu, pn, NULL); p; p = peer_at(cpu, pn, p))
            drop_code(p, pn, off, k);
        a += k;
        left -= k;
    }
}

/* Copy between the host and guest memory: from src into the guest when src
 * is given, else from the guest into dst. */
static xt_err host_access(xt_cpu *cpu, uint32_t addr, const uint8_t *src,
                          uint8_t *dst, size_t n)
{
    if (!cpu || (n && !src && !dst))
        return XT_ERR_ARG;
    while (n) {
        const xt_region *r = mem_region_at(cpu, addr);
        if (!r || r->d.kind == XT_REGION_MMIO)
            return XT_ERR_UNMAPPED;
        uint32_t off = addr - r->d.base;
        size_t chunk = r->d.size - off;
        if (chunk > n)
            chunk = n;
        if (src) {
            memcpy(r->host + off, src, chunk);
            code_invalidate(cpu, addr, (uint32_t)chunk);
            mark_range(cpu, addr, chunk);
            src += chunk;
        } else {
            memcpy(dst, r->host + off, chunk);
            dst += chunk;
        }
        n -= chunk;
        addr += (uint32_t)chunk;
        if (n && addr == 0)
            return XT_ERR_UNMAPPED;
    }
    return XT_OK;
}

xt_err xt_mem_write(xt_cpu *cpu, uint32_t addr, const void *src, size_t n)
{
    return host_access(cpu, addr, src, NULL, n);
}

xt_err xt_mem_read(xt_cpu *cpu, uint32_t addr, void *dst, size_t n)
{
    return host_access(cpu, addr, NULL, dst, n);
}

static void call_mem_hooks(xt_cpu *cpu, xt_hook_type type, uint32_t addr,
                           unsigned size, uint32_t val)
{
    for (unsigned i = 0; i < XT_MAX_HOOKS; i++) {
        const xt_hook_rec *h = &cpu->hooks[i];
        if (!h->id || h->type != type)
            continue;
        if (h->begin <= h->end && (addr < h->begin || addr > h->end))
            continue;
        ((xt_hook_mem_cb)h->cb)(cpu, type, addr, size, val, h->user);
    }
}

/* Does data breakpoint 0 watch any byte of [addr, addr+size)?  DBREAKC0's
 * MASK bits (5:0) select which low address bits are compared; the watched
 * block is the run of compared bits from the top down to the first one
 * that is not compared (a non-contiguous mask is truncated there). */
static int dbreak_hit(const xt_cpu *cpu, uint32_t addr, unsigned size,
                      int store)
{
    uint32_t c = cpu->dbreakc0;
    if (!(c & (store ? 0x80000000u : 0x40000000u)))
        return 0;
    uint32_t ignored = ~(0xFFFFFFC0u | (c & 0x3F));
    uint32_t mask = ~0u;
    if (ignored)
        mask = ~((2u << (31 - __builtin_clz(ignored))) - 1);
    uint32_t w = cpu->dbreaka0 & mask;
    return (addr & mask) <= w && w <= ((addr + size - 1) & mask);
}

static int access_check(xt_cpu *cpu, uint32_t addr, unsigned size, int store)
{
    if (dbreak_active(cpu) && dbreak_hit(cpu, addr, size, store) &&
        exc_debug(cpu, DBG_DB))
        return -1;
    if (addr & (size - 1)) {
        exc_raise(cpu, XT_EXC_LOAD_STORE_ALIGNMENT, addr, 1);
        return -1;
    }
    if (!(attr_access(cpu->dtlb_attr[addr >> 29]) &
          (store ? ACC_STORE : ACC_LOAD))) {
        exc_raise(cpu, store ? XT_EXC_STORE_PROHIBITED : XT_EXC_LOAD_PROHIBITED,
                  addr, 1);
        return -1;
    }
    return 0;
}

int mem_load_slow(xt_cpu *cpu, uint32_t addr, unsigned size, uint32_t *val)
{
    if (access_check(cpu, addr, size, 0))
        return -1;
    lazy_fill(cpu, addr >> XT_PAGE_SHIFT);
    const xt_region *r = mem_region_at(cpu, addr);
    if (!r) {
        exc_raise(cpu, XT_EXC_LOAD_STORE_ADDR_ERROR, addr, 1);
        return -1;
    }
    uint32_t off = addr - r->d.base, v = 0;
    if (r->d.kind == XT_REGION_MMIO) {
        if (!r->d.read(r->d.user, off, size, &v)) {
            exc_raise(cpu, XT_EXC_LOAD_STORE_DATA_ERROR, addr, 1);
            return -1;
        }
        if (size < 4)
            v &= (1u << (8 * size)) - 1;
    } else {
        const uint8_t *p = r->host + off;
        v = size == 4 ? ld32(p) : size == 2 ? ld16(p) : *p;
    }
    cpu->cycles += r->d.read_wait;
    if (cpu->n_mem_hooks)
        call_mem_hooks(cpu, XT_HOOK_MEM_READ, addr, size, v);
    *val = v;
    return 0;
}

int mem_store_slow(xt_cpu *cpu, uint32_t addr, unsigned size, uint32_t val)
{
    if (size < 4)
        val &= (1u << (8 * size)) - 1;
    if (access_check(cpu, addr, size, 1))
        return -1;
    if (watched(cpu, addr >> XT_PAGE_SHIFT))
        watch_hit(cpu, addr);
    lazy_fill(cpu, addr >> XT_PAGE_SHIFT);
    const xt_region *r = mem_region_at(cpu, addr);
    if (!r) {
        exc_raise(cpu, XT_EXC_LOAD_STORE_ADDR_ERROR, addr, 1);
        return -1;
    }
    uint32_t off = addr - r->d.base;
    if (r->d.kind == XT_REGION_MMIO) {
        if (!r->d.write(r->d.user, off, size, val)) {
            exc_raise(cpu, XT_EXC_LOAD_STORE_DATA_ERROR, addr, 1);
            return -1;
        }
    } else if (r->d.kind == XT_REGION_ROM) {
        exc_raise(cpu, XT_EXC_LOAD_STORE_ERROR, addr, 1);
        return -1;
    } else {
        uint8_t *p = r->host + off;
        if (size == 4)
            st32(p, val);
        else if (size == 2)
            st16(p, (uint16_t)val);
        else
            *p = (uint8_t)val;
        code_invalidate(cpu, addr, size);
        mark_range(cpu, addr, size);
    }
    cpu->cycles += r->d.write_wait;
    if (cpu->n_mem_hooks)
        call_mem_hooks(cpu, XT_HOOK_MEM_WRITE, addr, size, val);
    return 0;
}

static int fetchable(const xt_cpu *cpu, uint32_t addr, uint32_t *fault,
                     int *cause)
{
    if (!(attr_access(cpu->itlb_attr[addr >> 29]) & ACC_FETCH)) {
        *fault = addr;
        *cause = XT_EXC_INST_FETCH_PROHIBITED;
        return 0;
    }
    const xt_region *r = mem_region_at(cpu, addr);
    if (!r || r->d.kind == XT_REGION_MMIO) {
        *fault = addr;
        *cause = XT_EXC_INSTR_ADDR_ERROR;
        return 0;
    }
    return 1;
}

static xt_dinsn *alloc_code_page(xt_cpu *cpu, uint32_t pn)
{
    xt_dinsn *d = cpu->dcache[pn];
    if (!d) {
        lazy_fill(cpu, pn);
        d = icache_page_new(cpu, pn);
        if (!d)
            return NULL;
        page_refresh(cpu, pn); /* stores to code take the slow path */
        for (xt_cpu *p = peer_at(cpu, pn, NULL); p; p = peer_at(cpu, pn, p))
            page_refresh(p, pn); /* theirs too */
    }
    return d;
}

xt_dinsn *mem_code_page(xt_cpu *cpu, uint32_t pn)
{
    uint32_t fault;
    int cause;
    if (!fetchable(cpu, pn << XT_PAGE_SHIFT, &fault, &cause))
        return NULL;
    return alloc_code_page(cpu, pn);
}

int mem_fetch_decode(xt_cpu *cpu, uint32_t pc, xt_insn *in, uint32_t *fault)
{
    int cause;
    if (!fetchable(cpu, pc, fault, &cause))
        return cause;
    uint8_t buf[3];
    const xt_region *r = mem_region_at(cpu, pc);
    buf[0] = r->host[pc - r->d.base];
    int len = xt_insn_len(buf[0]);
    for (int i = 1; i < len; i++) {
        uint32_t a = pc + (uint32_t)i;
        if ((a & (XT_PAGE_SIZE - 1)) == 0) {
            /* the instruction spans into the next page */
            if (!fetchable(cpu, a, fault, &cause))
                return cause;
            r = mem_region_at(cpu, a);
            if (!alloc_code_page(cpu, a >> XT_PAGE_SHIFT))
                return XT_EXC_INSTR_ADDR_ERROR;
        }
        buf[i] = r->host[a - r->d.base];
    }
    xt_decode(pc, buf, (size_t)len, in);
    in->cost = (uint8_t)(timing_cost(&cpu->timing, in) +
                         mem_region_at(cpu, pc)->d.fetch_wait);
    return 0;
}

void mem_flush_code(xt_cpu *cpu)
{
    xlate_inval_all(cpu);
    icache_flush(cpu);
}

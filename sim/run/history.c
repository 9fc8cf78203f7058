/* SPDX-License-Identifier: BSD-3-Clause */
/* The run's history (dspsim/history.h): checkpoints with copy-on-write
 * pages, taken at the run service's boundaries, put back on request.
 *
 * The memories are one numbered sequence of 4 KiB pages (the machine's
 * memories in order).  An image of them is an array of chunks of 64 page
 * pointers; chunks and pages are reference-counted and shared between the
 * images of the checkpoints and `base`, the image the machine's memories
 * held at the last checkpoint or restore: the machine's memory is `base`
 * plus the CPU's dirty pages since (xt_mem_dirty_take) plus whatever the
 * other memories changed (compared).  A NULL page or chunk is zeros. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dspsim/history.h"

#define PAGE        4096u
#define CHUNK_PAGES 64u
#define MAX_FINE    256u     /* checkpoints taken while replaying */
#define FINE_MIN    2000u    /* cycles between them, at the closest */
#define EVERY_START 1000000u /* the adaptive interval's first value */
#define EVERY_MAX   (1ull << 34)
#define RETRY       20000u /* cycles to the next try when one was refused */

typedef struct page {
    uint32_t refs;
    uint8_t b[PAGE];
} page;

typedef struct chunk {
    uint32_t refs;
    page *p[CHUNK_PAGES];
} chunk;

typedef struct ckpt {
    ds_pos pos;
    bool fine;   /* taken while replaying (dropped first) */
    chunk **img; /* nchunks */
    uint8_t *core;
    uint8_t *extra;
    size_t extra_len;
} ckpt;

typedef struct mem {
    ds_hist_mem m;
    size_t first; /* index of its first page in the sequence */
} mem;

struct ds_hist {
    ds_hist_machine m;
    mem *mems;
    size_t nmems, npages, nchunks;
    size_t core_size;
    chunk **base;
    ckpt *ck; /* sorted by position */
    size_t n, cap;
    ds_run *run;
    uint64_t limit, every;
    bool adaptive;
    uint64_t bytes, pages_held, taken, dropped;
    double host_seconds, last_end; /* host time */
    bool all_next; /* the next checkpoint reads every page (track_now) */
    /* replay */
    bool replaying;
    ds_pos hw;
    uint64_t fine_next, fine_to, fine_step;
    unsigned nfine;
    /* scratch */
    uint8_t *pagebuf;
    uint8_t *mark; /* npages flags (restore) */
    size_t *list;
};

static const uint8_t zeros[PAGE];

static double host_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- positions ------------------------------------------------------------ */
int ds_pos_cmp(const ds_pos *a, const ds_pos *b)
{
    if (a->insns != b->insns)
        return a->insns < b->insns ? -1 : 1;
    if (a->cycles != b->cycles)
        return a->cycles < b->cycles ? -1 : 1;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    return 0;
}

ds_pos ds_pos_now(xt_cpu *cpu, ds_pos_kind kind)
{
    ds_pos p = { xt_insn_count(cpu), xt_cycles(cpu), kind, 0 };
    if (kind == DS_POS_INSN)
        xt_reg_read(cpu, XT_REG_PC, &p.pc);
    return p;
}

/* ---- pages and chunks ----------------------------------------------------- */
static void page_unref(ds_hist *h, page *p)
{
    if (p && --p->refs == 0) {
        free(p);
        h->bytes -= sizeof *p;
        h->pages_held--;
    }
}

static void chunk_unref(ds_hist *h, chunk *c)
{
    if (!c || --c->refs)
        return;
    for (unsigned i = 0; i < CHUNK_PAGES; i++)
        page_unref(h, c->p[i]);
    free(c);
    h->bytes -= sizeof *c;
}

static void image_free(ds_hist *h, chunk **img)
{
    if (!img)
        return;
    for (size_t i = 0; i < h->nchunks; i++)
        chunk_unref(h, img[i]);
    free(img);
    h->bytes -= h->nchunks * sizeof *img;
}

static chunk **image_clone(ds_hist *h, chunk **img)
{
    chunk **c = malloc(h->nchunks * sizeof *c);
    if (!c)
        return NULL;
    memcpy(c, img, h->nchunks * sizeof *c);
    for (size_t i = 0; i < h->nchunks; i++)
        if (c[i])
            c[i]->refs++;
    h->bytes += h->nchunks * sizeof *c;
    return c;
}

static const uint8_t *image_page(chunk **img, size_t idx)
{
    chunk *c = img[idx / CHUNK_PAGES];
    page *p = c ? c->p[idx % CHUNK_PAGES] : NULL;
    return p ? p->b : zeros;
}

static bool all_zero(const uint8_t *b)
{
    return b[0] == 0 && !memcmp(b, b + 1, PAGE - 1);
}

/* Page idx of img holds data from now on (its chunk copied first when
 * shared).  false when out of memory (img unchanged). */
static bool image_set(ds_hist *h, chunk **img, size_t idx, const uint8_t *data)
{
    if (!memcmp(image_page(img, idx), data, PAGE))
        return true;
    size_t ci = idx / CHUNK_PAGES;
    chunk *c = img[ci];
    if (!c || c->refs > 1) {
        chunk *n = calloc(1, sizeof *n);
        if (!n)
            return false;
        h->bytes += sizeof *n;
        n->refs = 1;
        if (c) {
            memcpy(n->p, c->p, sizeof n->p);
            for (unsigned i = 0; i < CHUNK_PAGES; i++)
                if (n->p[i])
                    n->p[i]->refs++;
            c->refs--;
        }
        img[ci] = c = n;
    }
    page *p = NULL;
    if (!all_zero(data)) {
        if (!(p = malloc(sizeof *p)))
            return false;
        p->refs = 1;
        memcpy(p->b, data, PAGE);
        h->bytes += sizeof *p;
        h->pages_held++;
    }
    page_unref(h, c->p[idx % CHUNK_PAGES]);
    c->p[idx % CHUNK_PAGES] = p;
    return true;
}

/* ---- the machine's memories ----------------------------------------------- */
static const mem *mem_of_page(const ds_hist *h, size_t idx, uint32_t *addr)
{
    for (size_t i = 0; i < h->nmems; i++) {
        const mem *m = &h->mems[i];
        if (idx >= m->first && idx < m->first + m->m.size / PAGE) {
            *addr = m->m.base + (uint32_t)((idx - m->first) * PAGE);
            return m;
        }
    }
    return NULL;
}

/* The sequence index of the CPU page numbered pn, or SIZE_MAX. */
static size_t cpu_page_index(const ds_hist *h, uint32_t pn)
{
    uint64_t a = (uint64_t)pn * PAGE;
    for (size_t i = 0; i < h->nmems; i++) {
        const mem *m = &h->mems[i];
        if (m->m.cpu && a >= m->m.base && a < (uint64_t)m->m.base + m->m.size)
            return m->first + (size_t)((a - m->m.base) / PAGE);
    }
    return SIZE_MAX;
}

static bool mem_read(ds_hist *h, const mem *m, uint32_t addr, uint8_t *dst)
{
    if (m->m.cpu)
        return xt_mem_read(h->m.cpu, addr, dst, PAGE) == XT_OK;
    return m->m.read(m->m.user, addr, dst, PAGE);
}

static bool mem_write(ds_hist *h, const mem *m, uint32_t addr,
                      const uint8_t *src)
{
    if (m->m.cpu)
        return xt_mem_write(h->m.cpu, addr, src, PAGE) == XT_OK;
    return m->m.write(m->m.user, addr, src, PAGE);
}

/* base brought up to the machine's memories: the CPU's dirty pages, and
 * every page of the others that differs. */
static bool base_update(ds_hist *h)
{
    size_t n;
    const uint32_t *d = xt_mem_dirty_take(h->m.cpu, &n);
    bool ok = true, all = h->all_next;
    h->all_next = false;
    for (size_t i = 0; i < n && ok; i++) {
        size_t idx = cpu_page_index(h, d[i]);
        uint32_t addr;
        const mem *m = idx == SIZE_MAX ? NULL : mem_of_page(h, idx, &addr);
        if (m)
            ok = mem_read(h, m, addr, h->pagebuf) &&
                 image_set(h, h->base, idx, h->pagebuf);
    }
    for (size_t k = 0; k < h->nmems && ok; k++) {
        const mem *m = &h->mems[k];
        if (m->m.cpu && !all)
            continue;
        for (uint32_t o = 0; o < m->m.size && ok; o += PAGE) {
            size_t idx = m->first + o / PAGE;
            ok = mem_read(h, m, m->m.base + o, h->pagebuf) &&
                 image_set(h, h->base, idx, h->pagebuf);
        }
    }
    return ok;
}

/* ---- creation --------------------------------------------------------------- */
ds_hist *ds_hist_new(const ds_hist_machine *m, const ds_hist_config *cfg)
{
    ds_hist *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->m = *m;
    h->mems = calloc(m->nmems ? m->nmems : 1, sizeof *h->mems);
    if (!h->mems)
        goto fail;
    for (size_t i = 0; i < m->nmems; i++) {
        h->mems[i].m = m->mems[i];
        h->mems[i].first = h->npages;
        h->npages += m->mems[i].size / PAGE;
    }
    h->nmems = m->nmems;
    h->m.mems = NULL;
    h->nchunks = (h->npages + CHUNK_PAGES - 1) / CHUNK_PAGES;
    h->core_size = xt_state_core_size(m->cpu);
    h->base = calloc(h->nchunks ? h->nchunks : 1, sizeof *h->base);
    h->pagebuf = malloc(PAGE);
    h->mark = calloc(h->npages ? h->npages : 1, 1);
    h->list = malloc((h->npages ? h->npages : 1) * sizeof *h->list);
    if (!h->base || !h->pagebuf || !h->mark || !h->list)
        goto fail;
    h->bytes = h->nchunks * sizeof *h->base;
    if (m->track_now) {
        if (xt_mem_dirty_track(m->cpu, true) != XT_OK)
            goto fail;
        h->all_next = true;
    }
    h->limit = cfg && cfg->mem_limit ? cfg->mem_limit : DS_HIST_DEFAULT_MEM;
    h->adaptive = !cfg || !cfg->every;
    h->every = h->adaptive ? EVERY_START : cfg->every;
    return h;
fail:
    ds_hist_free(h);
    return NULL;
}

static void ckpt_free(ds_hist *h, ckpt *k)
{
    image_free(h, k->img);
    free(k->core);
    free(k->extra);
    h->bytes -= h->core_size + k->extra_len + sizeof *k;
}

void ds_hist_free(ds_hist *h)
{
    if (!h)
        return;
    if (h->run)
        ds_run_set_checkpoint(h->run, DS_RUN_NEVER, NULL, NULL);
    for (size_t i = 0; i < h->n; i++)
        ckpt_free(h, &h->ck[i]);
    free(h->ck);
    if (h->base)
        image_free(h, h->base);
    free(h->mems);
    free(h->pagebuf);
    free(h->mark);
    free(h->list);
    free(h);
}

/* ---- taking checkpoints ----------------------------------------------------- */
static void drop(ds_hist *h, size_t i)
{
    if (h->ck[i].fine)
        h->nfine--;
    else
        h->dropped++; /* the history is shorter */
    ckpt_free(h, &h->ck[i]);
    memmove(&h->ck[i], &h->ck[i + 1], (h->n - i - 1) * sizeof *h->ck);
    h->n--;
}

static uint64_t distance(uint64_t a, uint64_t b)
{
    return a > b ? a - b : b - a;
}

/* Over the bound (or too many fine ones): the fine checkpoint farthest
 * from where the run is goes first, then the oldest; the newest stays. */
static void evict(ds_hist *h)
{
    uint64_t now = xt_cycles(h->m.cpu);
    while (h->n > 1 && (h->bytes > h->limit || h->nfine > MAX_FINE)) {
        size_t v = 0;
        uint64_t far = 0;
        bool fine = false;
        for (size_t i = 0; i < h->n - 1; i++)
            if (h->ck[i].fine &&
                (!fine || distance(h->ck[i].pos.cycles, now) > far)) {
                v = i;
                far = distance(h->ck[i].pos.cycles, now);
                fine = true;
            }
        drop(h, v);
    }
}

/* Where pos goes in the sorted list; *same when a checkpoint is there. */
static size_t slot_for(const ds_hist *h, const ds_pos *pos, bool *same)
{
    size_t i = h->n;
    while (i > 0 && ds_pos_cmp(&h->ck[i - 1].pos, pos) > 0)
        i--;
    *same = i > 0 && ds_pos_cmp(&h->ck[i - 1].pos, pos) == 0;
    return i;
}

/* false: no checkpoint (the machine's save refused: not a point it can
 * be taken at; *refused), or out of memory. */
static bool take(ds_hist *h, bool fine, bool *refused)
{
    *refused = false;
    ds_pos pos = ds_pos_now(h->m.cpu, DS_POS_SETTLED);
    bool same;
    size_t at = slot_for(h, &pos, &same);
    if (same)
        return true;
    ds_snap_w w;
    ds_snap_w_init(&w);
    if (h->m.save && !h->m.save(h->m.user, &w)) {
        ds_snap_w_free(&w);
        *refused = true;
        return false;
    }
    ckpt k = { .pos = pos, .fine = fine };
    k.core = malloc(h->core_size);
    if (w.oom || !k.core ||
        xt_state_core_save(h->m.cpu, k.core, h->core_size) != XT_OK ||
        !base_update(h) || !(k.img = image_clone(h, h->base))) {
        free(k.core);
        ds_snap_w_free(&w);
        return false;
    }
    k.extra = w.p; /* the writer's buffer, kept */
    k.extra_len = w.len;
    if (h->n == h->cap) {
        size_t cap = h->cap ? 2 * h->cap : 64;
        ckpt *c = realloc(h->ck, cap * sizeof *c);
        if (!c) {
            k.extra_len = 0;
            h->bytes += h->core_size + sizeof k;
            ckpt_free(h, &k);
            return false;
        }
        h->ck = c;
        h->cap = cap;
    }
    memmove(&h->ck[at + 1], &h->ck[at], (h->n - at) * sizeof *h->ck);
    h->ck[at] = k;
    h->n++;
    h->bytes += h->core_size + k.extra_len + sizeof k;
    h->taken++;
    h->nfine += fine;
    evict(h);
    return true;
}

/* The run service's checkpoint client. */
static uint64_t on_boundary(void *user, uint64_t cycle)
{
    ds_hist *h = user;
    double t0 = host_now();
    if (h->replaying) {
        ds_pos now = ds_pos_now(h->m.cpu, DS_POS_SETTLED);
        if (now.insns > h->hw.insns ||
            (now.insns == h->hw.insns && now.cycles >= h->hw.cycles)) {
            /* past the high-water mark: the run is new from here */
            h->replaying = false;
            if (h->m.replay)
                h->m.replay(h->m.user, false);
        } else {
            if (cycle >= h->fine_next && cycle < h->fine_to) {
                bool refused;
                take(h, true, &refused);
                h->fine_next = cycle + h->fine_step;
            }
            uint64_t next = h->hw.cycles;
            if (h->fine_next < h->fine_to && h->fine_next < next)
                next = h->fine_next;
            return next > cycle ? next : cycle + 1;
        }
    }
    bool refused;
    bool ok = take(h, false, &refused);
    double t1 = host_now();
    h->host_seconds += t1 - t0;
    if (h->adaptive && ok && h->last_end > 0) {
        /* its cost near 1% of the run's host time */
        double cost = t1 - t0, run = t0 - h->last_end;
        if (cost > 0.02 * run && h->every < EVERY_MAX)
            h->every *= 2;
        else if (cost < 0.005 * run && h->every / 2 >= DS_HIST_MIN_EVERY)
            h->every /= 2;
    }
    h->last_end = t1;
    /* a machine that cannot be saved here may be soon (the harness: its
     * next step of streaming) */
    return cycle + (refused && h->every > RETRY ? RETRY : h->every);
}

void ds_hist_start(ds_hist *h, ds_run *r)
{
    if (h->run)
        return;
    h->run = r;
    ds_run_set_checkpoint(r, 0, on_boundary, h);
}

bool ds_hist_started(const ds_hist *h)
{
    return h->run != NULL;
}

/* ---- going back ------------------------------------------------------------- */
size_t ds_hist_count(const ds_hist *h)
{
    return h->n;
}

ds_pos ds_hist_pos(const ds_hist *h, size_t i)
{
    return h->ck[i].pos;
}

int ds_hist_find(const ds_hist *h, const ds_pos *pos, bool inclusive)
{
    for (size_t i = h->n; i-- > 0;) {
        int c = ds_pos_cmp(&h->ck[i].pos, pos);
        if (c < 0 || (inclusive && c == 0))
            return (int)i;
    }
    return -1;
}

bool ds_hist_restore(ds_hist *h, size_t i, const ds_pos *from, char *err,
                     size_t errsz)
{
    const ckpt *k = &h->ck[i];
    /* the pages to write: those the CPU wrote since base, and those
     * where base and the checkpoint differ */
    size_t nl = 0, n;
    const uint32_t *d = xt_mem_dirty_take(h->m.cpu, &n);
    for (size_t j = 0; j < n; j++) {
        size_t idx = cpu_page_index(h, d[j]);
        if (idx != SIZE_MAX && !h->mark[idx]) {
            h->mark[idx] = 1;
            h->list[nl++] = idx;
        }
    }
    for (size_t c = 0; c < h->nchunks; c++) {
        if (h->base[c] == k->img[c])
            continue;
        for (unsigned p = 0; p < CHUNK_PAGES; p++) {
            size_t idx = c * CHUNK_PAGES + p;
            const chunk *a = h->base[c], *b = k->img[c];
            if (idx < h->npages &&
                (a ? a->p[p] : NULL) != (b ? b->p[p] : NULL) && !h->mark[idx]) {
                h->mark[idx] = 1;
                h->list[nl++] = idx;
            }
        }
    }
    bool ok = true;
    for (size_t j = 0; j < nl; j++) {
        size_t idx = h->list[j];
        uint32_t addr;
        const mem *m = mem_of_page(h, idx, &addr);
        h->mark[idx] = 0;
        if (m && m->m.cpu)
            ok &= mem_write(h, m, addr, image_page(k->img, idx));
    }
    xt_mem_dirty_take(h->m.cpu, &n); /* those writes */
    /* the other memories: every page that differs */
    for (size_t q = 0; q < h->nmems; q++) {
        const mem *m = &h->mems[q];
        if (m->m.cpu)
            continue;
        for (uint32_t o = 0; o < m->m.size; o += PAGE) {
            size_t idx = m->first + o / PAGE;
            const uint8_t *want = image_page(k->img, idx);
            if (!mem_read(h, m, m->m.base + o, h->pagebuf) ||
                memcmp(h->pagebuf, want, PAGE))
                ok &= mem_write(h, m, m->m.base + o, want);
        }
    }
    chunk **nb = image_clone(h, k->img);
    if (nb) {
        image_free(h, h->base);
        h->base = nb;
    }
    xt_err e = xt_state_core_load(h->m.cpu, k->core, h->core_size);
    ds_snap_r r;
    char lerr[256] = "";
    ds_snap_r_init(&r, k->extra, k->extra_len, lerr, sizeof lerr);
    if (!ok || !nb || e != XT_OK || (h->m.load && !h->m.load(h->m.user, &r))) {
        snprintf(err, errsz,
                 "reverse execution: checkpoint at cycle %llu does not load: "
                 "%s",
                 (unsigned long long)k->pos.cycles,
                 e != XT_OK ? xt_strerror(e)
                 : lerr[0]  ? lerr
                            : "a memory could not be written");
        return false;
    }
    if (!h->replaying) {
        h->hw = *from;
        h->replaying = true;
        if (h->m.replay)
            h->m.replay(h->m.user, true);
    }
    h->fine_next = h->fine_to = 0;
    if (h->run) /* the next boundary decides (the high-water mark) */
        ds_run_set_checkpoint(h->run, k->pos.cycles, on_boundary, h);
    return true;
}

void ds_hist_refine(ds_hist *h, const ds_pos *toward)
{
    uint64_t now = xt_cycles(h->m.cpu);
    if (!h->replaying || toward->cycles <= now)
        return;
    uint64_t step = (toward->cycles - now) / 8;
    h->fine_step = step > FINE_MIN ? step : FINE_MIN;
    h->fine_next = now + h->fine_step;
    h->fine_to = toward->cycles;
    if (h->run)
        ds_run_set_checkpoint(
            h->run, h->fine_next < h->hw.cycles ? h->fine_next : h->hw.cycles,
            on_boundary, h);
}

bool ds_hist_replaying(const ds_hist *h)
{
    return h->replaying;
}

ds_pos ds_hist_high_water(const ds_hist *h)
{
    return h->hw;
}

void ds_hist_diverge(ds_hist *h, const ds_pos *pos)
{
    while (h->n && ds_pos_cmp(&h->ck[h->n - 1].pos, pos) > 0) {
        h->n--;
        if (h->ck[h->n].fine)
            h->nfine--;
        ckpt_free(h, &h->ck[h->n]);
    }
    if (h->replaying) {
        h->replaying = false;
        if (h->m.replay)
            h->m.replay(h->m.user, false);
    }
    h->fine_next = h->fine_to = 0;
    if (h->run)
        ds_run_set_checkpoint(h->run, xt_cycles(h->m.cpu) + h->every,
                              on_boundary, h);
}

void ds_hist_get_stats(const ds_hist *h, ds_hist_stats *st)
{
    *st = (ds_hist_stats){ .checkpoints = h->n,
                           .bytes = h->bytes,
                           .limit = h->limit,
                           .every = h->every,
                           .dropped = h->dropped,
                           .taken = h->taken,
                           .pages = h->pages_held,
                           .host_seconds = h->host_seconds };
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The tier manager: which pages are hot, which tier builds them and when,
 * and installing what the back ends built (docs/performance.md, "Tiers").
 *
 * The interpreter samples the PC; a page sampled often enough (and whose
 * code has settled) is hot and goes to a first-translation job: its unit
 * is loaded from the cache if either tier built it before (the optimising
 * tier's object preferred), else built by the quick back end (libtcc, in
 * milliseconds), or by the optimising one where there is no quick one.
 * A page whose quick unit has run promote_insns instructions goes to a
 * promotion job: the optimising back end (the host compiler, seconds)
 * builds it, and its unit replaces the quick one while the run goes on.
 * A page promoted once is marked in the cache, so that the next run
 * promotes it as soon as it loads the quick unit.  One job of each kind
 * runs at a time; xlate_tier_cancel ends them (the CPU closes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "icache.h"
#include "xlate_backend.h"
#include "xlate_cache.h"
#include "xlate_gen.h"
#include "xlate_group.h"
#include "xlate_prelude.h"
#include "xlate_inval.h"
#include "xlate_tier.h"

#define MAX_BUILDS       32u
#define GROUP_RUN_FACTOR 20u /* a group is built after 20 x group_calls */
#define MAX_GROUP_BUILDS 4u  /* groups built during one run */
#define QUICK_JOB_UNITS  2u  /* units a quick job builds, at most */

/* job slots: first translations of hot pages, promotions */
#define SLOT_FIRST 0
#define SLOT_PROMO 1

static void free_unit(xl_unit_src *u)
{
    free(u->heads);
    free(u->cover);
    free(u->text);
    u->heads = NULL;
    u->cover = NULL;
    u->text = NULL;
}

static void free_job(xl_job *job)
{
    for (unsigned i = 0; i < job->nunits; i++)
        free_unit(&job->units[i]);
    free(job->units);
    free(job);
}

static int keep_handle(struct xl_state_s *x, void *h, const xl_backend *be)
{
    if (x->nhandles == x->cap_handles) {
        unsigned cap = x->cap_handles ? x->cap_handles * 2 : 16;
        struct xl_handle *n = realloc(x->handles, cap * sizeof *n);
        if (!n)
            return -1;
        x->handles = n;
        x->cap_handles = cap;
    }
    x->handles[x->nhandles].h = h;
    x->handles[x->nhandles].be = be;
    x->nhandles++;
    return 0;
}

static void *load(struct xl_state_s *x, const xl_backend *be, const char *p)
{
    void *h = be->load(p);
    if (h && keep_handle(x, h, be)) {
        be->unload(h);
        h = NULL;
    }
    return h;
}

/* A cached unit's heads and cover, from the tables its object carries
 * (xh_PAGE: the count, then the offsets; xc_PAGE: the cover bitmap).
 * 0 if they are missing, or name a head the page has not decoded. */
static int layout_from_object(const xl_backend *be, void *h, xl_unit_src *u,
                              const xt_dinsn *dp)
{
    char sym[32];
    snprintf(sym, sizeof sym, "xh_%05x", u->pn);
    const uint16_t *hl = be->sym(h, sym);
    snprintf(sym, sizeof sym, "xc_%05x", u->pn);
    const uint8_t *cv = be->sym(h, sym);
    if (!hl || !cv || !hl[0] || hl[0] > XT_PAGE_SIZE)
        return 0;
    u->heads = malloc(hl[0] * sizeof *u->heads);
    u->cover = malloc(XT_PAGE_SIZE / 8);
    if (!u->heads || !u->cover)
        return 0; /* free_unit releases both */
    for (unsigned i = 0; i < hl[0]; i++) {
        if (hl[1 + i] >= XT_PAGE_SIZE || !dp ||
            !icache_entry_decoded(&dp[hl[1 + i]]))
            return 0;
        u->heads[i] = hl[1 + i];
    }
    memcpy(u->cover, cv, XT_PAGE_SIZE / 8);
    u->nheads = hl[0];
    return 1;
}

/* Group u's object loaded and installed over its members' units. */
static void load_group(xt_cpu *cpu, const xl_unit_src *u)
{
    struct xl_state_s *x = cpu->xl;
    const xl_backend *be = x->be[XL_TIER_OPT];
    void *h = be ? load(x, be, u->so_path) : NULL;
    if (!h)
        return;
    char sym[32];
    snprintf(sym, sizeof sym, "xg_%05x", u->mpn[0]);
    xlate_group_install(cpu, u, (xt_xunit_fn)be->sym(h, sym));
}

static void object_path(const struct xl_state_s *x, uint64_t key, char *out,
                        size_t n)
{
    snprintf(out, n, "%s/%016llx.so", x->cache_dir, (unsigned long long)key);
}

/* The hot mark (xlate_cache.h) of the unit with key `key`: the cache's
 * directory first, as the mark may be the cache's first file (a direct
 * back end writes nothing there, the compiler's makes it later). */
static void mark_hot(const struct xl_state_s *x, uint64_t key, int late)
{
    char path[600];
    object_path(x, key, path, sizeof path);
    if (!xlate_cache_mkdirs(x->cache_dir))
        xlate_cache_mark_hot(path, late);
}

static void promote(struct xl_state_s *x, uint32_t pn, xl_page *p)
{
    if (p->pstate != XL_NONE ||
        x->npqueue >= sizeof x->pqueue / sizeof x->pqueue[0])
        return;
    p->pstate = XL_QUEUED;
    x->pqueue[x->npqueue++] = pn;
}

/* The page's state of the slot's kind (first translation or promotion). */
static uint8_t *slot_state(xl_page *p, int slot)
{
    return slot == SLOT_FIRST ? &p->state : &p->pstate;
}

/* Unit u of a job of the slot: loaded and installed, or dropped. */
static void install_unit(xt_cpu *cpu, xl_unit_src *u, int slot, uint64_t *keys,
                         unsigned *nkeys, unsigned *failed)
{
    struct xl_state_s *x = cpu->xl;
    xl_page *p = x->pg[u->pn];
    uint8_t *st = p ? slot_state(p, slot) : NULL;
    const xl_backend *be = x->be[u->tier];
    if (u->busy && !xlate_cache_has(u->so_path)) {
        /* built by another process: look again later */
        if (p && *st == XL_COMPILING && p->gen == u->gen) {
            *st = XL_NONE;
            if (slot == SLOT_FIRST) {
                p->decodes_built = p->decodes - 1;
                p->retry_at = cpu->cycles + 256ull * x->sample_cycles;
            } else {
                p->ch.insns = 0;
            }
        }
        return;
    }
    void *h = u->obj;
    if (h && keep_handle(x, h, be)) {
        be->unload(h);
        h = NULL;
    }
    u->obj = NULL;
    if (!h && be && !be->emit)
        h = be ? load(x, be, u->so_path) : NULL;
    if (!h) {
        (*failed)++;
    } else if (u->cached) {
        x->stats.cache_hits++;
        x->stats.tier[u->tier].cache_hits++;
    } else {
        x->stats.compiles++;
        x->stats.tier[u->tier].compiles++;
    }
    char sym[32];
    snprintf(sym, sizeof sym, "xu_%05x", u->pn);
    xt_xunit_fn fn = h ? (xt_xunit_fn)be->sym(h, sym) : NULL;
    xt_dinsn *dp = cpu->dcache[u->pn];
    if (fn && !u->heads && !layout_from_object(be, h, u, dp))
        fn = NULL;
    if (!p || *st != XL_COMPILING || p->gen != u->gen || !fn || !dp ||
        (slot == SLOT_PROMO && !p->fn)) {
        if (p && *st == XL_COMPILING)
            *st = p->gen != u->gen || slot == SLOT_PROMO ? XL_NONE : XL_BANNED;
        return;
    }
    if (p->fn) {
        xlate_inval_unit(cpu, p, u->pn); /* a larger or faster unit */
        if (slot == SLOT_PROMO)
            x->stats.promotions++;
    }
    p->fn = fn;
    /* a direct unit's entry for another direct unit's jump (xlate_abi.h) */
    snprintf(sym, sizeof sym, "xk_%05x", u->pn);
    p->ch.entry = be->emit ? be->sym(h, sym) : NULL;
    p->key = u->key;
    p->tier = (uint8_t)u->tier;
    p->ch.calls = 0;
    p->ch.insns = 0;
    if (u->tier == XL_TIER_OPT)
        keys[(*nkeys)++] = u->key;
    p->heads = u->heads;
    p->cover = u->cover;
    p->nheads = u->nheads;
    u->heads = NULL;
    u->cover = NULL;
    *st = XL_NONE;
    if (slot == SLOT_FIRST) {
        p->hits = 0;
        p->builds++;
    }
    if (be->emit) /* a direct unit: its key, and whether it was shared */
        XL_DBG("page %08x live (%s): %u heads, key %016llx%s\n",
               u->pn << XT_PAGE_SHIFT, be->name, p->nheads,
               (unsigned long long)u->emit_key, u->cached ? " (shared)" : "");
    else
        XL_DBG("page %08x live (%s): %u heads%s\n", u->pn << XT_PAGE_SHIFT,
               be->name, p->nheads, u->cached ? " (cached)" : "");
    for (unsigned k = 0; k < p->nheads; k++)
        icache_entry_mark(&dp[p->heads[k]]);
    x->stats.pages_translated++;
    x->stats.tier[u->tier].pages++;
    x->stats.heads += p->nheads;
    for (unsigned k = 0; k < XT_PAGE_SIZE / 8; k++)
        x->stats.held += (unsigned)__builtin_popcount(p->cover[k]);
    /* promoted by an earlier run: straight to the optimising tier (not
     * when a run that waited for it at exit gave it up: then as any
     * page, by the thresholds, and not waited for) */
    if (u->tier == XL_TIER_QUICK && x->be[XL_TIER_OPT] &&
        xlate_cache_is_hot(u->so_path) == XL_HOT) {
        promote(x, u->pn, p);
        p->marked = 1;
        p->marked_key = p->key;
    }
}

static void install(xt_cpu *cpu, xl_job *job, int slot)
{
    struct xl_state_s *x = cpu->xl;
    unsigned failed = 0, groups = 0, nkeys = 0;
    uint64_t *keys = calloc(job->nunits ? job->nunits : 1, sizeof *keys);
    x->stats.tier[job->tier].compile_ns += job->ns;
    for (unsigned i = 0; i < job->nunits; i++) {
        xl_unit_src *u = &job->units[i];
        if (u->group) /* after the units: its members may be among them */
            groups++;
        else if (keys)
            install_unit(cpu, u, slot, keys, &nkeys, &failed);
    }
    for (unsigned i = 0; i < job->nunits; i++) {
        xl_unit_src *u = &job->units[i];
        if (u->group && xlate_cache_has(u->so_path))
            load_group(cpu, u);
    }
    /* a group an earlier run built over units installed now */
    for (unsigned i = 0; i < nkeys; i++) {
        xl_unit_src g;
        if (xlate_group_manifest(cpu, keys[i], &g))
            load_group(cpu, &g);
    }
    free(keys);
    if (failed) {
        x->stats.compile_failures += failed;
        if (failed == job->nunits - groups) {
            /* this back end does not work here: the other tier's, if any */
            XL_DBG("the %s back end failed: not used again\n", job->be->name);
            x->be[job->tier] = NULL;
            if (!x->be[XL_TIER_QUICK] && !x->be[XL_TIER_OPT])
                x->disabled = 1;
        }
    }
    free_job(job);
}

/* The group of the pages with optimised units, unless the same one is
 * installed: into units[*n] when it needs building, or is to be
 * installed in this run. */
static void add_group(xt_cpu *cpu, uint64_t seed, xl_unit_src *units,
                      unsigned *n)
{
    struct xl_state_s *x = cpu->xl;
    xl_unit_src g;
    if (!xlate_group_plan(cpu, seed, &g) || xlate_group_same(x, &g))
        return;
    g.tier = XL_TIER_OPT;
    g.cached = xlate_cache_has(g.so_path);
    if (!g.cached) {
        xl_buf b = { 0 };
        if (xlate_gen_group(cpu, g.mpn, g.nmembers, &b, x->selftest) || b.oom) {
            free(b.p);
            return;
        }
        g.text = b.p;
        g.len = b.len;
    }
    xlate_group_write_manifests(x, &g);
    XL_DBG("group of %u pages from %08x%s\n", g.nmembers,
           g.mpn[0] << XT_PAGE_SHIFT, g.cached ? " (cached)" : "");
    units[(*n)++] = g;
}

/* Generate page pn's unit into u (tier, key and path set): 1, or 0 if
 * there is nothing to translate. */
static int generate(xt_cpu *cpu, uint32_t pn, xl_unit_src *u)
{
    uint16_t *heads = NULL;
    uint8_t *cover = NULL;
    xl_buf b = { 0 };
    unsigned nh = xlate_gen_unit(cpu, pn, &b, &heads, &cover,
                                 cpu->xl->selftest);
    if (!nh || b.oom) {
        free(heads);
        free(cover);
        free(b.p);
        return 0;
    }
    u->nheads = (uint16_t)nh;
    u->heads = heads;
    u->cover = cover;
    u->text = b.p;
    u->len = b.len;
    return 1;
}

/* Look the unit of page pn up for the tier: 1 if its object is cached. */
static int lookup(xt_cpu *cpu, uint32_t pn, int tier, const uint64_t *seed,
                  xl_unit_src *u)
{
    struct xl_state_s *x = cpu->xl;
    u->tier = tier;
    u->key = xlate_gen_unit_key(cpu, pn, seed[tier]);
    object_path(x, u->key, u->so_path, sizeof u->so_path);
    u->cached = xlate_cache_has(u->so_path);
    return u->cached;
}

static void start_job(xt_cpu *cpu, int slot, int want_group)
{
    struct xl_state_s *x = cpu->xl;
    uint32_t *queue = slot == SLOT_FIRST ? x->queue : x->pqueue;
    unsigned *nq = slot == SLOT_FIRST ? &x->nqueue : &x->npqueue;
    /* the back end that builds what is not cached */
    int tier = slot == SLOT_PROMO     ? XL_TIER_OPT
               : x->be[XL_TIER_QUICK] ? XL_TIER_QUICK
                                      : XL_TIER_OPT;
    const xl_backend *be = x->be[tier];
    if (x->job[slot] || (!*nq && !want_group) || x->disabled || !be)
        return;
    xl_job *job = calloc(1, sizeof *job);
    xl_unit_src *units = calloc(*nq + 1u, sizeof *units);
    xl_buf pre = { 0 };
    if (!job || !units) {
        free(job);
        free(units);
        return;
    }
    job->be = be;
    job->tier = tier;
    job->cc = x->cc;
    job->sync = x->sync;
    job->debug = xl_debug_on();
    job->opt_level = x->opt_level > 3 ? 3 : x->opt_level;
    xlate_prelude_write(&pre);
    uint64_t seed[XL_NTIERS] = { 0 };
    for (int t = 0; t < XL_NTIERS; t++)
        if (x->be[t])
            seed[t] = x->be[t]->seed(pre.p ? pre.p : "", pre.len, job->cc,
                                     job->opt_level);
    unsigned n = 0;
    /* the quick back end builds a few units a job, so that the first
     * pages of a run are installed while it builds the next ones (a job
     * is installed whole when it is over) */
    unsigned most = tier == XL_TIER_QUICK && !be->emit ? QUICK_JOB_UNITS : *nq;
    unsigned i = 0, ngen = 0;
    for (; i < *nq && ngen < most; i++) {
        uint32_t pn = queue[i];
        xl_page *p = x->pg[pn];
        if (!p || *slot_state(p, slot) != XL_QUEUED)
            continue;
        if (slot == SLOT_PROMO && (!p->fn || p->tier != XL_TIER_QUICK)) {
            p->pstate = XL_NONE;
            continue;
        }
        xl_unit_src u = { .pn = pn, .gen = p->gen };
        /* a cached object holds its layout (install reads it): no text,
         * and no laying out either; the optimised one first */
        int found = x->be[XL_TIER_OPT] &&
                    lookup(cpu, pn, XL_TIER_OPT, seed, &u);
        if (!found && slot == SLOT_FIRST && x->be[XL_TIER_QUICK] &&
            !x->be[XL_TIER_QUICK]->emit)
            found = lookup(cpu, pn, XL_TIER_QUICK, seed, &u);
        if (!found && be->emit) {
            /* a direct back end: built here and now; it has no object of
             * its own, so u keeps the optimised object's key and path
             * (the lookup above), where a promotion's hot mark goes */
            u.tier = tier;
            unsigned flags = ((unsigned)x->selftest & XL_EMIT_SELFTEST) |
                             (x->env.single_block ? XL_EMIT_SINGLE_BLOCK : 0);
            u.emit_key = xlate_gen_unit_key(
                cpu, pn, seed[tier] ^ (uint64_t)flags * 0x5e1f);
            u.obj = be->emit(cpu, pn, &u, flags, &job->ns);
            if (!u.obj) {
                XL_DBG("page %08x: nothing to translate\n",
                       pn << XT_PAGE_SHIFT);
                *slot_state(p, slot) = XL_BANNED;
                continue;
            }
        } else if (!found) {
            ngen++;
            lookup(cpu, pn, tier, seed, &u);
            if (!generate(cpu, pn, &u)) {
                XL_DBG("page %08x: nothing to translate\n",
                       pn << XT_PAGE_SHIFT);
                *slot_state(p, slot) = XL_BANNED;
                continue;
            }
        }
        *slot_state(p, slot) = XL_COMPILING;
        if (slot == SLOT_FIRST) {
            p->decodes_built = p->decodes;
        } else {
            job->insist |= p->marked;
            mark_hot(x, p->key, 0);
            XL_DBG("page %08x promoted after %llu instructions\n",
                   pn << XT_PAGE_SHIFT, (unsigned long long)p->ch.insns);
        }
        units[n++] = u;
    }
    memmove(queue, queue + i, (*nq - i) * sizeof *queue);
    *nq -= i;
    if (want_group && tier == XL_TIER_OPT)
        add_group(cpu, seed[XL_TIER_OPT], units, &n);
    job->units = units;
    job->nunits = n;
    if (be->emit) { /* nothing to wait for */
        free(pre.p);
        install(cpu, job, slot);
        return;
    }
    x->job[slot] = job;
    if (pre.oom || be->start(job, x->cache_dir, pre.p, pre.len))
        XL_DBG("could not start the %s back end\n", be->name);
    free(pre.p);
    xlate_tier_poll(cpu);
}

/* Pages whose quick unit has run long enough go to the optimising tier. */
static void scan_promotions(struct xl_state_s *x)
{
    if (!x->be[XL_TIER_OPT] || !x->be[XL_TIER_QUICK])
        return;
    if (x->promote_after_ms &&
        xlate_tier_now_ms() - x->opened_ms < x->promote_after_ms)
        return;
    for (unsigned i = 0; i < x->nlive; i++) {
        xl_page *p = x->pg[x->live[i]];
        if (p->fn && p->tier == XL_TIER_QUICK && p->pstate == XL_NONE &&
            p->ch.insns >= x->promote_insns)
            promote(x, x->live[i], p);
    }
}

void xlate_tier_poll(xt_cpu *cpu)
{
    struct xl_state_s *x = cpu->xl;
    if (!x)
        return;
    x->polls++;
    for (int s = 0; s < 2; s++) {
        xl_job *job = x->job[s];
        /* the compiler's process is looked at every 32nd poll only
         * (waitpid is a system call); the quick thread's flag always */
        if (job &&
            (x->sync || job->tier == XL_TIER_QUICK || (x->polls & 31) == 0) &&
            job->be->done(job, x->sync)) {
            x->job[s] = NULL;
            install(cpu, job, s);
        }
    }
    if (!x->job[SLOT_FIRST] && x->nqueue)
        start_job(cpu, SLOT_FIRST, 0);
    if (!x->job[SLOT_PROMO]) {
        if ((x->polls & 7) == 0 || x->sync)
            scan_promotions(x);
        if (x->npqueue)
            start_job(cpu, SLOT_PROMO, 0);
        else if (x->group_builds < MAX_GROUP_BUILDS &&
                 x->stats.pages_translated != x->group_at &&
                 x->stats.unit_calls >= x->group_calls * GROUP_RUN_FACTOR &&
                 x->be[XL_TIER_OPT]) {
            /* a long run: its pages' units settled, group them now */
            x->group_builds++;
            x->group_at = x->stats.pages_translated;
            start_job(cpu, SLOT_PROMO, 1);
        }
    }
}

void xt_xlate_wait(xt_cpu *cpu)
{
    if (!cpu || !cpu->xl)
        return;
    struct xl_state_s *x = cpu->xl;
    while (x->job[SLOT_FIRST] || x->job[SLOT_PROMO]) {
        for (int s = 0; s < 2; s++)
            if (x->job[s])
                x->job[s]->be->done(x->job[s], 1);
        x->polls |= 31; /* the next poll looks */
        xlate_tier_poll(cpu);
    }
}

uint64_t xlate_tier_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* The pages of promotion job that an exit waited for in vain: the runs
 * after it no longer wait (each would wait as long and kill the compile
 * again, "Nothing outlives the command" in docs/performance.md). */
static void mark_late(const struct xl_state_s *x, const xl_job *job)
{
    for (unsigned i = 0; i < job->nunits; i++) {
        const xl_page *p = x->pg[job->units[i].pn];
        if (!p || !p->marked)
            continue;
        mark_hot(x, p->marked_key, 1);
        XL_DBG("page %08x: its promotion did not finish at exit; not "
               "waited for again\n",
               job->units[i].pn << XT_PAGE_SHIFT);
    }
}

/* A promotion job of units (no group: a group compiles for minutes)
 * that holds a page an earlier run promoted too is given time to finish:
 * as long as the run itself has lasted, and at most exit_wait_ms, so
 * that a program run again and again, each run a little shorter than a
 * compile, still reaches the optimised code (every run killing the
 * compile the one before started), while no run takes more than twice
 * its time.  A first promotion is not waited for: the first run of a
 * program stays as fast as its quick code makes it. */
static void finish_promotions(struct xl_state_s *x)
{
    xl_job *job = x->job[SLOT_PROMO];
    if (!job || !x->exit_wait_ms || !job->insist)
        return;
    for (unsigned i = 0; i < job->nunits; i++)
        if (job->units[i].group)
            return;
    uint64_t now = xlate_tier_now_ms(), wait = now - x->opened_ms;
    if (wait > x->exit_wait_ms)
        wait = x->exit_wait_ms;
    uint64_t end = now + wait;
    while (!job->be->done(job, 0)) {
        if (xlate_tier_now_ms() >= end) {
            mark_late(x, job);
            return;
        }
        struct timespec d = { 0, 5 * 1000 * 1000 };
        nanosleep(&d, NULL);
    }
    XL_DBG("the promotion job finished at exit\n");
}

void xlate_tier_cancel(xt_cpu *cpu)
{
    struct xl_state_s *x = cpu->xl;
    finish_promotions(x);
    for (int s = 0; s < 2; s++) {
        xl_job *job = x->job[s];
        if (!job)
            continue;
        job->be->cancel(job);
        x->stats.tier[job->tier].compile_ns += job->ns;
        free_job(job);
        x->job[s] = NULL;
    }
}

void xlate_tier_unload(struct xl_state_s *x)
{
    for (unsigned i = 0; i < x->nhandles; i++)
        x->handles[i].be->unload(x->handles[i].h);
    free(x->handles);
    x->handles = NULL;
    x->nhandles = x->cap_handles = 0;
}

xl_page *xlate_tier_page(struct xl_state_s *x, uint32_t pn)
{
    xl_page *p = x->pg[pn];
    if (p)
        return p;
    p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    if (x->nlive == x->cap_live) {
        unsigned cap = x->cap_live ? x->cap_live * 2 : 64;
        uint32_t *n = realloc(x->live, cap * sizeof *n);
        if (!n) {
            free(p);
            return NULL;
        }
        x->live = n;
        x->cap_live = cap;
    }
    x->live[x->nlive++] = pn;
    x->pg[pn] = p;
    return p;
}

/* Hot, settled (nothing decoded there lately) and with code a new unit
 * would add: worth a build. */
static int ripe(const struct xl_state_s *x, const xl_page *p, uint64_t now)
{
    return p->state == XL_NONE && p->builds < MAX_BUILDS &&
           now >= p->retry_at && p->decodes != p->decodes_built &&
           p->hits >= 1 && now - p->last_decode >= x->settle_cycles;
}

static void enqueue(struct xl_state_s *x, uint32_t pn, xl_page *p)
{
    if (x->nqueue >= sizeof x->queue / sizeof x->queue[0])
        return;
    p->state = XL_QUEUED;
    p->hits = 0;
    x->queue[x->nqueue++] = pn;
}

/* The next sampling point: a dithered interval (uniform in [S/2, 3S/2))
 * because firmware is periodic: a fixed interval restarted after each
 * WAITI lands on the same few PCs every period and never sees code that
 * runs at another phase of it.  Deterministic (xorshift32), and it has
 * no guest-visible effect anyway. */
static uint64_t next_sample(struct xl_state_s *x, uint64_t now)
{
    uint32_t r = x->sample_rng;
    r ^= r << 13;
    r ^= r >> 17;
    r ^= r << 5;
    x->sample_rng = r;
    return now + x->sample_cycles / 2 + r % (x->sample_cycles | 1);
}

void xlate_tier_sample(xt_cpu *cpu)
{
    struct xl_state_s *x = cpu->xl;
    cpu->xl_sample_at = next_sample(x, cpu->cycles);
    xlate_tier_poll(cpu);
    if (x->disabled)
        return;
    uint32_t pn = cpu->pc >> XT_PAGE_SHIFT;
    if (!cpu->dcache[pn])
        return;
    xl_page *p = xlate_tier_page(x, pn);
    if (!p)
        return;
    /* a page with a unit counts as hot only while the interpreter runs
     * code the unit does not hold (samples inside its blocks are taken by
     * the interpreter stepping up to the horizon) */
    unsigned off = cpu->pc & (XT_PAGE_SIZE - 1);
    if (p->fn && (p->cover[off >> 3] >> (off & 7) & 1))
        return;
    if (p->decodes == p->decodes_built || p->state != XL_NONE ||
        cpu->cycles < p->retry_at)
        return; /* nothing a new unit could add, or one is on its way */
    if (++p->hits < x->hot_samples ||
        cpu->cycles - p->last_decode < x->settle_cycles)
        return; /* not hot yet, or its code is still being discovered */
    XL_DBG("page %08x hot at cycle %llu (pc %08x)\n", pn << XT_PAGE_SHIFT,
           (unsigned long long)cpu->cycles, cpu->pc);
    enqueue(x, pn, p);
    /* the same build takes every other page that is ready */
    for (unsigned i = 0; i < x->nlive; i++) {
        xl_page *q = x->pg[x->live[i]];
        if (q != p && ripe(x, q, cpu->cycles))
            enqueue(x, x->live[i], q);
    }
    xlate_tier_poll(cpu);
}

void xlate_tier_note_decode(xt_cpu *cpu, uint32_t pc)
{
    xl_page *p = xlate_tier_page(cpu->xl, pc >> XT_PAGE_SHIFT);
    if (p) {
        p->decodes++;
        p->last_decode = cpu->cycles;
    }
}

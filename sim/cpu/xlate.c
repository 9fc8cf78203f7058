/* SPDX-License-Identifier: BSD-3-Clause */
/* The translated engine at run time: engine selection, PC sampling, jobs,
 * installing units and entering them (docs/performance.md); dropping
 * them is xlate_inval.c's.
 *
 * Exactness rests on three rules: a unit runs only from decoded entries
 * the interpreter would run the same way; a block starts only if none of
 * its instructions can begin at or past the event horizon (otherwise the
 * interpreter steps, as it would); and any store into a page with a unit
 * drops the unit before the next instruction runs. */
#include <dlfcn.h>
#include <unistd.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "icache.h"
#include "mem.h"
#include "sreg.h"
#include "xlate.h"
#include "xlate_build.h"
#include "xlate_gen.h"
#include "xlate_group.h"
#include "xlate_inval.h"
#include "xlate_sreg.h"
#include "xlate_state.h"

/* The ABI mirrors must match the engine's own structures. */
_Static_assert(sizeof(xt_xpage) == sizeof(xt_page), "xt_xpage size");
_Static_assert(offsetof(xt_xpage, rd) == offsetof(xt_page, rd), "rd");
_Static_assert(offsetof(xt_xpage, wr) == offsetof(xt_page, wr), "wr");
_Static_assert(offsetof(xt_xpage, rd_wait) == offsetof(xt_page, rd_wait), "rw");
_Static_assert(offsetof(xt_xpage, wr_wait) == offsetof(xt_page, wr_wait), "ww");
_Static_assert(sizeof(((xt_cpu *)0)->hist[0]) == sizeof(uint64_t),
               "the history ring is 64-bit entries");
_Static_assert(sizeof(((xt_cpu *)0)->hist_n) == sizeof(uint64_t),
               "hist_n is 64-bit");
_Static_assert(XT_XHIST == XT_HISTORY, "history length");

#define DEF_SAMPLE_CYCLES 4096u
#define DEF_HOT_SAMPLES   24u
#define MAX_BUILDS        32u
#define DEF_GROUP_CALLS   1000000u
#define GROUP_RUN_FACTOR  20u /* during the run: after 20 times as many */
#define MAX_GROUP_BUILDS  4u  /* groups built during one run */
#define POLL_CALLS        4096u

const char *xt_engine_name(xt_engine e)
{
    return e == XT_ENGINE_INTERP ? "interp"
           : e == XT_ENGINE_FAST ? "fast"
                                 : "?";
}

int xt_engine_parse(const char *s, xt_engine *out)
{
    if (!s)
        return -1;
    if (!strcmp(s, "fast"))
        *out = XT_ENGINE_FAST;
    else if (!strcmp(s, "interp"))
        *out = XT_ENGINE_INTERP;
    else
        return -1;
    return 0;
}

/* $name as a number from lo to 2^30, else dflt */
static unsigned env_uint(const char *name, unsigned dflt, unsigned lo)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return dflt;
    char *end;
    unsigned long x = strtoul(v, &end, 0);
    return (*end || x < lo || x > 1u << 30) ? dflt : (unsigned)x;
}

/* The state a unit reads, and the part of it a unit writes back. */
static void cpu_to_env(xt_xenv *e, const xt_cpu *cpu)
{
    e->pc = cpu->pc;
    e->cycles = cpu->cycles;
    e->insns = cpu->insns;
    e->ev = cpu->ev_unit;
    e->sar = cpu->sar;
    e->sar_left = cpu->sar_left;
    e->hist_n = cpu->hist_n;
    e->litbase = cpu->litbase;
    e->ccount_offset = cpu->ccount_offset;
}

static void env_to_cpu(xt_cpu *cpu, const xt_xenv *e)
{
    cpu->pc = e->pc;
    cpu->cycles = e->cycles;
    cpu->insns = e->insns;
    cpu->sar = e->sar;
    cpu->sar_left = e->sar_left;
    cpu->hist_n = e->hist_n;
}

/* ---- helpers translated code calls (xlate_abi.h) ----
 * Each does what the interpreter's handler does for the instruction at
 * e->pc, on the state the unit handed over, so that a unit no longer ends
 * at an MMIO access or a special-register write. */

static int helper_done(xt_xenv *e, const xt_cpu *cpu)
{
    e->cycles = cpu->cycles;
    e->ev = cpu->ev_unit;
    e->ccount_offset = cpu->ccount_offset;
    return XT_XH_DONE;
}

static int helper_taken(xt_xenv *e, const xt_cpu *cpu)
{
    cpu_to_env(e, cpu);
    return XT_XH_TAKEN;
}

static int helper_ld(xt_xenv *e, uint32_t addr, uint32_t size, uint32_t *v)
{
    xt_cpu *cpu = e->cpu;
    if (cpu->n_mem_hooks)
        return XT_XH_LEFT; /* hooks see the registers: the interpreter */
    env_to_cpu(cpu, e);
    /* a unit dropped meanwhile (a device that wrote into code): the
     * running unit's code after this instruction may be stale */
    uint64_t seq = cpu->xl->inval_seq;
    if (mem_load_slow(cpu, addr, size, v))
        return helper_taken(e, cpu);
    helper_done(e, cpu);
    return cpu->xl->inval_seq != seq ? XT_XH_PENDING : XT_XH_DONE;
}

static int helper_st(xt_xenv *e, uint32_t addr, uint32_t size, uint32_t v)
{
    xt_cpu *cpu = e->cpu;
    if (cpu->n_mem_hooks)
        return XT_XH_LEFT;
    env_to_cpu(cpu, e);
    uint64_t seq = cpu->xl->inval_seq;
    if (mem_store_slow(cpu, addr, size, v))
        return helper_taken(e, cpu);
    helper_done(e, cpu);
    if (cpu->xl->inval_seq != seq)
        e->ev = 0; /* the unit ends after the store: code changed */
    return XT_XH_DONE;
}

static int helper_sr_op(xt_xenv *e, uint32_t op, uint32_t sr, uint32_t *a)
{
    xt_cpu *cpu = e->cpu;
    env_to_cpu(cpu, e);
    cpu->sar_left = 0;
    uint32_t old = 0;
    switch (op) {
    case XT_OP_RSIL:
        old = cpu->ps;
        cpu->ps = (cpu->ps & ~PS_INTLEVEL) | sr;
        events_update(cpu);
        *a = old;
        break;
    case XT_OP_XSR:
        if (!xlate_sreg_op_ok(op, sr) || sreg_read(cpu, sr, &old) ||
            sreg_write(cpu, sr, *a))
            return XT_XH_LEFT; /* not generated: the generator checks */
        *a = old;
        break;
    case XT_OP_WSR:
        if (!xlate_sreg_op_ok(op, sr) || sreg_write(cpu, sr, *a))
            return XT_XH_LEFT;
        break;
    default:
        return XT_XH_LEFT;
    }
    return helper_done(e, cpu);
}

/* ---- engine selection and options ---- */

static struct xl_state_s *xl_get(xt_cpu *cpu)
{
    if (cpu->xl)
        return cpu->xl;
    struct xl_state_s *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    x->pg = calloc(XT_NUM_PAGES, sizeof *x->pg);
    if (!x->pg) {
        free(x);
        return NULL;
    }
    static const struct {
        unsigned sr;
        size_t off;
    } srs[] = {
        { XT_SR_LITBASE, offsetof(xt_cpu, litbase) },
        { XT_SR_EPC1, offsetof(xt_cpu, epc[1]) },
        { XT_SR_EPC2, offsetof(xt_cpu, epc[2]) },
        { XT_SR_EPC3, offsetof(xt_cpu, epc[3]) },
        { XT_SR_DEPC, offsetof(xt_cpu, depc) },
        { XT_SR_EPS2, offsetof(xt_cpu, eps[2]) },
        { XT_SR_EPS3, offsetof(xt_cpu, eps[3]) },
        { XT_SR_EXCSAVE1, offsetof(xt_cpu, excsave[1]) },
        { XT_SR_EXCSAVE2, offsetof(xt_cpu, excsave[2]) },
        { XT_SR_EXCSAVE3, offsetof(xt_cpu, excsave[3]) },
        { XT_SR_INTERRUPT, offsetof(xt_cpu, interrupt) },
        { XT_SR_INTENABLE, offsetof(xt_cpu, intenable) },
        { XT_SR_PS, offsetof(xt_cpu, ps) },
        { XT_SR_VECBASE, offsetof(xt_cpu, vecbase) },
        { XT_SR_EXCCAUSE, offsetof(xt_cpu, exccause) },
        { XT_SR_EXCVADDR, offsetof(xt_cpu, excvaddr) },
        { XT_SR_CCOMPARE0, offsetof(xt_cpu, ccompare0) },
    };
    for (size_t i = 0; i < sizeof srs / sizeof srs[0]; i++)
        x->env.sr[srs[i].sr] = (const uint32_t *)((const char *)cpu +
                                                  srs[i].off);
    x->env.ps = &cpu->ps; /* RSIL that does not lower INTLEVEL is inline */
    x->sample_cycles = env_uint("DSPSIM_XLATE_SAMPLE", DEF_SAMPLE_CYCLES, 1);
    x->settle_cycles = 8ull * x->sample_cycles;
    x->hot_samples = env_uint("DSPSIM_XLATE_HOT", DEF_HOT_SAMPLES, 1);
    x->sample_rng = 0x9e3779b9u;
    x->sync = getenv("DSPSIM_XLATE_SYNC") &&
              *getenv("DSPSIM_XLATE_SYNC") == '1';
    /* -O0 too (the lockstep tests); above 3 is taken as 3 */
    x->opt_level = env_uint("DSPSIM_XLATE_OPT", 1, 0);
    x->group_calls = env_uint("DSPSIM_XLATE_GROUP_CALLS", DEF_GROUP_CALLS, 1);
    x->env.chain = 1;
    const char *cc = getenv("DSPSIM_CC");
    snprintf(x->cc, sizeof x->cc, "%s", cc && *cc ? cc : "cc");
    xlate_build_cache_dir(x->cache_dir, sizeof x->cache_dir, NULL);
    x->env.ar = cpu->ar;
    x->env.cpu = cpu;
    x->env.ld = helper_ld;
    x->env.st = helper_st;
    x->env.sr_op = helper_sr_op;
    x->env.pages = (const xt_xpage *)cpu->pages;
    x->env.hist = cpu->hist;
    cpu->xl_sample_at = cpu->cycles + x->sample_cycles;
    cpu->xl = x;
    return x;
}

xt_err xt_engine_set(xt_cpu *cpu, xt_engine e)
{
    if (!cpu || (e != XT_ENGINE_FAST && e != XT_ENGINE_INTERP))
        return XT_ERR_ARG;
    if (cpu->running)
        return XT_ERR_BUSY;
    if (e == XT_ENGINE_FAST && !xl_get(cpu))
        return XT_ERR_NOMEM;
    if (e == XT_ENGINE_INTERP && cpu->xl)
        xlate_inval_all(cpu);
    cpu->engine = (uint8_t)e;
    events_update(cpu);
    return XT_OK;
}

xt_engine xt_engine_get(const xt_cpu *cpu)
{
    return (xt_engine)cpu->engine;
}

xt_err xt_xlate_config(xt_cpu *cpu, const xt_xlate_opts *o)
{
    if (!cpu || !o)
        return XT_ERR_ARG;
    struct xl_state_s *x = xl_get(cpu);
    if (!x)
        return XT_ERR_NOMEM;
    if (o->sample_cycles)
        x->sample_cycles = o->sample_cycles;
    x->settle_cycles = 8ull * x->sample_cycles;
    if (o->hot_samples)
        x->hot_samples = o->hot_samples;
    x->sync = o->sync;
    if (o->opt_level)
        x->opt_level = o->opt_level;
    if (o->group_calls)
        x->group_calls = o->group_calls;
    x->env.single_block = o->single_block;
    if (o->cache_dir)
        xlate_build_cache_dir(x->cache_dir, sizeof x->cache_dir, o->cache_dir);
    if (o->cc)
        snprintf(x->cc, sizeof x->cc, "%s", o->cc);
    cpu->xl_sample_at = cpu->cycles + x->sample_cycles;
    events_update(cpu);
    return XT_OK;
}

void xt_xlate_stats_get(const xt_cpu *cpu, xt_xlate_stats *s)
{
    memset(s, 0, sizeof *s);
    if (cpu && cpu->xl)
        *s = cpu->xl->stats;
}

void xt_xlate_set_exit_hook(xt_cpu *cpu, xt_xlate_exit_cb cb, void *user)
{
    struct xl_state_s *x = xl_get(cpu);
    if (x) {
        x->exit_cb = cb;
        x->exit_user = user;
        x->env.chain = cb == NULL; /* the hook sees every unit's exit */
    }
}

/* ---- jobs ---- */

static void free_unit(xl_unit_src *u)
{
    free(u->heads);
    free(u->cover);
    free(u->text);
}

static int keep_handle(struct xl_state_s *x, void *h)
{
    if (x->nhandles == x->cap_handles) {
        unsigned cap = x->cap_handles ? x->cap_handles * 2 : 16;
        void **n = realloc(x->handles, cap * sizeof *n);
        if (!n)
            return -1;
        x->handles = n;
        x->cap_handles = cap;
    }
    x->handles[x->nhandles++] = h;
    return 0;
}

/* A cached unit's heads and cover, from the tables its object carries
 * (xh_PAGE: the count, then the offsets; xc_PAGE: the cover bitmap).
 * 0 if they are missing, or name a head the page has not decoded. */
static int layout_from_object(void *h, xl_unit_src *u, const xt_dinsn *dp)
{
    char sym[32];
    snprintf(sym, sizeof sym, "xh_%05x", u->pn);
    const uint16_t *hl = dlsym(h, sym);
    snprintf(sym, sizeof sym, "xc_%05x", u->pn);
    const uint8_t *cv = dlsym(h, sym);
    if (!hl || !cv || !hl[0] || hl[0] > XT_PAGE_SIZE)
        return 0;
    u->heads = malloc(hl[0] * sizeof *u->heads);
    u->cover = malloc(XT_PAGE_SIZE / 8);
    if (!u->heads || !u->cover) {
        free(u->heads);
        free(u->cover);
        u->heads = NULL;
        u->cover = NULL;
        return 0;
    }
    for (unsigned i = 0; i < hl[0]; i++) {
        if (hl[1 + i] >= XT_PAGE_SIZE || !dp ||
            !icache_entry_decoded(&dp[hl[1 + i]]))
            return 0; /* free_unit releases both */
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
    void *h = dlopen(u->so_path, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return;
    if (keep_handle(x, h)) {
        dlclose(h);
        return;
    }
    char sym[32];
    snprintf(sym, sizeof sym, "xg_%05x", u->mpn[0]);
    xlate_group_install(cpu, u, (xt_xunit_fn)dlsym(h, sym));
}

static void install(xt_cpu *cpu, xl_job *job)
{
    struct xl_state_s *x = cpu->xl;
    unsigned failed = 0, groups = 0, nkeys = 0;
    uint64_t *keys = calloc(job->nunits ? job->nunits : 1, sizeof *keys);
    for (unsigned i = 0; i < job->nunits; i++) {
        xl_unit_src *u = &job->units[i];
        xl_page *p = x->pg[u->pn];
        if (u->group) { /* after the units: its members may be among them */
            groups++;
            continue;
        }
        if (u->busy && access(u->so_path, R_OK) != 0) {
            /* built by another process: look again on a later sample */
            if (p && p->state == XL_COMPILING && p->gen == u->gen) {
                p->state = XL_NONE;
                p->decodes_built = p->decodes - 1;
                p->retry_at = cpu->cycles + 256ull * x->sample_cycles;
            }
            free_unit(u);
            continue;
        }
        void *h = dlopen(u->so_path, RTLD_NOW | RTLD_LOCAL);
        if (h && keep_handle(x, h)) {
            dlclose(h);
            h = NULL;
        }
        if (!h)
            failed++;
        else if (u->cached)
            x->stats.cache_hits++;
        else
            x->stats.compiles++;
        char sym[32];
        snprintf(sym, sizeof sym, "xu_%05x", u->pn);
        xt_xunit_fn fn = h ? (xt_xunit_fn)dlsym(h, sym) : NULL;
        xt_dinsn *dp = cpu->dcache[u->pn];
        if (fn && !u->heads && !layout_from_object(h, u, dp))
            fn = NULL;
        if (!p || p->state != XL_COMPILING || p->gen != u->gen || !fn || !dp) {
            if (p && p->state == XL_COMPILING)
                p->state = p->gen != u->gen ? XL_NONE : XL_BANNED;
            free_unit(u);
            continue;
        }
        if (p->fn)
            xlate_inval_unit(cpu, p, u->pn); /* replaced by a larger unit */
        p->fn = fn;
        p->key = u->key;
        p->calls = 0;
        if (keys)
            keys[nkeys++] = u->key;
        p->heads = u->heads;
        p->cover = u->cover;
        p->nheads = u->nheads;
        p->state = XL_NONE;
        p->hits = 0;
        p->builds++;
        free(u->text);
        XL_DBG("page %08x live: %u heads%s\n", u->pn << XT_PAGE_SHIFT,
               u->nheads, u->cached ? " (cached)" : "");
        for (unsigned k = 0; k < u->nheads; k++)
            icache_entry_mark(&dp[u->heads[k]]);
        x->stats.pages_translated++;
        x->stats.heads += u->nheads;
        for (unsigned k = 0; k < XT_PAGE_SIZE / 8; k++)
            x->stats.held += (unsigned)__builtin_popcount(u->cover[k]);
    }
    for (unsigned i = 0; i < job->nunits; i++) {
        xl_unit_src *u = &job->units[i];
        if (u->group) {
            if (access(u->so_path, R_OK) == 0)
                load_group(cpu, u);
            free_unit(u);
        }
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
        if (failed == job->nunits - groups)
            x->disabled = 1; /* no working compiler here: stay interpreted */
    }
    free(job->units);
    free(job);
}

/* The group of the pages with units, unless the same one is installed:
 * into units[*n] when it needs building, or is to be installed in this
 * run. */
static void add_group(xt_cpu *cpu, uint64_t seed, xl_unit_src *units,
                      unsigned *n)
{
    struct xl_state_s *x = cpu->xl;
    xl_unit_src g;
    if (!xlate_group_plan(cpu, seed, &g) || xlate_group_same(x, &g))
        return;
    g.cached = access(g.so_path, R_OK) == 0;
    if (!g.cached) {
        xl_buf b = { 0 };
        if (xlate_gen_group(cpu, g.mpn, g.nmembers, &b) || b.oom) {
            free(b.p);
            return;
        }
        g.text = b.p;
        g.len = b.len;
    }
    xlate_group_write_manifests(x, &g);
    XL_DBG("group of %u pages from %08x%s\n", g.nmembers,
           g.mpn[0] << XT_PAGE_SHIFT, g.cached ? " (cached)" : "");
    if (g.cached && x->for_later)
        return; /* the next run finds it already */
    units[(*n)++] = g;
}

static void start_job(xt_cpu *cpu, int want_group)
{
    struct xl_state_s *x = cpu->xl;
    if (x->job || (!x->nqueue && !want_group) || x->disabled)
        return;
    xl_job *job = calloc(1, sizeof *job);
    xl_unit_src *units = calloc(x->nqueue + 1u, sizeof *units);
    xl_buf pre = { 0 };
    if (!job || !units) {
        free(job);
        free(units);
        return;
    }
    job->cc = x->cc;
    job->for_later = x->for_later;
    job->opt_level = x->opt_level > 3 ? 3 : x->opt_level;
    xlate_gen_prelude(&pre);
    uint64_t seed = xlate_build_seed(pre.p ? pre.p : "", pre.len, job->cc,
                                     job->opt_level);
    unsigned n = 0;
    for (unsigned i = 0; i < x->nqueue; i++) {
        uint32_t pn = x->queue[i];
        xl_page *p = x->pg[pn];
        if (!p || p->state != XL_QUEUED)
            continue;
        uint16_t *heads = NULL;
        uint8_t *cover = NULL;
        xl_buf b = { 0 };
        xl_unit_src u = { .pn = pn,
                          .gen = p->gen,
                          .key = xlate_gen_unit_key(cpu, pn, seed) };
        snprintf(u.so_path, sizeof u.so_path, "%s/%016llx.so", x->cache_dir,
                 (unsigned long long)u.key);
        u.cached = access(u.so_path, R_OK) == 0;
        if (u.cached && x->for_later) {
            p->state = XL_NONE; /* the next run finds it already */
            continue;
        }
        /* a cached object holds its layout (install reads it): no text,
         * and no laying out either */
        unsigned nh = 1;
        if (!u.cached)
            nh = xlate_gen_unit(cpu, pn, &b, &heads, &cover);
        if (!nh || b.oom) {
            XL_DBG("page %08x: nothing to translate\n", pn << XT_PAGE_SHIFT);
            p->state = XL_BANNED;
            free(heads);
            free(cover);
            free(b.p);
            continue;
        }
        p->state = XL_COMPILING;
        p->decodes_built = p->decodes;
        u.nheads = u.cached ? 0 : (uint16_t)nh;
        u.heads = heads;
        u.cover = cover;
        u.text = b.p;
        u.len = b.len;
        units[n++] = u;
    }
    x->nqueue = 0;
    if (want_group)
        add_group(cpu, seed, units, &n);
    job->units = units;
    job->nunits = n;
    if (pre.oom ||
        xlate_build_start(job, x->cache_dir, pre.p, pre.len, x->sync))
        XL_DBG("could not start the compiler\n");
    free(pre.p);
    x->job = job;
    xlate_poll(cpu);
}

void xlate_poll(xt_cpu *cpu)
{
    struct xl_state_s *x = cpu->xl;
    if (!x)
        return;
    xl_job *job = x->job;
    /* a build takes a second or more: look at it every 32nd sample only
     * (waitpid is a system call) */
    if (job && (x->sync || (++x->polls & 31) == 0) &&
        xlate_build_done(job, x->sync)) {
        x->job = NULL;
        install(cpu, job);
    }
    if (!x->job && x->nqueue)
        start_job(cpu, 0);
    else if (!x->job && !x->for_later && x->group_builds < MAX_GROUP_BUILDS &&
             x->stats.pages_translated != x->group_at &&
             x->stats.unit_calls >= x->group_calls * GROUP_RUN_FACTOR) {
        /* a long run: its pages' units settled, group them now */
        x->group_builds++;
        x->group_at = x->stats.pages_translated;
        start_job(cpu, 1);
    }
}

void xt_xlate_wait(xt_cpu *cpu)
{
    if (!cpu || !cpu->xl)
        return;
    while (cpu->xl->job) {
        xlate_build_done(cpu->xl->job, 1);
        cpu->xl->polls |= 31; /* the next poll looks */
        xlate_poll(cpu);
    }
}

static xl_page *page_get(struct xl_state_s *x, uint32_t pn)
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

void xlate_sample(xt_cpu *cpu)
{
    struct xl_state_s *x = cpu->xl;
    cpu->xl_sample_at = next_sample(x, cpu->cycles);
    xlate_poll(cpu);
    if (x->disabled)
        return;
    uint32_t pn = cpu->pc >> XT_PAGE_SHIFT;
    if (!cpu->dcache[pn])
        return;
    xl_page *p = page_get(x, pn);
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
    xlate_poll(cpu);
}

void xlate_note_decode(xt_cpu *cpu, uint32_t pc)
{
    xl_page *p = page_get(cpu->xl, pc >> XT_PAGE_SHIFT);
    if (p) {
        p->decodes++;
        p->last_decode = cpu->cycles;
    }
}

/* ---- running ---- */

int xlate_enter(xt_cpu *cpu)
{
    struct xl_state_s *x = cpu->xl;
    xl_page *p = x->pg[cpu->pc >> XT_PAGE_SHIFT];
    xt_xenv *e = &x->env;
    cpu_to_env(e, cpu);
    uint64_t insns0 = cpu->insns;
    uint32_t entry = cpu->pc;
    /* a unit that ends before its first instruction (horizon, or an
     * access for the slow path) leaves that instruction to the caller */
    if (!p->fn(e, cpu->pc) || e->insns == insns0) {
        x->stats.declined++;
        return 0;
    }
    p->calls++;
    uint64_t calls = 1;
    /* go on from unit to unit while execution lands on the start of a
     * block (the interpreter would call the same unit next).  A page's
     * unit exists exactly while its heads are marked in the instruction
     * cache, and it declines (returns 0, the env untouched) an entry that
     * is not one of them, so the unit is asked directly. */
    if (!x->exit_cb)
        while (!e->hz_mask && calls < POLL_CALLS) {
            xl_page *q = x->pg[e->pc >> XT_PAGE_SHIFT];
            if (!q || !q->fn)
                break;
            uint64_t before = e->insns;
            if (!q->fn(e, e->pc) || e->insns == before)
                break;
            calls++;
            q->calls++;
        }
    x->stats.unit_calls += calls;
    x->stats.insns += e->insns - insns0;
    env_to_cpu(cpu, e);
    /* code that runs translated all the time samples nothing, and only
     * samples poll the job: poll every POLL_CALLS calls too (the chain
     * above stops after as many) */
    if (x->stats.unit_calls >= x->poll_at) {
        x->poll_at = x->stats.unit_calls + POLL_CALLS;
        xlate_poll(cpu);
    }
    int r = 1;
    if (e->hz_mask) { /* a load's interlock for the interpreter to settle */
        cpu->hz_mask = e->hz_mask;
        cpu->hz_cost = e->hz_cost;
        e->hz_mask = 0;
        r = 2;
    }
    if (x->exit_cb && x->exit_cb(cpu, entry, x->exit_user)) {
        cpu->ins_end = cpu->insns;
        events_kick(cpu);
    }
    return r;
}

/* Before the CPU goes away: start (and leave running) a build of every
 * page the interpreter was still sampled in, so that the next run of the
 * same program finds their units in the cache. */
static void build_for_next_run(xt_cpu *cpu)
{
    struct xl_state_s *x = cpu->xl;
    if (cpu->engine != XT_ENGINE_FAST || x->disabled || x->sync)
        return;
    if (x->job) { /* it goes on by itself */
        xlate_build_abandon(x->job);
        for (unsigned i = 0; i < x->job->nunits; i++)
            free_unit(&x->job->units[i]);
        free(x->job->units);
        free(x->job);
        x->job = NULL;
    }
    for (unsigned i = 0; i < x->nlive; i++) {
        xl_page *p = x->pg[x->live[i]];
        if (p->state == XL_NONE && p->hits >= 1 && p->builds < MAX_BUILDS &&
            p->decodes != p->decodes_built)
            enqueue(x, x->live[i], p);
    }
    x->for_later = 1;
    start_job(cpu, x->stats.unit_calls >= x->group_calls);
}

void xlate_free(xt_cpu *cpu)
{
    struct xl_state_s *x = cpu->xl;
    if (!x)
        return;
    build_for_next_run(cpu);
    XL_DBG("%llu pages, %llu compiles, %llu cached, %llu failures, %llu calls, "
           "%llu of %llu instructions, %llu declined, %llu invalidations\n",
           (unsigned long long)x->stats.pages_translated,
           (unsigned long long)x->stats.compiles,
           (unsigned long long)x->stats.cache_hits,
           (unsigned long long)x->stats.compile_failures,
           (unsigned long long)x->stats.unit_calls,
           (unsigned long long)x->stats.insns, (unsigned long long)cpu->insns,
           (unsigned long long)x->stats.declined,
           (unsigned long long)x->stats.invalidations);
    if (x->job) {
        xlate_build_abandon(x->job);
        for (unsigned i = 0; i < x->job->nunits; i++)
            free_unit(&x->job->units[i]);
        free(x->job->units);
        free(x->job);
    }
    for (unsigned i = 0; i < x->nlive; i++) {
        xl_page *p = x->pg[x->live[i]];
        free(p->heads);
        free(p->cover);
        free(p);
    }
    free(x->pg);
    free(x->live);
    for (unsigned i = 0; i < x->nhandles; i++)
        dlclose(x->handles[i]);
    free(x->handles);
    free(x);
    cpu->xl = NULL;
}

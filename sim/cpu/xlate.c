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
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "icache.h"
#include "mem.h"
#include "sreg.h"
#include "xlate.h"
#include "xlate_backend.h"
#include "xlate_cache.h"
#include "xlate_gen.h"
#include "xlate_group.h"
#include "xlate_inval.h"
#include "xlate_sreg.h"
#include "xlate_state.h"
#include "xlate_tier.h"

/* The ABI mirrors must match the engine's own structures. */
_Static_assert(sizeof(xt_xpage) == sizeof(xt_page), "xt_xpage size");
_Static_assert(offsetof(xt_xpage, rd) == offsetof(xt_page, rd), "rd");
_Static_assert(offsetof(xt_xpage, wr) == offsetof(xt_page, wr), "wr");
_Static_assert(offsetof(xt_xpage, rd_wait) == offsetof(xt_page, rd_wait), "rw");
_Static_assert(offsetof(xt_xpage, wr_wait) == offsetof(xt_page, wr_wait), "ww");
_Static_assert(offsetof(xt_xpage, rd_off) == offsetof(xt_page, rd_off), "ro");
_Static_assert(offsetof(xt_xpage, wr_off) == offsetof(xt_page, wr_off), "wo");
_Static_assert(sizeof(((xt_cpu *)0)->hist[0]) == sizeof(uint64_t),
               "the history ring is 64-bit entries");
_Static_assert(sizeof(((xt_cpu *)0)->hist_n) == sizeof(uint64_t),
               "hist_n is 64-bit");
_Static_assert(XT_XHIST == XT_HISTORY, "history length");
_Static_assert((int)XT_TIER_QUICK == (int)XL_TIER_QUICK &&
                   (int)XT_TIER_OPT == (int)XL_TIER_OPT,
               "tier numbers");

#define DEF_SAMPLE_CYCLES    4096u
#define DEF_HOT_SAMPLES      24u
#define DEF_GROUP_CALLS      1000000u
#define DEF_PROMOTE_INSNS    50000000u
#define DEF_EXIT_WAIT_MS     10000u
/* A run younger than this (host ms) promotes nothing new: a compile takes
 * 1.5-4.5 s, so in a shorter run it is only a cost (its shell, polls,
 * a CPU taken from the simulation, the kill at exit: a 10 s play's
 * real-time factor 60-80x with it, 90-100x without, on a loaded 2-CPU
 * machine).  A run promotes once it has lasted as long, and a later run
 * then promotes the same pages at once. */
#define DEF_PROMOTE_AFTER_MS 1000u
#define POLL_CALLS           4096u
#define POLL_CYCLES          (1ull << 21)

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

/* $DSPSIM_XLATE_TIERS: "quick", "opt" or "quick,opt" (default both) */
static unsigned tiers_from_env(void)
{
    const char *v = getenv("DSPSIM_XLATE_TIERS");
    unsigned m = 0;
    if (!v || !*v)
        return XT_TIER_QUICK_MASK | XT_TIER_OPT_MASK;
    if (strstr(v, "quick"))
        m |= XT_TIER_QUICK_MASK;
    if (strstr(v, "opt"))
        m |= XT_TIER_OPT_MASK;
    return m ? m : XT_TIER_QUICK_MASK | XT_TIER_OPT_MASK;
}

/* The back end of each tier the options allow and this build has. */
static void choose_backends(struct xl_state_s *x)
{
    for (int t = 0; t < XL_NTIERS; t++)
        x->be[t] = x->tiers & (1u << t) ? xlate_backend_for(t, x->cc, x->quick)
                                        : NULL;
    x->disabled = !x->be[XL_TIER_QUICK] && !x->be[XL_TIER_OPT];
}

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
    /* an xl_page starts with its xt_xchain (xlate_state.h) */
    x->env.xpg = (xt_xchain *const *)(void *)x->pg;
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
    xlate_cache_dir(x->cache_dir, sizeof x->cache_dir, NULL);
    x->tiers = tiers_from_env();
    const char *q = getenv("DSPSIM_XLATE_QUICK");
    snprintf(x->quick, sizeof x->quick, "%s", q ? q : "");
    const char *st = getenv("DSPSIM_XLATE_SELFTEST");
    /* 1: a taken branch one cycle too long (every tier); 2: a direct
     * unit's jump into another one cycle too long (xlate_x64.c); 3: a
     * branch run without a branch (if-converted), its side not taken one
     * cycle too long (every tier) */
    x->selftest = st && *st >= '1' && *st <= '3' ? *st - '0' : 0;
    x->promote_insns = env_uint("DSPSIM_XLATE_PROMOTE", DEF_PROMOTE_INSNS, 1);
    /* a threshold asked for, or synchronous compiles: no delay unless
     * asked for too */
    x->promote_after_env = getenv("DSPSIM_XLATE_PROMOTE_AFTER_MS") != NULL;
    x->promote_after_ms = env_uint(
        "DSPSIM_XLATE_PROMOTE_AFTER_MS",
        x->sync || x->promote_insns != DEF_PROMOTE_INSNS ? 0
                                                         : DEF_PROMOTE_AFTER_MS,
        0);
    x->exit_wait_ms = env_uint("DSPSIM_XLATE_EXIT_WAIT", DEF_EXIT_WAIT_MS, 0);
    x->opened_ms = xlate_tier_now_ms();
    choose_backends(x);
    x->env.ar = cpu->ar;
    x->env.cpu = cpu;
    x->env.ld = helper_ld;
    x->env.st = helper_st;
    x->env.sr_op = helper_sr_op;
    x->env.pages = (const xt_xpage *)cpu->pages;
    x->env.hist = cpu->hist;
    cpu->xl_sample_at = cpu->cycles + x->sample_cycles;
    cpu->xl_poll_at = cpu->cycles + POLL_CYCLES;
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
    /* synchronous compiles or a threshold asked for: no promotion delay
     * (unless the environment asks for one) */
    if ((o->sync || o->promote_insns) && !x->promote_after_env)
        x->promote_after_ms = 0;
    if (o->opt_level)
        x->opt_level = o->opt_level;
    if (o->group_calls)
        x->group_calls = o->group_calls;
    x->env.single_block = o->single_block;
    if (o->cache_dir)
        xlate_cache_dir(x->cache_dir, sizeof x->cache_dir, o->cache_dir);
    if (o->cc)
        snprintf(x->cc, sizeof x->cc, "%s", o->cc);
    if (o->tiers)
        x->tiers = o->tiers & (XT_TIER_QUICK_MASK | XT_TIER_OPT_MASK);
    if (o->promote_insns)
        x->promote_insns = o->promote_insns;
    if (o->quick)
        snprintf(x->quick, sizeof x->quick, "%s", o->quick);
    choose_backends(x);
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

/* ---- running ---- */

/* One call of page pn's unit p at e->pc with at most `left` direct
 * jumps from unit to unit inside it (xlate_abi.h): 0 if it declined
 * (nothing run, the env untouched), else the units it ran (1 + its
 * jumps), each credited with its calls and instructions. */
static unsigned run_unit(struct xl_state_s *x, xl_page *p, uint32_t pn,
                         xt_xenv *e, unsigned left)
{
    uint64_t before = e->insns;
    e->chain_left = left;
    e->chain_pn = pn;
    e->chain_ins0 = before;
    if (!p->fn(e, e->pc) || e->insns == before)
        return 0;
    /* the last unit run: the others credited themselves */
    xl_page *last = x->pg[e->chain_pn];
    last->ch.calls++;
    last->ch.insns += e->insns - e->chain_ins0;
    /* a direct unit jumps only into direct units: one tier */
    x->stats.tier[p->tier].insns += e->insns - before;
    x->stats.jumps += left - e->chain_left;
    return 1 + left - e->chain_left;
}

int xlate_enter(xt_cpu *cpu)
{
    struct xl_state_s *x = cpu->xl;
    uint32_t pn = cpu->pc >> XT_PAGE_SHIFT;
    xl_page *p = x->pg[pn];
    xt_xenv *e = &x->env;
    if (cpu->cycles >= cpu->xl_poll_at ||
        cpu->xl_poll_at - cpu->cycles > POLL_CYCLES) { /* or time went back */
        /* code that runs translated for long returns at xl_poll_at */
        cpu->xl_poll_at = cpu->cycles + POLL_CYCLES;
        xlate_tier_poll(cpu);
        events_update(cpu);
        if (!p->fn)
            return 0; /* replaced meanwhile: the interpreter's entry */
    }
    cpu_to_env(e, cpu);
    uint64_t insns0 = cpu->insns;
    uint32_t entry = cpu->pc;
    /* direct jumps between units as the loop below would call them: with
     * an exit hook (the lockstep checker, single-block mode) one a call,
     * so that the hook still sees short runs and the jumps are checked
     * too; none in single-block mode without a hook */
    unsigned jumps = x->exit_cb ? 1 : e->single_block ? 0 : POLL_CALLS - 1;
    /* a unit that ends before its first instruction (horizon, or an
     * access for the slow path) leaves that instruction to the caller */
    uint64_t calls = run_unit(x, p, pn, e, jumps);
    if (!calls) {
        x->stats.declined++;
        return 0;
    }
    /* go on from unit to unit while execution lands on the start of a
     * block (the interpreter would call the same unit next).  A page's
     * unit exists exactly while its heads are marked in the instruction
     * cache, and it declines (returns 0, the env untouched) an entry that
     * is not one of them, so the unit is asked directly. */
    if (!x->exit_cb)
        while (!e->hz_mask && calls < POLL_CALLS) {
            uint32_t qn = e->pc >> XT_PAGE_SHIFT;
            xl_page *q = x->pg[qn];
            if (!q || !q->fn)
                break;
            unsigned n = run_unit(
                x, q, qn, e,
                e->single_block ? 0 : (unsigned)(POLL_CALLS - calls - 1));
            if (!n)
                break;
            calls += n;
        }
    x->stats.unit_calls += calls;
    x->stats.insns += e->insns - insns0;
    env_to_cpu(cpu, e);
    /* code that runs translated all the time samples nothing, and only
     * samples poll the job: poll every POLL_CALLS calls too (the chain
     * above stops after as many) */
    if (x->stats.unit_calls >= x->poll_at) {
        x->poll_at = x->stats.unit_calls + POLL_CALLS;
        xlate_tier_poll(cpu);
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

void xlate_free(xt_cpu *cpu)
{
    struct xl_state_s *x = cpu->xl;
    if (!x)
        return;
    /* nothing the engine started outlives it (xlate_backend.h) */
    xlate_tier_cancel(cpu);
    XL_DBG("%llu pages (%llu quick, %llu optimised, %llu promoted), "
           "%llu compiles, %llu cached, %llu failures, %llu calls, "
           "%llu of %llu instructions, %llu declined, %llu invalidations\n",
           (unsigned long long)x->stats.pages_translated,
           (unsigned long long)x->stats.tier[XL_TIER_QUICK].pages,
           (unsigned long long)x->stats.tier[XL_TIER_OPT].pages,
           (unsigned long long)x->stats.promotions,
           (unsigned long long)x->stats.compiles,
           (unsigned long long)x->stats.cache_hits,
           (unsigned long long)x->stats.compile_failures,
           (unsigned long long)x->stats.unit_calls,
           (unsigned long long)x->stats.insns, (unsigned long long)cpu->insns,
           (unsigned long long)x->stats.declined,
           (unsigned long long)x->stats.invalidations);
    for (unsigned i = 0; i < x->nlive; i++) {
        xl_page *p = x->pg[x->live[i]];
        free(p->heads);
        free(p->cover);
        free(p);
    }
    free(x->pg);
    free(x->live);
    xlate_tier_unload(x);
    free(x);
    cpu->xl = NULL;
}

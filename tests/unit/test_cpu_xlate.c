/* SPDX-License-Identifier: BSD-3-Clause */
/* CPU engine API: translated code through the engine's helpers.  Hot
 * loops with MMIO loads and stores, RSIL/WSR/XSR, an interrupt made
 * deliverable by a WSR, a device that rewrites the code after the load it
 * serves, and stores into the running block: the fast engine (translating
 * after one sample, compiling in the foreground) must end with exactly
 * the interpreter's registers, cycles and instruction counts, and its
 * units must run through the accesses instead of ending at each one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_cpu_common.h"
#include "xlate_x64.h"

#define MMIO_BASE 0x60000000u

typedef struct dev {
    xt_cpu *cpu;
    uint32_t counter; /* offset 0: reads count up */
    uint32_t last;    /* offset 4: last value written */
    unsigned patches; /* offset 16: reads rewrite patch_site */
    uint8_t variant[2][2];
    uint32_t ar[16]; /* the fast engine's registers at the end */
} dev;

static bool dev_read(void *user, uint32_t off, unsigned size, uint32_t *v)
{
    dev *d = user;
    (void)size;
    if (off == 0) {
        *v = d->counter++;
    } else if (off == 16) {
        /* alternate the next instruction between one that reads the
         * loaded register (an interlock) and one that does not */
        if (d->patches % 2000 == 1999) {
            const uint8_t *b = d->variant[(d->patches / 2000) & 1];
            if (xt_mem_write(d->cpu, tc_sym("patch_site"), b, 2) != XT_OK)
                return false;
        }
        *v = ++d->patches;
    } else {
        *v = 0;
    }
    return true;
}

static bool dev_write(void *user, uint32_t off, unsigned size, uint32_t v)
{
    dev *d = user;
    (void)size;
    if (off == 4)
        d->last = v;
    else if (off == 8 && (v & 63) == 0)
        xt_irq_set(d->cpu, 0, true);
    else if (off == 12)
        xt_irq_set(d->cpu, 0, false);
    return true;
}

/* The translation cache the fast engine uses (test_cached_layout sets
 * a fresh one). */
static const char *cache_dir = XLATE_CACHE;
/* Unit calls from which a run groups its pages (test_group sets it). */
static unsigned group_calls = 1000000000u;
static unsigned tiers;         /* 0: the engine's default (both) */
static uint64_t promote_insns; /* 0: the engine's default */
static const char *quick;      /* the quick tier's back end (NULL: default) */
/* a10 at the start (group_loop's store target, or 0) */
static uint32_t a10_start;
/* a11 at the start when not 0 (loopcopy_loop's frame) */
static uint32_t a11_start;
/* the timer interrupt on (CCOMPARE0 at cycle timer_first, then every
 * 1,024) */
static bool timer;
static uint32_t timer_first = 500;

static xt_cpu *open_cpu(dev *d, xt_engine engine)
{
    xt_cpu *cpu = tc_open();
    memset(d, 0, sizeof *d);
    d->cpu = cpu;
    assert_int_equal(xt_mem_read(cpu, tc_sym("patch_a"), d->variant[0], 2),
                     XT_OK);
    assert_int_equal(xt_mem_read(cpu, tc_sym("patch_b"), d->variant[1], 2),
                     XT_OK);
    xt_region_desc r = { .name = "dev",
                         .base = MMIO_BASE,
                         .size = 0x1000,
                         .kind = XT_REGION_MMIO,
                         .read_wait = 2,
                         .write_wait = 1,
                         .read = dev_read,
                         .write = dev_write,
                         .user = d };
    assert_int_equal(xt_map(cpu, &r), XT_OK);
    /* a page of RAM just below the device (test_x64_guarded_copies) */
    xt_region_desc below = { .name = "below",
                             .base = MMIO_BASE - 0x1000,
                             .size = 0x1000,
                             .kind = XT_REGION_RAM };
    assert_int_equal(xt_map(cpu, &below), XT_OK);
    tc_set_sr(cpu, XT_SR_INTENABLE, 1);
    assert_int_equal(xt_engine_set(cpu, engine), XT_OK);
    if (engine == XT_ENGINE_FAST) {
        xt_xlate_opts o = { .sample_cycles = 1024,
                            .hot_samples = 1,
                            .sync = true,
                            .cache_dir = cache_dir,
                            .group_calls = group_calls,
                            .tiers = tiers,
                            .promote_insns = promote_insns,
                            .quick = quick };
        assert_int_equal(xt_xlate_config(cpu, &o), XT_OK);
    }
    return cpu;
}

/* A fresh translation cache in dir (a mkdtemp template), and back to
 * the suite's one, the fresh one removed. */
static void use_empty_cache(char *dir)
{
    assert_non_null(mkdtemp(dir));
    cache_dir = dir;
}

static void drop_cache(const char *dir)
{
    cache_dir = XLATE_CACHE;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* What group_loop's a8 ends with after `rounds` rounds when a10 points
 * at far_imm: every 4,096th round stores the round's bits 12..15 into
 * far_inc's immediate, which each round adds (1 at first). */
static uint32_t far_imm_sum(uint32_t rounds)
{
    uint32_t sum = 0, imm = 1;
    for (uint32_t i = rounds; i > 0; i--) {
        if ((i & 4095) == 0)
            imm = (i >> 12) & 15;
        sum += imm;
    }
    return sum;
}

/* Run snippet 'from' to 'until' on both engines with the same inputs and
 * compare everything; returns the fast engine's translator statistics. */
static xt_xlate_stats both(const char *from, const char *until, uint32_t a3,
                           uint32_t a4, dev *out)
{
    dev d[2];
    xt_cpu *cpu[2];
    for (int i = 0; i < 2; i++) {
        cpu[i] = open_cpu(&d[i], i ? XT_ENGINE_FAST : XT_ENGINE_INTERP);
        tc_set_ar(cpu[i], 2, MMIO_BASE);
        tc_set_ar(cpu[i], 3, a3);
        tc_set_ar(cpu[i], 4, a4);
        tc_set_ar(cpu[i], 10, a10_start);
        if (a11_start)
            tc_set_ar(cpu[i], 11, a11_start);
        if (timer) {
            tc_set_sr(cpu[i], XT_SR_INTENABLE, 1u | 1u << 6);
            tc_set_sr(cpu[i], XT_SR_CCOMPARE0, timer_first);
        }
        for (int r = 12; r <= 14; r++)
            tc_set_ar(cpu[i], r, 0);
        tc_set(cpu[i], XT_REG_PC, tc_sym(from));
        xt_run_opts o = { .max_insns = 100u * TC_MAX_INSNS };
        assert_int_equal(tc_run_opts(cpu[i], &o), XT_STOP_IDLE);
        assert_int_equal(tc_pc(cpu[i]), tc_sym(until) + 3);
    }
    for (int r = 0; r < 16; r++)
        assert_int_equal(tc_ar(cpu[1], r), tc_ar(cpu[0], r));
    assert_int_equal(tc_pc(cpu[1]), tc_pc(cpu[0]));
    const unsigned srs[] = { XT_SR_PS, XT_SR_SAR, XT_SR_EPC1, XT_SR_EXCSAVE1,
                             XT_SR_INTERRUPT };
    for (size_t k = 0; k < sizeof srs / sizeof srs[0]; k++)
        assert_int_equal(tc_sr(cpu[1], srs[k]), tc_sr(cpu[0], srs[k]));
    assert_int_equal(xt_cycles(cpu[1]), xt_cycles(cpu[0]));
    assert_int_equal(xt_insn_count(cpu[1]), xt_insn_count(cpu[0]));
    assert_int_equal(d[1].counter, d[0].counter);
    assert_int_equal(d[1].last, d[0].last);
    /* the history of control transfers too (translated code records it
     * for every taken branch, jump, call and return) */
    uint32_t hist[2][32];
    unsigned nh0 = xt_recent_pcs(cpu[0], hist[0], 32);
    assert_int_equal(xt_recent_pcs(cpu[1], hist[1], 32), nh0);
    assert_memory_equal(hist[1], hist[0], nh0 * sizeof hist[0][0]);
    /* and the whole saved state, which holds the raw history ring (all 32
     * transfers, beyond the few recent_pcs needs) */
    size_t ns = xt_state_size(cpu[0]);
    assert_int_equal(xt_state_size(cpu[1]), ns);
    uint8_t *st[2] = { malloc(ns), malloc(ns) };
    assert_non_null(st[0]);
    assert_non_null(st[1]);
    for (int i = 0; i < 2; i++)
        assert_int_equal(xt_state_save(cpu[i], st[i], ns), XT_OK);
    assert_memory_equal(st[1], st[0], ns);
    free(st[0]);
    free(st[1]);
    xt_xlate_stats s;
    xt_xlate_stats_get(cpu[1], &s);
    *out = d[1];
    for (int r = 0; r < 16; r++)
        out->ar[r] = tc_ar(cpu[1], r);
    xt_close(cpu[0]);
    xt_close(cpu[1]);
    return s;
}

static void test_mmio_and_special_registers(void **state)
{
    (void)state;
    dev d;
    const uint32_t n = 20000;
    xt_xlate_stats s = both("helper_loop", "helper_loop_end", n, 0, &d);
    print_message("translated %llu instructions in %llu unit calls\n",
                  (unsigned long long)s.insns,
                  (unsigned long long)s.unit_calls);
    assert_int_equal(d.counter, n);
    /* the loop ran translated, and its units went through the MMIO
     * accesses, rsil, wsr and xsr: they end at the interrupts (every 64
     * passes) and the sampling points (every ~1,024 cycles), not at
     * every access (5 a pass) */
    assert_true(s.insns > 15u * n * 3 / 4);
    assert_true(s.unit_calls < n / 8);
}

static void test_interrupt_at_wsr(void **state)
{
    (void)state;
    dev d;
    const uint32_t n = 20000;
    both("helper_loop", "helper_loop_end", n, 0, &d);
    /* the device raised its line on counter values 0, 64, 128...; each
     * interrupt was taken right after the wsr that lowered the level
     * (EPC1 = after_wsr), the same in translated code as interpreted */
    const uint32_t irqs = (n + 63) / 64;
    assert_int_equal(d.ar[12], irqs);
    assert_int_equal(d.ar[14], irqs * tc_sym("after_wsr"));
}

static void test_code_rewritten_by_device(void **state)
{
    (void)state;
    dev d;
    const uint32_t n = 20000;
    xt_xlate_stats s = both("patch_loop", "patch_loop_end", n, 0, &d);
    assert_int_equal(d.patches, n);
    assert_true(s.invalidations > 0);
}

static void test_stores_into_running_block(void **state)
{
    (void)state;
    dev d;
    const uint32_t n = 20000;
    xt_xlate_stats s = both("smc_hot", "smc_hot_end", n, tc_sym("smc_insn") + 2,
                            &d);
    /* a9 sums the immediates the loop stored into itself */
    uint32_t sum = 0, imm = 0;
    for (uint32_t i = n; i > 0; i--) {
        if ((i & 1023) == 0)
            imm = (i >> 10) & 15;
        sum += imm;
    }
    assert_int_equal(d.ar[9], sum);
    assert_true(s.invalidations > 0);
}

/* A one-block loop in its guarded copy: 500 rounds of 40 passes, each
 * entering the copy anew from the outer loop; the history ring at the end
 * is the interpreter's (both() compares the saved states).  A translation
 * that loses or misplaces a pass's entry fails here: tried with a copy
 * that skipped entries the ring already held from the 31st pass on
 * instead of the 32nd. */
static void test_history_of_loop_copy(void **state)
{
    (void)state;
    dev d;
    xt_xlate_stats s = both("hist_loop", "hist_loop_end", 500, TC_DRAM + 0x100,
                            &d);
    assert_true(s.insns > 500u * 40 * 7 * 3 / 4);
    assert_int_equal(d.ar[3], 0);
    assert_int_equal(d.ar[7], 0);
}

/* A unit found in the cache is not laid out again: its object carries
 * its heads and the instructions it holds.  The same program on an
 * empty cache (compiling) and then on the filled one (loading) runs the
 * same instructions in the same number of unit calls, each run ending
 * as the interpreter's (both() compares everything). */
static void test_cached_layout(void **state)
{
    (void)state;
    char dir[] = "/tmp/dspsim-xlate-test-XXXXXX";
    use_empty_cache(dir);
    dev d;
    xt_xlate_stats s[2];
    quick = "tcc"; /* objects in the cache: libtcc's, or else GCC's */
    for (int i = 0; i < 2; i++)
        s[i] = both("hist_loop", "hist_loop_end", 500, TC_DRAM + 0x100, &d);
    quick = NULL;
    drop_cache(dir);
    assert_true(s[0].compiles > 0);
    assert_int_equal(s[0].cache_hits, 0);
    assert_int_equal(s[1].compiles, 0);
    assert_int_equal(s[1].cache_hits, s[0].compiles);
    assert_int_equal(s[1].pages_translated, s[0].pages_translated);
    assert_int_equal(s[1].heads, s[0].heads);
    assert_int_equal(s[1].held, s[0].held);
    assert_true(s[1].held > s[1].heads);
    assert_int_equal(s[1].unit_calls, s[0].unit_calls);
    assert_int_equal(s[1].insns, s[0].insns);
    assert_true(s[1].insns > 0);
}

/* Groups: calls and returns from page to page run inside one function.
 * The same rounds with and without a group end as the interpreter's
 * (both() compares everything) in far fewer unit calls with it; and with
 * stores into a member page's code from another member's, each of which
 * dissolves the group (the rest of the run is the pages' own units, or a
 * group built again), still exactly.  Fails if a group's transfer to
 * another page skips its horizon check or its history entry, or if a
 * store into a member's code leaves the group running. */
/* The tiers: the quick tier alone, the optimising tier alone, and both
 * with promotions after 2,000 instructions, so that the optimised units
 * replace quick ones while the rounds run (and with a timer's interrupts
 * landing anywhere): every mix ends as the interpreter's (both()
 * compares everything).  Fails if a promotion loses a block's state, or
 * if a tier's counters do not say which code ran. */
static void test_tiers(void **state)
{
    (void)state;
    char dir[] = "/tmp/dspsim-xlate-test-XXXXXX";
    use_empty_cache(dir);
    dev d;
    timer = true;
    tiers = XT_TIER_QUICK_MASK;
    xt_xlate_stats q = both("group_loop", "group_loop_end", 30000,
                            TC_DRAM + 0x100, &d);
    /* the other quick back end where the default is x64 */
    quick = "tcc";
    xt_xlate_stats qt = both("group_loop", "group_loop_end", 30000,
                             TC_DRAM + 0x100, &d);
    quick = NULL;
    tiers = XT_TIER_OPT_MASK;
    xt_xlate_stats o = both("group_loop", "group_loop_end", 30000,
                            TC_DRAM + 0x100, &d);
    drop_cache(dir);
    char dir2[] = "/tmp/dspsim-xlate-test-XXXXXX";
    use_empty_cache(dir2);
    tiers = 0;
    promote_insns = 2000;
    xt_xlate_stats sw = both("group_loop", "group_loop_end", 30000,
                             TC_DRAM + 0x100, &d);
    promote_insns = 0;
    timer = false;
    drop_cache(dir2);
    /* the quick tier exists where dspsim was built with libtcc */
    if (q.tier[XT_TIER_QUICK].pages) {
        assert_int_equal(q.tier[XT_TIER_OPT].pages, 0);
        assert_true(q.tier[XT_TIER_QUICK].insns > 30000u * 6);
        assert_int_equal(q.tier[XT_TIER_QUICK].insns, q.insns);
        assert_true(sw.promotions > 0);
        assert_true(sw.tier[XT_TIER_QUICK].insns > 0);
        assert_true(sw.tier[XT_TIER_OPT].insns > 0);
        assert_int_equal(sw.tier[XT_TIER_QUICK].insns +
                             sw.tier[XT_TIER_OPT].insns,
                         sw.insns);
    } else {
        assert_int_equal(q.insns, 0); /* no tier: interpreted */
    }
    if (qt.tier[XT_TIER_QUICK].pages)
        assert_int_equal(qt.tier[XT_TIER_QUICK].insns, qt.insns);
    assert_int_equal(o.tier[XT_TIER_QUICK].pages, 0);
    assert_true(o.tier[XT_TIER_OPT].insns > 30000u * 6);
    assert_true(o.tier[XT_TIER_OPT].compile_ns > 0);
}

/* The direct back end alone, with the timer's interrupts, and back to
 * the defaults. */
static void x64_timer_on(void)
{
    tiers = XT_TIER_QUICK_MASK;
    quick = "x64";
    timer = true;
}

static void x64_timer_off(void)
{
    timer_first = 500;
    timer = false;
    quick = NULL;
    tiers = 0;
}

/* The direct x86-64 back end: units made in the process, no file in the
 * cache, made again by the next run (nothing to load); both runs end as
 * the interpreter's (both() compares registers, memory, cycles, the
 * history ring), with an MMIO device's wait states and a timer's
 * interrupts landing inside translated blocks. */
static void test_x64_direct(void **state)
{
    (void)state;
#if defined(__x86_64__)
    char dir[] = "/tmp/dspsim-xlate-test-XXXXXX";
    use_empty_cache(dir);
    dev d;
    xt_xlate_stats s[3];
    x64_timer_on();
    for (int i = 0; i < 2; i++)
        s[i] = both("group_loop", "group_loop_end", 30000, TC_DRAM + 0x100, &d);
    /* the units jump from page to page while the loop rewrites far_inc's
     * code on the page after next: each store drops that unit, jumps
     * into it stop until it is built again */
    a10_start = tc_sym("far_imm") + 2;
    s[2] = both("group_loop", "group_loop_end", 30000, TC_DRAM + 0x100, &d);
    a10_start = 0;
    x64_timer_off();
    char cmd[160];
    snprintf(cmd, sizeof cmd, "test -z \"$(ls -A '%s')\"", dir);
    assert_int_equal(system(cmd), 0); /* nothing written to the cache */
    drop_cache(dir);
    for (int i = 0; i < 2; i++) {
        assert_true(s[i].tier[XT_TIER_QUICK].pages > 0);
        assert_int_equal(s[i].cache_hits, 0);
        assert_int_equal(s[i].tier[XT_TIER_QUICK].insns, s[i].insns);
        assert_true(s[i].insns > 30000u * 6);
        /* each round calls into the next page and the one after it and
         * returns: the units go on into each other's code themselves */
        assert_true(s[i].jumps > 30000u * 2);
    }
    assert_int_equal(s[1].compiles, s[0].compiles);
    assert_true(s[2].invalidations > 0);
    assert_true(s[2].jumps > 0);
    assert_int_equal(d.ar[8], far_imm_sum(30000));
#else
    skip();
#endif
}

/* Horizon checks left out on forward edges (xlate_plan_forward_margins):
 * fwd_loop's short blocks run one into the next with no check between
 * them, each chain covered by the margin its first block checked.  With
 * the timer's first interrupt at 40 cycles in a row (so that one lands
 * before every instruction of the paths, in generic code and after the
 * MMIO helper's wait states), every run ends as the interpreter's: the
 * same registers (a12 the interrupts taken, a14 the sum of their epc1),
 * cycles, instructions, history and state. */
static void test_x64_forward_edges(void **state)
{
    (void)state;
#if defined(__x86_64__)
    dev d;
    x64_timer_on();
    for (uint32_t t = 0; t < 40; t++) {
        timer_first = 600 + t;
        xt_xlate_stats s = both("fwd_loop", "fwd_loop_end", 3000, 0, &d);
        assert_true(s.tier[XT_TIER_QUICK].insns > 3000u * 6);
        assert_true(d.ar[12] > 20); /* interrupts taken */
    }
    x64_timer_off();
#else
    skip();
#endif
}

/* Branches over one or two ALU instructions run without a branch
 * (xlate_plan_if_convertible), by the x64 units and the C units: the
 * interpreter's registers, cycles, instructions, history ring (the
 * transfer of a taken side only) and saved state, with and without the
 * timer's interrupts landing among them. */
static void test_x64_if_converted(void **state)
{
    (void)state;
#if defined(__x86_64__)
    dev d;
    x64_timer_on();
    timer = false;
    unsigned long c0 = xlate_x64_if_converted();
    xt_xlate_stats s = both("ifc_loop", "ifc_loop_end", 300, 12, &d);
    assert_true(s.tier[XT_TIER_QUICK].insns > 3000u * 8);
    assert_true(xlate_x64_if_converted() >= c0 + 4);
    assert_int_equal(d.ar[15], 5);
    timer = true;
    for (uint32_t t = 0; t < 24; t++) {
        timer_first = 700 + 3 * t;
        both("ifc_loop", "ifc_loop_end", 300, 12, &d);
        assert_true(d.ar[12] > 10); /* interrupts taken */
    }
    /* the C units (libtcc's, or else GCC's) run them without a branch
     * too, with the not-taken side's horizon check first */
    quick = "tcc";
    for (uint32_t t = 0; t < 8; t++) {
        timer_first = 700 + 5 * t;
        s = both("ifc_loop", "ifc_loop_end", 300, 12, &d);
        assert_true(s.tier[XT_TIER_QUICK].insns + s.tier[XT_TIER_OPT].insns >
                    s.insns / 2);
        assert_true(d.ar[12] > 10);
    }
    quick = "x64";
    x64_timer_off();
#else
    skip();
#endif
}

/* A loop whose region goes on after it to accesses that straddle a page
 * boundary (its guard fails every time) has a guarded copy of its own
 * (xlate_plan_copy_ends): two copies emitted for its head, and the runs
 * end as the interpreter's, the timer's interrupts landing in them; the
 * C units' two copies too. */
static void test_x64_loop_copy(void **state)
{
    (void)state;
#if defined(__x86_64__)
    dev d;
    x64_timer_on();
    a10_start = 0;
    xt_xlate_stats s[2];
    unsigned long made[2];
    a11_start = TC_DRAM + 0x1FE0; /* a11 + 60 on the next page */
    for (int i = 0; i < 2; i++) {
        unsigned long c0 = xlate_x64_copies();
        s[i] = both("loopcopy_loop", "loopcopy_loop_end", 2000 + 500 * i,
                    TC_DRAM + 0x100, &d);
        assert_true(s[i].tier[XT_TIER_QUICK].insns > s[i].insns / 2);
        made[i] = xlate_x64_copies() - c0;
    }
    /* the C units (libtcc's, or else GCC's): both copies in one function
     * (labels of their own), compiled and run */
    quick = "tcc";
    xt_xlate_stats sc = both("loopcopy_loop", "loopcopy_loop_end", 2000,
                             TC_DRAM + 0x100, &d);
    assert_true(sc.tier[XT_TIER_QUICK].insns + sc.tier[XT_TIER_OPT].insns >
                sc.insns / 2);
    quick = "x64";
    a11_start = 0;
    /* the loop's head: the region's copy and the loop's, each time its
     * page's unit is emitted (the interpreter's run emits none) */
    for (int i = 0; i < 2; i++)
        assert_true(made[i] >= 2 && made[i] % 2 == 0);
    assert_true(d.ar[12] > 10); /* interrupts taken */
    x64_timer_off();
#else
    skip();
#endif
}

/* The direct back end's guarded copies of regions (xlate_plan.h): a loop
 * whose base walks across a page boundary (the copy's test at its jump
 * back fails, the region's head tests the next page), an access through
 * a register loaded in the region that points into MMIO every 4th round
 * (its test in place fails: the generic block from that instruction),
 * a WSR PS (the helper's instruction: the generic block from there), and
 * the guard failing outright: the base in MMIO (wait states), on a code
 * page (stores there are self-modifying code, through the helper), and
 * under a watchpoint set while the copy runs.  Every run ends as the
 * interpreter's (both() compares registers, cycles, instructions, the
 * history ring and the saved state), with a timer's interrupts landing
 * inside the copies. */

static void watch_cb(xt_cpu *cpu, xt_hook_type type, uint32_t addr,
                     unsigned size, uint32_t value, void *user)
{
    (void)cpu;
    (void)type;
    (void)size;
    uint32_t *h = user;
    *h += 1 + (addr & 0xFF) + (value & 0xFF);
}

/* guard_loop on one engine (d: its device, kept by the caller), stopped
 * after 20,000 instructions, and run on from there to its end: its
 * registers, cycles and instructions. */
static xt_cpu *guard_loop_start(xt_engine e, dev *d)
{
    xt_cpu *cpu = open_cpu(d, e);
    tc_set_ar(cpu, 2, MMIO_BASE);
    tc_set_ar(cpu, 3, 2000);
    tc_set_ar(cpu, 4, TC_DRAM + 0x1F80);
    tc_set_ar(cpu, 10, 0);
    for (int r = 12; r <= 14; r++)
        tc_set_ar(cpu, r, 0);
    tc_set(cpu, XT_REG_PC, tc_sym("guard_loop"));
    xt_run_opts o = { .max_insns = 20000 };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_INSN_BUDGET);
    return cpu;
}

static void guard_loop_finish(xt_cpu *cpu, uint32_t ar[16], uint64_t *cyc,
                              uint64_t *ins)
{
    xt_run_opts o = { .max_insns = 100u * TC_MAX_INSNS };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_IDLE);
    assert_int_equal(tc_pc(cpu), tc_sym("guard_loop_end") + 3);
    for (int r = 0; r < 16; r++)
        ar[r] = tc_ar(cpu, r);
    *cyc = xt_cycles(cpu);
    *ins = xt_insn_count(cpu);
    xt_close(cpu);
}

/* guard_loop on one engine: 20,000 instructions, then a watchpoint on
 * the page its buffer runs into (the copy's test at its jump back must
 * fail there: host memory goes on, but the page's accesses now need the
 * helper), then to the end. */
static void watch_run(xt_engine e, uint32_t *hits, uint32_t ar[16],
                      uint64_t *cyc, uint64_t *ins)
{
    dev d;
    xt_cpu *cpu = guard_loop_start(e, &d);
    *hits = 0;
    xt_hook h;
    assert_int_equal(xt_hook_add(cpu, &h, XT_HOOK_MEM_WRITE, watch_cb, hits,
                                 TC_DRAM + 0x2000, TC_DRAM + 0x20FF),
                     XT_OK);
    guard_loop_finish(cpu, ar, cyc, ins);
}

static void test_x64_guarded_copies(void **state)
{
    (void)state;
#if defined(__x86_64__)
    dev d;
    x64_timer_on();
    unsigned long c0 = xlate_x64_copies();
    /* in DRAM, 128 bytes before a page's end: each round's 24 passes
     * cross into the next page */
    xt_xlate_stats s = both("guard_loop", "guard_loop_end", 3000,
                            TC_DRAM + 0x1F80, &d);
    assert_true(xlate_x64_copies() > c0);
    assert_true(s.tier[XT_TIER_QUICK].insns > s.insns / 2);
    assert_true(d.ar[12] > 10); /* interrupts taken */
    /* the base in MMIO: no pointer chase (a10), the guard fails */
    a10_start = 1;
    s = both("guard_loop", "guard_loop_end", 300, MMIO_BASE, &d);
    assert_true(d.counter > 0);
    /* from a RAM page into the device's: the test at the jump back fails
     * as the base leaves the page, the region's head tests the device's
     * page and fails too: the generic blocks' wait states and device
     * accesses from there */
    s = both("guard_loop", "guard_loop_end", 300, MMIO_BASE - 0x80, &d);
    assert_true(d.counter > 0);
    assert_true(s.tier[XT_TIER_QUICK].insns > s.insns / 2);
    a10_start = 0;
    /* the base on the code page: the guard's store pages fail */
    s = both("guard_loop", "guard_loop_end", 1000, tc_sym("guard_scratch"), &d);
    assert_true(s.tier[XT_TIER_QUICK].insns > 0);
    /* a watchpoint set while the copy runs (every page's accesses go
     * through the helper from then on) */
    uint32_t hits[2], ar[2][16];
    uint64_t cyc[2], ins[2];
    timer = false;
    watch_run(XT_ENGINE_INTERP, &hits[0], ar[0], &cyc[0], &ins[0]);
    watch_run(XT_ENGINE_FAST, &hits[1], ar[1], &cyc[1], &ins[1]);
    assert_true(hits[0] > 1000);
    assert_int_equal(hits[1], hits[0]);
    assert_memory_equal(ar[1], ar[0], sizeof ar[0]);
    assert_int_equal(cyc[1], cyc[0]);
    assert_int_equal(ins[1], ins[0]);
    quick = NULL;
    tiers = 0;
#else
    skip();
#endif
}

/* A store watch (xt_watch_stores) set while guard_loop's copy runs, on
 * the page its buffer runs into: the first store there calls back once,
 * before it stores, at the same instruction and cycle on both engines
 * (the copy's guard must fail at the page from then on); the watch is
 * gone after it (one call), and the run ends as the interpreter's. */
typedef struct store_seen {
    unsigned calls;
    uint32_t addr, old;
    uint64_t cycles, insns;
} store_seen;

static void store_seen_cb(xt_cpu *cpu, uint32_t addr, void *user)
{
    store_seen *s = user;
    s->calls++;
    s->addr = addr;
    s->cycles = xt_cycles(cpu);
    s->insns = xt_insn_count(cpu);
    assert_int_equal(xt_mem_read(cpu, addr, &s->old, 4), XT_OK);
}

static void store_watch_run(xt_engine e, store_seen *seen, uint32_t ar[16],
                            uint64_t *cyc)
{
    dev d;
    xt_cpu *cpu = guard_loop_start(e, &d);
    memset(seen, 0, sizeof *seen);
    /* bad ranges, and a watch replaced and cleared, first */
    assert_int_equal(xt_watch_stores(NULL, 0, 4, store_seen_cb, seen),
                     XT_ERR_ARG);
    assert_int_equal(xt_watch_stores(cpu, 8, 4, store_seen_cb, seen),
                     XT_ERR_ARG);
    assert_int_equal(
        xt_watch_stores(cpu, TC_DRAM, TC_DRAM + 0x2000, store_seen_cb, seen),
        XT_OK);
    assert_int_equal(xt_watch_stores(cpu, 0, 0, NULL, NULL), XT_OK);
    assert_int_equal(xt_watch_stores(cpu, TC_DRAM + 0x2010, TC_DRAM + 0x2014,
                                     store_seen_cb, seen),
                     XT_OK);
    uint64_t ins;
    guard_loop_finish(cpu, ar, cyc, &ins);
}

static void test_store_watch(void **state)
{
    (void)state;
    store_seen seen[2];
    uint32_t ar[2][16];
    uint64_t cyc[2];
    store_watch_run(XT_ENGINE_INTERP, &seen[0], ar[0], &cyc[0]);
    store_watch_run(XT_ENGINE_FAST, &seen[1], ar[1], &cyc[1]);
    assert_int_equal(seen[0].calls, 1);
    /* the page's first store, not the watched bytes' */
    assert_int_equal(seen[0].addr & ~0xFFFu, TC_DRAM + 0x2000);
    assert_true(seen[0].insns > 20000);
    assert_int_equal(seen[1].calls, 1);
    assert_int_equal(seen[1].addr, seen[0].addr);
    assert_int_equal(seen[1].old, seen[0].old);
    assert_int_equal(seen[1].cycles, seen[0].cycles);
    assert_int_equal(seen[1].insns, seen[0].insns);
    assert_memory_equal(ar[1], ar[0], sizeof ar[0]);
    assert_int_equal(cyc[1], cyc[0]);
}

static void test_group(void **state)
{
    (void)state;
    /* an empty cache: a group an earlier run left there would be found
     * by the run without one */
    char dir[] = "/tmp/dspsim-xlate-test-XXXXXX";
    use_empty_cache(dir);
    dev d;
    xt_xlate_stats s[3];
    timer = true;             /* interrupts land anywhere, between pages too */
    tiers = XT_TIER_OPT_MASK; /* groups are the optimising tier's */
    for (int i = 0; i < 2; i++) {
        group_calls = i ? 1 : 1000000000u;
        a10_start = 0;
        s[i] = both("group_loop", "group_loop_end", 30000, TC_DRAM + 0x100, &d);
    }
    group_calls = 1;
    a10_start = tc_sym("far_imm") + 2;
    s[2] = both("group_loop", "group_loop_end", 30000, TC_DRAM + 0x100, &d);
    group_calls = 1000000000u;
    a10_start = 0;
    timer = false;
    tiers = 0;
    drop_cache(dir);
    assert_int_equal(s[0].groups, 0);
    assert_true(s[1].groups >= 1);
    assert_true(s[1].insns > 30000u * 12 / 2);
    assert_true(s[1].unit_calls * 4 < s[0].unit_calls);
    assert_true(s[2].groups >= 1);
    assert_true(s[2].invalidations > 0);
    assert_true(d.ar[12] > 100); /* the timer's interrupts, counted */
    assert_int_equal(d.ar[8], far_imm_sum(30000));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mmio_and_special_registers),
        cmocka_unit_test(test_interrupt_at_wsr),
        cmocka_unit_test(test_code_rewritten_by_device),
        cmocka_unit_test(test_stores_into_running_block),
        cmocka_unit_test(test_history_of_loop_copy),
        cmocka_unit_test(test_cached_layout),
        cmocka_unit_test(test_store_watch),
        cmocka_unit_test(test_group),
        cmocka_unit_test(test_tiers),
        cmocka_unit_test(test_x64_direct),
        cmocka_unit_test(test_x64_guarded_copies),
        cmocka_unit_test(test_x64_forward_edges),
        cmocka_unit_test(test_x64_loop_copy),
        cmocka_unit_test(test_x64_if_converted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

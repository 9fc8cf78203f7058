/* SPDX-License-Identifier: BSD-3-Clause */
/* Boards of several cores (docs/board.md, "Several cores"): the board
 * description, the cores' API, and programs of tests/board/guest run on
 * 2 and 4 cores -- an inter-core doorbell round trip, semaphore
 * contention ending exact, a secondary core's fault reported with its
 * core number -- each run again with the other CPU engine, cut into
 * pieces, with a debugger polling and through a snapshot: the same
 * bytes and cycles every time. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dspsim/board.h"
#include "dspsim/board_race.h"
#include "dspsim/intercore.h"
#include "dspsim/loader.h"
#include "dspsim/semihost.h"

#define ELF(name)   GUEST_DIR "/" name ".elf"
#define MAX_MARKERS 256
#define SR_PRID     235

typedef struct mark {
    uint32_t id, value;
    uint64_t cycle;
} mark;

/* What a run leaves: compared between runs that must be the same. */
typedef struct outcome {
    ds_run_result res;
    char console[2048];
    size_t ncon;
    mark mk[MAX_MARKERS];
    unsigned nmk;
    uint64_t core_cycles[BOARD_MAX_CORES];
} outcome;

typedef struct rig {
    ds_board *b;
    xt_semihost *sh;
    outcome *o;
} rig;

static void con_cb(void *user, uint8_t byte)
{
    outcome *o = user;
    if (o->ncon + 1 < sizeof(o->console))
        o->console[o->ncon++] = (char)byte;
}

static void marker_cb(void *user, uint32_t id, uint32_t value, uint64_t cyc)
{
    outcome *o = user;
    if (o->nmk < MAX_MARKERS)
        o->mk[o->nmk++] = (mark){ id, value, cyc };
}

static void cfg_for(ds_board_config *cfg, unsigned cores, xt_engine e)
{
    ds_board_config_default(cfg);
    cfg->cores = cores;
    cfg->cpu.engine = e;
    cfg->cpu.engine_set = true;
}

static void rig_open(rig *r, const char *elf, const ds_board_config *cfg,
                     outcome *o)
{
    char err[256];
    memset(o, 0, sizeof(*o));
    r->o = o;
    assert_int_equal(ds_board_new(cfg, &r->b, err, sizeof(err)), DS_OK);
    r->sh = xt_semihost_new(NULL);
    assert_non_null(r->sh);
    assert_int_equal(xt_semihost_install(r->sh, ds_board_cpu(r->b), NULL),
                     XT_OK);
    ds_board_set_console(r->b, con_cb, o);
    assert_int_equal(ds_board_add_marker_observer(r->b, marker_cb, o), DS_OK);
    if (ds_board_load_elf(r->b, elf, err, sizeof(err)) != DS_OK)
        fail_msg("loading %s: %s", elf, err);
}

static void rig_close(rig *r)
{
    outcome *o = r->o;
    o->console[o->ncon] = 0;
    for (unsigned k = 0; k < ds_board_cores(r->b); k++)
        o->core_cycles[k] = ds_board_core_cycles(r->b, k);
    ds_board_free(r->b);
    xt_semihost_free(r->sh);
}

/* Run elf to its end in one call. */
static void run_whole(const char *elf, const ds_board_config *cfg, outcome *o)
{
    rig r;
    rig_open(&r, elf, cfg, o);
    assert_int_equal(ds_board_run(r.b, 200000000, 0, &o->res), DS_OK);
    rig_close(&r);
}

/* The same with the race detector on; races (DS_BOARD_MAX_RACES) gets
 * what it found; returns how many. */
static unsigned run_race(const char *elf, const ds_board_config *cfg,
                         outcome *o, ds_race *races)
{
    rig r;
    rig_open(&r, elf, cfg, o);
    assert_int_equal(ds_board_race_enable(r.b), DS_OK);
    assert_true(ds_board_race_enabled(r.b));
    assert_int_equal(ds_board_run(r.b, 200000000, 0, &o->res), DS_OK);
    unsigned n = ds_board_race_count(r.b);
    for (unsigned i = 0; i < n; i++)
        races[i] = *ds_board_race_get(r.b, i);
    assert_null(ds_board_race_get(r.b, n));
    assert_int_equal(ds_board_race_dropped(r.b), 0);
    rig_close(&r);
    return n;
}

static void assert_same(const outcome *a, const outcome *b)
{
    assert_int_equal(a->res.why, b->res.why);
    assert_int_equal(a->res.status, b->res.status);
    assert_int_equal(a->res.core, b->res.core);
    assert_int_equal(a->res.cycles, b->res.cycles);
    assert_string_equal(a->console, b->console);
    assert_int_equal(a->nmk, b->nmk);
    for (unsigned i = 0; i < a->nmk; i++) {
        assert_int_equal(a->mk[i].id, b->mk[i].id);
        assert_int_equal(a->mk[i].value, b->mk[i].value);
        assert_int_equal(a->mk[i].cycle, b->mk[i].cycle);
    }
    for (unsigned k = 0; k < BOARD_MAX_CORES; k++)
        assert_int_equal(a->core_cycles[k], b->core_cycles[k]);
}

static const mark *find_mark(const outcome *o, uint32_t id, uint32_t value)
{
    for (unsigned i = 0; i < o->nmk; i++)
        if (o->mk[i].id == id && o->mk[i].value == value)
            return &o->mk[i];
    fail_msg("marker %u %u missing", (unsigned)id, (unsigned)value);
    return NULL;
}

static outcome *new_outcome(void)
{
    outcome *o = calloc(1, sizeof(*o));
    assert_non_null(o);
    return o;
}

/* ---- the board description and the API ---------------------------------- */
static void test_config(void **state)
{
    (void)state;
    ds_board_config cfg;
    char err[256];
    ds_board_config_default(&cfg);
    assert_int_equal(cfg.cores, 1);
    assert_int_equal(cfg.quantum, DS_BOARD_DEFAULT_QUANTUM);
    const char *ok = "cores: 4\nquantum: 250\n";
    assert_true(ds_board_config_parse(&cfg, "b.yaml", ok, strlen(ok), err,
                                      sizeof(err)));
    assert_int_equal(cfg.cores, 4);
    assert_int_equal(cfg.quantum, 250);
    static const struct {
        const char *yaml, *msg;
    } bad[] = {
        { "cores: 5\n", "b.yaml: cores 5 must be between 1 and 4" },
        { "cores: 0\n", "b.yaml: cores 0 must be between 1 and 4" },
        { "quantum: 0\n", "b.yaml: quantum 0 must be between 1 and 1000000 "
                          "cycles" },
        { "cores: two\n", "b.yaml:1:8: cores: 'two' is not a non-negative "
                          "32-bit integer" },
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        ds_board_config_default(&cfg);
        assert_false(ds_board_config_parse(&cfg, "b.yaml", bad[i].yaml,
                                           strlen(bad[i].yaml), err,
                                           sizeof(err)));
        assert_string_equal(err, bad[i].msg);
    }
    ds_board *b;
    ds_board_config_default(&cfg);
    cfg.cores = 9;
    assert_int_equal(ds_board_new(&cfg, &b, err, sizeof(err)), DS_ERR_CONFIG);
}

static void test_core_api(void **state)
{
    (void)state;
    ds_board_config cfg;
    ds_board *b;
    char err[256];
    ds_board_config_default(&cfg);
    assert_int_equal(ds_board_new(&cfg, &b, err, sizeof(err)), DS_OK);
    assert_int_equal(ds_board_cores(b), 1);
    assert_null(ds_board_icd(b));
    assert_null(ds_board_core_cpu(b, 1));
    assert_ptr_equal(ds_board_core_cpu(b, 0), ds_board_cpu(b));
    /* no inter-core device on a board of one core: a bus error region */
    assert_null(xt_region_name(ds_board_cpu(b), BOARD_ICD_BASE));
    ds_board_free(b);

    cfg.cores = 3;
    assert_int_equal(ds_board_new(&cfg, &b, err, sizeof(err)), DS_OK);
    assert_int_equal(ds_board_cores(b), 3);
    assert_non_null(ds_board_icd(b));
    for (unsigned k = 0; k < 3; k++) {
        uint32_t prid = 99;
        xt_cpu *cpu = ds_board_core_cpu(b, k);
        assert_non_null(cpu);
        assert_int_equal(xt_reg_read(cpu, XT_REG_SR(SR_PRID), &prid), XT_OK);
        assert_int_equal(prid, k);
        assert_string_equal(xt_region_name(cpu, BOARD_ICD_BASE), "icd");
        assert_int_equal(ds_board_core_running(b, k), k == 0);
    }
    assert_null(ds_board_core_cpu(b, 3));
    /* the memories are shared: a host write through core 0 is seen by
     * core 2, and a guest-visible write through core 2 by core 0 */
    uint32_t v = 0x11223344, got = 0;
    assert_int_equal(xt_mem_write(ds_board_cpu(b), BOARD_DRAM_BASE + 64, &v, 4),
                     XT_OK);
    assert_int_equal(
        xt_mem_read(ds_board_core_cpu(b, 2), BOARD_DRAM_BASE + 64, &got, 4),
        XT_OK);
    assert_int_equal(got, v);
    v = 0x55667788;
    assert_int_equal(
        xt_mem_write(ds_board_core_cpu(b, 2), BOARD_MBOX_BASE, &v, 4), XT_OK);
    assert_int_equal(ds_board_mbox_read(b, 0, &got, 4), DS_OK);
    assert_int_equal(got, v);
    ds_board_free(b);
}

/* A program for one core runs the same on a board of two (core 1 stays in
 * reset): every byte and cycle. */
static void test_one_core_program_on_two(void **state)
{
    (void)state;
    ds_board_config c1, c2;
    cfg_for(&c1, 1, XT_ENGINE_INTERP);
    cfg_for(&c2, 2, XT_ENGINE_INTERP);
    outcome *a = new_outcome(), *b = new_outcome();
    run_whole(ELF("board_hello"), &c1, a);
    run_whole(ELF("board_hello"), &c2, b);
    assert_int_equal(a->res.why, DS_STOP_HALT);
    assert_int_equal(a->res.status, 7);
    b->core_cycles[1] = 0; /* core 1 stayed in reset */
    assert_same(a, b);
    free(a);
    free(b);
}

/* ---- the doorbell round trip ------------------------------------------------ */
static void check_doorbell(const outcome *o)
{
    if (o->res.why != DS_STOP_HALT || o->res.status != 0)
        fail_msg("stopped: %s status %d on core %u, console:\n%s",
                 ds_stop_name(o->res.why), o->res.status, o->res.core,
                 o->console);
    assert_string_equal(o->console, "smp doorbell\nround trips ok\n"
                                    "refused rings ok\ndone\n");
    for (uint32_t i = 0; i < 8; i++) {
        uint64_t ring = find_mark(o, 1, i)->cycle;
        uint64_t seen = find_mark(o, 3, i)->cycle; /* by core 1 */
        uint64_t reply = find_mark(o, 2, i)->cycle;
        assert_true(ring < seen && seen < reply);
        /* core 1 sleeps in WAITI: it takes the interrupt at the ring's
         * cycle, not a quantum later */
        assert_true(reply - ring < 400);
    }
}

static void test_doorbell(void **state)
{
    (void)state;
    ds_board_config cfg;
    outcome *a = new_outcome(), *b = new_outcome(), *c = new_outcome();
    cfg_for(&cfg, 2, XT_ENGINE_INTERP);
    run_whole(ELF("board_smp_doorbell"), &cfg, a);
    check_doorbell(a);
    assert_true(a->core_cycles[1] > 0);
    run_whole(ELF("board_smp_doorbell"), &cfg, b);
    assert_same(a, b);
    cfg_for(&cfg, 2, XT_ENGINE_FAST);
    run_whole(ELF("board_smp_doorbell"), &cfg, c);
    assert_same(a, c);
    free(a);
    free(b);
    free(c);
}

/* ---- semaphores ------------------------------------------------------------ */
static void test_semaphores(void **state)
{
    (void)state;
    ds_board_config cfg;
    outcome *a = new_outcome(), *b = new_outcome();
    cfg_for(&cfg, 4, XT_ENGINE_INTERP);
    run_whole(ELF("board_smp_sem"), &cfg, a);
    if (a->res.why != DS_STOP_HALT || a->res.status != 0)
        fail_msg("stopped: %s status %d, console:\n%s",
                 ds_stop_name(a->res.why), a->res.status, a->console);
    assert_string_equal(a->console, "smp semaphores\ncounter 400\n");
    for (uint32_t k = 0; k < 4; k++)
        find_mark(a, 10 + k, 100);
    cfg_for(&cfg, 4, XT_ENGINE_FAST);
    run_whole(ELF("board_smp_sem"), &cfg, b);
    assert_same(a, b);

    /* without the semaphore, updates are lost (the same way every time) */
    outcome *n1 = new_outcome(), *n2 = new_outcome();
    cfg_for(&cfg, 4, XT_ENGINE_INTERP);
    run_whole(ELF("board_smp_sem_nosem"), &cfg, n1);
    assert_int_equal(n1->res.why, DS_STOP_HALT);
    assert_int_equal(n1->res.status, 2);
    unsigned counter = 0;
    assert_int_equal(
        sscanf(n1->console, "smp semaphores\ncounter %u", &counter), 1);
    assert_true(counter < 400);
    run_whole(ELF("board_smp_sem_nosem"), &cfg, n2);
    assert_same(n1, n2);
    free(a);
    free(b);
    free(n1);
    free(n2);
}

/* ---- accesses in simulated-time order ------------------------------------ */
static void test_time_order(void **state)
{
    (void)state;
    ds_board_config cfg;
    outcome *a = new_outcome(), *b = new_outcome();
    cfg_for(&cfg, 3, XT_ENGINE_INTERP);
    cfg.quantum = 100000; /* one round for the whole program */
    run_whole(ELF("board_smp_order"), &cfg, a);
    assert_int_equal(a->res.why, DS_STOP_HALT);
    assert_int_equal(a->res.status, 0); /* core 2 took it */
    const mark *m1 = find_mark(a, 21, 0), *m2 = find_mark(a, 22, 1);
    /* core 2's read came first in time; core 1 ran first in its rounds */
    assert_true(m2->cycle < m1->cycle);
    assert_true(m1->cycle < 100000); /* in the first round */
    cfg_for(&cfg, 3, XT_ENGINE_FAST);
    cfg.quantum = 100000;
    run_whole(ELF("board_smp_order"), &cfg, b);
    assert_same(a, b);
    free(a);
    free(b);
}

/* ---- a secondary core's fault --------------------------------------------- */
static void test_fault_halt(void **state)
{
    (void)state;
    ds_board_config cfg;
    outcome *o = new_outcome();
    cfg_for(&cfg, 2, XT_ENGINE_INTERP);
    run_whole(ELF("board_smp_fault"), &cfg, o);
    assert_int_equal(o->res.why, DS_STOP_HALT);
    assert_int_equal(o->res.status, 0xEE);
    assert_int_equal(o->res.core, 1); /* core 1 wrote HALT */
    assert_non_null(strstr(o->console, "FAULT cause 15 "));
    assert_non_null(strstr(o->console, "vaddr 50000000"));
    assert_int_equal(find_mark(o, 1, 1)->id, 1);
    free(o);
}

static void test_fault_fatal(void **state)
{
    (void)state;
    ds_board_config cfg;
    outcome o;
    rig r;
    cfg_for(&cfg, 2, XT_ENGINE_INTERP);
    rig_open(&r, ELF("board_smp_fault_fatal"), &cfg, &o);
    assert_int_equal(ds_board_run(r.b, 1000000, 0, &o.res), DS_OK);
    assert_int_equal(o.res.why, DS_STOP_FATAL);
    assert_int_equal(o.res.core, 1);
    const xt_fatal_info *fi = xt_fatal(ds_board_core_cpu(r.b, 1));
    assert_string_equal(fi->reason, "double exception loop");
    assert_int_equal(fi->pc, 0x20000070); /* VECBASE + double vector */
    assert_null(xt_fatal(ds_board_cpu(r.b))->reason); /* not core 0 */
    /* a new run stops there again */
    ds_run_result res;
    assert_int_equal(ds_board_run(r.b, 1000, 0, &res), DS_OK);
    assert_int_equal(res.why, DS_STOP_FATAL);
    assert_int_equal(res.core, 1);
    rig_close(&r);
}

/* ---- runs cut anywhere ---------------------------------------------------- */
static unsigned polls;
static bool poll_cb(void *user)
{
    (void)user;
    polls++;
    return false;
}

/* The doorbell program in runs of 'step' cycles (0: in one), with or
 * without a debugger polling every 'slice' cycles. */
static void run_cut(uint64_t step, uint64_t slice, outcome *o)
{
    ds_board_config cfg;
    rig r;
    cfg_for(&cfg, 2, XT_ENGINE_INTERP);
    rig_open(&r, ELF("board_smp_doorbell"), &cfg, o);
    if (slice)
        ds_run_set_debugger(ds_board_service(r.b), poll_cb, NULL, slice);
    for (int i = 0; i < 100000; i++) {
        assert_int_equal(ds_board_run(r.b, step, 0, &o->res), DS_OK);
        if (o->res.why != DS_STOP_BUDGET)
            break;
    }
    rig_close(&r);
}

static void test_cut_runs(void **state)
{
    (void)state;
    outcome *whole = new_outcome(), *cut = new_outcome();
    run_cut(0, 0, whole);
    check_doorbell(whole);
    static const uint64_t steps[] = { 1, 97, 777, 5000 };
    for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
        run_cut(steps[i], 0, cut);
        assert_same(whole, cut);
    }
    polls = 0;
    run_cut(0, 333, cut);
    assert_true(polls > 10);
    assert_same(whole, cut);
    free(whole);
    free(cut);
}

/* ---- snapshots ------------------------------------------------------------- */
typedef struct snap_ctx {
    ds_board *b;
    ds_snap_w w;
    uint64_t at;
} snap_ctx;

static bool save_cb(void *user, uint64_t cycle)
{
    snap_ctx *s = user;
    s->at = cycle;
    ds_board_save(s->b, &s->w);
    return true;
}

static void test_snapshot(void **state)
{
    (void)state;
    ds_board_config cfg;
    cfg_for(&cfg, 4, XT_ENGINE_INTERP);
    outcome *whole = new_outcome(), *first = new_outcome(),
            *second = new_outcome();
    run_whole(ELF("board_smp_sem"), &cfg, whole);
    assert_int_equal(whole->res.status, 0);

    /* save where every core runs (the first 8000 cycles clear .bss) */
    rig r;
    snap_ctx s = { 0 };
    ds_snap_w_init(&s.w);
    rig_open(&r, ELF("board_smp_sem"), &cfg, first);
    s.b = r.b;
    ds_board_set_pause(r.b, whole->res.cycles * 3 / 4, save_cb, &s);
    assert_int_equal(ds_board_run(r.b, 200000000, 0, &first->res), DS_OK);
    rig_close(&r);
    assert_same(whole, first); /* pausing changed nothing */
    assert_true(s.at >= whole->res.cycles * 3 / 4 && s.w.len > 0);

    /* resume it on a new board (the fast engine this time) */
    cfg_for(&cfg, 4, XT_ENGINE_FAST);
    rig_open(&r, ELF("board_smp_sem"), &cfg, second);
    char err[256];
    ds_snap_r rd;
    ds_snap_r_init(&rd, s.w.p, s.w.len, err, sizeof(err));
    if (!ds_board_load(r.b, &rd))
        fail_msg("load: %s", err);
    assert_int_equal(ds_board_cycles(r.b), s.at);
    assert_true(ds_board_core_running(r.b, 3));
    assert_int_equal(ds_board_run(r.b, 200000000, 0, &second->res), DS_OK);
    rig_close(&r);
    assert_int_equal(second->res.why, DS_STOP_HALT);
    assert_int_equal(second->res.status, 0);
    assert_int_equal(second->res.cycles, whole->res.cycles);
    for (unsigned k = 0; k < 4; k++)
        assert_int_equal(second->core_cycles[k], whole->core_cycles[k]);
    /* what the resumed run printed is the end of what the whole did */
    size_t n = strlen(second->console);
    assert_true(n > 0 && n <= strlen(whole->console));
    assert_string_equal(whole->console + strlen(whole->console) - n,
                        second->console);

    /* a board of another size refuses it, naming the problem */
    cfg_for(&cfg, 2, XT_ENGINE_INTERP);
    rig_open(&r, ELF("board_smp_sem"), &cfg, second);
    ds_snap_r_init(&rd, s.w.p, s.w.len, err, sizeof(err));
    assert_false(ds_board_load(r.b, &rd));
    assert_non_null(strstr(err, "4 cores"));
    rig_close(&r);
    ds_snap_w_free(&s.w);
    free(whole);
    free(first);
    free(second);
}

/* ---- races ---------------------------------------------------------------- */
static const xt_elf_symbol *symbol(const xt_elf *elf, const char *name)
{
    for (size_t i = 0; i < xt_elf_symbol_count(elf); i++)
        if (!strcmp(xt_elf_symbol_at(elf, i)->name, name))
            return xt_elf_symbol_at(elf, i);
    fail_msg("no symbol %s", name);
    return NULL;
}

static void test_race_seeded(void **state)
{
    (void)state;
    ds_board_config cfg;
    outcome *plain = new_outcome(), *o = new_outcome();
    static ds_race races[DS_BOARD_MAX_RACES];
    cfg_for(&cfg, 4, XT_ENGINE_INTERP);
    run_whole(ELF("board_smp_sem_nosem"), &cfg, plain);
    unsigned n = run_race(ELF("board_smp_sem_nosem"), &cfg, o, races);
    assert_same(plain, o); /* the detector changes no cycle */
    assert_true(n >= 1);

    char err[256];
    xt_elf *elf = NULL;
    assert_int_equal(
        xt_elf_open(ELF("board_smp_sem_nosem"), &elf, err, sizeof(err)),
        XT_LOAD_OK);
    const xt_elf_symbol *counter = symbol(elf, "counter");
    const xt_elf_symbol *work = symbol(elf, "work");
    bool write_write = false;
    for (unsigned i = 0; i < n; i++) {
        const ds_race *r = &races[i];
        /* on the counter, by two cores, both in work(), one a write */
        assert_int_equal(r->addr, counter->addr);
        assert_int_equal(r->size, 4);
        assert_int_not_equal(r->first.core, r->second.core);
        assert_true(r->first.write || r->second.write);
        assert_in_range(r->first.pc, work->addr, work->addr + work->size - 1);
        assert_in_range(r->second.pc, work->addr, work->addr + work->size - 1);
        assert_true(r->first.cycle > 0 && r->second.cycle > 0);
        assert_true(r->count >= 1);
        write_write |= r->first.write && r->second.write;
    }
    assert_true(write_write);
    xt_elf_free(elf);

    /* the same reports with the other engine */
    static ds_race fast[DS_BOARD_MAX_RACES];
    cfg_for(&cfg, 4, XT_ENGINE_FAST);
    assert_int_equal(run_race(ELF("board_smp_sem_nosem"), &cfg, o, fast), n);
    assert_same(plain, o);
    for (unsigned i = 0; i < n; i++) {
        assert_int_equal(races[i].addr, fast[i].addr);
        assert_int_equal(races[i].count, fast[i].count);
        const ds_race_access *a[2] = { &races[i].first, &races[i].second },
                             *f[2] = { &fast[i].first, &fast[i].second };
        for (int j = 0; j < 2; j++) {
            assert_int_equal(a[j]->core, f[j]->core);
            assert_int_equal(a[j]->pc, f[j]->pc);
            assert_int_equal(a[j]->cycle, f[j]->cycle);
            assert_int_equal(a[j]->write, f[j]->write);
        }
    }
    free(plain);
    free(o);
}

/* Correct programs (every sharing through a semaphore, a doorbell or a
 * core's start): no report. */
static void test_race_none(void **state)
{
    (void)state;
    ds_board_config cfg;
    outcome *plain = new_outcome(), *o = new_outcome();
    static ds_race races[DS_BOARD_MAX_RACES];
    static const struct {
        const char *elf;
        unsigned cores;
    } progs[] = { { ELF("board_smp_sem"), 4 },
                  { ELF("board_smp_doorbell"), 2 } };
    for (size_t i = 0; i < sizeof(progs) / sizeof(progs[0]); i++) {
        cfg_for(&cfg, progs[i].cores, XT_ENGINE_INTERP);
        run_whole(progs[i].elf, &cfg, plain);
        unsigned n = run_race(progs[i].elf, &cfg, o, races);
        if (n)
            fail_msg("%s: %u races, the first at %08x: core %u pc %08x %s, "
                     "core %u pc %08x %s",
                     progs[i].elf, n, (unsigned)races[0].addr,
                     races[0].first.core, (unsigned)races[0].first.pc,
                     races[0].first.write ? "write" : "read",
                     races[0].second.core, (unsigned)races[0].second.pc,
                     races[0].second.write ? "write" : "read");
        assert_same(plain, o);
    }
    /* a board of one core has nothing to check */
    ds_board *b;
    char err[256];
    cfg_for(&cfg, 1, XT_ENGINE_INTERP);
    assert_int_equal(ds_board_new(&cfg, &b, err, sizeof(err)), DS_OK);
    assert_int_equal(ds_board_race_enable(b), DS_ERR_ARG);
    assert_false(ds_board_race_enabled(b));
    ds_board_free(b);
    free(plain);
    free(o);
}

/* DMA writes forget the cores' accesses to the bytes they write. */
static void test_race_dma(void **state)
{
    (void)state;
    ds_board_config cfg;
    outcome *o = new_outcome();
    static ds_race races[DS_BOARD_MAX_RACES];
    cfg_for(&cfg, 2, XT_ENGINE_INTERP);
    unsigned n = run_race(ELF("board_smp_dma"), &cfg, o, races);
    assert_int_equal(o->res.why, DS_STOP_HALT);
    assert_int_equal(o->res.status, 0);
    char err[256];
    xt_elf *elf = NULL;
    assert_int_equal(xt_elf_open(ELF("board_smp_dma"), &elf, err, sizeof(err)),
                     XT_LOAD_OK);
    /* 'late' only: core 1's store, core 0's load */
    assert_int_equal(n, 1);
    assert_int_equal(races[0].addr, symbol(elf, "late")->addr);
    assert_int_equal(races[0].first.core, 1);
    assert_true(races[0].first.write);
    assert_int_equal(races[0].second.core, 0);
    assert_false(races[0].second.write);
    xt_elf_free(elf);
    free(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config),
        cmocka_unit_test(test_core_api),
        cmocka_unit_test(test_one_core_program_on_two),
        cmocka_unit_test(test_doorbell),
        cmocka_unit_test(test_semaphores),
        cmocka_unit_test(test_time_order),
        cmocka_unit_test(test_fault_halt),
        cmocka_unit_test(test_fault_fatal),
        cmocka_unit_test(test_cut_runs),
        cmocka_unit_test(test_snapshot),
        cmocka_unit_test(test_race_seeded),
        cmocka_unit_test(test_race_none),
        cmocka_unit_test(test_race_dma),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

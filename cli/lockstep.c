/* SPDX-License-Identifier: BSD-3-Clause */
/* Lockstep checking of the fast engine against the reference interpreter
 * (see lockstep.h). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lockstep.h"
#include "report.h"

/* Special registers compared at every block boundary (Xtensa numbers). */
static const unsigned lock_srs[] = {
    3,
    /* sar */ 5,
    /* litbase */ 96, /* ibreakenable */
    104,
    /* ddr */ 128,
    /* ibreaka0 */ 144, /* dbreaka0 */
    160,
    /* dbreakc0 */ 177,
    178,
    179, /* epc1..3 */
    192,
    /* depc */ 194,
    195, /* eps2..3 */
    209,
    210,
    211,
    /* excsave1..3 */ 226, /* interrupt */
    228,
    /* intenable */ 230,
    /* ps */ 231, /* vecbase */
    232,
    /* exccause */ 233,
    /* debugcause */ 234, /* ccount */
    236,
    /* icount */ 237,
    /* icountlevel */ 238, /* excvaddr */
    240,                   /* ccompare0 */
};
#define NSRS      (sizeof lock_srs / sizeof lock_srs[0])
#define MEM_EVERY 4096u /* boundaries between memory comparisons */

typedef struct snap {
    uint32_t r[17 + NSRS]; /* a0..a15, pc, SRs */
    uint64_t cycles, insns;
} snap;

static void take(xt_cpu *cpu, snap *s)
{
    for (int i = 0; i < 16; i++)
        xt_reg_read(cpu, XT_REG_A0 + i, &s->r[i]);
    xt_reg_read(cpu, XT_REG_PC, &s->r[16]);
    for (size_t i = 0; i < NSRS; i++)
        if (xt_reg_read(cpu, XT_REG_SR((int)lock_srs[i]), &s->r[17 + i]) !=
            XT_OK)
            s->r[17 + i] = 0;
    s->cycles = xt_cycles(cpu);
    s->insns = xt_insn_count(cpu);
}

static void reg_name(size_t i, char *buf, size_t n)
{
    if (i < 16)
        snprintf(buf, n, "a%zu", i);
    else if (i == 16)
        snprintf(buf, n, "pc");
    else
        snprintf(buf, n, "sr%u", lock_srs[i - 17]);
}

/* First differing byte of two CPUs' RAM/ROM in [lo, hi); 0 if none. */
static int mem_diff(xt_cpu *a, xt_cpu *b, const lockstep_range *rg, size_t nrg,
                    uint32_t *where)
{
    static uint8_t ba[65536], bb[65536];
    for (size_t k = 0; k < nrg; k++) {
        for (uint64_t x = rg[k].base; x < (uint64_t)rg[k].base + rg[k].size;
             x += sizeof ba) {
            size_t n = sizeof ba;
            if (x + n > (uint64_t)rg[k].base + rg[k].size)
                n = (size_t)((uint64_t)rg[k].base + rg[k].size - x);
            if (xt_mem_read(a, (uint32_t)x, ba, n) != XT_OK ||
                xt_mem_read(b, (uint32_t)x, bb, n) != XT_OK)
                continue;
            if (memcmp(ba, bb, n)) {
                size_t i = 0;
                while (ba[i] == bb[i])
                    i++;
                *where = (uint32_t)x + (uint32_t)i;
                return 1;
            }
        }
    }
    return 0;
}

/* Does instruction 'text' (objdump syntax) write register 'reg' ("a5")? */
static int writes(const char *text, const char *reg)
{
    const char *tab = strchr(text, '\t');
    if (!tab)
        return 0;
    if (!strncmp(text, "s8i", 3) || !strncmp(text, "s16i", 4) ||
        !strncmp(text, "s32i", 4) || text[0] == 'b' || text[0] == 'j')
        return 0;
    size_t n = strlen(reg);
    return !strncmp(tab + 1, reg, n) && (tab[1 + n] == ',' || tab[1 + n] == 0);
}

/* The translated engine's figures the summary line reports. */
static void fill_stats(xt_cpu *fast, lockstep_stats *st)
{
    xt_xlate_stats xs;
    xt_xlate_stats_get(fast, &xs);
    st->translated_insns = xs.insns;
    st->tier_insns[0] = xs.tier[XT_TIER_QUICK].insns;
    st->tier_insns[1] = xs.tier[XT_TIER_OPT].insns;
    st->promotions = xs.promotions;
}

static void report_divergence(FILE *f, const char *cmd, xt_cpu *ref,
                              const snap *before, const snap *sf,
                              const snap *sr, const xt_elf *elf, uint32_t entry)
{
    fprintf(f,
            "dspsim %s: lockstep: the engines diverge in the block that "
            "starts at pc %08" PRIx32 " (they agreed after %" PRIu64
            " instructions, %" PRIu64 " cycles, at pc %08" PRIx32 ")\n",
            cmd, entry, before->insns, before->cycles, before->r[16]);
    if (sf->insns != sr->insns || sf->cycles != sr->cycles)
        fprintf(f,
                "  instructions fast %" PRIu64 " interp %" PRIu64
                ", cycles fast %" PRIu64 " interp %" PRIu64 "\n",
                sf->insns, sr->insns, sf->cycles, sr->cycles);
    char first_reg[16] = "";
    for (size_t i = 0; i < 17 + NSRS; i++) {
        if (sf->r[i] == sr->r[i])
            continue;
        char name[16];
        reg_name(i, name, sizeof name);
        if (!first_reg[0] && i < 16)
            snprintf(first_reg, sizeof first_reg, "%s", name);
        fprintf(f, "  %-6s fast %08" PRIx32 "  interp %08" PRIx32 "\n", name,
                sf->r[i], sr->r[i]);
    }
    /* the reference's own record of the block it just ran */
    uint32_t pcs[32];
    unsigned n = xt_recent_pcs(ref, pcs, 32);
    unsigned start = 0;
    for (unsigned i = 0; i < n; i++)
        if (pcs[i] == entry)
            start = i;
    int marked = 0;
    fprintf(f, "  the block as the interpreter ran it:\n");
    for (unsigned i = start; i < n; i++) {
        char dis[96];
        if (xt_disasm_at(ref, pcs[i], dis, sizeof dis) <= 0)
            snprintf(dis, sizeof dis, "?");
        int first = !marked && first_reg[0] && writes(dis, first_reg);
        marked |= first;
        char sym[96];
        xt_elf_format_sym(elf, pcs[i], sym, sizeof sym);
        fprintf(f, "  %s %08" PRIx32 "  %-20s %s\n", first ? "=>" : "  ",
                pcs[i], sym, dis);
    }
    if (marked)
        fprintf(f,
                "  => first instruction that writes a differing register "
                "(%s)\n",
                first_reg);
}

typedef struct boundary {
    int hit;        /* the run stopped after a translated block */
    uint32_t entry; /* where that block was entered */
} boundary;

void lockstep_xlate_opts(xt_xlate_opts *o, bool single_block)
{
    /* opt_level 0: the engine's default (-O1) or $DSPSIM_XLATE_OPT */
    *o = (xt_xlate_opts){ .sample_cycles = 64,
                          .hot_samples = 1,
                          .sync = true,
                          .single_block = single_block };
}

static bool stop_after_block(xt_cpu *cpu, uint32_t entry_pc, void *user)
{
    (void)cpu;
    boundary *b = user;
    b->hit = 1;
    b->entry = entry_pc;
    return true;
}

struct lockstep_exec {
    ds_run *run;
    xt_cpu *fast, *ref;
    ds_run_budget budget;
    const lockstep_range *rg;
    size_t nrg;
    const xt_elf *elf;
    FILE *f;
    const char *cmd;
    boundary bd;
    snap before;
    lockstep_stats st;
    int result; /* 0 agree so far, 1 diverged */
};

/* After every return of the fast CPU: the reference brought to the same
 * instruction count (and, at the run's end, to the same stop), then the
 * comparison.  false on a divergence (ends the run). */
static bool exec_after_slice(void *user, xt_stop why, bool final)
{
    lockstep_exec *ls = user;
    /* a stop at a block boundary (the run goes on) looks like an
     * exhausted instruction budget */
    bool user_stop = !final;
    uint64_t n = xt_insn_count(ls->fast) - xt_insn_count(ls->ref);
    xt_stop rwhy = XT_STOP_INSN_BUDGET;
    if (n) {
        xt_run_opts r = { .max_insns = n };
        xt_run(ls->ref, &r, &rwhy);
    }
    /* where the fast engine stopped for a reason of its own, let the
     * reference find the same reason without running on */
    if (!user_stop && rwhy != why) {
        if (why == XT_STOP_CYCLE_BUDGET) {
            if (xt_cycles(ls->ref) >= ls->budget.max_cycles)
                rwhy = XT_STOP_CYCLE_BUDGET;
        } else {
            xt_run_opts r = { .max_insns = 1 };
            xt_run(ls->ref, &r, &rwhy);
        }
    }
    lockstep_stats *st = &ls->st;
    st->boundaries++;
    snap sf, sr;
    take(ls->fast, &sf);
    take(ls->ref, &sr);
    int bad = memcmp(sf.r, sr.r, sizeof sf.r) || sf.cycles != sr.cycles ||
              sf.insns != sr.insns;
    if (!user_stop && rwhy != why)
        bad = 1;
    if (bad) {
        report_divergence(ls->f, ls->cmd, ls->ref, &ls->before, &sf, &sr,
                          ls->elf,
                          ls->bd.hit ? ls->bd.entry : ls->before.r[16]);
        if (!user_stop && rwhy != why)
            fprintf(ls->f, "  stop reasons: fast '%s', interp '%s'\n",
                    xt_stop_name(why), xt_stop_name(rwhy));
        ls->result = 1;
        return false;
    }
    uint32_t where;
    if (final || st->boundaries % MEM_EVERY == 0) {
        st->mem_checks++;
        if (mem_diff(ls->fast, ls->ref, ls->rg, ls->nrg, &where)) {
            fprintf(ls->f,
                    "dspsim %s: lockstep: memory differs at %08" PRIx32
                    " (found after %" PRIu64 " instructions; the last "
                    "memory check that agreed was at most %u blocks "
                    "earlier)\n",
                    ls->cmd, where, sf.insns, MEM_EVERY);
            ls->result = 1;
            return false;
        }
    }
    ls->before = sr;
    ls->bd.hit = 0;
    return true;
}

lockstep_exec *lockstep_exec_start(ds_run *r, xt_cpu *fast, xt_cpu *ref,
                                   const ds_run_budget *budget,
                                   const lockstep_range *rg, size_t nrg,
                                   const xt_elf *elf, FILE *f, const char *cmd)
{
    lockstep_exec *ls = calloc(1, sizeof *ls);
    if (!ls)
        return NULL;
    *ls = (lockstep_exec){ .run = r,
                           .fast = fast,
                           .ref = ref,
                           .budget = *budget,
                           .rg = rg,
                           .nrg = nrg,
                           .elf = elf,
                           .f = f,
                           .cmd = cmd };
    xt_xlate_set_exit_hook(fast, stop_after_block, &ls->bd);
    take(ref, &ls->before);
    ds_run_set_lockstep(
        r, &(ds_run_lockstep){ .after_slice = exec_after_slice }, ls);
    return ls;
}

int lockstep_exec_finish(lockstep_exec *ls, lockstep_stats *st)
{
    fill_stats(ls->fast, &ls->st); /* which tier's code ran, so far */
    *st = ls->st;
    int result = ls->result;
    xt_xlate_set_exit_hook(ls->fast, NULL, NULL);
    ds_run_set_lockstep(ls->run, NULL, NULL);
    free(ls);
    return result;
}

struct lockstep_board {
    ds_board *fast, *ref;
    lockstep_range rg[2];
    uint64_t max_cycles; /* 0: none */
    uint64_t done;       /* nominal cycles of the slices run */
    uint64_t n;          /* nominal length of the slice in progress */
    uint64_t slices;
    FILE *f;
    const char *cmd;
    int result;
};

/* The reference through the slice the fast board ran (r: how that one
 * stopped), then the comparison; false on a divergence. */
static bool board_compare(lockstep_board *ls, const ds_run_result *r)
{
    ds_run_result rr;
    uint64_t n = ls->n;
    if (r->why == DS_STOP_BUDGET && ds_board_cores(ls->ref) > 1) {
        /* to the fast board's boundary, between the same two rounds:
         * ds_board_run counts from core 0's cycle, which may have passed
         * the laggard's (where a round, and the fast board, stopped) */
        uint64_t c0 = xt_cycles(ds_board_cpu(ls->ref));
        n = r->cycles > c0 ? r->cycles - c0 : 1;
    }
    if (ds_board_run(ls->ref, n, 0, &rr) != DS_OK)
        return true; /* an API error of the reference: nothing to compare */
    ls->done += ls->n;
    ls->slices++;
    bool end = r->why != DS_STOP_BUDGET ||
               (ls->max_cycles && ls->done >= ls->max_cycles);
    int bad = r->why != rr.why || r->status != rr.status ||
              r->cycles != rr.cycles;
    if (bad)
        fprintf(ls->f,
                "dspsim %s: lockstep: the boards stop differently: fast "
                "'%s' at cycle %" PRIu64 ", interp '%s' at %" PRIu64 "\n",
                ls->cmd, ds_stop_name(r->why), r->cycles, ds_stop_name(rr.why),
                rr.cycles);
    bad |= lockstep_compare(
        ds_board_cpu(ls->fast), ds_board_cpu(ls->ref), ls->rg, 2,
        end || ls->slices % LOCKSTEP_BOARD_MEM_EVERY == 0, ls->f, ls->cmd);
    for (unsigned k = 1; k < ds_board_cores(ls->fast); k++) {
        char what[48]; /* the memories are core 0's, compared above */
        snprintf(what, sizeof what, "%s: core %u", ls->cmd, k);
        bad |= lockstep_compare(ds_board_core_cpu(ls->fast, k),
                                ds_board_core_cpu(ls->ref, k), ls->rg, 0, false,
                                ls->f, what);
    }
    if (bad) {
        fprintf(ls->f,
                "dspsim %s: lockstep: the engines diverge in the %" PRIu64
                " cycles before cycle %" PRIu64 "\n",
                ls->cmd, (uint64_t)LOCKSTEP_BOARD_SLICE, r->cycles);
        ls->result = 1;
    }
    return !bad;
}

/* The next slice's nominal length: LOCKSTEP_BOARD_SLICE, or what is left
 * of max_cycles. */
static uint64_t board_next_slice(const lockstep_board *ls)
{
    uint64_t n = LOCKSTEP_BOARD_SLICE;
    if (ls->max_cycles && ls->max_cycles - ls->done < n)
        n = ls->max_cycles - ls->done;
    return n;
}

/* A boundary of the fast board at the end of a slice. */
static uint64_t board_at(void *user, uint64_t cycle)
{
    lockstep_board *ls = user;
    ds_run_result r = { .why = DS_STOP_BUDGET, .cycles = cycle };
    ds_run *svc = ds_board_service(ls->fast);
    if (!board_compare(ls, &r) ||
        (ls->max_cycles && ls->done >= ls->max_cycles)) {
        ds_run_end(svc);
        return DS_RUN_NEVER;
    }
    ls->n = board_next_slice(ls);
    return cycle + ls->n;
}

lockstep_board *lockstep_board_start(ds_board *fast, ds_board *ref,
                                     uint64_t max_cycles, FILE *f,
                                     const char *cmd)
{
    lockstep_board *ls = calloc(1, sizeof *ls);
    if (!ls)
        return NULL;
    const ds_board_config *cfg = ds_board_get_config(fast);
    *ls = (lockstep_board){ .fast = fast,
                            .ref = ref,
                            .rg = { { BOARD_IRAM_BASE, cfg->iram_size },
                                    { BOARD_DRAM_BASE, cfg->dram_size } },
                            .max_cycles = max_cycles,
                            .f = f,
                            .cmd = cmd };
    ls->n = board_next_slice(ls);
    ds_run_set_lockstep(
        ds_board_service(fast),
        &(ds_run_lockstep){ .at = board_at,
                            .first = ds_board_cycles(fast) + ls->n },
        ls);
    return ls;
}

int lockstep_board_finish(lockstep_board *ls, const ds_run_result *res,
                          uint64_t *slices)
{
    /* the run ended before the slice in progress did: the reference runs
     * it, and finds the same stop */
    if (!ls->result && res->why != DS_STOP_BUDGET)
        board_compare(ls, res);
    int result = ls->result;
    *slices = ls->slices;
    ds_run_set_lockstep(ds_board_service(ls->fast), NULL, NULL);
    free(ls);
    return result;
}

int lockstep_compare(xt_cpu *fast, xt_cpu *ref, const lockstep_range *rg,
                     size_t nrg, int check_mem, FILE *f, const char *cmd)
{
    snap sf, sr;
    take(fast, &sf);
    take(ref, &sr);
    int bad = 0;
    if (sf.cycles != sr.cycles || sf.insns != sr.insns) {
        fprintf(f,
                "dspsim %s: lockstep: instructions fast %" PRIu64
                " interp %" PRIu64 ", cycles fast %" PRIu64 " interp %" PRIu64
                "\n",
                cmd, sf.insns, sr.insns, sf.cycles, sr.cycles);
        bad = 1;
    }
    for (size_t i = 0; i < 17 + NSRS; i++) {
        if (sf.r[i] == sr.r[i])
            continue;
        char name[16];
        reg_name(i, name, sizeof name);
        fprintf(f,
                "dspsim %s: lockstep: %-6s fast %08" PRIx32
                "  interp %08" PRIx32 "\n",
                cmd, name, sf.r[i], sr.r[i]);
        bad = 1;
    }
    uint32_t where;
    if (check_mem && mem_diff(fast, ref, rg, nrg, &where)) {
        fprintf(f, "dspsim %s: lockstep: memory differs at %08" PRIx32 "\n",
                cmd, where);
        bad = 1;
    }
    return bad;
}

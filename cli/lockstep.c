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

int lockstep_run(xt_cpu *fast, xt_cpu *ref, const xt_run_opts *ro,
                 const lockstep_range *rg, size_t nrg, const xt_elf *elf,
                 FILE *f, const char *cmd, xt_stop *why, lockstep_stats *st)
{
    memset(st, 0, sizeof *st);
    boundary bd = { 0 };
    xt_xlate_set_exit_hook(fast, stop_after_block, &bd);
    uint64_t insns0 = xt_insn_count(fast), cycles0 = xt_cycles(fast);
    snap before, sf, sr;
    take(ref, &before);
    for (;;) {
        xt_run_opts o = *ro;
        bd.hit = 0;
        /* a budget used up at a block boundary: a run would start over */
        if (ro->max_insns && xt_insn_count(fast) >= insns0 + ro->max_insns) {
            *why = XT_STOP_INSN_BUDGET;
        } else if (ro->max_cycles &&
                   xt_cycles(fast) >= cycles0 + ro->max_cycles) {
            *why = XT_STOP_CYCLE_BUDGET;
        } else {
            if (ro->max_insns)
                o.max_insns = insns0 + ro->max_insns - xt_insn_count(fast);
            if (ro->max_cycles)
                o.max_cycles = cycles0 + ro->max_cycles - xt_cycles(fast);
            if (xt_run(fast, &o, why) != XT_OK)
                return -1;
        }
        /* a stop at a block boundary looks like an exhausted budget */
        int user_stop = *why == XT_STOP_INSN_BUDGET && bd.hit &&
                        !(ro->max_insns &&
                          xt_insn_count(fast) >= insns0 + ro->max_insns);
        /* bring the reference to the same instruction count ... */
        uint64_t n = xt_insn_count(fast) - xt_insn_count(ref);
        xt_stop rwhy = XT_STOP_INSN_BUDGET;
        if (n) {
            xt_run_opts r = { .until = ro->until,
                              .use_until = ro->use_until,
                              .max_insns = n };
            xt_run(ref, &r, &rwhy);
        }
        /* ... and, where the fast engine stopped for a reason of its own,
         * let the reference find the same reason without running on */
        if (!user_stop && rwhy != *why) {
            if (*why == XT_STOP_CYCLE_BUDGET) {
                uint64_t end = cycles0 + ro->max_cycles;
                if (xt_cycles(ref) >= end)
                    rwhy = XT_STOP_CYCLE_BUDGET;
            } else {
                xt_run_opts r = { .until = ro->until,
                                  .use_until = ro->use_until,
                                  .max_insns = 1 };
                xt_run(ref, &r, &rwhy);
            }
        }
        st->boundaries++;
        take(fast, &sf);
        take(ref, &sr);
        int bad = memcmp(sf.r, sr.r, sizeof sf.r) || sf.cycles != sr.cycles ||
                  sf.insns != sr.insns;
        if (!user_stop && rwhy != *why)
            bad = 1;
        uint32_t where;
        if (bad) {
            report_divergence(f, cmd, ref, &before, &sf, &sr, elf,
                              bd.hit ? bd.entry : before.r[16]);
            if (!user_stop && rwhy != *why)
                fprintf(f, "  stop reasons: fast '%s', interp '%s'\n",
                        xt_stop_name(*why), xt_stop_name(rwhy));
            fill_stats(fast, st); /* which tier's code ran, so far */
            return 1;
        }
        int last = !user_stop;
        if ((last || st->boundaries % MEM_EVERY == 0)) {
            st->mem_checks++;
            if (mem_diff(fast, ref, rg, nrg, &where)) {
                fprintf(f,
                        "dspsim %s: lockstep: memory differs at %08" PRIx32
                        " (found after %" PRIu64 " instructions; the last "
                        "memory check that agreed was at most %u blocks "
                        "earlier)\n",
                        cmd, where, sf.insns, MEM_EVERY);
                return 1;
            }
        }
        before = sr;
        if (last)
            break;
    }
    fill_stats(fast, st);
    xt_xlate_set_exit_hook(fast, NULL, NULL);
    return 0;
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

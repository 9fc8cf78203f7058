/* SPDX-License-Identifier: BSD-3-Clause */
/* Machine-state report and --stats line (see report.h). */
#include <inttypes.h>
#include <string.h>

#include "report.h"

#define RECENT_MAX 32

/* Special registers of the report (numbers from the Xtensa ISA). */
enum {
    SR_SAR = 3,
    SR_EPC1 = 177,
    SR_DEPC = 192,
    SR_PS = 230,
    SR_EXCCAUSE = 232,
    SR_EXCVADDR = 238
};

static uint32_t reg(xt_cpu *cpu, int id)
{
    uint32_t v = 0;
    if (xt_reg_read(cpu, id, &v) != XT_OK)
        return 0xdeadbeefu;
    return v;
}

void report_disasm(xt_cpu *cpu, uint32_t addr, char *buf, size_t n)
{
    if (xt_disasm_at(cpu, addr, buf, n) <= 0)
        snprintf(buf, n, "<unreadable>");
}

/* One instruction line: marker, address, symbol+offset, disassembly with
 * the mnemonic padded to a column. */
static void insn_line(FILE *f, xt_cpu *cpu, const xt_elf *elf, const char *mark,
                      uint32_t pc)
{
    char sym[128], dis[128];
    xt_elf_format_sym(elf, pc, sym, sizeof(sym));
    report_disasm(cpu, pc, dis, sizeof(dis));
    char *tab = strchr(dis, '\t');
    if (tab) {
        *tab = '\0';
        fprintf(f, "%s%08" PRIx32 "  %-24s %-8s %s\n", mark, pc, sym, dis,
                tab + 1);
    } else {
        fprintf(f, "%s%08" PRIx32 "  %-24s %s\n", mark, pc, sym, dis);
    }
}

void report_state(FILE *f, xt_cpu *cpu, const xt_elf *elf)
{
    uint32_t pc = reg(cpu, XT_REG_PC);
    char sym[128];

    xt_elf_format_sym(elf, pc, sym, sizeof(sym));
    fprintf(f,
            "registers (after %" PRIu64 " instructions, %" PRIu64 " cycles):\n",
            xt_insn_count(cpu), xt_cycles(cpu));
    fprintf(f, "  pc       %08" PRIx32 "  %s\n", pc, sym);
    fprintf(f, "  ps       %08" PRIx32 "  sar      %08" PRIx32 "\n",
            reg(cpu, XT_REG_SR(SR_PS)), reg(cpu, XT_REG_SR(SR_SAR)));
    fprintf(f,
            "  exccause %08" PRIx32 "  epc1     %08" PRIx32
            "  excvaddr %08" PRIx32 "  depc     %08" PRIx32 "\n",
            reg(cpu, XT_REG_SR(SR_EXCCAUSE)), reg(cpu, XT_REG_SR(SR_EPC1)),
            reg(cpu, XT_REG_SR(SR_EXCVADDR)), reg(cpu, XT_REG_SR(SR_DEPC)));
    for (int row = 0; row < 4; row++) {
        for (int col = 0; col < 4; col++) {
            int n = row * 4 + col;
            fprintf(f, "%sa%-2d %08" PRIx32, col ? "   " : "  ", n,
                    reg(cpu, XT_REG_A0 + n));
        }
        fprintf(f, "\n");
    }

    uint32_t recent[RECENT_MAX];
    unsigned count = xt_recent_pcs(cpu, recent, RECENT_MAX);
    fprintf(f, "last %u instructions (oldest first; => next):\n", count);
    for (unsigned i = 0; i < count; i++)
        insn_line(f, cpu, elf, "   ", recent[i]);
    insn_line(f, cpu, elf, "=> ", pc);
}

void report_stats(FILE *f, xt_cpu *cpu, uint64_t cycles, double seconds)
{
    uint64_t insns = xt_insn_count(cpu);
    double mips = seconds > 0 ? (double)insns / seconds / 1e6 : 0.0;
    xt_xlate_stats x;
    xt_xlate_stats_get(cpu, &x);
    fprintf(f,
            "{\"instructions\":%" PRIu64 ",\"cycles\":%" PRIu64
            ",\"host_seconds\":%.6f,\"mips\":%.3f,\"engine\":\"%s\""
            ",\"xlate\":{\"pages\":%" PRIu64 ",\"compiles\":%" PRIu64
            ",\"cache_hits\":%" PRIu64 ",\"compile_failures\":%" PRIu64
            ",\"unit_calls\":%" PRIu64 ",\"jumps\":%" PRIu64
            ",\"insns\":%" PRIu64 ",\"declined\":%" PRIu64
            ",\"invalidations\":%" PRIu64 ",\"heads\":%" PRIu64
            ",\"held\":%" PRIu64 ",\"groups\":%" PRIu64
            ",\"promotions\":%" PRIu64 ",\"tiers\":{",
            insns, cycles, seconds, mips, xt_engine_name(xt_engine_get(cpu)),
            x.pages_translated, x.compiles, x.cache_hits, x.compile_failures,
            x.unit_calls, x.jumps, x.insns, x.declined, x.invalidations,
            x.heads, x.held, x.groups, x.promotions);
    static const char *const names[2] = { "quick", "opt" };
    for (int t = 0; t < 2; t++)
        fprintf(f,
                "%s\"%s\":{\"pages\":%" PRIu64 ",\"compiles\":%" PRIu64
                ",\"cache_hits\":%" PRIu64 ",\"insns\":%" PRIu64
                ",\"compile_ms\":%.3f}",
                t ? "," : "", names[t], x.tier[t].pages, x.tier[t].compiles,
                x.tier[t].cache_hits, x.tier[t].insns,
                (double)x.tier[t].compile_ns / 1e6);
    fprintf(f, "}}}\n");
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Random differential tester for LX106 cores: program generator and
 * result comparator (host tool).
 *
 *   difftest_gen gen SEED OUT.S [NCASES [MINLEN MAXLEN [ONLY]]]
 *       Writes a bare-metal assembly program with NCASES random cases
 *       (default 100 cases of 50..200 instructions).  Each case loads
 *       a0..a15 and SAR from a table, runs a random straight-line sequence
 *       with forward branches, then stores a0..a15 and SAR next to its
 *       256-byte scratch area.  The program finally writes every case's
 *       block (scratch, registers, SAR) to fd 1 with semihosting and exits
 *       0.  With ONLY, just the code of case ONLY is kept (same data, same
 *       results for that case): a one-case program for debugging.
 *
 *   difftest_gen cmp PROG.S EXPECTED.bin ACTUAL.bin
 *       Compares two outputs of PROG.S, reports the first differing case
 *       (register or scratch offset, expected and actual values) and
 *       prints that case's assembly listing from PROG.S.  Exit status 0
 *       when the outputs are identical, 1 otherwise.
 *
 * Every generated instruction has a defined result on LX106: memory
 * accesses are aligned and stay inside the case's scratch area, the
 * SAR-based shifts only run while SAR is known to be 0..32, extui fields
 * stay inside the word, and nothing reads timing state (CCOUNT).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Layout of one case's result block in the output. */
#define SCRATCH  256                /* bytes of scratch memory */
#define REGS_OFF SCRATCH            /* a0..a15 */
#define SAR_OFF  (SCRATCH + 16 * 4) /* SAR */
#define BLOCK    (SCRATCH + 17 * 4) /* bytes per case */

/* The exception log after the result blocks: a count, the handler's two
 * save words and a spare word, then one 16-byte entry per exception
 * (EXCCAUSE, EXCVADDR for an alignment fault else 0, EPC1, PS in the
 * handler), the first LOG_MAX of them. */
#define LOG_MAX   256
#define LOG_HEAD  16
#define LOG_ENTRY 16
#define LOG_BYTES (LOG_HEAD + LOG_MAX * LOG_ENTRY)

/* Times the cases run: each pass starts from the registers of its case's
 * table and from the scratch areas the previous pass left. */
#define PASSES 2

#define DEFAULT_CASES  100
#define DEFAULT_MINLEN 50
#define DEFAULT_MAXLEN 200
#define MAX_CASES      500
#define MAX_PEND       64

/* ---- random numbers (splitmix64) -------------------------------------- */
static uint64_t rng_state;

static uint64_t rnext(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0. */
static uint32_t rnd(uint32_t n)
{
    return (uint32_t)((rnext() >> 32) * (uint64_t)n >> 32);
}

/* Uniform in [lo, hi]. */
static int rrange(int lo, int hi)
{
    return lo + (int)rnd((uint32_t)(hi - lo + 1));
}

/* Signed branch-immediate tables (B4CONST, B4CONSTU). */
static const int32_t b4const[16] = { -1, 1,  2,  3,  4,  5,  6,   7,
                                     8,  10, 12, 16, 32, 64, 128, 256 };
static const uint32_t b4constu[16] = { 32768, 65536, 2,  3,  4,  5,  6,   7,
                                       8,     10,    12, 16, 32, 64, 128, 256 };

/* Values recently handed out, so that equal operands are not rare. */
static uint32_t recent[16];

/* An "interesting" 32-bit value: mixes uniform words with small numbers,
 * boundaries, powers of two and branch-table constants. */
static uint32_t rand_value(void)
{
    static const uint32_t special[] = {
        0,           1,           0xffffffffu, 0x7fffffffu, 0x80000000u,
        0x0000ffffu, 0x00008000u, 0x00007fffu, 0xffff8000u, 0x00010000u,
        0x000000ffu, 0x00000080u, 0x0000007fu, 0xffffff80u, 0x80000001u,
        0xfffffffeu, 0x00000020u, 0x0000001fu, 0xaaaaaaaau, 0x55555555u,
    };
    uint32_t v;
    unsigned k = rnd(100);
    if (k < 35) {
        v = (uint32_t)rnext();
    } else if (k < 50) {
        v = (uint32_t)rrange(-16, 40);
    } else if (k < 62) {
        v = special[rnd(sizeof special / sizeof special[0])];
    } else if (k < 72) {
        v = (uint32_t)(int32_t)(int16_t)rnd(65536);
        if (rnd(2))
            v &= 0xffff;
    } else if (k < 80) {
        v = 1u << rnd(32);
        switch (rnd(4)) {
        case 0:
            v = -v;
            break;
        case 1:
            v -= 1;
            break;
        default:
            break;
        }
    } else if (k < 86) {
        v = rnd(2) ? (uint32_t)b4const[rnd(16)] : b4constu[rnd(16)];
    } else if (k < 92) {
        v = (uint32_t)rnext() & 0xff;
    } else {
        return recent[rnd(16)];
    }
    recent[rnd(16)] = v;
    return v;
}

/* ---- growable text buffer ------------------------------------------------ */
typedef struct {
    char *p;
    size_t len, cap;
} sbuf;

static void die(const char *msg)
{
    fprintf(stderr, "difftest_gen: %s\n", msg);
    exit(2);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
sb_printf(sbuf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        size_t room = b->cap - b->len;
        va_start(ap, fmt);
        int n = vsnprintf(b->p ? b->p + b->len : NULL, room, fmt, ap);
        va_end(ap);
        if (n < 0)
            die("formatting failed");
        if ((size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        size_t ncap = b->cap ? b->cap * 2 : 65536;
        while (ncap - b->len <= (size_t)n)
            ncap *= 2;
        char *np = realloc(b->p, ncap);
        if (!np)
            die("out of memory");
        b->p = np;
        b->cap = ncap;
    }
}

/* ---- literal pool ----------------------------------------------------------- */
/* Each case has its own literal pool right in front of its code (l32r only
 * reaches backwards, at most 256 KiB); the program jumps over it.  An entry
 * is either a number or a symbol. */
static sbuf pool;
static unsigned pool_n;

static void pool_reset(void)
{
    pool.len = 0;
    pool_n = 0;
    if (pool.p)
        pool.p[0] = 0;
}

static unsigned lit_value(uint32_t v)
{
    sb_printf(&pool, "    .word 0x%08" PRIx32 "\n", v);
    return pool_n++;
}

static unsigned lit_symbol(const char *sym)
{
    sb_printf(&pool, "    .word %s\n", sym);
    return pool_n++;
}

/* ---- case generator ------------------------------------------------------ */
static const char *const rn[16] = { "a0",  "a1",  "a2",  "a3", "a4",  "a5",
                                    "a6",  "a7",  "a8",  "a9", "a10", "a11",
                                    "a12", "a13", "a14", "a15" };

typedef struct {
    sbuf *code;
    int base;   /* register holding scratch + off; never a destination */
    int off;    /* base offset inside the scratch area, multiple of 4 */
    int sar_ok; /* SAR is known to hold 0..32 on every path here */
    int nlabel;
    struct {
        int label, target, sar_ok;
    } pend[MAX_PEND];
    int npend;
    int caseno;
    int ctr;    /* loop counter register (-1: not in a loop); never a
                  destination inside the loop */
    int nloop;  /* loops generated in this case (their label numbers) */
    int in_sub; /* generating a subroutine's body: no branch, a0 kept */
    int nsub;   /* subroutines and jumps generated (label numbers) */
} gen;

static int src_reg(void)
{
    return (int)rnd(16);
}

static int dst_reg(const gen *g)
{
    int r;
    do
        r = (int)rnd(16);
    while (r == g->base || r == g->ctr || (g->in_sub && r == 0));
    return r;
}

#define EMIT(...) sb_printf(g->code, "    " __VA_ARGS__)

/* Place the labels of branches whose target is instruction index idx
 * (or every pending label when idx < 0), joining the SAR state. */
static void place_labels(gen *g, int idx)
{
    int k = 0;
    for (int i = 0; i < g->npend; i++) {
        if (idx < 0 || g->pend[i].target <= idx) {
            sb_printf(g->code, ".Lc%d_%d:\n", g->caseno, g->pend[i].label);
            g->sar_ok = g->sar_ok && g->pend[i].sar_ok;
        } else {
            g->pend[k++] = g->pend[i];
        }
    }
    g->npend = k;
}

/* Allocate a label for a forward branch skipping 'skip' instructions
 * after the branch at index idx. */
static int new_target(gen *g, int idx, int skip)
{
    if (g->npend == MAX_PEND)
        return -1;
    int l = g->nlabel++;
    g->pend[g->npend].label = l;
    g->pend[g->npend].target = idx + 1 + skip;
    g->pend[g->npend].sar_ok = g->sar_ok;
    g->npend++;
    return l;
}

static void gen_sar_setter(gen *g)
{
    switch (rnd(8)) {
    case 0:
        EMIT("ssr %s\n", rn[src_reg()]);
        break;
    case 1:
        EMIT("ssl %s\n", rn[src_reg()]);
        break;
    case 2:
        EMIT("ssa8l %s\n", rn[src_reg()]);
        break;
    case 3:
        EMIT("ssa8b %s\n", rn[src_reg()]);
        break;
    case 4:
    case 5:
        EMIT("ssai %d\n", rrange(0, 31));
        break;
    default: {
        int t = dst_reg(g);
        EMIT("movi %s, %d\n", rn[t], rrange(0, 32));
        EMIT("wsr.sar %s\n", rn[t]);
        break;
    }
    }
    g->sar_ok = 1;
}

/* Load or store through the base register.  Returns 0 if no offset fits. */
static int gen_mem(gen *g)
{
    static const struct {
        const char *mn;
        int width, maxoff, store;
    } ops[] = {
        { "l8ui", 1, 255, 0 },  { "l16ui", 2, 510, 0 }, { "l16si", 2, 510, 0 },
        { "l32i", 4, 1020, 0 }, { "l32i.n", 4, 60, 0 }, { "s8i", 1, 255, 1 },
        { "s16i", 2, 510, 1 },  { "s32i", 4, 1020, 1 }, { "s32i.n", 4, 60, 1 },
    };
    int k = (int)rnd(sizeof ops / sizeof ops[0]);
    int hi = SCRATCH - ops[k].width - g->off;
    if (hi > ops[k].maxoff)
        hi = ops[k].maxoff;
    if (hi < 0)
        return 0;
    int imm = rrange(0, hi / ops[k].width) * ops[k].width;
    int t = ops[k].store ? src_reg() : dst_reg(g);
    EMIT("%s %s, %s, %d\n", ops[k].mn, rn[t], rn[g->base], imm);
    return 1;
}

/* An instruction that raises an exception, always a 3-byte one (the
 * handler resumes at EPC1 + 3): a 16- or 32-bit load or store at an
 * address 1..3 bytes off its alignment (LoadStoreAlignmentCause; the
 * address stays inside the scratch area, so a core that failed to fault
 * would still touch only the case's memory), SYSCALL or ILL. */
static void gen_fault(gen *g)
{
    static const struct {
        const char *mn;
        int width, store;
    } ops[] = {
        { "l16ui", 2, 0 }, { "l16si", 2, 0 }, { "l32i", 4, 0 },
        { "s16i", 2, 1 },  { "s32i", 4, 1 },
    };
    unsigned k = rnd(8);
    if (k == 6) {
        EMIT("syscall\n");
        return;
    }
    if (k == 7) {
        EMIT("ill\n");
        return;
    }
    int op = (int)rnd(sizeof ops / sizeof ops[0]);
    int w = ops[op].width;
    int mis = w == 2 ? 1 : rrange(1, 3);
    int hi = SCRATCH - w - 3 - g->off;
    if (hi < 0) {
        EMIT("syscall\n");
        return;
    }
    int imm = rrange(0, (hi < 252 ? hi : 252) / w) * w;
    int t = dst_reg(g);
    EMIT("addi %s, %s, %d\n", rn[t], rn[g->base], mis);
    int v = ops[op].store ? src_reg() : dst_reg(g);
    EMIT("%s %s, %s, %d    # faults: address %% %d = %d\n", ops[op].mn, rn[v],
         rn[t], imm, w, mis % w);
}

/* Move the base register inside the scratch area (no branch pending, so
 * every path agrees on its value). */
static void gen_base_move(gen *g)
{
    int noff;
    if (rnd(3) == 0 && g->off <= SCRATCH - 16) {
        int d = 4 * rrange(1, 3);
        noff = g->off + d;
        EMIT("addi.n %s, %s, %d\n", rn[g->base], rn[g->base], d);
    } else {
        int lo = g->off - 128 > 0 ? g->off - 128 : 0;
        int hi = g->off + 124 < SCRATCH - 4 ? g->off + 124 : SCRATCH - 4;
        noff = 4 * rrange(lo / 4, hi / 4);
        EMIT("addi %s, %s, %d\n", rn[g->base], rn[g->base], noff - g->off);
    }
    g->off = noff;
}

/* Register for a compare-with-immediate branch.  Random registers seldom
 * equal a small constant, so a third of the time a movi first loads the
 * constant or a neighbour of it into the register. */
static int cmp_reg(const gen *g, int32_t imm)
{
    if (rnd(3) != 0)
        return src_reg();
    int r = dst_reg(g);
    int32_t v = imm + rrange(-1, 1);
    if (v < -2048 || v > 2047)
        v = imm > 0 ? 2047 : -2048;
    EMIT("movi %s, %d\n", rn[r], (int)v);
    return r;
}

static void gen_branch(gen *g, int idx, int len)
{
    static const char *const rr[] = { "beq",  "bne",   "blt",  "bge",
                                      "bltu", "bgeu",  "bany", "bnone",
                                      "ball", "bnall", "bbc",  "bbs" };
    static const char *const ri[] = { "beqi", "bnei", "blti", "bgei" };
    static const char *const riu[] = { "bltui", "bgeui" };
    static const char *const rz[] = { "beqz", "bnez", "bltz", "bgez" };
    unsigned kind = rnd(100);
    /* beqz.n/bnez.n only branch forward past at least one instruction. */
    if (kind >= 85 && kind < 95 && idx + 1 >= len)
        kind = 95;
    int narrow = kind >= 85 && kind < 95;
    int skip = narrow ? rrange(1, 4) : rrange(0, 4);
    int l = new_target(g, idx, skip);
    if (l < 0) {
        EMIT("nop\n");
        return;
    }
    if (kind < 40) {
        int s = src_reg(), t = src_reg();
        if (rnd(8) == 0)
            t = s;
        EMIT("%s %s, %s, .Lc%d_%d\n", rr[rnd(12)], rn[s], rn[t], g->caseno, l);
    } else if (kind < 55) {
        int32_t imm = b4const[rnd(16)];
        int s = cmp_reg(g, imm);
        EMIT("%s %s, %d, .Lc%d_%d\n", ri[rnd(4)], rn[s], (int)imm, g->caseno,
             l);
    } else if (kind < 62) {
        uint32_t imm = b4constu[rnd(16)];
        int s = cmp_reg(g, (int32_t)imm);
        EMIT("%s %s, %" PRIu32 ", .Lc%d_%d\n", riu[rnd(2)], rn[s], imm,
             g->caseno, l);
    } else if (kind < 72) {
        EMIT("%s %s, %d, .Lc%d_%d\n", rnd(2) ? "bbci" : "bbsi", rn[src_reg()],
             rrange(0, 31), g->caseno, l);
    } else if (kind < 85) {
        int s = cmp_reg(g, 0);
        EMIT("%s %s, .Lc%d_%d\n", rz[rnd(4)], rn[s], g->caseno, l);
    } else if (narrow) {
        int s = cmp_reg(g, 0);
        EMIT("%s %s, .Lc%d_%d\n", rnd(2) ? "beqz.n" : "bnez.n", rn[s],
             g->caseno, l);
    } else {
        EMIT("j .Lc%d_%d\n", g->caseno, l);
    }
}

static void gen_insn(gen *g, int idx, int len);

/* A call and return, or an indirect jump, where no branch is pending
 * (and neither the loop counter nor the base register is a0, which a call
 * writes):
 * CALL0 or CALLX0 (the address from the literal pool) to a subroutine of
 * 1..6 random instructions without branches that do not write a0, placed
 * right after the call and jumped over, returning with RET or RET.N; or
 * JX forward over 1..3 instructions never run.  Return addresses and
 * targets are absolute: the same on every core that runs the ELF. */
static void gen_call(gen *g, int idx, int len)
{
    int l = g->nsub++;
    unsigned kind = rnd(3);
    if (kind == 2) {
        int t = dst_reg(g);
        char sym[48];
        snprintf(sym, sizeof sym, ".Lc%d_jx%d", g->caseno, l);
        EMIT("l32r %s, .Lpool_%d+%u\n", rn[t], g->caseno, 4 * lit_symbol(sym));
        EMIT("jx %s\n", rn[t]);
        for (int i = rrange(1, 3); i > 0; i--)
            EMIT("movi %s, %d    # never run\n", rn[rnd(16)],
                 rrange(-2048, 2047));
        sb_printf(g->code, "%s:\n", sym);
        return;
    }
    char sub[48];
    snprintf(sub, sizeof sub, ".Lc%d_sub%d", g->caseno, l);
    if (kind == 0) {
        EMIT("call0 %s\n", sub);
    } else {
        int t = dst_reg(g);
        EMIT("l32r %s, .Lpool_%d+%u\n", rn[t], g->caseno, 4 * lit_symbol(sub));
        EMIT("callx0 %s\n", rn[t]);
    }
    EMIT("j .Lc%d_ret%d\n", g->caseno, l);
    EMIT(".align 4\n");
    sb_printf(g->code, "%s:\n", sub);
    g->in_sub = 1;
    for (int i = rrange(1, 6); i > 0; i--)
        gen_insn(g, idx, len);
    g->in_sub = 0;
    EMIT("%s\n", rnd(2) ? "ret" : "ret.n");
    sb_printf(g->code, ".Lc%d_ret%d:\n", g->caseno, l);
}

/* One random instruction (occasionally a two-instruction idiom). */
static void gen_insn(gen *g, int idx, int len)
{
    static const char *const rrr[] = { "add",    "sub",    "addx2",  "addx4",
                                       "addx8",  "subx2",  "subx4",  "subx8",
                                       "and",    "or",     "xor",    "mull",
                                       "mul16u", "mul16s", "moveqz", "movnez",
                                       "movltz", "movgez" };
    unsigned k = rnd(1000);
    if (k < 180) {
        EMIT("%s %s, %s, %s\n", rrr[rnd(18)], rn[dst_reg(g)], rn[src_reg()],
             rn[src_reg()]);
    } else if (k < 210) {
        EMIT("%s %s, %s\n", rnd(2) ? "neg" : "abs", rn[dst_reg(g)],
             rn[src_reg()]);
    } else if (k < 240) {
        EMIT("addi %s, %s, %d\n", rn[dst_reg(g)], rn[src_reg()],
             rrange(-128, 127));
    } else if (k < 255) {
        EMIT("addmi %s, %s, %d\n", rn[dst_reg(g)], rn[src_reg()],
             256 * rrange(-128, 127));
    } else if (k < 280) {
        EMIT("movi %s, %d\n", rn[dst_reg(g)], rrange(-2048, 2047));
    } else if (k < 300) {
        EMIT("add.n %s, %s, %s\n", rn[dst_reg(g)], rn[src_reg()],
             rn[src_reg()]);
    } else if (k < 315) {
        int imm = rrange(0, 15);
        EMIT("addi.n %s, %s, %d\n", rn[dst_reg(g)], rn[src_reg()],
             imm ? imm : -1);
    } else if (k < 330) {
        EMIT("mov.n %s, %s\n", rn[dst_reg(g)], rn[src_reg()]);
    } else if (k < 345) {
        EMIT("movi.n %s, %d\n", rn[dst_reg(g)], rrange(-32, 95));
    } else if (k < 365) {
        EMIT("slli %s, %s, %d\n", rn[dst_reg(g)], rn[src_reg()], rrange(1, 31));
    } else if (k < 380) {
        EMIT("srli %s, %s, %d\n", rn[dst_reg(g)], rn[src_reg()], rrange(0, 15));
    } else if (k < 395) {
        EMIT("srai %s, %s, %d\n", rn[dst_reg(g)], rn[src_reg()], rrange(0, 31));
    } else if (k < 415) {
        int bits = rrange(1, 16);
        EMIT("extui %s, %s, %d, %d\n", rn[dst_reg(g)], rn[src_reg()],
             rrange(0, 32 - bits), bits);
    } else if (k < 450) {
        gen_sar_setter(g);
    } else if (k < 500) {
        if (!g->sar_ok) {
            gen_sar_setter(g);
            return;
        }
        switch (rnd(4)) {
        case 0:
            EMIT("sll %s, %s\n", rn[dst_reg(g)], rn[src_reg()]);
            break;
        case 1:
            EMIT("srl %s, %s\n", rn[dst_reg(g)], rn[src_reg()]);
            break;
        case 2:
            EMIT("sra %s, %s\n", rn[dst_reg(g)], rn[src_reg()]);
            break;
        default:
            EMIT("src %s, %s, %s\n", rn[dst_reg(g)], rn[src_reg()],
                 rn[src_reg()]);
            break;
        }
    } else if (k < 510) {
        EMIT("rsr.sar %s\n", rn[dst_reg(g)]);
    } else if (k < 516) {
        /* SAR gets the low 6 bits of any value: may exceed 32. */
        EMIT("wsr.sar %s\n", rn[src_reg()]);
        g->sar_ok = 0;
    } else if (k < 520) {
        EMIT("xsr.sar %s\n", rn[dst_reg(g)]);
        g->sar_ok = 0;
    } else if (k < 540) {
        EMIT("%s %s, %s\n", rnd(2) ? "nsa" : "nsau", rn[dst_reg(g)],
             rn[src_reg()]);
    } else if (k < 700) {
        if (!gen_mem(g)) {
            if (g->npend == 0 && g->ctr < 0)
                gen_base_move(g);
            else
                EMIT("xor %s, %s, %s\n", rn[dst_reg(g)], rn[src_reg()],
                     rn[src_reg()]);
        }
    } else if (k < 715) {
        if (g->npend == 0 && g->ctr < 0)
            gen_base_move(g);
        else
            EMIT("sub %s, %s, %s\n", rn[dst_reg(g)], rn[src_reg()],
                 rn[src_reg()]);
    } else if (k < 745) {
        uint32_t v = rand_value();
        unsigned lit = lit_value(v);
        EMIT("l32r %s, .Lpool_%d+%u    # 0x%08" PRIx32 "\n", rn[dst_reg(g)],
             g->caseno, 4 * lit, v);
    } else if (k < 760) {
        EMIT("mov %s, %s\n", rn[dst_reg(g)], rn[src_reg()]);
    } else if (k < 772) {
        gen_fault(g);
    } else if (k < 784 && !g->in_sub && g->npend == 0 && g->ctr != 0 &&
               g->base != 0) {
        gen_call(g, idx, len);
    } else if (g->in_sub) {
        EMIT("or %s, %s, %s\n", rn[dst_reg(g)], rn[src_reg()], rn[src_reg()]);
    } else {
        gen_branch(g, idx, len);
    }
}

/* A counted loop of 2..16 random instructions run 1..16 times, from
 * instruction index *idx (advanced past the body): a backward branch, so
 * that translated blocks re-enter themselves and loop code runs more than
 * once a pass.  Only where no forward branch is pending (none jumps into
 * the body).  The counter register is never a destination in the body
 * and the base register does not move.  Forward branches in the body may
 * leave the loop early (their labels are placed after it).  SAR is taken
 * as unknown at the head, which the back edge also reaches. */
static void gen_loop(gen *g, int *idx, int len)
{
    int body = rrange(2, 16);
    if (*idx + body > len)
        body = len - *idx;
    int l = g->nloop++;
    g->ctr = dst_reg(g);
    int up = (int)rnd(2);           /* count up to an immediate, or down to 0 */
    int n = b4const[rrange(1, 11)]; /* 1..16 */
    EMIT("movi %s, %d\n", rn[g->ctr], up ? 0 : n);
    sb_printf(g->code, ".Lc%d_loop%d:\n", g->caseno, l);
    g->sar_ok = 0;
    int end = *idx + body;
    for (int i = *idx; i < end; i++) {
        place_labels(g, i);
        gen_insn(g, i, end);
    }
    /* a branch to the instruction after the body lands on the loop's
     * own decrement; those further on leave the loop (placed after it) */
    place_labels(g, end);
    if (up) {
        EMIT("addi.n %s, %s, 1\n", rn[g->ctr], rn[g->ctr]);
        EMIT("blti %s, %d, .Lc%d_loop%d\n", rn[g->ctr], n, g->caseno, l);
    } else {
        EMIT("addi %s, %s, -1\n", rn[g->ctr], rn[g->ctr]);
        EMIT("bnez %s, .Lc%d_loop%d\n", rn[g->ctr], g->caseno, l);
    }
    g->ctr = -1;
    *idx = end - 1;
}

static void gen_case(sbuf *code, sbuf *data, sbuf *inits, int c, int minlen,
                     int maxlen)
{
    gen G = { 0 }, *g = &G;
    uint32_t init[16];
    char sym[32];
    sbuf body = { 0 };

    pool_reset();
    g->code = &body;
    g->caseno = c;
    g->ctr = -1;
    g->base = (int)rnd(16);
    g->off = 4 * rrange(0, 48);
    g->sar_ok = 1;
    for (int r = 0; r < 16; r++)
        init[r] = rand_value();
    int sar0 = rrange(0, 32);
    int len = rrange(minlen, maxlen);

    /* Initial state table, and the case's result block in data RAM
     * (random scratch contents, then room for the registers and SAR).
     * The result blocks of all cases are contiguous. */
    sb_printf(inits, ".Linit_%d:\n", c);
    for (int r = 0; r < 16; r++) {
        if (r == g->base)
            sb_printf(inits, "    .word .Lres_%d+%d\n", c, g->off);
        else
            sb_printf(inits, "    .word 0x%08" PRIx32 "\n", init[r]);
    }
    sb_printf(inits, "    .word %d\n", sar0);
    sb_printf(data, ".Lres_%d:\n", c);
    for (int i = 0; i < SCRATCH / 4; i += 4)
        sb_printf(data,
                  "    .word 0x%08" PRIx32 ", 0x%08" PRIx32 ", 0x%08" PRIx32
                  ", 0x%08" PRIx32 "\n",
                  rand_value(), (uint32_t)rnext(), rand_value(),
                  (uint32_t)rnext());
    sb_printf(data, "    .space %d, 0xee\n", BLOCK - SCRATCH);

    snprintf(sym, sizeof sym, ".Linit_%d", c);
    unsigned lit = lit_symbol(sym);

    sb_printf(code, "# @case %d\n", c);
    sb_printf(code, "# base register %s = scratch+%d, SAR = %d, %d insns\n",
              rn[g->base], g->off, sar0, len);
    for (int r = 0; r < 16; r += 4) {
        sb_printf(code, "#");
        for (int i = r; i < r + 4; i++) {
            if (i == g->base)
                sb_printf(code, " %3s=scratch+%-3d", rn[i], g->off);
            else
                sb_printf(code, " %3s=0x%08" PRIx32, rn[i], init[i]);
        }
        sb_printf(code, "\n");
    }
    sb_printf(&body, "    l32r a0, .Lpool_%d+%u\n", c, 4 * lit);
    sb_printf(&body, "    l32i a1, a0, 64\n    wsr.sar a1\n");
    for (int r = 1; r < 16; r++)
        sb_printf(&body, "    l32i %s, a0, %d\n", rn[r], 4 * r);
    sb_printf(&body, "    l32i a0, a0, 0\n# @seq %d\n", c);

    for (int i = 0; i < len; i++) {
        place_labels(g, i);
        if (g->npend == 0 && i + 2 <= len && rnd(100) < 4)
            gen_loop(g, &i, len);
        else
            gen_insn(g, i, len);
    }
    place_labels(g, -1);

    sb_printf(&body, "# @dump %d\n", c);
    for (int r = 0; r < 16; r++)
        sb_printf(&body, "    s32i %s, %s, %d\n", rn[r], rn[g->base],
                  REGS_OFF - g->off + 4 * r);
    int t = g->base == 2 ? 3 : 2;
    sb_printf(&body, "    rsr.sar %s\n    s32i %s, %s, %d\n", rn[t], rn[t],
              rn[g->base], SAR_OFF - g->off);

    sb_printf(code, "    j .Lcase_%d\n    .align 4\n.Lpool_%d:\n%s", c, c,
              pool.p);
    sb_printf(code, ".Lcase_%d:\n%.*s", c, (int)body.len, body.p);
    sb_printf(code, "# @endcase %d\n", c);
    free(body.p);
}

static int cmd_gen(int argc, char **argv)
{
    if (argc < 4 || argc == 6 || argc > 8) {
        fprintf(stderr, "usage: difftest_gen gen SEED OUT.S [NCASES [MINLEN "
                        "MAXLEN [ONLY]]]\n");
        return 2;
    }
    uint64_t seed = strtoull(argv[2], NULL, 0);
    const char *outp = argv[3];
    int ncases = argc > 4 ? atoi(argv[4]) : DEFAULT_CASES;
    int minlen = argc > 5 ? atoi(argv[5]) : DEFAULT_MINLEN;
    int maxlen = argc > 6 ? atoi(argv[6]) : DEFAULT_MAXLEN;
    int only = argc > 7 ? atoi(argv[7]) : -1;
    if (ncases < 1 || ncases > MAX_CASES || minlen < 1 || maxlen < minlen ||
        maxlen > 5000 || only >= ncases)
        die("bad NCASES/MINLEN/MAXLEN/ONLY");
    /* about 3 bytes per instruction plus pools must fit the 1 MiB IRAM */
    if ((long)ncases * maxlen > 250000)
        die("NCASES * MAXLEN must not exceed 250000 (instruction RAM size)");

    rng_state = seed * 0x2545f4914f6cdd1dull + 0x1234567;
    for (int i = 0; i < 16; i++)
        recent[i] = (uint32_t)rnext();

    /* With ONLY, every case is generated (same random stream, same data
     * layout) but only the code of case ONLY is kept: a one-case program
     * for debugging that computes exactly what that case computed. */
    sbuf code = { 0 }, data = { 0 }, inits = { 0 };
    for (int c = 0; c < ncases; c++) {
        size_t code_len = code.len;
        gen_case(&code, &data, &inits, c, minlen, maxlen);
        if (only >= 0 && c != only)
            code.len = code_len;
    }
    int first = only >= 0 ? only : 0;
    uint32_t outlen = (uint32_t)(only >= 0 ? 1 : ncases) * BLOCK;

    FILE *f = fopen(outp, "w");
    if (!f) {
        perror(outp);
        return 2;
    }
    fprintf(f,
            "# dspsim difftest program: seed %" PRIu64 ", %d cases, "
            "%d..%d instructions%s\n"
            "# output: per case %d bytes = scratch[%d], a0..a15, SAR;\n"
            "# then the exception log\n"
            "    .begin no-transform\n"
            "# exception vectors at VECBASE (reset value 0x40000000): PS.UM\n"
            "# is 0, so an exception enters the kernel vector; a double\n"
            "# exception (none is expected) ends the program with status 3\n"
            "    .section .vectors, \"ax\"\n"
            "    .org 0x30\n"
            "    wsr.excsave1 a0\n"
            "    j .Lexc\n"
            "    .org 0x50\n"
            "    wsr.excsave1 a0\n"
            "    j .Lexc\n"
            "    .org 0x70\n"
            "    j .Ldouble\n"
            "    .org 0x80\n"
            "    .text\n"
            "    .global _start\n"
            "    .type _start, @function\n"
            "    .align 4\n"
            "_start:\n"
            "    movi a2, 0\n"
            "    wsr.ps a2\n"
            "    rsync\n"
            "    j .Lpass\n"
            "    .align 4\n"
            ".Lpool_start:\n"
            "    .word .Lpass\n"
            "    .word .Lpasses\n"
            ".Lexc_pool:\n"
            "    .word .Lexc_log\n"
            "# the exception handler: logs EXCCAUSE, EXCVADDR (alignment\n"
            "# faults only), EPC1 and PS, then resumes after the faulting\n"
            "# instruction (every one the generator emits has 3 bytes)\n"
            ".Lexc:\n"
            "    l32r a0, .Lexc_pool\n"
            "    s32i a2, a0, 4\n"
            "    s32i a3, a0, 8\n"
            "    l32i a2, a0, 0\n"
            "    addi a3, a2, 1\n"
            "    s32i a3, a0, 0\n"
            "    bgeui a2, %d, .Lexc_resume\n"
            "    slli a2, a2, 4\n"
            "    add a2, a2, a0\n"
            "    rsr.exccause a3\n"
            "    s32i a3, a2, %d\n"
            "    addi a3, a3, -9\n"
            "    bnez a3, .Lexc_novaddr\n"
            "    rsr.excvaddr a3\n"
            "    j .Lexc_vaddr\n"
            ".Lexc_novaddr:\n"
            "    movi a3, 0\n"
            ".Lexc_vaddr:\n"
            "    s32i a3, a2, %d\n"
            "    rsr.epc1 a3\n"
            "    s32i a3, a2, %d\n"
            "    rsr.ps a3\n"
            "    s32i a3, a2, %d\n"
            ".Lexc_resume:\n"
            "    rsr.epc1 a3\n"
            "    addi a3, a3, 3\n"
            "    wsr.epc1 a3\n"
            "    l32i a2, a0, 4\n"
            "    l32i a3, a0, 8\n"
            "    rsr.excsave1 a0\n"
            "    rfe\n"
            ".Ldouble:\n"
            "    movi a2, 1\n"
            "    movi a3, 3\n"
            "    simcall\n"
            ".Lpass:\n",
            seed, ncases, minlen, maxlen,
            only >= 0 ? " (only one case kept)" : "", BLOCK, SCRATCH, LOG_MAX,
            LOG_HEAD, LOG_HEAD + 4, LOG_HEAD + 8, LOG_HEAD + 12);
    fwrite(code.p, 1, code.len, f);
    fprintf(f,
            "# every case runs PASSES times (the later passes run code that\n"
            "# is already decoded, and translated by dspsim's fast engine)\n"
            "    l32r a6, .Lpool_start+4\n"
            "    l32i a7, a6, 0\n"
            "    addi a7, a7, -1\n"
            "    s32i a7, a6, 0\n"
            "    beqz a7, .Lfinish_pre\n"
            "    l32r a6, .Lpool_start\n"
            "    jx a6\n"
            ".Lfinish_pre:\n"
            "# write all result blocks to fd 1, then exit(0)\n"
            "    j .Lfinish\n"
            "    .align 4\n"
            ".Lpool_end:\n"
            "    .word .Lres_%d\n"
            "    .word %" PRIu32 "\n"
            "    .word .Lexc_log\n"
            "    .word %d\n"
            ".Lfinish:\n"
            "    l32r a6, .Lpool_end\n"
            "    l32r a7, .Lpool_end+4\n"
            "    movi a8, 0\n"
            ".Lwrite:\n"
            "    beqz a7, .Lwritten\n"
            "    movi a2, 4\n"
            "    movi a3, 1\n"
            "    mov a4, a6\n"
            "    mov a5, a7\n"
            "    simcall\n"
            "    blti a2, 1, .Lfail\n"
            "    add a6, a6, a2\n"
            "    sub a7, a7, a2\n"
            "    j .Lwrite\n"
            "# then the exception log\n"
            ".Lwritten:\n"
            "    bnez a8, .Ldone\n"
            "    movi a8, 1\n"
            "    l32r a6, .Lpool_end+8\n"
            "    l32r a7, .Lpool_end+12\n"
            "    j .Lwrite\n"
            ".Ldone:\n"
            "    movi a2, 1\n"
            "    movi a3, 0\n"
            "    simcall\n"
            ".Lfail:\n"
            "    movi a2, 1\n"
            "    movi a3, 2\n"
            "    simcall\n"
            ".Lhang:\n"
            "    j .Lhang\n"
            "    .size _start, . - _start\n"
            "    .end no-transform\n"
            "    .data\n"
            "    .align 4\n"
            ".Lpasses:\n"
            "    .word %d\n",
            first, outlen, LOG_BYTES, PASSES);
    fwrite(data.p, 1, data.len, f);
    fprintf(f, ".Lexc_log:\n    .space %d, 0\n", LOG_BYTES);
    fwrite(inits.p, 1, inits.len, f);
    if (fclose(f) != 0) {
        perror(outp);
        return 2;
    }
    free(code.p);
    free(data.p);
    free(inits.p);
    free(pool.p);
    return 0;
}

/* ---- comparator -------------------------------------------------------------- */
static unsigned char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    size_t cap = 65536, n = 0;
    unsigned char *p = malloc(cap);
    if (!p)
        die("out of memory");
    for (;;) {
        if (n == cap) {
            cap *= 2;
            p = realloc(p, cap);
            if (!p)
                die("out of memory");
        }
        size_t got = fread(p + n, 1, cap - n, f);
        if (got == 0)
            break;
        n += got;
    }
    fclose(f);
    *len = n;
    return p;
}

static uint32_t word_at(const unsigned char *p, size_t off)
{
    return (uint32_t)p[off] | (uint32_t)p[off + 1] << 8 |
           (uint32_t)p[off + 2] << 16 | (uint32_t)p[off + 3] << 24;
}

/* Print the k-th case block (# @case ... # @endcase) of prog. */
static void print_listing(const char *prog, int k)
{
    FILE *f = fopen(prog, "r");
    char line[512];
    int n = -1, on = 0;
    if (!f) {
        perror(prog);
        return;
    }
    printf("---- listing of the failing case (from %s) ----\n", prog);
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "# @case ", 8) == 0)
            on = ++n == k;
        if (on)
            fputs(line, stdout);
        if (on && strncmp(line, "# @endcase ", 11) == 0)
            break;
    }
    printf("---- end of listing ----\n");
    fclose(f);
}

static int cmd_cmp(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr,
                "usage: difftest_gen cmp PROG.S EXPECTED.bin ACTUAL.bin\n");
        return 2;
    }
    size_t ne, na;
    unsigned char *e = read_all(argv[3], &ne);
    unsigned char *a = read_all(argv[4], &na);
    size_t n = ne < na ? ne : na;
    size_t i = 0;
    while (i < n && e[i] == a[i])
        i++;
    if (i == n && ne == na) {
        free(e);
        free(a);
        return 0;
    }
    if (ne != na)
        printf("output sizes differ: expected %zu bytes, actual %zu bytes\n",
               ne, na);
    if (i == n) {
        printf("outputs agree on their first %zu bytes\n", n);
        free(e);
        free(a);
        return 1;
    }

    /* the result blocks, then the exception log */
    size_t blocks = n >= LOG_BYTES ? (n - LOG_BYTES) / BLOCK * BLOCK : n;
    if (i >= blocks) {
        size_t o = i - blocks;
        printf("MISMATCH in the exception log (byte %zu)\n", o);
        printf("  exceptions taken: expected %" PRIu32 ", actual %" PRIu32 "\n",
               word_at(e, blocks), word_at(a, blocks));
        if (o >= LOG_HEAD) {
            size_t k = (o - LOG_HEAD) / LOG_ENTRY;
            size_t at = blocks + LOG_HEAD + k * LOG_ENTRY;
            static const char *const f[4] = { "EXCCAUSE", "EXCVADDR", "EPC1",
                                              "PS" };
            printf("  exception %zu:\n", k);
            for (int w = 0; w < 4 && at + 4 * (size_t)w + 4 <= n; w++)
                printf("    %-9s expected 0x%08" PRIx32 "  actual 0x%08" PRIx32
                       "\n",
                       f[w], word_at(e, at + 4 * (size_t)w),
                       word_at(a, at + 4 * (size_t)w));
        }
        free(e);
        free(a);
        return 1;
    }
    size_t nfail = 0;
    for (size_t c = 0; (c + 1) * BLOCK <= blocks; c++)
        if (memcmp(e + c * BLOCK, a + c * BLOCK, BLOCK) != 0)
            nfail++;

    int c = (int)(i / BLOCK);
    size_t cb = (size_t)c * BLOCK;
    size_t first = (i - cb) & ~(size_t)3;
    printf("MISMATCH in case %d (%zu of %zu cases differ)\n", c, nfail,
           blocks / BLOCK);
    if (first >= REGS_OFF && first < SAR_OFF)
        printf("first difference: register a%zu\n", (first - REGS_OFF) / 4);
    else if (first == SAR_OFF)
        printf("first difference: SAR\n");
    else
        printf("first difference: scratch memory offset %zu (byte %zu)\n",
               first, i - cb);
    if (cb + BLOCK <= n) {
        for (size_t o = 0; o < BLOCK; o += 4) {
            uint32_t ev = word_at(e, cb + o), av = word_at(a, cb + o);
            if (ev == av)
                continue;
            char what[32];
            if (o >= REGS_OFF && o < SAR_OFF)
                snprintf(what, sizeof what, "a%zu", (o - REGS_OFF) / 4);
            else if (o == SAR_OFF)
                snprintf(what, sizeof what, "SAR");
            else
                snprintf(what, sizeof what, "scratch+%zu", o);
            printf("  %-12s expected 0x%08" PRIx32 "  actual 0x%08" PRIx32
                   "%s\n",
                   what, ev, av, o == first ? "   <-- first" : "");
        }
    }
    print_listing(argv[2], c);
    free(e);
    free(a);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "gen") == 0)
        return cmd_gen(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "cmp") == 0)
        return cmd_cmp(argc, argv);
    fprintf(stderr, "usage: difftest_gen gen SEED OUT.S [NCASES [MINLEN "
                    "MAXLEN]]\n"
                    "       difftest_gen cmp PROG.S EXPECTED.bin ACTUAL.bin\n");
    return 2;
}

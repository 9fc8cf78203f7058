/* SPDX-License-Identifier: BSD-3-Clause */
/* The translator's C generator: one guest page's decoded instructions
 * become one C function (a unit) of blocks.
 *
 * A block starts at a head (a branch target, the instruction after a
 * branch or after one the unit does not translate, or a decoded entry no
 * other decoded instruction falls into) and runs straight to a branch, to
 * the next head (a goto), or to an instruction it leaves to the
 * interpreter.  Everything the interpreter works out per instruction that
 * is static is done here once: each instruction's cycle offset from the
 * block's start (issue cost, fetch wait states, load-use and multiply
 * interlocks with the next instruction, branch penalties) and its count.
 * What stays dynamic: data wait states and slow-path accesses, after which
 * the block re-checks the event horizon, and the horizon check at each
 * block's start, which lets a block run only if no instruction in it can
 * start at or past the horizon; otherwise the interpreter steps.  The
 * semantics mirror exec.c handler by handler (it is the reference). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "icache.h"
#include "xlate_abi.h"
#include "xlate_buf.h"
#include "xlate_gen.h"
#include "xlate_plan.h"
#include "xlate_sreg.h"

#define PAGE XT_PAGE_SIZE


typedef struct gen {
    xl_plan *pl;    /* the page's blocks (xlate_plan.h) */
    uint8_t *cover; /* bitmap: offsets of the instructions in blocks */
    xl_buf *o;
    int fast;           /* emitting a region's guarded copy (xlate_plan.h) */
    const xl_guard *gp; /* its plan (xlate_plan.h) */
    unsigned fast_head; /* its head */
    unsigned reg_end;   /* the next hard head: the region's end */
    unsigned margin;    /* the block being written: its horizon margin */
    int32_t disp[PAGE]; /* in the copy: an access's offset from its base */
    uint8_t dyn[PAGE];  /* in the copy: XL_DYN_* for an instruction */
    uint8_t lab[PAGE];  /* the generic block has label S<offset> here */
    char lp[16];        /* its labels' prefix: "" alone, "p<i>_" in a group */
    const char *cs;     /* the copy's labels' infix: "" the region's, "_"
                           its loop's (xlate_plan_copy_ends) */
    struct gen **grp;   /* a group's pages (NULL: a unit of one page) */
    unsigned ngrp;
    int selftest; /* xlate_gen_unit's */
} gen;

/* Condition of a conditional branch, as a C expression. */
static void cond_text(const xt_insn *in, char *s, size_t n)
{
    unsigned a = in->a, b = in->b;
    int32_t im = in->imm;
    switch (in->op) {
    case XT_OP_BEQ:
        snprintf(s, n, "r%u == r%u", a, b);
        break;
    case XT_OP_BNE:
        snprintf(s, n, "r%u != r%u", a, b);
        break;
    case XT_OP_BLT:
        snprintf(s, n, "(int32_t)r%u < (int32_t)r%u", a, b);
        break;
    case XT_OP_BGE:
        snprintf(s, n, "(int32_t)r%u >= (int32_t)r%u", a, b);
        break;
    case XT_OP_BLTU:
        snprintf(s, n, "r%u < r%u", a, b);
        break;
    case XT_OP_BGEU:
        snprintf(s, n, "r%u >= r%u", a, b);
        break;
    case XT_OP_BANY:
        snprintf(s, n, "(r%u & r%u) != 0", a, b);
        break;
    case XT_OP_BNONE:
        snprintf(s, n, "(r%u & r%u) == 0", a, b);
        break;
    case XT_OP_BALL:
        snprintf(s, n, "(~r%u & r%u) == 0", a, b);
        break;
    case XT_OP_BNALL:
        snprintf(s, n, "(~r%u & r%u) != 0", a, b);
        break;
    case XT_OP_BBC:
        snprintf(s, n, "!((r%u >> (r%u & 31)) & 1)", a, b);
        break;
    case XT_OP_BBS:
        snprintf(s, n, "(r%u >> (r%u & 31)) & 1", a, b);
        break;
    case XT_OP_BBCI:
        snprintf(s, n, "!((r%u >> %d) & 1)", a, im);
        break;
    case XT_OP_BBSI:
        snprintf(s, n, "(r%u >> %d) & 1", a, im);
        break;
    case XT_OP_BEQI:
        snprintf(s, n, "r%u == %uu", a, (uint32_t)im);
        break;
    case XT_OP_BNEI:
        snprintf(s, n, "r%u != %uu", a, (uint32_t)im);
        break;
    case XT_OP_BLTI:
        snprintf(s, n, "(int32_t)r%u < %d", a, im);
        break;
    case XT_OP_BGEI:
        snprintf(s, n, "(int32_t)r%u >= %d", a, im);
        break;
    case XT_OP_BLTUI:
        snprintf(s, n, "r%u < %uu", a, (uint32_t)im);
        break;
    case XT_OP_BGEUI:
        snprintf(s, n, "r%u >= %uu", a, (uint32_t)im);
        break;
    case XT_OP_BEQZ:
    case XT_OP_BEQZ_N:
        snprintf(s, n, "r%u == 0", a);
        break;
    case XT_OP_BNEZ:
    case XT_OP_BNEZ_N:
        snprintf(s, n, "r%u != 0", a);
        break;
    case XT_OP_BLTZ:
        snprintf(s, n, "(int32_t)r%u < 0", a);
        break;
    case XT_OP_BGEZ:
        snprintf(s, n, "(int32_t)r%u >= 0", a);
        break;
    default:
        snprintf(s, n, "0");
        break;
    }
}

/* Continue at guest address t with the current cycle/instruction totals:
 * a goto to t's block if this unit has one (after the horizon check), else
 * an exit to the interpreter. */
static void go(gen *g, uint32_t t)
{
    if (g->fast && g->gp->carry && t == g->pl->base + g->fast_head) {
        /* the guarded copy's loop: the bases moved by the block's deltas;
         * still in the pages the guard checked, the copy goes round */
        const xl_guard *gp = g->gp;
        xlate_buf_printf(g->o,
                         "if (cyc + %uu >= ev2) EXIT(0x%xu, 0, 0); if (L_(1",
                         g->pl->pre[g->fast_head], t);
        for (unsigned r = 0; r < 16; r++) {
            /* a base neither moved nor written holds the value tested */
            if ((!gp->rd[r] && !gp->wr[r]) ||
                (!gp->rederive[r] && !gp->delta[r]))
                continue;
            /* in B's page with the accessed span inside it, as one
             * unsigned range test (B holds the lowest start allowed) */
            int room = (int)PAGE - gp->hi[r] - (gp->lo[r] < 0 ? -gp->lo[r] : 0);
            if (room < 0)
                xlate_buf_printf(g->o, " && 0");
            else
                xlate_buf_printf(g->o, " && r%u - B%u <= %uu", r, r,
                                 (unsigned)room);
            if (gp->rederive[r] && gp->amask[r])
                xlate_buf_printf(g->o, " && !(r%u & %uu)", r, gp->amask[r]);
        }
        xlate_buf_printf(g->o, ", 1)) {");
        for (unsigned r = 0; r < 16; r++) {
            if (gp->rederive[r]) {
                if (gp->rd[r])
                    xlate_buf_printf(g->o, " Q%u = PQ%u + (r%u & 4095u);", r, r,
                                     r);
                if (gp->wr[r])
                    xlate_buf_printf(g->o, " W%u = PW%u + (r%u & 4095u);", r, r,
                                     r);
                continue;
            }
            if (gp->rd[r] && gp->delta[r])
                xlate_buf_printf(g->o, " Q%u += %d;", r, gp->delta[r]);
            if (gp->wr[r] && gp->delta[r])
                xlate_buf_printf(g->o, " W%u += %d;", r, gp->delta[r]);
        }
        xlate_buf_printf(g->o, " goto %sF%s%x; } goto %sL%x;", g->lp, g->cs,
                         g->fast_head, g->lp, g->fast_head);
        return;
    }
    uint32_t to = t & (PAGE - 1);
    if (g->fast && (t >> XT_PAGE_SHIFT) == g->pl->pn && to > g->fast_head &&
        to < g->reg_end && g->pl->head[to]) {
        /* a later block of the region: on in the copy */
        xlate_buf_printf(
            g->o, "if (cyc + %uu >= ev2) EXIT(0x%xu, 0, 0); goto %sG%s%x;",
            g->pl->pre[to], t, g->lp, g->cs, to);
        return;
    }
    if ((t >> XT_PAGE_SHIFT) == g->pl->pn && g->pl->head[to]) {
        xlate_buf_printf(g->o,
                         "if (cyc + %uu >= ev2) EXIT(0x%xu, 0, 0); goto %sL%x;",
                         g->pl->pre[to], t, g->lp, to);
        return;
    }
    /* another page of the group: where the engine would call that page's
     * unit next, the group goes on in its code (ev3: 0 when the engine
     * would not chain) */
    for (unsigned i = 0; i < g->ngrp; i++) {
        const gen *m = g->grp[i];
        if (m != g && (t >> XT_PAGE_SHIFT) == m->pl->pn && m->pl->head[to]) {
            xlate_buf_printf(
                g->o, "if (cyc + %uu >= ev3) EXIT(0x%xu, 0, 0); goto %sL%x;",
                m->pl->pre[to], t, m->lp, to);
            return;
        }
    }
    xlate_buf_printf(g->o, "EXIT(0x%xu, 0, 0);", t);
}

/* The prelude's host accessor of a load or store (ld8 ... st32) and the
 * conversion of a load's value to a register (sign extension for L16SI). */
static const char *access_fn(unsigned op, const char **conv)
{
    static const char *const fn[2][5] = { { "", "ld8", "ld16", "", "ld32" },
                                          { "", "st8", "st16", "", "st32" } };
    *conv = op == XT_OP_L16SI ? "(uint32_t)(int32_t)(int16_t)" : "(uint32_t)";
    return fn[xlate_plan_is_store(op)][xlate_plan_access_size(op)];
}

/* Where the horizon is re-checked after a wait state or a helper, for an
 * instruction whose successor starts at offset kn: the rest of the block
 * (its last instruction), or the successor past the block's end. */
static unsigned recheck(const gen *g, unsigned kn)
{
    return kn > g->margin ? kn : g->margin;
}

/* A load or store through the LD/ST macros (page lookup, wait states,
 * the helper for everything else). */
static void emit_access(gen *g, const xt_insn *in, uint32_t pc, unsigned k,
                        unsigned j, uint32_t npc, unsigned kn, const char *late)
{
    unsigned a = in->a, b = in->b, kr = recheck(g, kn);
    if (in->op == XT_OP_L32R) {
        xlate_buf_printf(
            g->o,
            "%s(r%u, (lb & 1) ? (lb & ~0xFFFu) + %uu : 0x%xu, 4, ld32, "
            "(uint32_t), 0x%xu, %u, %u, 0x%xu, %u, %u, %s);",
            xlate_plan_lit_waits(g->pl, in) ? "LDW" : "LD", a,
            (uint32_t)in->imm, in->target, pc, k, j, npc, kn, kr, late);
        return;
    }
    const char *cv, *fn = access_fn(in->op, &cv);
    unsigned sz = xlate_plan_access_size(in->op);
    if (xlate_plan_is_store(in->op))
        xlate_buf_printf(
            g->o, "ST(r%u + %uu, %u, %s, r%u, 0x%xu, %u, %u, 0x%xu, %u, %u);",
            b, (uint32_t)in->imm, sz, fn, a, pc, k, j, npc, kn, kr);
    else if (sz)
        xlate_buf_printf(
            g->o,
            "LD(r%u, r%u + %uu, %u, %s, %s, 0x%xu, %u, %u, 0x%xu, %u, %u, %s);",
            a, b, (uint32_t)in->imm, sz, fn, cv, pc, k, j, npc, kn, kr, late);
}

/* An access of the guarded copy that the guard does not cover: its own
 * page test, else the generic block from this instruction on. */
static void emit_dyn_access(gen *g, const xt_insn *in, unsigned off)
{
    const char *cv, *fn = access_fn(in->op, &cv);
    unsigned st = (unsigned)xlate_plan_is_store(in->op);
    const char *side = st ? "wr" : "rd";
    xlate_buf_printf(
        g->o,
        "{ uint32_t a_ = r%u + %uu; const xt_xpage *p_ = &P[a_ >> 12]; "
        "if (L_(p_->%s_off && !(a_ & %uu), 1)) ",
        in->b, (uint32_t)in->imm, side, xlate_plan_access_size(in->op) - 1);
    if (st)
        xlate_buf_printf(g->o, "%s((uint8_t *)(p_->wr_off + a_), r%u);", fn,
                         in->a);
    else
        xlate_buf_printf(g->o,
                         "r%u = %s%s((const uint8_t *)(p_->rd_off + a_));",
                         in->a, cv, fn);
    xlate_buf_printf(g->o, " else goto %sS%x; }", g->lp, off);
}

/* The same access in a region's guarded copy: host memory directly,
 * through the base register's pointer the guard set up (Qn for loads, Wn
 * for stores; literals through their page, which the guard checked). */
static void emit_fast_access(gen *g, const xt_insn *in, unsigned off)
{
    if (g->dyn[off] == XL_DYN_CHECK) {
        emit_dyn_access(g, in, off);
        return;
    }
    if (in->op == XT_OP_L32R) {
        xlate_buf_printf(g->o, "r%u = ld32(P[0x%xu].rd + %uu);", in->a,
                         in->target >> 12, in->target & 4095u);
        return;
    }
    const char *cv, *fn = access_fn(in->op, &cv);
    if (xlate_plan_is_store(in->op))
        xlate_buf_printf(g->o, "%s(W%u + %d, r%u);", fn, in->b, g->disp[off],
                         in->a);
    else
        xlate_buf_printf(g->o, "r%u = %s%s(Q%u + %d);", in->a, cv, fn, in->b,
                         g->disp[off]);
}

/* The body of a straight-line instruction (no control transfer). */
static void emit_plain(gen *g, const xt_insn *in, uint32_t pc, unsigned k,
                       unsigned j, unsigned kn)
{
    xl_buf *o = g->o;
    unsigned a = in->a, b = in->b, c = in->c;
    int32_t im = in->imm;
    uint32_t npc = pc + in->len;
    /* a load's cycles without the interlock, its register and the
     * interlock's cost, for an interlock the interpreter settles */
    char late[48] = "";
    if (o) /* NULL when only the layout is wanted (a cached unit) */
        snprintf(late, sizeof late, "%u, 0x%xu, %u", k + in->cost, 1u << a,
                 g->pl->cpu->timing.load_use);
#define P_(...) xlate_buf_printf(o, __VA_ARGS__)
    switch (in->op) {
    case XT_OP_ADD:
    case XT_OP_ADD_N:
        P_("r%u = r%u + r%u;", a, b, c);
        break;
    case XT_OP_ADDX2:
        P_("r%u = (r%u << 1) + r%u;", a, b, c);
        break;
    case XT_OP_ADDX4:
        P_("r%u = (r%u << 2) + r%u;", a, b, c);
        break;
    case XT_OP_ADDX8:
        P_("r%u = (r%u << 3) + r%u;", a, b, c);
        break;
    case XT_OP_SUB:
        P_("r%u = r%u - r%u;", a, b, c);
        break;
    case XT_OP_SUBX2:
        P_("r%u = (r%u << 1) - r%u;", a, b, c);
        break;
    case XT_OP_SUBX4:
        P_("r%u = (r%u << 2) - r%u;", a, b, c);
        break;
    case XT_OP_SUBX8:
        P_("r%u = (r%u << 3) - r%u;", a, b, c);
        break;
    case XT_OP_AND:
        P_("r%u = r%u & r%u;", a, b, c);
        break;
    case XT_OP_OR:
        P_("r%u = r%u | r%u;", a, b, c);
        break;
    case XT_OP_XOR:
        P_("r%u = r%u ^ r%u;", a, b, c);
        break;
    case XT_OP_NEG:
        P_("r%u = 0u - r%u;", a, b);
        break;
    case XT_OP_ABS:
        P_("r%u = (int32_t)r%u < 0 ? 0u - r%u : r%u;", a, b, b, b);
        break;
    case XT_OP_ADDI:
    case XT_OP_ADDMI:
    case XT_OP_ADDI_N:
        P_("r%u = r%u + %uu;", a, b, (uint32_t)im);
        break;
    case XT_OP_MOVI:
    case XT_OP_MOVI_N:
        P_("r%u = %uu;", a, (uint32_t)im);
        break;
    case XT_OP_MOV_N:
        P_("r%u = r%u;", a, b);
        break;
    case XT_OP_MOVEQZ:
        P_("if (r%u == 0) r%u = r%u;", c, a, b);
        break;
    case XT_OP_MOVNEZ:
        P_("if (r%u != 0) r%u = r%u;", c, a, b);
        break;
    case XT_OP_MOVLTZ:
        P_("if ((int32_t)r%u < 0) r%u = r%u;", c, a, b);
        break;
    case XT_OP_MOVGEZ:
        P_("if ((int32_t)r%u >= 0) r%u = r%u;", c, a, b);
        break;
    case XT_OP_SLL:
        P_("r%u = sar > 32 ? 0 : (uint32_t)((uint64_t)r%u << (32 - sar));", a,
           b);
        break;
    case XT_OP_SRL:
        P_("r%u = (uint32_t)((uint64_t)r%u >> (sar & (sl ? 31 : 63)));", a, b);
        break;
    case XT_OP_SRA:
        P_("r%u = (uint32_t)(int32_t)((int64_t)(int32_t)r%u >> (sar & (sl ? 31 : 63)));",
           a, b);
        break;
    case XT_OP_SRC:
        P_("r%u = (uint32_t)((((uint64_t)r%u << 32) | r%u) >> sar);", a, b, c);
        break;
    case XT_OP_SLLI:
        P_("r%u = r%u << %d;", a, b, im & 31);
        break;
    case XT_OP_SRLI:
        P_("r%u = r%u >> %d;", a, b, im);
        break;
    case XT_OP_SRAI:
        P_("r%u = (uint32_t)((int32_t)r%u >> %d);", a, b, im);
        break;
    case XT_OP_EXTUI:
        P_("r%u = (r%u >> %d) & 0x%xu;", a, b, im, (1u << in->imm2) - 1);
        break;
    case XT_OP_SSR:
        P_("sar = r%u & 31; sl = 0;", a);
        break;
    case XT_OP_SSL:
        P_("sar = 32 - (r%u & 31); sl = 1;", a);
        break;
    case XT_OP_SSA8L:
        P_("sar = (r%u & 3) * 8; sl = 0;", a);
        break;
    case XT_OP_SSA8B:
        P_("sar = 32 - (r%u & 3) * 8; sl = 1;", a);
        break;
    case XT_OP_SSAI:
        P_("sar = %uu; sl = 0;", (uint32_t)im);
        break;
    case XT_OP_NSA:
        P_("r%u = nsa32(r%u);", a, b);
        break;
    case XT_OP_NSAU:
        P_("r%u = nsau32(r%u);", a, b);
        break;
    case XT_OP_MUL16U:
        P_("r%u = (r%u & 0xFFFF) * (r%u & 0xFFFF);", a, b, c);
        break;
    case XT_OP_MUL16S:
        P_("r%u = (uint32_t)((int32_t)(int16_t)r%u * (int32_t)(int16_t)r%u);",
           a, b, c);
        break;
    case XT_OP_MULL:
        P_("r%u = r%u * r%u;", a, b, c);
        break;
    case XT_OP_L8UI:
    case XT_OP_L16UI:
    case XT_OP_L16SI:
    case XT_OP_L32I:
    case XT_OP_L32I_N:
    case XT_OP_L32R:
    case XT_OP_S8I:
    case XT_OP_S16I:
    case XT_OP_S32I:
    case XT_OP_S32I_N:
        if (g->fast) {
            emit_fast_access(g, in, pc - g->pl->base);
            break;
        }
        emit_access(g, in, pc, k, j, npc, kn, late);
        break;
    case XT_OP_RER:
        P_("r%u = 0;", a);
        break; /* no external registers */
    case XT_OP_RSIL:
        /* raising or keeping INTLEVEL (an interrupt lock) makes no
         * interrupt deliverable: the unit's horizon stays a safe one and
         * no helper is needed; lowering it takes the helper (the
         * interpreter's handler and its event update) */
        P_("{ uint32_t ps_ = *e->ps; if (L_((ps_ & 15u) <= %uu, 1)) { sl = 0; "
           "*e->ps = (ps_ & ~15u) | %uu; r%u = ps_; } else SRX(%u, %uu, r%u, "
           "0x%xu, %u, %u, 0x%xu, %u, %u); }",
           (uint32_t)im, (uint32_t)im, a, in->op, (uint32_t)im, a, pc, k, j,
           npc, kn, recheck(g, kn));
        break;
    case XT_OP_WSR:
    case XT_OP_XSR:
        if (im == XT_SR_SAR && in->op == XT_OP_WSR)
            P_("sl = 0; sar = r%u & 0x3F;", a);
        else if (im == XT_SR_SAR)
            P_("sl = 0; tgt = sar; sar = r%u & 0x3F; r%u = tgt;", a, a);
        else if (im == XT_SR_PS && in->op == XT_OP_WSR)
            /* with no interrupt pending (nor NMI) a new PS makes none
             * deliverable and leaves the horizon as it was: the write
             * alone is what the interpreter's handler does (an interrupt
             * unlock, mostly); else the helper */
            P_("if (L_(!(*e->sr[%u] & (*e->sr[%u] | %uu)), 1)) { sl = 0; "
               "*e->ps = r%u & %uu; } else SRX(%u, %uu, r%u, 0x%xu, %u, %u, "
               "0x%xu, %u, %u);",
               XT_SR_INTERRUPT, XT_SR_INTENABLE, XT_INT_NMI_MASK, a,
               PS_WRITE_MASK, in->op, (uint32_t)im, a, pc, k, j, npc, kn,
               recheck(g, kn));
        else
            P_("SRX(%u, %uu, r%u, 0x%xu, %u, %u, 0x%xu, %u, %u);", in->op,
               (uint32_t)im, a, pc, k, j, npc, kn, recheck(g, kn));
        break;
    case XT_OP_RSR:
        if (im == XT_SR_SAR)
            P_("r%u = sar;", a);
        else if (im == XT_SR_CCOUNT) /* cycles before this instruction */
            P_("sl = 0; r%u = (uint32_t)(cyc + %u) + e->ccount_offset;", a, k);
        else
            P_("sl = 0; r%u = *e->sr[%d];", a, im);
        break;
    default: /* nop, memw, syncs, excw, extw, wer: cost only */
        P_(";");
        break;
    }
#undef P_
}

/* The conditional branch at off (condition c) and the nf instructions it
 * skips when taken (xlate_plan_if_convertible) without a branch, as the
 * x64 units run them (if_converted in xlate_x64.c): t_ the branch taken;
 * the not-taken side's own horizon check first (where it fails, the
 * branch as it is: rarely, so well predicted), then each skipped
 * instruction's result kept only when not taken, the counts of the path
 * taken and the history slot written again with its own transfer when
 * not taken (each by a mask of t_), and on to the target. */
static void if_converted(gen *g, unsigned off, const char *c, unsigned nf,
                         unsigned kt, unsigned kn, unsigned j)
{
    const xl_plan *pl = g->pl;
    xl_buf *o = g->o;
    const xt_insn *br = &pl->dp[off].in;
    uint32_t pc = pl->base + off, npc = pc + br->len;
    /* the side not taken's check: against the horizon itself, a
     * single-block run's too (ev, not ev2), so that the lockstep checker
     * sees the code below run */
    xlate_buf_printf(o, "sl = 0; { unsigned t_ = (%s) != 0; ", c);
    xlate_buf_printf(o,
                     "if (L_(cyc + %uu >= ev, 0)) { if (t_) { cyc += %u; ins "
                     "+= %u; HIST(0x%xu, 0x%xu); ",
                     kn + pl->pre[npc - pl->base], kt, j + 1, pc, br->target);
    go(g, br->target);
    /* masks, not selects: a compiler turns selects on one condition back
     * into a branch on it (GCC at -O1 did, and bench_mixed's optimised
     * unit ran 60 % slower than its x64 one), and libtcc always does */
    xlate_buf_printf(o,
                     " } EXIT(0x%xu, %u, %u); }\n"
                     "  uint32_t m_ = 0u - t_; uint64_t M_ = 0ull - t_; ",
                     npc, kn, j + 1);
    unsigned fo = npc - pl->base, jn = j + 1;
    for (unsigned i = 0; i < nf; i++) {
        const xt_insn *in = &pl->dp[fo].in;
        unsigned kx = kn + in->cost + xlate_plan_interlock(pl, fo);
        g->cover[fo >> 3] |= (uint8_t)(1u << (fo & 7));
        xlate_buf_printf(o, " { uint32_t o_ = r%u; ", in->a);
        emit_plain(g, in, pl->base + fo, kn, jn, kx);
        xlate_buf_printf(o, " r%u ^= (r%u ^ o_) & m_; }", in->a, in->a);
        kn = kx;
        jn++;
        fo += in->len;
    }
    /* DSPSIM_XLATE_SELFTEST=3: the side not taken a cycle too long */
    kn += g->selftest == 3;
    /* the totals: the side not taken's plus, when taken, the difference
     * (modulo 2^64); the history slot written back unchanged when not */
    xlate_buf_printf(o,
                     "\n  cyc += %uu + (0x%llxull & M_); "
                     "ins += %uu + (0x%llxull & M_); "
                     "{ uint64_t *s_ = &HI[hn & %uu], v_ = *s_; "
                     "*s_ = v_ ^ ((v_ ^ (0x%xull | 0x%xull << 32)) & M_); } "
                     "hn += t_; ",
                     kn, (unsigned long long)((uint64_t)kt - kn), jn,
                     (unsigned long long)((uint64_t)(j + 1) - jn), XT_XHIST - 1,
                     pc, br->target);
    go(g, br->target);
    xlate_buf_printf(o, " }\n");
}

/* Write the block at head h (its layout: xlate_plan.c). */
static void block_body(gen *g, unsigned h)
{
    const xt_timing *T = &g->pl->cpu->timing;
    xl_buf *o = g->o;
    unsigned k = 0, j = 0, off = h;
    g->margin = g->pl->pre[h];
    for (;;) {
        uint32_t pc = g->pl->base + off;
        if (off != h && g->pl->head[off]) { /* falls into the next block */
            xlate_buf_printf(o, "  cyc += %u; ins += %u; ", k, j);
            go(g, pc);
            xlate_buf_printf(o, "\n");
            return;
        }
        if (!xlate_plan_holdable(g->pl, off)) {
            xlate_buf_printf(o, "  EXIT(0x%xu, %u, %u);\n", pc, k, j);
            return;
        }
        const xt_insn *in = &g->pl->dp[off].in;
        unsigned cost = in->cost,
                 kn = k + cost + xlate_plan_interlock(g->pl, off);
        uint32_t npc = pc + in->len;
        int tk = xlate_plan_transfer_kind(in->op);
        if (g->fast && g->dyn[off] == XL_DYN_LEAVE) {
            xlate_buf_printf(o, "  goto %sS%x;\n", g->lp, off);
            return;
        }
        if (!g->fast && g->lab[off])
            xlate_buf_printf(o, "%sS%x:\n", g->lp, off);
        xlate_buf_printf(o, "  /* %08x */ ", pc);
        g->cover[off >> 3] |= (uint8_t)(1u << (off & 7));
        if (tk == 0) {
            emit_plain(g, in, pc, k, j, kn);
            xlate_buf_printf(o, "\n");
            k = kn;
            j++;
            off += in->len;
            if (off >= PAGE) {
                /* falls off the page: the interpreter's page-end entry
                 * ends the straight run of code, unless its horizon check
                 * comes first and goes straight to the lookup */
                xlate_buf_printf(
                    o, "  if (cyc + %u < ev) sl = 0; EXIT(0x%xu, %u, %u);\n", k,
                    npc, k, j);
                return;
            }
            continue;
        }
        if (tk == 1) {
            char c[96] = "";
            if (o)
                cond_text(in, c, sizeof c);
            /* DSPSIM_XLATE_SELFTEST=1 charges one cycle too many for a
             * taken branch: the lockstep tests use it to show that they
             * catch a wrong translation */
            cost += g->selftest == 1;
            unsigned nf = xlate_plan_if_convertible(g->pl, off);
            if (nf) {
                if_converted(g, off, c, nf, k + cost + T->taken_branch,
                             k + cost, j);
                return;
            }
            xlate_buf_printf(
                o,
                "sl = 0; if (%s) { cyc += %u; ins += %u; HIST(0x%xu, 0x%xu); ",
                c, k + cost + T->taken_branch, j + 1, pc, in->target);
            go(g, in->target);
            xlate_buf_printf(o, " }\n  cyc += %u; ins += %u; ", k + cost,
                             j + 1);
            go(g, npc);
            xlate_buf_printf(o, "\n");
        } else if (tk == 2) {
            xlate_buf_printf(o, "sl = 0; ");
            if (in->op == XT_OP_CALL0)
                xlate_buf_printf(o, "r0 = 0x%xu; ", npc);
            xlate_buf_printf(o, "cyc += %u; ins += %u; HIST(0x%xu, 0x%xu); ",
                             k + cost + T->call_jump, j + 1, pc, in->target);
            go(g, in->target);
            xlate_buf_printf(o, "\n");
        } else {
            unsigned src = (in->op == XT_OP_RET || in->op == XT_OP_RET_N)
                               ? 0
                               : in->a;
            xlate_buf_printf(o, "sl = 0; tgt = r%u; ", src);
            if (in->op == XT_OP_CALLX0)
                xlate_buf_printf(o, "r0 = 0x%xu; ", npc);
            xlate_buf_printf(
                o, "cyc += %u; ins += %u; HIST(0x%xu, tgt); goto %sdyn;\n",
                k + cost + T->call_jump, j + 1, pc, g->lp);
        }
        return;
    }
}

/* The region's guarded copy: its test, its pointers, its blocks. */
static void emit_copy(gen *g, unsigned h, const xl_guard *gp)
{
    xl_buf *o = g->o;
    const char *sep = "";
    xlate_buf_printf(o, "  if (L_(");
    if (gp->lit)
        xlate_buf_printf(o, "!(lb & 1)"), sep = " && ";
    for (unsigned i = 0; i < gp->nlit; i++, sep = " && ")
        xlate_buf_printf(o, "%sP[0x%xu].rd_off", sep, gp->lit_pages[i]);
    for (unsigned r = 0; r < 16; r++) {
        if (!gp->rd[r] && !gp->wr[r])
            continue;
        xlate_buf_printf(o, "%s(r%u & 4095u) + %uu <= 4096u && !(r%u & %uu)",
                         sep, r, (unsigned)gp->hi[r], r, gp->amask[r]);
        if (gp->lo[r] < 0)
            xlate_buf_printf(o, " && (r%u & 4095u) >= %uu", r,
                             (unsigned)-gp->lo[r]);
        sep = " && ";
        if (gp->rd[r])
            xlate_buf_printf(o, " && P[r%u >> 12].rd_off", r);
        if (gp->wr[r])
            xlate_buf_printf(o, " && P[r%u >> 12].wr_off", r);
    }
    xlate_buf_printf(o, ", 1)) {\n");
    for (unsigned r = 0; r < 16; r++) {
        if (gp->rd[r])
            xlate_buf_printf(
                o,
                "  const uint8_t *Q%u = (const uint8_t *)(P[r%u >> 12].rd_off + r%u);\n",
                r, r, r);
        if (gp->wr[r])
            xlate_buf_printf(
                o, "  uint8_t *W%u = (uint8_t *)(P[r%u >> 12].wr_off + r%u);\n",
                r, r, r);
        if (gp->carry && (gp->rd[r] || gp->wr[r]) &&
            (gp->rederive[r] || gp->delta[r]))
            xlate_buf_printf(o,
                             "  const uint32_t B%u = (r%u & ~4095u) + %uu;\n",
                             r, r, (unsigned)(gp->lo[r] < 0 ? -gp->lo[r] : 0));
        if (gp->carry && gp->rederive[r] && gp->rd[r])
            xlate_buf_printf(
                o, "  const uint8_t *const PQ%u = Q%u - (r%u & 4095u);\n", r, r,
                r);
        if (gp->carry && gp->rederive[r] && gp->wr[r])
            xlate_buf_printf(
                o, "  uint8_t *const PW%u = W%u - (r%u & 4095u);\n", r, r, r);
    }
    if (gp->carry)
        xlate_buf_printf(o, "%sF%s%x:;\n", g->lp, g->cs, h);
    g->fast = 1;
    g->gp = gp;
    g->fast_head = h;
    for (unsigned bh = h; bh < g->reg_end; bh++) {
        if (!g->pl->head[bh])
            continue;
        if (bh != h)
            xlate_buf_printf(o, "%sG%s%x:;\n", g->lp, g->cs, bh);
        block_body(g, bh);
    }
    g->fast = 0;
    g->gp = NULL;
    xlate_buf_printf(o, "  }\n");
    for (unsigned off = h; off < g->reg_end; off++)
        if (g->dyn[off])
            g->lab[off] = 1;
}

static void block(gen *g, unsigned h)
{
    if (g->o && !g->pl->soft[h]) {
        /* the region's copy; where its test fails, the copy of the loop
         * the region starts with, if any (as xlate_x64.c) */
        unsigned ends[2], n = xlate_plan_copy_ends(g->pl, h, ends);
        for (unsigned i = 0; i < n; i++) {
            g->reg_end = ends[i];
            g->cs = i ? "_" : "";
            xl_guard gp;
            if (xlate_plan_guard(g->pl, h, g->reg_end, &gp, g->disp, g->dyn))
                emit_copy(g, h, &gp);
        }
        g->cs = "";
    }
    block_body(g, h);
}


uint64_t xlate_gen_unit_key(xt_cpu *cpu, uint32_t pn, uint64_t seed)
{
    const xt_dinsn *dp = cpu->dcache[pn];
    const xt_timing *T = &cpu->timing;
    uint64_t h = seed;
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 0x100000001b3ull)
    MIX(pn);
    MIX(T->taken_branch);
    MIX(T->call_jump);
    MIX(T->load_use);
    MIX(T->mul_use);
    for (unsigned i = 0; dp && i < PAGE; i++) {
        if (!icache_entry_decoded(&dp[i]))
            continue;
        const xt_insn *in = &dp[i].in;
        MIX(i);
        MIX(in->op | (uint32_t)in->len << 16 | (uint32_t)in->cost << 24);
        MIX(in->a | (uint32_t)in->b << 8 | (uint32_t)in->c << 16 |
            (uint32_t)in->flags << 24);
        MIX(in->rmask | (uint32_t)in->imm2 << 16);
        MIX((uint32_t)in->imm);
        MIX(in->target);
    }
#undef MIX
    return h;
}

/* The guest registers a unit keeps in host locals (the rest it reads and
 * writes in ar[] directly): every register of a loop that multiplies (a
 * DSP kernel's), and the HOT_OTHERS most used of the others.  A unit
 * with all 16 as locals spilled most of them to its stack and copied
 * each between the stack and ar[] at every entry and exit: the firmware's
 * glue, a few instructions per entry, paid that every time.  With 6:
 * volume −4 %, SRC −1 % host instructions (4 to 8 measured alike).
 * reg_weights adds a page's uses of each register to w, and those inside
 * its kernels' loops to lw; pick_hot chooses. */
#define HOT_OTHERS 6u
static void reg_weights(const gen *g, unsigned w[16], unsigned lw[16])
{
    uint8_t loop[PAGE] = { 0 };
    for (unsigned i = 0; i < PAGE; i++) {
        if (!g->pl->dec[i])
            continue;
        const xt_insn *in = &g->pl->dp[i].in;
        uint32_t t = in->target, lo = t & (PAGE - 1);
        if (!xlate_plan_transfer_kind(in->op) ||
            (t >> XT_PAGE_SHIFT) != g->pl->pn || lo > i)
            continue;
        /* a loop that multiplies and calls nothing: a DSP kernel's, all
         * its registers hot (a loop with a call leaves the unit at every
         * call anyway: glue that computes addresses with MULL) */
        int mul = 0, call = 0;
        for (unsigned o = lo; o <= i && !call; o++) {
            if (!g->pl->dec[o])
                continue;
            unsigned op = g->pl->dp[o].in.op;
            mul |= op == XT_OP_MUL16S || op == XT_OP_MUL16U || op == XT_OP_MULL;
            call = op == XT_OP_CALL0 || op == XT_OP_CALLX0;
        }
        if (mul && !call)
            memset(loop + lo, 1, i + 1 - lo);
    }
    for (unsigned i = 0; i < PAGE; i++) {
        if (!g->pl->dec[i])
            continue;
        const xt_insn *in = &g->pl->dp[i].in;
        uint16_t m = (uint16_t)(in->rmask | (1u << in->a));
        for (unsigned r = 0; r < 16; r++)
            if (m >> r & 1) {
                w[r]++;
                lw[r] += loop[i];
            }
    }
}

static uint16_t pick_hot(const unsigned w[16], const unsigned lw[16],
                         uint16_t used)
{
    uint16_t hot = 0;
    for (unsigned r = 0; r < 16; r++)
        if ((used >> r & 1) && lw[r])
            hot |= (uint16_t)(1u << r);
    for (unsigned others = 0; others < HOT_OTHERS; others++) {
        unsigned best = 16;
        for (unsigned r = 0; r < 16; r++)
            if ((used >> r & 1) && !(hot >> r & 1) && w[r] &&
                (best == 16 || w[r] > w[best]))
                best = r;
        if (best == 16)
            break;
        hot |= (uint16_t)(1u << best);
    }
    return hot;
}

/* A generator for page pn with its decoded entries, or NULL. */
static gen *page_gen(xl_plan *pl)
{
    gen *g = pl ? calloc(1, sizeof *g) : NULL;
    if (!g) {
        xlate_plan_free(pl);
        return NULL;
    }
    g->pl = pl;
    g->cs = "";
    return g;
}

static void page_free(gen *g)
{
    if (g) {
        xlate_plan_free(g->pl);
        free(g->cover);
        free(g);
    }
}

int xlate_gen_has_kernel(xt_cpu *cpu, uint32_t pn)
{
    gen *g = page_gen(xlate_plan_entries(cpu, pn));
    if (!g)
        return 0;
    unsigned w[16] = { 0 }, lw[16] = { 0 }, k = 0;
    reg_weights(g, w, lw);
    for (unsigned r = 0; r < 16; r++)
        k |= lw[r];
    page_free(g);
    return k != 0;
}

/* Page pn laid out (xlate_plan_page) with a cover bitmap to fill; *used
 * gets the registers its instructions name.  NULL: no block. */
static gen *page_layout(xt_cpu *cpu, uint32_t pn, uint16_t *used)
{
    gen *g = page_gen(xlate_plan_page(cpu, pn));
    if (!g)
        return NULL;
    *used |= g->pl->used;
    g->cover = calloc(PAGE / 8, 1);
    if (!g->cover) {
        page_free(g);
        return NULL;
    }
    return g;
}

/* The hot registers as locals (SYNC_IN/SYNC_OUT copy them from and to
 * ar[]), the others as ar[] itself. */
static void emit_registers(xl_buf *o, uint16_t hot)
{
    xlate_buf_printf(o,
                     "\n#undef SYNC_OUT\n#undef SYNC_IN\n#define SYNC_OUT() (");
    for (unsigned r = 0; r < 16; r++)
        if (hot >> r & 1)
            xlate_buf_printf(o, "R[%u] = r%u, ", r, r);
    xlate_buf_printf(o, "0)\n#define SYNC_IN() (");
    for (unsigned r = 0; r < 16; r++)
        if (hot >> r & 1)
            xlate_buf_printf(o, "r%u = R[%u], ", r, r);
    xlate_buf_printf(o, "0)\n");
    for (unsigned r = 0; r < 16; r++)
        if (!(hot >> r & 1))
            xlate_buf_printf(o, "#define r%u R[%u]\n", r, r);
}

/* A head's number (1 on) by its page offset: the entry and the computed
 * jumps switch over these dense numbers, a jump table, where a switch
 * over the sparse offsets is a chain of compares. */
static void emit_head_numbers(xl_buf *o, const gen *g, const char *name)
{
    xlate_buf_printf(o, "static const uint%u_t %s[%u] = {",
                     g->pl->nh < 255 ? 8 : 16, name, PAGE);
    for (unsigned i = 0; i < g->pl->nh; i++)
        xlate_buf_printf(o, "%s[%u] = %u", i ? ", " : " ", g->pl->hl[i], i + 1);
    xlate_buf_printf(o, " };\n");
}

/* The function's start: the env's state in locals, the hot registers in. */
static void emit_frame(xl_buf *o, const char *name, uint16_t hot)
{
    xlate_buf_printf(o,
                     "int %s(xt_xenv *e, uint32_t entry)\n{\n"
                     "  uint32_t *const R = e->ar;\n"
                     "  const xt_xpage *const P = e->pages;\n"
                     "  uint64_t *const HI = e->hist;\n"
                     "  uint64_t cyc = e->cycles, ins = e->insns, ev = e->ev;\n"
                     "  uint64_t ev2 = e->single_block ? 0 : ev;\n"
                     "  uint64_t ev3 = e->chain && !e->single_block ? ev : 0;\n"
                     "  uint32_t sar = e->sar, lb = e->litbase, tgt, xpc;\n"
                     "  uint64_t hn = e->hist_n;\n"
                     "  unsigned sl = e->sar_left;\n"
                     "  (void)lb; (void)tgt; (void)ev3;\n",
                     name);
    /* the hot guest registers are locals, the others stay in ar[] */
    const char *sep = "  uint32_t ";
    for (unsigned r = 0; r < 16; r++)
        if (hot >> r & 1) {
            xlate_buf_printf(o, "%sr%u", sep, r);
            sep = ", ";
        }
    xlate_buf_printf(o, "%s  SYNC_IN();\n", *sep == ',' ? ";\n" : "");
}

/* The switch over page g's heads: at entry (declines before the first
 * block when it would reach the horizon), or for a computed jump (ends
 * the unit there instead, with horizon 'ev'). */
static void emit_head_switch(xl_buf *o, const gen *g, const char *hx,
                             const char *sel, const char *ev, int entry)
{
    xlate_buf_printf(o, "  switch (%s[%s & 4095]) {\n", hx, sel);
    for (unsigned i = 0; i < g->pl->nh; i++)
        xlate_buf_printf(o, "  case %u: if (cyc + %uu >= %s) %s; goto %sL%x;\n",
                         i + 1, g->pl->pre[g->pl->hl[i]], ev,
                         entry ? "return 0" : "EXIT(tgt, 0, 0)", g->lp,
                         g->pl->hl[i]);
    xlate_buf_printf(o, "  default: %s;\n  }\n",
                     entry ? "return 0" : "EXIT(tgt, 0, 0)");
}

/* The heads' labels and horizon margins by head number, for libtcc's
 * code (emit_head_switch's checks: declined or ended with no margin). */
static void emit_head_table(xl_buf *o, const gen *g)
{
    xlate_buf_printf(o, "  static void *const hl_[%u] = { 0", g->pl->nh + 1);
    for (unsigned i = 0; i < g->pl->nh; i++)
        xlate_buf_printf(o, ", &&%sL%x", g->lp, g->pl->hl[i]);
    xlate_buf_printf(o, " };\n  static const uint32_t hp_[%u] = { 0",
                     g->pl->nh + 1);
    for (unsigned i = 0; i < g->pl->nh; i++)
        xlate_buf_printf(o, ", %uu", g->pl->pre[g->pl->hl[i]]);
    xlate_buf_printf(
        o, " };\n"
           "#define HEAD_GO(S_, EV_, NO_) do { unsigned n_ = hx[(S_) & "
           "4095]; if (!n_ || cyc + hp_[n_] >= (EV_)) NO_; "
           "goto *hl_[n_]; } while (0)\n");
}

static void emit_blocks(gen *g)
{
    for (unsigned i = 0; i < g->pl->nh; i++) {
        xlate_buf_printf(g->o, "%sL%x:\n", g->lp, g->pl->hl[i]);
        block(g, g->pl->hl[i]);
    }
}

static void emit_out(xl_buf *o)
{
    xlate_buf_printf(
        o,
        "out:\n  SYNC_OUT(); e->sar = sar; e->sar_left = sl; e->hist_n = hn;\n"
        "  e->pc = xpc; e->cycles = cyc; e->insns = ins; return 1;\n}\n");
}

unsigned xlate_gen_unit(xt_cpu *cpu, uint32_t pn, xl_buf *o, uint16_t **heads,
                        uint8_t **cover, int selftest)
{
    *heads = NULL;
    *cover = NULL;
    uint16_t used = 1;
    gen *g = page_layout(cpu, pn, &used);
    if (!g)
        return 0;
    g->o = o;
    g->selftest = selftest;
    unsigned w[16] = { 0 }, lw[16] = { 0 };
    reg_weights(g, w, lw);
    uint16_t hot = pick_hot(w, lw, used);
    emit_registers(o, hot);
    emit_head_numbers(o, g, "hx");
    char name[16];
    snprintf(name, sizeof name, "xu_%05x", pn);
    emit_frame(o, name, hot);
    /* libtcc makes a switch a chain of compares: its code jumps through
     * a table of the heads' labels instead (the same checks) */
    xlate_buf_printf(o, "#ifdef __TINYC__\n");
    emit_head_table(o, g);
    xlate_buf_printf(o,
                     "  HEAD_GO(entry, ev, return 0);\n"
                     "dyn:\n  if ((tgt >> 12) != 0x%xu) EXIT(tgt, 0, 0);\n"
                     "  HEAD_GO(tgt, ev2, EXIT(tgt, 0, 0));\n#else\n",
                     pn);
    emit_head_switch(o, g, "hx", "entry", "ev", 1);
    xlate_buf_printf(o, "dyn:\n  if ((tgt >> 12) != 0x%xu) EXIT(tgt, 0, 0);\n",
                     pn);
    emit_head_switch(o, g, "hx", "tgt", "ev2", 0);
    xlate_buf_printf(o, "#endif\n");
    emit_blocks(g);
    emit_out(o);
    /* the layout a run loading this object from the cache takes instead
     * of laying the page out again: head offsets (count first) and the
     * cover bitmap, complete once every block is written */
    unsigned n = g->pl->nh;
    xlate_buf_printf(o, "const uint16_t xh_%05x[] = { %u", pn, n);
    for (unsigned i = 0; i < n; i++)
        xlate_buf_printf(o, ", %u", g->pl->hl[i]);
    xlate_buf_printf(o, " };\nconst uint8_t xc_%05x[%u] = {", pn, PAGE / 8);
    for (unsigned i = 0; i < PAGE / 8; i++)
        xlate_buf_printf(o, "%s%u", i ? "," : "", g->cover[i]);
    xlate_buf_printf(o, "};\n");
    *heads = g->pl->hl;
    *cover = g->cover;
    g->pl->hl = NULL;
    g->cover = NULL;
    page_free(g);
    return n;
}

/* A group's switch over its pages, then over the page's heads (as
 * emit_head_switch). */
static void emit_page_switch(xl_buf *o, gen *const *gs, unsigned n,
                             const char *sel, const char *ev, int entry)
{
    xlate_buf_printf(o, "  switch (%s >> 12) {\n", sel);
    for (unsigned i = 0; i < n; i++) {
        char hx[16];
        snprintf(hx, sizeof hx, "hx_%u", i);
        xlate_buf_printf(o, "  case 0x%xu:\n", gs[i]->pl->pn);
        emit_head_switch(o, gs[i], hx, sel, ev, entry);
    }
    xlate_buf_printf(o, "  default: %s;\n  }\n",
                     entry ? "return 0" : "EXIT(tgt, 0, 0)");
}

int xlate_gen_group(xt_cpu *cpu, const uint32_t *pns, unsigned n, xl_buf *o,
                    int selftest)
{
    gen *gs[XT_XGROUP_MAX] = { 0 };
    /* each page's code keeps the registers it would keep alone (group
     * wide, the glue's most used left a kernel's loop in ar[]) */
    uint16_t hot = 0;
    int ok = n >= 2 && n <= XT_XGROUP_MAX;
    for (unsigned i = 0; ok && i < n; i++) {
        uint16_t used = 1;
        unsigned w[16] = { 0 }, lw[16] = { 0 };
        gs[i] = page_layout(cpu, pns[i], &used);
        ok = gs[i] != NULL;
        if (ok) {
            snprintf(gs[i]->lp, sizeof gs[i]->lp, "p%u_", i);
            gs[i]->o = o;
            gs[i]->selftest = selftest;
            gs[i]->grp = gs;
            gs[i]->ngrp = n;
            reg_weights(gs[i], w, lw);
            hot |= pick_hot(w, lw, used);
        }
    }
    if (ok) {
        char name[16];
        emit_registers(o, hot);
        for (unsigned i = 0; i < n; i++) {
            snprintf(name, sizeof name, "hx_%u", i);
            emit_head_numbers(o, gs[i], name);
        }
        snprintf(name, sizeof name, "xg_%05x", pns[0]);
        emit_frame(o, name, hot);
        emit_page_switch(o, gs, n, "entry", "ev", 1);
        /* a computed jump within its page, as in the page's own unit;
         * to another page of the group, as the engine's chaining */
        for (unsigned i = 0; i < n; i++) {
            snprintf(name, sizeof name, "hx_%u", i);
            xlate_buf_printf(
                o, "p%u_dyn:\n  if ((tgt >> 12) != 0x%xu) goto gdyn;\n", i,
                pns[i]);
            emit_head_switch(o, gs[i], name, "tgt", "ev2", 0);
        }
        xlate_buf_printf(o, "gdyn:\n");
        emit_page_switch(o, gs, n, "tgt", "ev3", 0);
        for (unsigned i = 0; i < n; i++)
            emit_blocks(gs[i]);
        emit_out(o);
    }
    for (unsigned i = 0; i < n && i < XT_XGROUP_MAX; i++)
        page_free(gs[i]);
    return ok ? 0 : -1;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The translator's front end: a page's blocks laid out once for every
 * emitter (xlate_plan.h).  The semantics mirror exec.c (the reference). */
#include <stdlib.h>
#include <string.h>

#include "icache.h"
#include "xlate_plan.h"
#include "xlate_sreg.h"

/* Instructions a unit translates; the rest end a block and are left to
 * the interpreter (special registers, returns from exceptions, waits,
 * syscalls, breaks, simcalls, region-protection ops, illegal ones). */
int xlate_plan_translatable(const xt_insn *in)
{
    if (in->op == XT_OP_RSR)
        return xlate_sreg_read_ok((unsigned)in->imm);
    if (in->op == XT_OP_WSR || in->op == XT_OP_XSR)
        return xlate_sreg_write_ok((unsigned)in->imm, in->op == XT_OP_XSR);
    switch (in->op) {
    case XT_OP_WAITI:
    case XT_OP_RFE:
    case XT_OP_RFDE:
    case XT_OP_RFI:
    case XT_OP_RFDO:
    case XT_OP_RFDD:
    case XT_OP_SYSCALL:
    case XT_OP_BREAK:
    case XT_OP_BREAK_N:
    case XT_OP_SIMCALL:
    case XT_OP_ILL:
    case XT_OP_ILL_N:
    case XT_OP_ILLEGAL:
    case XT_OP_RITLB0:
    case XT_OP_RITLB1:
    case XT_OP_RDTLB0:
    case XT_OP_RDTLB1:
    case XT_OP_WITLB:
    case XT_OP_WDTLB:
    case XT_OP_IITLB:
    case XT_OP_IDTLB:
    case XT_OP_PITLB:
    case XT_OP_PDTLB:
        return 0;
    default:
        return 1;
    }
}

int xlate_plan_is_store(unsigned op)
{
    return op == XT_OP_S8I || op == XT_OP_S16I || op == XT_OP_S32I ||
           op == XT_OP_S32I_N;
}

int xlate_plan_lit_waits(const xl_plan *p, const xt_insn *in)
{
    if (in->op != XT_OP_L32R)
        return 0;
    const xt_page *lp = &p->cpu->pages[in->target >> XT_PAGE_SHIFT];
    return lp->rd && lp->rd_wait;
}

unsigned xlate_plan_access_size(unsigned op)
{
    switch (op) {
    case XT_OP_L8UI:
    case XT_OP_S8I:
        return 1;
    case XT_OP_L16UI:
    case XT_OP_L16SI:
    case XT_OP_S16I:
        return 2;
    case XT_OP_L32I:
    case XT_OP_L32I_N:
    case XT_OP_S32I:
    case XT_OP_S32I_N:
        return 4;
    default:
        return 0;
    }
}

int xlate_plan_is_late(const xt_insn *in) /* result a cycle late: interlock */
{
    switch (in->op) {
    case XT_OP_MUL16U:
    case XT_OP_MUL16S:
    case XT_OP_MULL:
    case XT_OP_L8UI:
    case XT_OP_L16UI:
    case XT_OP_L16SI:
    case XT_OP_L32I:
    case XT_OP_L32I_N:
    case XT_OP_L32R:
        return 1;
    default:
        return 0;
    }
}

/* Control transfers: 1 conditional branch, 2 direct jump/call, 3 indirect. */
int xlate_plan_transfer_kind(unsigned op)
{
    switch (op) {
    case XT_OP_J:
    case XT_OP_CALL0:
        return 2;
    case XT_OP_JX:
    case XT_OP_CALLX0:
    case XT_OP_RET:
    case XT_OP_RET_N:
        return 3;
    default:
        break;
    }
    return (op >= XT_OP_BEQ && op <= XT_OP_BGEZ) || op == XT_OP_BEQZ_N ||
           op == XT_OP_BNEZ_N;
}

/* An instruction a block can hold at offset o (a load's successor must be
 * decoded on this page, or the interlock is settled by the interpreter). */
int xlate_plan_holdable(const xl_plan *g, unsigned o)
{
    const xt_insn *in = &g->dp[o].in;
    if (!g->dec[o] || !xlate_plan_translatable(in) || o + in->len > XL_PAGE)
        return 0;
    if (xlate_plan_is_late(in) &&
        (o + in->len >= XL_PAGE || !g->dec[o + in->len]))
        return 0;
    return 1;
}

unsigned xlate_plan_interlock(const xl_plan *g, unsigned o)
{
    const xt_insn *in = &g->dp[o].in;
    const xt_timing *T = &g->cpu->timing;
    if (!xlate_plan_is_late(in))
        return 0;
    unsigned hzc = (in->op == XT_OP_MUL16U || in->op == XT_OP_MUL16S ||
                    in->op == XT_OP_MULL)
                       ? T->mul_use
                       : T->load_use;
    return (g->dp[o + in->len].in.rmask & (1u << in->a)) ? hzc : 0;
}

int xlate_plan_predicable(const xt_insn *in)
{
    switch (in->op) {
    case XT_OP_ADD:
    case XT_OP_ADD_N:
    case XT_OP_ADDX2:
    case XT_OP_ADDX4:
    case XT_OP_ADDX8:
    case XT_OP_SUB:
    case XT_OP_SUBX2:
    case XT_OP_SUBX4:
    case XT_OP_SUBX8:
    case XT_OP_AND:
    case XT_OP_OR:
    case XT_OP_XOR:
    case XT_OP_ADDI:
    case XT_OP_ADDMI:
    case XT_OP_ADDI_N:
    case XT_OP_MOVI:
    case XT_OP_MOVI_N:
    case XT_OP_MOV_N:
    case XT_OP_SLLI:
    case XT_OP_SRLI:
    case XT_OP_SRAI:
    case XT_OP_EXTUI:
        return 1;
    default:
        return 0;
    }
}

unsigned xlate_plan_if_convertible(const xl_plan *p, unsigned off)
{
    const xt_insn *br = &p->dp[off].in;
    unsigned npc = off + br->len, to = br->target & (XL_PAGE - 1), n = 0;
    if (xlate_plan_transfer_kind(br->op) != 1 ||
        (br->target >> XT_PAGE_SHIFT) != p->pn || to <= npc || to >= XL_PAGE ||
        !p->head[to])
        return 0;
    for (unsigned o = npc; o < to; n++) {
        if (n == XL_IFC_MAX || !xlate_plan_holdable(p, o) ||
            (o != npc && p->head[o]))
            return 0;
        const xt_insn *in = &p->dp[o].in;
        if (!xlate_plan_predicable(in))
            return 0;
        o += in->len;
        if (o > to) /* the target inside an instruction */
            return 0;
    }
    return n;
}

/* Soft heads: reached only from below on this page, by falling in from an
 * instruction the unit holds or by a forward branch or jump; never a
 * call's target or return point, a backward branch's target, or where the
 * interpreter comes in.  A hard head starts a region (plan_guard). */
static void find_soft(xl_plan *g)
{
    uint8_t *ok = calloc(XL_PAGE, 1), *bad = calloc(XL_PAGE, 1);
    if (!ok || !bad) {
        free(ok);
        free(bad);
        return; /* every head hard: regions of one block */
    }
    for (unsigned o = 0; o < XL_PAGE; o++) {
        if (!g->dec[o])
            continue;
        const xt_insn *in = &g->dp[o].in;
        unsigned end = o + in->len;
        int tk = xlate_plan_transfer_kind(in->op);
        if (!xlate_plan_holdable(g, o)) {
            if (end < XL_PAGE)
                bad[end] = 1;
            continue;
        }
        if (end < XL_PAGE) {
            if (tk <= 1)
                ok[end] = 1;
            else if (in->op == XT_OP_CALL0 || in->op == XT_OP_CALLX0)
                bad[end] = 1;
        }
        if ((tk == 1 || tk == 2) && (in->target >> XT_PAGE_SHIFT) == g->pn) {
            unsigned t = in->target & (XL_PAGE - 1);
            if (in->op == XT_OP_CALL0 || t <= o)
                bad[t] = 1;
            else
                ok[t] = 1;
        }
    }
    for (unsigned o = 0; o < XL_PAGE; o++)
        g->soft[o] = g->head[o] && ok[o] && !bad[o];
    free(ok);
    free(bad);
}

static void find_heads(xl_plan *g)
{
    static const uint8_t zero[XL_PAGE];
    uint8_t *reached = calloc(XL_PAGE, 1);
    if (!reached)
        return;
    memcpy(g->head, zero, XL_PAGE);
    for (unsigned o = 0; o < XL_PAGE; o++) {
        if (!g->dec[o])
            continue;
        const xt_insn *in = &g->dp[o].in;
        unsigned end = o + in->len;
        int tk = xlate_plan_transfer_kind(in->op);
        if (!xlate_plan_translatable(in) || end > XL_PAGE || tk) {
            if (end < XL_PAGE)
                g->head[end] = 1; /* execution comes back here */
            if (xlate_plan_translatable(in) && (tk == 1 || tk == 2) &&
                (in->target >> XT_PAGE_SHIFT) == g->pn)
                g->head[in->target & (XL_PAGE - 1)] = 1;
            continue;
        }
        if (end < XL_PAGE)
            reached[end] = 1;
    }
    for (unsigned o = 0; o < XL_PAGE; o++) {
        if (g->dec[o] && !reached[o])
            g->head[o] = 1;
        if (g->head[o] && !xlate_plan_holdable(g, o))
            g->head[o] = 0;
    }
    free(reached);
}

/* The horizon margin of the block at head h: the static cycle offset of
 * its last instruction (the emitters' walk, without emitting). */
static unsigned margin(const xl_plan *g, unsigned h)
{
    unsigned k = 0, last_k = 0, off = h;
    for (;;) {
        if ((off != h && g->head[off]) || !xlate_plan_holdable(g, off))
            return last_k;
        const xt_insn *in = &g->dp[off].in;
        last_k = k;
        if (xlate_plan_transfer_kind(in->op))
            return last_k;
        k += in->cost + xlate_plan_interlock(g, off);
        off += in->len;
        if (off >= XL_PAGE)
            return last_k;
    }
}

/* The edges of the block at head h to heads on the page: their heads
 * and the static cycle offsets they are reached at (at most 2), as the
 * emitters add them, an interlock and a selftest's cycle more. */
static unsigned edges(const xl_plan *g, unsigned h, unsigned to[2],
                      unsigned at[2])
{
    const xt_timing *T = &g->cpu->timing;
    unsigned k = 0, off = h, n = 0;
    for (;;) {
        if (off != h && g->head[off]) {
            to[n] = off;
            at[n++] = k;
            return n;
        }
        if (!xlate_plan_holdable(g, off))
            return n;
        const xt_insn *in = &g->dp[off].in;
        unsigned kn = k + in->cost + xlate_plan_interlock(g, off);
        int tk = xlate_plan_transfer_kind(in->op);
        unsigned t = in->target & (XL_PAGE - 1), npc = off + in->len;
        int here = (in->target >> XT_PAGE_SHIFT) == g->pn;
        if (tk == 0) {
            k = kn;
            off = npc;
            if (off >= XL_PAGE)
                return n;
            continue;
        }
        if (tk == 1 || tk == 2) {
            if (here && g->head[t]) {
                to[n] = t;
                at[n++] = kn + 1 + (tk == 1 ? T->taken_branch : T->call_jump);
            }
        }
        if (tk == 1 && npc < XL_PAGE && g->head[npc]) {
            to[n] = npc;
            at[n++] = kn;
        }
        return n;
    }
}

void xlate_plan_forward_margins(const xl_plan *p, unsigned cap, uint32_t *pre2,
                                uint8_t *unchecked)
{
    unsigned to[2], at[2];
    memset(unchecked, 0, XL_PAGE);
    for (unsigned i = 0; i < p->nh; i++) {
        pre2[p->hl[i]] = p->pre[p->hl[i]];
        unchecked[p->hl[i]] = 1;
    }
    /* a head a block at or after it goes to is a loop's: checked */
    for (unsigned i = 0; i < p->nh; i++) {
        unsigned h = p->hl[i], n = edges(p, h, to, at);
        for (unsigned e = 0; e < n; e++)
            if (to[e] <= h)
                unchecked[to[e]] = 0;
    }
    /* from the page's end up: a block's successors are below it */
    for (unsigned i = p->nh; i-- > 0;) {
        unsigned h = p->hl[i], n = edges(p, h, to, at);
        for (unsigned e = 0; e < n; e++) {
            unsigned s = to[e];
            if (s <= h || !unchecked[s])
                continue;
            if (at[e] + pre2[s] > cap)
                unchecked[s] = 0;
            else if (at[e] + pre2[s] > pre2[h])
                pre2[h] = at[e] + pre2[s];
        }
    }
}

unsigned xlate_plan_region_end(const xl_plan *p, unsigned h)
{
    unsigned e = h + 1;
    while (e < XL_PAGE && (!p->head[e] || p->soft[e]))
        e++;
    return e;
}

static unsigned loop_end(const xl_plan *p, unsigned h)
{
    unsigned e = xlate_plan_region_end(p, h);
    for (unsigned off = h; off < e;) {
        if ((off != h && p->head[off]) || !xlate_plan_holdable(p, off))
            return 0;
        const xt_insn *in = &p->dp[off].in;
        int tk = xlate_plan_transfer_kind(in->op);
        if (tk)
            return (tk == 1 || tk == 2) && in->target == p->base + h &&
                           off + in->len < e
                       ? off + in->len
                       : 0;
        off += in->len;
    }
    return 0;
}

unsigned xlate_plan_copy_ends(const xl_plan *p, unsigned h, unsigned ends[2])
{
    ends[0] = xlate_plan_region_end(p, h);
    ends[1] = loop_end(p, h);
    return ends[1] ? 2 : 1;
}

/* The region's blocks walked as the emitters walk them, in address order
 * (every path through the region runs in that order, so a register is
 * unchanged at an access if nothing above it in the region writes it);
 * an ADDI of a register to itself in the head block, as in a stack
 * frame's set-up, moves the offsets along. */
int xlate_plan_guard(const xl_plan *pl, unsigned h, unsigned end, xl_guard *gp,
                     int32_t *disp, uint8_t *dyn)
{
    memset(gp, 0, sizeof *gp);
    int delta[16] = { 0 };
    unsigned clobbered = 0, accesses = 0;
    unsigned back_clobbered = 0; /* written before a jump back to the head */
    int loop = 0;                /* a branch or jump back to the head */
    for (int r = 0; r < 16; r++)
        gp->lo[r] = (int)XL_PAGE;
    for (unsigned bh = h; bh < end; bh++) {
        if (!pl->head[bh])
            continue;
        for (unsigned off = bh;;) {
            if ((off != bh && pl->head[off]) || !xlate_plan_holdable(pl, off))
                break;
            const xt_insn *in = &pl->dp[off].in;
            dyn[off] = XL_DYN_NONE;
            int tk = xlate_plan_transfer_kind(in->op);
            if (tk) {
                if (in->target == pl->base + h && (tk == 1 || tk == 2)) {
                    loop = 1;
                    back_clobbered |= clobbered;
                    if (in->op == XT_OP_CALL0)
                        back_clobbered |= 1; /* it writes a0 on the way */
                }
                break;
            }
            unsigned sz = xlate_plan_access_size(in->op);
            if (in->op == XT_OP_L32R) {
                uint32_t pg = in->target >> XT_PAGE_SHIFT;
                unsigned i = 0;
                while (i < gp->nlit && gp->lit_pages[i] != pg)
                    i++;
                if (i == gp->nlit && gp->nlit < 8)
                    gp->lit_pages[gp->nlit++] = pg;
                if (i < gp->nlit) {
                    gp->lit = 1;
                    accesses++;
                } else {
                    dyn[off] = XL_DYN_LEAVE;
                }
            } else if (sz) {
                unsigned b = in->b;
                int d = delta[b] + in->imm;
                if ((clobbered >> b & 1) || (d & (int)(sz - 1)) ||
                    d <= -(int)XL_PAGE || d + (int)sz > (int)XL_PAGE) {
                    dyn[off] = XL_DYN_CHECK;
                } else {
                    disp[off] = d;
                    if (d < gp->lo[b])
                        gp->lo[b] = d;
                    if (d + (int)sz > gp->hi[b])
                        gp->hi[b] = d + (int)sz;
                    gp->amask[b] |= sz - 1;
                    if (xlate_plan_is_store(in->op))
                        gp->wr[b] = 1;
                    else
                        gp->rd[b] = 1;
                    accesses++;
                }
            } else if (in->op == XT_OP_RSIL ||
                       ((in->op == XT_OP_WSR || in->op == XT_OP_XSR) &&
                        in->imm != XT_SR_SAR)) {
                dyn[off] = XL_DYN_LEAVE; /* a helper call */
            }
            /* only the head block runs on every path through the region:
             * a later ADDI may or may not have run at an access */
            if ((in->op == XT_OP_ADDI || in->op == XT_OP_ADDI_N ||
                 in->op == XT_OP_ADDMI) &&
                bh == h && in->a == in->b && !(clobbered >> in->a & 1) &&
                delta[in->a] + in->imm > -(int)XL_PAGE &&
                delta[in->a] + in->imm < (int)XL_PAGE)
                delta[in->a] += in->imm;
            else if (!xlate_plan_is_store(in->op))
                clobbered |= 1u
                             << in->a; /* every other op writes at most a<a> */
            off += in->len;
            if (off >= XL_PAGE)
                break;
        }
    }
    /* at a jump back to the head, a base register holds its value at the
     * start plus the head block's ADDIs unless something above the jump
     * wrote it; then the copy tests it again and points at it anew */
    gp->carry = loop;
    for (unsigned r = 0; r < 16; r++) {
        gp->delta[r] = delta[r];
        gp->rederive[r] = (gp->rd[r] || gp->wr[r]) &&
                          ((back_clobbered >> r & 1) ||
                           (delta[r] & (int)gp->amask[r]));
    }
    /* the copy doubles the region's C text (and its compile time): a loop
     * gets one from two covered accesses on, straight code from four */
    return accesses >= (loop ? 2u : 4u);
}

xl_plan *xlate_plan_entries(xt_cpu *cpu, uint32_t pn)
{
    xt_dinsn *dp = cpu->dcache[pn];
    xl_plan *g = dp ? calloc(1, sizeof *g) : NULL;
    if (!g)
        return NULL;
    g->cpu = cpu;
    g->pn = pn;
    g->base = pn << XT_PAGE_SHIFT;
    g->dp = dp;
    for (unsigned i = 0; i < XL_PAGE; i++)
        g->dec[i] = (uint8_t)icache_entry_decoded(&dp[i]);
    return g;
}

xl_plan *xlate_plan_page(xt_cpu *cpu, uint32_t pn)
{
    xl_plan *g = xlate_plan_entries(cpu, pn);
    if (!g)
        return NULL;
    find_heads(g);
    find_soft(g);
    unsigned n = 0;
    g->used = 1;
    for (unsigned i = 0; i < XL_PAGE; i++) {
        if (!g->dec[i])
            continue;
        const xt_insn *in = &g->dp[i].in;
        g->used |= (uint16_t)(in->rmask | (1u << in->a) | (1u << in->b) |
                              (1u << in->c));
        if (g->head[i]) {
            g->pre[i] = margin(g, i);
            n++;
        }
    }
    g->hl = n ? malloc(n * sizeof *g->hl) : NULL;
    if (!g->hl) {
        free(g);
        return NULL;
    }
    for (unsigned i = 0; i < XL_PAGE; i++)
        if (g->head[i])
            g->hl[g->nh++] = (uint16_t)i;
    return g;
}

void xlate_plan_free(xl_plan *p)
{
    if (p) {
        free(p->hl);
        free(p);
    }
}

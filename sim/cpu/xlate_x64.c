/* SPDX-License-Identifier: BSD-3-Clause */
/* The direct back end's emitter: a page's plan (xlate_plan.h) becomes
 * x86-64 code with the contract of a C unit (xlate_abi.h), block for
 * block the blocks of xlate_gen.c (generic ones, and the regions'
 * guarded copies): the same heads, the same static cycle offsets, exits,
 * horizon checks and helper calls, so that both give the interpreter's
 * results (exec.c is the reference).
 *
 * Host registers: rbx the env, rbp ar[] (the five guest registers the
 * page uses most stay in rdi and r8-r11 for the whole unit, choose_pins;
 * the others are loaded and stored by each instruction, as QEMU's TCG
 * does across its ops), r13 the page table, r14 the cycles and r15 the
 * instructions at the block's start (a block adds its static total at
 * its end, an exit its offset), r12 the history count; on the stack:
 * [rsp] the horizon ev, [rsp+8] a helper's value, [rsp+16] the horizon
 * of a goto (ev2), then a region's guarded copy's host pointers (SP_Q
 * and on).  SAR and its left-shift flag live in the env itself.
 * Slow paths (helpers, wait states) go to a cold section after the code,
 * so that the common path runs straight. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "x64_enc.h"
#include "xlate_abi.h"
#include "xlate_backend.h"
#include "xlate_plan.h"
#include "xlate_x64.h"

#include "xlate_x64_em.h"

/* The widest margin a block's check covers for the blocks after it
 * (cycles): a unit hands over to the interpreter at most this much
 * earlier before an event than it must, and the interpreter runs what
 * is left up to the event.  A device event every frame (the SSP's, 3,333
 * cycles at 48 kHz) makes that the cost: host instructions (callgrind)
 * of a 10 s SRC play / 200 M instructions of bench_mixed, cap 0: 3.79 G
 * / 1.40 G, 12: 3.76 / 1.37, 40: 3.77 / 1.30, 256: 3.87 / 1.30. */
#define FORWARD_CAP 40u


/* SYNC_OUT / SYNC_IN of the C units: the pinned registers to and from
 * ar[] around a helper, and at the unit's entry and exit. */
static void sync_out(em *m)
{
    for (unsigned r = 0; r < 16; r++)
        if (m->pin[r] >= 0)
            x64_mov_mr(&m->b, 0, AR, GR(r), m->pin[r]);
}

static void sync_in(em *m)
{
    for (unsigned r = 0; r < 16; r++)
        if (m->pin[r] >= 0)
            x64_mov_rm(&m->b, 0, m->pin[r], AR, GR(r));
}

/* cycles += k; insns += j (k, j < 2^31) */
static void add_counts(em *m, unsigned k, unsigned j)
{
    if (k)
        x64_alu_ri(&m->b, 1, 0, CYC, (int32_t)k);
    if (j)
        x64_alu_ri(&m->b, 1, 0, INS, (int32_t)j);
}

/* EXIT(npc, kn, jn) of the C units: the counts, the pc, out. */
static void exit_to(em *m, uint32_t npc, unsigned kn, unsigned jn)
{
    add_counts(m, kn, jn);
    x64_mov_mi32(&m->b, ENV, OFF(pc), npc);
    x64_jmp(&m->b, m->out);
}

/* cyc + k against the horizon in reg/[rsp]: rax = cyc + k, then cmp. */
static void cmp_horizon(em *m, unsigned k, int use_ev2)
{
    x64_lea(&m->b, RAX, CYC, NOREG, 1, (int32_t)k);
    x64_alu_rm(&m->b, 1, A_CMP, RAX, RSP, use_ev2 ? SP_EV2 : SP_EV);
}

/* Continue at guest address t (the counts added): its block on this page
 * after the horizon check, else an exit. */
static void go_carry(em *m, uint32_t t);

static void go(em *m, uint32_t t)
{
    const xl_plan *pl = m->pl;
    unsigned to = t & (PAGE - 1);
    if (m->fast && (t >> XT_PAGE_SHIFT) == pl->pn) {
        if (m->gp->carry && to == m->fast_head) {
            go_carry(m, t);
            return;
        }
        if (to > m->fast_head && to < m->reg_end && pl->head[to]) {
            /* a later block of the region: on in the copy */
            if (m->unchk[to]) {
                x64_jmp(&m->b, m->copy_lab[to]);
                return;
            }
            cmp_horizon(m, m->pre2[to], 1);
            x64_jcc(&m->b, CC_B, m->copy_lab[to]);
            x64_mov_mi32(&m->b, ENV, OFF(pc), t);
            x64_jmp(&m->b, m->out);
            return;
        }
    }
    if ((t >> XT_PAGE_SHIFT) == pl->pn && pl->head[to]) {
        if (m->unchk[to]) {
            x64_jmp(&m->b, m->head_lab[to]);
            return;
        }
        cmp_horizon(m, m->pre2[to], 1);
        x64_jcc(&m->b, CC_B, m->head_lab[to]);
    }
    if ((t >> XT_PAGE_SHIFT) != pl->pn) {
        x64_mov_ri(&m->b, RSI, t);
        x64_jmp(&m->b, m->jump_out);
        return;
    }
    x64_mov_mi32(&m->b, ENV, OFF(pc), t);
    x64_jmp(&m->b, m->out);
}

/* The guarded copy's loop: a jump back to the region's head.  The bases
 * moved by the head block's ADDIs (or written above the jump: tested
 * again); still in the pages the guard checked, with the span accessed
 * inside them, the copy goes round with its pointers moved along; else
 * the region's head again (its test). */
static void go_carry(em *m, uint32_t t)
{
    x64_buf *b = &m->b;
    const xl_guard *gp = m->gp;
    unsigned ex = x64_label(b);
    cmp_horizon(m, m->pre2[m->fast_head], 1);
    x64_jcc(b, CC_AE, ex);
    unsigned again = m->head_lab[m->fast_head];
    for (unsigned r = 0; r < 16; r++) {
        /* a base neither moved nor written holds the value tested */
        if ((!gp->rd[r] && !gp->wr[r]) || (!gp->rederive[r] && !gp->delta[r]))
            continue;
        /* in B's page with the accessed span inside it, as one unsigned
         * range test (B holds the lowest start allowed) */
        int room = (int)PAGE - gp->hi[r] - (gp->lo[r] < 0 ? -gp->lo[r] : 0);
        if (room < 0) {
            x64_jmp(b, again);
            goto out;
        }
        ld_a(m, RAX, r);
        x64_alu_rm(b, 0, A_SUB, RAX, RSP, SP_B(r));
        x64_alu_ri(b, 0, 7, RAX, room);
        x64_jcc(b, CC_A, again);
        if (gp->rederive[r] && gp->amask[r]) {
            ld_a(m, RAX, r);
            x64_rr(b, 0, 0xF7, 0, RAX); /* test eax, imm32 */
            x64_u32(b, gp->amask[r]);
            x64_jcc(b, CC_NE, again);
        }
    }
    for (unsigned r = 0; r < 16; r++) {
        if (gp->rederive[r]) {
            ld_a(m, RAX, r);
            x64_alu_ri(b, 0, 4, RAX, PAGE - 1);
            if (gp->rd[r]) {
                x64_mov_rm(b, 1, RDX, RSP, SP_PQ(r));
                x64_alu_rr(b, 1, A_ADD, RDX, RAX);
                x64_mov_mr(b, 1, RSP, SP_Q(r), RDX);
            }
            if (gp->wr[r]) {
                x64_mov_rm(b, 1, RDX, RSP, SP_PW(r));
                x64_alu_rr(b, 1, A_ADD, RDX, RAX);
                x64_mov_mr(b, 1, RSP, SP_W(r), RDX);
            }
            continue;
        }
        if (gp->rd[r] && gp->delta[r])
            x64_alu_mi(b, 1, 0, RSP, SP_Q(r), gp->delta[r]);
        if (gp->wr[r] && gp->delta[r])
            x64_alu_mi(b, 1, 0, RSP, SP_W(r), gp->delta[r]);
    }
    x64_jmp(b, m->copy_top);
out:
    x64_bind(b, ex);
    x64_mov_mi32(b, ENV, OFF(pc), t);
    x64_jmp(b, m->out);
}

/* HIST(from, to): the ring of control transfers; to in esi if dyn. */
static void hist(em *m, uint32_t from, uint32_t to, int dyn)
{
    x64_buf *b = &m->b;
    if (dyn) {
        x64_mov_rr(b, 0, RCX, RSI);
        x64_shift_ri(b, 1, 4, RCX, 32);
        x64_mov_ri(b, RDX, from);
        x64_alu_rr(b, 1, A_OR, RCX, RDX);
    } else {
        x64_mov_ri64(b, RCX, (uint64_t)from | (uint64_t)to << 32);
    }
    x64_mov_rr(b, 0, RAX, HN);
    x64_alu_ri(b, 1, 0, HN, 1);
    x64_alu_ri(b, 0, 4, RAX, 31);
    x64_mov_rm(b, 1, RDX, ENV, OFF(hist));
    x64_mem(b, 0, 1, 0x89, RCX, RDX, RAX, 8, 0);
}


/* The helper's result in eax: 1 leaves the instruction to the
 * interpreter (exit before it), 2 took an exception (return 1 as is). */
static void helper_result(em *m, uint32_t pc, unsigned k, unsigned j)
{
    unsigned l = x64_label(&m->b);
    x64_alu_ri(&m->b, 0, 7, RAX, 1);
    x64_jcc(&m->b, CC_NE, l);
    exit_to(m, pc, k, j);
    x64_bind(&m->b, l);
    x64_alu_ri(&m->b, 0, 7, RAX, 2);
    x64_jcc(&m->b, CC_E, m->ret1);
}

/* After a wait state or a helper: on if cyc + kr is before ev, else an
 * exit after the instruction. */
static void recheck_exit(em *m, unsigned kr, uint32_t npc, unsigned kn,
                         unsigned jn, unsigned done)
{
    cmp_horizon(m, kr, 0);
    x64_jcc(&m->b, CC_B, done);
    exit_to(m, npc, kn, jn);
}

/* cmp byte [env.single_block], 0 */
static void cmp_single_block(em *m)
{
    /* cmp byte [rbx+off], 0 : 80 /7 ib */
    x64_mem(&m->b, 0, 0, 0x80, 7, ENV, NOREG, 1, OFF(single_block));
    x64_u8(&m->b, 0);
}

/* [rsp+16] = ev2 = single_block ? 0 : ev (in rdx); rcx scratch */
static void set_ev2(em *m)
{
    x64_alu_rr(&m->b, 0, A_XOR, RCX, RCX);
    cmp_single_block(m);
    x64_cmov(&m->b, 1, CC_E, RCX, RDX);
    x64_mov_mr(&m->b, 1, RSP, SP_EV2, RCX);
}


/* The rest of a helper's call (ld, st or sr_op, fn its slot in the
 * env), once per unit: called by helper_call with pc, cycles and insns
 * stored and the helper's arguments in esi, edx and rcx, it does the
 * rest of TO_ENV (hist_n, the pinned registers to ar[]), the call, and
 * FROM_ENV but the access's own offsets (cycles and insns as the env
 * holds them: helper_call takes its k and j off).  Inside, the unit's
 * frame is 8 bytes up (the return address); eax, the helper's result,
 * is kept.  A copy of all this at every access was most of a unit's
 * code. */
static void call_helper(em *m, unsigned lab, int32_t fn)
{
    x64_buf *b = &m->b;
    x64_bind(b, lab);
    x64_mov_mr(b, 1, ENV, OFF(hist_n), HN);
    sync_out(m);
    x64_mov_rr(b, 1, RDI, ENV);
    x64_alu_ri(b, 1, 5, RSP, 8); /* 16-aligned at the call */
    x64_call_m(b, ENV, fn);
    x64_alu_ri(b, 1, 0, RSP, 8);
    x64_mov_rm(b, 1, CYC, ENV, OFF(cycles));
    x64_mov_rm(b, 1, INS, ENV, OFF(insns));
    x64_mov_rm(b, 1, HN, ENV, OFF(hist_n));
    x64_mov_rm(b, 1, RDX, ENV, OFF(ev));
    x64_mov_mr(b, 1, RSP, 8 + SP_EV, RDX);
    /* ev2 as set_ev2, 8 bytes up */
    x64_alu_rr(b, 0, A_XOR, RCX, RCX);
    cmp_single_block(m);
    x64_cmov(b, 1, CC_E, RCX, RDX);
    x64_mov_mr(b, 1, RSP, 8 + SP_EV2, RCX);
    sync_in(m);
    x64_u8(b, 0xC3); /* ret */
}

/* TO_ENV(pc, k, j), a helper's call and FROM_ENV(k, j) of the C units:
 * the pc, cycles and insns of this instruction, then the unit's routine
 * for the helper (call_helper: the rest of both); the helper's
 * arguments in esi, edx and rcx, its result in eax. */
static void helper_call(em *m, unsigned routine, uint32_t pc, unsigned k,
                        unsigned j)
{
    x64_buf *b = &m->b;
    x64_mov_mi32(b, ENV, OFF(pc), pc);
    x64_lea(b, RAX, CYC, NOREG, 1, (int32_t)k);
    x64_mov_mr(b, 1, ENV, OFF(cycles), RAX);
    x64_lea(b, RAX, INS, NOREG, 1, (int32_t)(j + 1));
    x64_mov_mr(b, 1, ENV, OFF(insns), RAX);
    x64_call(b, routine);
    if (k)
        x64_alu_ri(b, 1, 5, CYC, (int32_t)k);
    x64_alu_ri(b, 1, 5, INS, (int32_t)(j + 1));
}

static unsigned recheck(const em *m, unsigned kn)
{
    return kn > m->margin ? kn : m->margin;
}

/* The access at [rdx + idx] (idx rcx or rsi); rcx and rax scratch. */
static void access_at(em *m, const xt_insn *in, int idx)
{
    x64_buf *b = &m->b;
    unsigned sz = xlate_plan_access_size(in->op);
    if (xlate_plan_is_store(in->op)) {
        ld_a(m, RAX, in->a);
        if (sz == 4)
            x64_mem(b, 0, 0, 0x89, RAX, RDX, idx, 1, 0);
        else if (sz == 2)
            x64_mem(b, 1, 0, 0x89, RAX, RDX, idx, 1, 0);
        else
            x64_mem(b, 0, 0, 0x88, RAX, RDX, idx, 1, 0);
        return;
    }
    unsigned opc = in->op == XT_OP_L8UI    ? 0x0FB6
                   : in->op == XT_OP_L16UI ? 0x0FB7
                   : in->op == XT_OP_L16SI ? 0x0FBF
                                           : 0x8B;
    x64_mem(b, 0, 0, opc, RCX, RDX, idx, 1, 0);
    st_a(m, in->a, RCX);
}

/* The access itself, the page's checks done: host pointer in rdx, the
 * address in esi; rcx and rax scratch. */
static void access_host(em *m, const xt_insn *in)
{
    x64_mov_rr(&m->b, 0, RCX, RSI);
    x64_alu_ri(&m->b, 0, 4, RCX, 4095);
    access_at(m, in, RCX);
}

_Static_assert(sizeof(xt_xpage) == 40, "page entries of five quadwords");

/* r = the page number of the guest address in r times 5: the page's
 * entry is at [PGS + r * 8]. */
static void page_index(x64_buf *b, int r)
{
    x64_shift_ri(b, 0, 5, r, 12);
    x64_lea(b, r, r, r, 4, 0);
}

/* To `fail` unless esi is aligned to sz bytes. */
static void test_align(x64_buf *b, unsigned sz, unsigned fail)
{
    if (sz > 1) {
        x64_rr(b, 0, 0xF7, 0, RSI); /* test esi, sz - 1 */
        x64_u32(b, sz - 1);
        x64_jcc(b, CC_NE, fail);
    }
}

/* The page of the guest address in esi: rax = &P[esi >> 12], rdx = its
 * host pointer for a store (st) or a load; to `fail` when there is none
 * (not direct RAM) or esi is not aligned to sz bytes. */
static void probe_page(x64_buf *b, unsigned st, unsigned sz, unsigned fail)
{
    x64_mov_rr(b, 0, RAX, RSI);
    page_index(b, RAX);
    x64_lea(b, RAX, PGS, RAX, 8, 0);
    x64_mov_rm(b, 1, RDX, RAX, st ? 8 : 0);
    x64_alu_rr(b, 1, A_TEST, RDX, RDX);
    x64_jcc(b, CC_E, fail);
    test_align(b, sz, fail);
}

/* The shortest test, for direct RAM without wait states: rdx = the
 * page's rd_off or wr_off (st), so that the access is [rdx + rsi]; to
 * `fail` when it is 0 or esi is not aligned to sz bytes. */
static void probe_direct(x64_buf *b, unsigned st, unsigned sz, unsigned fail)
{
    x64_mov_rr(b, 0, RAX, RSI);
    page_index(b, RAX);
    x64_mem(b, 0, 1, 0x8B, RDX, PGS, RAX, 8,
            st ? (int32_t)offsetof(xt_xpage, wr_off)
               : (int32_t)offsetof(xt_xpage, rd_off));
    x64_alu_rr(b, 1, A_TEST, RDX, RDX);
    x64_jcc(b, CC_E, fail);
    test_align(b, sz, fail);
}

/* The access after probe_direct: [rdx + rsi]; rax and rcx scratch. */
static void access_direct(em *m, const xt_insn *in)
{
    access_at(m, in, RSI);
}

/* A load or store: the page table's direct pointer when it allows, else
 * the env's helper (LD/ST of the C units).  Wait states and the helper
 * are in the cold section. */
void x64e_access(em *m, const xt_insn *in, uint32_t pc, unsigned k, unsigned j,
                 uint32_t npc, unsigned kn)
{
    x64_buf *b = &m->b;
    const xt_timing *T = &m->pl->cpu->timing;
    /* L32R: a word */
    unsigned sz = in->op == XT_OP_L32R ? 4 : xlate_plan_access_size(in->op);
    unsigned st = (unsigned)xlate_plan_is_store(in->op);
    unsigned kr = recheck(m, kn), wt = st ? 17 : 16;
    unsigned slow = x64_label(b), done = x64_label(b), wait = x64_label(b);
    unsigned longer = x64_label(b);
    /* esi = the address */
    if (in->op == XT_OP_L32R) {
        unsigned lit = x64_label(b), have = x64_label(b);
        x64_mov_rm(b, 0, RAX, ENV, OFF(litbase));
        x64_rr(b, 0, 0xF7, 0, RAX); /* test eax, imm32 */
        x64_u32(b, 1);
        x64_jcc(b, CC_NE, lit);
        x64_mov_ri(b, RSI, in->target);
        x64_jmp(b, have);
        x64_bind(b, lit);
        x64_alu_ri(b, 0, 4, RAX, (int32_t)~0xFFFu);
        x64_lea(b, RSI, RAX, NOREG, 1, in->imm);
        x64_bind(b, have);
    } else {
        ld_a(m, RSI, in->b);
        if (in->imm)
            x64_alu_ri(b, 0, 0, RSI, in->imm);
    }
    /* literals are mostly in instruction memory, which may have wait
     * states: for L32R the page as it is now decides which test first */
    int waits_first = xlate_plan_lit_waits(m->pl, in);
    if (!waits_first) {
        probe_direct(b, st, sz, longer);
        access_direct(m, in);
        x64_section(b, 1);
        /* the page's own pointer: wait states, or the helper */
        x64_bind(b, longer);
    }
    probe_page(b, st, sz, slow);
    x64_mem(b, 0, 0, 0x80, 7, RAX, NOREG, 1, (int32_t)wt); /* waits? */
    x64_u8(b, 0);
    x64_jcc(b, CC_NE, wait);
    access_host(m, in); /* without waits: a page whose offset is 0 */
    if (waits_first)
        x64_section(b, 1);
    else
        x64_jmp(b, done);
    /* wait states: the access, then the cycles and a new horizon check */
    x64_bind(b, wait);
    x64_mem(b, 0, 0, 0x0FB6, RAX, RAX, NOREG, 1, (int32_t)wt);
    x64_mov_mr(b, 0, RSP, SP_V, RAX);
    access_host(m, in);
    x64_mov_rm(b, 0, RAX, RSP, SP_V);
    x64_alu_rr(b, 1, A_ADD, CYC, RAX);
    recheck_exit(m, kr, npc, kn, j + 1, done);
    /* the helper: what only this access knows here, the rest in the
     * unit's shared call_helper (TO_ENV and FROM_ENV around the call) */
    x64_bind(b, slow);
    if (st)
        ld_a(m, RCX, in->a); /* a pinned one is still in its register */
    else
        x64_lea(b, RCX, RSP, NOREG, 1, SP_V);
    x64_mov_ri(b, RDX, sz);
    helper_call(m, st ? m->call_st : m->call_ld, pc, k, j);
    helper_result(m, pc, k, j);
    if (!st) {
        x64_mov_rm(b, 0, RCX, RSP, SP_V);
        if (in->op == XT_OP_L16SI)
            x64_rr(b, 0, 0x0FBF, RCX, RCX);
        st_a(m, in->a, RCX);
        /* 3: translated code changed: end after the load, its interlock
         * for the interpreter */
        unsigned on = x64_label(b);
        x64_alu_ri(b, 0, 7, RAX, 3);
        x64_jcc(b, CC_NE, on);
        x64_mov_mi16(b, ENV, OFF(hz_mask), 1u << in->a);
        x64_mov_mi8(b, ENV, OFF(hz_cost), T->load_use);
        exit_to(m, npc, k + in->cost, j + 1);
        x64_bind(b, on);
    }
    recheck_exit(m, kr, npc, kn, j + 1, done);
    x64_section(b, 0);
    x64_bind(b, done);
}

/* The generic code's label at offset off, for the guarded copy to go on
 * there (bound when the generic block reaches off). */
static unsigned slab_for(em *m, unsigned off)
{
    if (!m->slab[off])
        m->slab[off] = x64_label(&m->b) + 1;
    return m->slab[off] - 1;
}

/* An access of the guarded copy that the guard does not cover: its own
 * page test (no helper, no wait states), else the generic block from this
 * instruction on. */
static void emit_dyn_access(em *m, const xt_insn *in, unsigned off)
{
    x64_buf *b = &m->b;
    unsigned sz = xlate_plan_access_size(in->op);
    unsigned st = (unsigned)xlate_plan_is_store(in->op);
    unsigned gen = slab_for(m, off);
    ld_a(m, RSI, in->b);
    if (in->imm)
        x64_alu_ri(b, 0, 0, RSI, in->imm);
    probe_direct(b, st, sz, gen);
    access_direct(m, in);
}

/* rdx = the copy's host pointer of base register r for a load or a
 * store (st), unless rdx holds it already: loaded by an access before
 * and nothing since could have changed it (no label bound after that
 * load, which a jump could reach it by; only instructions that leave
 * rdx alone: keeps_rdx in xlate_x64_ops.c). */
static void fast_ptr(em *m, unsigned r, int st)
{
    x64_buf *b = &m->b;
    unsigned key = 2 * r + (unsigned)st + 1;
    if (m->rdx_key == key && m->rdx_sec == b->sec &&
        b->bound[b->sec] <= m->rdx_n && !b->oom)
        return;
    x64_mov_rm(b, 1, RDX, RSP, st ? SP_W(r) : SP_Q(r));
    m->rdx_key = key;
    m->rdx_n = b->n;
    m->rdx_sec = b->sec;
}

/* An access of a region's guarded copy: host memory directly, through
 * the base register's pointer the guard set up (SP_Q for loads, SP_W for
 * stores; literals through their page, which the guard checked). */
void x64e_fast_access(em *m, const xt_insn *in, unsigned off)
{
    x64_buf *b = &m->b;
    if (m->dynk[off] == XL_DYN_CHECK) {
        m->rdx_key = 0;
        emit_dyn_access(m, in, off);
        return;
    }
    int dst = m->pin[in->a] >= 0 ? m->pin[in->a] : RCX;
    if (in->op == XT_OP_L32R) {
        m->rdx_key = 0;
        uint32_t pg = in->target >> XT_PAGE_SHIFT;
        x64_mov_rm(b, 1, RDX, PGS, (int32_t)(pg * sizeof(xt_xpage)));
        x64_mov_rm(b, 0, dst, RDX, (int32_t)(in->target & (PAGE - 1)));
        if (dst == RCX)
            st_a(m, in->a, RCX);
        return;
    }
    unsigned sz = xlate_plan_access_size(in->op);
    int32_t d = m->disp[off];
    if (xlate_plan_is_store(in->op)) {
        fast_ptr(m, in->b, 1);
        int src = (m->pin[in->a] >= 0 && sz > 1) ? m->pin[in->a] : RAX;
        if (src == RAX)
            ld_a(m, RAX, in->a);
        if (sz == 4)
            x64_mem(b, 0, 0, 0x89, src, RDX, NOREG, 1, d);
        else if (sz == 2)
            x64_mem(b, 1, 0, 0x89, src, RDX, NOREG, 1, d);
        else
            x64_mem(b, 0, 0, 0x88, RAX, RDX, NOREG, 1, d);
        return;
    }
    unsigned opc = in->op == XT_OP_L8UI    ? 0x0FB6
                   : in->op == XT_OP_L16UI ? 0x0FB7
                   : in->op == XT_OP_L16SI ? 0x0FBF
                                           : 0x8B;
    fast_ptr(m, in->b, 0);
    x64_mem(b, 0, 0, opc, dst, RDX, NOREG, 1, d);
    if (dst == RCX)
        st_a(m, in->a, RCX);
}

/* SRX of the C units: the special-register helper for a<a>. */
void x64e_srx(em *m, const xt_insn *in, uint32_t pc, unsigned k, unsigned j,
              uint32_t npc, unsigned kn, unsigned done)
{
    x64_buf *b = &m->b;
    ld_a(m, RAX, in->a);
    x64_mov_mr(b, 0, RSP, SP_V, RAX);
    x64_mov_ri(b, RSI, in->op);
    x64_mov_ri(b, RDX, (uint32_t)in->imm);
    x64_lea(b, RCX, RSP, NOREG, 1, SP_V);
    helper_call(m, m->call_sr, pc, k, j);
    helper_result(m, pc, k, j);
    clear_sl(m);
    x64_mov_rm(b, 0, RCX, RSP, SP_V);
    st_a(m, in->a, RCX);
    recheck_exit(m, recheck(m, kn), npc, kn, j + 1, done);
}


/* The instructions a conditional branch at off skips when taken, to run
 * without the branch (xlate_plan_if_convertible): where their block's
 * head has no horizon check (reached from above only: this block's check
 * covers it); in a unit for single-block runs (the lockstep checker's),
 * where every head has one, too (block_body checks the side not taken
 * first then).  0 when not. */
static unsigned if_convertible(const em *m, unsigned off)
{
    unsigned n = xlate_plan_if_convertible(m->pl, off);
    return n && (m->single || m->unchk[off + m->pl->dp[off].in.len]) ? n : 0;
}

/* The branch at pc (cc from x64e_cond, the flags set) and the nf
 * instructions after it (if_convertible) without a branch: the guest's
 * data decides these (a carry, a digit of a division), which the host
 * would mispredict half the time.  edx = taken; each skipped instruction
 * writes its register only when not taken (cmov), the counts are those
 * of the path taken, and the history gets the transfer only when taken
 * (the store goes to a scratch slot otherwise); then the target, as the
 * branch and the blocks after it would reach it. */
static void if_converted(em *m, const xt_insn *br, uint32_t pc, unsigned cc,
                         unsigned nf, unsigned kt, unsigned kn, unsigned j)
{
    const xl_plan *pl = m->pl;
    x64_buf *b = &m->b;
    m->nifconv++;
    x64_rr(b, 0, 0x0F90u | cc, 0, RDX); /* setcc dl */
    x64_rr(b, 0, 0x0FB6, RDX, RDX);     /* movzx edx, dl */
    unsigned o = pc + br->len - pl->base;
    for (unsigned i = 0; i < nf; i++) {
        const xt_insn *in = &pl->dp[o].in;
        m->cover[o >> 3] |= (uint8_t)(1u << (o & 7));
        kn += in->cost + xlate_plan_interlock(pl, o);
        x64e_value(m, in);
        if (m->pin[in->a] >= 0) {
            x64_alu_rr(b, 0, A_TEST, RDX, RDX);
            x64_cmov(b, 0, CC_E, m->pin[in->a], RAX);
        } else {
            ld_a(m, RCX, in->a);
            x64_alu_rr(b, 0, A_TEST, RDX, RDX);
            x64_cmov(b, 0, CC_E, RCX, RAX);
            st_a(m, in->a, RCX);
        }
        o += in->len;
    }
    /* DSPSIM_XLATE_SELFTEST=3: the side not taken a cycle too long */
    kn += m->selftest == 3;
    /* HIST(pc, target)'s slot when taken (a scratch slot otherwise),
     * then the counts of the path taken: one test, and only lea, mov and
     * cmov after it (no flags written); a count the same both ways is
     * one lea */
    x64_mov_rr(b, 0, RAX, HN);
    x64_alu_ri(b, 0, 4, RAX, 31);
    x64_mov_rm(b, 1, RCX, ENV, OFF(hist));
    x64_lea(b, RCX, RCX, RAX, 8, 0);
    x64_lea(b, RAX, RSP, NOREG, 1, SP_V);
    x64_alu_rr(b, 0, A_TEST, RDX, RDX);
    x64_cmov(b, 1, CC_E, RCX, RAX);
    if (kn != kt) {
        x64_lea(b, RAX, CYC, NOREG, 1, (int32_t)kn);
        x64_lea(b, CYC, CYC, NOREG, 1, (int32_t)kt);
        x64_cmov(b, 1, CC_E, CYC, RAX);
    } else {
        x64_lea(b, CYC, CYC, NOREG, 1, (int32_t)kt);
    }
    x64_lea(b, RAX, INS, NOREG, 1, (int32_t)(j + 1 + nf));
    x64_lea(b, INS, INS, NOREG, 1, (int32_t)(j + 1));
    x64_cmov(b, 1, CC_E, INS, RAX);
    x64_mov_ri64(b, RAX, (uint64_t)pc | (uint64_t)br->target << 32);
    x64_mov_mr(b, 1, RCX, 0, RAX);
    x64_alu_rr(b, 1, A_ADD, HN, RDX);
    go(m, br->target);
}

/* The block at head h (block_body of xlate_gen.c), generic or in a
 * region's guarded copy (m->fast). */
static void block_body(em *m, unsigned h)
{
    const xl_plan *pl = m->pl;
    const xt_timing *T = &pl->cpu->timing;
    x64_buf *b = &m->b;
    unsigned k = 0, j = 0, off = h;
    m->margin = m->pre2[h];
    m->rdx_key = 0;
    for (;;) {
        uint32_t pc = pl->base + off;
        if (off != h && pl->head[off]) { /* falls into the next block */
            add_counts(m, k, j);
            go(m, pc);
            return;
        }
        if (!xlate_plan_holdable(pl, off)) {
            exit_to(m, pc, k, j);
            return;
        }
        if (m->fast && m->dynk[off] == XL_DYN_LEAVE) {
            /* a helper's instruction: the generic block from here, with
             * the same totals (both count from the block's start) */
            x64_jmp(b, slab_for(m, off));
            return;
        }
        if (!m->fast && m->slab[off])
            x64_bind(b, m->slab[off] - 1);
        const xt_insn *in = &pl->dp[off].in;
        unsigned cost = in->cost, kn = k + cost + xlate_plan_interlock(pl, off);
        uint32_t npc = pc + in->len;
        int tk = xlate_plan_transfer_kind(in->op);
        m->cover[off >> 3] |= (uint8_t)(1u << (off & 7));
        if (tk == 0) {
            x64e_plain(m, in, pc, k, j, kn);
            k = kn;
            j++;
            off += in->len;
            if (off >= PAGE) {
                /* falls off the page: SAR's flag as the interpreter's
                 * page-end entry leaves it, unless its horizon check
                 * comes first */
                unsigned l = x64_label(b);
                cmp_horizon(m, k, 0);
                x64_jcc(b, CC_AE, l);
                clear_sl(m);
                x64_bind(b, l);
                add_counts(m, k, j);
                x64_mov_ri(b, RSI, npc);
                x64_jmp(b, m->jump_out);
                return;
            }
            continue;
        }
        clear_sl(m);
        if (tk == 1) {
            /* DSPSIM_XLATE_SELFTEST=1: one cycle too many when taken (the
             * lockstep tests show they catch a wrong translation) */
            unsigned tcost = cost + (m->selftest == 1);
            unsigned not = x64_label(b);
            unsigned nf = if_convertible(m, off), nx = off + in->len;
            if (nf && !m->unchk[nx]) {
                /* the head after the branch has a check of its own: as
                 * the C units do, the side not taken's first (the real
                 * horizon, a single-block run's too); past it, the branch */
                unsigned plain = x64_label(b);
                cmp_horizon(m, k + cost + m->pre2[nx], 0);
                x64_jcc(b, CC_AE, plain);
                unsigned cc = x64e_cond(m, in);
                if_converted(m, in, pc, cc, nf, k + tcost + T->taken_branch,
                             k + cost, j);
                x64_bind(b, plain);
                nf = 0;
            }
            unsigned cc = x64e_cond(m, in);
            if (nf) {
                if_converted(m, in, pc, cc, nf, k + tcost + T->taken_branch,
                             k + cost, j);
                return;
            }
            x64_jcc(b, cc ^ 1u, not );
            add_counts(m, k + tcost + T->taken_branch, j + 1);
            hist(m, pc, in->target, 0);
            go(m, in->target);
            x64_bind(b, not );
            add_counts(m, k + cost, j + 1);
            go(m, npc);
        } else if (tk == 2) {
            if (in->op == XT_OP_CALL0)
                st_ai(m, 0, npc);
            add_counts(m, k + cost + T->call_jump, j + 1);
            hist(m, pc, in->target, 0);
            go(m, in->target);
        } else {
            unsigned src = (in->op == XT_OP_RET || in->op == XT_OP_RET_N)
                               ? 0
                               : in->a;
            ld_a(m, RSI, src);
            if (in->op == XT_OP_CALLX0)
                st_ai(m, 0, npc);
            add_counts(m, k + cost + T->call_jump, j + 1);
            hist(m, pc, 0, 1);
            x64_jmp(b, m->dyn);
        }
        return;
    }
}

/* How many blocks hold each offset (at most 2): the copy goes on in the
 * generic block at an offset, which must be one block's only. */
static void count_walks(em *m)
{
    const xl_plan *pl = m->pl;
    for (unsigned i = 0; i < pl->nh; i++) {
        unsigned h = pl->hl[i];
        for (unsigned off = h;;) {
            if ((off != h && pl->head[off]) || !xlate_plan_holdable(pl, off))
                break;
            if (m->walked[off] < 2)
                m->walked[off]++;
            const xt_insn *in = &pl->dp[off].in;
            if (xlate_plan_transfer_kind(in->op))
                break;
            off += in->len;
            if (off >= PAGE)
                break;
        }
    }
}

/* Every instruction of the region [h, end) held by its block alone. */
static int region_alone(const em *m, unsigned h, unsigned end)
{
    for (unsigned off = h; off < end; off++)
        if (m->walked[off] > 1)
            return 0;
    return 1;
}

/* The region's guarded copy (emit_copy of xlate_gen.c): its test, its
 * pointers on the stack, its blocks; a failed test goes on after it, in
 * the generic blocks. */
static void emit_copy(em *m, unsigned h, const xl_guard *gp)
{
    x64_buf *b = &m->b;
    unsigned fail = x64_label(b);
    if (gp->lit) {
        /* test dword [env.litbase], 1 */
        x64_mem(b, 0, 0, 0xF7, 0, ENV, NOREG, 1, OFF(litbase));
        x64_u32(b, 1);
        x64_jcc(b, CC_NE, fail);
    }
    for (unsigned i = 0; i < gp->nlit; i++) {
        int32_t pe = (int32_t)(gp->lit_pages[i] * sizeof(xt_xpage));
        x64_mov_rm(b, 1, RAX, PGS, pe);
        x64_alu_rr(b, 1, A_TEST, RAX, RAX);
        x64_jcc(b, CC_E, fail);
        x64_mem(b, 0, 0, 0x80, 7, PGS, NOREG, 1, pe + 16); /* rd_wait */
        x64_u8(b, 0);
        x64_jcc(b, CC_NE, fail);
    }
    for (unsigned r = 0; r < 16; r++) {
        if (!gp->rd[r] && !gp->wr[r])
            continue;
        /* esi = a<r>, eax = its offset in its page, rdx = &P[page] */
        ld_a(m, RSI, r);
        x64_mov_rr(b, 0, RAX, RSI);
        x64_alu_ri(b, 0, 4, RAX, PAGE - 1);
        x64_alu_ri(b, 0, 7, RAX, (int32_t)PAGE - gp->hi[r]);
        x64_jcc(b, CC_A, fail);
        if (gp->lo[r] < 0) {
            x64_alu_ri(b, 0, 7, RAX, -gp->lo[r]);
            x64_jcc(b, CC_B, fail);
        }
        if (gp->amask[r]) {
            x64_rr(b, 0, 0xF7, 0, RSI); /* test esi, imm32 */
            x64_u32(b, gp->amask[r]);
            x64_jcc(b, CC_NE, fail);
        }
        x64_mov_rr(b, 0, RDX, RSI);
        page_index(b, RDX);
        x64_lea(b, RDX, PGS, RDX, 8, 0);
        for (int w = 0; w < 2; w++) {
            if (!(w ? gp->wr[r] : gp->rd[r]))
                continue;
            x64_mov_rm(b, 1, RCX, RDX, w ? 8 : 0);
            x64_alu_rr(b, 1, A_TEST, RCX, RCX);
            x64_jcc(b, CC_E, fail);
            x64_mem(b, 0, 0, 0x80, 7, RDX, NOREG, 1, w ? 17 : 16);
            x64_u8(b, 0);
            x64_jcc(b, CC_NE, fail);
            if (gp->carry && gp->rederive[r])
                x64_mov_mr(b, 1, RSP, w ? SP_PW(r) : SP_PQ(r), RCX);
            x64_alu_rr(b, 1, A_ADD, RCX, RAX);
            x64_mov_mr(b, 1, RSP, w ? SP_W(r) : SP_Q(r), RCX);
        }
        if (gp->carry && (gp->rederive[r] || gp->delta[r])) {
            x64_mov_rr(b, 0, RCX, RSI);
            x64_alu_ri(b, 0, 4, RCX, (int32_t) ~(PAGE - 1));
            if (gp->lo[r] < 0)
                x64_alu_ri(b, 0, 0, RCX, -gp->lo[r]);
            x64_mov_mr(b, 0, RSP, SP_B(r), RCX);
        }
    }
    m->copy_top = x64_label(b);
    x64_bind(b, m->copy_top);
    for (unsigned bh = h + 1; bh < m->reg_end; bh++)
        if (m->pl->head[bh])
            m->copy_lab[bh] = x64_label(b);
    m->fast = 1;
    m->gp = gp;
    m->fast_head = h;
    for (unsigned bh = h; bh < m->reg_end; bh++) {
        if (!m->pl->head[bh])
            continue;
        if (bh != h)
            x64_bind(b, m->copy_lab[bh]);
        block_body(m, bh);
    }
    m->fast = 0;
    m->gp = NULL;
    m->ncopies++;
    x64_bind(b, fail);
}

/* The block at head h: every way in (a jump, the entry's dispatch) comes
 * here; a hard head whose region has a guarded copy tests its guard
 * first. */
static void block(em *m, unsigned h)
{
    x64_bind(&m->b, m->head_lab[h]);
    if (!m->pl->soft[h]) {
        /* the region's copy; where its test fails, the copy of the loop
         * the region starts with (xlate_plan_copy_ends), if any */
        unsigned ends[2], n = xlate_plan_copy_ends(m->pl, h, ends);
        for (unsigned i = 0; i < n; i++) {
            m->reg_end = ends[i];
            xl_guard gp;
            if (xlate_plan_guard(m->pl, h, m->reg_end, &gp, m->disp, m->dynk) &&
                region_alone(m, h, m->reg_end))
                emit_copy(m, h, &gp);
        }
    }
    block_body(m, h);
}

/* Look head number n of the entry in ecx up and go there if cyc + its
 * margin is before the horizon (rax scratch); else to 'no'. */
static void dispatch(em *m, int use_ev2, unsigned no)
{
    x64_buf *b = &m->b;
    x64_alu_ri(b, 0, 4, RCX, PAGE - 1);
    x64_lea_rip(b, RDX, m->hx);
    x64_mem(b, 0, 0, 0x0FB7, RAX, RDX, RCX, 2, 0); /* movzx eax, word */
    x64_alu_rr(b, 0, A_TEST, RAX, RAX);
    x64_jcc(b, CC_E, no);
    x64_lea_rip(b, RDX, m->hp);
    x64_mem(b, 0, 0, 0x8B, RDX, RDX, RAX, 4, 0);
    x64_alu_rr(b, 1, A_ADD, RDX, CYC);
    x64_alu_rm(b, 1, A_CMP, RDX, RSP, use_ev2 ? SP_EV2 : SP_EV);
    x64_jcc(b, CC_AE, no);
    x64_lea_rip(b, RDX, m->hl);
    x64_mem(b, 0, 1, 0x63, RAX, RDX, RAX, 4, 0); /* movsxd: hl-relative */
    x64_alu_rr(b, 1, A_ADD, RAX, RDX);
    x64_jmp_r(b, RAX);
}

/* The exit to guest address esi on another page (its counts added): as
 * the engine would call that page's unit next (xlate_enter), a jump
 * straight into it when it is a direct unit and the env's chain_left
 * allows (xlate_abi.h), this unit first crediting its own record; else
 * the exit (pc = esi). */
static void jump_to(em *m)
{
    x64_buf *b = &m->b;
    const int32_t entry = (int32_t)offsetof(xt_xchain, entry);
    const int32_t insns = (int32_t)offsetof(xt_xchain, insns);
    const int32_t calls = (int32_t)offsetof(xt_xchain, calls);
    unsigned plain = x64_label(b), credited = x64_label(b);
    x64_bind(b, m->jump_out);
    x64_alu_mi(b, 0, 7, ENV, OFF(chain_left), 0);
    x64_jcc(b, CC_E, plain);
    x64_mov_rr(b, 0, RAX, RSI);
    x64_shift_ri(b, 0, 5, RAX, XT_PAGE_SHIFT);
    x64_mov_rm(b, 1, RCX, ENV, OFF(xpg));
    x64_mem(b, 0, 1, 0x8B, RDX, RCX, RAX, 8, 0); /* its record */
    x64_alu_rr(b, 1, A_TEST, RDX, RDX);
    x64_jcc(b, CC_E, plain);
    x64_mov_rm(b, 1, RDX, RDX, entry);
    x64_alu_rr(b, 1, A_TEST, RDX, RDX);
    x64_jcc(b, CC_E, plain);
    x64_alu_mi(b, 0, 5, ENV, OFF(chain_left), 1);
    x64_mov_mr(b, 0, ENV, OFF(chain_pn), RAX);
    x64_mov_rm(b, 1, RCX, RCX, (int32_t)(m->pl->pn * 8u)); /* this page's */
    x64_alu_rr(b, 1, A_TEST, RCX, RCX);
    x64_jcc(b, CC_E, credited);
    x64_mov_rr(b, 1, RAX, INS);
    x64_alu_rm(b, 1, A_SUB, RAX, ENV, OFF(chain_ins0));
    x64_mem(b, 0, 1, 0x01, RAX, RCX, NOREG, 1, insns); /* add [m], rax */
    x64_alu_mi(b, 1, 0, RCX, calls, 1);
    x64_bind(b, credited);
    x64_mov_mr(b, 1, ENV, OFF(chain_ins0), INS);
    sync_out(m);
    if (m->selftest == 2) /* DSPSIM_XLATE_SELFTEST=2: a cycle too many */
        x64_alu_ri(b, 1, 0, CYC, 1);
    x64_jmp_r(b, RDX);
    x64_bind(b, plain);
    x64_mov_mr(b, 0, ENV, OFF(pc), RSI);
}

/* The entry of another direct unit's jump (jump_to): pc in esi, the
 * env, ar[], pages, counts and history in their registers, the frame
 * the engine's call made (the horizons in it: the same env) */
static void jump_entry(em *m)
{
    x64_buf *b = &m->b;
    unsigned no = x64_label(b);
    x64_bind(b, m->jump_in);
    sync_in(m);
    x64_mov_rr(b, 0, RCX, RSI);
    dispatch(m, 0, no);
    /* not a head here, or its horizon: the exit there */
    x64_bind(b, no);
    x64_mov_mr(b, 0, ENV, OFF(pc), RSI);
    x64_jmp(b, m->out);
}

static void prologue(em *m)
{
    x64_buf *b = &m->b;
    static const int saved[] = { RBX, RBP, R12, R13, R14, R15 };
    for (unsigned i = 0; i < 6; i++)
        x64_push(b, saved[i]);
    x64_alu_ri(b, 1, 5, RSP, FRAME);
    x64_mov_rr(b, 1, ENV, RDI);
    x64_mov_rm(b, 1, CYC, ENV, OFF(cycles));
    x64_mov_rm(b, 1, INS, ENV, OFF(insns));
    x64_mov_rm(b, 1, AR, ENV, OFF(ar));
    sync_in(m);
    x64_mov_rm(b, 1, PGS, ENV, OFF(pages));
    x64_mov_rm(b, 1, HN, ENV, OFF(hist_n));
    x64_mov_rm(b, 1, RDX, ENV, OFF(ev));
    x64_mov_mr(b, 1, RSP, SP_EV, RDX);
    set_ev2(m);
    x64_mov_rr(b, 0, RCX, RSI);
    dispatch(m, 0, m->decline);
}

static void epilogue(em *m)
{
    x64_buf *b = &m->b;
    static const int saved[] = { R15, R14, R13, R12, RBP, RBX };
    unsigned epi = x64_label(b);
    /* a computed jump: within the page, its block; else an exit */
    unsigned off_page = x64_label(b);
    x64_bind(b, m->dyn);
    x64_mov_rr(b, 0, RAX, RSI);
    x64_shift_ri(b, 0, 5, RAX, 12);
    x64_alu_ri(b, 0, 7, RAX, (int32_t)m->pl->pn);
    x64_jcc(b, CC_NE, off_page);
    x64_mov_rr(b, 0, RCX, RSI);
    dispatch(m, 1, off_page);
    x64_bind(b, off_page);
    jump_to(m);
    x64_bind(b, m->out);
    sync_out(m);
    x64_mov_mr(b, 1, ENV, OFF(cycles), CYC);
    x64_mov_mr(b, 1, ENV, OFF(insns), INS);
    x64_mov_mr(b, 1, ENV, OFF(hist_n), HN);
    x64_bind(b, m->ret1);
    x64_mov_ri(b, RAX, 1);
    x64_jmp(b, epi);
    x64_bind(b, m->decline);
    x64_alu_rr(b, 0, A_XOR, RAX, RAX);
    x64_bind(b, epi);
    x64_alu_ri(b, 1, 0, RSP, FRAME);
    for (unsigned i = 0; i < 6; i++)
        x64_pop(b, saved[i]);
    x64_u8(b, 0xC3);
    call_helper(m, m->call_ld, OFF(ld));
    call_helper(m, m->call_st, OFF(st));
    call_helper(m, m->call_sr, OFF(sr_op));
}

/* The head tables: number by offset (hx), then by number the margin
 * (hp) and the block's offset from hl itself (hl). */
static void tables(em *m)
{
    x64_buf *b = &m->b;
    const xl_plan *pl = m->pl;
    x64_align(b, 16);
    x64_bind(b, m->hx);
    size_t at = b->n;
    for (unsigned i = 0; i < PAGE; i++)
        x64_u16(b, 0);
    for (unsigned i = 0; i < pl->nh && !b->oom; i++) {
        uint16_t n = (uint16_t)(i + 1);
        memcpy(b->p + at + 2u * pl->hl[i], &n, 2);
    }
    x64_bind(b, m->hp);
    x64_u32(b, 0);
    for (unsigned i = 0; i < pl->nh; i++)
        x64_u32(b, m->pre2[pl->hl[i]]);
    x64_bind(b, m->hl);
    x64_u32(b, 0);
    for (unsigned i = 0; i < pl->nh; i++) {
        /* filled once the blocks are placed */
        x64_u32(b, 0);
    }
}

/* Each thread's emission buffer, kept from unit to unit (its memory,
 * grown to the largest unit, is not allocated and faulted in again). */
static _Thread_local x64_buf emit_buf;
static _Thread_local unsigned long copies_made, ifconv_made;

unsigned long xlate_x64_copies(void)
{
    return copies_made;
}

unsigned long xlate_x64_if_converted(void)
{
    return ifconv_made;
}

/* The guest registers the unit keeps in host registers: the most used
 * on the page (reads, and the register each instruction names first). */
static void choose_pins(em *m)
{
    static const int pool[] = { RDI, R8, R9, R10, R11 };
    const xl_plan *pl = m->pl;
    unsigned w[16] = { 0 };
    /* inside a loop (a branch back on the page) a use counts 16 times:
     * a kernel's registers before the glue's */
    uint8_t loop[PAGE] = { 0 };
    for (unsigned i = 0; i < PAGE; i++) {
        if (!pl->dec[i])
            continue;
        const xt_insn *in = &pl->dp[i].in;
        unsigned lo = in->target & (PAGE - 1);
        int tk = xlate_plan_transfer_kind(in->op);
        if ((tk == 1 || tk == 2) && (in->target >> XT_PAGE_SHIFT) == pl->pn &&
            lo <= i)
            memset(loop + lo, 1, i + 1 - lo);
    }
    for (unsigned i = 0; i < PAGE; i++) {
        if (!pl->dec[i])
            continue;
        const xt_insn *in = &pl->dp[i].in;
        unsigned use = (in->rmask | (1u << in->a)) & 0xFFFFu;
        for (; use; use &= use - 1)
            w[__builtin_ctz(use)] += loop[i] ? 16u : 1u;
    }
    memset(m->pin, -1, sizeof m->pin);
    for (unsigned n = 0; n < sizeof pool / sizeof pool[0]; n++) {
        unsigned best = 16;
        for (unsigned r = 0; r < 16; r++)
            if (m->pin[r] < 0 && w[r] && (best == 16 || w[r] > w[best]))
                best = r;
        if (best == 16)
            break;
        m->pin[best] = (int8_t)pool[n];
    }
}

int xlate_x64_unit(xt_cpu *cpu, uint32_t pn, unsigned flags, uint8_t **code,
                   size_t *len, uint16_t **heads, unsigned *nheads,
                   uint8_t **cover)
{
    *code = NULL;
    *heads = NULL;
    *cover = NULL;
    xl_plan *pl = xlate_plan_page(cpu, pn);
    em *m = pl ? calloc(1, sizeof *m) : NULL;
    if (!m) {
        xlate_plan_free(pl);
        return -1;
    }
    m->pl = pl;
    m->selftest = (int)(flags & XL_EMIT_SELFTEST);
    m->single = (flags & XL_EMIT_SINGLE_BLOCK) != 0;
    m->fwd_n = (size_t)-1;
    if (flags & XL_EMIT_SINGLE_BLOCK) {
        memcpy(m->pre2, pl->pre, sizeof m->pre2);
    } else {
        xlate_plan_forward_margins(pl, FORWARD_CAP, m->pre2, m->unchk);
    }
    choose_pins(m);
    count_walks(m);
    m->cover = calloc(PAGE / 8, 1);
    x64_buf *b = &m->b;
    *b = emit_buf; /* the thread's buffer, grown by earlier units */
    x64_reset(b);
    m->out = x64_label(b);
    m->ret1 = x64_label(b);
    m->dyn = x64_label(b);
    m->decline = x64_label(b);
    m->hx = x64_label(b);
    m->hp = x64_label(b);
    m->hl = x64_label(b);
    m->call_ld = x64_label(b);
    m->call_st = x64_label(b);
    m->call_sr = x64_label(b);
    m->jump_in = x64_label(b);
    m->jump_out = x64_label(b);
    for (unsigned i = 0; i < pl->nh; i++)
        m->head_lab[pl->hl[i]] = x64_label(b);
    /* XLATE_X64_JUMP_OFFSET, then the function at XLATE_X64_FN_OFFSET */
    x64_jmp(b, m->jump_in);
    x64_align(b, XLATE_X64_FN_OFFSET);
    prologue(m);
    for (unsigned i = 0; i < pl->nh; i++)
        block(m, pl->hl[i]);
    epilogue(m);
    jump_entry(m);
    tables(m);
    int ok = m->cover && x64_resolve(b) == 0;
    if (ok) {
        int32_t hl = b->lab[m->hl];
        for (unsigned i = 0; i < pl->nh; i++) {
            int32_t rel = b->lab[m->head_lab[pl->hl[i]]] - hl;
            memcpy(b->p + hl + 4 * (i + 1), &rel, 4);
        }
        *code = b->p;
        *len = b->n;
        *heads = pl->hl;
        *nheads = pl->nh;
        pl->hl = NULL;
        *cover = m->cover;
        m->cover = NULL;
    }
    if (ok) {
        copies_made += m->ncopies;
        ifconv_made += m->nifconv;
    }
    free(m->cover);
    emit_buf = *b;
    xlate_plan_free(pl);
    free(m);
    return ok ? 0 : -1;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The direct back end's emitter state and its guest-register helpers,
 * shared by its files: xlate_x64.c (blocks, exits, guarded copies, the
 * unit) and xlate_x64_ops.c (straight-line instructions and branch
 * conditions).  Internal to sim/cpu. */
#ifndef XLATE_X64_EM_H
#define XLATE_X64_EM_H

#include <stddef.h>
#include <stdint.h>

#include "x64_enc.h"
#include "xlate_abi.h"
#include "xlate_plan.h"

#define PAGE     XL_PAGE
#define OFF(f)   ((int32_t)offsetof(xt_xenv, f))
#define GR(n)    ((int32_t)(4 * (n))) /* a<n> in ar[] */
#define ENV      RBX
#define AR       RBP
#define HN       R12
#define PGS      R13
#define CYC      R14
#define INS      R15
#define SP_EV    0
#define SP_V     8
#define SP_EV2   16
/* a region's guarded copy (xlate_plan.h): per base register a<r> its
 * host pointers for loads (Q) and stores (W) at the region's start, and
 * for a loop that tests it again at its jump back, the lowest value it
 * may take (B) and its page's host pointers (PQ, PW) */
#define SP_Q(r)  (24 + 8 * (int32_t)(r))
#define SP_W(r)  (152 + 8 * (int32_t)(r))
#define SP_B(r)  (280 + 8 * (int32_t)(r))
#define SP_PQ(r) (408 + 8 * (int32_t)(r))
#define SP_PW(r) (536 + 8 * (int32_t)(r))
#define FRAME    664 /* six pushes + this: rsp 16-aligned at calls */

/* the opcodes of x64_alu_rm / x64_alu_rr */
enum {
    A_ADD = 0x03,
    A_OR = 0x0B,
    A_AND = 0x23,
    A_SUB = 0x2B,
    A_XOR = 0x33,
    A_CMP = 0x3B,
    A_TEST = 0x85,
    A_IMUL = 0x0FAF
};

typedef struct em {
    x64_buf b;
    const xl_plan *pl;
    uint8_t *cover;
    unsigned head_lab[PAGE]; /* a head's label, by offset */
    unsigned out, ret1, dyn, decline, hx, hp, hl;
    unsigned jump_in, jump_out; /* direct jumps between units (jump_to) */
    unsigned call_ld, call_st, call_sr; /* the unit's helper calls
                                           (call_helper) */
    unsigned margin; /* the block being written: its horizon margin */
    /* the margins the checks use, and the heads whose edges have none
     * (xlate_plan_forward_margins; single-block runs check every edge) */
    uint32_t pre2[PAGE];
    uint8_t unchk[PAGE];
    int8_t pin[16]; /* a<n>'s host register for the whole unit, or -1 */
    /* host register fwd_host holds a<fwd_reg> at offset fwd_n of section
     * fwd_sec (just stored or loaded there): a load of it into the same
     * register right there, where no label is bound, is left out */
    size_t fwd_n;
    int fwd_sec, fwd_host, fwd_reg;
    int selftest;
    int single; /* a unit for single-block runs (XL_EMIT_SINGLE_BLOCK) */
    /* a region's guarded copy being written (xlate_plan.h) */
    int fast;
    const xl_guard *gp;
    unsigned fast_head, reg_end;
    unsigned copy_top;       /* the copy after its test (its loop) */
    unsigned copy_lab[PAGE]; /* the copy's block at a head, by offset */
    int32_t disp[PAGE];      /* a covered access's offset from its base */
    uint8_t dynk[PAGE];      /* XL_DYN_* by offset */
    unsigned slab[PAGE];     /* 1 + the generic code's label at an
                                   instruction the copy goes on at; 0 none */
    uint8_t walked[PAGE];    /* how many blocks hold an offset (2: more
                                   than one, no copy through it) */
    /* rdx holds a guarded copy's host pointer since offset rdx_n of
     * section rdx_sec: of base register r for loads when rdx_key is
     * 2r + 1, for stores when 2r + 2; 0 none (xlate_x64.c's fast_ptr) */
    unsigned rdx_key;
    size_t rdx_n;
    int rdx_sec;
    unsigned ncopies; /* regions with a copy */
    unsigned nifconv; /* branches run without a branch */
} em;

/* ---- guest registers: a pinned one in its host register, the others
 * in ar[] ---- */

static inline void fwd_note(em *m, int host, unsigned r)
{
    m->fwd_n = m->b.n;
    m->fwd_sec = m->b.sec;
    m->fwd_host = host;
    m->fwd_reg = (int)r;
}

/* host = a<r> */
static inline void ld_a(em *m, int host, unsigned r)
{
    x64_buf *b = &m->b;
    if (m->fwd_n == b->n && m->fwd_sec == b->sec && m->fwd_host == host &&
        m->fwd_reg == (int)r && b->bound[b->sec] != b->n + 1 && !b->oom)
        return;
    if (m->pin[r] >= 0)
        x64_mov_rr(b, 0, host, m->pin[r]);
    else
        x64_mov_rm(b, 0, host, AR, GR(r));
    fwd_note(m, host, r);
}

/* a<r> = host */
static inline void st_a(em *m, unsigned r, int host)
{
    if (m->pin[r] >= 0)
        x64_mov_rr(&m->b, 0, m->pin[r], host);
    else
        x64_mov_mr(&m->b, 0, AR, GR(r), host);
    fwd_note(m, host, r);
}

static inline void st_ai(em *m, unsigned r, uint32_t imm)
{
    if (m->pin[r] >= 0)
        x64_mov_ri(&m->b, m->pin[r], imm);
    else
        x64_mov_mi32(&m->b, AR, GR(r), imm);
}

/* host op= a<r> (an x64_alu_rm opcode, A_TEST and A_IMUL too) */
static inline void alu_a(em *m, unsigned op, int host, unsigned r)
{
    if (m->pin[r] >= 0)
        x64_alu_rr(&m->b, 0, op, host, m->pin[r]);
    else
        x64_alu_rm(&m->b, 0, op, host, AR, GR(r));
}

/* cmp a<r>, imm */
static inline void cmp_ai(em *m, unsigned r, int32_t imm)
{
    if (m->pin[r] >= 0)
        x64_alu_ri(&m->b, 0, 7, m->pin[r], imm);
    else
        x64_alu_mi(&m->b, 0, 7, AR, GR(r), imm);
}

/* host = a<r> by an extending move (movzx/movsx r32, r/m16; movsxd) */
static inline void ext_a(em *m, int w, unsigned op, int host, unsigned r)
{
    if (m->pin[r] >= 0)
        x64_rr(&m->b, w, op, host, m->pin[r]);
    else
        x64_mem(&m->b, 0, w, op, host, AR, NOREG, 1, GR(r));
}

static inline void clear_sl(em *m)
{
    x64_mov_mi8(&m->b, ENV, OFF(sar_left), 0);
}

/* a<a> = a<b> op a<c>, a<b> shifted left by sh first */
static inline void alu3(em *m, const xt_insn *in, unsigned op, unsigned sh)
{
    int d = m->pin[in->a];
    /* a pinned a<a> that is not a<c> is worked on where it lives: x86's
     * two operands save the moves through eax */
    if (d >= 0 && (in->a != in->c || (in->a == in->b && !sh))) {
        if (in->a != in->b)
            ld_a(m, d, in->b);
        if (sh)
            x64_shift_ri(&m->b, 0, 4, d, sh);
        alu_a(m, op, d, in->c);
        return;
    }
    ld_a(m, RAX, in->b);
    if (sh)
        x64_shift_ri(&m->b, 0, 4, RAX, sh);
    alu_a(m, op, RAX, in->c);
    st_a(m, in->a, RAX);
}

/* a<a> = f(a<b>): the host register f works on, a<a>'s own when pinned
 * (a<b> moved into it), else eax; un_end stores eax to a<a>. */
static inline int un_begin(em *m, unsigned a, unsigned rb)
{
    int d = m->pin[a] >= 0 ? m->pin[a] : RAX;
    if (d == RAX || a != rb)
        ld_a(m, d, rb);
    return d;
}

static inline void un_end(em *m, unsigned a, int d)
{
    if (d == RAX)
        st_a(m, a, RAX);
}

/* a<r> for reading: its pinned register, else loaded into scratch */
static inline int src_a(em *m, unsigned r, int scratch)
{
    if (m->pin[r] >= 0)
        return m->pin[r];
    ld_a(m, scratch, r);
    return scratch;
}

/* xlate_x64_ops.c: the body of a straight-line instruction (its
 * accesses and special registers through the ones below), and a
 * conditional branch's test: the condition code that takes it. */
void x64e_plain(em *m, const xt_insn *in, uint32_t pc, unsigned k, unsigned j,
                unsigned kn);
unsigned x64e_cond(em *m, const xt_insn *in);
/* eax = the value a predicable instruction (xlate_plan_if_convertible)
 * gives a<a> (a<a> unwritten; rcx, rdx untouched). */
void x64e_value(em *m, const xt_insn *in);
/* xlate_x64.c: a load or store (generic, and in a guarded copy), and a
 * special-register instruction through the helper (done: its label
 * after). */
void x64e_access(em *m, const xt_insn *in, uint32_t pc, unsigned k, unsigned j,
                 uint32_t npc, unsigned kn);
void x64e_fast_access(em *m, const xt_insn *in, unsigned off);
void x64e_srx(em *m, const xt_insn *in, uint32_t pc, unsigned k, unsigned j,
              uint32_t npc, unsigned kn, unsigned done);

#endif

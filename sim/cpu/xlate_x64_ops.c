/* SPDX-License-Identifier: BSD-3-Clause */
/* The direct back end's straight-line instructions and branch
 * conditions (xlate_x64.c writes the blocks around them): each as the
 * interpreter executes it (exec.c), a pinned guest register worked on
 * in place. */
#include <stddef.h>
#include <stdint.h>

#include "xlate_x64_em.h"

/* SLLI, SRLI, SRAI by their immediate, on host register r */
static void shift_imm(em *m, const xt_insn *in, int r)
{
    int32_t im = in->imm;
    unsigned n = in->op == XT_OP_SLLI ? (unsigned)(im & 31) : (unsigned)im;
    if (n)
        x64_shift_ri(&m->b, 0,
                     in->op == XT_OP_SLLI   ? 4
                     : in->op == XT_OP_SRLI ? 5
                                            : 7,
                     r, n);
}

/* EXTUI's shift and mask, on host register r */
static void extui(em *m, const xt_insn *in, int r)
{
    if (in->imm)
        x64_shift_ri(&m->b, 0, 5, r, (unsigned)in->imm);
    x64_rr(&m->b, 0, 0x81, 4, r); /* and r32, imm32 */
    x64_u32(&m->b, (1u << in->imm2) - 1);
}

/* The instructions whose code below leaves rdx alone (an access of a
 * guarded copy sets it itself): rdx keeps the copy's host pointer over
 * them (xlate_x64.c's fast_ptr).  The predicable ones (xlate_plan.h) and
 * these. */
static int keeps_rdx(const xt_insn *in)
{
    if (xlate_plan_predicable(in))
        return 1;
    switch (in->op) {
    case XT_OP_MULL:
    case XT_OP_MUL16U:
    case XT_OP_MUL16S:
    case XT_OP_NEG:
    case XT_OP_ABS:
    case XT_OP_MOVEQZ:
    case XT_OP_MOVNEZ:
    case XT_OP_MOVLTZ:
    case XT_OP_MOVGEZ:
    case XT_OP_L8UI:
    case XT_OP_L16UI:
    case XT_OP_L16SI:
    case XT_OP_L32I:
    case XT_OP_L32I_N:
    case XT_OP_S8I:
    case XT_OP_S16I:
    case XT_OP_S32I:
    case XT_OP_S32I_N:
        return 1;
    default:
        return 0;
    }
}

/* The body of a straight-line instruction. */
void x64e_plain(em *m, const xt_insn *in, uint32_t pc, unsigned k, unsigned j,
                unsigned kn)
{
    x64_buf *b = &m->b;
    unsigned a = in->a, rb = in->b, rc = in->c;
    int32_t im = in->imm;
    uint32_t npc = pc + in->len;
    if (!m->fast || !keeps_rdx(in))
        m->rdx_key = 0;
    switch (in->op) {
    case XT_OP_ADD:
    case XT_OP_ADD_N:
        alu3(m, in, A_ADD, 0);
        break;
    case XT_OP_ADDX2:
        alu3(m, in, A_ADD, 1);
        break;
    case XT_OP_ADDX4:
        alu3(m, in, A_ADD, 2);
        break;
    case XT_OP_ADDX8:
        alu3(m, in, A_ADD, 3);
        break;
    case XT_OP_SUB:
        alu3(m, in, A_SUB, 0);
        break;
    case XT_OP_SUBX2:
        alu3(m, in, A_SUB, 1);
        break;
    case XT_OP_SUBX4:
        alu3(m, in, A_SUB, 2);
        break;
    case XT_OP_SUBX8:
        alu3(m, in, A_SUB, 3);
        break;
    case XT_OP_AND:
        alu3(m, in, A_AND, 0);
        break;
    case XT_OP_OR:
        alu3(m, in, A_OR, 0);
        break;
    case XT_OP_XOR:
        alu3(m, in, A_XOR, 0);
        break;
    case XT_OP_MULL:
        alu3(m, in, A_IMUL, 0);
        break;
    case XT_OP_NEG:
        x64_alu_rr(b, 0, A_XOR, RAX, RAX);
        alu_a(m, A_SUB, RAX, rb);
        st_a(m, a, RAX);
        break;
    case XT_OP_ABS:
        ld_a(m, RAX, rb);
        x64_mov_rr(b, 0, RCX, RAX);
        x64_rr(b, 0, 0xF7, 3, RCX); /* neg ecx */
        x64_alu_rr(b, 0, A_TEST, RAX, RAX);
        x64_cmov(b, 0, CC_S, RAX, RCX);
        st_a(m, a, RAX);
        break;
    case XT_OP_ADDI:
    case XT_OP_ADDMI:
    case XT_OP_ADDI_N: {
        int d = un_begin(m, a, rb);
        if (im)
            x64_alu_ri(b, 0, 0, d, im);
        un_end(m, a, d);
        break;
    }
    case XT_OP_MOVI:
    case XT_OP_MOVI_N:
        st_ai(m, a, (uint32_t)im);
        break;
    case XT_OP_MOV_N:
        un_end(m, a, un_begin(m, a, rb));
        break;
    case XT_OP_MOVEQZ:
    case XT_OP_MOVNEZ:
    case XT_OP_MOVLTZ:
    case XT_OP_MOVGEZ: {
        /* a cmov: the condition on a<c> is the guest's data, which a
         * branch over the move would mispredict */
        unsigned cc = in->op == XT_OP_MOVEQZ   ? CC_E
                      : in->op == XT_OP_MOVNEZ ? CC_NE
                      : in->op == XT_OP_MOVLTZ ? CC_L
                                               : CC_GE;
        int src = src_a(m, rb, RCX);
        cmp_ai(m, rc, 0);
        if (m->pin[a] >= 0) {
            x64_cmov(b, 0, cc, m->pin[a], src);
        } else {
            ld_a(m, RAX, a);
            x64_cmov(b, 0, cc, RAX, src);
            st_a(m, a, RAX);
        }
        break;
    }
    case XT_OP_SLL: {
        /* sar > 32 ? 0 : (uint64_t)a<b> << (32 - sar) */
        unsigned zero = x64_label(b), end = x64_label(b);
        x64_mov_rm(b, 0, RCX, ENV, OFF(sar));
        ld_a(m, RAX, rb);
        x64_alu_ri(b, 0, 7, RCX, 32);
        x64_jcc(b, CC_A, zero);
        x64_rr(b, 0, 0xF7, 3, RCX);
        x64_alu_ri(b, 0, 0, RCX, 32);
        x64_shift_rcl(b, 1, 4, RAX);
        x64_jmp(b, end);
        x64_bind(b, zero);
        x64_alu_rr(b, 0, A_XOR, RAX, RAX);
        x64_bind(b, end);
        st_a(m, a, RAX);
        break;
    }
    case XT_OP_SRL:
    case XT_OP_SRA:
        /* shift by sar & (sar_left ? 31 : 63), in 64 bits */
        x64_mov_rm(b, 0, RCX, ENV, OFF(sar));
        x64_mov_ri(b, RAX, 63);
        x64_mov_ri(b, RDX, 31);
        x64_mem(b, 0, 0, 0x80, 7, ENV, NOREG, 1, OFF(sar_left));
        x64_u8(b, 0);
        x64_cmov(b, 0, CC_NE, RAX, RDX);
        x64_alu_rr(b, 0, A_AND, RCX, RAX);
        if (in->op == XT_OP_SRL) {
            ld_a(m, RAX, rb);
            x64_shift_rcl(b, 1, 5, RAX);
        } else {
            ext_a(m, 1, 0x63, RAX, rb); /* movsxd */
            x64_shift_rcl(b, 1, 7, RAX);
        }
        st_a(m, a, RAX);
        break;
    case XT_OP_SRC:
        ld_a(m, RAX, rb);
        x64_shift_ri(b, 1, 4, RAX, 32);
        ld_a(m, RDX, rc);
        x64_alu_rr(b, 1, A_OR, RAX, RDX);
        x64_mov_rm(b, 0, RCX, ENV, OFF(sar));
        x64_shift_rcl(b, 1, 5, RAX);
        st_a(m, a, RAX);
        break;
    case XT_OP_SLLI:
    case XT_OP_SRLI:
    case XT_OP_SRAI: {
        int d = un_begin(m, a, rb);
        shift_imm(m, in, d);
        un_end(m, a, d);
        break;
    }
    case XT_OP_EXTUI: {
        int d = un_begin(m, a, rb);
        extui(m, in, d);
        un_end(m, a, d);
        break;
    }
    case XT_OP_SSR:
    case XT_OP_SSL:
    case XT_OP_SSA8L:
    case XT_OP_SSA8B: {
        int left = in->op == XT_OP_SSL || in->op == XT_OP_SSA8B;
        int bytes = in->op == XT_OP_SSA8L || in->op == XT_OP_SSA8B;
        ld_a(m, RAX, a);
        x64_alu_ri(b, 0, 4, RAX, bytes ? 3 : 31);
        if (bytes)
            x64_shift_ri(b, 0, 4, RAX, 3);
        if (left) {
            x64_mov_ri(b, RCX, 32);
            x64_alu_rr(b, 0, A_SUB, RCX, RAX);
            x64_mov_mr(b, 0, ENV, OFF(sar), RCX);
        } else {
            x64_mov_mr(b, 0, ENV, OFF(sar), RAX);
        }
        x64_mov_mi8(b, ENV, OFF(sar_left), (unsigned)left);
        break;
    }
    case XT_OP_SSAI:
        x64_mov_mi32(b, ENV, OFF(sar), (uint32_t)im);
        clear_sl(m);
        break;
    case XT_OP_NSA:
    case XT_OP_NSAU: {
        /* clz by bsr: 31 - bsr(x); the zero case apart */
        unsigned z = x64_label(b);
        ld_a(m, RAX, rb);
        if (in->op == XT_OP_NSA) {
            x64_mov_rr(b, 0, RCX, RAX);
            x64_shift_ri(b, 0, 7, RCX, 31);
            x64_alu_rr(b, 0, A_XOR, RAX, RCX);
        }
        x64_mov_ri(b, RCX, in->op == XT_OP_NSA ? 31 : 32);
        x64_rr(b, 0, 0x0FBD, RDX, RAX); /* bsr edx, eax: ZF if eax == 0 */
        x64_jcc(b, CC_E, z);
        x64_mov_ri(b, RCX, in->op == XT_OP_NSA ? 30 : 31);
        x64_alu_rr(b, 0, A_SUB, RCX, RDX);
        x64_bind(b, z);
        st_a(m, a, RCX);
        break;
    }
    case XT_OP_MUL16U:
    case XT_OP_MUL16S: {
        unsigned ext = in->op == XT_OP_MUL16U ? 0x0FB7 : 0x0FBF;
        ext_a(m, 0, ext, RAX, rb);
        ext_a(m, 0, ext, RCX, rc);
        x64_alu_rr(b, 0, A_IMUL, RAX, RCX);
        st_a(m, a, RAX);
        break;
    }
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
        if (m->fast)
            x64e_fast_access(m, in, pc - m->pl->base);
        else
            x64e_access(m, in, pc, k, j, npc, kn);
        break;
    case XT_OP_RER:
        st_ai(m, a, 0);
        break;
    case XT_OP_RSIL: {
        /* raising or keeping INTLEVEL in place; lowering it: the helper */
        unsigned slow = x64_label(b), done = x64_label(b);
        x64_mov_rm(b, 1, RDX, ENV, OFF(ps));
        x64_mov_rm(b, 0, RAX, RDX, 0);
        x64_mov_rr(b, 0, RCX, RAX);
        x64_alu_ri(b, 0, 4, RCX, 15);
        x64_alu_ri(b, 0, 7, RCX, im);
        x64_jcc(b, CC_A, slow);
        clear_sl(m);
        x64_mov_rr(b, 0, RCX, RAX);
        x64_alu_ri(b, 0, 4, RCX, ~15);
        x64_alu_ri(b, 0, 1, RCX, im);
        x64_mov_mr(b, 0, RDX, 0, RCX);
        st_a(m, a, RAX);
        x64_section(b, 1);
        x64_bind(b, slow);
        x64e_srx(m, in, pc, k, j, npc, kn, done);
        x64_section(b, 0);
        x64_bind(b, done);
        break;
    }
    case XT_OP_WSR:
    case XT_OP_XSR:
        if (im == XT_SR_SAR) {
            clear_sl(m);
            if (in->op == XT_OP_XSR)
                x64_mov_rm(b, 0, RCX, ENV, OFF(sar));
            ld_a(m, RAX, a);
            x64_alu_ri(b, 0, 4, RAX, 0x3F);
            x64_mov_mr(b, 0, ENV, OFF(sar), RAX);
            if (in->op == XT_OP_XSR)
                st_a(m, a, RCX);
        } else if (im == XT_SR_PS && in->op == XT_OP_WSR) {
            /* no interrupt pending (nor NMI): the write alone */
            unsigned slow = x64_label(b), done = x64_label(b);
            x64_mov_rm(b, 1, RAX, ENV, OFF(sr) + 8 * XT_SR_INTENABLE);
            x64_mov_rm(b, 0, RCX, RAX, 0);
            x64_alu_ri(b, 0, 1, RCX, (int32_t)XT_INT_NMI_MASK);
            x64_mov_rm(b, 1, RAX, ENV, OFF(sr) + 8 * XT_SR_INTERRUPT);
            x64_alu_rm(b, 0, A_TEST, RCX, RAX, 0);
            x64_jcc(b, CC_NE, slow);
            clear_sl(m);
            ld_a(m, RAX, a);
            x64_alu_ri(b, 0, 4, RAX, (int32_t)PS_WRITE_MASK);
            x64_mov_rm(b, 1, RDX, ENV, OFF(ps));
            x64_mov_mr(b, 0, RDX, 0, RAX);
            x64_section(b, 1);
            x64_bind(b, slow);
            x64e_srx(m, in, pc, k, j, npc, kn, done);
            x64_section(b, 0);
            x64_bind(b, done);
        } else {
            unsigned done = x64_label(b);
            x64e_srx(m, in, pc, k, j, npc, kn, done);
            x64_bind(b, done);
        }
        break;
    case XT_OP_RSR:
        if (im == XT_SR_SAR) {
            x64_mov_rm(b, 0, RAX, ENV, OFF(sar));
        } else if (im == XT_SR_CCOUNT) { /* cycles before this one */
            clear_sl(m);
            x64_lea(b, RAX, CYC, NOREG, 1, (int32_t)k);
            x64_alu_rm(b, 0, A_ADD, RAX, ENV, OFF(ccount_offset));
        } else {
            clear_sl(m);
            x64_mov_rm(b, 1, RAX, ENV, OFF(sr) + 8 * im);
            x64_mov_rm(b, 0, RAX, RAX, 0);
        }
        st_a(m, a, RAX);
        break;
    default: /* nop, memw, syncs, excw, extw, wer: cost only */
        break;
    }
}

/* A conditional branch's flags; returns the condition code of taken. */
/* The condition of a comparing branch (against a register, an
 * immediate or zero) after cmp a<s>, x. */
static unsigned compare_cc(unsigned op)
{
    switch (op) {
    case XT_OP_BEQ:
    case XT_OP_BEQI:
    case XT_OP_BEQZ:
    case XT_OP_BEQZ_N:
        return CC_E;
    case XT_OP_BNE:
    case XT_OP_BNEI:
    case XT_OP_BNEZ:
    case XT_OP_BNEZ_N:
        return CC_NE;
    case XT_OP_BLT:
    case XT_OP_BLTI:
    case XT_OP_BLTZ:
        return CC_L;
    case XT_OP_BLTU:
    case XT_OP_BLTUI:
        return CC_B;
    case XT_OP_BGEU:
    case XT_OP_BGEUI:
        return CC_AE;
    default: /* BGE, BGEI, BGEZ */
        return CC_GE;
    }
}

unsigned x64e_cond(em *m, const xt_insn *in)
{
    x64_buf *b = &m->b;
    unsigned a = in->a, rb = in->b;
    int32_t im = in->imm;
    switch (in->op) {
    case XT_OP_BEQ:
    case XT_OP_BNE:
    case XT_OP_BLT:
    case XT_OP_BGE:
    case XT_OP_BLTU:
    case XT_OP_BGEU:
        alu_a(m, A_CMP, src_a(m, a, RAX), rb);
        return compare_cc(in->op);
    case XT_OP_BANY:
    case XT_OP_BNONE:
        alu_a(m, A_TEST, src_a(m, a, RAX), rb);
        return in->op == XT_OP_BANY ? CC_NE : CC_E;
    case XT_OP_BALL:
    case XT_OP_BNALL:
        ld_a(m, RAX, a);
        x64_rr(b, 0, 0xF7, 2, RAX); /* not eax */
        alu_a(m, A_TEST, RAX, rb);
        return in->op == XT_OP_BALL ? CC_E : CC_NE;
    case XT_OP_BBC:
    case XT_OP_BBS:
        ld_a(m, RAX, a);
        ld_a(m, RCX, rb);
        x64_rr(b, 0, 0x0FA3, RCX, RAX); /* bt eax, ecx (mod 32) */
        return in->op == XT_OP_BBC ? CC_AE : CC_B;
    case XT_OP_BBCI:
    case XT_OP_BBSI:
        x64_rr(b, 0, 0x0FBA, 4, src_a(m, a, RAX)); /* bt r32, imm8 */
        x64_u8(b, (unsigned)im & 31u);
        return in->op == XT_OP_BBCI ? CC_AE : CC_B;
    case XT_OP_BEQI:
    case XT_OP_BNEI:
    case XT_OP_BLTI:
    case XT_OP_BGEI:
    case XT_OP_BLTUI:
    case XT_OP_BGEUI:
        cmp_ai(m, a, im);
        return compare_cc(in->op);
    case XT_OP_BEQZ:
    case XT_OP_BEQZ_N:
    case XT_OP_BNEZ:
    case XT_OP_BNEZ_N:
    case XT_OP_BLTZ:
    case XT_OP_BGEZ:
        cmp_ai(m, a, 0);
        return compare_cc(in->op);
    default: /* never taken */
        x64_alu_rr(b, 0, A_CMP, RAX, RAX);
        return CC_NE;
    }
}

void x64e_value(em *m, const xt_insn *in)
{
    x64_buf *b = &m->b;
    int32_t im = in->imm;
    unsigned op = 0, sh = 0;
    switch (in->op) {
    case XT_OP_MOVI:
    case XT_OP_MOVI_N:
        x64_mov_ri(b, RAX, (uint32_t)im);
        return;
    case XT_OP_MOV_N:
        ld_a(m, RAX, in->b);
        return;
    case XT_OP_ADDI:
    case XT_OP_ADDMI:
    case XT_OP_ADDI_N:
        ld_a(m, RAX, in->b);
        if (im)
            x64_alu_ri(b, 0, 0, RAX, im);
        return;
    case XT_OP_SLLI:
    case XT_OP_SRLI:
    case XT_OP_SRAI:
        ld_a(m, RAX, in->b);
        shift_imm(m, in, RAX);
        return;
    case XT_OP_EXTUI:
        ld_a(m, RAX, in->b);
        extui(m, in, RAX);
        return;
    case XT_OP_ADDX8:
    case XT_OP_SUBX8:
        sh++;
        /* fall through */
    case XT_OP_ADDX4:
    case XT_OP_SUBX4:
        sh++;
        /* fall through */
    case XT_OP_ADDX2:
    case XT_OP_SUBX2:
        sh++;
        op = in->op == XT_OP_SUBX2 || in->op == XT_OP_SUBX4 ||
                     in->op == XT_OP_SUBX8
                 ? A_SUB
                 : A_ADD;
        break;
    case XT_OP_SUB:
        op = A_SUB;
        break;
    case XT_OP_AND:
        op = A_AND;
        break;
    case XT_OP_OR:
        op = A_OR;
        break;
    case XT_OP_XOR:
        op = A_XOR;
        break;
    default: /* ADD, ADD.N */
        op = A_ADD;
        break;
    }
    ld_a(m, RAX, in->b);
    if (sh)
        x64_shift_ri(b, 0, 4, RAX, sh);
    alu_a(m, op, RAX, in->c);
}

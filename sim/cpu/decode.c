/* SPDX-License-Identifier: BSD-3-Clause */
/* LX106 instruction decoder.
 *
 * Instruction fields (little-endian word w, Xtensa ISA naming):
 *   op0 = w[3:0], t = w[7:4], s = w[11:8], r = w[15:12],
 *   op1 = w[19:16], op2 = w[23:20]; op0 8..13 are 16-bit (density).
 * The accepted encodings are exactly those Debian's xtensa-lx106-elf-objdump
 * decodes for this core (see tests/disasm), including its don't-care
 * fields: s is ignored by ret, ret.n and rfdd.
 */
#include "isa.h"

/* ---- field extraction --------------------------------------------- */

static inline unsigned f_op0(uint32_t w)
{
    return w & 0xf;
}
static inline unsigned f_t(uint32_t w)
{
    return (w >> 4) & 0xf;
}
static inline unsigned f_s(uint32_t w)
{
    return (w >> 8) & 0xf;
}
static inline unsigned f_r(uint32_t w)
{
    return (w >> 12) & 0xf;
}
static inline unsigned f_op1(uint32_t w)
{
    return (w >> 16) & 0xf;
}
static inline unsigned f_op2(uint32_t w)
{
    return (w >> 20) & 0xf;
}
static inline unsigned f_imm8(uint32_t w)
{
    return (w >> 16) & 0xff;
}
static inline unsigned f_sr(uint32_t w)
{
    return (w >> 8) & 0xff;
}
/* CALL format: n = w[5:4], m = w[7:6] (BRI8/BRI12 sub-opcodes too). */
static inline unsigned f_n(uint32_t w)
{
    return (w >> 4) & 3;
}
static inline unsigned f_m(uint32_t w)
{
    return (w >> 6) & 3;
}

static inline int32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    v &= (m << 1) - 1;
    return (int32_t)((v ^ m) - m);
}

/* Branch-immediate tables (beqi/bnei/blti/bgei and bltui/bgeui). */
static const int32_t b4const[16] = {
    -1, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 32, 64, 128, 256,
};
static const int32_t b4constu[16] = {
    32768, 65536, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 32, 64, 128, 256,
};

/* ---- per-opcode properties ---------------------------------------- */

enum { RD_A = 1, RD_B = 2, RD_C = 4, RD_A0 = 8 };

struct op_props {
    uint8_t flags; /* XT_IF_* */
    uint8_t reads; /* RD_*: which operand fields are source registers */
};

#define BR  (XT_IF_BRANCH)
#define BRT (XT_IF_BRANCH | XT_IF_TARGET)
#define LD  (XT_IF_LOAD)
#define MU  (XT_IF_MUL)

static const struct op_props op_props[XT_OP_COUNT] = {
    [XT_OP_ILLEGAL] = { BR, 0 },
    [XT_OP_ADD] = { 0, RD_B | RD_C },
    [XT_OP_ADDX2] = { 0, RD_B | RD_C },
    [XT_OP_ADDX4] = { 0, RD_B | RD_C },
    [XT_OP_ADDX8] = { 0, RD_B | RD_C },
    [XT_OP_SUB] = { 0, RD_B | RD_C },
    [XT_OP_SUBX2] = { 0, RD_B | RD_C },
    [XT_OP_SUBX4] = { 0, RD_B | RD_C },
    [XT_OP_SUBX8] = { 0, RD_B | RD_C },
    [XT_OP_AND] = { 0, RD_B | RD_C },
    [XT_OP_OR] = { 0, RD_B | RD_C },
    [XT_OP_XOR] = { 0, RD_B | RD_C },
    [XT_OP_NEG] = { 0, RD_B },
    [XT_OP_ABS] = { 0, RD_B },
    [XT_OP_ADDI] = { 0, RD_B },
    [XT_OP_ADDMI] = { 0, RD_B },
    [XT_OP_MOVI] = { 0, 0 },
    [XT_OP_MOVEQZ] = { 0, RD_B | RD_C },
    [XT_OP_MOVNEZ] = { 0, RD_B | RD_C },
    [XT_OP_MOVLTZ] = { 0, RD_B | RD_C },
    [XT_OP_MOVGEZ] = { 0, RD_B | RD_C },
    [XT_OP_SLL] = { 0, RD_B },
    [XT_OP_SRL] = { 0, RD_B },
    [XT_OP_SRA] = { 0, RD_B },
    [XT_OP_SRC] = { 0, RD_B | RD_C },
    [XT_OP_SLLI] = { 0, RD_B },
    [XT_OP_SRLI] = { 0, RD_B },
    [XT_OP_SRAI] = { 0, RD_B },
    [XT_OP_EXTUI] = { 0, RD_B },
    [XT_OP_SSR] = { 0, RD_A },
    [XT_OP_SSL] = { 0, RD_A },
    [XT_OP_SSA8L] = { 0, RD_A },
    [XT_OP_SSA8B] = { 0, RD_A },
    [XT_OP_SSAI] = { 0, 0 },
    [XT_OP_NSA] = { 0, RD_B },
    [XT_OP_NSAU] = { 0, RD_B },
    [XT_OP_MUL16U] = { MU, RD_B | RD_C },
    [XT_OP_MUL16S] = { MU, RD_B | RD_C },
    [XT_OP_MULL] = { MU, RD_B | RD_C },
    [XT_OP_L8UI] = { LD, RD_B },
    [XT_OP_L16UI] = { LD, RD_B },
    [XT_OP_L16SI] = { LD, RD_B },
    [XT_OP_L32I] = { LD, RD_B },
    [XT_OP_S8I] = { 0, RD_A | RD_B },
    [XT_OP_S16I] = { 0, RD_A | RD_B },
    [XT_OP_S32I] = { 0, RD_A | RD_B },
    [XT_OP_L32R] = { LD | XT_IF_TARGET, 0 },
    [XT_OP_BEQ] = { BRT, RD_A | RD_B },
    [XT_OP_BNE] = { BRT, RD_A | RD_B },
    [XT_OP_BLT] = { BRT, RD_A | RD_B },
    [XT_OP_BGE] = { BRT, RD_A | RD_B },
    [XT_OP_BLTU] = { BRT, RD_A | RD_B },
    [XT_OP_BGEU] = { BRT, RD_A | RD_B },
    [XT_OP_BANY] = { BRT, RD_A | RD_B },
    [XT_OP_BNONE] = { BRT, RD_A | RD_B },
    [XT_OP_BALL] = { BRT, RD_A | RD_B },
    [XT_OP_BNALL] = { BRT, RD_A | RD_B },
    [XT_OP_BBC] = { BRT, RD_A | RD_B },
    [XT_OP_BBS] = { BRT, RD_A | RD_B },
    [XT_OP_BBCI] = { BRT, RD_A },
    [XT_OP_BBSI] = { BRT, RD_A },
    [XT_OP_BEQI] = { BRT, RD_A },
    [XT_OP_BNEI] = { BRT, RD_A },
    [XT_OP_BLTI] = { BRT, RD_A },
    [XT_OP_BGEI] = { BRT, RD_A },
    [XT_OP_BLTUI] = { BRT, RD_A },
    [XT_OP_BGEUI] = { BRT, RD_A },
    [XT_OP_BEQZ] = { BRT, RD_A },
    [XT_OP_BNEZ] = { BRT, RD_A },
    [XT_OP_BLTZ] = { BRT, RD_A },
    [XT_OP_BGEZ] = { BRT, RD_A },
    [XT_OP_J] = { BRT, 0 },
    [XT_OP_JX] = { BR, RD_A },
    [XT_OP_CALL0] = { BRT, 0 },
    [XT_OP_CALLX0] = { BR, RD_A },
    [XT_OP_RET] = { BR, RD_A0 },
    [XT_OP_RSR] = { 0, 0 },
    [XT_OP_WSR] = { 0, RD_A },
    [XT_OP_XSR] = { 0, RD_A },
    [XT_OP_RSIL] = { 0, 0 },
    [XT_OP_WAITI] = { BR, 0 },
    [XT_OP_RFE] = { BR, 0 },
    [XT_OP_RFDE] = { BR, 0 },
    [XT_OP_RFI] = { BR, 0 },
    [XT_OP_RFDO] = { BR, 0 },
    [XT_OP_RFDD] = { BR, 0 },
    [XT_OP_SYSCALL] = { BR, 0 },
    [XT_OP_SIMCALL] = { BR, 0 },
    [XT_OP_BREAK] = { BR, 0 },
    [XT_OP_ILL] = { BR, 0 },
    [XT_OP_EXCW] = { 0, 0 },
    [XT_OP_ISYNC] = { 0, 0 },
    [XT_OP_RSYNC] = { 0, 0 },
    [XT_OP_ESYNC] = { 0, 0 },
    [XT_OP_DSYNC] = { 0, 0 },
    [XT_OP_MEMW] = { 0, 0 },
    [XT_OP_EXTW] = { 0, 0 },
    [XT_OP_NOP] = { 0, 0 },
    [XT_OP_RER] = { 0, RD_B },
    [XT_OP_WER] = { 0, RD_A | RD_B },
    [XT_OP_RITLB0] = { 0, RD_B },
    [XT_OP_RITLB1] = { 0, RD_B },
    [XT_OP_RDTLB0] = { 0, RD_B },
    [XT_OP_RDTLB1] = { 0, RD_B },
    [XT_OP_WITLB] = { 0, RD_A | RD_B },
    [XT_OP_WDTLB] = { 0, RD_A | RD_B },
    [XT_OP_IITLB] = { 0, RD_A },
    [XT_OP_IDTLB] = { 0, RD_A },
    [XT_OP_PITLB] = { 0, RD_B },
    [XT_OP_PDTLB] = { 0, RD_B },
    [XT_OP_ADD_N] = { 0, RD_B | RD_C },
    [XT_OP_ADDI_N] = { 0, RD_B },
    [XT_OP_MOV_N] = { 0, RD_B },
    [XT_OP_MOVI_N] = { 0, 0 },
    [XT_OP_L32I_N] = { LD, RD_B },
    [XT_OP_S32I_N] = { 0, RD_A | RD_B },
    [XT_OP_BEQZ_N] = { BRT, RD_A },
    [XT_OP_BNEZ_N] = { BRT, RD_A },
    [XT_OP_RET_N] = { BR, RD_A0 },
    [XT_OP_BREAK_N] = { BR, 0 },
    [XT_OP_NOP_N] = { 0, 0 },
    [XT_OP_ILL_N] = { BR, 0 },
};

#undef BR
#undef BRT
#undef LD
#undef MU

static const char *const op_names[XT_OP_COUNT] = {
#define XT_OP_NAME(name, mn) [XT_OP_##name] = mn,
    XT_OPCODES(XT_OP_NAME)
#undef XT_OP_NAME
};

const char *xt_op_name(unsigned op)
{
    return op < XT_OP_COUNT ? op_names[op] : "<bad-op>";
}

/* ---- special registers -------------------------------------------- */

#define R_  XT_SR_ACC_R
#define W_  XT_SR_ACC_W
#define RWX (XT_SR_ACC_R | XT_SR_ACC_W | XT_SR_ACC_X)

static const struct sr_info {
    const char *name;
    uint8_t access;
} sr_table[256] = {
    [XT_SR_SAR] = { "sar", RWX },
    [XT_SR_LITBASE] = { "litbase", RWX },
    [XT_SR_MMID] = { "mmid", W_ },
    [XT_SR_IBREAKENABLE] = { "ibreakenable", RWX },
    [XT_SR_DDR] = { "ddr", RWX },
    [XT_SR_IBREAKA0] = { "ibreaka0", RWX },
    [XT_SR_DBREAKA0] = { "dbreaka0", RWX },
    [XT_SR_DBREAKC0] = { "dbreakc0", RWX },
    [XT_SR_CONFIGID0] = { "176", R_ | W_ },
    [XT_SR_EPC1] = { "epc1", RWX },
    [XT_SR_EPC2] = { "epc2", RWX },
    [XT_SR_EPC3] = { "epc3", RWX },
    [XT_SR_DEPC] = { "depc", RWX },
    [XT_SR_EPS2] = { "eps2", RWX },
    [XT_SR_EPS3] = { "eps3", RWX },
    [XT_SR_CONFIGID1] = { "208", R_ },
    [XT_SR_EXCSAVE1] = { "excsave1", RWX },
    [XT_SR_EXCSAVE2] = { "excsave2", RWX },
    [XT_SR_EXCSAVE3] = { "excsave3", RWX },
    [XT_SR_INTERRUPT] = { "interrupt", R_ | W_ },
    [XT_SR_INTCLEAR] = { "intclear", W_ },
    [XT_SR_INTENABLE] = { "intenable", RWX },
    [XT_SR_PS] = { "ps", RWX },
    [XT_SR_VECBASE] = { "vecbase", RWX },
    [XT_SR_EXCCAUSE] = { "exccause", RWX },
    [XT_SR_DEBUGCAUSE] = { "debugcause", RWX },
    [XT_SR_CCOUNT] = { "ccount", RWX },
    [XT_SR_PRID] = { "prid", R_ },
    [XT_SR_ICOUNT] = { "icount", RWX },
    [XT_SR_ICOUNTLEVEL] = { "icountlevel", RWX },
    [XT_SR_EXCVADDR] = { "excvaddr", RWX },
    [XT_SR_CCOMPARE0] = { "ccompare0", RWX },
};

#undef R_
#undef W_
#undef RWX

const char *xt_sr_name(unsigned sr)
{
    return sr < 256 ? sr_table[sr].name : NULL;
}

unsigned xt_sr_access(unsigned sr)
{
    return sr < 256 ? sr_table[sr].access : 0;
}

const char *xt_sr_insn_name(unsigned op, unsigned sr)
{
    unsigned need;
    switch (op) {
    case XT_OP_RSR:
        need = XT_SR_ACC_R;
        break;
    case XT_OP_WSR:
        need = XT_SR_ACC_W;
        break;
    case XT_OP_XSR:
        need = XT_SR_ACC_X;
        break;
    default:
        return NULL;
    }
    if (!(xt_sr_access(sr) & need))
        return NULL;
    if (op == XT_OP_WSR && sr == XT_SR_INTSET)
        return "intset";
    return sr_table[sr].name;
}

/* ---- decoding ------------------------------------------------------ */

/* Small setters keep the case bodies one line each. */
static inline unsigned set_op(xt_insn *in, unsigned op, unsigned a, unsigned b,
                              unsigned c)
{
    in->op = (uint16_t)op;
    in->a = (uint8_t)a;
    in->b = (uint8_t)b;
    in->c = (uint8_t)c;
    return op;
}

static inline unsigned set_imm(xt_insn *in, unsigned op, unsigned a, unsigned b,
                               int32_t imm)
{
    in->imm = imm;
    return set_op(in, op, a, b, 0);
}

static inline unsigned set_br(xt_insn *in, unsigned op, unsigned a, unsigned b,
                              int32_t imm, uint32_t target)
{
    in->target = target;
    return set_imm(in, op, a, b, imm);
}

/* op0 = 0, op1 = 0, op2 = 0 (ST0): r selects the group. */
static unsigned decode_st0(uint32_t w, xt_insn *in)
{
    unsigned t = f_t(w), s = f_s(w);

    switch (f_r(w)) {
    case 0: /* SNM0 */
        if (t == 0 && s == 0)
            return set_op(in, XT_OP_ILL, 0, 0, 0);
        if (t == 0x8) /* objdump ignores s for ret */
            return set_op(in, XT_OP_RET, 0, 0, 0);
        if (t == 0xa)
            return set_op(in, XT_OP_JX, s, 0, 0);
        if (t == 0xc)
            return set_op(in, XT_OP_CALLX0, s, 0, 0);
        return XT_OP_ILLEGAL;
    case 2: /* SYNC */
        if (s != 0)
            return XT_OP_ILLEGAL;
        switch (t) {
        case 0x0:
            return set_op(in, XT_OP_ISYNC, 0, 0, 0);
        case 0x1:
            return set_op(in, XT_OP_RSYNC, 0, 0, 0);
        case 0x2:
            return set_op(in, XT_OP_ESYNC, 0, 0, 0);
        case 0x3:
            return set_op(in, XT_OP_DSYNC, 0, 0, 0);
        case 0x8:
            return set_op(in, XT_OP_EXCW, 0, 0, 0);
        case 0xc:
            return set_op(in, XT_OP_MEMW, 0, 0, 0);
        case 0xd:
            return set_op(in, XT_OP_EXTW, 0, 0, 0);
        case 0xf:
            return set_op(in, XT_OP_NOP, 0, 0, 0);
        }
        return XT_OP_ILLEGAL;
    case 3: /* RFEI */
        if (t == 0 && s == 0)
            return set_op(in, XT_OP_RFE, 0, 0, 0);
        if (t == 0 && s == 2)
            return set_op(in, XT_OP_RFDE, 0, 0, 0);
        if (t == 1)
            return set_imm(in, XT_OP_RFI, 0, 0, (int32_t)s);
        return XT_OP_ILLEGAL;
    case 4:
        in->imm2 = (uint16_t)t;
        return set_imm(in, XT_OP_BREAK, 0, 0, (int32_t)s);
    case 5:
        if (t == 0 && s == 0)
            return set_op(in, XT_OP_SYSCALL, 0, 0, 0);
        if (t == 0 && s == 1)
            return set_op(in, XT_OP_SIMCALL, 0, 0, 0);
        return XT_OP_ILLEGAL;
    case 6:
        return set_imm(in, XT_OP_RSIL, t, 0, (int32_t)s);
    case 7:
        if (t == 0)
            return set_imm(in, XT_OP_WAITI, 0, 0, (int32_t)s);
        return XT_OP_ILLEGAL;
    }
    return XT_OP_ILLEGAL;
}

/* op0 = 0, op1 = 0, op2 = 4 (ST1): shift-amount setup, NSA, RER/WER. */
static unsigned decode_st1(uint32_t w, xt_insn *in)
{
    unsigned t = f_t(w), s = f_s(w);

    switch (f_r(w)) {
    case 0x0:
        return t ? XT_OP_ILLEGAL : set_op(in, XT_OP_SSR, s, 0, 0);
    case 0x1:
        return t ? XT_OP_ILLEGAL : set_op(in, XT_OP_SSL, s, 0, 0);
    case 0x2:
        return t ? XT_OP_ILLEGAL : set_op(in, XT_OP_SSA8L, s, 0, 0);
    case 0x3:
        return t ? XT_OP_ILLEGAL : set_op(in, XT_OP_SSA8B, s, 0, 0);
    case 0x4:
        if (t > 1)
            return XT_OP_ILLEGAL;
        return set_imm(in, XT_OP_SSAI, 0, 0, (int32_t)(s | (t << 4)));
    case 0x6:
        return set_op(in, XT_OP_RER, t, s, 0);
    case 0x7:
        return set_op(in, XT_OP_WER, t, s, 0);
    case 0xe:
        return set_op(in, XT_OP_NSA, t, s, 0);
    case 0xf:
        return set_op(in, XT_OP_NSAU, t, s, 0);
    }
    return XT_OP_ILLEGAL;
}

/* op0 = 0, op1 = 0, op2 = 5: region-protection TLB instructions. */
static unsigned decode_tlb(uint32_t w, xt_insn *in)
{
    unsigned t = f_t(w), s = f_s(w);

    switch (f_r(w)) {
    case 0x3:
        return set_op(in, XT_OP_RITLB0, t, s, 0);
    case 0x4:
        return t ? XT_OP_ILLEGAL : set_op(in, XT_OP_IITLB, s, 0, 0);
    case 0x5:
        return set_op(in, XT_OP_PITLB, t, s, 0);
    case 0x6:
        return set_op(in, XT_OP_WITLB, t, s, 0);
    case 0x7:
        return set_op(in, XT_OP_RITLB1, t, s, 0);
    case 0xb:
        return set_op(in, XT_OP_RDTLB0, t, s, 0);
    case 0xc:
        return t ? XT_OP_ILLEGAL : set_op(in, XT_OP_IDTLB, s, 0, 0);
    case 0xd:
        return set_op(in, XT_OP_PDTLB, t, s, 0);
    case 0xe:
        return set_op(in, XT_OP_WDTLB, t, s, 0);
    case 0xf:
        return set_op(in, XT_OP_RDTLB1, t, s, 0);
    }
    return XT_OP_ILLEGAL;
}

/* op0 = 0, op1 = 0 (RST0). */
static unsigned decode_rst0(uint32_t w, xt_insn *in)
{
    unsigned t = f_t(w), s = f_s(w), r = f_r(w);

    switch (f_op2(w)) {
    case 0x0:
        return decode_st0(w, in);
    case 0x1:
        return set_op(in, XT_OP_AND, r, s, t);
    case 0x2:
        return set_op(in, XT_OP_OR, r, s, t);
    case 0x3:
        return set_op(in, XT_OP_XOR, r, s, t);
    case 0x4:
        return decode_st1(w, in);
    case 0x5:
        return decode_tlb(w, in);
    case 0x6:
        if (s == 0)
            return set_op(in, XT_OP_NEG, r, t, 0);
        if (s == 1)
            return set_op(in, XT_OP_ABS, r, t, 0);
        return XT_OP_ILLEGAL;
    case 0x8:
        return set_op(in, XT_OP_ADD, r, s, t);
    case 0x9:
        return set_op(in, XT_OP_ADDX2, r, s, t);
    case 0xa:
        return set_op(in, XT_OP_ADDX4, r, s, t);
    case 0xb:
        return set_op(in, XT_OP_ADDX8, r, s, t);
    case 0xc:
        return set_op(in, XT_OP_SUB, r, s, t);
    case 0xd:
        return set_op(in, XT_OP_SUBX2, r, s, t);
    case 0xe:
        return set_op(in, XT_OP_SUBX4, r, s, t);
    case 0xf:
        return set_op(in, XT_OP_SUBX8, r, s, t);
    }
    return XT_OP_ILLEGAL;
}

static unsigned decode_sr(unsigned op, uint32_t w, xt_insn *in)
{
    unsigned sr = f_sr(w);
    if (!xt_sr_insn_name(op, sr))
        return XT_OP_ILLEGAL;
    return set_imm(in, op, f_t(w), 0, (int32_t)sr);
}

/* op0 = 0, op1 = 1 (RST1). */
static unsigned decode_rst1(uint32_t w, xt_insn *in)
{
    unsigned t = f_t(w), s = f_s(w), r = f_r(w), op2 = f_op2(w);

    switch (op2) {
    case 0x0:
    case 0x1: /* slli: encoded as 32 - shift */
        return set_imm(in, XT_OP_SLLI, r, s,
                       (int32_t)(32 - (((op2 & 1) << 4) | t)));
    case 0x2:
    case 0x3:
        return set_imm(in, XT_OP_SRAI, r, t, (int32_t)(((op2 & 1) << 4) | s));
    case 0x4:
        return set_imm(in, XT_OP_SRLI, r, t, (int32_t)s);
    case 0x6:
        return decode_sr(XT_OP_XSR, w, in);
    case 0x8:
        return set_op(in, XT_OP_SRC, r, s, t);
    case 0x9:
        return s ? XT_OP_ILLEGAL : set_op(in, XT_OP_SRL, r, t, 0);
    case 0xa:
        return t ? XT_OP_ILLEGAL : set_op(in, XT_OP_SLL, r, s, 0);
    case 0xb:
        return s ? XT_OP_ILLEGAL : set_op(in, XT_OP_SRA, r, t, 0);
    case 0xc:
        return set_op(in, XT_OP_MUL16U, r, s, t);
    case 0xd:
        return set_op(in, XT_OP_MUL16S, r, s, t);
    case 0xf: /* IMP */
        if (r != 0xe)
            return XT_OP_ILLEGAL;
        if (t == 0)
            return set_imm(in, XT_OP_RFDO, 0, 0, (int32_t)s);
        if (t == 1) /* objdump ignores s for rfdd */
            return set_op(in, XT_OP_RFDD, 0, 0, 0);
        return XT_OP_ILLEGAL;
    }
    return XT_OP_ILLEGAL;
}

/* op0 = 0 (QRST). */
static unsigned decode_qrst(uint32_t w, xt_insn *in)
{
    unsigned t = f_t(w), s = f_s(w), r = f_r(w), op2 = f_op2(w);

    switch (f_op1(w)) {
    case 0x0:
        return decode_rst0(w, in);
    case 0x1:
        return decode_rst1(w, in);
    case 0x2:
        return op2 == 8 ? set_op(in, XT_OP_MULL, r, s, t) : XT_OP_ILLEGAL;
    case 0x3:
        switch (op2) {
        case 0x0:
            return decode_sr(XT_OP_RSR, w, in);
        case 0x1:
            return decode_sr(XT_OP_WSR, w, in);
        case 0x8:
            return set_op(in, XT_OP_MOVEQZ, r, s, t);
        case 0x9:
            return set_op(in, XT_OP_MOVNEZ, r, s, t);
        case 0xa:
            return set_op(in, XT_OP_MOVLTZ, r, s, t);
        case 0xb:
            return set_op(in, XT_OP_MOVGEZ, r, s, t);
        }
        return XT_OP_ILLEGAL;
    case 0x4:
    case 0x5: /* extui: shift = op1[0]:s, mask bits = op2 + 1 */
        in->imm2 = (uint16_t)(op2 + 1);
        return set_imm(in, XT_OP_EXTUI, r, t,
                       (int32_t)(((f_op1(w) & 1) << 4) | s));
    }
    return XT_OP_ILLEGAL;
}

/* op0 = 2 (LSAI): loads, stores, movi, addi, addmi. */
static unsigned decode_lsai(uint32_t w, xt_insn *in)
{
    unsigned t = f_t(w), s = f_s(w), imm8 = f_imm8(w);

    switch (f_r(w)) {
    case 0x0:
        return set_imm(in, XT_OP_L8UI, t, s, (int32_t)imm8);
    case 0x1:
        return set_imm(in, XT_OP_L16UI, t, s, (int32_t)(imm8 << 1));
    case 0x2:
        return set_imm(in, XT_OP_L32I, t, s, (int32_t)(imm8 << 2));
    case 0x4:
        return set_imm(in, XT_OP_S8I, t, s, (int32_t)imm8);
    case 0x5:
        return set_imm(in, XT_OP_S16I, t, s, (int32_t)(imm8 << 1));
    case 0x6:
        return set_imm(in, XT_OP_S32I, t, s, (int32_t)(imm8 << 2));
    case 0x9:
        return set_imm(in, XT_OP_L16SI, t, s, (int32_t)(imm8 << 1));
    case 0xa:
        return set_imm(in, XT_OP_MOVI, t, 0, sext((s << 8) | imm8, 12));
    case 0xc:
        return set_imm(in, XT_OP_ADDI, t, s, sext(imm8, 8));
    case 0xd:
        return set_imm(in, XT_OP_ADDMI, t, s, sext(imm8, 8) * 256);
    }
    return XT_OP_ILLEGAL;
}

/* op0 = 6 (SI): j, and branches against zero or a constant. */
static unsigned decode_si(uint32_t pc, uint32_t w, xt_insn *in)
{
    static const uint8_t bz_ops[4] = { XT_OP_BEQZ, XT_OP_BNEZ, XT_OP_BLTZ,
                                       XT_OP_BGEZ };
    static const uint8_t bi0_ops[4] = { XT_OP_BEQI, XT_OP_BNEI, XT_OP_BLTI,
                                        XT_OP_BGEI };
    unsigned s = f_s(w), r = f_r(w), m = f_m(w);
    uint32_t t8 = pc + 4 + (uint32_t)sext(f_imm8(w), 8);

    switch (f_n(w)) {
    case 0: /* offset18 */
        return set_br(in, XT_OP_J, 0, 0, 0,
                      pc + 4 + (uint32_t)sext(w >> 6, 18));
    case 1: /* BZ: imm12 */
        return set_br(in, bz_ops[m], s, 0, 0,
                      pc + 4 + (uint32_t)sext(w >> 12, 12));
    case 2:
        return set_br(in, bi0_ops[m], s, 0, b4const[r], t8);
    case 3:
        if (m == 2)
            return set_br(in, XT_OP_BLTUI, s, 0, b4constu[r], t8);
        if (m == 3)
            return set_br(in, XT_OP_BGEUI, s, 0, b4constu[r], t8);
        return XT_OP_ILLEGAL; /* entry, bf/bt, loops: not in this core */
    }
    return XT_OP_ILLEGAL;
}

/* op0 = 7 (B): register-register and bit-test branches. */
static unsigned decode_b(uint32_t pc, uint32_t w, xt_insn *in)
{
    static const uint8_t ops[16] = {
        XT_OP_BNONE, XT_OP_BEQ,  XT_OP_BLT,  XT_OP_BLTU, XT_OP_BALL, XT_OP_BBC,
        XT_OP_BBCI,  XT_OP_BBCI, XT_OP_BANY, XT_OP_BNE,  XT_OP_BGE,  XT_OP_BGEU,
        XT_OP_BNALL, XT_OP_BBS,  XT_OP_BBSI, XT_OP_BBSI,
    };
    unsigned t = f_t(w), s = f_s(w), r = f_r(w), op = ops[r];
    uint32_t target = pc + 4 + (uint32_t)sext(f_imm8(w), 8);

    if (op == XT_OP_BBCI || op == XT_OP_BBSI)
        return set_br(in, op, s, 0, (int32_t)(((r & 1) << 4) | t), target);
    return set_br(in, op, s, t, 0, target);
}

/* 16-bit density instructions (op0 = 8..13). */
static unsigned decode_narrow(uint32_t pc, uint32_t w, xt_insn *in)
{
    unsigned t = f_t(w), s = f_s(w), r = f_r(w);

    switch (f_op0(w)) {
    case 0x8:
        return set_imm(in, XT_OP_L32I_N, t, s, (int32_t)(r << 2));
    case 0x9:
        return set_imm(in, XT_OP_S32I_N, t, s, (int32_t)(r << 2));
    case 0xa:
        return set_op(in, XT_OP_ADD_N, r, s, t);
    case 0xb:
        return set_imm(in, XT_OP_ADDI_N, r, s, t ? (int32_t)t : -1);
    case 0xc:        /* ST2 */
        if (t < 8) { /* movi.n: 7-bit immediate, range -32..95 */
            int32_t v = (int32_t)(((t & 7) << 4) | r);
            return set_imm(in, XT_OP_MOVI_N, s, 0, v >= 96 ? v - 128 : v);
        }
        return set_br(in, (t & 4) ? XT_OP_BNEZ_N : XT_OP_BEQZ_N, s, 0, 0,
                      pc + 4 + (((t & 3) << 4) | r));
    case 0xd: /* ST3 */
        if (r == 0)
            return set_op(in, XT_OP_MOV_N, t, s, 0);
        if (r != 0xf)
            return XT_OP_ILLEGAL;
        switch (t) {
        case 0:
            return set_op(in, XT_OP_RET_N, 0, 0, 0); /* s ignored */
        case 2:
            return set_imm(in, XT_OP_BREAK_N, 0, 0, (int32_t)s);
        case 3:
            return s ? XT_OP_ILLEGAL : set_op(in, XT_OP_NOP_N, 0, 0, 0);
        case 6:
            return s ? XT_OP_ILLEGAL : set_op(in, XT_OP_ILL_N, 0, 0, 0);
        }
        return XT_OP_ILLEGAL;
    }
    return XT_OP_ILLEGAL;
}

static unsigned decode_word(uint32_t pc, uint32_t w, xt_insn *in)
{
    switch (f_op0(w)) {
    case 0x0:
        return decode_qrst(w, in);
    case 0x1: { /* l32r: offset = 1s(14) : imm16 : 00, always negative */
        int32_t off = (int32_t)(0xfffc0000u | ((w >> 8) << 2));
        return set_br(in, XT_OP_L32R, f_t(w), 0, off,
                      ((pc + 3) & ~3u) + (uint32_t)off);
    }
    case 0x2:
        return decode_lsai(w, in);
    case 0x5: /* CALLN: only call0 (no windowed calls) */
        if (f_n(w) != 0)
            return XT_OP_ILLEGAL;
        return set_br(in, XT_OP_CALL0, 0, 0, 0,
                      (pc & ~3u) + 4 + ((uint32_t)sext(w >> 6, 18) << 2));
    case 0x6:
        return decode_si(pc, w, in);
    case 0x7:
        return decode_b(pc, w, in);
    case 0x8:
    case 0x9:
    case 0xa:
    case 0xb:
    case 0xc:
    case 0xd:
        return decode_narrow(pc, w, in);
    }
    /* op0 3 (LSCI: FP/cache loads), 4 (MAC16), 14, 15: not in this core */
    return XT_OP_ILLEGAL;
}

int xt_decode(uint32_t pc, const uint8_t *buf, size_t avail, xt_insn *out)
{
    xt_insn in = { 0 };
    int len;
    uint32_t w;
    unsigned op;

    if (avail < 1)
        return 0;
    len = xt_insn_len(buf[0]);
    if (avail < (size_t)len)
        return 0;
    w = (uint32_t)buf[0] | ((uint32_t)buf[1] << 8);
    if (len == 3)
        w |= (uint32_t)buf[2] << 16;

    op = decode_word(pc, w, &in);
    if (op == XT_OP_ILLEGAL) {
        in = (xt_insn){ 0 };
        in.imm = (int32_t)w;
    }
    in.op = (uint16_t)op;
    in.len = (uint8_t)len;
    in.flags = op_props[op].flags;
    in.rmask = 0;
    if (op_props[op].reads & RD_A)
        in.rmask |= (uint16_t)(1u << in.a);
    if (op_props[op].reads & RD_B)
        in.rmask |= (uint16_t)(1u << in.b);
    if (op_props[op].reads & RD_C)
        in.rmask |= (uint16_t)(1u << in.c);
    if (op_props[op].reads & RD_A0)
        in.rmask |= 1u;
    *out = in;
    return len;
}

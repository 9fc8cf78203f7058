/* SPDX-License-Identifier: BSD-3-Clause */
/* LX106 instruction set: opcode list, decoded-instruction record, decoder.
 *
 * The decoder turns 2 or 3 little-endian instruction bytes at a given PC
 * into an xt_insn.  Operands are stored in assembler order (a, b, c are
 * address-register numbers 0..15, imm/imm2 immediates already scaled and
 * sign-extended, target an absolute address for PC-relative forms), so the
 * disassembler and the executor read the same record.
 */
#ifndef DSPSIM_CPU_ISA_H
#define DSPSIM_CPU_ISA_H

#include <stddef.h>
#include <stdint.h>

/* X-macro: opcode name (enum suffix) and mnemonic as objdump prints it.
 * RSR/WSR/XSR carry the special-register number in imm; the mnemonic
 * suffix (".sar") comes from the SR name table.  Laid out by hand: the
 * formatter leaves it alone. */
/* clang-format off */
#define XT_OPCODES(X)                                                          \
    X(ILLEGAL, "<illegal>") /* undecodable: raises IllegalInstruction */     \
    X(ADD, "add") X(ADDX2, "addx2") X(ADDX4, "addx4") X(ADDX8, "addx8")       \
    X(SUB, "sub") X(SUBX2, "subx2") X(SUBX4, "subx4") X(SUBX8, "subx8")       \
    X(AND, "and") X(OR, "or") X(XOR, "xor")                                   \
    X(NEG, "neg") X(ABS, "abs")                                               \
    X(ADDI, "addi") X(ADDMI, "addmi") X(MOVI, "movi")                         \
    X(MOVEQZ, "moveqz") X(MOVNEZ, "movnez") X(MOVLTZ, "movltz")               \
    X(MOVGEZ, "movgez")                                                       \
    X(SLL, "sll") X(SRL, "srl") X(SRA, "sra") X(SRC, "src")                   \
    X(SLLI, "slli") X(SRLI, "srli") X(SRAI, "srai") X(EXTUI, "extui")         \
    X(SSR, "ssr") X(SSL, "ssl") X(SSA8L, "ssa8l") X(SSA8B, "ssa8b")           \
    X(SSAI, "ssai")                                                           \
    X(NSA, "nsa") X(NSAU, "nsau")                                             \
    X(MUL16U, "mul16u") X(MUL16S, "mul16s") X(MULL, "mull")                   \
    X(L8UI, "l8ui") X(L16UI, "l16ui") X(L16SI, "l16si") X(L32I, "l32i")       \
    X(S8I, "s8i") X(S16I, "s16i") X(S32I, "s32i") X(L32R, "l32r")             \
    X(BEQ, "beq") X(BNE, "bne") X(BLT, "blt") X(BGE, "bge")                   \
    X(BLTU, "bltu") X(BGEU, "bgeu") X(BANY, "bany") X(BNONE, "bnone")         \
    X(BALL, "ball") X(BNALL, "bnall") X(BBC, "bbc") X(BBS, "bbs")             \
    X(BBCI, "bbci") X(BBSI, "bbsi")                                           \
    X(BEQI, "beqi") X(BNEI, "bnei") X(BLTI, "blti") X(BGEI, "bgei")           \
    X(BLTUI, "bltui") X(BGEUI, "bgeui")                                       \
    X(BEQZ, "beqz") X(BNEZ, "bnez") X(BLTZ, "bltz") X(BGEZ, "bgez")           \
    X(J, "j") X(JX, "jx") X(CALL0, "call0") X(CALLX0, "callx0")               \
    X(RET, "ret")                                                             \
    X(RSR, "rsr") X(WSR, "wsr") X(XSR, "xsr")                                 \
    X(RSIL, "rsil") X(WAITI, "waiti")                                         \
    X(RFE, "rfe") X(RFDE, "rfde") X(RFI, "rfi") X(RFDO, "rfdo")               \
    X(RFDD, "rfdd")                                                           \
    X(SYSCALL, "syscall") X(SIMCALL, "simcall") X(BREAK, "break")             \
    X(ILL, "ill") X(EXCW, "excw")                                             \
    X(ISYNC, "isync") X(RSYNC, "rsync") X(ESYNC, "esync")                     \
    X(DSYNC, "dsync") X(MEMW, "memw") X(EXTW, "extw") X(NOP, "nop")           \
    X(RER, "rer") X(WER, "wer")                                               \
    X(RITLB0, "ritlb0") X(RITLB1, "ritlb1") X(RDTLB0, "rdtlb0")               \
    X(RDTLB1, "rdtlb1") X(WITLB, "witlb") X(WDTLB, "wdtlb")                   \
    X(IITLB, "iitlb") X(IDTLB, "idtlb") X(PITLB, "pitlb") X(PDTLB, "pdtlb")   \
    /* density (16-bit) forms */                                              \
    X(ADD_N, "add.n") X(ADDI_N, "addi.n") X(MOV_N, "mov.n")                   \
    X(MOVI_N, "movi.n") X(L32I_N, "l32i.n") X(S32I_N, "s32i.n")               \
    X(BEQZ_N, "beqz.n") X(BNEZ_N, "bnez.n") X(RET_N, "ret.n")                 \
    X(BREAK_N, "break.n") X(NOP_N, "nop.n") X(ILL_N, "ill.n")
/* clang-format on */

enum xt_op {
#define XT_OP_ENUM(name, mn) XT_OP_##name,
    XT_OPCODES(XT_OP_ENUM)
#undef XT_OP_ENUM
        XT_OP_COUNT
};

/* Operand conventions per opcode (assembler order):
 *   RRR ALU (add, sub, and, mull, moveqz, src, ...): a=ar, b=as, c=at
 *   neg/abs/srl/sra ar, at: a=ar, b=at;  sll ar, as: a=ar, b=as
 *   nsa/nsau at, as: a=at, b=as
 *   slli ar, as, imm / srli, srai ar, at, imm: a=ar, b=source, imm=shift
 *   extui ar, at, imm=shift, imm2=mask bits (1..16)
 *   ssr/ssl/ssa8l/ssa8b as: a=as;  ssai imm
 *   addi/addmi at, as, imm; movi at, imm
 *   loads/stores at, as, imm (byte offset, scaled)
 *   l32r at, target: target = PC-relative literal address,
 *        imm = the signed byte offset used when LITBASE is enabled
 *   b<cond> as, at, target: a=as, b=at
 *   b<cond>i as, imm, target (b4const/b4constu already applied)
 *   bbci/bbsi as, imm=bit, target
 *   b<cond>z as, target; j/call0 target; jx/callx0 as: a=as
 *   rsr/wsr/xsr at, imm=SR number: a=at
 *   rsil at, imm=level: a=at; waiti imm; rfi imm; rfdo imm
 *   break imm, imm2;  break.n imm
 *   rer/wer at, as: a=at, b=as
 *   ritlb0/1, rdtlb0/1, pitlb, pdtlb at, as: a=at, b=as
 *   witlb/wdtlb at, as: a=at, b=as;  iitlb/idtlb as: a=as
 *   add.n ar, as, at; addi.n ar, as, imm; mov.n at, as (a=at, b=as);
 *   movi.n as, imm (a=as); l32i.n/s32i.n at, as, imm;
 *   beqz.n/bnez.n as, target
 *   <illegal>: imm = the raw instruction word (len bytes, little-endian)
 * Fields not listed for an opcode are 0.
 */
typedef struct xt_insn {
    uint16_t op;     /* enum xt_op */
    uint8_t len;     /* instruction length in bytes: 2 or 3 */
    uint8_t a, b, c; /* register operands, see above */
    uint8_t cost;    /* base cost in cycles, filled by the timing model */
    uint8_t flags;   /* XT_IF_* */
    uint16_t rmask;  /* bit n set: the instruction reads a<n> (interlocks) */
    uint16_t imm2;   /* second immediate (extui mask bits, break imm t) */
    int32_t imm;     /* first immediate */
    uint32_t target; /* absolute branch/call/literal address */
} xt_insn;

enum {
    XT_IF_LOAD = 1u << 0,   /* writes a register from memory (load-use) */
    XT_IF_BRANCH = 1u << 1, /* may change control flow */
    XT_IF_MUL = 1u << 2,    /* multiplier result (2-cycle latency) */
    XT_IF_TARGET = 1u << 3, /* target holds a PC-relative address (branches,
                               j, call0, l32r) */
};

/* Decode the instruction at pc from buf (avail bytes readable, >= 1).
 * Returns the length (2 or 3), or 0 if avail is too short for the length
 * the first byte announces.  An encoding this core does not implement
 * decodes to XT_OP_ILLEGAL with its natural length. */
int xt_decode(uint32_t pc, const uint8_t *buf, size_t avail, xt_insn *out);

/* Length in bytes (2 or 3) announced by an instruction's first byte. */
static inline int xt_insn_len(uint8_t b0)
{
    unsigned op0 = b0 & 0xf;
    return (op0 >= 8 && op0 <= 0xd) ? 2 : 3;
}

/* Mnemonic of an opcode (without the SR suffix of rsr/wsr/xsr). */
const char *xt_op_name(unsigned op);

/* Special-register numbers of this configuration. */
enum xt_sr {
    XT_SR_SAR = 3,
    XT_SR_LITBASE = 5,
    XT_SR_MMID = 89,
    XT_SR_IBREAKENABLE = 96,
    XT_SR_DDR = 104,
    XT_SR_IBREAKA0 = 128,
    XT_SR_DBREAKA0 = 144,
    XT_SR_DBREAKC0 = 160,
    XT_SR_CONFIGID0 = 176,
    XT_SR_EPC1 = 177,
    XT_SR_EPC2 = 178,
    XT_SR_EPC3 = 179,
    XT_SR_DEPC = 192,
    XT_SR_EPS2 = 194,
    XT_SR_EPS3 = 195,
    XT_SR_CONFIGID1 = 208,
    XT_SR_EXCSAVE1 = 209,
    XT_SR_EXCSAVE2 = 210,
    XT_SR_EXCSAVE3 = 211,
    XT_SR_INTERRUPT = 226, /* read: INTERRUPT; write: INTSET */
    XT_SR_INTSET = 226,
    XT_SR_INTCLEAR = 227,
    XT_SR_INTENABLE = 228,
    XT_SR_PS = 230,
    XT_SR_VECBASE = 231,
    XT_SR_EXCCAUSE = 232,
    XT_SR_DEBUGCAUSE = 233,
    XT_SR_CCOUNT = 234,
    XT_SR_PRID = 235,
    XT_SR_ICOUNT = 236,
    XT_SR_ICOUNTLEVEL = 237,
    XT_SR_EXCVADDR = 238,
    XT_SR_CCOMPARE0 = 240,
};

/* Name of a special register as objdump prints it after "rsr.", or NULL
 * when the number is not a register of this configuration.  objdump has
 * no name for CONFIGID0/1: they print as "176" and "208".  Write-only
 * registers (mmid, intclear) still have a name. */
const char *xt_sr_name(unsigned sr);

/* Which of rsr/wsr/xsr exist for a special register (objdump's set):
 * e.g. prid and 208 are rsr-only, mmid and intclear wsr-only, 176 and
 * 226 (interrupt/intset) have no xsr.  0 for an unknown number. */
enum {
    XT_SR_ACC_R = 1u << 0, /* rsr */
    XT_SR_ACC_W = 1u << 1, /* wsr */
    XT_SR_ACC_X = 1u << 2, /* xsr */
};
unsigned xt_sr_access(unsigned sr);

/* Mnemonic suffix of rsr/wsr/xsr (op = XT_OP_RSR/WSR/XSR) for sr, as
 * objdump prints it: like xt_sr_name() except that wsr.226 is "intset".
 * NULL when that instruction does not exist for sr. */
const char *xt_sr_insn_name(unsigned op, unsigned sr);

#endif

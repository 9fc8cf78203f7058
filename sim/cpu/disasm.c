/* SPDX-License-Identifier: BSD-3-Clause */
/* Disassembler: the text xtensa-lx106-elf-objdump prints for an
 * instruction (mnemonic, TAB, operands), built from a decoded xt_insn.
 *
 * objdump conventions reproduced here:
 *  - immediates in -255..255 print in decimal, others as 0x%x of the
 *    32-bit value (movi a2, 0xfffff9ad; l32i a3, a6, 0x18c);
 *  - no-operand instructions have no trailing TAB; rer and wer print no
 *    operands at all (this core's ISA description gives them none);
 *  - PC-relative targets print as "0x%x" when there is no symbol table
 *    and as "%x <sym+0xoff>" when there is one.
 * Known difference: for l32r objdump appends " (value)" with the literal
 * word when the address is inside the dumped image; we never do.
 */
#include "disasm.h"

#include <stdarg.h>
#include <stdio.h>

/* Operand layout per opcode: A/B/C registers a/b/c, I imm, J imm2,
 * T target.  Letters are emitted in order, separated by ", ". */
static const char *const layouts[XT_OP_COUNT] = {
    [XT_OP_ADD] = "ABC",    [XT_OP_ADDX2] = "ABC",  [XT_OP_ADDX4] = "ABC",
    [XT_OP_ADDX8] = "ABC",  [XT_OP_SUB] = "ABC",    [XT_OP_SUBX2] = "ABC",
    [XT_OP_SUBX4] = "ABC",  [XT_OP_SUBX8] = "ABC",  [XT_OP_AND] = "ABC",
    [XT_OP_OR] = "ABC",     [XT_OP_XOR] = "ABC",    [XT_OP_SRC] = "ABC",
    [XT_OP_MUL16U] = "ABC", [XT_OP_MUL16S] = "ABC", [XT_OP_MULL] = "ABC",
    [XT_OP_MOVEQZ] = "ABC", [XT_OP_MOVNEZ] = "ABC", [XT_OP_MOVLTZ] = "ABC",
    [XT_OP_MOVGEZ] = "ABC", [XT_OP_ADD_N] = "ABC",  [XT_OP_NEG] = "AB",
    [XT_OP_ABS] = "AB",     [XT_OP_SLL] = "AB",     [XT_OP_SRL] = "AB",
    [XT_OP_SRA] = "AB",     [XT_OP_NSA] = "AB",     [XT_OP_NSAU] = "AB",
    [XT_OP_MOV_N] = "AB",   [XT_OP_RITLB0] = "AB",  [XT_OP_RITLB1] = "AB",
    [XT_OP_RDTLB0] = "AB",  [XT_OP_RDTLB1] = "AB",  [XT_OP_WITLB] = "AB",
    [XT_OP_WDTLB] = "AB",   [XT_OP_PITLB] = "AB",   [XT_OP_PDTLB] = "AB",
    [XT_OP_ADDI] = "ABI",   [XT_OP_ADDMI] = "ABI",  [XT_OP_SLLI] = "ABI",
    [XT_OP_SRLI] = "ABI",   [XT_OP_SRAI] = "ABI",   [XT_OP_L8UI] = "ABI",
    [XT_OP_L16UI] = "ABI",  [XT_OP_L16SI] = "ABI",  [XT_OP_L32I] = "ABI",
    [XT_OP_S8I] = "ABI",    [XT_OP_S16I] = "ABI",   [XT_OP_S32I] = "ABI",
    [XT_OP_ADDI_N] = "ABI", [XT_OP_L32I_N] = "ABI", [XT_OP_S32I_N] = "ABI",
    [XT_OP_EXTUI] = "ABIJ", [XT_OP_MOVI] = "AI",    [XT_OP_MOVI_N] = "AI",
    [XT_OP_RSIL] = "AI",    [XT_OP_SSR] = "A",      [XT_OP_SSL] = "A",
    [XT_OP_SSA8L] = "A",    [XT_OP_SSA8B] = "A",    [XT_OP_JX] = "A",
    [XT_OP_CALLX0] = "A",   [XT_OP_IITLB] = "A",    [XT_OP_IDTLB] = "A",
    [XT_OP_RSR] = "A",      [XT_OP_WSR] = "A",      [XT_OP_XSR] = "A",
    [XT_OP_SSAI] = "I",     [XT_OP_WAITI] = "I",    [XT_OP_RFI] = "I",
    [XT_OP_RFDO] = "I",     [XT_OP_BREAK_N] = "I",  [XT_OP_BREAK] = "IJ",
    [XT_OP_L32R] = "AT",    [XT_OP_BEQZ] = "AT",    [XT_OP_BNEZ] = "AT",
    [XT_OP_BLTZ] = "AT",    [XT_OP_BGEZ] = "AT",    [XT_OP_BEQZ_N] = "AT",
    [XT_OP_BNEZ_N] = "AT",  [XT_OP_BEQ] = "ABT",    [XT_OP_BNE] = "ABT",
    [XT_OP_BLT] = "ABT",    [XT_OP_BGE] = "ABT",    [XT_OP_BLTU] = "ABT",
    [XT_OP_BGEU] = "ABT",   [XT_OP_BANY] = "ABT",   [XT_OP_BNONE] = "ABT",
    [XT_OP_BALL] = "ABT",   [XT_OP_BNALL] = "ABT",  [XT_OP_BBC] = "ABT",
    [XT_OP_BBS] = "ABT",    [XT_OP_BBCI] = "AIT",   [XT_OP_BBSI] = "AIT",
    [XT_OP_BEQI] = "AIT",   [XT_OP_BNEI] = "AIT",   [XT_OP_BLTI] = "AIT",
    [XT_OP_BGEI] = "AIT",   [XT_OP_BLTUI] = "AIT",  [XT_OP_BGEUI] = "AIT",
    [XT_OP_J] = "T",        [XT_OP_CALL0] = "T",
    /* everything else (ret, nop, rfe, rer, wer, ...): no operands */
};

/* Bounded appender: keeps counting past the end like snprintf. */
struct out {
    char *buf;
    size_t n;
    size_t len;
};

__attribute__((format(printf, 2, 3))) static void put(struct out *o,
                                                      const char *fmt, ...)
{
    va_list ap;
    size_t room = o->len < o->n ? o->n - o->len : 0;
    int k;

    va_start(ap, fmt);
    k = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->len += (size_t)k;
}

static void put_imm(struct out *o, int32_t v)
{
    if (v > -256 && v < 256)
        put(o, "%d", (int)v);
    else
        put(o, "0x%x", (unsigned)(uint32_t)v);
}

static void put_addr(struct out *o, uint32_t addr, xt_sym_lookup_fn sym,
                     const void *user)
{
    const char *name;
    uint32_t off = 0;

    if (!sym) {
        put(o, "0x%x", (unsigned)addr);
        return;
    }
    put(o, "%x", (unsigned)addr);
    name = sym(user, addr, &off);
    if (!name)
        return;
    if (off == 0)
        put(o, " <%s>", name);
    else if ((int32_t)off < 0)
        put(o, " <%s-0x%x>", name, (unsigned)-off);
    else
        put(o, " <%s+0x%x>", name, (unsigned)off);
}

int xt_disasm_insn(const xt_insn *in, char *buf, size_t n, xt_sym_lookup_fn sym,
                   const void *user)
{
    struct out o = { buf, n, 0 };
    unsigned op = in->op;
    const char *layout;

    if (n)
        buf[0] = '\0';
    if (op == XT_OP_ILLEGAL || op >= XT_OP_COUNT) {
        /* The bytes as data, all of them (objdump shows only the first
         * with ".byte" and resynchronises on the next byte). */
        uint32_t w = (uint32_t)in->imm;
        put(&o, ".byte 0x%02x", (unsigned)(w & 0xff));
        for (unsigned i = 1; i < in->len; i++)
            put(&o, ", 0x%02x", (unsigned)((w >> (8 * i)) & 0xff));
        return (int)o.len;
    }

    if (op == XT_OP_RSR || op == XT_OP_WSR || op == XT_OP_XSR) {
        const char *sr = xt_sr_insn_name(op, (unsigned)in->imm);
        if (sr)
            put(&o, "%s.%s", xt_op_name(op), sr);
        else
            put(&o, "%s.%u", xt_op_name(op), (unsigned)in->imm & 0xff);
    } else {
        put(&o, "%s", xt_op_name(op));
    }

    layout = layouts[op];
    for (const char *p = layout; p && *p; p++) {
        put(&o, p == layout ? "\t" : ", ");
        switch (*p) {
        case 'A':
            put(&o, "a%u", in->a);
            break;
        case 'B':
            put(&o, "a%u", in->b);
            break;
        case 'C':
            put(&o, "a%u", in->c);
            break;
        case 'I':
            put_imm(&o, in->imm);
            break;
        case 'J':
            put_imm(&o, in->imm2);
            break;
        case 'T':
            put_addr(&o, in->target, sym, user);
            break;
        }
    }
    return (int)o.len;
}

int xt_insn_hex(const uint8_t *bytes, int len, char *buf, size_t n)
{
    struct out o = { buf, n, 0 };

    if (n)
        buf[0] = '\0';
    for (int i = len - 1; i >= 0; i--)
        put(&o, "%02x", bytes[i]);
    return (int)o.len;
}

int xt_disasm_bytes(uint32_t pc, const uint8_t *bytes, size_t avail, char *buf,
                    size_t n, xt_sym_lookup_fn sym, const void *user)
{
    xt_insn in;
    int len = xt_decode(pc, bytes, avail, &in);

    if (len == 0) {
        if (n)
            buf[0] = '\0';
        return 0;
    }
    xt_disasm_insn(&in, buf, n, sym, user);
    return len;
}

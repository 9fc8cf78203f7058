/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests for the LX106 decoder and disassembler: operand fields,
 * immediate encodings, targets, rmask and flags. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "disasm.h"
#include "isa.h"

/* Decode a word (little-endian; 2 or 3 bytes as op0 announces) at pc. */
static xt_insn dec(uint32_t pc, uint32_t word)
{
    uint8_t b[3] = { (uint8_t)word, (uint8_t)(word >> 8),
                     (uint8_t)(word >> 16) };
    xt_insn in;
    int len = xt_decode(pc, b, sizeof(b), &in);
    assert_int_equal(len, xt_insn_len(b[0]));
    assert_int_equal(in.len, len);
    return in;
}

static const char *text(uint32_t pc, uint32_t word)
{
    static char buf[128];
    xt_insn in = dec(pc, word);
    xt_disasm_insn(&in, buf, sizeof(buf), NULL, NULL);
    return buf;
}

#define R(n) (1u << (n))

static void test_rrr_and_narrow_alu(void **state)
{
    (void)state;
    xt_insn in = dec(0, 0x234a); /* add.n a2, a3, a4 */
    assert_int_equal(in.op, XT_OP_ADD_N);
    assert_int_equal(in.len, 2);
    assert_int_equal(in.a, 2);
    assert_int_equal(in.b, 3);
    assert_int_equal(in.c, 4);
    assert_int_equal(in.rmask, R(3) | R(4));
    assert_int_equal(in.flags, 0);
    assert_string_equal(text(0, 0x234a), "add.n\ta2, a3, a4");

    in = dec(0, 0xc0da40); /* sub a13, a10, a4 */
    assert_int_equal(in.op, XT_OP_SUB);
    assert_int_equal(in.a, 13);
    assert_int_equal(in.b, 10);
    assert_int_equal(in.c, 4);
    assert_int_equal(in.rmask, R(10) | R(4));

    in = dec(0, 0x602040); /* neg a2, a4 */
    assert_int_equal(in.op, XT_OP_NEG);
    assert_int_equal(in.a, 2);
    assert_int_equal(in.b, 4);
    assert_int_equal(in.rmask, R(4));

    in = dec(0, 0xa16b00); /* sll a6, a11 */
    assert_int_equal(in.op, XT_OP_SLL);
    assert_int_equal(in.a, 6);
    assert_int_equal(in.b, 11);
    assert_int_equal(in.rmask, R(11));

    in = dec(0, 0x40ec90); /* nsa a9, a12 */
    assert_int_equal(in.op, XT_OP_NSA);
    assert_int_equal(in.a, 9);
    assert_int_equal(in.b, 12);
    assert_int_equal(in.rmask, R(12));

    in = dec(0, 0x02dd); /* mov.n a13, a2 */
    assert_int_equal(in.op, XT_OP_MOV_N);
    assert_int_equal(in.a, 13);
    assert_int_equal(in.b, 2);
    assert_int_equal(in.rmask, R(2));

    in = dec(0, 0x8396c0); /* moveqz a9, a6, a12 */
    assert_int_equal(in.op, XT_OP_MOVEQZ);
    assert_int_equal(in.rmask, R(6) | R(12));
}

static void test_multiplier(void **state)
{
    (void)state;
    static const struct {
        uint32_t w;
        unsigned op;
    } cases[] = {
        { 0xc11e10, XT_OP_MUL16U },
        { 0xd12430, XT_OP_MUL16S },
        { 0x8282a0, XT_OP_MULL },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        xt_insn in = dec(0, cases[i].w);
        assert_int_equal(in.op, cases[i].op);
        assert_int_equal(in.flags, XT_IF_MUL);
    }
    xt_insn in = dec(0, 0x8282a0); /* mull a8, a2, a10 */
    assert_int_equal(in.a, 8);
    assert_int_equal(in.b, 2);
    assert_int_equal(in.c, 10);
    assert_int_equal(in.rmask, R(2) | R(10));
}

static void test_loads_stores(void **state)
{
    (void)state;
    xt_insn in = dec(0, 0x022122); /* l32i a2, a1, 8 */
    assert_int_equal(in.op, XT_OP_L32I);
    assert_int_equal(in.a, 2);
    assert_int_equal(in.b, 1);
    assert_int_equal(in.imm, 8);
    assert_int_equal(in.rmask, R(1));
    assert_int_equal(in.flags, XT_IF_LOAD);
    assert_string_equal(text(0, 0x022122), "l32i\ta2, a1, 8");

    assert_int_equal(dec(0, 0xff0002).imm, 255);  /* l8ui: bytes */
    assert_int_equal(dec(0, 0xff1002).imm, 510);  /* l16ui: x2 */
    assert_int_equal(dec(0, 0xff9002).imm, 510);  /* l16si: x2 */
    assert_int_equal(dec(0, 0xff2002).imm, 1020); /* l32i: x4 */
    assert_int_equal(dec(0, 0xff9002).op, XT_OP_L16SI);
    assert_int_equal(dec(0, 0xff1002).flags, XT_IF_LOAD);

    in = dec(0, 0x096432); /* s32i a3, a4, 36 */
    assert_int_equal(in.op, XT_OP_S32I);
    assert_int_equal(in.a, 3);
    assert_int_equal(in.b, 4);
    assert_int_equal(in.imm, 36);
    assert_int_equal(in.rmask, R(3) | R(4));
    assert_int_equal(in.flags, 0);

    in = dec(0, 0xe968); /* l32i.n a6, a9, 56 */
    assert_int_equal(in.op, XT_OP_L32I_N);
    assert_int_equal(in.a, 6);
    assert_int_equal(in.b, 9);
    assert_int_equal(in.imm, 56);
    assert_int_equal(in.flags, XT_IF_LOAD);
    assert_int_equal(in.rmask, R(9));

    in = dec(0, 0xb629); /* s32i.n a2, a6, 44 */
    assert_int_equal(in.op, XT_OP_S32I_N);
    assert_int_equal(in.imm, 44);
    assert_int_equal(in.rmask, R(2) | R(6));
}

static void test_immediates(void **state)
{
    (void)state;
    /* movi: 12-bit signed, imm12 = s:imm8 */
    assert_int_equal(dec(0, 0xada9d2).imm, -1619); /* 0xfffff9ad */
    assert_int_equal(dec(0, 0xffa702).imm, 2047);
    assert_int_equal(dec(0, 0x00a802).imm, -2048);
    assert_string_equal(text(0, 0xada9d2), "movi\ta13, 0xfffff9ad");
    assert_string_equal(text(0, 0xffa002), "movi\ta0, 255");
    assert_string_equal(text(0, 0x00a102), "movi\ta0, 0x100");
    assert_string_equal(text(0, 0x01af02), "movi\ta0, -255");
    assert_string_equal(text(0, 0x00af02), "movi\ta0, 0xffffff00");

    /* addi: 8-bit signed; addmi: 8-bit signed << 8 */
    assert_int_equal(dec(0, 0x80c002).imm, -128);
    assert_int_equal(dec(0, 0x7fc002).imm, 127);
    assert_int_equal(dec(0, 0x80d002).imm, -32768);
    assert_int_equal(dec(0, 0x7fd002).imm, 32512);

    /* movi.n: 7-bit, -32..95 */
    int seen[128] = { 0 };
    for (uint32_t t = 0; t < 8; t++)
        for (uint32_t r = 0; r < 16; r++) {
            xt_insn in = dec(0, (r << 12) | (5u << 8) | (t << 4) | 0xc);
            assert_int_equal(in.op, XT_OP_MOVI_N);
            assert_int_equal(in.a, 5);
            assert_true(in.imm >= -32 && in.imm <= 95);
            seen[in.imm + 32]++;
            assert_int_equal(in.imm, (int32_t)((t << 4) | r) >= 96
                                         ? (int32_t)((t << 4) | r) - 128
                                         : (int32_t)((t << 4) | r));
        }
    for (int i = 0; i < 128; i++)
        assert_int_equal(seen[i], 1);
    assert_string_equal(text(0, 0x8f6c), "movi.n\ta15, -24");

    /* addi.n: t = 0 means -1 */
    xt_insn in = dec(0, 0x9d0b);
    assert_int_equal(in.op, XT_OP_ADDI_N);
    assert_int_equal(in.a, 9);
    assert_int_equal(in.b, 13);
    assert_int_equal(in.imm, -1);
    for (uint32_t t = 1; t < 16; t++)
        assert_int_equal(dec(0, 0x9d0b | (t << 4)).imm, (int32_t)t);
}

static void test_shifts(void **state)
{
    (void)state;
    /* slli: encoded as 32 - sa in op2[0]:t */
    xt_insn in = dec(0, 0x11fbb0); /* slli a15, a11, 5 */
    assert_int_equal(in.op, XT_OP_SLLI);
    assert_int_equal(in.a, 15);
    assert_int_equal(in.b, 11);
    assert_int_equal(in.imm, 5);
    assert_int_equal(in.rmask, R(11));
    assert_int_equal(dec(0, 0x01eea0).imm, 22);
    assert_int_equal(dec(0, 0x1100f0).imm, 1);
    assert_int_equal(dec(0, 0x010000).imm, 32); /* objdump accepts "32" */

    /* srai: op2[0]:s; operand is at */
    in = dec(0, 0x31b030); /* srai a11, a3, 16 */
    assert_int_equal(in.op, XT_OP_SRAI);
    assert_int_equal(in.a, 11);
    assert_int_equal(in.b, 3);
    assert_int_equal(in.imm, 16);
    assert_int_equal(in.rmask, R(3));
    assert_int_equal(dec(0, 0x21c260).imm, 2);

    /* srli: s only (0..15) */
    in = dec(0, 0x41cf10); /* srli a12, a1, 15 */
    assert_int_equal(in.op, XT_OP_SRLI);
    assert_int_equal(in.a, 12);
    assert_int_equal(in.b, 1);
    assert_int_equal(in.imm, 15);

    /* ssai: t[0]:s */
    assert_int_equal(dec(0, 0x404c10).imm, 28);
    assert_int_equal(dec(0, 0x404300).imm, 3);
    assert_int_equal(dec(0, 0x404c20).op, XT_OP_ILLEGAL); /* t > 1 */

    /* extui: shift = op1[0]:s, mask bits = op2 + 1 */
    in = dec(0, 0xe56a20); /* extui a6, a2, 26, 15 */
    assert_int_equal(in.op, XT_OP_EXTUI);
    assert_int_equal(in.a, 6);
    assert_int_equal(in.b, 2);
    assert_int_equal(in.imm, 26);
    assert_int_equal(in.imm2, 15);
    assert_int_equal(in.rmask, R(2));
    assert_string_equal(text(0, 0x056010), "extui\ta6, a1, 16, 1");

    in = dec(0, 0x400300); /* ssr a3 */
    assert_int_equal(in.op, XT_OP_SSR);
    assert_int_equal(in.a, 3);
    assert_int_equal(in.rmask, R(3));
}

static void test_branch_constants(void **state)
{
    (void)state;
    static const int32_t b4const[16] = { -1, 1,  2,  3,  4,  5,  6,   7,
                                         8,  10, 12, 16, 32, 64, 128, 256 };
    static const int32_t b4constu[16] = {
        32768, 65536, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 32, 64, 128, 256
    };
    for (uint32_t r = 0; r < 16; r++) {
        xt_insn in = dec(0, (r << 12) | 0x0326); /* beqi a3, c, ... */
        assert_int_equal(in.op, XT_OP_BEQI);
        assert_int_equal(in.a, 3);
        assert_int_equal(in.imm, b4const[r]);
        assert_int_equal(in.rmask, R(3));
        assert_int_equal(in.flags, XT_IF_BRANCH | XT_IF_TARGET);
        in = dec(0, (r << 12) | 0x03b6); /* bltui a3, c, ... */
        assert_int_equal(in.op, XT_OP_BLTUI);
        assert_int_equal(in.imm, b4constu[r]);
        assert_int_equal(dec(0, (r << 12) | 0x03f6).op, XT_OP_BGEUI);
        assert_int_equal(dec(0, (r << 12) | 0x03a6).imm, b4const[r]);
    }
    assert_string_equal(text(0, 0x4002b6), "bltui\ta2, 0x8000, 0x44");

    /* bbci/bbsi: bit number r[0]:t */
    xt_insn in = dec(0, 0x7b7367); /* bbci a3, 22 */
    assert_int_equal(in.op, XT_OP_BBCI);
    assert_int_equal(in.a, 3);
    assert_int_equal(in.imm, 22);
    assert_int_equal(in.rmask, R(3));
    in = dec(0, 0x20fbb7); /* bbsi a11, 27 */
    assert_int_equal(in.op, XT_OP_BBSI);
    assert_int_equal(in.imm, 27);
}

static void test_targets(void **state)
{
    (void)state;
    /* RRI8 branch: pc + 4 + sext(imm8) */
    xt_insn in = dec(0x1000, 0x80a147); /* bge a1, a4, -128 */
    assert_int_equal(in.op, XT_OP_BGE);
    assert_int_equal(in.a, 1);
    assert_int_equal(in.b, 4);
    assert_int_equal(in.target, 0x1000 + 4 - 128);
    assert_int_equal(in.rmask, R(1) | R(4));
    assert_int_equal(dec(0x1000, 0x7fa147).target, 0x1000 + 4 + 127);

    /* BRI12: pc + 4 + sext(imm12) */
    in = dec(0x2000, 0x800216); /* beqz a2, -2048 */
    assert_int_equal(in.op, XT_OP_BEQZ);
    assert_int_equal(in.target, 0x2000 + 4 - 2048);
    assert_int_equal(dec(0x2000, 0x7ff256).target, 0x2000 + 4 + 2047);
    assert_int_equal(dec(0, 0xfff216).target, 3u);
    assert_int_equal(dec(0, 0x800216).target, 0xfffff804u); /* wraps */

    /* j: pc + 4 + sext(offset18) */
    in = dec(0x40000400, 0x0005c6);
    assert_int_equal(in.op, XT_OP_J);
    assert_int_equal(in.target, 0x4000041b);
    assert_int_equal(in.rmask, 0);
    assert_int_equal(dec(0x40000000, 0x800006).target, 0x40000004 - 0x20000);

    /* call0: (pc & ~3) + 4 + sext(offset18) * 4 */
    in = dec(0x40000013, 0xffff05);
    assert_int_equal(in.op, XT_OP_CALL0);
    assert_int_equal(in.target, 0x40000010 + 4 - 16);
    assert_int_equal(dec(0x16, 0x000045).target, 0x14 + 4 + 4);

    /* beqz.n / bnez.n: pc + 4 + imm6 (unsigned) */
    in = dec(0x100, 0xf28c | 0x30); /* beqz.n a2, +0x3f */
    assert_int_equal(in.op, XT_OP_BEQZ_N);
    assert_int_equal(in.a, 2);
    assert_int_equal(in.target, 0x100 + 4 + 0x3f);
    assert_int_equal(in.rmask, R(2));
    assert_int_equal(dec(0x100, 0x02cc).op, XT_OP_BNEZ_N);
    assert_int_equal(dec(0x100, 0x02cc).target, 0x104);

    /* l32r: ((pc + 3) & ~3) + (0xfffc0000 | imm16 << 2) */
    in = dec(0x40000004, 0xffff21);
    assert_int_equal(in.op, XT_OP_L32R);
    assert_int_equal(in.a, 2);
    assert_int_equal(in.imm, -4);
    assert_int_equal(in.target, 0x40000000);
    assert_int_equal(in.flags, XT_IF_LOAD | XT_IF_TARGET);
    assert_int_equal(in.rmask, 0);
    in = dec(0x40000005, 0x000021);
    assert_int_equal(in.imm, -0x40000);
    assert_int_equal(in.target, 0x40000008 - 0x40000);
    assert_string_equal(text(0xc, 0xf00041), "l32r\ta4, 0xffffc00c");
}

static void test_control(void **state)
{
    (void)state;
    static const struct {
        uint32_t w;
        unsigned op;
        uint16_t rmask;
    } cases[] = {
        { 0x000080, XT_OP_RET, R(0) },  { 0x000580, XT_OP_RET, R(0) },
        { 0xf00d, XT_OP_RET_N, R(0) },  { 0xf50d, XT_OP_RET_N, R(0) },
        { 0x0007a0, XT_OP_JX, R(7) },   { 0x000ac0, XT_OP_CALLX0, R(10) },
        { 0x003000, XT_OP_RFE, 0 },     { 0x003200, XT_OP_RFDE, 0 },
        { 0x003710, XT_OP_RFI, 0 },     { 0xf1e900, XT_OP_RFDO, 0 },
        { 0xf1e910, XT_OP_RFDD, 0 },    { 0x005000, XT_OP_SYSCALL, 0 },
        { 0x005100, XT_OP_SIMCALL, 0 }, { 0x004120, XT_OP_BREAK, 0 },
        { 0xf92d, XT_OP_BREAK_N, 0 },   { 0x000000, XT_OP_ILL, 0 },
        { 0xf06d, XT_OP_ILL_N, 0 },     { 0x007700, XT_OP_WAITI, 0 },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        xt_insn in = dec(0, cases[i].w);
        assert_int_equal(in.op, cases[i].op);
        assert_int_equal(in.rmask, cases[i].rmask);
        assert_true(in.flags & XT_IF_BRANCH);
        assert_false(in.flags & (XT_IF_LOAD | XT_IF_MUL));
    }
    xt_insn in = dec(0, 0x004120);
    assert_int_equal(in.imm, 1);
    assert_int_equal(in.imm2, 2);
    assert_string_equal(text(0, 0x004120), "break\t1, 2");
    assert_int_equal(dec(0, 0x003710).imm, 7);
    assert_int_equal(dec(0, 0x007700).imm, 7);
    assert_int_equal(dec(0, 0xf92d).imm, 9);
    assert_string_equal(text(0, 0x000000), "ill");
    assert_string_equal(text(0, 0x000280), "ret");

    /* Not control flow. */
    static const uint32_t plain[] = { 0x0020f0, 0xf03d,   0x0020c0, 0x002080,
                                      0x006d80, 0x03e620, 0x13e620 };
    for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
        assert_int_equal(dec(0, plain[i]).flags, 0);
    in = dec(0, 0x006d80); /* rsil a8, 13 */
    assert_int_equal(in.op, XT_OP_RSIL);
    assert_int_equal(in.a, 8);
    assert_int_equal(in.imm, 13);
    assert_int_equal(in.rmask, 0);
}

static void test_special_registers(void **state)
{
    (void)state;
    xt_insn in = dec(0, 0x03ea20); /* rsr.ccount a2 */
    assert_int_equal(in.op, XT_OP_RSR);
    assert_int_equal(in.a, 2);
    assert_int_equal(in.imm, XT_SR_CCOUNT);
    assert_int_equal(in.rmask, 0);
    assert_string_equal(text(0, 0x03ea20), "rsr.ccount\ta2");

    in = dec(0, 0x13e620); /* wsr.ps a2 */
    assert_int_equal(in.op, XT_OP_WSR);
    assert_int_equal(in.rmask, R(2));
    in = dec(0, 0x61b1f0); /* xsr.epc1 a15 */
    assert_int_equal(in.op, XT_OP_XSR);
    assert_int_equal(in.imm, XT_SR_EPC1);
    assert_int_equal(in.rmask, R(15));

    assert_string_equal(text(0, 0x03b060), "rsr.176\ta6");
    assert_string_equal(text(0, 0x13e220), "wsr.intset\ta2");
    assert_string_equal(text(0, 0x03e220), "rsr.interrupt\ta2");
    assert_int_equal(dec(0, 0x035920).op, XT_OP_ILLEGAL); /* rsr.mmid */
    assert_int_equal(dec(0, 0x135920).op, XT_OP_WSR);     /* wsr.mmid */
    assert_int_equal(dec(0, 0x13eb20).op, XT_OP_ILLEGAL); /* wsr.prid */
    assert_int_equal(dec(0, 0x61b020).op, XT_OP_ILLEGAL); /* xsr.176 */
    assert_int_equal(dec(0, 0x030420).op, XT_OP_ILLEGAL); /* sr 4 */

    assert_string_equal(xt_sr_name(XT_SR_SAR), "sar");
    assert_string_equal(xt_sr_name(XT_SR_CONFIGID1), "208");
    assert_null(xt_sr_name(4));
    assert_int_equal(xt_sr_access(XT_SR_PRID), XT_SR_ACC_R);
    assert_int_equal(xt_sr_access(XT_SR_INTCLEAR), XT_SR_ACC_W);
    assert_int_equal(xt_sr_access(XT_SR_PS),
                     XT_SR_ACC_R | XT_SR_ACC_W | XT_SR_ACC_X);
    assert_null(xt_sr_insn_name(XT_OP_RSR, XT_SR_MMID));
    assert_string_equal(xt_sr_insn_name(XT_OP_WSR, XT_SR_INTSET), "intset");
}

static void test_illegal(void **state)
{
    (void)state;
    /* objdump shows "excw" for these: it is not excw (0x002080). */
    xt_insn in = dec(0, 0xffff00);
    assert_int_equal(in.op, XT_OP_ILLEGAL);
    assert_int_equal(in.len, 3);
    assert_int_equal(in.imm, 0xffff00);
    assert_true(in.flags & XT_IF_BRANCH);
    assert_int_equal(in.rmask, 0);
    assert_string_equal(text(0, 0xffff00), ".byte 0x00, 0xff, 0xff");
    assert_int_equal(dec(0, 0x002080).op, XT_OP_EXCW);

    static const uint32_t wide[] = {
        0x000090, /* retw (windowed) */ 0x001000, /* movsp */
        0x0000f0, /* callx12 */ 0x000036,         /* entry */
        0x000015, /* call4 */ 0x008076,           /* loop */
        0x00000e, /* op0 14 */ 0x00000f,          /* op0 15 */
        0x000003, /* LSCI (FP loads) */ 0x000004, /* MAC16 */
        0x237002,                                 /* cache op (LSAI r=7) */
        0x220000, /* orb (boolean) */ 0xc20000,   /* quou (div) */
        0x430000, /* min */ 0x230000,             /* sext */
        0x003500, /* rfwu */ 0x002040,            /* SYNC t=4 */
        0x005200,                                 /* SYSCALL group s=2 */
    };
    for (size_t i = 0; i < sizeof(wide) / sizeof(wide[0]); i++) {
        in = dec(0, wide[i]);
        assert_int_equal(in.op, XT_OP_ILLEGAL);
        assert_int_equal(in.len, 3);
    }
    in = dec(0, 0xf01d); /* retw.n */
    assert_int_equal(in.op, XT_OP_ILLEGAL);
    assert_int_equal(in.len, 2);
    assert_int_equal(dec(0, 0xf13d).op, XT_OP_ILLEGAL); /* nop.n s=1 */
    assert_int_equal(dec(0, 0x100d).op, XT_OP_ILLEGAL); /* ST3 r=1 */

    /* Too few bytes for the length the first byte announces. */
    uint8_t b[3] = { 0x20, 0x21, 0x80 };
    assert_int_equal(xt_decode(0, b, 2, &in), 0);
    assert_int_equal(xt_decode(0, b, 0, &in), 0);
    b[0] = 0x4a;
    assert_int_equal(xt_decode(0, b, 2, &in), 2);
    assert_int_equal(xt_decode(0, b, 1, &in), 0);
}

static const char *lookup(const void *user, uint32_t addr, uint32_t *off)
{
    uint32_t base = *(const uint32_t *)user;
    if (addr < base - 0x10)
        return NULL;
    *off = addr - base;
    return "func";
}

static void test_disasm_symbols(void **state)
{
    (void)state;
    char buf[128];
    uint32_t base = 0x40000400;
    xt_insn in = dec(0x40000400, 0x0005c6);

    xt_disasm_insn(&in, buf, sizeof(buf), NULL, NULL);
    assert_string_equal(buf, "j\t0x4000041b");
    xt_disasm_insn(&in, buf, sizeof(buf), lookup, &base);
    assert_string_equal(buf, "j\t4000041b <func+0x1b>");
    base = 0x4000041b;
    xt_disasm_insn(&in, buf, sizeof(buf), lookup, &base);
    assert_string_equal(buf, "j\t4000041b <func>");
    base = 0x4000041f;
    xt_disasm_insn(&in, buf, sizeof(buf), lookup, &base);
    assert_string_equal(buf, "j\t4000041b <func-0x4>");
    base = 0x50000000;
    xt_disasm_insn(&in, buf, sizeof(buf), lookup, &base);
    assert_string_equal(buf, "j\t4000041b");

    /* Truncation: NUL-terminated, returns the full length. */
    in = dec(0, 0x234a);
    assert_int_equal(xt_disasm_insn(&in, buf, 6, NULL, NULL), 16);
    assert_string_equal(buf, "add.n");

    /* One-call helper and the objdump bytes column. */
    uint8_t bytes[3] = { 0x21, 0xff, 0xff };
    assert_int_equal(
        xt_disasm_bytes(0x40000004, bytes, 3, buf, sizeof(buf), NULL, NULL), 3);
    assert_string_equal(buf, "l32r\ta2, 0x40000000");
    assert_int_equal(xt_disasm_bytes(0, bytes, 2, buf, sizeof(buf), NULL, NULL),
                     0);
    assert_string_equal(buf, "");
    assert_int_equal(xt_insn_hex(bytes, 3, buf, sizeof(buf)), 6);
    assert_string_equal(buf, "ffff21");
    uint8_t narrow[2] = { 0xf0, 0x0d };
    xt_insn_hex(narrow, 2, buf, sizeof(buf));
    assert_string_equal(buf, "0df0");

    /* Every opcode has a name. */
    for (unsigned op = 0; op < XT_OP_COUNT; op++)
        assert_non_null(xt_op_name(op));
    assert_string_equal(xt_op_name(XT_OP_ADD_N), "add.n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rrr_and_narrow_alu),
        cmocka_unit_test(test_multiplier),
        cmocka_unit_test(test_loads_stores),
        cmocka_unit_test(test_immediates),
        cmocka_unit_test(test_shifts),
        cmocka_unit_test(test_branch_constants),
        cmocka_unit_test(test_targets),
        cmocka_unit_test(test_control),
        cmocka_unit_test(test_special_registers),
        cmocka_unit_test(test_illegal),
        cmocka_unit_test(test_disasm_symbols),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

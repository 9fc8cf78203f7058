/* SPDX-License-Identifier: BSD-3-Clause */
/* Every mnemonic of the LX106 opcode set (tests/disasm/lx106-opcodes.txt,
 * which the opcode_enumeration test ties to the assembler) decodes and
 * executes on the engine: one encoding of each is found by sweeping the
 * instruction space through the decoder, then run as the only instruction
 * of a fresh CPU.  It must not raise IllegalInstruction, except for the
 * few the reference itself treats as illegal (listed below with reasons).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dspsim/xtcpu.h"
#include "isa.h"

#define CODE 0x40000400u
#define DATA 0x3FFC0000u

/* Accepted by the assembler but IllegalInstruction on the reference:
 * ill/ill.n by definition; rfdo/rfdd (OCD mode only); writes to the
 * read-only CONFIGID0 and DEBUGCAUSE; MMID is absent on this core. */
static const char *const expected_illegal[] = {
    "ill",     "ill.n",          "rfdo",           "rfdd",
    "wsr.176", "wsr.debugcause", "xsr.debugcause", "wsr.mmid",
    NULL,
};

static char names[256][32];
static uint32_t words[256];
static int nnames;

static const char *mnemonic(const xt_insn *in)
{
    static char buf[32];
    if (in->op == XT_OP_RSR || in->op == XT_OP_WSR || in->op == XT_OP_XSR) {
        const char *sr = xt_sr_insn_name(in->op, (unsigned)in->imm);
        if (!sr)
            return NULL;
        snprintf(buf, sizeof buf, "%s.%s", xt_op_name(in->op), sr);
        return buf;
    }
    return xt_op_name(in->op);
}

static int find(const char *m)
{
    for (int i = 0; i < nnames; i++)
        if (!strcmp(names[i], m))
            return i;
    return -1;
}

/* First encoding of every mnemonic; rfi wants a level that exists (2). */
static void sweep(void)
{
    for (uint32_t w = 0; w < (1u << 24); w++) {
        uint8_t b[3] = { (uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16) };
        xt_insn in;
        int len = xt_decode(CODE, b, 3, &in);
        if (len == 2 && (w >> 16) != 0)
            continue;
        if (in.op == XT_OP_ILLEGAL)
            continue;
        if (in.op == XT_OP_RFI && in.imm != 2)
            continue;
        const char *m = mnemonic(&in);
        if (!m || find(m) >= 0)
            continue;
        snprintf(names[nnames], sizeof(names[0]), "%s", m);
        words[nnames++] = w;
    }
}

static unsigned last_cause;
static int took_exception;

static void on_exc(xt_cpu *cpu, unsigned cause, uint32_t pc, uint32_t vec,
                   void *user)
{
    (void)cpu, (void)pc, (void)vec, (void)user;
    last_cause = cause;
    took_exception = 1;
}

static void on_simcall(xt_cpu *cpu, void *user)
{
    (void)user;
    xt_reg_write(cpu, XT_REG_A0 + 2, 0);
}

static int is_expected_illegal(const char *m)
{
    for (int i = 0; expected_illegal[i]; i++)
        if (!strcmp(expected_illegal[i], m))
            return 1;
    return 0;
}

/* Runs 'w' once; returns 1 if it raised IllegalInstruction. */
static int run_one(uint32_t w)
{
    xt_cpu *cpu;
    assert_int_equal(xt_open(&cpu), XT_OK);
    xt_region_desc iram = { .name = "iram",
                            .base = 0x40000000u,
                            .size = 1u << 20,
                            .kind = XT_REGION_RAM };
    xt_region_desc dram = {
        .name = "dram", .base = DATA, .size = 256u << 10, .kind = XT_REGION_RAM
    };
    assert_int_equal(xt_map(cpu, &iram), XT_OK);
    assert_int_equal(xt_map(cpu, &dram), XT_OK);
    uint8_t b[3] = { (uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16) };
    assert_int_equal(xt_mem_write(cpu, CODE, b, 3), XT_OK);
    /* every register points at aligned, mapped data or code */
    for (int r = 0; r < 16; r++)
        xt_reg_write(cpu, XT_REG_A0 + r, DATA + 0x100);
    xt_reg_write(cpu, XT_REG_A0, CODE + 0x100);
    xt_reg_write(cpu, XT_REG_SR(XT_SR_PS), 0);
    xt_reg_write(cpu, XT_REG_PC, CODE);
    xt_hook h1, h2;
    assert_int_equal(
        xt_hook_add(cpu, &h1, XT_HOOK_EXCEPTION, (void *)on_exc, NULL, 1, 0),
        XT_OK);
    assert_int_equal(
        xt_hook_add(cpu, &h2, XT_HOOK_SIMCALL, (void *)on_simcall, NULL, 1, 0),
        XT_OK);
    took_exception = 0;
    xt_run_opts o = { .max_insns = 1, .max_cycles = 100000 };
    xt_stop why;
    assert_int_equal(xt_run(cpu, &o, &why), XT_OK);
    assert_int_equal(xt_insn_count(cpu), 1);
    xt_close(cpu);
    return took_exception && last_cause == XT_EXC_ILLEGAL;
}

static void test_every_opcode_executes(void **state)
{
    (void)state;
    FILE *f = fopen(OPCODE_LIST, "r");
    assert_non_null(f);
    char line[512];
    int checked = 0, failures = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0] || line[0] == '#')
            continue;
        int i = find(line);
        if (i < 0) {
            fprintf(stderr, "%s: no encoding decodes to it\n", line);
            failures++;
            continue;
        }
        int ill = run_one(words[i]);
        if (ill != is_expected_illegal(line)) {
            fprintf(stderr, "%s (0x%06x): %s\n", line, words[i],
                    ill ? "raised IllegalInstruction"
                        : "executed, but the "
                          "reference raises IllegalInstruction");
            failures++;
        }
        checked++;
    }
    fclose(f);
    printf("checked %d mnemonics\n", checked);
    assert_true(checked >= 200);
    assert_int_equal(failures, 0);
}

int main(void)
{
    sweep();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_opcode_executes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

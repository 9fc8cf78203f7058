/* SPDX-License-Identifier: BSD-3-Clause */
/* The register map: GDB's Xtensa lx106 numbering (the ESP8266 toolchain's
 * xtensa-lx106-elf-gdb: a0..a15, pc, sar, litbase, sr176, sr208, ps in
 * its 'g' packet), then special registers of the core for 'p'/'P'. */
#include <stdio.h>
#include <string.h>

#include "gdb_regs.h"

#define RO 1 /* read-only for the debugger */

static const struct gdb_reg {
    const char *name;
    int xt; /* xtcpu.h register id */
    unsigned flags;
    const char *type; /* target.xml type */
} regs[] = {
    { "a0", XT_REG_A0 + 0, 0, "code_ptr" },
    { "a1", XT_REG_A0 + 1, 0, "data_ptr" },
    { "a2", XT_REG_A0 + 2, 0, "int" },
    { "a3", XT_REG_A0 + 3, 0, "int" },
    { "a4", XT_REG_A0 + 4, 0, "int" },
    { "a5", XT_REG_A0 + 5, 0, "int" },
    { "a6", XT_REG_A0 + 6, 0, "int" },
    { "a7", XT_REG_A0 + 7, 0, "int" },
    { "a8", XT_REG_A0 + 8, 0, "int" },
    { "a9", XT_REG_A0 + 9, 0, "int" },
    { "a10", XT_REG_A0 + 10, 0, "int" },
    { "a11", XT_REG_A0 + 11, 0, "int" },
    { "a12", XT_REG_A0 + 12, 0, "int" },
    { "a13", XT_REG_A0 + 13, 0, "int" },
    { "a14", XT_REG_A0 + 14, 0, "int" },
    { "a15", XT_REG_A0 + 15, 0, "int" },
    { "pc", XT_REG_PC, 0, "code_ptr" },
    { "sar", XT_REG_SR(3), 0, "int" },
    { "litbase", XT_REG_SR(5), 0, "int" },
    { "sr176", XT_REG_SR(176), RO, "int" }, /* CONFIGID0 */
    { "sr208", XT_REG_SR(208), RO, "int" }, /* CONFIGID1 */
    { "ps", XT_REG_SR(230), 0, "int" },
    /* 22.. : 'p'/'P' and target.xml only */
    { "epc1", XT_REG_SR(177), 0, "code_ptr" },
    { "epc2", XT_REG_SR(178), 0, "code_ptr" },
    { "epc3", XT_REG_SR(179), 0, "code_ptr" },
    { "depc", XT_REG_SR(192), 0, "code_ptr" },
    { "eps2", XT_REG_SR(194), 0, "int" },
    { "eps3", XT_REG_SR(195), 0, "int" },
    { "excsave1", XT_REG_SR(209), 0, "int" },
    { "excsave2", XT_REG_SR(210), 0, "int" },
    { "excsave3", XT_REG_SR(211), 0, "int" },
    { "exccause", XT_REG_SR(232), 0, "int" },
    { "excvaddr", XT_REG_SR(238), 0, "int" },
    { "debugcause", XT_REG_SR(233), 0, "int" },
    { "vecbase", XT_REG_SR(231), 0, "int" },
    { "interrupt", XT_REG_SR(226), 0, "int" },
    { "intenable", XT_REG_SR(228), 0, "int" },
    { "ccount", XT_REG_SR(234), RO, "int" },
    { "ccompare0", XT_REG_SR(240), 0, "int" },
    { "icount", XT_REG_SR(236), 0, "int" },
    { "icountlevel", XT_REG_SR(237), 0, "int" },
    { "ibreakenable", XT_REG_SR(96), 0, "int" },
    { "ibreaka0", XT_REG_SR(128), 0, "int" },
    { "dbreaka0", XT_REG_SR(144), 0, "int" },
    { "dbreakc0", XT_REG_SR(160), 0, "int" },
    { "prid", XT_REG_SR(235), RO, "int" },
};

const unsigned GDB_NUM_REGS = sizeof regs / sizeof regs[0];

const char *gdb_reg_name(unsigned n)
{
    return n < GDB_NUM_REGS ? regs[n].name : NULL;
}

bool gdb_reg_get(xt_cpu *cpu, unsigned n, uint32_t *v)
{
    if (n >= GDB_NUM_REGS)
        return false;
    if (xt_reg_read(cpu, regs[n].xt, v) != XT_OK)
        *v = 0;
    return true;
}

bool gdb_reg_set(xt_cpu *cpu, unsigned n, uint32_t v)
{
    uint32_t old;
    if (n >= GDB_NUM_REGS)
        return false;
    if (xt_reg_read(cpu, regs[n].xt, &old) == XT_OK && old == v)
        return true;
    if (regs[n].flags & RO)
        return false;
    return xt_reg_write(cpu, regs[n].xt, v) == XT_OK;
}

const char *gdb_target_xml(size_t *len)
{
    static char xml[8192];
    static size_t n;
    if (!n) {
        n = (size_t)snprintf(xml, sizeof xml,
                             "<?xml version=\"1.0\"?>\n"
                             "<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
                             "<target version=\"1.0\">\n"
                             "<architecture>xtensa</architecture>\n"
                             "<feature name=\"org.gnu.gdb.xtensa.lx106\">\n");
        for (unsigned i = 0; i < GDB_NUM_REGS && n < sizeof xml; i++)
            n += (size_t)snprintf(
                xml + n, sizeof xml - n,
                "<reg name=\"%s\" bitsize=\"32\" regnum=\"%u\" "
                "type=\"%s\"%s/>\n",
                regs[i].name, i, regs[i].type,
                i < GDB_G_REGS ? "" : " group=\"system\"");
        if (n < sizeof xml)
            n += (size_t)snprintf(xml + n, sizeof xml - n,
                                  "</feature>\n</target>\n");
    }
    *len = n;
    return xml;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz harness: the ELF loader (sim/loader): xt_elf_parse (header,
 * program headers, section headers, symbol table, string tables), then
 * every query a caller makes: segments, symbols, symbol lookup and
 * formatting at interesting addresses, and xt_elf_load into a fake guest
 * memory (two regions: 256 KiB at 0x40000000 and 0x3ffe0000) that checks
 * every write stays inside what `mapped` accepted.  (The tree has no
 * DWARF reader: symbols come from .symtab only.) */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dspsim/loader.h"
#include "fuzz_util.h"

#define REGION 0x40000u
static const uint32_t bases[2] = { 0x40000000u, 0x3ffe0000u };
static uint8_t mem[2][REGION];

static int region_of(uint32_t addr, uint32_t len)
{
    for (int r = 0; r < 2; r++)
        if (addr >= bases[r] &&
            (uint64_t)addr + len <= (uint64_t)bases[r] + REGION)
            return r;
    return -1;
}

static bool f_mapped(void *user, uint32_t addr, uint32_t len, uint32_t *bad)
{
    (void)user;
    if (len == 0)
        abort(); /* the API promises len >= 1 */
    if (region_of(addr, len) >= 0)
        return true;
    *bad = addr;
    return false;
}

static bool f_write(void *user, uint32_t addr, const void *src, size_t n)
{
    (void)user;
    int r = n ? region_of(addr, (uint32_t)n) : 0;
    if (r < 0 || n > REGION)
        abort(); /* wrote outside a checked range */
    if (n)
        memcpy(&mem[r][addr - bases[r]], src, n);
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    xt_elf *elf = NULL;
    char err[256] = "";
    xt_load_status st = xt_elf_parse("fuzz.elf", data, size, &elf, err,
                                     sizeof err);
    if (st != XT_LOAD_OK) {
        if (elf || strncmp(err, "fuzz.elf", 8))
            abort();
        return 0;
    }
    uint32_t entry = xt_elf_entry(elf);
    size_t nseg = xt_elf_segment_count(elf);
    if (!nseg)
        abort(); /* at least one PT_LOAD is required */
    for (size_t i = 0; i < nseg; i++) {
        const xt_elf_segment *s = xt_elf_segment_at(elf, i);
        if (!s || s->memsz < s->filesz || s->memsz == 0 ||
            (uint64_t)s->offset + s->filesz > size)
            abort();
    }
    char buf[128];
    size_t nsym = xt_elf_symbol_count(elf);
    uint32_t prev = 0;
    for (size_t i = 0; i < nsym; i++) {
        const xt_elf_symbol *s = xt_elf_symbol_at(elf, i);
        if (!s || !s->name || (i && s->addr < prev))
            abort(); /* sorted by address, named */
        prev = s->addr;
        uint32_t off;
        xt_elf_sym_lookup(elf, s->addr, &off);
        xt_elf_sym_lookup(elf, s->addr + s->size, &off);
        xt_elf_format_sym(elf, s->addr + 1, buf, sizeof buf);
        if (strlen(buf) >= sizeof buf)
            abort();
    }
    xt_elf_format_sym(elf, entry, buf, sizeof buf);
    xt_elf_format_sym(elf, 0xffffffffu, buf, sizeof buf);
    xt_load_target t = { f_mapped, f_write, NULL };
    xt_elf_load(elf, &t, err, sizeof err);
    xt_elf_free(elf);
    return 0;
}

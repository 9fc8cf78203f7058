/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared harness of the CPU engine API tests: loads the test's snippet ELF
 * (TC_ELF, built from test_cpu_<x>.S) and wraps the API calls the tests
 * repeat.  Not a test itself; linked into every test_cpu_* binary. */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_cpu_common.h"

#ifndef TC_ELF
#error "TC_ELF must name the snippet ELF"
#endif

static uint8_t *elf_image;
static size_t elf_size;

static void elf_read(void)
{
    if (elf_image)
        return;
    FILE *f = fopen(TC_ELF, "rb");
    if (!f)
        fail_msg("cannot open %s", TC_ELF);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    assert_true(n > (long)sizeof(Elf32_Ehdr));
    elf_image = malloc((size_t)n);
    assert_non_null(elf_image);
    assert_int_equal(fread(elf_image, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    elf_size = (size_t)n;
    const Elf32_Ehdr *eh = (const Elf32_Ehdr *)elf_image;
    assert_memory_equal(eh->e_ident, ELFMAG, SELFMAG);
    assert_int_equal(eh->e_ident[EI_CLASS], ELFCLASS32);
    assert_int_equal(eh->e_ident[EI_DATA], ELFDATA2LSB);
    assert_true(eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf32_Shdr) <=
                elf_size);
}

static const Elf32_Shdr *elf_sections(unsigned *n)
{
    elf_read();
    const Elf32_Ehdr *eh = (const Elf32_Ehdr *)elf_image;
    *n = eh->e_shnum;
    return (const Elf32_Shdr *)(elf_image + eh->e_shoff);
}

void tc_load(xt_cpu *cpu)
{
    unsigned n;
    const Elf32_Shdr *sh = elf_sections(&n);
    unsigned loaded = 0;
    for (unsigned i = 0; i < n; i++) {
        if (sh[i].sh_type != SHT_PROGBITS || !(sh[i].sh_flags & SHF_ALLOC) ||
            sh[i].sh_size == 0)
            continue;
        assert_true(sh[i].sh_offset + sh[i].sh_size <= elf_size);
        assert_int_equal(xt_mem_write(cpu, sh[i].sh_addr,
                                      elf_image + sh[i].sh_offset,
                                      sh[i].sh_size),
                         XT_OK);
        loaded++;
    }
    assert_true(loaded > 0);
}

uint32_t tc_sym(const char *name)
{
    unsigned n;
    const Elf32_Shdr *sh = elf_sections(&n);
    for (unsigned i = 0; i < n; i++) {
        if (sh[i].sh_type != SHT_SYMTAB)
            continue;
        const Elf32_Shdr *str = &sh[sh[i].sh_link];
        const Elf32_Sym *sym = (const Elf32_Sym *)(elf_image + sh[i].sh_offset);
        size_t count = sh[i].sh_size / sizeof(Elf32_Sym);
        for (size_t k = 0; k < count; k++) {
            const char *s = (const char *)elf_image + str->sh_offset +
                            sym[k].st_name;
            if (!strcmp(s, name))
                return sym[k].st_value;
        }
    }
    fail_msg("symbol %s not in %s", name, TC_ELF);
    return 0;
}

void tc_map(xt_cpu *cpu, const char *name, uint32_t base, uint32_t size,
            xt_region_kind kind)
{
    xt_region_desc d = {
        .name = name, .base = base, .size = size, .kind = kind
    };
    assert_int_equal(xt_map(cpu, &d), XT_OK);
}

void tc_count_mem(xt_cpu *cpu, xt_hook_type type, uint32_t addr, unsigned size,
                  uint32_t value, void *user)
{
    (void)cpu;
    (void)type;
    (void)addr;
    (void)size;
    (void)value;
    (*(unsigned *)user)++;
}

xt_cpu *tc_open(void)
{
    xt_cpu *cpu = NULL;
    assert_int_equal(xt_open(&cpu), XT_OK);
    assert_non_null(cpu);
    tc_map(cpu, "iram", TC_IRAM, TC_IRAM_SIZE, XT_REGION_RAM);
    tc_map(cpu, "dram", TC_DRAM, TC_DRAM_SIZE, XT_REGION_RAM);
    tc_load(cpu);
    tc_set_sr(cpu, XT_SR_PS, 0);
    return cpu;
}

uint32_t tc_reg(xt_cpu *cpu, int reg)
{
    uint32_t v = 0xDEADBEEF;
    assert_int_equal(xt_reg_read(cpu, reg, &v), XT_OK);
    return v;
}

void tc_set(xt_cpu *cpu, int reg, uint32_t value)
{
    assert_int_equal(xt_reg_write(cpu, reg, value), XT_OK);
}

xt_stop tc_run_opts(xt_cpu *cpu, const xt_run_opts *opts)
{
    xt_stop why = (xt_stop)-1;
    assert_int_equal(xt_run(cpu, opts, &why), XT_OK);
    return why;
}

xt_stop tc_run_from(xt_cpu *cpu, uint32_t from, uint32_t until)
{
    tc_set(cpu, XT_REG_PC, from);
    xt_run_opts o = { .until = until,
                      .use_until = true,
                      .max_insns = TC_MAX_INSNS };
    return tc_run_opts(cpu, &o);
}

xt_stop tc_go(xt_cpu *cpu, const char *from, const char *until)
{
    return tc_run_from(cpu, tc_sym(from), tc_sym(until));
}

xt_stop tc_step(xt_cpu *cpu, uint32_t pc)
{
    tc_set(cpu, XT_REG_PC, pc);
    xt_run_opts o = { .max_insns = 1 };
    return tc_run_opts(cpu, &o);
}

static void trap_cb(xt_cpu *cpu, unsigned cause, uint32_t pc, uint32_t vector,
                    void *user)
{
    tc_trap *t = user;
    t->count++;
    t->cause = cause;
    t->pc = pc;
    t->vector = vector;
    t->cycles = xt_cycles(cpu);
    if (t->stop)
        xt_stop_request(cpu);
}

void tc_trap_install(xt_cpu *cpu, tc_trap *trap)
{
    memset(trap, 0, sizeof(*trap));
    trap->stop = true;
    assert_int_equal(xt_hook_add(cpu, &trap->hook, XT_HOOK_EXCEPTION,
                                 (void *)trap_cb, trap, 1, 0),
                     XT_OK);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The libFuzzer build of fuzz_gdb (clang; sim/cpu is not built there): a
 * CPU with the calls the GDB server makes — 16 address registers, PC,
 * special registers, one RAM region, hooks as handles only. */
#include <stdlib.h>
#include <string.h>

#include "dspsim/xtcpu.h"

struct xt_cpu {
    uint32_t ar[16], pc, sr[256];
    uint32_t base, size;
    uint8_t *ram;
    unsigned hooks;
    uint64_t insns;
};

xt_err xt_open(xt_cpu **out)
{
    *out = calloc(1, sizeof **out);
    return *out ? XT_OK : XT_ERR_NOMEM;
}

void xt_close(xt_cpu *cpu)
{
    if (cpu)
        free(cpu->ram);
    free(cpu);
}

xt_err xt_map(xt_cpu *cpu, const xt_region_desc *d)
{
    if (cpu->ram || !(cpu->ram = calloc(1, d->size)))
        return XT_ERR_ARG;
    cpu->base = d->base;
    cpu->size = d->size;
    return XT_OK;
}

static bool in_ram(const xt_cpu *cpu, uint32_t addr, size_t n)
{
    return addr >= cpu->base &&
           (uint64_t)addr + n <= (uint64_t)cpu->base + cpu->size;
}

xt_err xt_mem_read(xt_cpu *cpu, uint32_t addr, void *dst, size_t n)
{
    if (!in_ram(cpu, addr, n))
        return XT_ERR_UNMAPPED;
    memcpy(dst, cpu->ram + (addr - cpu->base), n);
    return XT_OK;
}

xt_err xt_mem_write(xt_cpu *cpu, uint32_t addr, const void *src, size_t n)
{
    if (!in_ram(cpu, addr, n))
        return XT_ERR_UNMAPPED;
    memcpy(cpu->ram + (addr - cpu->base), src, n);
    return XT_OK;
}

static uint32_t *reg_slot(xt_cpu *cpu, int reg)
{
    if (reg >= XT_REG_A0 && reg < XT_REG_A0 + 16)
        return &cpu->ar[reg - XT_REG_A0];
    if (reg == XT_REG_PC)
        return &cpu->pc;
    if (reg >= XT_REG_SR_BASE && reg < XT_REG_SR_BASE + 256)
        return &cpu->sr[reg - XT_REG_SR_BASE];
    return NULL;
}

xt_err xt_reg_read(xt_cpu *cpu, int reg, uint32_t *value)
{
    uint32_t *p = reg_slot(cpu, reg);
    if (!p)
        return XT_ERR_REG;
    *value = *p;
    return XT_OK;
}

xt_err xt_reg_write(xt_cpu *cpu, int reg, uint32_t value)
{
    uint32_t *p = reg_slot(cpu, reg);
    if (!p)
        return XT_ERR_REG;
    *p = value;
    return XT_OK;
}

xt_err xt_hook_add(xt_cpu *cpu, xt_hook *out, xt_hook_type type, void *cb,
                   void *user, uint32_t begin, uint32_t end)
{
    (void)type, (void)cb, (void)user, (void)begin, (void)end;
    *out = ++cpu->hooks;
    return XT_OK;
}

xt_err xt_hook_del(xt_cpu *cpu, xt_hook h)
{
    (void)cpu, (void)h;
    return XT_OK;
}

uint64_t xt_insn_count(const xt_cpu *cpu)
{
    return cpu->insns;
}
uint64_t xt_cycles(const xt_cpu *cpu)
{
    return cpu->insns;
}
void xt_stop_request(xt_cpu *cpu)
{
    (void)cpu;
}
void xt_request_exit(xt_cpu *cpu, int status)
{
    (void)cpu, (void)status;
}
/* The run service's loop of a bare CPU (sim/run) is linked, never run. */
xt_err xt_run(xt_cpu *cpu, const xt_run_opts *opts, xt_stop *why)
{
    (void)cpu, (void)opts, (void)why;
    return XT_ERR_ARG;
}
/* The run's history (sim/run/history.c) is linked, never made here. */
size_t xt_state_core_size(const xt_cpu *cpu)
{
    (void)cpu;
    return 0;
}
xt_err xt_state_core_save(const xt_cpu *cpu, void *buf, size_t size)
{
    (void)cpu, (void)buf, (void)size;
    return XT_ERR_ARG;
}
xt_err xt_state_core_load(xt_cpu *cpu, const void *buf, size_t size)
{
    (void)cpu, (void)buf, (void)size;
    return XT_ERR_ARG;
}
const uint32_t *xt_mem_dirty_take(xt_cpu *cpu, size_t *n)
{
    (void)cpu;
    *n = 0;
    return NULL;
}
const char *xt_strerror(xt_err err)
{
    (void)err;
    return "error";
}
xt_err xt_mem_dirty_track(xt_cpu *cpu, bool on)
{
    (void)cpu, (void)on;
    return XT_ERR_ARG;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Region protection (the "mimic cache attribute" option): eight 512 MiB
 * regions, each with a 4-bit attribute in the instruction TLB and one in
 * the data TLB; virtual = physical.  What each attribute permits is
 * enforced by guest memory (mem.c). */
#include "mem.h"
#include "mmu.h"

void mmu_reset(xt_cpu *cpu)
{
    for (int i = 0; i < 8; i++)
        cpu->itlb_attr[i] = cpu->dtlb_attr[i] = 2;
}

uint32_t mmu_tlb_read(xt_cpu *cpu, int itlb, int which, uint32_t as)
{
    uint32_t vpn = as & 0xE0000000u;
    if (which == 0)
        return vpn;
    return vpn | (itlb ? cpu->itlb_attr : cpu->dtlb_attr)[as >> 29];
}

void mmu_tlb_write(xt_cpu *cpu, int itlb, uint32_t at, uint32_t as)
{
    uint8_t *attr = &(itlb ? cpu->itlb_attr : cpu->dtlb_attr)[as >> 29];
    if (*attr == (at & 0xF))
        return;
    *attr = (uint8_t)(at & 0xF);
    if (itlb)
        mem_flush_code(cpu);
    else
        mem_refresh_all(cpu);
}

uint32_t mmu_probe(xt_cpu *cpu, int itlb, uint32_t as)
{
    (void)cpu;
    (void)itlb;
    return (as & 0xE0000000u) | 1;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* mmu.c: region protection's TLB instructions and attributes. */
#ifndef DSPSIM_CPU_MMU_H
#define DSPSIM_CPU_MMU_H

#include "core_state.h"

uint32_t mmu_tlb_read(xt_cpu *cpu, int itlb, int which, uint32_t as);
void mmu_tlb_write(xt_cpu *cpu, int itlb, uint32_t at, uint32_t as);
uint32_t mmu_probe(xt_cpu *cpu, int itlb, uint32_t as);
void mmu_reset(xt_cpu *cpu);

#endif

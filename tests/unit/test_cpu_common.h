/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared harness of the CPU engine API tests (tests/unit/test_cpu_*.c).
 *
 * Each test_cpu_<x>.c runs guest snippets written in test_cpu_<x>.S.  The
 * build assembles that file and links it at 0x40000000 (the reset VECBASE,
 * so `.org 0x30` in the source is the kernel vector, and so on); the test
 * gets the ELF's path as TC_ELF, loads its sections into a fresh CPU and
 * finds snippets by their symbol names.
 *
 * tc_open() gives a CPU with two RAM regions, "iram" at TC_IRAM (the
 * ELF is loaded there) and "dram" at TC_DRAM, and PS = 0 (EXCM clear,
 * INTLEVEL 0) so that exceptions go to the kernel vector rather than the
 * double-exception vector of the reset state.
 */
#ifndef TEST_CPU_COMMON_H
#define TEST_CPU_COMMON_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dspsim/xtcpu.h"
#include "isa.h"

#define TC_IRAM      0x40000000u
#define TC_IRAM_SIZE 0x10000u
#define TC_DRAM      0x3FFE0000u
#define TC_DRAM_SIZE 0x20000u

/* Exception vectors at the reset VECBASE (LX106 configuration). */
#define TC_VEC_DEBUG  0x40000010u
#define TC_VEC_NMI    0x40000020u
#define TC_VEC_KERNEL 0x40000030u
#define TC_VEC_USER   0x40000050u
#define TC_VEC_DOUBLE 0x40000070u

/* Bound on every run so that a wrong engine cannot hang a test. */
#define TC_MAX_INSNS 1000000u

/* A CPU as described above; fails the test on any error. */
xt_cpu *tc_open(void);
/* Load the ELF image's sections into cpu (host writes). */
void tc_load(xt_cpu *cpu);
/* Address of a symbol of the test's ELF; fails the test if absent. */
uint32_t tc_sym(const char *name);

uint32_t tc_reg(xt_cpu *cpu, int reg);
void tc_set(xt_cpu *cpu, int reg, uint32_t value);
#define tc_ar(cpu, n)        tc_reg((cpu), XT_REG_A0 + (n))
#define tc_sr(cpu, n)        tc_reg((cpu), XT_REG_SR(n))
#define tc_pc(cpu)           tc_reg((cpu), XT_REG_PC)
#define tc_set_ar(cpu, n, v) tc_set((cpu), XT_REG_A0 + (n), (v))
#define tc_set_sr(cpu, n, v) tc_set((cpu), XT_REG_SR(n), (v))

/* Run from the current PC with the given options; returns why it stopped. */
xt_stop tc_run_opts(xt_cpu *cpu, const xt_run_opts *opts);
/* Set PC = from and run until PC == until (at most TC_MAX_INSNS). */
xt_stop tc_run_from(xt_cpu *cpu, uint32_t from, uint32_t until);
/* The same with symbol names. */
xt_stop tc_go(xt_cpu *cpu, const char *from, const char *until);
/* Set PC = pc and execute exactly one instruction (max_insns = 1). */
xt_stop tc_step(xt_cpu *cpu, uint32_t pc);

/* Map a region; fails the test on error. */
void tc_map(xt_cpu *cpu, const char *name, uint32_t base, uint32_t size,
            xt_region_kind kind);
/* An XT_HOOK_MEM_READ / XT_HOOK_MEM_WRITE callback that counts its calls
 * in *(unsigned *)user. */
void tc_count_mem(xt_cpu *cpu, xt_hook_type type, uint32_t addr, unsigned size,
                  uint32_t value, void *user);

/* Exception trap: an XT_HOOK_EXCEPTION hook that records every exception
 * and requests a stop, so a run returns XT_STOP_REQUEST with PC at the
 * vector of the first exception it takes. */
typedef struct tc_trap {
    unsigned count;
    unsigned cause; /* as the hook reported it */
    uint32_t pc;
    uint32_t vector;
    uint64_t cycles; /* xt_cycles() when the hook ran */
    bool stop;       /* request a stop (default true) */
    xt_hook hook;
} tc_trap;
void tc_trap_install(xt_cpu *cpu, tc_trap *trap);

#endif

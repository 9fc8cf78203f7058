/* SPDX-License-Identifier: BSD-3-Clause */
/* The fuzz build (clang) does not build the CPU engine (sim/cpu): the
 * ELF loader's CPU target (xt_elf_load_cpu) needs these two symbols,
 * which the harnesses never reach (they load through their own
 * xt_load_target).  Linked only into the libFuzzer binaries. */
#include <stdlib.h>

#include "dspsim/xtcpu.h"
#include "fuzz_util.h"

xt_err xt_mem_write(xt_cpu *cpu, uint32_t addr, const void *src, size_t n)
{
    (void)cpu, (void)addr, (void)src, (void)n;
    abort();
}

xt_err xt_mem_read(xt_cpu *cpu, uint32_t addr, void *dst, size_t n)
{
    (void)cpu, (void)addr, (void)dst, (void)n;
    abort();
}

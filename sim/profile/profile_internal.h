/* SPDX-License-Identifier: BSD-3-Clause */
/* Internals of the profile (profile.c collects, callgrind.c writes,
 * lines.c reads DWARF line tables). */
#ifndef DSPSIM_PROFILE_INTERNAL_H
#define DSPSIM_PROFILE_INTERNAL_H

#include <stdbool.h>

#include "dspsim/profile.h"

/* What an instruction does to the call stack. */
enum pf_class { PF_PLAIN, PF_CALL, PF_RET, PF_RFE };

typedef struct pf_fn {
    char *name;    /* owned */
    uint32_t addr; /* entry address; 0 for pseudo entries */
    uint32_t end;  /* first address past it (size, or the next
                            symbol or section end when it has none) */
    bool pseudo;   /* an interrupt or exception, not code */
} pf_fn;

typedef struct pf_pc { /* one instruction address */
    uint32_t pc;
    uint32_t fn;
    uint8_t used, cls;
    uint64_t cycles, insns;
} pf_pc;

typedef struct pf_edge { /* calls from (caller, pc) to callee */
    uint32_t caller, callee, pc;
    uint8_t used;
    uint64_t count, cycles, insns;
} pf_edge;

typedef struct pf_frame {
    uint32_t fn, caller, pc; /* callee, caller, call site */
    uint32_t ret;            /* expected return address */
    bool irq;                /* an interrupt or exception entry */
    uint64_t cyc0, ins0, irq_cyc0, irq_ins0;
} pf_frame;

struct xt_profile {
    xt_cpu *cpu;
    unsigned thread; /* callgrind's "thread:" (0: no line) */
    const xt_elf *elf;
    xt_hook code_hook, exc_hook;
    pf_fn *fns;
    size_t nfn, cap_fn, nsym; /* [0, nsym): symbols, sorted */
    uint32_t unknown_fn;
    pf_pc *pcs;
    size_t npc, cap_pc; /* open addressing, cap a power of two */
    pf_edge *edges;
    size_t nedge, cap_edge;
    pf_frame *stack;
    size_t depth, cap_stack;
    bool have_last;
    uint32_t last_pc;
    uint64_t last_cyc, last_ins;
    uint64_t irq_cyc, irq_ins; /* time spent in interrupt entries */
    unsigned irq_depth;
    uint64_t total_cyc, total_ins;
    bool oom;
};

/* DWARF line lookup (lines.c); NULL when the file has no line table. */
typedef struct pf_lines pf_lines;
pf_lines *pf_lines_open(const char *elf_path);
/* File and line of pc; false when unknown. */
bool pf_lines_lookup(pf_lines *l, uint32_t pc, const char **file, int *line);
void pf_lines_close(pf_lines *l);

#endif

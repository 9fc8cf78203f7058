/* SPDX-License-Identifier: BSD-3-Clause */
/* The profile's collector: per-address costs and the call graph, from the
 * CPU's code and exception hooks (profile.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile_internal.h"

/* ---- functions ---- */

static uint32_t add_fn(xt_profile *p, const char *name, uint32_t addr,
                       uint32_t end, bool pseudo)
{
    if (p->nfn == p->cap_fn) {
        size_t cap = p->cap_fn ? p->cap_fn * 2 : 256;
        pf_fn *n = realloc(p->fns, cap * sizeof *n);
        if (!n) {
            p->oom = true;
            return p->unknown_fn;
        }
        p->fns = n;
        p->cap_fn = cap;
    }
    pf_fn *f = &p->fns[p->nfn];
    f->name = strdup(name);
    if (!f->name) {
        p->oom = true;
        return p->unknown_fn;
    }
    f->addr = addr;
    f->end = end;
    f->pseudo = pseudo;
    return (uint32_t)p->nfn++;
}

/* The function holding pc: the last function symbol at or below it whose
 * size (or, without one, its section) covers it. */
static uint32_t fn_of(const xt_profile *p, uint32_t pc)
{
    size_t lo = 0, hi = p->nsym;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (p->fns[mid].addr <= pc)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0 ||
        pc - p->fns[lo - 1].addr >= p->fns[lo - 1].end - p->fns[lo - 1].addr)
        return p->unknown_fn;
    return (uint32_t)(lo - 1);
}

static uint32_t pseudo_fn(xt_profile *p, unsigned cause)
{
    char name[64];
    if (cause & XT_HOOK_EXC_INTERRUPT) {
        unsigned level = cause & 0xFF;
        if (level == 3)
            snprintf(name, sizeof name, "<interrupt NMI>");
        else
            snprintf(name, sizeof name, "<interrupt level %u>", level);
    } else if (cause & XT_HOOK_EXC_DEBUG) {
        snprintf(name, sizeof name, "<debug exception>");
    } else if ((cause & 0xFF) == XT_EXC_LEVEL1_INT) {
        snprintf(name, sizeof name, "<interrupt level 1>");
    } else {
        static const char *const names[] = {
            [XT_EXC_ILLEGAL] = "illegal instruction",
            [XT_EXC_SYSCALL] = "syscall",
            [XT_EXC_INSTR_FETCH_ERROR] = "instruction fetch error",
            [XT_EXC_LOAD_STORE_ERROR] = "load/store error",
            [XT_EXC_ALLOCA] = "alloca",
            [XT_EXC_DIVIDE_BY_ZERO] = "integer divide by zero",
            [XT_EXC_PRIVILEGED] = "privileged",
            [XT_EXC_LOAD_STORE_ALIGNMENT] = "load/store alignment",
            [XT_EXC_INSTR_DATA_ERROR] = "instruction data error",
            [XT_EXC_LOAD_STORE_DATA_ERROR] = "load/store data error",
        };
        unsigned c = cause & 0xFF;
        const char *n = c < sizeof names / sizeof names[0] ? names[c] : NULL;
        if (n)
            snprintf(name, sizeof name, "<exception %u: %s>", c, n);
        else
            snprintf(name, sizeof name, "<exception %u>", c);
    }
    for (size_t i = p->nsym; i < p->nfn; i++)
        if (p->fns[i].pseudo && !strcmp(p->fns[i].name, name))
            return (uint32_t)i;
    return add_fn(p, name, 0, 0, true);
}

/* ---- per-address costs ---- */

static int grow_pcs(xt_profile *p)
{
    size_t cap = p->cap_pc ? p->cap_pc * 2 : 4096;
    pf_pc *n = calloc(cap, sizeof *n);
    if (!n)
        return -1;
    for (size_t i = 0; i < p->cap_pc; i++) {
        if (!p->pcs[i].used)
            continue;
        size_t h = (p->pcs[i].pc * 2654435761u) & (cap - 1);
        while (n[h].used)
            h = (h + 1) & (cap - 1);
        n[h] = p->pcs[i];
    }
    free(p->pcs);
    p->pcs = n;
    p->cap_pc = cap;
    return 0;
}

/* How an instruction changes the call stack, from its encoding
 * (Xtensa ISA: CALL0 op0 5 n 0; CALLX0, RET, JX, RFE, RFI in ST0). */
static uint8_t classify(xt_cpu *cpu, uint32_t pc)
{
    uint8_t b[3] = { 0, 0, 0 };
    if (xt_mem_read(cpu, pc, b, 2) != XT_OK)
        return PF_PLAIN;
    if (b[0] == 0x0D && b[1] == 0xF0)
        return PF_RET; /* ret.n */
    if ((b[0] & 0x08) && (b[0] & 0x0F) != 0x0F)
        return PF_PLAIN; /* other narrow instructions */
    if (xt_mem_read(cpu, pc, b, 3) != XT_OK)
        return PF_PLAIN;
    if ((b[0] & 0x3F) == 0x05)
        return PF_CALL; /* call0 */
    if (b[2] == 0 && (b[1] & 0xF0) == 0 && b[0] == 0xC0)
        return PF_CALL; /* callx0 */
    if (b[2] == 0 && b[1] == 0 && b[0] == 0x80)
        return PF_RET;                                          /* ret */
    if (b[2] == 0 && ((b[1] == 0x30 && b[0] == 0x00) ||         /* rfe */
                      ((b[1] & 0xF0) == 0x30 && b[0] == 0x10))) /* rfi */
        return PF_RFE;
    return PF_PLAIN;
}

static pf_pc *pc_entry(xt_profile *p, uint32_t pc)
{
    if ((p->npc + 1) * 2 > p->cap_pc && grow_pcs(p)) {
        p->oom = true;
        return NULL;
    }
    size_t h = (pc * 2654435761u) & (p->cap_pc - 1);
    while (p->pcs[h].used && p->pcs[h].pc != pc)
        h = (h + 1) & (p->cap_pc - 1);
    pf_pc *e = &p->pcs[h];
    if (!e->used) {
        e->used = 1;
        e->pc = pc;
        e->fn = fn_of(p, pc);
        e->cls = classify(p->cpu, pc);
        p->npc++;
    }
    return e;
}

/* ---- call edges ---- */

static pf_edge *edge(xt_profile *p, uint32_t caller, uint32_t pc,
                     uint32_t callee)
{
    if ((p->nedge + 1) * 2 > p->cap_edge) {
        size_t cap = p->cap_edge ? p->cap_edge * 2 : 1024;
        pf_edge *n = calloc(cap, sizeof *n);
        if (!n) {
            p->oom = true;
            return NULL;
        }
        for (size_t i = 0; i < p->cap_edge; i++) {
            const pf_edge *o = &p->edges[i];
            if (!o->used)
                continue;
            size_t h = ((o->pc ^ o->callee * 40503u ^ o->caller * 9176u) *
                        2654435761u) &
                       (cap - 1);
            while (n[h].used)
                h = (h + 1) & (cap - 1);
            n[h] = *o;
        }
        free(p->edges);
        p->edges = n;
        p->cap_edge = cap;
    }
    size_t h = ((pc ^ callee * 40503u ^ caller * 9176u) * 2654435761u) &
               (p->cap_edge - 1);
    while (p->edges[h].used &&
           (p->edges[h].pc != pc || p->edges[h].callee != callee ||
            p->edges[h].caller != caller))
        h = (h + 1) & (p->cap_edge - 1);
    pf_edge *e = &p->edges[h];
    if (!e->used) {
        e->used = 1;
        e->caller = caller;
        e->callee = callee;
        e->pc = pc;
        p->nedge++;
    }
    return e;
}

/* ---- the shadow call stack ---- */

static void push(xt_profile *p, uint32_t fn, uint32_t caller, uint32_t pc,
                 uint32_t ret, bool irq)
{
    if (p->depth == p->cap_stack) {
        size_t cap = p->cap_stack ? p->cap_stack * 2 : 64;
        pf_frame *n = realloc(p->stack, cap * sizeof *n);
        if (!n) {
            p->oom = true;
            return;
        }
        p->stack = n;
        p->cap_stack = cap;
    }
    p->stack[p->depth++] = (pf_frame){ .fn = fn,
                                       .caller = caller,
                                       .pc = pc,
                                       .ret = ret,
                                       .irq = irq,
                                       .cyc0 = p->total_cyc,
                                       .ins0 = p->total_ins,
                                       .irq_cyc0 = p->irq_cyc,
                                       .irq_ins0 = p->irq_ins };
    if (irq)
        p->irq_depth++;
}

/* Close the top frame: its call edge gets the call and the cost since it
 * began, without the interrupts taken meanwhile (they have their own
 * entries). */
static void pop(xt_profile *p)
{
    pf_frame *f = &p->stack[--p->depth];
    uint64_t cyc = p->total_cyc - f->cyc0, ins = p->total_ins - f->ins0;
    if (f->irq) {
        if (--p->irq_depth == 0) {
            p->irq_cyc += cyc;
            p->irq_ins += ins;
        }
    } else {
        cyc -= p->irq_cyc - f->irq_cyc0;
        ins -= p->irq_ins - f->irq_ins0;
    }
    if (p->depth == 0 && f->caller == UINT32_MAX)
        return; /* a root: no caller */
    pf_edge *e = edge(p, f->caller, f->pc, f->fn);
    if (e) {
        e->count++;
        e->cycles += cyc;
        e->insns += ins;
    }
}

static void root(xt_profile *p, uint32_t pc)
{
    while (p->depth)
        pop(p);
    push(p, fn_of(p, pc), UINT32_MAX, 0, 0, false);
}

/* ---- hooks ---- */

static void on_code(xt_cpu *cpu, uint32_t pc, unsigned len, void *user)
{
    xt_profile *p = user;
    (void)len;
    uint64_t cyc = xt_cycles(cpu), ins = xt_insn_count(cpu);
    if (!p->have_last) {
        p->have_last = true;
        p->last_pc = pc;
        p->last_cyc = cyc;
        p->last_ins = ins;
        root(p, pc);
        return;
    }
    pf_pc *last = pc_entry(p, p->last_pc);
    if (!last)
        return;
    last->cycles += cyc - p->last_cyc;
    last->insns += ins - p->last_ins;
    p->total_cyc += cyc - p->last_cyc;
    p->total_ins += ins - p->last_ins;
    uint32_t from = p->last_pc;
    p->last_pc = pc;
    p->last_cyc = cyc;
    p->last_ins = ins;
    switch (last->cls) {
    case PF_CALL:
        if (pc != from + 3)
            push(p, fn_of(p, pc), last->fn, from, from + 3, false);
        break;
    case PF_RET:
        for (size_t i = p->depth; i > 0; i--) {
            const pf_frame *f = &p->stack[i - 1];
            if (f->irq)
                break; /* a return never leaves an interrupt entry */
            if (f->ret == pc && f->caller != UINT32_MAX) {
                while (p->depth >= i)
                    pop(p);
                break;
            }
        }
        break;
    case PF_RFE:
        for (size_t i = p->depth; i > 0; i--) {
            if (!p->stack[i - 1].irq)
                continue;
            uint32_t ret = p->stack[i - 1].ret;
            while (p->depth >= i)
                pop(p);
            if (ret != pc) /* another task: its stack is not this one */
                root(p, pc);
            return;
        }
        root(p, pc);
        break;
    default:
        break;
    }
}

static void on_exception(xt_cpu *cpu, unsigned cause, uint32_t pc,
                         uint32_t vector, void *user)
{
    xt_profile *p = user;
    (void)cpu;
    if (!p->have_last)
        return;
    uint32_t from = p->depth ? p->stack[p->depth - 1].fn : fn_of(p, pc);
    uint32_t pseudo = pseudo_fn(p, cause);
    push(p, pseudo, from, pc, pc, true);
    push(p, fn_of(p, vector), pseudo, 0, 0, false);
}

/* ---- API ---- */

static int by_addr(const void *a, const void *b)
{
    const pf_fn *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

int xt_profile_start(xt_cpu *cpu, const xt_elf *elf, xt_profile **out,
                     char *err, size_t errsz)
{
    *out = NULL;
    xt_profile *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errsz, "out of memory");
        return -1;
    }
    p->cpu = cpu;
    p->elf = elf;
    size_t n = elf ? xt_elf_symbol_count(elf) : 0;
    for (size_t i = 0; i < n; i++) {
        const xt_elf_symbol *s = xt_elf_symbol_at(elf, i);
        if (s->is_func)
            add_fn(p, s->name, s->addr, s->size ? s->addr + s->size : s->limit,
                   false);
    }
    qsort(p->fns, p->nfn, sizeof *p->fns, by_addr);
    p->nsym = p->nfn;
    p->unknown_fn = add_fn(p, "(no symbol)", 0, 0, true);
    if (p->oom ||
        xt_hook_add(cpu, &p->code_hook, XT_HOOK_CODE, on_code, p, 1, 0) !=
            XT_OK ||
        xt_hook_add(cpu, &p->exc_hook, XT_HOOK_EXCEPTION, on_exception, p, 1,
                    0) != XT_OK) {
        snprintf(err, errsz, "cannot install the profiling hooks");
        xt_profile_free(p);
        return -1;
    }
    *out = p;
    return 0;
}

void xt_profile_finish(xt_profile *p)
{
    if (!p || !p->have_last)
        return;
    uint64_t cyc = xt_cycles(p->cpu), ins = xt_insn_count(p->cpu);
    pf_pc *last = pc_entry(p, p->last_pc);
    if (last) {
        last->cycles += cyc - p->last_cyc;
        last->insns += ins - p->last_ins;
    }
    p->total_cyc += cyc - p->last_cyc;
    p->total_ins += ins - p->last_ins;
    p->last_cyc = cyc;
    p->last_ins = ins;
    while (p->depth)
        pop(p);
    p->have_last = false;
}

void xt_profile_free(xt_profile *p)
{
    if (!p)
        return;
    if (p->code_hook)
        xt_hook_del(p->cpu, p->code_hook);
    if (p->exc_hook)
        xt_hook_del(p->cpu, p->exc_hook);
    for (size_t i = 0; i < p->nfn; i++)
        free(p->fns[i].name);
    free(p->fns);
    free(p->pcs);
    free(p->edges);
    free(p->stack);
    free(p);
}

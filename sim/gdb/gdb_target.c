/* SPDX-License-Identifier: BSD-3-Clause */
/* Control of the target through CPU hooks (dspsim/xtcpu.h): breakpoints,
 * watchpoints, single steps and guest exceptions each request a stop
 * (xt_stop_request) at an instruction boundary, which the run loop hands
 * to the server (ds_gdb_poll).
 *
 * - breakpoint: one code hook over the whole address space while any
 *   breakpoint or a step is active; it stops before the instruction at a
 *   breakpoint's address, except at the place the target resumed from
 *   (same PC and instruction count), so that a continue moves on;
 * - watchpoint: a memory hook; the access completes and the stop comes
 *   before the next instruction;
 * - step: the code hook stops at the first boundary after the resume
 *   point (one instruction later, or at the vector of an interrupt or
 *   exception taken before it);
 * - exception: the exception hook stops at the vector of every guest
 *   fault and debug exception, reported as a signal with the faulting
 *   instruction's PC (interrupts, SYSCALL and ALLOCA are not reported).
 * Hooks make the engine interpret; no cycle count changes. */
#include <string.h>

#include "gdb_internal.h"

/* The index of cpu among the cores (0 when it is not one). */
static unsigned core_of(const ds_gdb *g, const xt_cpu *cpu)
{
    for (unsigned k = 0; k < g->ncores; k++)
        if (g->cores[k] == cpu)
            return k;
    return 0;
}

static void request_stop(ds_gdb *g, xt_cpu *cpu, int sig)
{
    if (g->stop_pending)
        return; /* the first reason wins (e.g. a fault during a step) */
    g->stop_pending = true;
    g->stop_sig = sig;
    g->stop_watch = -1;
    g->stop_who[0] = '\0';
    g->stop_replaylog = false;
    g->stop_pos_set = false; /* read when the stop is served */
    /* the stop is that core's: the debugger looks at it first */
    g->stop_core = core_of(g, cpu);
    g->cpu = cpu;
    xt_stop_request(cpu);
}

static void on_code(xt_cpu *cpu, uint32_t pc, unsigned len, void *user)
{
    ds_gdb *g = user;
    (void)len;
    if (g->rev.mode != GDB_REV_NONE)
        return; /* going back: gdb_reverse.c's hook decides */
    unsigned k = core_of(g, cpu);
    bool at_resume = k == g->resume_core && pc == g->resume_pc &&
                     xt_insn_count(cpu) == g->resume_insns;
    if (at_resume)
        return;
    bool stop = g->stepping && k == g->step_core;
    for (unsigned i = 0; i < g->nbreaks && !stop; i++)
        stop = g->breaks[i].addr == pc;
    if (stop && !g->stop_pending) {
        request_stop(g, cpu, GDB_SIGTRAP);
        /* before the instruction at pc */
        g->stop_pos = (ds_pos){ xt_insn_count(cpu), xt_cycles(cpu), DS_POS_INSN,
                                pc };
        g->stop_pos_set = true;
    }
}

static void on_mem(xt_cpu *cpu, xt_hook_type type, uint32_t addr, unsigned size,
                   uint32_t value, void *user)
{
    ds_gdb *g = user;
    (void)value;
    for (unsigned i = 0; i < g->nwatches; i++) {
        const gdb_watch *w = &g->watches[i];
        if ((uint64_t)addr + size <= w->addr ||
            addr >= (uint64_t)w->addr + w->len)
            continue;
        if ((w->kind == GDB_WATCH_WRITE && type != XT_HOOK_MEM_WRITE) ||
            (w->kind == GDB_WATCH_READ && type != XT_HOOK_MEM_READ))
            continue;
        char who[96];
        uint32_t pc = 0;
        xt_reg_read(cpu, XT_REG_PC, &pc);
        snprintf(who, sizeof who, "the core (the %s at pc 0x%08x)",
                 type == XT_HOOK_MEM_WRITE ? "store" : "load", (unsigned)pc);
        if (g->rev.mode != GDB_REV_NONE) { /* a candidate of a bc */
            gdb_rev_watch(g, (int)w->kind, addr > w->addr ? addr : w->addr,
                          NULL, who);
            return;
        }
        if (g->stop_pending)
            return;
        request_stop(g, cpu, GDB_SIGTRAP);
        g->stop_watch = (int)w->kind;
        g->stop_addr = addr > w->addr ? addr : w->addr;
        snprintf(g->stop_who, sizeof g->stop_who, "%s", who);
        return;
    }
}

static int fault_signal(unsigned cause)
{
    if (cause & XT_HOOK_EXC_INTERRUPT)
        return 0;
    if (cause & XT_HOOK_EXC_DEBUG)
        return GDB_SIGTRAP;
    switch (cause & 0xFFu) {
    case XT_EXC_ILLEGAL:
    case XT_EXC_PRIVILEGED:
        return GDB_SIGILL;
    case XT_EXC_LOAD_STORE_ALIGNMENT:
        return GDB_SIGBUS;
    case XT_EXC_DIVIDE_BY_ZERO:
        return GDB_SIGFPE;
    case XT_EXC_INSTR_FETCH_ERROR:
    case XT_EXC_LOAD_STORE_ERROR:
    case XT_EXC_INSTR_DATA_ERROR:
    case XT_EXC_LOAD_STORE_DATA_ERROR:
    case XT_EXC_INSTR_ADDR_ERROR:
    case XT_EXC_LOAD_STORE_ADDR_ERROR:
    case XT_EXC_INST_FETCH_PROHIBITED:
    case XT_EXC_LOAD_PROHIBITED:
    case XT_EXC_STORE_PROHIBITED:
        return GDB_SIGSEGV;
    default: /* level-1 interrupt, SYSCALL, ALLOCA: normal flow */
        return 0;
    }
}

static void on_exception(xt_cpu *cpu, unsigned cause, uint32_t pc,
                         uint32_t vector, void *user)
{
    ds_gdb *g = user;
    (void)vector;
    int sig = fault_signal(cause);
    if (!sig || g->rev.mode != GDB_REV_NONE)
        return;
    g->stop_pending = false; /* the fault outranks a step's stop */
    request_stop(g, cpu, sig);
    g->fault_view = true;
    g->fault_pc = pc;
}

/* Hook h[k] on every core k as wanted. */
static void set_hook(ds_gdb *g, xt_hook *h, bool want, xt_hook_type type,
                     void *cb)
{
    for (unsigned k = 0; k < g->ncores; k++) {
        if (want && !h[k]) {
            if (xt_hook_add(g->cores[k], &h[k], type, cb, g, 1, 0) != XT_OK)
                h[k] = 0;
        } else if (!want && h[k]) {
            xt_hook_del(g->cores[k], h[k]);
            h[k] = 0;
        }
    }
}

void gdb_target_update_hooks(ds_gdb *g)
{
    bool rd = false, wr = false;
    for (unsigned i = 0; i < g->nwatches; i++) {
        rd |= g->watches[i].kind != GDB_WATCH_WRITE;
        wr |= g->watches[i].kind != GDB_WATCH_READ;
    }
    /* going back, gdb_reverse.c's hooks look at the code */
    set_hook(g, g->code_hook,
             (g->nbreaks || g->stepping) && g->rev.mode == GDB_REV_NONE,
             XT_HOOK_CODE, (void *)on_code);
    set_hook(g, g->rd_hook, rd, XT_HOOK_MEM_READ, (void *)on_mem);
    set_hook(g, g->wr_hook, wr, XT_HOOK_MEM_WRITE, (void *)on_mem);
}

int gdb_break_insert(ds_gdb *g, uint32_t addr, bool hw)
{
    unsigned same_kind = 0;
    for (unsigned i = 0; i < g->nbreaks; i++) {
        if (g->breaks[i].hw != hw)
            continue;
        if (g->breaks[i].addr == addr)
            return 0; /* already there (GDB may insert twice) */
        same_kind++;
    }
    if (same_kind >= (hw ? GDB_MAX_HW_BREAKS : GDB_MAX_SW_BREAKS))
        return 0x1c; /* ENOSPC */
    g->breaks[g->nbreaks++] = (gdb_break){ addr, hw };
    gdb_target_update_hooks(g);
    return 0;
}

int gdb_break_remove(ds_gdb *g, uint32_t addr, bool hw)
{
    for (unsigned i = 0; i < g->nbreaks; i++)
        if (g->breaks[i].addr == addr && g->breaks[i].hw == hw) {
            g->breaks[i] = g->breaks[--g->nbreaks];
            gdb_target_update_hooks(g);
            return 0;
        }
    return 0x16; /* EINVAL: no such breakpoint */
}

/* len in bytes: the packet's KIND, hex like every RSP number (0x40 = 64).
 * Watched in software (on_mem): any 1..GDB_MAX_WATCH_LEN bytes at any
 * address, without DBREAKC's power-of-two alignment. */
int gdb_watch_insert(ds_gdb *g, gdb_watch_kind k, uint32_t addr, uint32_t len)
{
    if (len == 0 || len > GDB_MAX_WATCH_LEN ||
        (uint64_t)addr + len > 0x100000000ull)
        return 0x16;
    for (unsigned i = 0; i < g->nwatches; i++)
        if (g->watches[i].kind == k && g->watches[i].addr == addr &&
            g->watches[i].len == len)
            return 0;
    if (g->nwatches >= GDB_MAX_WATCHES)
        return 0x1c;
    g->watches[g->nwatches++] = (gdb_watch){ addr, len, k };
    gdb_target_update_hooks(g);
    return 0;
}

int gdb_watch_remove(ds_gdb *g, gdb_watch_kind k, uint32_t addr, uint32_t len)
{
    for (unsigned i = 0; i < g->nwatches; i++)
        if (g->watches[i].kind == k && g->watches[i].addr == addr &&
            g->watches[i].len == len) {
            g->watches[i] = g->watches[--g->nwatches];
            gdb_target_update_hooks(g);
            return 0;
        }
    return 0x16;
}

void gdb_target_resume(ds_gdb *g, bool step)
{
    uint32_t pc = 0;
    /* the core the debugger looks at resumes from its place (a step
     * steps it; the others run on) */
    xt_reg_read(g->cpu, XT_REG_PC, &pc);
    g->resume_core = g->step_core = core_of(g, g->cpu);
    g->resume_pc = pc;
    g->resume_insns = xt_insn_count(g->cpu);
    g->stepping = step;
    g->stop_pending = false;
    g->stop_pos_set = false;
    g->fault_view = false;
    gdb_rev_forward(g);
    gdb_target_update_hooks(g);
}

void gdb_target_attach(ds_gdb *g)
{
    set_hook(g, g->exc_hook, true, XT_HOOK_EXCEPTION, (void *)on_exception);
}

void gdb_target_detach(ds_gdb *g)
{
    g->nbreaks = 0;
    g->nwatches = 0;
    g->stepping = false;
    g->stop_pending = false;
    g->fault_view = false;
    gdb_target_update_hooks(g);
    set_hook(g, g->exc_hook, false, XT_HOOK_EXCEPTION, NULL);
}

void gdb_target_set_stop(ds_gdb *g, int sig)
{
    g->stop_sig = sig;
    g->stop_replaylog = false;
    g->stop_watch = -1;
    g->fault_view = false;
}

void ds_gdb_note_write(ds_gdb *g, uint32_t addr, uint32_t len, const char *who,
                       bool between_runs)
{
    if (!g || g->ended || g->killed || !len)
        return;
    for (unsigned i = 0; i < g->nwatches; i++) {
        const gdb_watch *w = &g->watches[i];
        if (w->kind == GDB_WATCH_READ || (uint64_t)addr + len <= w->addr ||
            addr >= (uint64_t)w->addr + w->len)
            continue;
        uint32_t at = addr > w->addr ? addr : w->addr;
        if (g->rev.mode != GDB_REV_NONE) {
            /* a candidate of a bc, the point before the write: before the
             * events of this cycle (a DMA burst), or after them (a host
             * between runs) */
            ds_pos p = ds_pos_now(g->cpu, between_runs ? DS_POS_SETTLED
                                                       : DS_POS_EVENTS);
            gdb_rev_watch(g, (int)w->kind, at, &p, who);
            if (between_runs)
                gdb_rev_host_write(g);
            return;
        }
        if (g->stop_pending || g->cfd < 0)
            return;
        g->stop_pending = true;
        g->stop_sig = GDB_SIGTRAP;
        g->stop_replaylog = false;
        g->fault_view = false;
        g->stop_watch = (int)w->kind;
        g->stop_addr = at;
        snprintf(g->stop_who, sizeof g->stop_who, "%s", who);
        /* after the events of this cycle (and the host's write), before
         * the next instruction */
        g->stop_pos = ds_pos_now(g->cpu,
                                 between_runs ? DS_POS_HOST : DS_POS_SETTLED);
        g->stop_pos_set = true;
        if (between_runs)
            gdb_serve_pending(g); /* before the host's next step */
        /* else at the run service's next boundary (gdb_boundary) */
        return;
    }
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Public API of the engine: lifetime, registers, interrupt lines, hooks,
 * running, and introspection. */
#include <stdlib.h>
#include <string.h>

#include "core_state.h"
#include "disasm.h"
#include "events.h"
#include "exec.h"
#include "icache.h"
#include "mem.h"
#include "mmu.h"
#include "sreg.h"
#include "xlate.h"

const char *xt_strerror(xt_err err)
{
    switch (err) {
    case XT_OK:
        return "ok";
    case XT_ERR_NOMEM:
        return "out of host memory";
    case XT_ERR_ARG:
        return "invalid argument";
    case XT_ERR_ALIGN:
        return "region base or size not page-aligned";
    case XT_ERR_OVERLAP:
        return "region overlaps an existing region";
    case XT_ERR_UNMAPPED:
        return "address not mapped";
    case XT_ERR_REG:
        return "unknown register";
    case XT_ERR_HOOK:
        return "unknown hook";
    case XT_ERR_BUSY:
        return "engine is running";
    case XT_ERR_STATE:
        return "saved state does not fit this engine";
    }
    return "unknown error";
}

const char *xt_stop_name(xt_stop why)
{
    switch (why) {
    case XT_STOP_UNTIL:
        return "until-address reached";
    case XT_STOP_INSN_BUDGET:
        return "instruction budget exhausted";
    case XT_STOP_CYCLE_BUDGET:
        return "cycle budget exhausted";
    case XT_STOP_REQUEST:
        return "stop requested";
    case XT_STOP_EXIT:
        return "guest exit";
    case XT_STOP_FATAL:
        return "fatal guest state";
    case XT_STOP_IDLE:
        return "idle forever (WAITI with nothing to wake it)";
    case XT_STOP_WAIT:
        return "waiting (WAITI)";
    }
    return "unknown stop";
}

bool xt_engine_from_env(xt_engine *out)
{
    const char *env = getenv("DSPSIM_ENGINE");
    return env && *env && !xt_engine_parse(env, out);
}

xt_err xt_open(xt_cpu **out)
{
    return xt_open_config(out, NULL);
}

xt_err xt_open_config(xt_cpu **out, const xt_cpu_config *cfg)
{
    if (!out)
        return XT_ERR_ARG;
    *out = NULL;
    /* the engine: the caller's, else $DSPSIM_ENGINE, else the fast one */
    xt_engine e = XT_ENGINE_FAST;
    if (cfg && cfg->engine_set)
        e = cfg->engine;
    else
        xt_engine_from_env(&e);
    if (e != XT_ENGINE_FAST && e != XT_ENGINE_INTERP)
        return XT_ERR_ARG;
    xt_cpu *cpu = calloc(1, sizeof(*cpu));
    if (!cpu)
        return XT_ERR_NOMEM;
    exec_init(); /* the instruction cache's handlers */
    mem_init(cpu);
    if (!cpu->pages || icache_init(cpu)) {
        icache_free(cpu);
        mem_free(cpu);
        free(cpu);
        return XT_ERR_NOMEM;
    }
    xt_timing_default(&cpu->timing);
    xt_reset(cpu);
    if (xt_engine_set(cpu, e) != XT_OK)
        xt_engine_set(cpu, XT_ENGINE_INTERP);
    if (cfg && cfg->xlate && xt_engine_get(cpu) == XT_ENGINE_FAST) {
        xt_err err = xt_xlate_config(cpu, cfg->xlate);
        if (err != XT_OK) {
            xt_close(cpu);
            return err;
        }
    }
    *out = cpu;
    return XT_OK;
}

void xt_close(xt_cpu *cpu)
{
    if (!cpu)
        return;
    xlate_free(cpu);
    icache_free(cpu);
    mem_free(cpu);
    free(cpu);
}

void xt_reset(xt_cpu *cpu)
{
    memset(cpu->ar, 0, sizeof(cpu->ar));
    cpu->pc = XT_RESET_PC;
    cpu->sar = cpu->litbase = 0;
    cpu->ps = PS_RESET;
    cpu->vecbase = XT_VECBASE_RESET;
    memset(cpu->epc, 0, sizeof(cpu->epc));
    memset(cpu->eps, 0, sizeof(cpu->eps));
    memset(cpu->excsave, 0, sizeof(cpu->excsave));
    cpu->depc = cpu->exccause = cpu->excvaddr = 0;
    cpu->interrupt = cpu->intenable = cpu->ccompare0 = 0;
    cpu->icount = cpu->icountlevel = cpu->debugcause = 0;
    cpu->ibreakenable = cpu->ibreaka0 = cpu->dbreaka0 = cpu->dbreakc0 = 0;
    cpu->ddr = cpu->prid = 0;
    cpu->ccount_offset = 0;
    cpu->irq_lines = 0;
    cpu->cycles = cpu->insns = 0;
    cpu->waiting = cpu->stop_req = cpu->exit_req = 0;
    cpu->icount_pending = 0;
    cpu->exit_status = 0;
    memset(&cpu->fatal, 0, sizeof(cpu->fatal));
    cpu->hist_n = 0;
    cpu->hz_mask = cpu->hz_cost = 0;
    cpu->cyc_end = cpu->ins_end = UINT64_MAX;
    mmu_reset(cpu);
    mem_flush_code(cpu);
    mem_refresh_all(cpu);
    events_timer_rearm(cpu);
    events_update(cpu);
}

/* ---- registers ---- */
xt_err xt_reg_read(xt_cpu *cpu, int reg, uint32_t *value)
{
    if (!cpu || !value)
        return XT_ERR_ARG;
    if (reg >= XT_REG_A0 && reg < XT_REG_A0 + 16) {
        *value = cpu->ar[reg - XT_REG_A0];
        return XT_OK;
    }
    if (reg == XT_REG_PC) {
        *value = cpu->pc;
        return XT_OK;
    }
    if (reg >= XT_REG_SR_BASE && reg < XT_REG_SR_BASE + 256) {
        unsigned sr = (unsigned)(reg - XT_REG_SR_BASE);
        return sreg_read(cpu, sr, value) ? XT_ERR_REG : XT_OK;
    }
    return XT_ERR_REG;
}

xt_err xt_reg_write(xt_cpu *cpu, int reg, uint32_t value)
{
    if (!cpu)
        return XT_ERR_ARG;
    if (reg >= XT_REG_A0 && reg < XT_REG_A0 + 16) {
        cpu->ar[reg - XT_REG_A0] = value;
        return XT_OK;
    }
    if (reg == XT_REG_PC) {
        if (value != cpu->pc) {
            /* a break in the history and in the pipeline */
            core_hist_record(cpu, cpu->pc, value, 1);
            cpu->hz_mask = 0;
        }
        cpu->pc = value;
        cpu->waiting = 0;
        events_update(cpu);
        return XT_OK;
    }
    if (reg >= XT_REG_SR_BASE && reg < XT_REG_SR_BASE + 256) {
        unsigned sr = (unsigned)(reg - XT_REG_SR_BASE);
        switch (sr) {
        case XT_SR_INTERRUPT:
            cpu->interrupt = value & 0x7FFF; /* raw pending bits */
            events_update(cpu);
            return XT_OK;
        case XT_SR_DEBUGCAUSE:
            cpu->debugcause = value;
            return XT_OK;
        case XT_SR_PRID:
            cpu->prid = value;
            return XT_OK;
        default:
            return sreg_write(cpu, sr, value) ? XT_ERR_REG : XT_OK;
        }
    }
    return XT_ERR_REG;
}

/* ---- interrupt lines ---- */
xt_err xt_irq_set(xt_cpu *cpu, unsigned irq, bool level)
{
    if (!cpu || irq > XT_INT_NMI || irq == XT_INT_TIMER0 ||
        (XT_INT_SOFTWARE_MASK >> irq) & 1)
        return XT_ERR_ARG;
    uint32_t bit = 1u << irq;
    int was = (cpu->irq_lines & bit) != 0;
    if (level)
        cpu->irq_lines |= bit;
    else
        cpu->irq_lines &= ~bit;
    if (bit & XT_INT_LEVEL_MASK) {
        if (level)
            cpu->interrupt |= bit;
        else
            cpu->interrupt &= ~bit;
    } else if (level && !was) {
        cpu->interrupt |= bit; /* edge-triggered and NMI latch */
    }
    events_update(cpu);
    return XT_OK;
}

/* ---- time ---- */
uint64_t xt_cycles(const xt_cpu *cpu)
{
    return cpu->cycles;
}
uint64_t xt_idle_until(const xt_cpu *cpu)
{
    if (!cpu || !cpu->waiting || cpu->stop_req || cpu->exit_req ||
        cpu->n_code_hooks || events_irq_deliverable(cpu))
        return 0;
    return cpu->timer_at;
}

uint64_t xt_wake_cycle(const xt_cpu *cpu)
{
    if (!cpu || !cpu->waiting || events_irq_deliverable(cpu))
        return 0;
    /* the timer wakes it when its interrupt can be taken (exec.c's
     * WAITI skip) */
    if (((cpu->intenable >> XT_INT_TIMER0) & 1) && core_cintlevel(cpu) < 1)
        return cpu->timer_at;
    return UINT64_MAX;
}

uint64_t xt_insn_count(const xt_cpu *cpu)
{
    return cpu->insns;
}

xt_err xt_timing_set(xt_cpu *cpu, const xt_timing *t)
{
    if (!cpu || !t)
        return XT_ERR_ARG;
    if (cpu->running)
        return XT_ERR_BUSY;
    /* base >= 1: the instruction budget relies on it (exec.c) */
    if (t->base < 1 || t->base + t->isync_extra > 255 ||
        t->base + t->sync_extra > 255)
        return XT_ERR_ARG;
    cpu->timing = *t;
    mem_flush_code(cpu);
    return XT_OK;
}

/* ---- running ---- */
xt_err xt_run(xt_cpu *cpu, const xt_run_opts *opts, xt_stop *why)
{
    if (!cpu || !why)
        return XT_ERR_ARG;
    if (cpu->running)
        return XT_ERR_BUSY;
    xt_run_opts o = { 0 };
    if (opts)
        o = *opts;
    cpu->cyc_end = o.max_cycles ? cpu->cycles + o.max_cycles : UINT64_MAX;
    cpu->ins_end = o.max_insns ? cpu->insns + o.max_insns : UINT64_MAX;
    cpu->use_until = o.use_until;
    cpu->until = o.until;
    cpu->wait_stop = o.stop_at_wait;
    cpu->running = 1;
    core_hist_record(cpu, cpu->pc, cpu->pc, 1);
    /* A core in WAITI that nothing can wake before the cycle budget ends
     * (xt_idle_until: no request, no deliverable interrupt, no timer match
     * on the way): the slice is only time passing, exactly as the slow
     * check would let it pass.  A board calls this between every two
     * events while the firmware idles, so it is worth the shortcut. */
    bool idle = o.max_cycles && !o.stop_at_wait && cpu->insns < cpu->ins_end &&
                cpu->cyc_end < xt_idle_until(cpu);
    if (idle) {
        cpu->cycles = cpu->cyc_end;
        *why = XT_STOP_CYCLE_BUDGET;
    } else {
        if (cpu->engine == XT_ENGINE_FAST)
            xlate_tier_poll(cpu);
        events_update(cpu);
        events_kick(cpu);
        *why = exec_loop(cpu);
    }
    cpu->running = 0;
    cpu->use_until = 0;
    cpu->wait_stop = 0;
    cpu->cyc_end = cpu->ins_end = UINT64_MAX;
    /* a waiting core's horizon is 0 whatever the clock says: after an
     * idle slice that already is, events_update would change nothing */
    if (!idle || !cpu->slow || cpu->ev_unit || cpu->ev_cycles)
        events_update(cpu);
    return XT_OK;
}

void xt_stop_request(xt_cpu *cpu)
{
    if (cpu->stop_req != 2)
        cpu->stop_req = 1;
    events_update(cpu);
}

void xt_request_exit(xt_cpu *cpu, int status)
{
    cpu->exit_req = 1;
    cpu->exit_status = status;
    events_update(cpu);
}

int xt_exit_status(const xt_cpu *cpu)
{
    return cpu->exit_status;
}
const xt_fatal_info *xt_fatal(const xt_cpu *cpu)
{
    return &cpu->fatal;
}

/* ---- hooks ---- */
xt_err xt_hook_add(xt_cpu *cpu, xt_hook *out, xt_hook_type type, void *cb,
                   void *user, uint32_t begin, uint32_t end)
{
    if (!cpu || !out || !cb || type > XT_HOOK_IDLE)
        return XT_ERR_ARG;
    for (unsigned i = 0; i < XT_MAX_HOOKS; i++) {
        xt_hook_rec *h = &cpu->hooks[i];
        if (h->id)
            continue;
        h->id = ++cpu->next_hook_id;
        h->type = type;
        h->cb = cb;
        h->user = user;
        h->begin = begin;
        h->end = end;
        *out = h->id;
        if (type == XT_HOOK_CODE)
            cpu->n_code_hooks++;
        if (type == XT_HOOK_RETURN || type == XT_HOOK_IDLE)
            cpu->n_flow_hooks++;
        if (type == XT_HOOK_MEM_READ || type == XT_HOOK_MEM_WRITE) {
            cpu->n_mem_hooks++;
            mem_refresh_all(cpu);
        }
        events_update(cpu);
        return XT_OK;
    }
    return XT_ERR_NOMEM;
}

xt_err xt_hook_del(xt_cpu *cpu, xt_hook id)
{
    if (!cpu || !id)
        return XT_ERR_HOOK;
    for (unsigned i = 0; i < XT_MAX_HOOKS; i++) {
        xt_hook_rec *h = &cpu->hooks[i];
        if (h->id != id)
            continue;
        if (h->type == XT_HOOK_CODE)
            cpu->n_code_hooks--;
        if (h->type == XT_HOOK_RETURN || h->type == XT_HOOK_IDLE)
            cpu->n_flow_hooks--;
        if (h->type == XT_HOOK_MEM_READ || h->type == XT_HOOK_MEM_WRITE) {
            cpu->n_mem_hooks--;
            h->id = 0;
            mem_refresh_all(cpu);
        }
        h->id = 0;
        events_update(cpu);
        return XT_OK;
    }
    return XT_ERR_HOOK;
}

/* ---- introspection ---- */
int xt_disasm_at(xt_cpu *cpu, uint32_t addr, char *buf, size_t bufsz)
{
    uint8_t b[3];
    if (!cpu || !buf || bufsz == 0)
        return 0;
    buf[0] = 0;
    if (xt_mem_read(cpu, addr, b, 1) != XT_OK)
        return 0;
    int len = xt_insn_len(b[0]);
    if (xt_mem_read(cpu, addr + 1, b + 1, (size_t)len - 1) != XT_OK)
        return 0;
    return xt_disasm_bytes(addr, b, (size_t)len, buf, bufsz, NULL, NULL);
}

/* Decode forward from 'start' collecting instruction addresses up to 'end'
 * (inclusive or not) into the ring out[n % max].  Returns the count, or -1
 * if the walk does not land on 'end' (the log and memory disagree, e.g.
 * self-modified code). */
static int walk(xt_cpu *cpu, uint32_t start, uint32_t end, int inclusive,
                uint32_t *out, int max)
{
    int n = 0;
    uint32_t a = start;
    for (int steps = 0; steps < 1 << 20; steps++) {
        if (a == end && !inclusive)
            return n;
        out[n % max] = a;
        n++;
        if (a == end)
            return n;
        uint8_t b0;
        if (xt_mem_read(cpu, a, &b0, 1) != XT_OK)
            return -1;
        a += (uint32_t)xt_insn_len(b0);
    }
    return -1;
}

unsigned xt_recent_pcs(xt_cpu *cpu, uint32_t *out, unsigned max)
{
    enum { CAP = 64 };
    uint32_t rev[CAP]; /* newest first */
    unsigned nrev = 0;
    uint32_t end = cpu->pc;
    int inclusive = 0;
    unsigned avail = cpu->hist_n < XT_HISTORY ? (unsigned)cpu->hist_n
                                              : XT_HISTORY;
    if (max > XT_HISTORY)
        max = XT_HISTORY;
    for (unsigned k = 0; k < avail && nrev < max; k++) {
        const xt_transfer t = core_hist_get(cpu, cpu->hist_n - 1 - k);
        uint32_t seg[CAP];
        int n = walk(cpu, t.to, end, inclusive, seg, CAP);
        if (n < 0)
            break;
        for (int i = n - 1; i >= 0 && i >= n - CAP && nrev < max; i--)
            rev[nrev++] = seg[i % CAP];
        end = t.from;
        inclusive = !t.from_exclusive;
    }
    for (unsigned i = 0; i < nrev; i++)
        out[i] = rev[nrev - 1 - i];
    return nrev;
}

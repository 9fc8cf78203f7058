/* SPDX-License-Identifier: BSD-3-Clause */
/* The interpreter: pre-decoded instructions dispatched by computed goto.
 *
 * Each guest page that is executed gets an array of decoded records, one
 * per byte address (icache.c); a record is decoded on first use.  The
 * fast loop keeps PC, the cycle and instruction counters in locals and
 * calls the slow check (precheck) only when cycles reach cpu->ev_cycles:
 * the next timer match, the cycle budget, or 0 when something needs a look
 * before every instruction (hooks, debug features, pending interrupts).
 * An instruction budget is folded into the same horizon: every instruction
 * costs at least one cycle, so 'cycles + instructions left' is never past
 * the instruction that exhausts it, and precheck tightens it as it nears. */
#include <stdint.h>
#include <string.h>

#include "events.h"
#include "exc.h"
#include "exec.h"
#include "icache.h"
#include "mem.h"
#include "mmu.h"
#include "sreg.h"
#include "xlate.h"

static int timer_can_wake(const xt_cpu *cpu)
{
    return ((cpu->intenable >> XT_INT_TIMER0) & 1) && core_cintlevel(cpu) < 1;
}

/* Slow check before an instruction.  Returns -1 to execute it, or a stop
 * reason.  Works on cpu-> state only (the fast loop has saved its locals). */
static __attribute__((noinline)) int precheck(xt_cpu *cpu)
{
    for (;;) {
        if (cpu->stop_req == 2) {
            cpu->stop_req = 0;
            events_update(cpu);
            return XT_STOP_FATAL;
        }
        if (cpu->exit_req)
            return XT_STOP_EXIT;
        if (cpu->stop_req) {
            cpu->stop_req = 0;
            events_update(cpu);
            return XT_STOP_REQUEST;
        }
        while (cpu->cycles >= cpu->timer_at) {
            cpu->interrupt |= 1u << XT_INT_TIMER0;
            cpu->timer_at += 1ull << 32;
        }
        exc_check_interrupts(cpu);
        if (cpu->stop_req == 2)
            continue;
        if (cpu->cycles >= cpu->cyc_end)
            return XT_STOP_CYCLE_BUDGET;
        if (cpu->insns >= cpu->ins_end)
            return XT_STOP_INSN_BUDGET;
        if (cpu->waiting) {
            if (cpu->wait_stop)
                return XT_STOP_WAIT; /* the caller lets the time pass */
            /* WAITI: skip straight to the next thing that can wake us */
            uint64_t t = cpu->cyc_end;
            if (timer_can_wake(cpu) && cpu->timer_at < t)
                t = cpu->timer_at;
            if (t == UINT64_MAX)
                return XT_STOP_IDLE;
            if (cpu->cycles < t)
                cpu->cycles = t;
            continue;
        }
        if (cpu->use_until && cpu->pc == cpu->until)
            return XT_STOP_UNTIL;
        if (cpu->icount_pending) {
            cpu->icount++;
            cpu->icount_pending = 0;
        }
        if (core_cintlevel(cpu) < cpu->icountlevel) {
            if (cpu->icount == 0xFFFFFFFFu) {
                if (exc_debug(cpu, DBG_IC))
                    continue;
            } else {
                cpu->icount_pending = 1;
            }
        }
        if ((cpu->ibreakenable & 1) && cpu->pc == cpu->ibreaka0 &&
            exc_debug(cpu, DBG_IB))
            continue;
        if (cpu->n_code_hooks) {
            for (unsigned i = 0; i < XT_MAX_HOOKS; i++) {
                const xt_hook_rec *h = &cpu->hooks[i];
                if (!h->id || h->type != XT_HOOK_CODE)
                    continue;
                if (h->begin <= h->end &&
                    (cpu->pc < h->begin || cpu->pc > h->end))
                    continue;
                xt_insn in;
                uint32_t fault;
                unsigned len = 0;
                if (mem_fetch_decode(cpu, cpu->pc, &in, &fault) == 0)
                    len = in.len;
                ((xt_hook_code_cb)h->cb)(cpu, cpu->pc, len, h->user);
            }
            if (cpu->stop_req || cpu->exit_req)
                continue;
        }
        events_update(cpu);
        return -1;
    }
}

static inline int32_t sext16(uint32_t v)
{
    return (int16_t)(uint16_t)v;
}

static uint32_t nsa32(uint32_t v)
{
    uint32_t x = v ^ (uint32_t)((int32_t)v >> 31);
    return x == 0 ? 31 : (uint32_t)__builtin_clz(x) - 1;
}

void exec_init(void)
{
    exec_loop(NULL);
}

/* With cpu == NULL, only publishes the handler addresses (exec_init) and
 * returns. */
xt_stop exec_loop(xt_cpu *cpu)
{
    static const void *const labels[ICACHE_NHANDLERS] = {
#define XT_OP_LABEL(name, mn) [XT_OP_##name] = &&op_##name,
        XT_OPCODES(XT_OP_LABEL)
#undef XT_OP_LABEL
            [ICACHE_DECODE] = &&op_DECODE,
        [ICACHE_PAGE_END] = &&op_PAGE_END,
        [ICACHE_XLATE] = &&op_XLATE,
    };
    if (!cpu) {
        icache_set_handlers(labels);
        return XT_STOP_REQUEST;
    }
    uint32_t *const R = cpu->ar;
    xt_page *const pages = cpu->pages;
    const xt_timing *const T = &cpu->timing;
    uint32_t pc = cpu->pc;
    uint64_t cycles = cpu->cycles, insns = cpu->insns;
    uint64_t ev = cpu->ev_cycles;
    uint64_t hn = cpu->hist_n;
    uint64_t *const hist = cpu->hist;
    /* registers whose value is still in flight, kept across runs so that
     * cycle counts do not depend on how the host slices time */
    uint16_t hz = cpu->hz_mask;
    uint8_t hzc = cpu->hz_cost;
    xt_dinsn *d = NULL; /* the entry of the instruction at pc */
    const xt_insn *in;
    uint32_t v, opc;
    int r;

    /* The slow paths work on cpu-> state: SAVE before calling them, LOAD
     * after (they may move PC, add cycles, or change the event horizon). */
#define SAVE()                                                                 \
    (cpu->pc = pc, cpu->cycles = cycles, cpu->insns = insns, cpu->hist_n = hn)
#define LOAD()                                                                 \
    (pc = cpu->pc, cycles = cpu->cycles, insns = cpu->insns,                   \
     ev = cpu->ev_cycles, hn = cpu->hist_n)
#define UPDATE_EVENTS() (SAVE(), events_update(cpu), ev = cpu->ev_cycles)
    /* fall through to the next instruction: the next entry of the page
     * (the sentinels past its end re-enter through 'far') */
/* Each handler ends with its own copy of the dispatch (threaded code), so
 * the host predicts each indirect jump from the handler it leaves. */
#define DISPATCH()                                                             \
    do {                                                                       \
        if (unlikely(cycles >= ev))                                            \
            goto slow;                                                         \
        in = &d->in;                                                           \
        insns++;                                                               \
        goto * d->handler;                                                     \
    } while (0)
#define NEXT()                                                                 \
    do {                                                                       \
        cycles += in->cost;                                                    \
        pc += in->len;                                                         \
        d += in->len;                                                          \
        DISPATCH();                                                            \
    } while (0)
#define EXC(cause, va, has)                                                    \
    do {                                                                       \
        SAVE();                                                                \
        exc_raise(cpu, (cause), (va), (has));                                  \
        LOAD();                                                                \
        goto far;                                                              \
    } while (0)
#define ILLEGAL() EXC(XT_EXC_ILLEGAL, 0, 0)
#define JUMP(dest, pen)                                                        \
    do {                                                                       \
        uint32_t t_ = (dest);                                                  \
        hist[hn++ % XT_HISTORY] = pc | (uint64_t)t_ << 32;                     \
        cpu->sar_left = 0;                                                     \
        cycles += in->cost + (pen);                                            \
        if (likely(((t_ ^ pc) >> XT_PAGE_SHIFT) == 0)) {                       \
            d += (int32_t)(t_ & (XT_PAGE_SIZE - 1)) -                          \
                 (int32_t)(pc & (XT_PAGE_SIZE - 1));                           \
            pc = t_;                                                           \
            goto top;                                                          \
        }                                                                      \
        pc = t_;                                                               \
        goto far;                                                              \
    } while (0)
#define BRANCH(cond)                                                           \
    do {                                                                       \
        cpu->sar_left = 0;                                                     \
        if (cond)                                                              \
            JUMP(in->target, T->taken_branch);                                 \
        NEXT();                                                                \
    } while (0)
#define LD(size, addr, out, conv)                                              \
    do {                                                                       \
        uint32_t a_ = (addr);                                                  \
        const xt_page *p_ = &pages[a_ >> XT_PAGE_SHIFT];                       \
        if (likely(p_->rd != NULL && !(a_ & ((size)-1)))) {                    \
            out = conv(p_->rd + (a_ & (XT_PAGE_SIZE - 1)));                    \
            cycles += p_->rd_wait;                                             \
        } else {                                                               \
            uint32_t v_;                                                       \
            SAVE();                                                            \
            if (mem_load_slow(cpu, a_, (size), &v_)) {                         \
                LOAD();                                                        \
                goto far;                                                      \
            }                                                                  \
            LOAD();                                                            \
            out = v_;                                                          \
        }                                                                      \
    } while (0)
#define ST(size, addr, val, store)                                             \
    do {                                                                       \
        uint32_t a_ = (addr);                                                  \
        const xt_page *p_ = &pages[a_ >> XT_PAGE_SHIFT];                       \
        if (likely(p_->wr != NULL && !(a_ & ((size)-1)))) {                    \
            store(p_->wr + (a_ & (XT_PAGE_SIZE - 1)), (val));                  \
            cycles += p_->wr_wait;                                             \
        } else {                                                               \
            SAVE();                                                            \
            if (mem_store_slow(cpu, a_, (size), (val))) {                      \
                LOAD();                                                        \
                goto far;                                                      \
            }                                                                  \
            LOAD();                                                            \
        }                                                                      \
    } while (0)
#define U8(p)     (*(p))
#define U16(p)    ld16(p)
#define U32(p)    ld32(p)
#define W8(p, x)  (*(p) = (uint8_t)(x))
#define W16(p, x) st16((p), (uint16_t)(x))
#define W32(p, x) st32((p), (x))
#define A         (R[in->a])
#define B         (R[in->b])
#define C         (R[in->c])

    goto slow; /* every run starts with the slow check (xt_run kicks it) */

far: /* pc moved somewhere d does not follow: the pipeline refilled */
    hz = 0;
    if (unlikely(cycles >= ev))
        goto slow;
lookup : {
    xt_dinsn *dp = cpu->dcache[pc >> XT_PAGE_SHIFT];
    if (unlikely(!dp)) {
        SAVE();
        dp = mem_code_page(cpu, pc >> XT_PAGE_SHIFT);
        if (!dp) {
            uint32_t fault;
            xt_insn tmp;
            int cause = mem_fetch_decode(cpu, pc, &tmp, &fault);
            EXC(cause ? (unsigned)cause : XT_EXC_INSTR_ADDR_ERROR, pc, 1);
        }
    }
    d = dp + (pc & (XT_PAGE_SIZE - 1));
    if (unlikely(hz) && d->handler != &&op_DECODE) {
        /* a load or multiply result crossed a page or a run boundary */
        if (d->in.rmask & hz)
            cycles += hzc;
        hz = 0;
    }
    goto dispatch;
}
top:
    if (unlikely(cycles >= ev)) {
    slow:
        opc = pc;
        SAVE();
        if (cpu->engine == XT_ENGINE_FAST && cycles >= cpu->xl_sample_at)
            xlate_tier_sample(cpu); /* no guest-visible effect */
        r = precheck(cpu);
        LOAD();
        if (pc != opc)
            hz = 0; /* an interrupt or debug exception was taken */
        if (r >= 0) {
            SAVE();
            cpu->hz_mask = hz;
            cpu->hz_cost = hzc;
            return (xt_stop)r;
        }
        goto lookup;
    }
dispatch:
    in = &d->in;
    insns++;
    goto * d->handler;

op_XLATE: /* a block of translated code starts here */
    insns--;
    SAVE();
    r = xlate_enter(cpu);
    if (!r) {
        insns++;
        goto *labels[in->op];
    }
    LOAD();
    if (unlikely(r == 2)) {
        /* it ended after a load whose successor changed under it: the
         * interlock is settled as after an interpreted load */
        hz = cpu->hz_mask;
        hzc = cpu->hz_cost;
        if (cycles >= ev)
            goto slow;
        goto lookup;
    }
    goto far;
op_PAGE_END: /* fell off the end of a code page */
    insns--;
    cpu->sar_left = 0;
    goto lookup;
op_DECODE : { /* first execution of this address */
    uint32_t fault;
    SAVE();
    int cause = mem_fetch_decode(cpu, pc, &d->in, &fault);
    if (cause) {
        cpu->insns = --insns;
        exc_raise(cpu, (unsigned)cause, fault, 1);
        LOAD();
        goto far;
    }
    d->handler = labels[d->in.op];
    if (cpu->engine == XT_ENGINE_FAST)
        xlate_tier_note_decode(cpu, pc);
    if (unlikely(hz)) {
        if (d->in.rmask & hz)
            cycles += hzc;
        hz = 0;
    }
    goto * d->handler;
}
op_ILLEGAL:
op_ILL:
op_ILL_N:
    ILLEGAL();

    /* ---- ALU ---- */
op_ADD:
op_ADD_N:
    A = B + C;
    NEXT();
op_ADDX2:
    A = (B << 1) + C;
    NEXT();
op_ADDX4:
    A = (B << 2) + C;
    NEXT();
op_ADDX8:
    A = (B << 3) + C;
    NEXT();
op_SUB:
    A = B - C;
    NEXT();
op_SUBX2:
    A = (B << 1) - C;
    NEXT();
op_SUBX4:
    A = (B << 2) - C;
    NEXT();
op_SUBX8:
    A = (B << 3) - C;
    NEXT();
op_AND:
    A = B & C;
    NEXT();
op_OR:
    A = B | C;
    NEXT();
op_XOR:
    A = B ^ C;
    NEXT();
op_NEG:
    A = 0u - B;
    NEXT();
op_ABS:
    A = (int32_t)B < 0 ? 0u - B : B;
    NEXT();
op_ADDI:
op_ADDMI:
op_ADDI_N:
    A = B + (uint32_t)in->imm;
    NEXT();
op_MOVI:
op_MOVI_N:
    A = (uint32_t)in->imm;
    NEXT();
op_MOV_N:
    A = B;
    NEXT();
op_MOVEQZ:
    if (C == 0)
        A = B;
    NEXT();
op_MOVNEZ:
    if (C != 0)
        A = B;
    NEXT();
op_MOVLTZ:
    if ((int32_t)C < 0)
        A = B;
    NEXT();
op_MOVGEZ:
    if ((int32_t)C >= 0)
        A = B;
    NEXT();

    /* ---- shifts: SAR holds 0..63 (wsr.sar); as the reference does, the
     * right shifts work on 64-bit values and sll by more than 32 gives 0 */
op_SLL:
    A = cpu->sar > 32 ? 0 : (uint32_t)((uint64_t)B << (32 - cpu->sar));
    NEXT();
op_SRL:
    A = (uint32_t)((uint64_t)B >> (cpu->sar & (cpu->sar_left ? 31 : 63)));
    NEXT();
op_SRA:
    A = (uint32_t)(int32_t)((int64_t)(int32_t)B >>
                            (cpu->sar & (cpu->sar_left ? 31 : 63)));
    NEXT();
op_SRC:
    A = (uint32_t)((((uint64_t)B << 32) | C) >> cpu->sar);
    NEXT();
op_SLLI:
    A = B << (in->imm & 31);
    NEXT(); /* slli 32 shifts by 0, as QEMU */
op_SRLI:
    A = B >> in->imm;
    NEXT();
op_SRAI:
    A = (uint32_t)((int32_t)B >> in->imm);
    NEXT();
op_EXTUI:
    A = (B >> in->imm) & ((1u << in->imm2) - 1);
    NEXT();
op_SSR:
    cpu->sar = A & 31;
    cpu->sar_left = 0;
    NEXT();
op_SSL:
    cpu->sar = 32 - (A & 31);
    cpu->sar_left = 1;
    NEXT();
op_SSA8L:
    cpu->sar = (A & 3) * 8;
    cpu->sar_left = 0;
    NEXT();
op_SSA8B:
    cpu->sar = 32 - (A & 3) * 8;
    cpu->sar_left = 1;
    NEXT();
op_SSAI:
    cpu->sar = (uint32_t)in->imm;
    cpu->sar_left = 0;
    NEXT();
op_NSA:
    A = nsa32(B);
    NEXT();
op_NSAU:
    A = B ? (uint32_t)__builtin_clz(B) : 32;
    NEXT();

    /* ---- multiplies: result available one cycle late ---- */
op_MUL16U:
    A = (B & 0xFFFF) * (C & 0xFFFF);
    goto mul_done;
op_MUL16S:
    A = (uint32_t)(sext16(B) * sext16(C));
    goto mul_done;
op_MULL:
    A = B * C;
mul_done:
    hzc = (uint8_t)T->mul_use;
    goto result_late;

    /* ---- loads and stores ---- */
op_L8UI:
    LD(1, B + (uint32_t)in->imm, v, U8);
    goto load_done;
op_L16UI:
    LD(2, B + (uint32_t)in->imm, v, U16);
    goto load_done;
op_L16SI:
    LD(2, B + (uint32_t)in->imm, v, U16);
    v = (uint32_t)(int32_t)(int16_t)v;
    goto load_done;
op_L32I:
op_L32I_N:
    LD(4, B + (uint32_t)in->imm, v, U32);
    goto load_done;
op_L32R:
    LD(4,
       (cpu->litbase & 1) ? (cpu->litbase & ~0xFFFu) + (uint32_t)in->imm
                          : in->target,
       v, U32);
load_done:
    A = v;
    hzc = (uint8_t)T->load_use;
result_late:
    /* The result reaches the register file a cycle late: the interlock is
     * charged here if the next instruction in sequence reads it, decoded
     * now if it was not yet, so that the cycle count at this boundary does
     * not depend on what was decoded before; if it lies on the next page
     * (or cannot be fetched) the lookup or the decode stub settles it. */
    cycles += in->cost;
    pc += in->len;
    d += in->len;
    if (unlikely(d->handler == &&op_DECODE)) {
        uint32_t fault;
        SAVE();
        if (mem_fetch_decode(cpu, pc, &d->in, &fault) == 0) {
            d->handler = labels[d->in.op];
            if (cpu->engine == XT_ENGINE_FAST)
                xlate_tier_note_decode(cpu, pc);
        }
    }
    if (likely(d->handler != &&op_DECODE && d->handler != &&op_PAGE_END)) {
        if (d->in.rmask & (1u << in->a))
            cycles += hzc;
    } else {
        hz = (uint16_t)(1u << in->a);
    }
    goto top;
op_S8I:
    ST(1, B + (uint32_t)in->imm, A, W8);
    NEXT();
op_S16I:
    ST(2, B + (uint32_t)in->imm, A, W16);
    NEXT();
op_S32I:
op_S32I_N:
    ST(4, B + (uint32_t)in->imm, A, W32);
    NEXT();

    /* ---- branches ---- */
op_BEQ:
    BRANCH(A == B);
op_BNE:
    BRANCH(A != B);
op_BLT:
    BRANCH((int32_t)A < (int32_t)B);
op_BGE:
    BRANCH((int32_t)A >= (int32_t)B);
op_BLTU:
    BRANCH(A < B);
op_BGEU:
    BRANCH(A >= B);
op_BANY:
    BRANCH((A & B) != 0);
op_BNONE:
    BRANCH((A & B) == 0);
op_BALL:
    BRANCH((~A & B) == 0);
op_BNALL:
    BRANCH((~A & B) != 0);
op_BBC:
    BRANCH(!((A >> (B & 31)) & 1));
op_BBS:
    BRANCH((A >> (B & 31)) & 1);
op_BBCI:
    BRANCH(!((A >> in->imm) & 1));
op_BBSI:
    BRANCH((A >> in->imm) & 1);
op_BEQI:
    BRANCH(A == (uint32_t)in->imm);
op_BNEI:
    BRANCH(A != (uint32_t)in->imm);
op_BLTI:
    BRANCH((int32_t)A < in->imm);
op_BGEI:
    BRANCH((int32_t)A >= in->imm);
op_BLTUI:
    BRANCH(A < (uint32_t)in->imm);
op_BGEUI:
    BRANCH(A >= (uint32_t)in->imm);
op_BEQZ:
op_BEQZ_N:
    BRANCH(A == 0);
op_BNEZ:
op_BNEZ_N:
    BRANCH(A != 0);
op_BLTZ:
    BRANCH((int32_t)A < 0);
op_BGEZ:
    BRANCH((int32_t)A >= 0);
op_J:
    JUMP(in->target, T->call_jump);
op_JX:
    JUMP(A, T->call_jump);
op_CALL0:
    R[0] = pc + in->len;
    JUMP(in->target, T->call_jump);
op_CALLX0:
    v = A;
    R[0] = pc + in->len;
    JUMP(v, T->call_jump);
op_RET:
op_RET_N:
    JUMP(R[0], T->call_jump);

    /* ---- special registers and processor control ---- */
op_RSR:
    if (in->imm != XT_SR_SAR)
        cpu->sar_left = 0;
    SAVE();
    if (sreg_read(cpu, (unsigned)in->imm, &v))
        ILLEGAL();
    A = v;
    NEXT();
op_WSR:
    cpu->sar_left = 0;
    SAVE();
    if (sreg_write(cpu, (unsigned)in->imm, A))
        ILLEGAL();
    ev = cpu->ev_cycles;
    NEXT();
op_XSR : {
    uint32_t old;
    cpu->sar_left = 0;
    SAVE();
    if (!sreg_xsr_ok((unsigned)in->imm) ||
        sreg_read(cpu, (unsigned)in->imm, &old) ||
        sreg_write(cpu, (unsigned)in->imm, A))
        ILLEGAL();
    A = old;
    ev = cpu->ev_cycles;
    NEXT();
}
op_RSIL:
    cpu->sar_left = 0;
    v = cpu->ps;
    cpu->ps = (cpu->ps & ~PS_INTLEVEL) | (uint32_t)in->imm;
    A = v;
    UPDATE_EVENTS();
    NEXT();
op_WAITI:
    cpu->sar_left = 0;
    cpu->ps = (cpu->ps & ~PS_INTLEVEL) | (uint32_t)in->imm;
    cpu->waiting = 1;
    cpu->wait_since = cycles + in->cost;
    UPDATE_EVENTS();
    NEXT();
op_RFE:
    cpu->ps &= ~PS_EXCM;
    UPDATE_EVENTS();
    if (unlikely(cpu->n_flow_hooks))
        exc_call_return_hooks(cpu, 1, pc, cpu->epc[1],
                              cycles + in->cost + T->rfe);
    JUMP(cpu->epc[1], T->rfe);
op_RFDE:
    if (unlikely(cpu->n_flow_hooks))
        exc_call_return_hooks(cpu, 0, pc, cpu->depc,
                              cycles + in->cost + T->rfe);
    JUMP(cpu->depc, T->rfe);
op_RFI:
    if (in->imm != 2 && in->imm != 3)
        ILLEGAL();
    cpu->ps = cpu->eps[in->imm];
    UPDATE_EVENTS();
    if (unlikely(cpu->n_flow_hooks))
        exc_call_return_hooks(cpu, (unsigned)in->imm, pc, cpu->epc[in->imm],
                              cycles + in->cost + T->rfe);
    JUMP(cpu->epc[in->imm], T->rfe);
op_RFDO:
op_RFDD:
    ILLEGAL();
op_SYSCALL:
    EXC(XT_EXC_SYSCALL, 0, 0);
op_BREAK:
    SAVE();
    if (exc_debug(cpu, DBG_BI)) {
        LOAD();
        goto far;
    }
    NEXT();
op_BREAK_N:
    SAVE();
    if (exc_debug(cpu, DBG_BN)) {
        LOAD();
        goto far;
    }
    NEXT();
op_SIMCALL : {
    const xt_hook_rec *h = NULL;
    for (unsigned i = 0; i < XT_MAX_HOOKS; i++)
        if (cpu->hooks[i].id && cpu->hooks[i].type == XT_HOOK_SIMCALL) {
            h = &cpu->hooks[i];
            break;
        }
    if (!h)
        ILLEGAL();
    pc += in->len; /* as seen by the hook: execution resumes after it */
    SAVE();
    ((xt_hook_simcall_cb)h->cb)(cpu, h->user);
    LOAD();
    cycles += in->cost;
    goto far;
}
op_EXCW:
op_ISYNC:
op_RSYNC:
op_ESYNC:
op_DSYNC:
op_MEMW:
op_EXTW:
op_NOP:
op_NOP_N:
    NEXT();
op_RER:
    A = 0;
    NEXT(); /* no external registers on this board */
op_WER:
    NEXT();

    /* ---- region protection ---- */
op_RITLB0:
    A = mmu_tlb_read(cpu, 1, 0, B);
    NEXT();
op_RITLB1:
    A = mmu_tlb_read(cpu, 1, 1, B);
    NEXT();
op_RDTLB0:
    A = mmu_tlb_read(cpu, 0, 0, B);
    NEXT();
op_RDTLB1:
    A = mmu_tlb_read(cpu, 0, 1, B);
    NEXT();
op_PITLB:
    A = mmu_probe(cpu, 1, B);
    NEXT();
op_PDTLB:
    A = mmu_probe(cpu, 0, B);
    NEXT();
op_WITLB:
    mmu_tlb_write(cpu, 1, A, B);
    NEXT();
op_WDTLB:
    mmu_tlb_write(cpu, 0, A, B);
    NEXT();
op_IITLB:
op_IDTLB:
    NEXT();
}

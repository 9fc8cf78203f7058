/* SPDX-License-Identifier: BSD-3-Clause */
/* CPU engine API: interrupt lines (level, edge, NMI), level-1 interrupt
 * entry and masking, the software interrupt, the CCOMPARE0 timer and
 * WAITI (skip to the next event, idle stop, cycle budgets, wake-up by a
 * line).  Facts: /work/qemu-facts.md 1.3, 1.4, 2.4.  Snippets:
 * test_cpu_irq.S. */
#include "test_cpu_common.h"

#define BIT(n) (1u << (n))

static uint32_t pending(xt_cpu *cpu)
{
    return tc_sr(cpu, XT_SR_INTERRUPT);
}

static void test_irq_invalid_lines(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    static const unsigned bad[] = { 6, 7, 15, 16, 31, 32, 1000 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(xt_irq_set(cpu, bad[i], true), XT_ERR_ARG);
        assert_int_equal(xt_irq_set(cpu, bad[i], false), XT_ERR_ARG);
    }
    assert_int_equal(pending(cpu), 0);
    assert_int_equal(xt_irq_set(NULL, 0, true), XT_ERR_ARG);
    for (unsigned l = 0; l <= 14; l++)
        if (l != 6 && l != 7)
            assert_int_equal(xt_irq_set(cpu, l, false), XT_OK);
    xt_close(cpu);
}

static void test_irq_level_lines(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    for (unsigned l = 0; l <= 5; l++) {
        assert_int_equal(xt_irq_set(cpu, l, true), XT_OK);
        assert_int_equal(pending(cpu), BIT(l));
        assert_int_equal(xt_irq_set(cpu, l, true), XT_OK);
        assert_int_equal(pending(cpu), BIT(l));
        /* INTCLEAR does not clear a level line */
        tc_set_sr(cpu, XT_SR_PS, 0x10);
        tc_set_ar(cpu, 2, 0xFFFFFFFFu);
        assert_int_equal(tc_go(cpu, "intclear", "intclear_next"),
                         XT_STOP_UNTIL);
        assert_int_equal(pending(cpu), BIT(l));
        assert_int_equal(xt_irq_set(cpu, l, false), XT_OK);
        assert_int_equal(pending(cpu), 0);
    }
    /* several at once, each following its own line */
    xt_irq_set(cpu, 1, true);
    xt_irq_set(cpu, 4, true);
    assert_int_equal(pending(cpu), BIT(1) | BIT(4));
    xt_irq_set(cpu, 1, false);
    assert_int_equal(pending(cpu), BIT(4));
    xt_close(cpu);
}

static void test_irq_edge_lines(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_set_sr(cpu, XT_SR_PS, 0x10); /* nothing is taken */
    for (unsigned l = 8; l <= 13; l++) {
        assert_int_equal(xt_irq_set(cpu, l, true), XT_OK);
        assert_int_equal(pending(cpu), BIT(l));
        assert_int_equal(xt_irq_set(cpu, l, false), XT_OK);
        assert_int_equal(pending(cpu), BIT(l)); /* latched */
        tc_set_ar(cpu, 2, BIT(l));
        assert_int_equal(tc_go(cpu, "intclear", "intclear_next"),
                         XT_STOP_UNTIL);
        assert_int_equal(pending(cpu), 0);
        /* a rising edge latches again; holding the line high does not */
        xt_irq_set(cpu, l, true);
        assert_int_equal(pending(cpu), BIT(l));
        assert_int_equal(tc_go(cpu, "intclear", "intclear_next"),
                         XT_STOP_UNTIL);
        assert_int_equal(pending(cpu), 0);
        xt_irq_set(cpu, l, true);
        assert_int_equal(pending(cpu), 0);
        xt_irq_set(cpu, l, false);
        assert_int_equal(pending(cpu), 0);
    }
    /* INTCLEAR of other bits leaves an edge bit alone */
    xt_irq_set(cpu, 10, true);
    tc_set_ar(cpu, 2, ~BIT(10));
    assert_int_equal(tc_go(cpu, "intclear", "intclear_next"), XT_STOP_UNTIL);
    assert_int_equal(pending(cpu), BIT(10));
    xt_close(cpu);
}

static void test_irq_level1_entry(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(3));
    tc_set_sr(cpu, XT_SR_EXCVADDR, 0x1234);
    assert_int_equal(tc_go(cpu, "nops", "nops_2"), XT_STOP_UNTIL);
    assert_int_equal(xt_insn_count(cpu), 2);
    assert_int_equal(xt_irq_set(cpu, 3, true), XT_OK);
    xt_run_opts o = { .until = TC_VEC_KERNEL,
                      .use_until = true,
                      .max_insns = 100 };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_UNTIL);
    /* taken before nops_2 executes */
    assert_int_equal(xt_insn_count(cpu), 2);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("nops_2"));
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_LEVEL1_INT);
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0x10);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCVADDR), 0x1234);
    assert_int_equal(pending(cpu), BIT(3)); /* still asserted */
    assert_int_equal(t.count, 1);
    assert_int_equal(t.cause, XT_EXC_LEVEL1_INT);
    assert_int_equal(t.pc, tc_sym("nops_2"));
    assert_int_equal(t.vector, TC_VEC_KERNEL);

    /* user mode: user vector, INTLEVEL untouched (0) */
    tc_set_sr(cpu, XT_SR_PS, 0x20);
    tc_set(cpu, XT_REG_PC, tc_sym("nops"));
    o.until = TC_VEC_USER;
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_UNTIL);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("nops"));
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0x30);
    assert_int_equal(t.vector, TC_VEC_USER);
    xt_close(cpu);
}

static void test_irq_masking(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    xt_irq_set(cpu, 0, true);

    /* not enabled */
    tc_set_sr(cpu, XT_SR_PS, 0);
    assert_int_equal(tc_go(cpu, "nops", "nops_end"), XT_STOP_UNTIL);
    assert_int_equal(t.count, 0);
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(1) | BIT(2));
    assert_int_equal(tc_go(cpu, "nops", "nops_end"), XT_STOP_UNTIL);
    assert_int_equal(t.count, 0);

    /* enabled, masked by INTLEVEL >= 1 */
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(0));
    for (uint32_t lvl = 1; lvl <= 15; lvl++) {
        tc_set_sr(cpu, XT_SR_PS, lvl);
        assert_int_equal(tc_go(cpu, "nops", "nops_end"), XT_STOP_UNTIL);
    }
    assert_int_equal(t.count, 0);
    /* masked by EXCM */
    tc_set_sr(cpu, XT_SR_PS, 0x10);
    assert_int_equal(tc_go(cpu, "nops", "nops_end"), XT_STOP_UNTIL);
    assert_int_equal(t.count, 0);
    assert_int_equal(pending(cpu), BIT(0));
    xt_close(cpu);
}

/* Unmasking instructions: the interrupt is taken right after them. */
static void unmask_case(const char *snip, const char *next, uint32_t ps)
{
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(0));
    xt_irq_set(cpu, 0, true);
    tc_set_sr(cpu, XT_SR_PS, ps);
    assert_int_equal(tc_run_from(cpu, tc_sym(snip), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    assert_int_equal(t.count, 1);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym(next));
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_LEVEL1_INT);
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0x10);
    xt_close(cpu);
}

static void test_irq_unmask_rsil_wsr(void **state)
{
    (void)state;
    unmask_case("rsil0", "rsil0_next", 0x5);
    unmask_case("wsrps0", "wsrps0_next", 0x10);
    unmask_case("wsrps0", "wsrps0_next", 0x1F);
    /* a line raised and dropped while masked leaves nothing pending */
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(2));
    tc_set_sr(cpu, XT_SR_PS, 0x10);
    xt_irq_set(cpu, 2, true);
    assert_int_equal(tc_go(cpu, "nops", "nops_2"), XT_STOP_UNTIL);
    xt_irq_set(cpu, 2, false);
    assert_int_equal(tc_go(cpu, "wsrps0", "wsrps0_next"), XT_STOP_UNTIL);
    assert_int_equal(tc_go(cpu, "nops", "nops_end"), XT_STOP_UNTIL);
    assert_int_equal(t.count, 0);
    xt_close(cpu);
}

static void test_irq_nmi(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    tc_set_sr(cpu, XT_SR_INTENABLE, 0);
    tc_set_sr(cpu, XT_SR_PS, 0x1F); /* INTLEVEL 15, EXCM */
    tc_set_sr(cpu, XT_SR_EPC1, 0x111);
    tc_set_sr(cpu, XT_SR_DEPC, 0x222);
    tc_set_sr(cpu, XT_SR_EXCCAUSE, 0x33);
    assert_int_equal(tc_go(cpu, "nops", "nops_2"), XT_STOP_UNTIL);
    assert_int_equal(xt_irq_set(cpu, 14, true), XT_OK);
    assert_int_equal(pending(cpu), BIT(14));
    xt_run_opts o = { .until = TC_VEC_NMI,
                      .use_until = true,
                      .max_insns = 100 };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_UNTIL);
    assert_int_equal(xt_insn_count(cpu), 2);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC3), tc_sym("nops_2"));
    assert_int_equal(tc_sr(cpu, XT_SR_EPS3), 0x1F);
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0x13);
    assert_int_equal(pending(cpu), 0); /* cleared on entry */
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), 0x111);
    assert_int_equal(tc_sr(cpu, XT_SR_DEPC), 0x222);
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), 0x33);
    assert_int_equal(t.count, 1);
    assert_int_equal(t.cause, XT_HOOK_EXC_INTERRUPT | 3);
    assert_int_equal(t.pc, tc_sym("nops_2"));
    assert_int_equal(t.vector, TC_VEC_NMI);

    /* the line held high does not trigger again */
    assert_int_equal(tc_go(cpu, "nops", "nops_end"), XT_STOP_UNTIL);
    assert_int_equal(t.count, 1);
    /* a new edge re-enters even at INTLEVEL 3 (inside the NMI handler);
     * UM is kept */
    tc_set_sr(cpu, XT_SR_PS, 0x33);
    xt_irq_set(cpu, 14, false);
    assert_int_equal(tc_go(cpu, "nops", "nops_3"), XT_STOP_UNTIL);
    xt_irq_set(cpu, 14, true);
    tc_set(cpu, XT_REG_PC, tc_sym("nops_3"));
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_UNTIL);
    assert_int_equal(t.count, 2);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC3), tc_sym("nops_3"));
    assert_int_equal(tc_sr(cpu, XT_SR_EPS3), 0x33);
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0x33);
    xt_close(cpu);
}

static void test_irq_software_intset(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(7));
    assert_int_equal(tc_run_from(cpu, tc_sym("intset"), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    assert_int_equal(t.count, 1);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("intset_next"));
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_LEVEL1_INT);
    assert_int_equal(pending(cpu), BIT(7));
    /* cleared by INTCLEAR (with EXCM set, nothing is re-taken) */
    tc_set_sr(cpu, XT_SR_PS, 0x10);
    tc_set_ar(cpu, 2, BIT(7));
    assert_int_equal(tc_go(cpu, "intclear", "intclear_next"), XT_STOP_UNTIL);
    assert_int_equal(pending(cpu), 0);
    /* INTSET only sets the software bit */
    tc_set_ar(cpu, 2, 0xFFFFFFFFu);
    assert_int_equal(tc_go(cpu, "intset_a2", "intset_a2_next"), XT_STOP_UNTIL);
    assert_int_equal(pending(cpu), BIT(7));
    /* INTCLEAR never clears level or timer bits (the timer bit is set
     * through the debugger's raw INTERRUPT write) */
    xt_irq_set(cpu, 5, true);
    xt_irq_set(cpu, 12, true);
    tc_set_sr(cpu, XT_SR_INTERRUPT, pending(cpu) | BIT(6));
    assert_int_equal(pending(cpu), BIT(5) | BIT(6) | BIT(7) | BIT(12));
    tc_set_ar(cpu, 2, 0xFFFFFFFFu);
    assert_int_equal(tc_go(cpu, "intclear", "intclear_next"), XT_STOP_UNTIL);
    assert_int_equal(pending(cpu), BIT(5) | BIT(6));
    /* not enabled: INTSET sets the bit but nothing is taken */
    tc_set_sr(cpu, XT_SR_PS, 0);
    tc_set_sr(cpu, XT_SR_INTENABLE, 0);
    t.count = 0;
    assert_int_equal(tc_go(cpu, "intset", "intset_next"), XT_STOP_UNTIL);
    assert_int_equal(tc_go(cpu, "nops", "nops_end"), XT_STOP_UNTIL);
    assert_int_equal(t.count, 0);
    assert_int_equal(pending(cpu), BIT(5) | BIT(6) | BIT(7));
    xt_close(cpu);
}

/* ---- timer ------------------------------------------------------------- */

static void test_timer_fires(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(6));
    const uint32_t n = 1000;
    tc_set_ar(cpu, 3, n);
    assert_int_equal(tc_run_from(cpu, tc_sym("timer_spin"), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    uint64_t match = (uint64_t)tc_ar(cpu, 2) + n;
    assert_int_equal(t.count, 1);
    assert_int_equal(t.cause, XT_EXC_LEVEL1_INT);
    /* entered at the first instruction boundary at or after the match
     * (the spin loop's j costs 3 cycles) */
    assert_true(t.cycles >= match);
    assert_true(t.cycles <= match + 2);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("timer_spin_loop"));
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_LEVEL1_INT);
    assert_int_equal(pending(cpu), BIT(6));
    assert_int_equal(tc_sr(cpu, XT_SR_CCOMPARE0), (uint32_t)match);
    /* the bit stays set until CCOMPARE0 is written */
    tc_set_sr(cpu, XT_SR_INTENABLE, 0);
    tc_set_sr(cpu, XT_SR_PS, 0);
    assert_int_equal(tc_go(cpu, "nops", "nops_end"), XT_STOP_UNTIL);
    assert_int_equal(pending(cpu), BIT(6));
    tc_set_ar(cpu, 2, 5);
    assert_int_equal(tc_go(cpu, "wccompare", "wccompare_next"), XT_STOP_UNTIL);
    assert_int_equal(pending(cpu), 0);
    assert_int_equal(tc_sr(cpu, XT_SR_CCOMPARE0), 5);
    xt_close(cpu);
}

static void test_timer_disabled_then_enabled(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    const uint32_t n = 500;
    tc_set_ar(cpu, 3, n);
    tc_set(cpu, XT_REG_PC, tc_sym("timer_spin"));
    xt_run_opts o = { .max_cycles = n + 100 };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_CYCLE_BUDGET);
    assert_int_equal(t.count, 0);
    assert_int_equal(pending(cpu), BIT(6)); /* fired, not enabled */
    uint32_t pc = tc_pc(cpu);
    /* enabling it delivers it at once */
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(6));
    xt_run_opts u = { .until = TC_VEC_KERNEL,
                      .use_until = true,
                      .max_insns = 10 };
    uint64_t i0 = xt_insn_count(cpu);
    assert_int_equal(tc_run_opts(cpu, &u), XT_STOP_UNTIL);
    assert_int_equal(xt_insn_count(cpu), i0);
    assert_int_equal(t.count, 1);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), pc);
    /* a host write of CCOMPARE0 clears the bit as well */
    tc_set_sr(cpu, XT_SR_CCOMPARE0, 0);
    assert_int_equal(pending(cpu), 0);
    xt_close(cpu);
}

/* ---- WAITI ------------------------------------------------------------- */

static void test_waiti_timer_skips(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(6));
    const uint32_t n = 100000;
    tc_set_ar(cpu, 3, n);
    assert_int_equal(tc_run_from(cpu, tc_sym("timer_waiti"), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    uint64_t match = (uint64_t)tc_ar(cpu, 2) + n;
    assert_int_equal(xt_insn_count(cpu), 4); /* rsr, add, wsr, waiti */
    assert_int_equal(t.count, 1);
    assert_int_equal(t.cycles, match); /* exactly at the match */
    assert_true(xt_cycles(cpu) >= match);
    assert_true(xt_cycles(cpu) < match + 10);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("timer_waiti_next"));
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_LEVEL1_INT);
    assert_int_equal(pending(cpu), BIT(6));
    /* CCOUNT followed the jump */
    assert_int_equal(tc_sr(cpu, XT_SR_CCOUNT), (uint32_t)xt_cycles(cpu));
    xt_close(cpu);
}

/* xt_run_opts.stop_at_wait returns where the wait would let time pass,
 * and xt_wake_cycle says whether and until when a core waits. */
static void test_waiti_stop_at_wait(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    assert_int_equal(xt_wake_cycle(cpu), 0); /* not waiting */
    xt_run_opts o = { .max_cycles = 100000, .stop_at_wait = true };
    tc_set(cpu, XT_REG_PC, tc_sym("waiti0"));
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_WAIT);
    assert_int_equal(tc_pc(cpu), tc_sym("waiti0_next"));
    uint64_t c = xt_cycles(cpu);
    assert_true(c < 10); /* the WAITI, no cycle of the wait */
    assert_int_equal(xt_wake_cycle(cpu), UINT64_MAX); /* only a line */
    /* waiting already: at once */
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_WAIT);
    assert_int_equal(xt_cycles(cpu), c);
    /* a timer that can wake it: its match */
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(6));
    tc_set_sr(cpu, XT_SR_CCOMPARE0, (uint32_t)c + 500);
    assert_int_equal(xt_wake_cycle(cpu), c + 500);
    /* a deliverable interrupt: not waiting any more */
    xt_irq_set(cpu, 0, true);
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(0) | BIT(6));
    assert_int_equal(xt_wake_cycle(cpu), 0);
    xt_irq_set(cpu, 0, false);
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(6));
    /* without the option the wait goes on (here to the budget's end,
     * before the match) */
    o = (xt_run_opts){ .max_cycles = 100 };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_CYCLE_BUDGET);
    assert_int_equal(xt_cycles(cpu), c + 100);
    assert_int_equal(xt_wake_cycle(cpu), c + 500);
    assert_non_null(xt_stop_name(XT_STOP_WAIT));
    xt_close(cpu);
}

static void test_waiti_idle(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    /* nothing enabled */
    tc_set(cpu, XT_REG_PC, tc_sym("waiti0"));
    assert_int_equal(tc_run_opts(cpu, NULL), XT_STOP_IDLE);
    assert_int_equal(tc_pc(cpu), tc_sym("waiti0_next"));
    assert_int_equal(xt_insn_count(cpu), 1);
    uint64_t c = xt_cycles(cpu);
    assert_int_equal(tc_run_opts(cpu, NULL), XT_STOP_IDLE);
    assert_int_equal(xt_cycles(cpu), c);
    assert_int_equal(xt_insn_count(cpu), 1);
    assert_int_equal(tc_sr(cpu, XT_SR_PS) & 0xF, 0);

    /* a timer that is armed but not enabled cannot wake it */
    tc_set_ar(cpu, 3, 1000);
    tc_set(cpu, XT_REG_PC, tc_sym("timer_waiti"));
    assert_int_equal(tc_run_opts(cpu, NULL), XT_STOP_IDLE);
    assert_int_equal(tc_pc(cpu), tc_sym("timer_waiti_next"));

    /* nor one that is enabled but masked by the WAITI level */
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(6));
    tc_set_ar(cpu, 2, tc_sr(cpu, XT_SR_CCOUNT) + 1000);
    assert_int_equal(tc_go(cpu, "wccompare", "wccompare_next"), XT_STOP_UNTIL);
    tc_set(cpu, XT_REG_PC, tc_sym("waiti1"));
    assert_int_equal(tc_run_opts(cpu, NULL), XT_STOP_IDLE);
    assert_int_equal(tc_sr(cpu, XT_SR_PS) & 0xF, 1);

    /* writing PC leaves the wait: code runs normally */
    tc_set_sr(cpu, XT_SR_INTENABLE, 0);
    tc_set_sr(cpu, XT_SR_PS, 0);
    uint64_t i0 = xt_insn_count(cpu);
    assert_int_equal(tc_go(cpu, "nops", "nops_end"), XT_STOP_UNTIL);
    assert_int_equal(xt_insn_count(cpu) - i0, 8);
    xt_close(cpu);
}

static void test_waiti_pending_taken_at_once(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(0));
    tc_set_sr(cpu, XT_SR_PS, 0x1); /* masked until WAITI lowers it */
    xt_irq_set(cpu, 0, true);
    assert_int_equal(tc_run_from(cpu, tc_sym("waiti0"), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("waiti0_next"));
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0x10);
    assert_true(xt_cycles(cpu) < 10);
    xt_close(cpu);
}

static void test_waiti_cycle_budget(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(0)); /* enabled, not asserted */
    tc_set(cpu, XT_REG_PC, tc_sym("waiti0"));
    xt_run_opts o = { .max_cycles = 500 };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_CYCLE_BUDGET);
    assert_int_equal(xt_cycles(cpu), 500);
    assert_int_equal(xt_insn_count(cpu), 1);
    assert_int_equal(tc_pc(cpu), tc_sym("waiti0_next"));
    /* the next run keeps waiting */
    o.max_cycles = 1000;
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_CYCLE_BUDGET);
    assert_int_equal(xt_cycles(cpu), 1500);
    assert_int_equal(xt_insn_count(cpu), 1);
    assert_int_equal(tc_pc(cpu), tc_sym("waiti0_next"));
    assert_int_equal(tc_sr(cpu, XT_SR_CCOUNT), 1500);
    assert_int_equal(t.count, 0);
    /* a line raised between runs wakes it: the interrupt is taken with
     * EPC1 after the WAITI, without waiting out the budget */
    assert_int_equal(xt_irq_set(cpu, 0, true), XT_OK);
    xt_run_opts u = { .until = TC_VEC_KERNEL,
                      .use_until = true,
                      .max_cycles = 1000 };
    assert_int_equal(tc_run_opts(cpu, &u), XT_STOP_UNTIL);
    assert_int_equal(t.count, 1);
    assert_int_equal(t.cycles, 1500);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("waiti0_next"));
    assert_int_equal(xt_insn_count(cpu), 1);
    assert_true(xt_cycles(cpu) < 1510);
    xt_close(cpu);
}

static void test_waiti_budget_then_timer(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(6));
    const uint32_t n = 5000;
    tc_set_ar(cpu, 3, n);
    tc_set(cpu, XT_REG_PC, tc_sym("timer_waiti"));
    uint64_t c0 = xt_cycles(cpu);
    xt_run_opts o = { .max_cycles = 1000 };
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_CYCLE_BUDGET);
    assert_int_equal(xt_cycles(cpu), c0 + 1000);
    assert_int_equal(xt_insn_count(cpu), 4);
    assert_int_equal(t.count, 0);
    uint64_t match = (uint64_t)tc_ar(cpu, 2) + n;
    o.max_cycles = 1000;
    assert_int_equal(tc_run_opts(cpu, &o), XT_STOP_CYCLE_BUDGET);
    assert_int_equal(xt_cycles(cpu), c0 + 2000);
    /* then, without a budget, straight to the timer */
    xt_run_opts u = { .until = TC_VEC_KERNEL, .use_until = true };
    assert_int_equal(tc_run_opts(cpu, &u), XT_STOP_UNTIL);
    assert_int_equal(t.count, 1);
    assert_int_equal(t.cycles, match);
    assert_int_equal(xt_insn_count(cpu), 4);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("timer_waiti_next"));
    xt_close(cpu);
}

static void test_waiti_idle_woken_by_line(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(9));
    tc_set(cpu, XT_REG_PC, tc_sym("waiti0"));
    assert_int_equal(tc_run_opts(cpu, NULL), XT_STOP_IDLE);
    uint64_t c = xt_cycles(cpu);
    assert_int_equal(xt_irq_set(cpu, 9, true), XT_OK);
    xt_run_opts u = { .until = TC_VEC_KERNEL,
                      .use_until = true,
                      .max_insns = 10 };
    assert_int_equal(tc_run_opts(cpu, &u), XT_STOP_UNTIL);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("waiti0_next"));
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_LEVEL1_INT);
    assert_true(xt_cycles(cpu) - c < 10);
    xt_close(cpu);
}

/* CCOMPARE0 equal to CCOUNT at the write fires only after a full 2^32
 * cycle wrap (qemu-facts 1.4); WAITI gets there at once. */
static void test_waiti_timer_wrap(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(6));
    tc_set_ar(cpu, 3, 2); /* CCOMPARE0 = CCOUNT at the wsr (2 cycles on) */
    assert_int_equal(tc_run_from(cpu, tc_sym("timer_waiti"), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    uint64_t match = (uint64_t)tc_ar(cpu, 2) + 2 + (1ull << 32);
    assert_int_equal(t.count, 1);
    assert_int_equal(t.cycles, match);
    assert_int_equal(xt_insn_count(cpu), 4);
    assert_int_equal(tc_sr(cpu, XT_SR_CCOUNT), (uint32_t)xt_cycles(cpu));
    xt_close(cpu);
}

/* Writing CCOUNT re-arms the comparator relative to the new count. */
static void test_timer_ccount_write(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_trap t;
    tc_trap_install(cpu, &t);
    t.stop = false;
    assert_int_equal(tc_go(cpu, "nops", "nops_end"), XT_STOP_UNTIL);
    tc_set_sr(cpu, XT_SR_CCOMPARE0, 0x80000000u);
    tc_set_sr(cpu, XT_SR_CCOUNT, 0x80000000u - 600);
    assert_int_equal(tc_sr(cpu, XT_SR_CCOUNT), 0x80000000u - 600);
    uint64_t c0 = xt_cycles(cpu);
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(6));
    assert_int_equal(tc_run_from(cpu, tc_sym("spin"), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    assert_int_equal(t.count, 1);
    assert_true(t.cycles >= c0 + 600);
    assert_true(t.cycles <= c0 + 602);
    xt_close(cpu);
}

static void test_waiti_woken_by_nmi(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    tc_set(cpu, XT_REG_PC, tc_sym("waiti0"));
    assert_int_equal(tc_run_opts(cpu, NULL), XT_STOP_IDLE);
    assert_int_equal(xt_irq_set(cpu, 14, true), XT_OK);
    xt_run_opts u = { .until = TC_VEC_NMI, .use_until = true, .max_insns = 10 };
    assert_int_equal(tc_run_opts(cpu, &u), XT_STOP_UNTIL);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC3), tc_sym("waiti0_next"));
    assert_int_equal(tc_sr(cpu, XT_SR_EPS3), 0);
    assert_int_equal(tc_sr(cpu, XT_SR_PS), 0x13);
    xt_close(cpu);
}

/* A device that raises a line from its MMIO write callback: the interrupt
 * is taken right after the store. */
static bool irq_dev_read(void *user, uint32_t off, unsigned size, uint32_t *v)
{
    (void)user;
    (void)off;
    (void)size;
    *v = 0;
    return true;
}

static bool irq_dev_write(void *user, uint32_t off, unsigned size, uint32_t v)
{
    (void)off;
    (void)size;
    assert_int_equal(xt_irq_set(user, 2, v != 0), XT_OK);
    return true;
}

static void test_irq_from_mmio_callback(void **state)
{
    (void)state;
    xt_cpu *cpu = tc_open();
    xt_region_desc m = { .name = "irqdev",
                         .base = 0x60000000u,
                         .size = 0x1000,
                         .kind = XT_REGION_MMIO,
                         .read = irq_dev_read,
                         .write = irq_dev_write,
                         .user = cpu };
    assert_int_equal(xt_map(cpu, &m), XT_OK);
    tc_set_sr(cpu, XT_SR_INTENABLE, BIT(2));
    tc_set_ar(cpu, 2, 0x60000000u);
    tc_set_ar(cpu, 3, 1);
    assert_int_equal(tc_run_from(cpu, tc_sym("one_store"), TC_VEC_KERNEL),
                     XT_STOP_UNTIL);
    assert_int_equal(xt_insn_count(cpu), 1);
    assert_int_equal(tc_sr(cpu, XT_SR_EPC1), tc_sym("one_store_next"));
    assert_int_equal(tc_sr(cpu, XT_SR_EXCCAUSE), XT_EXC_LEVEL1_INT);
    xt_close(cpu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_irq_invalid_lines),
        cmocka_unit_test(test_irq_level_lines),
        cmocka_unit_test(test_irq_edge_lines),
        cmocka_unit_test(test_irq_level1_entry),
        cmocka_unit_test(test_irq_masking),
        cmocka_unit_test(test_irq_unmask_rsil_wsr),
        cmocka_unit_test(test_irq_nmi),
        cmocka_unit_test(test_irq_software_intset),
        cmocka_unit_test(test_timer_fires),
        cmocka_unit_test(test_timer_disabled_then_enabled),
        cmocka_unit_test(test_waiti_timer_skips),
        cmocka_unit_test(test_waiti_idle),
        cmocka_unit_test(test_waiti_stop_at_wait),
        cmocka_unit_test(test_waiti_pending_taken_at_once),
        cmocka_unit_test(test_waiti_cycle_budget),
        cmocka_unit_test(test_waiti_budget_then_timer),
        cmocka_unit_test(test_waiti_idle_woken_by_line),
        cmocka_unit_test(test_waiti_timer_wrap),
        cmocka_unit_test(test_timer_ccount_write),
        cmocka_unit_test(test_waiti_woken_by_nmi),
        cmocka_unit_test(test_irq_from_mmio_callback),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

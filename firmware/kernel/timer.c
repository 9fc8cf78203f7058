/* SPDX-License-Identifier: BSD-3-Clause */
/* Timer service: the timeout queue served by the one-shot cycle-compare
 * timer, always programmed for the earliest expiry. */
#include <stddef.h>
#include "fw/arch.h"
#include "fw/percore.h"
#include "fw/timer.h"

static FW_PERCORE(struct fw_timeout_queue, tq);
static FW_PERCORE(struct fw_timer_stats, st);
#ifdef FW_SMP
#define tq FW_THIS(tq)
#define st FW_THIS(st)
#endif

void fw_timer_init(void)
{
    fw_tq_init(&tq);
    st = (struct fw_timer_stats){ 0 };
    arch_timer_stop();
}

const struct fw_timer_stats *fw_timer_stats(void)
{
    return &st;
}

/* Program the timer for the head. Returns 0 when done, 1 when the head
 * is already due (the caller decides what to do). */
static int program(void)
{
    uint32_t next;

    if (!fw_tq_next(&tq, &next)) {
        arch_timer_stop();
        return 0;
    }
    arch_timer_set(next);
    st.programmed++;
    if (fw_time_before(arch_cycles(), next))
        return 0;
    st.late++;
    return 1;
}

/* The head is already due and we are not in the timer ISR: make the timer
 * interrupt come soon. The match must still be ahead after programming it,
 * else it would only come after the counter wraps (on QEMU the cycle
 * counter follows the host clock, so the lead may need to grow). */
static void kick(void)
{
    uint32_t lead = FW_TIMER_MIN_LEAD, when;

    for (;;) {
        when = arch_cycles() + lead;
        arch_timer_set(when);
        st.programmed++;
        if (fw_time_before(arch_cycles(), when))
            return;
        lead <<= 1;
    }
}

void fw_timer_add(struct fw_timeout *to, uint32_t expiry, fw_timeout_fn fn)
{
    uint32_t key = arch_irq_lock();

    to->fn = fn;
    fw_tq_add(&tq, to, expiry);
    /* Reprogram only when the new timeout became the head. In an
     * interrupt handler the timer ISR's loop will see it; from a task, a
     * due head is pushed a little into the future to get its interrupt. */
    if (fw_tq_first(&tq) == to && program() && !arch_in_isr())
        kick();
    arch_irq_unlock(key);
}

int fw_timer_cancel(struct fw_timeout *to)
{
    uint32_t key = arch_irq_lock();
    int was_head = fw_tq_first(&tq) == to;
    int r = fw_tq_remove(&tq, to);

    if (was_head && program() && !arch_in_isr())
        kick();
    arch_irq_unlock(key);
    return r;
}

void fw_timer_isr(void *unused)
{
    struct fw_timeout *to;

    (void)unused;
    st.interrupts++;
    do {
        while ((to = fw_tq_pop_expired(&tq, arch_cycles())) != NULL) {
            st.expired++;
            to->fn(to);
        }
    } while (program());
}

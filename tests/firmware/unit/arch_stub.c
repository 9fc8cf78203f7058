/* SPDX-License-Identifier: BSD-3-Clause */
#include <string.h>
#include "arch_stub.h"
#include "fw/arch.h"
#include "fw/platform.h"

uint32_t stub_now, stub_advance;
int stub_timer_armed;
uint32_t stub_timer_when;
unsigned stub_timer_writes;
int stub_in_isr;
int stub_lock_depth;
unsigned stub_yields;
char stub_console[4096];
size_t stub_console_len;

void stub_reset(void)
{
    stub_now = stub_advance = 0;
    stub_timer_armed = 0;
    stub_timer_when = 0;
    stub_timer_writes = 0;
    stub_in_isr = 0;
    stub_lock_depth = 0;
    stub_yields = 0;
    stub_console_len = 0;
    stub_console[0] = 0;
}

uint32_t arch_cycles(void)
{
    uint32_t t = stub_now;
    stub_now += stub_advance;
    return t;
}

uint32_t arch_irq_lock(void)
{
    return (uint32_t)stub_lock_depth++;
}
void arch_irq_unlock(uint32_t key)
{
    stub_lock_depth = (int)key;
}

void arch_timer_set(uint32_t when)
{
    stub_timer_armed = 1;
    stub_timer_when = when;
    stub_timer_writes++;
}

void arch_timer_stop(void)
{
    stub_timer_armed = 0;
}
void arch_yield(void)
{
    stub_yields++;
}
void arch_idle(void)
{
}
int arch_in_isr(void)
{
    return stub_in_isr;
}

void *arch_task_context_init(void *stack_top, void (*entry)(void *), void *arg)
{
    (void)entry;
    (void)arg;
    return stack_top;
}

void fw_plat_console_write(const char *buf, size_t len)
{
    size_t room = sizeof stub_console - 1 - stub_console_len;
    if (len > room)
        len = room;
    memcpy(stub_console + stub_console_len, buf, len);
    stub_console_len += len;
    stub_console[stub_console_len] = 0;
}

void fw_plat_exit(int status)
{
    (void)status;
    for (;;) {
    }
}

void fw_plat_panic_sink(const struct fw_panic_record *rec)
{
    (void)rec;
}
void fw_plat_trace(uint32_t id, uint32_t arg)
{
    (void)id;
    (void)arg;
}

/* panic.c is target-only: the scheduler's stack check lands here.  A test
 * catches it with cmocka's expect_assert_failure(). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>
#include "fw/panic.h"
#include "fw/task.h"

uintptr_t stub_stack_guard;
uint32_t stub_stack_task;

void fw_panic_stack(const struct fw_task *t, uintptr_t guard, uint32_t sp)
{
    (void)sp;
    stub_stack_guard = guard;
    stub_stack_task = t->id;
    mock_assert(0, "fw_panic_stack", __FILE__, __LINE__);
    abort();
}

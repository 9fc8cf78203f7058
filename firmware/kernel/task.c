/* SPDX-License-Identifier: BSD-3-Clause */
/* Task set-up, periodic releases through the timer service, and the loop
 * every task runs: job, then wait for the next release. */
#include <stddef.h>
#include "fw/arch.h"
#include "fw/percore.h"
#include "fw/sched.h"
#include "fw/task.h"
#include "fw/timer.h"

#define CONTAINER_OF(p, type, member)                                          \
    ((type *)(void *)((char *)(p)-offsetof(type, member)))

static struct fw_task *all_tasks;
static uint32_t next_id = 1;

struct fw_task *fw_task_list(void)
{
    return all_tasks;
}
struct fw_task *fw_task_current(void)
{
    return fw_sched_current();
}

static void task_main(void *arg)
{
    struct fw_task *t = arg;

    for (;;) {
        t->job(t->arg);
        fw_sched_job_done();
    }
}

int fw_task_init(struct fw_task *t, const struct fw_task_config *cfg)
{
    uintptr_t top;
    struct fw_task *o;
#ifdef FW_SMP
    uint32_t key;
#endif

    if (!cfg->job || !cfg->stack || cfg->stack_size < FW_TASK_STACK_MIN)
        return -1;
#ifdef FW_SMP
    /* the task list and the ids are every core's */
    key = fw_smp_kernel_lock();
#endif
    o = t->all_next;
    *t = (struct fw_task){ 0 };
    t->all_next = o;
    t->name = cfg->name ? cfg->name : "task";
    t->id = next_id++;
    t->job = cfg->job;
    t->arg = cfg->arg;
    t->period = cfg->period;
    t->rel_deadline = cfg->deadline ? cfg->deadline : cfg->period;
    t->state = FW_TASK_WAITING;
    t->stack = cfg->stack;
    t->stack_size = cfg->stack_size;
    for (uint32_t i = 0; i < FW_TASK_STACK_GUARD / 4u; i++)
        ((volatile uint32_t *)(void *)t->stack)[i] = FW_TASK_STACK_PATTERN;
    top = ((uintptr_t)cfg->stack + cfg->stack_size) & ~(uintptr_t)15;
    t->ctx = arch_task_context_init((void *)top, task_main, t);
    for (o = all_tasks; o && o != t; o = o->all_next)
        ;
    if (!o) { /* not re-initialising a listed task */
        t->all_next = all_tasks;
        all_tasks = t;
    }
#ifdef FW_SMP
    fw_smp_kernel_unlock(key);
#endif
    return 0;
}

static void release_expired(struct fw_timeout *to)
{
    struct fw_task *t = CONTAINER_OF(to, struct fw_task, release_timeout);
    uint32_t release = to->expiry;

    fw_sched_release(t, release);
    fw_timer_add(to, release + t->period, release_expired);
}

void fw_task_start_at(struct fw_task *t, uint32_t first)
{
    if (t->period)
        fw_timer_add(&t->release_timeout, first, release_expired);
}

void fw_task_release(struct fw_task *t)
{
    uint32_t key = arch_irq_lock();

    fw_sched_release(t, arch_cycles());
    fw_sched_preempt_check();
    arch_irq_unlock(key);
}

void fw_task_stop(struct fw_task *t)
{
    fw_timer_cancel(&t->release_timeout);
}

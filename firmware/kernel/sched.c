/* SPDX-License-Identifier: BSD-3-Clause */
/* EDF scheduler: job release and completion, deadline-miss detection,
 * per-task cycle accounting and the context-switch decision. */
#include <stddef.h>
#include "fw/arch.h"
#include "fw/console.h"
#include "fw/platform.h"
#include "fw/panic.h"
#include "fw/percore.h"
#include "fw/sched.h"
#include "fw/stack_guard.h"
#include "abi/trace.h"

static FW_PERCORE(struct fw_ready_queue, rq);
static FW_PERCORE(struct fw_task, idle_task);
/* cycle time fw_sched_running started running */
static FW_PERCORE(uint32_t, run_mark);
static FW_PERCORE(uint32_t, switches);
#ifdef FW_SMP
#define rq        FW_THIS(rq)
#define idle_task FW_THIS(idle_task)
#define run_mark  FW_THIS(run_mark)
#define switches  FW_THIS(switches)
#endif

static void default_miss_hook(struct fw_task *t, uint32_t deadline,
                              uint32_t now)
{
    fw_printf("deadline miss: task %s deadline %u detected at %u (+%u)\n",
              t->name, (unsigned)deadline, (unsigned)now,
              (unsigned)(now - deadline));
}

static fw_miss_hook miss_hook = default_miss_hook;

void fw_sched_init(void)
{
    fw_rq_init(&rq);
    idle_task = (struct fw_task){
        .name = "idle", .id = 0, .state = FW_TASK_READY, .is_idle = 1
    };
    fw_sched_running = &idle_task;
    run_mark = arch_cycles();
    switches = 0;
}

void fw_sched_set_miss_hook(fw_miss_hook hook)
{
    miss_hook = hook ? hook : default_miss_hook;
}

struct fw_task *fw_sched_idle(void)
{
    return &idle_task;
}
const struct fw_ready_queue *fw_sched_ready_queue(void)
{
    return &rq;
}
uint32_t fw_sched_switch_count(void)
{
    return switches;
}

#ifdef FW_SMP
uint64_t fw_sched_idle_cycles(void)
{
    uint32_t key = arch_irq_lock();
    uint64_t c = idle_task.stats.cycles;

    if (fw_sched_running == &idle_task)
        c += arch_cycles() - run_mark;
    arch_irq_unlock(key);
    return c;
}
#endif

/* Charge the cycles since run_mark to the running task. */
static uint32_t account(void)
{
    uint32_t now = arch_cycles();
    uint32_t d = now - run_mark;

    fw_sched_running->job_cycles += d;
    fw_sched_running->stats.cycles += d;
    run_mark = now;
    return now;
}

/* Count and report a miss of t's current job if its deadline has passed. */
static void check_miss(struct fw_task *t, uint32_t now)
{
    if (t->missed || !fw_time_before(t->deadline, now))
        return;
    t->missed = 1;
    t->stats.misses++;
    fw_plat_trace(FW_TRACE_MISS, t->id);
    miss_hook(t, t->deadline, now);
}

static void start_job(struct fw_task *t, uint32_t release)
{
    t->release = release;
    t->deadline = release + t->rel_deadline;
    t->job_cycles = 0;
    t->missed = 0;
    t->state = FW_TASK_READY;
    t->stats.releases++;
    fw_rq_insert(&rq, t);
    fw_plat_trace(FW_TRACE_RELEASE, t->id);
}

int fw_sched_release(struct fw_task *t, uint32_t release)
{
    if (t->state != FW_TASK_WAITING) {
        if (t->period) {
            t->stats.skipped++;
            check_miss(t, arch_cycles());
        } else {
            t->pending = 1;
        }
        return 0;
    }
    start_job(t, release);
    return 1;
}

void fw_sched_job_done(void)
{
    uint32_t key = arch_irq_lock();
    struct fw_task *t = fw_sched_running;
    uint32_t now = account();

    check_miss(t, now);
    t->stats.runs++;
    t->stats.last = t->job_cycles;
    if (t->job_cycles > t->stats.worst)
        t->stats.worst = t->job_cycles;
    fw_plat_trace(FW_TRACE_JOB_DONE, t->id);
    fw_rq_remove(&rq, t);
    t->state = FW_TASK_WAITING;
    if (t->pending) {
        t->pending = 0;
        start_job(t, now);
    }
    arch_yield();
    arch_irq_unlock(key);
}

void fw_sched_preempt_check(void)
{
    struct fw_task *head = fw_rq_first(&rq);

    if (!arch_in_isr() && head && head != fw_sched_running)
        arch_yield();
}

void *fw_sched_switch(void *ctx)
{
    struct fw_task *first = fw_rq_first(&rq);
    struct fw_task *next = first ? first : &idle_task;

    uintptr_t bad;

    fw_sched_running->ctx = ctx;
    if (next == fw_sched_running)
        return ctx;
    bad = fw_task_stack_overflow(fw_sched_running);
    if (bad)
        fw_panic_stack(fw_sched_running, bad, (uint32_t)(uintptr_t)ctx);
    account();
    switches++;
    next->stats.switches_in++;
    fw_sched_running = next;
    fw_plat_trace(FW_TRACE_SWITCH, next->id);
    return next->ctx;
}

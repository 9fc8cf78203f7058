/* SPDX-License-Identifier: BSD-3-Clause */
/* Earliest-deadline-first scheduling. The ready queue holds every task with
 * an active job, sorted by absolute deadline (wrap-safe on the 32-bit cycle
 * clock; equal deadlines in release order); the running task stays at its
 * place in the queue, so "run the head" is EDF and an interrupt that releases
 * a job with an earlier deadline preempts at interrupt exit. With no active
 * job the idle task runs (WAITI). Deadlines of queued jobs must lie within
 * 2^31 cycles of each other. */
#ifndef FW_SCHED_H
#define FW_SCHED_H

#include <stdint.h>
#include "fw/ready_queue.h"
#include "fw/sched_current.h"
#include "fw/task_struct.h"

/* Called when a job misses its deadline (detected at completion, or at the
 * next release while the job is still active, whichever comes first; each
 * job is reported once). now = cycle time of detection. May run in
 * interrupt context. */
typedef void (*fw_miss_hook)(struct fw_task *t, uint32_t deadline,
                             uint32_t now);

/* Make the calling context (boot code) the idle task; before anything else. */
void fw_sched_init(void);
/* Replace the deadline-miss report (default: trace + console line). */
void fw_sched_set_miss_hook(fw_miss_hook hook);

/* Release a job of t at cycle time `release` (interrupts masked). For
 * periodic tasks a release while the previous job is active is dropped and
 * counted in stats.skipped (and the old job is checked for a miss); for
 * sporadic tasks it is remembered and the next job starts when the current
 * one ends. Returns 1 if a job was released. */
int fw_sched_release(struct fw_task *t, uint32_t release);

/* End the current job of the running task and wait for the next release. */
void fw_sched_job_done(void);

/* Context switch decision, called by the arch layer with interrupts masked
 * when leaving an exception or interrupt: ctx is the saved context of the
 * running task; returns the context to restore (the head of the ready
 * queue, or the idle task). */
void *fw_sched_switch(void *ctx);

/* From task context: if a release made another task the head of the ready
 * queue, switch to it now (interrupt handlers switch at their exit). */
void fw_sched_preempt_check(void);

struct fw_task *fw_sched_idle(void);
const struct fw_ready_queue *fw_sched_ready_queue(void);
/* Total context switches since fw_sched_init. */
uint32_t fw_sched_switch_count(void);

#ifdef FW_SMP
/* This core's idle cycles so far, the idle task's current stretch
 * included (CORE_STATS, issue 32). */
uint64_t fw_sched_idle_cycles(void);
#endif

#endif

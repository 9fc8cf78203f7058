/* SPDX-License-Identifier: BSD-3-Clause */
/* Tasks: a stack, a job function run once per release, timing parameters
 * and statistics. All times are CPU cycles on the 32-bit cycle clock. */
#ifndef FW_TASK_H
#define FW_TASK_H

#include <stdint.h>
#include "fw/stack_guard.h"
#include "fw/task_struct.h"

struct fw_task_config {
    const char *name;
    void (*job)(void *arg);
    void *arg;
    void *stack;         /* stack memory, 16-byte aligned */
    uint32_t stack_size; /* bytes (>= FW_TASK_STACK_MIN) */
    uint32_t period;     /* cycles; 0 = sporadic (fw_task_release()) */
    uint32_t deadline;   /* relative deadline, cycles (0 = period) */
};

/* Room for the saved context and the interrupt handlers that run on the
 * interrupted task's stack, in bytes. */
#define FW_TASK_STACK_MIN 768u

/* Set up a task (state WAITING). Returns 0, or -1 for a bad config. */
int fw_task_init(struct fw_task *t, const struct fw_task_config *cfg);

/* Periodic task: first release at absolute cycle time `first`, then every
 * period cycles (by the timer service). */
void fw_task_start_at(struct fw_task *t, uint32_t first);

/* Sporadic task: release a job now (deadline = now + deadline). From task
 * or interrupt context. */
void fw_task_release(struct fw_task *t);

/* Stop a periodic task's releases (the current job, if any, finishes). */
void fw_task_stop(struct fw_task *t);

/* First task of the list of all initialised tasks (linked by all_next). */
struct fw_task *fw_task_list(void);

/* The task that is running (the idle task between jobs). */
struct fw_task *fw_task_current(void);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Tasks: a stack, a job function run once per release, timing parameters
 * and statistics. All times are CPU cycles on the 32-bit cycle clock. */
#ifndef FW_TASK_H
#define FW_TASK_H

#include <stdint.h>
#include "fw/dlist.h"
#include "fw/timeout.h"

enum fw_task_state {
    FW_TASK_WAITING = 0, /* no active job: waiting for its next release */
    FW_TASK_READY,       /* active job, in the ready queue (maybe running) */
};

struct fw_task_stats {
    uint32_t releases;   /* jobs released */
    uint32_t runs;       /* jobs completed */
    uint64_t cycles;     /* cycles spent running (including interrupts
                            taken while it ran) */
    uint32_t worst;      /* longest job, cycles from first to last instruction
                            of the job that ran on this task */
    uint32_t last;       /* cycles of the last completed job */
    uint32_t misses;     /* jobs that did not complete by their deadline */
    uint32_t skipped;    /* periodic releases dropped: previous job active */
    uint32_t switches_in;/* times the scheduler switched to this task */
};

struct fw_task {
    const char *name;
    uint32_t id;
    void (*job)(void *arg); /* one job; returns when the job is done */
    void *arg;
    uint32_t period;        /* cycles between releases; 0 = sporadic */
    uint32_t rel_deadline;  /* cycles from release to deadline */

    /* current job */
    enum fw_task_state state;
    uint32_t release;       /* absolute release time (nominal) */
    uint32_t deadline;      /* absolute deadline = release + rel_deadline */
    uint32_t job_cycles;    /* cycles used by the current job so far */
    uint8_t missed;         /* current job already counted as missed */
    uint8_t pending;        /* sporadic: released again while active */
    uint8_t is_idle;

    void *ctx;              /* saved context (arch), while not running */
    uint8_t *stack;         /* lowest stack byte */
    uint32_t stack_size;    /* bytes */

    struct fw_dnode rq_node;           /* ready queue link */
    struct fw_timeout release_timeout; /* periodic release */
    struct fw_task *all_next;          /* list of all tasks */
    struct fw_task_stats stats;
};

struct fw_task_config {
    const char *name;
    void (*job)(void *arg);
    void *arg;
    void *stack;            /* stack memory, 16-byte aligned */
    uint32_t stack_size;    /* bytes (>= FW_TASK_STACK_MIN) */
    uint32_t period;        /* cycles; 0 = sporadic (fw_task_release()) */
    uint32_t deadline;      /* relative deadline, cycles (0 = period) */
};

/* Stack guard (issue 14): the lowest FW_TASK_STACK_GUARD bytes of every
 * task stack hold FW_TASK_STACK_PATTERN, written by fw_task_init.  The
 * scheduler checks them whenever it switches away from a task
 * (fw_sched_switch); a changed word is a stack overflow: panic with cause
 * FW_PANIC_CAUSE_STACK (docs/firmware.md "Stack overflow"). */
#define FW_TASK_STACK_GUARD 32u
#define FW_TASK_STACK_PATTERN 0x4B435453u   /* "STCK" */

/* 0 when t's guard is intact (or t has no stack of its own), else the
 * address of its highest changed guard word. */
uintptr_t fw_task_stack_overflow(const struct fw_task *t);

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

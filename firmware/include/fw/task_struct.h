/* SPDX-License-Identifier: BSD-3-Clause */
/* The task record that the scheduler, the ready queue, panic and the task
 * API share (the task API itself is fw/task.h). All times are CPU cycles on
 * the 32-bit cycle clock. */
#ifndef FW_TASK_STRUCT_H
#define FW_TASK_STRUCT_H

#include <stdint.h>
#include "fw/dlist.h"
#include "fw/timeout.h"

enum fw_task_state {
    FW_TASK_WAITING = 0, /* no active job: waiting for its next release */
    FW_TASK_READY,       /* active job, in the ready queue (maybe running) */
};

struct fw_task_stats {
    uint32_t releases;    /* jobs released */
    uint32_t runs;        /* jobs completed */
    uint64_t cycles;      /* cycles spent running (including interrupts
                            taken while it ran) */
    uint32_t worst;       /* longest job, cycles from first to last instruction
                            of the job that ran on this task */
    uint32_t last;        /* cycles of the last completed job */
    uint32_t misses;      /* jobs that did not complete by their deadline */
    uint32_t skipped;     /* periodic releases dropped: previous job active */
    uint32_t switches_in; /* times the scheduler switched to this task */
};

struct fw_task {
    const char *name;
    uint32_t id;
    void (*job)(void *arg); /* one job; returns when the job is done */
    void *arg;
    uint32_t period;       /* cycles between releases; 0 = sporadic */
    uint32_t rel_deadline; /* cycles from release to deadline */

    /* current job */
    enum fw_task_state state;
    uint32_t release;    /* absolute release time (nominal) */
    uint32_t deadline;   /* absolute deadline = release + rel_deadline */
    uint32_t job_cycles; /* cycles used by the current job so far */
    uint8_t missed;      /* current job already counted as missed */
    uint8_t pending;     /* sporadic: released again while active */
    uint8_t is_idle;

    void *ctx;           /* saved context (arch), while not running */
    uint8_t *stack;      /* lowest stack byte */
    uint32_t stack_size; /* bytes */

    struct fw_dnode rq_node;           /* ready queue link */
    struct fw_timeout release_timeout; /* periodic release */
    struct fw_task *all_next;          /* list of all tasks */
    struct fw_task_stats stats;
};

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Work queue: interrupt handlers defer work by submitting fw_work items; a
 * sporadic worker task (EDF, with its own relative deadline) runs them in
 * submission order with interrupts enabled. Items are owned by the caller
 * (no allocation, nothing can be lost to a full buffer): an item can be
 * queued once at a time; submitting a still-queued item fails with -1 and is
 * counted in `busy`. The item is marked not queued before its function
 * runs, so the function may resubmit it. */
#ifndef FW_WORKQ_H
#define FW_WORKQ_H

#include <stdint.h>

struct fw_work;
struct fw_task;
typedef void (*fw_work_fn)(struct fw_work *w);

struct fw_work {
    struct fw_work *next;
    fw_work_fn fn;
    uint32_t arg; /* for the submitter's use */
    uint8_t queued;
};

struct fw_workq {
    struct fw_work *head, *tail;
    struct fw_task *worker; /* released on submit; NULL = run by caller */
    uint32_t submitted, done, busy, depth, max_depth;
};

void fw_work_init(struct fw_work *w, fw_work_fn fn, uint32_t arg);
void fw_workq_init(struct fw_workq *q, struct fw_task *worker);
/* From any context. 0 = queued, -1 = item already queued. */
int fw_workq_submit(struct fw_workq *q, struct fw_work *w);
/* Unlink the oldest item (marked not queued), or NULL. */
struct fw_work *fw_workq_pop(struct fw_workq *q);
/* Run items until the queue is empty; returns how many ran. The worker
 * task's job is fw_workq_job (arg = the queue). */
uint32_t fw_workq_run(struct fw_workq *q);
void fw_workq_job(void *q);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* EDF ready queue: a doubly linked list sorted by absolute deadline,
 * compared wrap-safe; a new task goes behind tasks with an equal deadline. */
#include <stddef.h>
#include "fw/sched.h"

void fw_rq_init(struct fw_ready_queue *q)
{
    q->head = NULL;
    q->count = 0;
}

void fw_rq_insert(struct fw_ready_queue *q, struct fw_task *t)
{
    struct fw_task *prev = NULL, *cur = q->head;

    while (cur && !fw_time_before(t->deadline, cur->deadline)) {
        prev = cur;
        cur = cur->rq_next;
    }
    t->rq_prev = prev;
    t->rq_next = cur;
    if (cur)
        cur->rq_prev = t;
    if (prev)
        prev->rq_next = t;
    else
        q->head = t;
    q->count++;
}

void fw_rq_remove(struct fw_ready_queue *q, struct fw_task *t)
{
    if (t->rq_prev)
        t->rq_prev->rq_next = t->rq_next;
    else
        q->head = t->rq_next;
    if (t->rq_next)
        t->rq_next->rq_prev = t->rq_prev;
    t->rq_next = t->rq_prev = NULL;
    q->count--;
}

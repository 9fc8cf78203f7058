/* SPDX-License-Identifier: BSD-3-Clause */
/* EDF ready queue (kernel/ready_queue.c): the tasks with an active job,
 * sorted by absolute deadline (wrap-safe on the 32-bit cycle clock; equal
 * deadlines in release order).  The scheduler's (fw/sched.h). */
#ifndef FW_READY_QUEUE_H
#define FW_READY_QUEUE_H

#include <stdint.h>
#include "fw/dlist.h"
#include "fw/task_struct.h"

struct fw_ready_queue {
    struct fw_dlist list; /* of fw_task.rq_node, earliest deadline first */
};

void fw_rq_init(struct fw_ready_queue *q);
void fw_rq_insert(struct fw_ready_queue *q, struct fw_task *t);
void fw_rq_remove(struct fw_ready_queue *q, struct fw_task *t);
static inline struct fw_task *fw_rq_first(const struct fw_ready_queue *q)
{
    struct fw_dnode *n = q->list.head;

    return n ? FW_CONTAINER_OF(n, struct fw_task, rq_node) : NULL;
}
/* The task after t in the queue, or NULL. */
static inline struct fw_task *fw_rq_next(const struct fw_task *t)
{
    struct fw_dnode *n = t->rq_node.next;

    return n ? FW_CONTAINER_OF(n, struct fw_task, rq_node) : NULL;
}
static inline uint32_t fw_rq_count(const struct fw_ready_queue *q)
{
    return q->list.count;
}

#endif

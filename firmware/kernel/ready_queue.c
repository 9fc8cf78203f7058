/* SPDX-License-Identifier: BSD-3-Clause */
/* EDF ready queue: a list (fw/dlist.h) sorted by absolute deadline,
 * compared wrap-safe; a new task goes behind tasks with an equal deadline. */
#include <stddef.h>
#include "fw/ready_queue.h"
#include "fw/timeout.h"

void fw_rq_init(struct fw_ready_queue *q)
{
    fw_dlist_init(&q->list);
}

static int deadline_before(const struct fw_dnode *a, const struct fw_dnode *b)
{
    return fw_time_before(
        FW_CONST_CONTAINER_OF(a, struct fw_task, rq_node)->deadline,
        FW_CONST_CONTAINER_OF(b, struct fw_task, rq_node)->deadline);
}

void fw_rq_insert(struct fw_ready_queue *q, struct fw_task *t)
{
    fw_dlist_insert_sorted(&q->list, &t->rq_node, deadline_before);
}

void fw_rq_remove(struct fw_ready_queue *q, struct fw_task *t)
{
    fw_dlist_remove(&q->list, &t->rq_node);
}

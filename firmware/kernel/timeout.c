/* SPDX-License-Identifier: BSD-3-Clause */
/* Sorted timeout queue (fw/dlist.h, earliest expiry first). */
#include <stddef.h>
#include "fw/timeout.h"

#define CONST_TO_OF(n) FW_CONST_CONTAINER_OF(n, struct fw_timeout, node)

void fw_tq_init(struct fw_timeout_queue *q)
{
    fw_dlist_init(&q->list);
}

int fw_tq_remove(struct fw_timeout_queue *q, struct fw_timeout *to)
{
    if (!to->queued)
        return 0;
    fw_dlist_remove(&q->list, &to->node);
    to->queued = 0;
    return 1;
}

static int expiry_before(const struct fw_dnode *a, const struct fw_dnode *b)
{
    return fw_time_before(CONST_TO_OF(a)->expiry, CONST_TO_OF(b)->expiry);
}

void fw_tq_add(struct fw_timeout_queue *q, struct fw_timeout *to,
               uint32_t expiry)
{
    fw_tq_remove(q, to);
    to->expiry = expiry;
    fw_dlist_insert_sorted(&q->list, &to->node, expiry_before);
    to->queued = 1;
}

struct fw_timeout *fw_tq_pop_expired(struct fw_timeout_queue *q, uint32_t now)
{
    struct fw_timeout *to = fw_tq_first(q);

    if (!to || fw_time_before(now, to->expiry))
        return NULL;
    fw_tq_remove(q, to);
    return to;
}

int fw_tq_next(const struct fw_timeout_queue *q, uint32_t *expiry)
{
    struct fw_timeout *to = fw_tq_first(q);

    if (!to)
        return 0;
    *expiry = to->expiry;
    return 1;
}

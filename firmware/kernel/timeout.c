/* SPDX-License-Identifier: BSD-3-Clause */
/* Sorted timeout queue (doubly linked, earliest expiry first). */
#include <stddef.h>
#include "fw/timeout.h"

void fw_tq_init(struct fw_timeout_queue *q)
{
    q->head = NULL;
    q->count = 0;
}

int fw_tq_remove(struct fw_timeout_queue *q, struct fw_timeout *to)
{
    if (!to->queued)
        return 0;
    if (to->prev)
        to->prev->next = to->next;
    else
        q->head = to->next;
    if (to->next)
        to->next->prev = to->prev;
    to->next = to->prev = NULL;
    to->queued = 0;
    q->count--;
    return 1;
}

void fw_tq_add(struct fw_timeout_queue *q, struct fw_timeout *to,
               uint32_t expiry)
{
    struct fw_timeout *prev = NULL, *cur;

    fw_tq_remove(q, to);
    to->expiry = expiry;
    for (cur = q->head; cur && !fw_time_before(expiry, cur->expiry);
         cur = cur->next)
        prev = cur;
    to->prev = prev;
    to->next = cur;
    if (cur)
        cur->prev = to;
    if (prev)
        prev->next = to;
    else
        q->head = to;
    to->queued = 1;
    q->count++;
}

struct fw_timeout *fw_tq_pop_expired(struct fw_timeout_queue *q,
                                     uint32_t now)
{
    struct fw_timeout *to = q->head;

    if (!to || fw_time_before(now, to->expiry))
        return NULL;
    fw_tq_remove(q, to);
    return to;
}

int fw_tq_next(const struct fw_timeout_queue *q, uint32_t *expiry)
{
    if (!q->head)
        return 0;
    *expiry = q->head->expiry;
    return 1;
}

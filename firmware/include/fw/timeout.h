/* SPDX-License-Identifier: BSD-3-Clause */
/* Sorted timeout queue on the 32-bit cycle clock. Expiry times are absolute
 * cycle counts; order and expiry are decided wrap-safe with
 * (int32_t)(a - b), so every queued expiry must lie within 2^31 cycles of
 * the current time. Equal expiries fire in the order they were added.
 * Callers provide the locking (the timer service masks interrupts). */
#ifndef FW_TIMEOUT_H
#define FW_TIMEOUT_H

#include <stdint.h>
#include "fw/dlist.h"

struct fw_timeout;
typedef void (*fw_timeout_fn)(struct fw_timeout *to);

struct fw_timeout {
    struct fw_dnode node; /* the queue's link */
    uint32_t expiry;      /* absolute cycle time */
    fw_timeout_fn fn;
    uint8_t queued;
};

struct fw_timeout_queue {
    struct fw_dlist list; /* of fw_timeout.node, earliest expiry first */
};

/* a is before b on the wrapping cycle clock. */
static inline int fw_time_before(uint32_t a, uint32_t b)
{
    return (int32_t)(a - b) < 0;
}

void fw_tq_init(struct fw_timeout_queue *q);
/* Queue `to` to expire at `expiry` (re-queues it if already queued). */
void fw_tq_add(struct fw_timeout_queue *q, struct fw_timeout *to,
               uint32_t expiry);
/* Remove `to` if queued; returns 1 if it was. */
int fw_tq_remove(struct fw_timeout_queue *q, struct fw_timeout *to);
/* Unlink and return the head if it has expired at `now` (expiry <= now),
 * else NULL. */
struct fw_timeout *fw_tq_pop_expired(struct fw_timeout_queue *q, uint32_t now);
/* Earliest expiry; returns 0 and leaves *expiry alone when empty. */
int fw_tq_next(const struct fw_timeout_queue *q, uint32_t *expiry);
static inline uint32_t fw_tq_count(const struct fw_timeout_queue *q)
{
    return q->list.count;
}
/* The earliest queued timeout, or NULL. */
static inline struct fw_timeout *fw_tq_first(const struct fw_timeout_queue *q)
{
    struct fw_dnode *n = q->list.head;

    return n ? FW_CONTAINER_OF(n, struct fw_timeout, node) : NULL;
}

#endif

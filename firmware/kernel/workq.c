/* SPDX-License-Identifier: BSD-3-Clause */
/* Work queue: a FIFO of caller-owned items and a sporadic worker task. */
#include <stddef.h>
#include "fw/arch.h"
#include "fw/task.h"
#include "fw/workq.h"

void fw_work_init(struct fw_work *w, fw_work_fn fn, uint32_t arg)
{
    w->next = NULL;
    w->fn = fn;
    w->arg = arg;
    w->queued = 0;
}

void fw_workq_init(struct fw_workq *q, struct fw_task *worker)
{
    *q = (struct fw_workq){ 0 };
    q->worker = worker;
}

int fw_workq_submit(struct fw_workq *q, struct fw_work *w)
{
    uint32_t key = arch_irq_lock();

    if (w->queued) {
        q->busy++;
        arch_irq_unlock(key);
        return -1;
    }
    w->queued = 1;
    w->next = NULL;
    if (q->tail)
        q->tail->next = w;
    else
        q->head = w;
    q->tail = w;
    q->submitted++;
    if (++q->depth > q->max_depth)
        q->max_depth = q->depth;
    if (q->worker)
        fw_task_release(q->worker);
    arch_irq_unlock(key);
    return 0;
}

struct fw_work *fw_workq_pop(struct fw_workq *q)
{
    uint32_t key = arch_irq_lock();
    struct fw_work *w = q->head;

    if (w) {
        q->head = w->next;
        if (!q->head)
            q->tail = NULL;
        w->next = NULL;
        w->queued = 0;
        q->depth--;
    }
    arch_irq_unlock(key);
    return w;
}

uint32_t fw_workq_run(struct fw_workq *q)
{
    struct fw_work *w;
    uint32_t n = 0;

    while ((w = fw_workq_pop(q)) != NULL) {
        w->fn(w);
        n++;
        q->done++; /* only the worker writes `done` */
    }
    return n;
}

void fw_workq_job(void *q)
{
    fw_workq_run(q);
}

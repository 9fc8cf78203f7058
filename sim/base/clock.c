/* SPDX-License-Identifier: BSD-3-Clause */
/* Discrete-event clock: a binary min-heap ordered by (time, sequence). */
#include <stdlib.h>

#include "dspsim/clock.h"

typedef struct ds_event {
    uint64_t at;
    uint64_t seq; /* insertion order; also the event id */
    ds_event_fn fn;
    void *user;
    uint64_t hard_by; /* lazy: the core stops by then (ds_clock_next_strict) */
    bool lazy;        /* ds_clock_schedule_lazy, not yet hardened */
} ds_event;

struct ds_clock {
    ds_event *heap;
    size_t n, cap;
    size_t n_lazy;       /* pending lazy events */
    uint64_t lazy_total; /* lazy events scheduled */
    uint64_t next_seq;
    uint64_t now; /* without a time source */
    uint64_t (*now_fn)(void *);
    void *now_user;
    void (*hook)(void *, uint64_t);
    void *hook_user;
};

ds_clock *ds_clock_new(void)
{
    ds_clock *clk = calloc(1, sizeof(*clk));
    if (clk)
        clk->next_seq = 1;
    return clk;
}

void ds_clock_free(ds_clock *clk)
{
    if (!clk)
        return;
    free(clk->heap);
    free(clk);
}

void ds_clock_set_time_source(ds_clock *clk, uint64_t (*now)(void *user),
                              void *user)
{
    clk->now_fn = now;
    clk->now_user = user;
}

void ds_clock_set_schedule_hook(ds_clock *clk,
                                void (*hook)(void *user, uint64_t at),
                                void *user)
{
    clk->hook = hook;
    clk->hook_user = user;
}

uint64_t ds_clock_now(const ds_clock *clk)
{
    return clk->now_fn ? clk->now_fn(clk->now_user) : clk->now;
}

static bool before(const ds_event *a, const ds_event *b)
{
    return a->at < b->at || (a->at == b->at && a->seq < b->seq);
}

static void swap(ds_event *a, ds_event *b)
{
    ds_event t = *a;
    *a = *b;
    *b = t;
}

static void sift_up(ds_event *h, size_t i)
{
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!before(&h[i], &h[p]))
            break;
        swap(&h[i], &h[p]);
        i = p;
    }
}

static void sift_down(ds_event *h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && before(&h[l], &h[m]))
            m = l;
        if (r < n && before(&h[r], &h[m]))
            m = r;
        if (m == i)
            return;
        swap(&h[i], &h[m]);
        i = m;
    }
}

/* Add an event with sequence number seq to the heap; false when out of
 * memory. */
static bool insert(ds_clock *clk, uint64_t at, uint64_t seq, ds_event_fn fn,
                   void *user, bool lazy, uint64_t hard_by)
{
    if (clk->n == clk->cap) {
        size_t cap = clk->cap ? clk->cap * 2 : 32;
        ds_event *h = realloc(clk->heap, cap * sizeof(*h));
        if (!h)
            return false;
        clk->heap = h;
        clk->cap = cap;
    }
    clk->heap[clk->n] = (ds_event){ .at = at,
                                    .seq = seq,
                                    .fn = fn,
                                    .user = user,
                                    .hard_by = hard_by,
                                    .lazy = lazy };
    clk->n_lazy += lazy;
    sift_up(clk->heap, clk->n++);
    return true;
}

static ds_event_id push(ds_clock *clk, uint64_t at, ds_event_fn fn, void *user,
                        bool lazy, uint64_t hard_by)
{
    if (!fn || !insert(clk, at, clk->next_seq, fn, user, lazy, hard_by))
        return 0;
    return clk->next_seq++;
}

ds_event_id ds_clock_schedule(ds_clock *clk, uint64_t at, ds_event_fn fn,
                              void *user)
{
    ds_event_id id = push(clk, at, fn, user, false, at);
    if (id && clk->hook)
        clk->hook(clk->hook_user, at);
    return id;
}

ds_event_id ds_clock_schedule_lazy(ds_clock *clk, uint64_t at, ds_event_fn fn,
                                   void *user)
{
    return ds_clock_schedule_lazy_until(clk, at, DS_CLOCK_NEVER, fn, user);
}

ds_event_id ds_clock_schedule_lazy_until(ds_clock *clk, uint64_t at,
                                         uint64_t hard_by, ds_event_fn fn,
                                         void *user)
{
    ds_event_id id = push(clk, at, fn, user, true, hard_by < at ? at : hard_by);
    clk->lazy_total += id != 0;
    return id;
}

uint64_t ds_clock_lazy_scheduled(const ds_clock *clk)
{
    return clk->lazy_total;
}

size_t ds_clock_lazy_pending(const ds_clock *clk)
{
    return clk->n_lazy;
}

void ds_clock_harden(ds_clock *clk)
{
    for (size_t i = 0; clk->n_lazy && i < clk->n; i++) {
        ds_event *e = &clk->heap[i];
        if (!e->lazy)
            continue;
        e->lazy = false;
        e->hard_by = e->at;
        clk->n_lazy--;
        if (clk->hook)
            clk->hook(clk->hook_user, e->at);
    }
}

static void remove_at(ds_clock *clk, size_t i)
{
    clk->n_lazy -= clk->heap[i].lazy;
    clk->heap[i] = clk->heap[--clk->n];
    if (i < clk->n) {
        sift_up(clk->heap, i);
        sift_down(clk->heap, clk->n, i);
    }
}

bool ds_clock_cancel(ds_clock *clk, ds_event_id id)
{
    if (!id)
        return false;
    for (size_t i = 0; i < clk->n; i++) {
        if (clk->heap[i].seq == id) {
            remove_at(clk, i);
            return true;
        }
    }
    return false;
}

uint64_t ds_clock_next(const ds_clock *clk)
{
    return clk->n ? clk->heap[0].at : DS_CLOCK_NEVER;
}

uint64_t ds_clock_next_strict(const ds_clock *clk)
{
    if (!clk->n_lazy)
        return ds_clock_next(clk);
    uint64_t t = DS_CLOCK_NEVER;
    for (size_t i = 0; i < clk->n; i++)
        if (clk->heap[i].hard_by < t)
            t = clk->heap[i].hard_by;
    return t;
}

uint64_t ds_clock_next_other(const ds_clock *clk, ds_event_id own)
{
    if (!clk->n)
        return DS_CLOCK_NEVER;
    if (clk->heap[0].seq != own)
        return clk->heap[0].at;
    /* the root is own: the next is one of its children */
    uint64_t t = DS_CLOCK_NEVER;
    for (size_t i = 1; i < 3 && i < clk->n; i++)
        if (clk->heap[i].at < t)
            t = clk->heap[i].at;
    return t;
}

size_t ds_clock_pending(const ds_clock *clk)
{
    return clk->n;
}

size_t ds_clock_run_due(ds_clock *clk, uint64_t now)
{
    size_t fired = 0;
    while (clk->n && clk->heap[0].at <= now) {
        ds_event e = clk->heap[0];
        clk->n_lazy -= e.lazy;
        /* the root: the last event moves up and sinks (no rise to try) */
        clk->heap[0] = clk->heap[--clk->n];
        sift_down(clk->heap, clk->n, 0);
        /* without a time source, callbacks see their own time as now */
        if (!clk->now_fn && e.at > clk->now)
            clk->now = e.at;
        e.fn(e.user, e.at);
        fired++;
    }
    if (!clk->now_fn && now > clk->now)
        clk->now = now;
    return fired;
}

size_t ds_clock_advance(ds_clock *clk, uint64_t to)
{
    if (to < clk->now)
        to = clk->now;
    return ds_clock_run_due(clk, to);
}

/* ---- saved state ---------------------------------------------------------- */
uint64_t ds_clock_event_time(const ds_clock *clk, ds_event_id id)
{
    for (size_t i = 0; id && i < clk->n; i++)
        if (clk->heap[i].seq == id)
            return clk->heap[i].at;
    return DS_CLOCK_NEVER;
}

uint64_t ds_clock_next_id(const ds_clock *clk)
{
    return clk->next_seq;
}

void ds_clock_load_begin(ds_clock *clk, uint64_t next_id)
{
    clk->n = 0;
    clk->n_lazy = 0;
    clk->next_seq = next_id ? next_id : 1;
}

bool ds_clock_restore_event(ds_clock *clk, uint64_t at, ds_event_id id,
                            ds_event_fn fn, void *user)
{
    if (!fn || !id || id >= clk->next_seq ||
        ds_clock_event_time(clk, id) != DS_CLOCK_NEVER)
        return false;
    return insert(clk, at, id, fn, user, false, at);
}

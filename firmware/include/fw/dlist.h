/* SPDX-License-Identifier: BSD-3-Clause */
/* Intrusive doubly linked list (after Zephyr's sys_dlist, written for this
 * kernel): a node embedded in the element, a NULL-terminated list with a
 * count.  The kernel's ready queue (EDF, by deadline) and its timeout
 * queue (by expiry) are both sorted lists of this kind. */
#ifndef FW_DLIST_H
#define FW_DLIST_H

#include <stddef.h>
#include <stdint.h>

struct fw_dnode {
    struct fw_dnode *next, *prev;
};

struct fw_dlist {
    struct fw_dnode *head;
    uint32_t count;
};

/* The element holding node ptr (a struct fw_dnode member named member). */
#define FW_CONTAINER_OF(ptr, type, member)                                     \
    ((type *)(void *)((char *)(ptr)-offsetof(type, member)))
#define FW_CONST_CONTAINER_OF(ptr, type, member)                               \
    ((const type *)(const void *)((const char *)(ptr)-offsetof(type, member)))

static inline void fw_dlist_init(struct fw_dlist *l)
{
    l->head = NULL;
    l->count = 0;
}

/* n after prev; prev NULL: at the head. */
static inline void fw_dlist_insert_after(struct fw_dlist *l,
                                         struct fw_dnode *prev,
                                         struct fw_dnode *n)
{
    struct fw_dnode *next = prev ? prev->next : l->head;

    n->prev = prev;
    n->next = next;
    if (next)
        next->prev = n;
    if (prev)
        prev->next = n;
    else
        l->head = n;
    l->count++;
}

/* n in order: before the first node b with before(n, b), so behind the
 * nodes equal to it (FIFO among equals). */
static inline void fw_dlist_insert_sorted(
    struct fw_dlist *l, struct fw_dnode *n,
    int (*before)(const struct fw_dnode *a, const struct fw_dnode *b))
{
    struct fw_dnode *prev = NULL, *cur = l->head;

    while (cur && !before(n, cur)) {
        prev = cur;
        cur = cur->next;
    }
    fw_dlist_insert_after(l, prev, n);
}

static inline void fw_dlist_remove(struct fw_dlist *l, struct fw_dnode *n)
{
    if (n->prev)
        n->prev->next = n->next;
    else
        l->head = n->next;
    if (n->next)
        n->next->prev = n->prev;
    n->next = n->prev = NULL;
    l->count--;
}

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Pages made present in one system call rather than faulted in one at a
 * time as they are first touched: a fault costs 10-14 us on a
 * paravirtualised guest, populating under 1 us a page.  Used for the
 * memory the engine is about to write whole (decoded-entry pages, the
 * emitter's buffer, code pages).  Internal to sim/cpu. */
#ifndef XT_POPULATE_H
#define XT_POPULATE_H

#include <stdbool.h>
#include <stddef.h>

/* The pages holding [p, p + n) present, writable (write) or readable
 * (they lie in one mapping, as any range of one object does); false when
 * the kernel refuses (before Linux 5.14): they fault in as touched. */
bool populate_pages(void *p, size_t n, bool write);

#endif

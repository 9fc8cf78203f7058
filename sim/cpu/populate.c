/* SPDX-License-Identifier: BSD-3-Clause */
/* Pages made present in one call (populate.h). */
#include <stdint.h>
#include <sys/mman.h>

#include "populate.h"

bool populate_pages(void *p, size_t n, bool write)
{
#if defined(MADV_POPULATE_WRITE) && defined(MADV_POPULATE_READ)
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)4095;
    uintptr_t e = ((uintptr_t)p + n + 4095) & ~(uintptr_t)4095;
    return n && madvise((void *)a, e - a,
                        write ? MADV_POPULATE_WRITE : MADV_POPULATE_READ) == 0;
#else
    (void)p;
    (void)n;
    (void)write;
    return false;
#endif
}

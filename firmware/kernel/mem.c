/* SPDX-License-Identifier: BSD-3-Clause */
/* Memory zones: a bump allocator for the system zone, heaps for the runtime
 * and DMA zones; interrupts are masked around every operation. */
#include <stddef.h>
#include <string.h>
#include "fw/arch.h"
#include "fw/mem.h"

#define TAG_RUNTIME 0x52554E54u
#define TAG_DMA     0x444D4121u

static struct {
    uint8_t *base, *cur, *end;
    struct fw_heap_stats st;
} sys;
static struct fw_heap heaps[FW_ZONE_COUNT]; /* [RUNTIME], [DMA] used */

void fw_mem_init(void *s, size_t s_size, void *rt, size_t rt_size, void *dma,
                 size_t dma_size)
{
    sys.base = sys.cur = s;
    sys.end = (uint8_t *)s + s_size;
    sys.st = (struct fw_heap_stats){ .size = s_size };
    fw_heap_init(&heaps[FW_ZONE_RUNTIME], rt, rt_size, TAG_RUNTIME);
    fw_heap_init(&heaps[FW_ZONE_DMA], dma, dma_size, TAG_DMA);
}

static void *sys_alloc(size_t bytes, size_t align)
{
    uintptr_t p, e;

    if (align < FW_HEAP_MIN_ALIGN)
        align = FW_HEAP_MIN_ALIGN;
    if (bytes == 0 || (align & (align - 1)))
        goto fail;
    p = ((uintptr_t)sys.cur + align - 1) & ~(uintptr_t)(align - 1);
    e = p + ((bytes + FW_HEAP_MIN_ALIGN - 1) & ~(FW_HEAP_MIN_ALIGN - 1));
    if (p < (uintptr_t)sys.cur || e < p || e > (uintptr_t)sys.end)
        goto fail;
    sys.cur = (uint8_t *)e;
    sys.st.used = sys.st.peak = (size_t)(sys.cur - sys.base);
    sys.st.allocs++;
    return (void *)p;
fail:
    sys.st.failures++;
    return NULL;
}

void *fw_alloc(enum fw_zone z, size_t bytes, size_t align)
{
    uint32_t key = arch_irq_lock();
    void *p = NULL;

    switch (z) {
    case FW_ZONE_SYSTEM:
        p = sys_alloc(bytes, align);
        break;
    case FW_ZONE_DMA:
        p = fw_heap_alloc(&heaps[z], bytes, align ? align : FW_DMA_ALIGN);
        break;
    case FW_ZONE_RUNTIME:
        p = fw_heap_alloc(&heaps[z], bytes, align);
        break;
    default:
        break;
    }
    arch_irq_unlock(key);
    return p;
}

void *fw_zalloc(enum fw_zone z, size_t bytes, size_t align)
{
    void *p = fw_alloc(z, bytes, align);

    if (p)
        memset(p, 0, bytes);
    return p;
}

int fw_free(void *p)
{
    uint32_t key = arch_irq_lock();
    int r = -1;

    if (p && fw_heap_owns(&heaps[FW_ZONE_RUNTIME], p))
        r = fw_heap_free(&heaps[FW_ZONE_RUNTIME], p);
    else if (p && fw_heap_owns(&heaps[FW_ZONE_DMA], p))
        r = fw_heap_free(&heaps[FW_ZONE_DMA], p);
    arch_irq_unlock(key);
    return r;
}

const struct fw_heap_stats *fw_mem_stats(enum fw_zone z)
{
    if (z == FW_ZONE_SYSTEM)
        return &sys.st;
    if (z >= FW_ZONE_COUNT)
        return NULL;
    return fw_heap_stats(&heaps[z]);
}

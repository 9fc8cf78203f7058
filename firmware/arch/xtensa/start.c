/* SPDX-License-Identifier: BSD-3-Clause */
/* C run-time start: clear .bss, copy .data from its load address when that
 * differs from where it runs, give the memory zones their linker-script
 * ranges, run main() and exit with its result. */
#include <stdint.h>
#include "fw/mem.h"
#include "fw/platform.h"
#include "abi/trace.h"

extern uint32_t __fw_bss_start[], __fw_bss_end[];
extern uint32_t __fw_data_start[], __fw_data_end[], __fw_data_lma[];
extern uint8_t __fw_sys_start[], __fw_sys_end[];
extern uint8_t __fw_heap_start[], __fw_heap_end[];
extern uint8_t __fw_dma_start[], __fw_dma_end[];

int main(void);
void fw_arch_start(void) __attribute__((noreturn));
/* Optional platform hook, run once the C environment exists and before
 * main() (the board port sets up its mailbox regions there); platforms
 * without it leave it undefined. */
void fw_plat_init(void) __attribute__((weak));

void fw_arch_start(void)
{
    uint32_t *p;

    /* Word loops written out so the compiler cannot turn them into calls
     * to memset/memcpy before there is a C environment. */
    for (p = __fw_bss_start; p < __fw_bss_end; p++)
        *(volatile uint32_t *)p = 0;
    if (&__fw_data_lma[0] != &__fw_data_start[0]) {
        const uint32_t *s = __fw_data_lma;
        for (p = __fw_data_start; p < __fw_data_end; p++)
            *(volatile uint32_t *)p = *s++;
    }
    fw_mem_init(__fw_sys_start, (size_t)(__fw_sys_end - __fw_sys_start),
                __fw_heap_start, (size_t)(__fw_heap_end - __fw_heap_start),
                __fw_dma_start, (size_t)(__fw_dma_end - __fw_dma_start));
    if (fw_plat_init)
        fw_plat_init();
    fw_plat_trace(FW_TRACE_BOOT, 0);
    fw_plat_exit(main());
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Platform hooks for the plain simulator machine (`dspsim exec`, QEMU -M
 * sim): console and exit through semihosting (SIMCALL), the panic record
 * printed on the console, trace markers in a RAM ring buffer. */
#include <stdint.h>
#include "fw/arch.h"
#include "fw/panic.h"
#include "fw/platform.h"

#define SH_EXIT  1
#define SH_WRITE 4

static int simcall(int nr, int x, int y, int z)
{
    register int a2 __asm__("a2") = nr;
    register int a3 __asm__("a3") = x;
    register int a4 __asm__("a4") = y;
    register int a5 __asm__("a5") = z;

    __asm__ volatile("simcall"
                     : "+r"(a2), "+r"(a3)
                     : "r"(a4), "r"(a5)
                     : "memory");
    return a2;
}

void fw_plat_console_write(const char *buf, size_t len)
{
    simcall(SH_WRITE, 1, (int)(uintptr_t)buf, (int)len);
}

void fw_plat_exit(int status)
{
    for (;;)
        simcall(SH_EXIT, status, 0, 0);
}

void fw_plat_panic_sink(const struct fw_panic_record *rec)
{
    fw_panic_print(rec);
}

/* Last FW_TRACE_RING events: {cycle time, id, arg}. */
#define FW_TRACE_RING 64
struct fw_trace_event {
    uint32_t cycles, id, arg;
};
struct fw_trace_event fw_plat_trace_ring[FW_TRACE_RING];
uint32_t fw_plat_trace_count;

void fw_plat_trace(uint32_t id, uint32_t arg)
{
    uint32_t key = arch_irq_lock();
    struct fw_trace_event
        *e = &fw_plat_trace_ring[fw_plat_trace_count++ % FW_TRACE_RING];

    e->cycles = arch_cycles();
    e->id = id;
    e->arg = arg;
    arch_irq_unlock(key);
}

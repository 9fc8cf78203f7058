/* SPDX-License-Identifier: BSD-3-Clause */
/* What the board hands its peripheral models: an interrupt output, a bus
 * to a memory space, and a log sink.  Peripherals raise interrupt lines
 * and schedule events on the clock (clock.h); they never touch CPU state.
 *
 * Units: addresses are 32-bit addresses of the bus's space, sizes bytes.
 */
#ifndef DSPSIM_PERIPH_H
#define DSPSIM_PERIPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Drive interrupt 'line' (a core interrupt number) to 'level'.  A device
 * calls it whenever its output may have changed; repeated levels are
 * harmless. */
typedef void (*ds_irq_fn)(void *user, unsigned line, bool level);

typedef struct ds_irq_out {
    ds_irq_fn fn; /* NULL: the device is not wired */
    void *user;
    unsigned line;
} ds_irq_out;

static inline void ds_irq_drive(const ds_irq_out *o, bool level)
{
    if (o->fn)
        o->fn(o->user, o->line, level);
}

/* A memory space.  read/write return false, moving nothing, when any byte
 * of [addr, addr + n) is not memory of the space. */
typedef struct ds_bus {
    bool (*read)(void *user, uint32_t addr, void *dst, size_t n);
    bool (*write)(void *user, uint32_t addr, const void *src, size_t n);
    void *user;
} ds_bus;

/* One line of diagnostics (no trailing newline), e.g. a DMA error. */
typedef void (*ds_log_fn)(void *user, const char *msg);

#ifdef __cplusplus
}
#endif
#endif

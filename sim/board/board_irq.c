/* SPDX-License-Identifier: BSD-3-Clause */
/* The board's interrupt lines: what the devices drive, or'ed with what an
 * injected interrupt storm holds high (board_fault.c), to every core; and
 * each core's own inter-core line. */
#include "board_internal.h"

/* Drive a device line on every core. */
static void drive(ds_board *b, unsigned line, bool level)
{
    xt_irq_set(b->cpu, line, level);
    for (unsigned k = 1; k < b->ncores; k++)
        xt_irq_set(b->core[k].cpu, line, level);
}

void ds_board_irq_cb(void *user, unsigned line, bool level)
{
    ds_board *b = user;
    if (line < 32) {
        if (level)
            b->irq_dev |= 1u << line;
        else
            b->irq_dev &= ~(1u << line);
        level = level || (b->irq_forced >> line & 1u);
    }
    drive(b, line, level);
}

void ds_board_irq_update(ds_board *b, unsigned line)
{
    drive(b, line, ((b->irq_dev | b->irq_forced) >> line) & 1u);
}

void ds_board_icd_irq_cb(void *user, unsigned line, bool level)
{
    struct ds_board_core *c = user;
    xt_irq_set(c->cpu, line, level);
}

void ds_board_irq_redrive(ds_board *b, struct ds_board_core *c)
{
    uint32_t lines = b->irq_dev | b->irq_forced;
    for (unsigned line = 0; line < 32 && lines >> line; line++)
        if (lines >> line & 1u)
            xt_irq_set(c->cpu, line, true);
}

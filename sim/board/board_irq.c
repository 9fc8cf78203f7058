/* SPDX-License-Identifier: BSD-3-Clause */
/* The board's interrupt lines: what the devices drive, or'ed with what an
 * injected interrupt storm holds high (board_fault.c). */
#include "board_internal.h"

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
    xt_irq_set(b->cpu, line, level);
}

void ds_board_irq_update(ds_board *b, unsigned line)
{
    xt_irq_set(b->cpu, line, ((b->irq_dev | b->irq_forced) >> line) & 1u);
}

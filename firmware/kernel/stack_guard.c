/* SPDX-License-Identifier: BSD-3-Clause */
/* Task stack guard check (fw/stack_guard.h): the bottom of the kernel, used
 * by the scheduler at every switch. */
#include <stddef.h>
#include "fw/stack_guard.h"

uintptr_t fw_task_stack_overflow(const struct fw_task *t)
{
    if (!t->stack)
        return 0;
    for (uint32_t i = FW_TASK_STACK_GUARD / 4u; i-- > 0;) {
        const volatile uint32_t *w = (const volatile uint32_t *)(const void *)
                                         t->stack +
                                     i;

        if (*w != FW_TASK_STACK_PATTERN)
            return (uintptr_t)w;
    }
    return 0;
}

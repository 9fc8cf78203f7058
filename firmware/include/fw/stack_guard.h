/* SPDX-License-Identifier: BSD-3-Clause */
/* Task stack guard: the pattern fw_task_init writes at the bottom of every
 * task stack, and the check the scheduler makes at every switch. */
#ifndef FW_STACK_GUARD_H
#define FW_STACK_GUARD_H

#include <stdint.h>
#include "fw/task_struct.h"

/* Stack guard (issue 14): the lowest FW_TASK_STACK_GUARD bytes of every
 * task stack hold FW_TASK_STACK_PATTERN, written by fw_task_init.  The
 * scheduler checks them whenever it switches away from a task
 * (fw_sched_switch); a changed word is a stack overflow: panic with cause
 * FW_PANIC_CAUSE_STACK (docs/firmware.md "Stack overflow"). */
#define FW_TASK_STACK_GUARD   32u
#define FW_TASK_STACK_PATTERN 0x4B435453u /* "STCK" */

/* 0 when t's guard is intact (or t has no stack of its own), else the
 * address of its highest changed guard word. */
uintptr_t fw_task_stack_overflow(const struct fw_task *t);

#endif

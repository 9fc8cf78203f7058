/* SPDX-License-Identifier: BSD-3-Clause */
/* The running task: written by the scheduler (fw/sched.h) at every switch,
 * read by panic (the record's task id) and the task API. */
#ifndef FW_SCHED_CURRENT_H
#define FW_SCHED_CURRENT_H

#include "fw/percore.h"
#include "fw/task_struct.h"

/* The running task (the idle task between jobs); only sched.c writes it. */
extern FW_PERCORE(struct fw_task *, fw_sched_running);
#ifdef FW_SMP
#define fw_sched_running FW_THIS(fw_sched_running)
#endif

/* fw_sched_running, out of line. */
struct fw_task *fw_sched_current(void);

#endif

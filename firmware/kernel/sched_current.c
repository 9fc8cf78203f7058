/* SPDX-License-Identifier: BSD-3-Clause */
/* The running task (fw/sched_current.h): below the scheduler, so that panic
 * can name it without depending on the scheduler. */
#include "fw/sched_current.h"

struct fw_task *fw_sched_running;

struct fw_task *fw_sched_current(void)
{
    return fw_sched_running;
}

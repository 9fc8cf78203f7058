/* SPDX-License-Identifier: BSD-3-Clause */
/* The running task (fw/sched_current.h): below the scheduler, so that panic
 * can name it without depending on the scheduler. */
#include "fw/sched_current.h"

#ifdef FW_SMP
#undef fw_sched_running /* the array itself (fw/percore.h) */
FW_PERCORE(struct fw_task *, fw_sched_running);
#define fw_sched_running FW_THIS(fw_sched_running)
#else
struct fw_task *fw_sched_running;
#endif

struct fw_task *fw_sched_current(void)
{
    return fw_sched_running;
}

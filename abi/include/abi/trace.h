/* SPDX-License-Identifier: BSD-3-Clause */
/* Trace marker ids for fw_plat_trace(id, arg). */
#ifndef FW_TRACE_H
#define FW_TRACE_H

enum fw_trace_id {
    FW_TRACE_BOOT = 1, /* arg: 0 */
    FW_TRACE_SWITCH,   /* arg: id of the task switched to */
    FW_TRACE_RELEASE,  /* arg: task id */
    FW_TRACE_JOB_DONE, /* arg: task id */
    FW_TRACE_MISS,     /* arg: task id */
    FW_TRACE_IRQ,      /* arg: interrupt number */
    FW_TRACE_PANIC,    /* arg: cause */
};

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Internals of the host driver shared by its files (not public). */
#ifndef DSH_DRV_INTERNAL_H
#define DSH_DRV_INTERNAL_H

#include "driver/host_driver.h"
#include "driver/timeline_cpu.h"
#include "dspsim/loader.h"

struct dsh_drv {
    dsh_drv_opts o;
    ds_board *b;
    const xt_elf *elf; /* symbols for panic reports; may be NULL */
    xt_elf *own_elf;   /* elf when dsh_drv_new opened it (freed with d) */
    double cpu_hz;
    uint32_t host_seq; /* last command seq sent */
    uint32_t fw_seq;   /* last firmware seq received */
    bool booted;
    dsh_drv_err dead; /* EPANIC / ESTOPPED: sticky */
    struct ipc_fw_ready ready;
    int32_t last_status; /* status of the last reply received */
    dsh_drv_stats st;
    char diag[DSH_DRV_DIAG_MAX];
    char *console; /* DSH_DRV_CONSOLE_MAX + 1 */
    size_t ncons;
    /* markers */
    dsh_drv_task_stats tasks[DSH_DRV_MAX_TASKS];
    unsigned ntasks;
    /* per core (marker bits 31..24): task id running (0 = idle), the
     * cycle it was switched to */
    uint32_t running[DSH_DRV_MAX_CORES];
    unsigned panic_core; /* 1 + the core of the first panic marker, 0 none */
    uint64_t run_since[DSH_DRV_MAX_CORES];
    uint64_t job_cycles[DSH_DRV_MAX_TASKS]; /* current job so far */
    uint64_t job_start[DSH_DRV_MAX_TASKS];  /* its release */
    uint64_t last_release[DSH_DRV_MAX_TASKS];
    uint64_t audio_start[8]; /* audio period start marker per slot */
    uint32_t audio_period[8];
    dsh_drv_dai_first dai_first[DSH_DRV_DAI_PORTS];
    /* lost / duplicated doorbells (issue 14) */
    uint32_t last_id; /* id of the last message received */
    bool dup;         /* receive(): a repeat of the last one */
    /* the timeline's irq and idle tracks (one per core: core_tracks) */
    dsh_timeline_cpu *tl_cpu[DSH_DRV_MAX_CORES];
    bool rewind; /* dsh_drv_set_rewind */
};

/* drv_markers.c: the board's marker observer. */
#define DSH_DRV_MARKER_CORE_SHIFT 24 /* firmware: FW_BOARD_MARKER_CORE_SHIFT */
void dsh_drv_on_marker(void *user, uint32_t id, uint32_t value, uint64_t cycle);

/* drv_diag.c: diagnoses into d->diag. */
void dsh_drv_diag_set(dsh_drv *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Appends the decoded panic report (or why there is none) and the log. */
void dsh_drv_diag_panic(dsh_drv *d);
/* Appends the last trace-ring and console lines. */
void dsh_drv_diag_log(dsh_drv *d);
const char *dsh_drv_id_name(const dsh_drv *d, uint32_t id, char *buf, size_t n);

#endif

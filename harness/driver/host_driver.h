/* SPDX-License-Identifier: BSD-3-Clause */
/* The harness's IPC host driver: plays the host side of the firmware
 * protocol (abi/include/abi/ipc_proto.h, docs/ipc.md) over the
 * simulated board's host API (dspsim/board.h).
 *
 *   dsh_drv_new   board + ELF loaded, observers installed
 *   dsh_drv_boot  run until FW_READY (timeout in cycles), check versions
 *   dsh_drv_command  write a command to H2D, ring, run until its reply
 *                 (timeout in cycles), check sequence numbers and status
 *   dsh_drv_run   advance simulated time, dispatching notifications
 *
 * Every D2H message is read, checked (size, header id = doorbell id,
 * firmware seq = previous + 1) and acknowledged; notifications go to the
 * caller's callback and are counted.  A panic, a missing reply, a
 * firmware that halts, goes idle while a reply is owed, or sends a
 * malformed message ends the call with an error code and a diagnosis
 * (dsh_drv_diag): the decoded panic report (ds_fw_panic_print), the last
 * lines of the firmware's trace ring and of its console.  Nothing waits
 * on wall time: every wait has a cycle budget, so nothing hangs.
 *
 * Units: cycles are CPU cycles of the board (ds_board_cycles()); sizes in
 * bytes.  A reply is the D2H message whose id equals the command's id
 * (DSH_DRV_REPLY_ID below); notifications have ids 0x1000..0x1FFF. */
#ifndef DSH_HOST_DRIVER_H
#define DSH_HOST_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dspsim/board.h"
#include "dspsim/loader.h"
#include "driver/ipc_names.h"
#include "driver/timeline.h"
#include "abi/ipc_proto.h"

/* Defaults: boot budget (the firmware promises 5,000 cycles; a generous
 * margin), and the reply budget of one command. */
#define DSH_DRV_BOOT_TIMEOUT  1000000ull
#define DSH_DRV_REPLY_TIMEOUT 2000000ull
/* The reply to command id c carries doorbell/header id c. */
#define DSH_DRV_REPLY_ID(c)   (c)
#define DSH_DRV_DIAG_MAX      16384

typedef enum dsh_drv_err {
    DSH_DRV_OK = 0,
    DSH_DRV_ESETUP,   /* board, ELF, out of memory, bad argument */
    DSH_DRV_ETIMEOUT, /* no FW_READY / reply within the budget */
    DSH_DRV_EPANIC,   /* the firmware panicked */
    DSH_DRV_ESTOPPED, /* the firmware halted, exited, idled, faulted */
    DSH_DRV_EPROTO,   /* malformed or unexpected message, version */
    DSH_DRV_ESTATUS,  /* the reply's status was not IPC_STATUS_OK */
    DSH_DRV_EREWIND,  /* a debugger put the machine back to a checkpoint:
                         the caller goes back to where it was taken */
} dsh_drv_err;

const char *dsh_drv_err_name(dsh_drv_err e); /* "timeout", ... */

/* One D2H message as received. */
typedef struct dsh_drv_msg {
    uint32_t id;        /* doorbell message id */
    uint64_t cycle;     /* when the DSP rang */
    struct ipc_hdr hdr; /* = the first 16 bytes of body */
    uint32_t len;       /* bytes valid in body (= hdr.size) */
    uint8_t body[IPC_MBOX_D2H_SIZE];
} dsh_drv_msg;

/* Called for every notification (ids 0x1000.. except FW_READY and PANIC,
 * which the driver handles) after it has been read and before it is
 * acknowledged.  It may read/write host memory and the mailbox through
 * dsh_drv_board(); it must not call dsh_drv_command/run/boot. */
typedef void (*dsh_drv_notify_fn)(void *user, const dsh_drv_msg *m);
/* Name of a command or notification id for messages (NULL = unknown). */
typedef const char *(*dsh_drv_name_fn)(uint32_t id);

typedef struct dsh_drv_opts {
    const char *elf; /* firmware image, required */
    /* elf opened already (xt_elf_open), used instead of opening the file
     * again and not freed by the driver (`dspsim test`: opened once by
     * the runner, shared by its cases); NULL = opened from elf */
    const xt_elf *image;
    const ds_board_config *board; /* NULL = compiled-in defaults */
    uint64_t boot_timeout;        /* cycles; 0 = default */
    uint64_t reply_timeout;       /* cycles; 0 = default */
    uint32_t min_proto_minor;     /* FW_READY minor must be >= */
    dsh_timeline *timeline;       /* NULL = not recorded */
    dsh_drv_notify_fn notify;     /* NULL = counted only */
    void *user;
    dsh_drv_name_fn name; /* NULL = ids in hex */
    FILE *console;        /* echo of the firmware console;
                                           NULL = captured only */
    /* each job the kernel's markers show done (released at
     * release_cycle, done at done_cycle, cpu_cycles on the CPU with
     * preemption excluded) and each deadline-miss marker, as they come,
     * with `user` (the HTML report's per-period load, harness/plotdata);
     * they only look.  NULL = none */
    void (*on_job)(void *user, uint32_t task, uint64_t release_cycle,
                   uint64_t done_cycle, uint64_t cpu_cycles);
    void (*on_miss)(void *user, uint32_t task, uint64_t cycle);
    /* The several-core firmware (fw_audio_smp.elf, issue 32): its markers
     * carry the core in bits 31..24 of their id, and the timeline gets
     * one set of tracks per core ("core N: task T", "core N: irq",
     * "core N: idle", "core N: audio pipeline slot S").  false: one set,
     * unprefixed (the single-core firmware, on any board). */
    bool core_tracks;
} dsh_drv_opts;

/* Counters since dsh_drv_new. */
typedef struct dsh_drv_stats {
    uint64_t commands;         /* commands sent */
    uint64_t replies;          /* replies received */
    uint64_t ipc_errors;       /* replies whose status was not OK */
    uint64_t notifications;    /* all notifications (FW_READY incl.) */
    uint64_t deadline_misses;  /* DEADLINE_MISS notifications */
    uint64_t misses_reported;  /* highest `total` reported in them */
    uint64_t max_reply_cycles; /* worst command -> reply latency */
    /* lost and duplicated doorbells (issue 14, docs/harness.md
     * "Faults"): */
    uint64_t ipc_timeouts;  /* commands with no reply rung within
                                   their budget (late_replies included) */
    uint64_t late_replies;  /* of those, replies found waiting in D2H
                                   when the budget ran out (the doorbell
                                   to the host was lost): taken then */
    uint64_t late_messages; /* notifications found waiting in D2H
                                   with no doorbell, at the end of a run */
    uint64_t duplicates;    /* D2H messages rung twice (same seq and
                                   id as the last): acknowledged, ignored */
} dsh_drv_stats;

/* Per-task timing measured from the kernel's trace markers (release,
 * switch, job done; abi/trace.h). */
#define DSH_DRV_MAX_TASKS 16
#define DSH_DRV_MAX_CORES 4 /* = BOARD_MAX_CORES */
typedef struct dsh_drv_task_stats {
    uint32_t task_id;       /* 0 = slot unused */
    uint64_t jobs;          /* completed jobs */
    uint64_t worst_cycles;  /* most CPU cycles one job ran */
    uint64_t total_cycles;  /* CPU cycles of all jobs */
    uint64_t period_cycles; /* last release-to-release interval */
    uint64_t misses;        /* miss markers */
} dsh_drv_task_stats;

typedef struct dsh_drv dsh_drv;

/* Creates the board and loads opts->elf.  On failure returns ESETUP,
 * *out NULL and a message in err. */
dsh_drv_err dsh_drv_new(const dsh_drv_opts *opts, dsh_drv **out, char *err,
                        size_t errsz);
void dsh_drv_free(dsh_drv *d);

/* Runs until FW_READY; checks its size, seq 1, protocol major ==
 * IPC_PROTO_MAJOR, minor >= opts->min_proto_minor, the mailbox regions. */
dsh_drv_err dsh_drv_boot(dsh_drv *d);
/* FW_READY as received (valid after a successful boot). */
const struct ipc_fw_ready *dsh_drv_ready(const dsh_drv *d);

/* Sends command id (IPC_CMD_FIRST..IPC_CMD_LAST) with payload (the bytes
 * after the header, len <= IPC_MBOX_H2D_SIZE - 16) and runs until its
 * reply.  reply (may be NULL) receives it.  ESTATUS when the reply's
 * status is not OK (counted in ipc_errors; reply filled). */
dsh_drv_err dsh_drv_command(dsh_drv *d, uint32_t id, const void *payload,
                            size_t len, dsh_drv_msg *reply);
/* Same with an explicit reply budget in cycles. */
dsh_drv_err dsh_drv_command_timeout(dsh_drv *d, uint32_t id,
                                    const void *payload, size_t len,
                                    uint64_t timeout, dsh_drv_msg *reply);

/* Advances simulated time by `cycles`, handling D2H messages.  OK when
 * the time has passed, or when the firmware is idle with nothing pending
 * (then *idle, if given, is set and time stops early).  A reply arriving
 * here is a protocol error (no command outstanding). */
dsh_drv_err dsh_drv_run(dsh_drv *d, uint64_t cycles, bool *idle);

/* The status of the last reply received (IPC_STATUS_OK, or the error of
 * an ESTATUS). */
int32_t dsh_drv_last_status(const dsh_drv *d);
/* The diagnosis of the last error: one or more lines, "" if none. */
const char *dsh_drv_diag(const dsh_drv *d);
/* Appends the last `lines` trace-ring lines and console lines to f. */
void dsh_drv_dump_log(dsh_drv *d, FILE *f, unsigned lines);

ds_board *dsh_drv_board(dsh_drv *d);
/* The firmware image's symbols (NULL if it could not be read). */
const xt_elf *dsh_drv_elf(const dsh_drv *d);
uint64_t dsh_drv_cycles(const dsh_drv *d);
double dsh_drv_cpu_hz(const dsh_drv *d);
const dsh_drv_stats *dsh_drv_get_stats(const dsh_drv *d);
/* Task timing; returns the number of slots used (<= DSH_DRV_MAX_TASKS). */
unsigned dsh_drv_tasks(const dsh_drv *d, const dsh_drv_task_stats **tasks);
/* The first period a playback DAI wrote after its DMA started (marker
 * 0x40 + port, docs/ipc.md "Trace"): its byte offset in the ring from the
 * DMA's start, i.e. the bytes the SSP port plays before the pipeline's
 * first frame.  `starts` counts the markers (one per DMA start); offset
 * and cycle are those of the first. */
#define DSH_DRV_DAI_PORTS 4
typedef struct dsh_drv_dai_first {
    uint32_t starts;
    uint32_t offset_bytes;
    uint64_t cycle;
} dsh_drv_dai_first;
/* NULL for a port out of range. */
const dsh_drv_dai_first *dsh_drv_dai_first_period(const dsh_drv *d,
                                                  unsigned port);
/* The firmware console so far (NUL-terminated; the first
 * DSH_DRV_CONSOLE_MAX bytes are kept). */
#define DSH_DRV_CONSOLE_MAX (256u * 1024u)
const char *dsh_drv_console(const dsh_drv *d);

/* Saved state (snapshots, docs/snapshot-format.md): section "DRV " (the
 * sequence numbers, the boot record, statistics, the console captured so
 * far, the task timing from markers) followed by the board's sections.
 * Load into a driver made by dsh_drv_new with the same options (same
 * firmware and board): it is then booted and where the saved one was;
 * false with a message in r otherwise (free the driver then). */
void dsh_drv_save(const dsh_drv *d, ds_snap_w *w);
bool dsh_drv_load(dsh_drv *d, ds_snap_r *r);
/* For reverse execution's checkpoints (dspsim/history.h): the same but
 * the CPU and the memories (ds_board_save_devices after "DRV "). */
void dsh_drv_save_state(const dsh_drv *d, ds_snap_w *w);
bool dsh_drv_load_state(dsh_drv *d, ds_snap_r *r);
/* A debugger put the machine back to a checkpoint from inside a run (on):
 * the driver's call in progress, and any until it is off, returns
 * DSH_DRV_EREWIND without running. */
void dsh_drv_set_rewind(dsh_drv *d, bool on);

#endif

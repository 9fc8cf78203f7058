/* SPDX-License-Identifier: BSD-3-Clause */
/* Host-side decoding of the records the firmware's board port leaves in
 * the mailbox (abi/include/abi/ipc_proto.h, docs/firmware.md "Board
 * port"): the panic record in the exception region and the trace log ring
 * in the trace region, and readable reports of both, with symbols from
 * the firmware's ELF when one is given.
 *
 * The decoders take raw little-endian bytes (as read with
 * ds_board_mbox_read) and never trust them: a short buffer, a wrong magic
 * or version, or inconsistent fields give DS_FWR_* errors with a one-line
 * message, never a crash.  Units: addresses are guest addresses, cycles
 * CPU cycles (CCOUNT, 32 bits). */
#ifndef DSPSIM_FW_REPORT_H
#define DSPSIM_FW_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dspsim/board.h"
#include "dspsim/loader.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ds_fwr_status {
    DS_FWR_OK = 0,
    DS_FWR_EMPTY,     /* magic absent: no record written */
    DS_FWR_TRUNCATED, /* fewer bytes than the record needs */
    DS_FWR_VERSION,   /* unsupported record version */
    DS_FWR_BAD,       /* inconsistent fields (message says which) */
} ds_fwr_status;

/* Doorbell message of a panic (IPC_NOTIFY_PANIC) and the halt status the
 * firmware then stops with (FW_PANIC_EXIT_STATUS). */
#define DS_FW_NOTIFY_PANIC 0x1002u
#define DS_FW_PANIC_STATUS 3

/* Size of the panic record / trace region, bytes. */
#define DS_FW_PANIC_RECORD_SIZE 256u
#define DS_FW_TRACE_REGION_SIZE 0x600u
#define DS_FW_PANIC_STACK_WORDS 16u

/* A decoded panic record (fields as in struct ipc_panic_record). */
typedef struct ds_fw_panic {
    uint32_t cause; /* EXCCAUSE, or 0x100 software, 0x101 double,
                           0x102 stack */
    uint32_t epc1, excvaddr, ps, sar, depc, ccount, task_id, info;
    uint32_t a[16];
    uint32_t stack_addr;
    uint32_t stack[DS_FW_PANIC_STACK_WORDS];
    uint32_t line; /* 0 = unknown */
    char file[41]; /* NUL-terminated, non-printables as '?' */
    char msg[37];
} ds_fw_panic;

/* Decode len bytes of the exception region. */
ds_fwr_status ds_fw_panic_decode(const void *buf, size_t len, ds_fw_panic *out,
                                 char *err, size_t errsz);
/* Read the exception region of a board's mailbox and decode it. */
ds_fwr_status ds_fw_panic_read(ds_board *b, ds_fw_panic *out, char *err,
                               size_t errsz);
/* Name of a cause ("LoadStorePIFAddrError", "SoftwarePanic", "Unknown"). */
const char *ds_fw_cause_name(uint32_t cause);
/* Print the report (multi-line; elf may be NULL = no symbols). */
void ds_fw_panic_print(FILE *f, const ds_fw_panic *p, const xt_elf *elf);

/* One trace ring entry. */
typedef struct ds_fw_trace_entry {
    uint32_t index; /* entry number since boot (wraps at 2^32) */
    uint32_t cycle;
    uint16_t id;
    uint8_t level; /* 1 error, 2 warn, 3 info, 4 debug */
    uint32_t arg[2];
} ds_fw_trace_entry;

#define DS_FW_TRACE_MAX_ENTRIES 94u

/* The valid entries of the ring, oldest first. */
typedef struct ds_fw_trace {
    uint32_t write_index; /* entries ever written */
    uint32_t capacity;
    uint32_t level; /* firmware's threshold */
    uint32_t count; /* entries[0 .. count) */
    ds_fw_trace_entry entries[DS_FW_TRACE_MAX_ENTRIES];
} ds_fw_trace;

ds_fwr_status ds_fw_trace_decode(const void *buf, size_t len, ds_fw_trace *out,
                                 char *err, size_t errsz);
ds_fwr_status ds_fw_trace_read(ds_board *b, ds_fw_trace *out, char *err,
                               size_t errsz);
/* One line per entry: "#INDEX CYCLE LEVEL ID-NAME arg0 arg1". */
void ds_fw_trace_print(FILE *f, const ds_fw_trace *t);

#ifdef __cplusplus
}
#endif
#endif

/* Firmware <-> host IPC protocol (issue 4), shared by the firmware
 * (xtensa-lx106-elf-gcc, freestanding) and host code (simulator, harness).
 *
 * Plain C11, fixed-width fields, little-endian (both sides are), every
 * struct's size checked with _Static_assert so the two compilers agree.
 *
 * Transport (docs/board.md): the mailbox SRAM at BOARD_MBOX_BASE.
 *  - DSP -> host: the firmware writes a message (struct ipc_hdr first)
 *    at IPC_MBOX_D2H_OFF, then rings the D2H doorbell with the message id
 *    (D2H = BOARD_IPC_BUSY | id).  The host reads it and acknowledges
 *    (ds_board_doorbell_ack); until then the D2H region belongs to the
 *    host and the firmware sends nothing else (see docs/firmware.md,
 *    "Board port": what is dropped, what waits).
 *  - host -> DSP: the host writes a command at IPC_MBOX_H2D_OFF and rings
 *    H2D with its id; the firmware acknowledges by writing BUSY to H2D.
 *    (No commands are defined yet; ranges are reserved below.)
 *  - The exception region holds the panic record (struct ipc_panic_record),
 *    the trace region the log ring (struct ipc_trace_ring + entries).
 *
 * Units: sizes and offsets in bytes (offsets from BOARD_MBOX_BASE), times
 * in CPU cycles.  Versions are (major << 16) | minor.
 */
#ifndef IPC_PROTO_H
#define IPC_PROTO_H

#include <stdint.h>

/* Protocol version: major changes break compatibility, minor ones only
 * add messages or append fields. */
#define IPC_PROTO_MAJOR 1u
#define IPC_PROTO_MINOR 0u
#define IPC_PROTO_VERSION ((IPC_PROTO_MAJOR << 16) | IPC_PROTO_MINOR)

/* Firmware version reported in FW_READY: (major << 16) | (minor << 8) |
 * patch. */
#define IPC_FW_VERSION_MAJOR 0u
#define IPC_FW_VERSION_MINOR 4u
#define IPC_FW_VERSION_PATCH 0u
#define IPC_FW_VERSION ((IPC_FW_VERSION_MAJOR << 16) | \
                        (IPC_FW_VERSION_MINOR << 8) | IPC_FW_VERSION_PATCH)

/* ---- Mailbox layout (same values as board_regs.h BOARD_MBOX_*; the
 * firmware reports them in FW_READY so a host never has to guess). ---- */
#define IPC_MBOX_H2D_OFF     0x000u
#define IPC_MBOX_H2D_SIZE    0x400u
#define IPC_MBOX_D2H_OFF     0x400u
#define IPC_MBOX_D2H_SIZE    0x400u
#define IPC_MBOX_STREAM_OFF  0x800u
#define IPC_MBOX_STREAM_SIZE 0x100u
#define IPC_MBOX_EXC_OFF     0x900u
#define IPC_MBOX_EXC_SIZE    0x100u
#define IPC_MBOX_TRACE_OFF   0xA00u
#define IPC_MBOX_TRACE_SIZE  0x600u

/* ---- Message ids (the doorbell value, 31 bits) ------------------------ */
/* host -> DSP commands: 0x0001 .. 0x0FFF */
#define IPC_CMD_FIRST             0x0001u
#define IPC_CMD_RESERVED_GLB_LO   0x0001u /* 0x001-0x0FF global (ping, ...) */
#define IPC_CMD_RESERVED_GLB_HI   0x00FFu
#define IPC_CMD_RESERVED_AUDIO_LO 0x0100u /* 0x100-0x3FF audio: create /
                                             free pipeline, component,
                                             connect, stream start/stop ...
                                             (being added) */
#define IPC_CMD_RESERVED_AUDIO_HI 0x03FFu
#define IPC_CMD_LAST              0x0FFFu
/* DSP -> host notifications: 0x1000 .. 0x1FFF */
#define IPC_NOTIFY_FW_READY       0x1001u /* struct ipc_fw_ready */
#define IPC_NOTIFY_PANIC          0x1002u /* record in the exception region;
                                             the D2H region is not written */
#define IPC_NOTIFY_DEADLINE_MISS  0x1003u /* struct ipc_deadline_miss */
#define IPC_NOTIFY_RESERVED_AUDIO_LO 0x1100u /* 0x1100-0x13FF audio
                                                (position, xrun ...) */
#define IPC_NOTIFY_RESERVED_AUDIO_HI 0x13FFu
#define IPC_NOTIFY_LAST           0x1FFFu

/* Status in replies (ipc_hdr.status); notifications carry 0. */
#define IPC_STATUS_OK      0
#define IPC_STATUS_EINVAL  (-22)
#define IPC_STATUS_ENOMEM  (-12)
#define IPC_STATUS_ENOSYS  (-38)

/* ---- Every message starts with this header (16 bytes) ----------------- */
struct ipc_hdr {
    uint32_t size;    /* bytes of the whole message, header included */
    uint32_t id;      /* IPC_CMD_* / IPC_NOTIFY_*: same as the doorbell */
    uint32_t seq;     /* sender's sequence number, +1 per message sent
                         (the firmware's first message is 1) */
    int32_t status;   /* IPC_STATUS_* (replies); 0 in notifications */
};
_Static_assert(sizeof(struct ipc_hdr) == 16, "ipc_hdr layout");

/* One mailbox region: offset from BOARD_MBOX_BASE and size. */
struct ipc_region {
    uint32_t offset;
    uint32_t size;
};
_Static_assert(sizeof(struct ipc_region) == 8, "ipc_region layout");

/* FW_READY (DSP -> host, once, at the end of boot): 80 bytes. */
struct ipc_fw_ready {
    struct ipc_hdr hdr;        /*  0: id IPC_NOTIFY_FW_READY */
    uint32_t fw_version;       /* 16: IPC_FW_VERSION */
    uint32_t proto_version;    /* 20: IPC_PROTO_VERSION */
    uint32_t cycles_lo;        /* 24: cycle count when the message was */
    uint32_t cycles_hi;        /* 28:   written (debug device CYCLES) */
    uint32_t flags;            /* 32: IPC_READY_F_* */
    uint32_t trace_levels;     /* 36: log level threshold (IPC_LOG_*) */
    struct ipc_region h2d;     /* 40 */
    struct ipc_region d2h;     /* 48 */
    struct ipc_region stream;  /* 56 */
    struct ipc_region exc;     /* 64 */
    struct ipc_region trace;   /* 72 */
};
_Static_assert(sizeof(struct ipc_fw_ready) == 80, "ipc_fw_ready layout");
#define IPC_READY_F_TRACE_RING 0x1u  /* the trace region holds a log ring */
#define IPC_READY_F_PANIC_REC  0x2u  /* panics are recorded in exc */

/* DEADLINE_MISS (DSP -> host, best effort: dropped and counted when the
 * host has not acknowledged the previous message): 40 bytes. */
struct ipc_deadline_miss {
    struct ipc_hdr hdr;        /*  0: id IPC_NOTIFY_DEADLINE_MISS */
    uint32_t task_id;          /* 16: kernel task id (1, 2, ...) */
    uint32_t count;            /* 20: that task's misses so far */
    uint32_t deadline;         /* 24: missed absolute deadline (cycles,
                                      low 32 bits) */
    uint32_t detected;         /* 28: cycle time of detection */
    uint32_t total;            /* 32: misses of all tasks so far */
    uint32_t dropped;          /* 36: notifications dropped so far (the
                                      host was busy) */
};
_Static_assert(sizeof(struct ipc_deadline_miss) == 40,
               "ipc_deadline_miss layout");

/* ---- Panic record: exception region (IPC_MBOX_EXC_OFF), 256 bytes ------
 * Words 0..43 are the kernel's struct fw_panic_record (fw/panic.h)
 * verbatim; the board port appends file/line/message when the panic came
 * from an assertion.  Valid when magic == IPC_PANIC_MAGIC; the firmware
 * writes magic last. */
#define IPC_PANIC_MAGIC   0x43494E50u  /* "PNIC" */
#define IPC_PANIC_VERSION 1u
#define IPC_PANIC_STACK_WORDS 16u
#define IPC_PANIC_FILE_LEN 40u
#define IPC_PANIC_MSG_LEN 36u
/* cause: Xtensa EXCCAUSE (0..63) or one of these */
#define IPC_PANIC_CAUSE_SOFTWARE 0x100u  /* assertion / fw_panic() */
#define IPC_PANIC_CAUSE_DOUBLE   0x101u  /* double exception (depc valid) */
#define IPC_PANIC_CAUSE_STACK    0x102u  /* stack overflow */
struct ipc_panic_record {
    uint32_t magic;            /*   0: IPC_PANIC_MAGIC */
    uint32_t version;          /*   4: IPC_PANIC_VERSION */
    uint32_t cause;            /*   8 */
    uint32_t epc1;             /*  12: PC of the faulting instruction (or
                                       the caller of fw_panic) */
    uint32_t excvaddr;         /*  16: faulting address */
    uint32_t ps;               /*  20 */
    uint32_t sar;              /*  24 */
    uint32_t depc;             /*  28: double exceptions */
    uint32_t ccount;           /*  32: CCOUNT at the panic */
    uint32_t task_id;          /*  36: 0 = idle/boot */
    uint32_t info;             /*  40: fw_panic() argument / EXCCAUSE of a
                                       double exception */
    uint32_t a[16];            /*  44: a0..a15 (a1 = SP at the fault) */
    uint32_t stack_addr;       /* 108: address of stack[0] */
    uint32_t stack[IPC_PANIC_STACK_WORDS]; /* 112: words from stack_addr */
    uint32_t line;             /* 176: source line, 0 = unknown */
    char file[IPC_PANIC_FILE_LEN]; /* 180: NUL-padded, last chars kept */
    char msg[IPC_PANIC_MSG_LEN];   /* 220: NUL-padded (assertion text) */
};
_Static_assert(sizeof(struct ipc_panic_record) == IPC_MBOX_EXC_SIZE,
               "ipc_panic_record fills the exception region");

/* ---- Trace log ring: trace region (IPC_MBOX_TRACE_OFF), 1536 bytes -----
 * A 32-byte header then IPC_TRACE_CAPACITY entries of 16 bytes.  The
 * firmware writes entry number n (n = 0, 1, 2 ...) at slot n % capacity
 * and then sets write_index = n + 1, so the valid entries are the last
 * min(write_index, capacity) numbers before write_index.  Valid when
 * magic == IPC_TRACE_MAGIC. */
#define IPC_TRACE_MAGIC   0x45434154u  /* "TACE" */
#define IPC_TRACE_VERSION 1u
/* levels (smaller = more severe) */
#define IPC_LOG_ERROR 1u
#define IPC_LOG_WARN  2u
#define IPC_LOG_INFO  3u
#define IPC_LOG_DEBUG 4u
struct ipc_trace_ring {
    uint32_t magic;            /*  0: IPC_TRACE_MAGIC */
    uint32_t version;          /*  4: IPC_TRACE_VERSION */
    uint32_t entry_size;       /*  8: sizeof(struct ipc_trace_entry) */
    uint32_t capacity;         /* 12: entries in the ring */
    uint32_t write_index;      /* 16: entries ever written (wraps at 2^32) */
    uint32_t level;            /* 20: entries above this level are not
                                       recorded */
    uint32_t reserved[2];      /* 24 */
};
_Static_assert(sizeof(struct ipc_trace_ring) == 32, "ipc_trace_ring layout");
struct ipc_trace_entry {
    uint32_t cycle;            /*  0: CCOUNT when logged */
    uint16_t id;               /*  4: event id (IPC_TRACE_ID_* / kernel
                                       FW_TRACE_* / application) */
    uint8_t level;             /*  6: IPC_LOG_* */
    uint8_t reserved;          /*  7 */
    uint32_t arg[2];           /*  8: event-specific */
};
_Static_assert(sizeof(struct ipc_trace_entry) == 16, "ipc_trace_entry");
#define IPC_TRACE_CAPACITY \
    ((IPC_MBOX_TRACE_SIZE - 32u) / 16u)   /* 94 */

/* Log ids logged by the board port itself (kernel markers FW_TRACE_* use
 * 1..0xFF; applications 0x1000 and up). */
#define IPC_TRACE_ID_READY      0x0100u  /* arg: fw version, proto version */
#define IPC_TRACE_ID_MISS       0x0101u  /* arg: task id, deadline */
#define IPC_TRACE_ID_MISS_DROP  0x0102u  /* arg: task id, dropped so far */
#define IPC_TRACE_ID_PANIC      0x0103u  /* arg: cause, epc1 */
#define IPC_TRACE_ID_APP        0x1000u

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
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
#define IPC_PROTO_MINOR                                                        \
    6u /* 1: audio commands (issue 5); 2: mixer
                              * per-input gains (config, control 8);
                              * 3: cross-pipeline connections
                              * (PIPE_CONNECT); 4: periods that are not
                              * whole frames (44.1 kHz at 1 ms); 5: the
                              * TEST command, heap figures in PING; 6:
                              * SRC quality (12-byte src config) */
#define IPC_PROTO_VERSION     ((IPC_PROTO_MAJOR << 16) | IPC_PROTO_MINOR)
/* 1.7 (issue 32): several cores — PIPE_NEW's word at 40 names the core
 * that runs the pipeline (0 = the boot core, what 1.6 requires), and
 * CORE_STATS.  Spoken by the several-core build (fw_audio_smp.elf); the
 * single-core build stays 1.6 and answers a core other than 0 with
 * E_RESERVED at byte 40. */
#define IPC_PROTO_MINOR_SMP   7u
#define IPC_PROTO_VERSION_SMP ((IPC_PROTO_MAJOR << 16) | IPC_PROTO_MINOR_SMP)
#ifdef FW_SMP
#define IPC_PROTO_VERSION_FW IPC_PROTO_VERSION_SMP
#else
#define IPC_PROTO_VERSION_FW IPC_PROTO_VERSION
#endif

/* Firmware version reported in FW_READY: (major << 16) | (minor << 8) |
 * patch. */
#define IPC_FW_VERSION_MAJOR 0u
#define IPC_FW_VERSION_MINOR 4u
#define IPC_FW_VERSION_PATCH 0u
#define IPC_FW_VERSION                                                         \
    ((IPC_FW_VERSION_MAJOR << 16) | (IPC_FW_VERSION_MINOR << 8) |              \
     IPC_FW_VERSION_PATCH)

/* ---- Mailbox layout (same values as abi/board_regs.h BOARD_MBOX_*; the
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
#define IPC_CMD_FIRST           0x0001u
#define IPC_CMD_RESERVED_GLB_LO 0x0001u /* 0x001-0x0FF global (ping, ...) */
#define IPC_CMD_RESERVED_GLB_HI 0x00FFu
#define IPC_CMD_RESERVED_AUDIO_LO                                              \
    0x0100u /* 0x100-0x3FF audio: create /
                                             free pipeline, component,
                                             connect, stream start/stop ...
                                             (being added) */
#define IPC_CMD_RESERVED_AUDIO_HI 0x03FFu
#define IPC_CMD_LAST              0x0FFFu
/* DSP -> host notifications: 0x1000 .. 0x1FFF */
#define IPC_NOTIFY_FW_READY       0x1001u /* struct ipc_fw_ready */
#define IPC_NOTIFY_PANIC                                                       \
    0x1002u                              /* record in the exception region;
                                             the D2H region is not written */
#define IPC_NOTIFY_DEADLINE_MISS 0x1003u /* struct ipc_deadline_miss */
#define IPC_NOTIFY_RESERVED_AUDIO_LO                                           \
    0x1100u /* 0x1100-0x13FF audio
                                                (position, xrun ...) */
#define IPC_NOTIFY_RESERVED_AUDIO_HI 0x13FFu
#define IPC_NOTIFY_LAST              0x1FFFu

/* Status in replies (ipc_hdr.status); notifications carry 0. */
#define IPC_STATUS_OK     0
#define IPC_STATUS_EINVAL (-22)
#define IPC_STATUS_ENOMEM (-12)
#define IPC_STATUS_ENOSYS (-38)

/* ---- Every message starts with this header (16 bytes) ----------------- */
struct ipc_hdr {
    uint32_t size;  /* bytes of the whole message, header included */
    uint32_t id;    /* IPC_CMD_* / IPC_NOTIFY_*: same as the doorbell */
    uint32_t seq;   /* sender's sequence number, +1 per message sent
                         (the firmware's first message is 1) */
    int32_t status; /* IPC_STATUS_* (replies); 0 in notifications */
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
    struct ipc_hdr hdr;       /*  0: id IPC_NOTIFY_FW_READY */
    uint32_t fw_version;      /* 16: IPC_FW_VERSION */
    uint32_t proto_version;   /* 20: IPC_PROTO_VERSION */
    uint32_t cycles_lo;       /* 24: cycle count when the message was */
    uint32_t cycles_hi;       /* 28:   written (debug device CYCLES) */
    uint32_t flags;           /* 32: IPC_READY_F_* */
    uint32_t trace_levels;    /* 36: log level threshold (IPC_LOG_*) */
    struct ipc_region h2d;    /* 40 */
    struct ipc_region d2h;    /* 48 */
    struct ipc_region stream; /* 56 */
    struct ipc_region exc;    /* 64 */
    struct ipc_region trace;  /* 72 */
};
_Static_assert(sizeof(struct ipc_fw_ready) == 80, "ipc_fw_ready layout");
#define IPC_READY_F_TRACE_RING 0x1u /* the trace region holds a log ring */
#define IPC_READY_F_PANIC_REC  0x2u /* panics are recorded in exc */

/* DEADLINE_MISS (DSP -> host, best effort: dropped and counted when the
 * host has not acknowledged the previous message): 40 bytes. */
struct ipc_deadline_miss {
    struct ipc_hdr hdr; /*  0: id IPC_NOTIFY_DEADLINE_MISS */
    uint32_t task_id;   /* 16: kernel task id (1, 2, ...) */
    uint32_t count;     /* 20: that task's misses so far */
    uint32_t deadline;  /* 24: missed absolute deadline (cycles,
                                      low 32 bits) */
    uint32_t detected;  /* 28: cycle time of detection */
    uint32_t total;     /* 32: misses of all tasks so far */
    uint32_t dropped;   /* 36: notifications dropped so far (the
                                      host was busy) */
};
_Static_assert(sizeof(struct ipc_deadline_miss) == 40,
               "ipc_deadline_miss layout");

/* ---- Panic record: exception region (IPC_MBOX_EXC_OFF), 256 bytes ------
 * Words 0..43 are the kernel's struct fw_panic_record (the firmware's
 * fw/panic.h) verbatim; the board port appends file/line/message when
 * the panic came from an assertion.  Valid when magic == IPC_PANIC_MAGIC; the firmware
 * writes magic last. */
#define IPC_PANIC_MAGIC          0x43494E50u /* "PNIC" */
#define IPC_PANIC_VERSION        1u
#define IPC_PANIC_STACK_WORDS    16u
#define IPC_PANIC_FILE_LEN       40u
#define IPC_PANIC_MSG_LEN        36u
/* cause: Xtensa EXCCAUSE (0..63) or one of these */
#define IPC_PANIC_CAUSE_SOFTWARE 0x100u /* assertion / fw_panic() */
#define IPC_PANIC_CAUSE_DOUBLE   0x101u /* double exception (depc valid) */
#define IPC_PANIC_CAUSE_STACK    0x102u /* stack overflow */
struct ipc_panic_record {
    uint32_t magic;      /*   0: IPC_PANIC_MAGIC */
    uint32_t version;    /*   4: IPC_PANIC_VERSION */
    uint32_t cause;      /*   8 */
    uint32_t epc1;       /*  12: PC of the faulting instruction (or
                                       the caller of fw_panic) */
    uint32_t excvaddr;   /*  16: faulting address */
    uint32_t ps;         /*  20 */
    uint32_t sar;        /*  24 */
    uint32_t depc;       /*  28: double exceptions */
    uint32_t ccount;     /*  32: CCOUNT at the panic */
    uint32_t task_id;    /*  36: 0 = idle/boot */
    uint32_t info;       /*  40: fw_panic() argument / EXCCAUSE of a
                                       double exception */
    uint32_t a[16];      /*  44: a0..a15 (a1 = SP at the fault) */
    uint32_t stack_addr; /* 108: address of stack[0] */
    uint32_t stack[IPC_PANIC_STACK_WORDS]; /* 112: words from stack_addr */
    uint32_t line;                         /* 176: source line, 0 = unknown */
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
#define IPC_TRACE_MAGIC   0x45434154u /* "TACE" */
#define IPC_TRACE_VERSION 1u
/* levels (smaller = more severe) */
#define IPC_LOG_ERROR     1u
#define IPC_LOG_WARN      2u
#define IPC_LOG_INFO      3u
#define IPC_LOG_DEBUG     4u
struct ipc_trace_ring {
    uint32_t magic;       /*  0: IPC_TRACE_MAGIC */
    uint32_t version;     /*  4: IPC_TRACE_VERSION */
    uint32_t entry_size;  /*  8: sizeof(struct ipc_trace_entry) */
    uint32_t capacity;    /* 12: entries in the ring */
    uint32_t write_index; /* 16: entries ever written (wraps at 2^32) */
    uint32_t level;       /* 20: entries above this level are not
                                       recorded */
    uint32_t reserved[2]; /* 24 */
};
_Static_assert(sizeof(struct ipc_trace_ring) == 32, "ipc_trace_ring layout");
struct ipc_trace_entry {
    uint32_t cycle;   /*  0: CCOUNT when logged */
    uint16_t id;      /*  4: event id (IPC_TRACE_ID_* / kernel
                                       FW_TRACE_* / application) */
    uint8_t level;    /*  6: IPC_LOG_* */
    uint8_t reserved; /*  7 */
    uint32_t arg[2];  /*  8: event-specific */
};
_Static_assert(sizeof(struct ipc_trace_entry) == 16, "ipc_trace_entry");
#define IPC_TRACE_CAPACITY ((IPC_MBOX_TRACE_SIZE - 32u) / 16u) /* 94 */

/* Log ids logged by the board port itself (kernel markers FW_TRACE_* use
 * 1..0xFF; applications 0x1000 and up). */
#define IPC_TRACE_ID_READY     0x0100u /* arg: fw version, proto version */
#define IPC_TRACE_ID_MISS      0x0101u /* arg: task id, deadline */
#define IPC_TRACE_ID_MISS_DROP 0x0102u /* arg: task id, dropped so far */
#define IPC_TRACE_ID_PANIC     0x0103u /* arg: cause, epc1 */
#define IPC_TRACE_ID_APP       0x1000u

/* ==== Audio IPC (issue 5): commands 0x0100..0x03FF, notifications
 * 0x1100..0x13FF.  Prose, sequencing and examples: docs/ipc.md.
 *
 * Request / reply.  The host writes one command (ipc_hdr first, hdr.id =
 * the doorbell value, hdr.size = the exact size given below) at
 * IPC_MBOX_H2D_OFF and rings H2D.  The firmware answers every command with
 * exactly one reply in the D2H region: hdr.id = the command id, hdr.status
 * = IPC_STATUS_OK or a negative code below, then struct ipc_reply's
 * req_seq / detail, then the command's reply payload (only when status is
 * OK; an error reply is exactly sizeof(struct ipc_reply)).  The firmware
 * acknowledges H2D (H2D.BUSY cleared, host sees "done") only AFTER the
 * reply has been rung, so one command is outstanding at a time.  If the
 * host has not acknowledged the previous D2H message, the reply waits
 * (audio keeps running, notifications are dropped and counted); it is rung
 * as soon as the host acknowledges.  Ids in replies are host-chosen
 * 32-bit values; IPC_AUD_ID_NONE is never a valid id.
 *
 * All fields are 32-bit little-endian; "reserved" fields must be 0
 * (IPC_STATUS_E_RESERVED).  Units: rates Hz, periods/deadlines µs, sizes
 * bytes, gains dB Q8.8, cycles CPU cycles. ==== */

/* -- command ids (host -> DSP) -- */
#define IPC_CMD_AUD_PING 0x0100u /* ipc_aud_ping -> ipc_aud_ping_reply */
#define IPC_CMD_AUD_PIPE_NEW                                                   \
    0x0101u /* ipc_aud_pipe_new -> ipc_aud_pipe_new_reply */
#define IPC_CMD_AUD_PIPE_FREE     0x0102u /* ipc_aud_pipe_ref */
#define IPC_CMD_AUD_COMP_NEW      0x0103u /* ipc_aud_comp_new + config */
#define IPC_CMD_AUD_COMP_FREE     0x0104u /* ipc_aud_obj_ref */
#define IPC_CMD_AUD_BUF_NEW       0x0105u /* ipc_aud_buf_new */
#define IPC_CMD_AUD_BUF_FREE      0x0106u /* ipc_aud_obj_ref */
#define IPC_CMD_AUD_CONNECT       0x0107u /* ipc_aud_connect */
#define IPC_CMD_AUD_PIPE_COMPLETE 0x0108u /* ipc_aud_pipe_ref */
#define IPC_CMD_AUD_STREAM_PARAMS 0x0109u /* ipc_aud_stream_params */
#define IPC_CMD_AUD_TRIGGER       0x010Au /* ipc_aud_trigger */
#define IPC_CMD_AUD_SET_CONTROL   0x010Bu /* ipc_aud_control + data */
#define IPC_CMD_AUD_GET_CONTROL                                                \
    0x010Cu /* ipc_aud_control (bytes = room)
                                             -> ipc_aud_control + data */
#define IPC_CMD_AUD_GET_STATS                                                  \
    0x010Du                              /* ipc_aud_pipe_ref
                                             -> ipc_aud_stats_reply */
#define IPC_CMD_AUD_PIPE_CONNECT 0x010Eu /* ipc_aud_pipe_connect (1.3) */
#define IPC_CMD_AUD_TEST                                                       \
    0x010Fu /* ipc_aud_test: fault-injection
                                             hooks (issue 14) */
/* 1.7, the several-core build: each core's idle cycles and switches */
#define IPC_CMD_AUD_CORE_STATS                                                 \
    0x0110u                      /* ipc_aud_core_stats ->
                                          ipc_aud_core_stats_reply */
#define IPC_CMD_AUD_LAST 0x0110u /* highest id defined so far */

/* -- notification ids (DSP -> host), best effort (see docs/ipc.md) -- */
#define IPC_NOTIFY_AUD_POSITION 0x1100u /* ipc_aud_position, per period */
#define IPC_NOTIFY_AUD_XRUN     0x1101u /* ipc_aud_xrun */

/* -- status codes of audio replies (hdr.status) --
 * -1 .. -63: the audio layers' codes (firmware/audio/buffer/audio_err.h,
 * AUD_E_*), forwarded unchanged; -100 ..: protocol-level codes.  (The
 * older IPC_STATUS_EINVAL/ENOMEM/ENOSYS are not used by audio commands.) */
#define IPC_STATUS_AUD_INVAL       (-1)  /* generic bad argument */
#define IPC_STATUS_AUD_NOMEM       (-2)  /* out of memory (DSP heap) */
#define IPC_STATUS_AUD_FORMAT      (-3)  /* sample format unknown/unsupported */
#define IPC_STATUS_AUD_CHANNELS    (-4)  /* channel count 0, > 8, unsupported */
#define IPC_STATUS_AUD_RATE        (-5)  /* rate unsupported by a component */
#define IPC_STATUS_AUD_RANGE       (-6)  /* value out of range */
#define IPC_STATUS_AUD_CONFIG      (-7)  /* component config size/content */
#define IPC_STATUS_AUD_BLOB        (-8)  /* coefficient blob invalid */
#define IPC_STATUS_AUD_TYPE        (-9)  /* unknown component type */
#define IPC_STATUS_AUD_CONTROL     (-10) /* control id unknown for the type */
#define IPC_STATUS_AUD_STATE       (-11) /* not allowed in this state */
#define IPC_STATUS_AUD_EXISTS      (-12) /* duplicate id */
#define IPC_STATUS_AUD_NOENT       (-13) /* no component/buffer with that id */
#define IPC_STATUS_AUD_PORT_FULL   (-14) /* too many inputs/outputs */
#define IPC_STATUS_AUD_UNCONNECTED (-15) /* port or buffer end left open */
#define IPC_STATUS_AUD_CYCLE       (-16) /* graph has a cycle */
#define IPC_STATUS_AUD_ENDPOINT    (-17) /* endpoint count/direction */
#define IPC_STATUS_AUD_MISMATCH    (-18) /* formats/rates/channels differ */
#define IPC_STATUS_AUD_BUF_SIZE    (-19) /* buffer too small / too large */
#define IPC_STATUS_AUD_PERIOD      (-20) /* period range / not whole frames */
#define IPC_STATUS_AUD_FULL        (-21) /* fixed table full */
#define IPC_STATUS_AUD_UNDERRUN    (-22)
#define IPC_STATUS_AUD_OVERRUN     (-23)
#define IPC_STATUS_AUD_DMA         (-24)  /* DMA/SSP programming failed */
#define IPC_STATUS_E_UNKNOWN       (-100) /* unknown command id */
#define IPC_STATUS_E_SIZE                                                      \
    (-101) /* hdr.size wrong for the command
                                             (or > the H2D region) */
#define IPC_STATUS_E_HDR                                                       \
    (-102)                           /* hdr.id differs from the
                                             doorbell value */
#define IPC_STATUS_E_PIPE     (-103) /* no pipeline with that id */
#define IPC_STATUS_E_RESERVED (-104) /* a reserved field is not 0 */
#define IPC_STATUS_E_NOT_HOST                                                  \
    (-105) /* STREAM_PARAMS on a component
                                             that is not a host endpoint */

/* detail in an error reply: byte offset (from the start of the command)
 * of the field found invalid, or IPC_AUD_DETAIL_NONE when the error is not
 * about one field (graph errors at COMPLETE, out of memory ...). */
#define IPC_AUD_DETAIL_NONE 0xFFFFFFFFu

#define IPC_AUD_ID_NONE      0xFFFFFFFFu /* "no component" in CONNECT */
#define IPC_AUD_MAX_PIPES    4u          /* pipelines at a time */
#define IPC_AUD_MAX_COMPS    16u         /* per pipeline (= buffers) */
#define IPC_AUD_MAX_STREAMS  8u          /* host endpoints (stream slots) */
#define IPC_AUD_PRIORITY_MAX 31u

/* enumerations (same values as the firmware's enums) */
#define IPC_AUD_DIR_PLAYBACK    0u /* host -> DAI */
#define IPC_AUD_DIR_CAPTURE     1u /* DAI -> host */
#define IPC_AUD_FMT_S16_LE      0u /* 2-byte containers */
#define IPC_AUD_FMT_S24_4LE     1u /* 4-byte containers, bits 23..0 */
#define IPC_AUD_FMT_S32_LE      2u
#define IPC_AUD_COMP_HOST       0u /* config: ipc_aud_host_config */
#define IPC_AUD_COMP_DAI        1u /* config: ipc_aud_dai_config */
#define IPC_AUD_COMP_VOLUME     2u /* config: ipc_aud_volume_config */
#define IPC_AUD_COMP_MIXER      3u /* config: ipc_aud_mixer_config */
#define IPC_AUD_COMP_EQ_IIR     4u /* config: "EQIR" blob */
#define IPC_AUD_COMP_EQ_FIR     5u /* config: "EQFR" blob */
#define IPC_AUD_COMP_SRC        6u /* config: ipc_aud_src_config */
#define IPC_AUD_COMP_TONE       7u /* config: ipc_aud_tone_config */
#define IPC_AUD_COMP_CONVERT    8u /* config: none (0 bytes) */
#define IPC_AUD_TRIGGER_START   0u
#define IPC_AUD_TRIGGER_STOP    1u
#define IPC_AUD_TRIGGER_PAUSE   2u
#define IPC_AUD_TRIGGER_RELEASE 3u
#define IPC_AUD_TRIGGER_RESET   4u /* STOPPED/XRUN -> READY */
#define IPC_AUD_TRIGGER_DRAIN                                                  \
    6u                                /* RUNNING/PAUSED: play out the
                                          * queued frames, then STOPPED
                                          * (5 stays invalid) */
#define IPC_AUD_CTL_VOLUME_GAIN    1u /* int32_t[n] dB Q8.8, 1<=n<=ch */
#define IPC_AUD_CTL_VOLUME_MUTE    2u /* uint32_t 0/1 */
#define IPC_AUD_CTL_VOLUME_RAMP_MS 3u /* uint32_t 0..5000 */
#define IPC_AUD_CTL_TONE_FREQ      4u /* uint32_t Hz Q16.16 < rate/2 */
#define IPC_AUD_CTL_TONE_AMPL      5u /* int32_t Q1.31 >= 0 */
#define IPC_AUD_CTL_BLOB           6u /* EQ coefficient blob */
#define IPC_AUD_CTL_POSITION       7u /* get: uint32_t bytes (endpoints) */
#define IPC_AUD_CTL_MIXER_GAIN                                                 \
    8u /* int32_t[n] dB Q8.8 per input,
                                          * 1<=n<=inputs (1.2) */
/* pipeline states in replies */
#define IPC_AUD_PIPE_INIT    0u
#define IPC_AUD_PIPE_READY   1u
#define IPC_AUD_PIPE_RUNNING 2u
#define IPC_AUD_PIPE_PAUSED  3u
#define IPC_AUD_PIPE_STOPPED 4u
#define IPC_AUD_PIPE_XRUN    5u

/* Every reply starts with this (24 bytes). */
struct ipc_reply {
    struct ipc_hdr hdr; /*  0: id = command id, status */
    uint32_t req_seq;   /* 16: hdr.seq of the command answered */
    uint32_t detail;    /* 20: offending field offset or
                                      IPC_AUD_DETAIL_NONE */
};
_Static_assert(sizeof(struct ipc_reply) == 24, "ipc_reply layout");

/* PING (20 bytes) -> reply 40 bytes. */
struct ipc_aud_ping {
    struct ipc_hdr hdr;
    uint32_t cookie; /* 16: echoed */
};
_Static_assert(sizeof(struct ipc_aud_ping) == 20, "ipc_aud_ping layout");
struct ipc_aud_ping_reply {
    struct ipc_reply r;     /*  0 */
    uint32_t cookie;        /* 24 */
    uint32_t fw_version;    /* 28: IPC_FW_VERSION */
    uint32_t proto_version; /* 32: IPC_PROTO_VERSION */
    uint32_t cycles_lo;     /* 36: CCOUNT when answered */
    /* appended (issue 14); a reply of 40 bytes has neither */
    uint32_t runtime_free; /* 40: free bytes of the run-time heap
                                      (pipelines, components, buffers) */
    uint32_t dma_free;     /* 44: free bytes of the DMA heap */
};
_Static_assert(sizeof(struct ipc_aud_ping_reply) == 48, "ping reply");

/* TEST (24 bytes): fault-injection hooks for tests (issue 14, docs/ipc.md
 * "TEST").  op IPC_AUD_TEST_STACK_OVERFLOW: the IPC worker recurses
 * until it has used `arg` bytes of stack below the handler's frame
 * (64..8192, and at most what the platform allows: else AUD_RANGE at
 * byte 20), then replies OK; with arg beyond the worker's free stack
 * this overruns the stack guard and the scheduler panics with cause
 * IPC_PANIC_CAUSE_STACK when the worker yields. */
#define IPC_AUD_TEST_STACK_OVERFLOW 1u
/* CORE_STATS (1.7): what every core's kernel counted.  idle: cycles its
 * idle loop (WAITI, and the interrupts taken there) had, up to the
 * moment the core answered; busy = the cycles between two CORE_STATS
 * minus the idle ones. */
struct ipc_aud_core_stats {
    struct ipc_hdr hdr;
    uint32_t reserved; /* 16: 0 */
};
_Static_assert(sizeof(struct ipc_aud_core_stats) == 20, "core_stats layout");
#define IPC_AUD_MAX_CORES 4u
struct ipc_aud_core_stat {
    uint32_t ccount;  /* the core's CCOUNT when it answered */
    uint32_t idle_lo; /* idle cycles since the core started, 64-bit */
    uint32_t idle_hi;
    uint32_t switches; /* context switches of its scheduler */
};
struct ipc_aud_core_stats_reply {
    struct ipc_reply r;
    uint32_t cores; /* 24: cores of the board (entries that are valid) */
    struct ipc_aud_core_stat core[IPC_AUD_MAX_CORES]; /* 28 */
};
_Static_assert(sizeof(struct ipc_aud_core_stats_reply) == 92,
               "core_stats_reply layout");

struct ipc_aud_test {
    struct ipc_hdr hdr;
    uint32_t op;  /* 16: IPC_AUD_TEST_* */
    uint32_t arg; /* 20 */
};
_Static_assert(sizeof(struct ipc_aud_test) == 24, "test layout");

/* PIPE_NEW (44 bytes) -> reply 32 bytes. */
struct ipc_aud_pipe_new {
    struct ipc_hdr hdr;
    uint32_t pipe_id;         /* 16: unique among live pipelines */
    uint32_t dir;             /* 20: IPC_AUD_DIR_* */
    uint32_t period_us;       /* 24: 100..20000 */
    uint32_t priority;        /* 28: 0..IPC_AUD_PRIORITY_MAX (reported;
                                      scheduling is EDF by deadline) */
    uint32_t deadline_us;     /* 32: 0 = period, else 1..period_us */
    uint32_t prefill_periods; /* 36: 0..4 periods of silence before the
                                      sink endpoint */
    uint32_t core;            /* 40: 0 (1.7: the core that runs it) */
};
_Static_assert(sizeof(struct ipc_aud_pipe_new) == 44, "pipe_new layout");
struct ipc_aud_pipe_new_reply {
    struct ipc_reply r;     /*  0 */
    uint32_t task_id;       /* 24: kernel task id (DEADLINE_MISS) */
    uint32_t period_cycles; /* 28 */
};
_Static_assert(sizeof(struct ipc_aud_pipe_new_reply) == 32, "pipe_new reply");

/* PIPE_FREE, PIPE_COMPLETE, GET_STATS (20 bytes). */
struct ipc_aud_pipe_ref {
    struct ipc_hdr hdr;
    uint32_t pipe_id; /* 16 */
};
_Static_assert(sizeof(struct ipc_aud_pipe_ref) == 20, "pipe_ref layout");

/* COMP_FREE, BUF_FREE (24 bytes): pipeline in INIT, object unconnected. */
struct ipc_aud_obj_ref {
    struct ipc_hdr hdr;
    uint32_t pipe_id; /* 16 */
    uint32_t id;      /* 20: component / buffer id */
};
_Static_assert(sizeof(struct ipc_aud_obj_ref) == 24, "obj_ref layout");

/* COMP_NEW: 32 bytes + config_bytes (config_bytes multiple of 4, total
 * <= IPC_MBOX_H2D_SIZE); the config follows at offset 32. */
struct ipc_aud_comp_new {
    struct ipc_hdr hdr;
    uint32_t pipe_id;      /* 16 */
    uint32_t comp_id;      /* 20: unique in the pipeline (shared with
                                      buffer ids) */
    uint32_t type;         /* 24: IPC_AUD_COMP_* */
    uint32_t config_bytes; /* 28 */
};
_Static_assert(sizeof(struct ipc_aud_comp_new) == 32, "comp_new layout");
struct ipc_aud_host_config { /* 8 bytes */
    uint32_t stream;         /* position slot 0..IPC_AUD_MAX_STREAMS-1,
                                  unique among live host endpoints */
    uint32_t dma_channel;    /* board DMA channel, unique while live */
};
struct ipc_aud_dai_config { /* 8 bytes */
    uint32_t ssp_port;      /* SSP port 0..3, unique while live */
    uint32_t dma_channel;   /* board DMA channel, unique while live */
};
struct ipc_aud_volume_config { /* 40 bytes */
    int32_t gain_db_q8_8[8];   /* per channel, -120..+18 dB */
    uint32_t ramp_ms;          /* 0..5000 */
    uint32_t mute;             /* 0/1 */
};
/* mixer: 4 bytes (num_inputs only, 1.1: all gains 0 dB) or 20 (1.2: a
 * gain per input, -120..+18 dB; 0 for inputs >= num_inputs) */
struct ipc_aud_mixer_config {
    uint32_t num_inputs;     /* 2..4 */
    int32_t gain_db_q8_8[4]; /* input i = the i-th buffer connected */
};
struct ipc_aud_tone_config {
    uint32_t freq_q16_16;
    int32_t ampl_q1_31;
};
/* src: 8 bytes (rates, 1.1) or 12 (1.6: and quality, 0 default, 1 high;
 * other values AUD_RANGE) */
#define IPC_AUD_SRC_QUALITY_DEFAULT 0u
#define IPC_AUD_SRC_QUALITY_HIGH    1u
struct ipc_aud_src_config {
    uint32_t rate_in_hz;
    uint32_t rate_out_hz;
    uint32_t quality; /* IPC_AUD_SRC_QUALITY_* (1.6) */
};
_Static_assert(sizeof(struct ipc_aud_host_config) == 8, "host cfg");
_Static_assert(sizeof(struct ipc_aud_dai_config) == 8, "dai cfg");
_Static_assert(sizeof(struct ipc_aud_volume_config) == 40, "volume cfg");

/* BUF_NEW (40 bytes). */
struct ipc_aud_buf_new {
    struct ipc_hdr hdr;
    uint32_t pipe_id;         /* 16 */
    uint32_t buf_id;          /* 20 */
    uint32_t fmt;             /* 24: IPC_AUD_FMT_* */
    uint32_t channels;        /* 28: 1..8 */
    uint32_t rate_hz;         /* 32: 8000..192000 */
    uint32_t capacity_frames; /* 36: >= 1, ring <= 1 MiB */
};
_Static_assert(sizeof(struct ipc_aud_buf_new) == 40, "buf_new layout");

/* CONNECT (32 bytes): src_comp writes buf, buf feeds sink_comp; either
 * component may be IPC_AUD_ID_NONE (link one side only). */
struct ipc_aud_connect {
    struct ipc_hdr hdr;
    uint32_t pipe_id;      /* 16 */
    uint32_t src_comp_id;  /* 20 */
    uint32_t buf_id;       /* 24 */
    uint32_t sink_comp_id; /* 28 */
};
_Static_assert(sizeof(struct ipc_aud_connect) == 32, "connect layout");

/* PIPE_CONNECT (32 bytes, 1.3): buffer buf_id of the producer pipeline
 * feeds an input of component comp_id of the consumer pipeline (a
 * cross-pipeline connection, docs/ipc.md).  The producer then ends in that
 * buffer (no sink endpoint), the consumer reads it as a source.  Same
 * direction and period_us; the consumer in INIT, the producer in any
 * state; the buffer without a reader, >= (max(prefill, 1) + 2) periods. */
struct ipc_aud_pipe_connect {
    struct ipc_hdr hdr;
    uint32_t prod_pipe_id; /* 16 */
    uint32_t buf_id;       /* 20: a buffer of the producer */
    uint32_t cons_pipe_id; /* 24 */
    uint32_t comp_id;      /* 28: a component of the consumer */
};
_Static_assert(sizeof(struct ipc_aud_pipe_connect) == 32,
               "pipe_connect layout");

/* STREAM_PARAMS (48 bytes): host endpoint of a COMPLETE pipeline, state
 * READY or STOPPED.  rate/channels/fmt must equal the endpoint's buffer;
 * period_bytes = frames per period * frame bytes; host_bytes a multiple of
 * period_bytes, >= 2 periods; host_addr 4-byte aligned (host memory
 * address, the DMA's HOST2DSP/DSP2HOST space). */
struct ipc_aud_stream_params {
    struct ipc_hdr hdr;
    uint32_t pipe_id;      /* 16 */
    uint32_t comp_id;      /* 20: host endpoint */
    uint32_t rate_hz;      /* 24 */
    uint32_t channels;     /* 28 */
    uint32_t fmt;          /* 32: IPC_AUD_FMT_* */
    uint32_t host_addr;    /* 36 */
    uint32_t host_bytes;   /* 40: circular host buffer size */
    uint32_t period_bytes; /* 44 */
};
_Static_assert(sizeof(struct ipc_aud_stream_params) == 48, "params layout");

/* TRIGGER (24 bytes). START needs STREAM_PARAMS for every host endpoint. */
struct ipc_aud_trigger {
    struct ipc_hdr hdr;
    uint32_t pipe_id; /* 16 */
    uint32_t cmd;     /* 20: IPC_AUD_TRIGGER_* */
};
_Static_assert(sizeof(struct ipc_aud_trigger) == 24, "trigger layout");

/* SET_CONTROL: 32 + bytes (bytes multiple of 4, >= 4); data at 32.
 * GET_CONTROL: exactly 32 bytes, bytes = room for the answer (4..992);
 * reply: struct ipc_reply, then this struct's fields from pipe_id on
 * (pipe_id, comp_id, ctl, bytes = bytes returned) and the data: 40 +
 * bytes. */
struct ipc_aud_control {
    struct ipc_hdr hdr;
    uint32_t pipe_id; /* 16 */
    uint32_t comp_id; /* 20 */
    uint32_t ctl;     /* 24: IPC_AUD_CTL_* */
    uint32_t bytes;   /* 28 */
};
_Static_assert(sizeof(struct ipc_aud_control) == 32, "control layout");
#define IPC_AUD_CONTROL_MAX (IPC_MBOX_H2D_SIZE - 40u) /* 984 data bytes */

/* GET_STATS reply: 72 + 24 * n_comps bytes. Cycles per period measured
 * with CCOUNT around each component's copy and the whole period. */
struct ipc_aud_cycles {
    uint32_t periods; /* periods measured */
    uint32_t last;    /* cycles of the last period */
    uint32_t worst;
    uint32_t avg;
};
struct ipc_aud_comp_stats {
    uint32_t comp_id;
    uint32_t type;
    struct ipc_aud_cycles cycles;
};
_Static_assert(sizeof(struct ipc_aud_comp_stats) == 24, "comp stats");
struct ipc_aud_stats_reply {
    struct ipc_reply r;               /*  0 */
    uint32_t pipe_id;                 /* 24 */
    uint32_t state;                   /* 28: IPC_AUD_PIPE_* */
    uint32_t period_cycles;           /* 32 */
    uint32_t xruns;                   /* 36 */
    uint32_t misses;                  /* 40: deadline misses of the task */
    uint32_t releases;                /* 44: jobs released */
    struct ipc_aud_cycles cycles;     /* 48: whole period */
    uint32_t n_comps;                 /* 64 */
    uint32_t dropped;                 /* 68: notifications dropped so far */
    struct ipc_aud_comp_stats comp[]; /* 72: in processing order */
};
_Static_assert(sizeof(struct ipc_aud_stats_reply) == 72, "stats reply");

/* POSITION (40 bytes): host endpoint, after every period. */
struct ipc_aud_position {
    struct ipc_hdr hdr;
    uint32_t pipe_id;  /* 16 */
    uint32_t comp_id;  /* 20 */
    uint32_t position; /* 24: bytes moved at the host since START
                                      (mod 2^32; offset = position %
                                      host_bytes) */
    uint32_t periods;  /* 28: periods since START */
    uint32_t cycles;   /* 32: CCOUNT */
    uint32_t dropped;  /* 36: notifications dropped so far */
};
_Static_assert(sizeof(struct ipc_aud_position) == 40, "position layout");

/* XRUN (36 bytes): the pipeline stopped (state XRUN); START recovers. */
struct ipc_aud_xrun {
    struct ipc_hdr hdr;
    uint32_t pipe_id; /* 16 */
    uint32_t comp_id; /* 20: endpoint that saw it */
    int32_t code;     /* 24: IPC_STATUS_AUD_UNDERRUN/OVERRUN/DMA */
    uint32_t xruns;   /* 28: pipeline xruns so far */
    uint32_t dropped; /* 32 */
};
_Static_assert(sizeof(struct ipc_aud_xrun) == 36, "xrun layout");

/* Stream region (IPC_MBOX_STREAM_OFF): IPC_AUD_MAX_STREAMS slots of 32
 * bytes, one per host endpoint (ipc_aud_host_config.stream), rewritten
 * every period whether or not the host acknowledges anything. */
struct ipc_aud_stream_slot {
    uint32_t pipe_id;  /*  0: IPC_AUD_ID_NONE = slot unused */
    uint32_t comp_id;  /*  4 */
    uint32_t position; /*  8: as ipc_aud_position */
    uint32_t periods;  /* 12 */
    uint32_t xruns;    /* 16 */
    uint32_t state;    /* 20: IPC_AUD_PIPE_* */
    uint32_t cycles;   /* 24: CCOUNT of the update */
    uint32_t update;   /* 28: incremented last on every update */
};
_Static_assert(sizeof(struct ipc_aud_stream_slot) * IPC_AUD_MAX_STREAMS ==
                   IPC_MBOX_STREAM_SIZE,
               "stream slots fill the region");

#endif

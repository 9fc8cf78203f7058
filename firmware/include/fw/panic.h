/* SPDX-License-Identifier: BSD-3-Clause */
/* Panic: a fatal exception (or fw_panic()) fills one fw_panic_record in
 * memory (symbol fw_panic_rec, so a debugger or the host can read it), hands
 * it to the platform's sink (fw_plat_panic_sink: printed on the console on
 * the sim platform, the mailbox on the board), and ends the run with exit
 * status FW_PANIC_EXIT_STATUS. The layout is fixed (all fields 32-bit,
 * little-endian); see docs/firmware.md. */
#ifndef FW_PANIC_H
#define FW_PANIC_H

#include <stdint.h>

#define FW_PANIC_MAGIC       0x43494E50u /* "PNIC" */
#define FW_PANIC_VERSION     1u
#define FW_PANIC_STACK_WORDS 16u
#define FW_PANIC_EXIT_STATUS 3

/* cause values: the Xtensa EXCCAUSE (0..63), or one of these. */
#define FW_PANIC_CAUSE_SOFTWARE 0x100u /* fw_panic() */
#define FW_PANIC_CAUSE_DOUBLE   0x101u /* double exception, see depc */
#define FW_PANIC_CAUSE_STACK    0x102u /* stack overflow detected */

struct fw_panic_record {
    uint32_t magic;      /*  0: FW_PANIC_MAGIC */
    uint32_t version;    /*  4: FW_PANIC_VERSION */
    uint32_t cause;      /*  8: EXCCAUSE or FW_PANIC_CAUSE_* */
    uint32_t epc1;       /* 12: PC of the faulting instruction */
    uint32_t excvaddr;   /* 16: faulting data/fetch address */
    uint32_t ps;         /* 20: PS of the faulting context */
    uint32_t sar;        /* 24 */
    uint32_t depc;       /* 28: double exceptions only */
    uint32_t ccount;     /* 32: cycle time of the panic */
    uint32_t task_id;    /* 36: running task's id (0 = idle/boot) */
    uint32_t info;       /* 40: fw_panic() argument, else 0 */
    uint32_t a[16];      /* 44: a0..a15 at the fault (a1 = its SP) */
    uint32_t stack_addr; /* 108: address of stack[0] (= a1) */
    uint32_t stack[FW_PANIC_STACK_WORDS]; /* 112: words at a1 upwards */
};                                        /* 176 bytes */

extern struct fw_panic_record fw_panic_rec;

/* Software panic (assertion): records cause FW_PANIC_CAUSE_SOFTWARE. */
void fw_panic(const char *why, uint32_t info) __attribute__((noreturn));

/* Stack overflow of task t found by the scheduler (fw/task.h guard):
 * cause FW_PANIC_CAUSE_STACK, info = t's id, excvaddr = the highest guard
 * word found changed, a1 = t's saved stack pointer, a2 = the lowest
 * address of t's stack, a3 = its size. */
struct fw_task;
void fw_panic_stack(const struct fw_task *t, uintptr_t guard, uint32_t sp)
    __attribute__((noreturn));

/* Report a filled record (the arch layer fills the register fields). */
void fw_panic_report(struct fw_panic_record *rec) __attribute__((noreturn));

/* Name of an Xtensa EXCCAUSE value ("LoadStorePIFAddrError", ...). */
const char *fw_exccause_name(uint32_t cause);

/* Print a record on the console (the sim platform's sink). */
void fw_panic_print(const struct fw_panic_record *rec);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Saved context of an interrupted or switched-out task (Xtensa LX106,
 * call0 ABI), on that task's stack; offsets in bytes, shared by the
 * assembly (entry.S) and C (exception.c, context.c). */
#ifndef FW_XTENSA_FRAME_H
#define FW_XTENSA_FRAME_H

#define FR_A(n)  ((n)*4) /* a0..a15; FR_A(1) = SP before the frame */
#define FR_SAR   64
#define FR_PS    68 /* PS of the interrupted code, EXCM clear */
#define FR_PC    72 /* EPC1: where RFE resumes */
#define FR_CAUSE 76 /* EXCCAUSE at entry (informational) */
#define FR_SIZE  80 /* multiple of 16: keeps SP aligned */

#define PS_INTLEVEL_MASK 0x0F
#define PS_EXCM          0x10
#define PS_UM            0x20

/* PS of running tasks and the idle loop: user mode, interrupts on. */
#define PS_TASK    PS_UM
/* PS while C exception code runs: level-1 interrupts masked, EXCM clear so
 * a fault there is an ordinary (reported) exception. */
#define PS_HANDLER 0x01

#ifndef __ASSEMBLER__
#include <stdint.h>
struct xt_frame {
    uint32_t a[16];
    uint32_t sar, ps, pc, cause;
};
_Static_assert(sizeof(struct xt_frame) == FR_SIZE, "frame layout");
#endif
#endif

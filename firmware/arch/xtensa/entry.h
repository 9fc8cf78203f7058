/* SPDX-License-Identifier: BSD-3-Clause */
/* C entry points of the Xtensa port that are called from the vectors
 * (entry.S) or from the exception dispatcher (exception.c), not from C
 * code elsewhere. */
#ifndef FW_XTENSA_ENTRY_H
#define FW_XTENSA_ENTRY_H

#include "frame.h"

/* Every exception and interrupt taken at level 1 (the user/kernel
 * vectors), with the saved frame; returns the frame to resume (another
 * task's after a switch). */
void *fw_arch_exception(struct xt_frame *f);
/* The double-exception vector: a fault while EXCM is set. */
void fw_arch_double_exception(void);

/* Level-1 interrupt (EXCCAUSE 4): runs every pending, enabled handler. */
void fw_arch_irq_dispatch(void);
/* The NMI (level 3), from the level-3 vector; returns with RFI 3. */
void fw_arch_nmi(void);

#endif

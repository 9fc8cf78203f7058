/* SPDX-License-Identifier: BSD-3-Clause */
/* xlate_x64.c: the direct back end's x86-64 emitter. */
#ifndef DSPSIM_XLATE_X64_H
#define DSPSIM_XLATE_X64_H

#include <stddef.h>
#include <stdint.h>

#include "core_state.h"

/* Where a unit's two entries are in its code: the xt_xunit_fn the
 * engine calls, and (offset 0) the entry another direct unit jumps to
 * (xlate_abi.h; esi the pc, the registers of xlate_x64.c live). */
#define XLATE_X64_FN_OFFSET   16u
#define XLATE_X64_JUMP_OFFSET 0u

/* Page pn's unit as x86-64 machine code (position-independent; its
 * entries at the offsets above): 0 with *code (*len bytes, in a buffer of the
 * thread's, valid until its next call: copy it), the
 * heads (*heads, *nheads: page offsets) and the cover bitmap (*cover,
 * XT_PAGE_SIZE / 8 bytes), as xlate_gen_unit gives for a C unit; -1 if
 * the page has no block or memory ran out.  flags: XL_EMIT_SELFTEST
 * 1 charges a taken branch one cycle too many, 2 a jump into another
 * unit (DSPSIM_XLATE_SELFTEST); XL_EMIT_SINGLE_BLOCK for a run that
 * returns after every block (every edge keeps its horizon check). */
int xlate_x64_unit(xt_cpu *cpu, uint32_t pn, unsigned flags, uint8_t **code,
                   size_t *len, uint16_t **heads, unsigned *nheads,
                   uint8_t **cover);

/* The regions this thread's emitter gave a guarded copy (xlate_plan.h),
 * in all its units so far (for tests). */
unsigned long xlate_x64_copies(void);
/* The conditional branches it wrote without a branch (if_converted in
 * xlate_x64.c: a short not-taken side of ALU instructions), so far (for
 * tests). */
unsigned long xlate_x64_if_converted(void);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* xlate_inval.c: dropping translated units. */
#ifndef DSPSIM_XLATE_INVAL_H
#define DSPSIM_XLATE_INVAL_H

#include "xlate_state.h"

/* Take page pn's installed unit out: its heads get their interpreter
 * handlers back and p forgets the unit (dissolving its group). */
void xlate_inval_unit(xt_cpu *cpu, xl_page *p, uint32_t pn);
/* Group slot (1 on) dissolved: its pages run their own units again. */
void xlate_group_dissolve(struct xl_state_s *x, unsigned slot);
/* A store or host write touched page pn (cpu->xl is set). */
void xlate_inval_page(xt_cpu *cpu, uint32_t pn);
/* Drop every unit (timing, ITLB or engine change). */
void xlate_inval_all(xt_cpu *cpu);

#endif

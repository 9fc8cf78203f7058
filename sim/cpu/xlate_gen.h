/* SPDX-License-Identifier: BSD-3-Clause */
/* xlate_gen.c: the translator's C generator. */
#ifndef DSPSIM_XLATE_GEN_H
#define DSPSIM_XLATE_GEN_H

#include "core_state.h"
#include "xlate_buf.h"

/* Append the unit of page pn (its decoded entries) to the text buffer;
 * returns the number of heads (0: nothing to translate).  *heads gets a
 * malloc'ed array of their page offsets, *cover a malloc'ed bitmap of
 * the offsets of every instruction the unit holds.  With out == NULL,
 * lays the unit out (heads, cover) without writing it.  The text also
 * defines the layout for a run that finds the object in the cache:
 * `const uint16_t xh_PAGE[]` (the number of heads, then their offsets)
 * and `const uint8_t xc_PAGE[512]` (the cover bitmap), PAGE as in the
 * unit's function name xu_PAGE.  selftest: the lockstep selftests'
 * deliberate error (DSPSIM_XLATE_SELFTEST, read once by xlate.c): 1 a
 * taken branch one cycle too long, 3 an if-converted branch's side not
 * taken one cycle too long, else none. */
unsigned xlate_gen_unit(xt_cpu *cpu, uint32_t pn, xl_buf *out, uint16_t **heads,
                        uint8_t **cover, int selftest);
/* Append the group of pages pns[0..n-1] (2 <= n <= XT_XGROUP_MAX, each
 * laid out as its own unit would be, from the same decoded entries) to
 * the text buffer: one function xg_PAGE (PAGE: pns[0]) with every page's
 * blocks, entered at any of their heads.  A transfer to a head of
 * another page of the group goes on in its code where the engine would
 * call that page's unit next (env chain set); a computed jump within a
 * page is the page's own unit's.  selftest as for xlate_gen_unit.  0,
 * or -1 if a page has no block. */
int xlate_gen_group(xt_cpu *cpu, const uint32_t *pns, unsigned n, xl_buf *out,
                    int selftest);
/* 1 if page pn's decoded entries hold a loop that multiplies and calls
 * nothing (a DSP kernel's, whose unit keeps all its registers). */
int xlate_gen_has_kernel(xt_cpu *cpu, uint32_t pn);
/* A key for page pn's unit: a hash of everything the generator reads
 * (the decoded entries, the page, the timing parameters), mixed into
 * seed (the prelude, compiler and options). */
uint64_t xlate_gen_unit_key(xt_cpu *cpu, uint32_t pn, uint64_t seed);

#endif

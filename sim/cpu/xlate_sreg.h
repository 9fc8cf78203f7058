/* SPDX-License-Identifier: BSD-3-Clause */
/* xlate_sreg.c: the special registers translated code reads and writes. */
#ifndef DSPSIM_XLATE_SREG_H
#define DSPSIM_XLATE_SREG_H

/* 1 if a unit reads special register sr itself (RSR). */
int xlate_sreg_read_ok(unsigned sr);
/* 1 if a unit holds a WSR (or, xsr set, an XSR) of sr: SAR inline, the
 * others through the env's sr_op. */
int xlate_sreg_write_ok(unsigned sr, int xsr);
/* Whether a unit may hold instruction op (RSIL, WSR, XSR) on special
 * register sr through the env's sr_op helper. */
int xlate_sreg_op_ok(unsigned op, unsigned sr);

#endif

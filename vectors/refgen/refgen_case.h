/* SPDX-License-Identifier: BSD-3-Clause */
/* dsh-refgen: the case a reference is made for, and its timing.
 *
 * The reference named in a case's `expect:` does not exist before
 * dsh-refgen has written it, and the case loader checks that it does; so
 * the case is loaded with its top-level `expect:` block blanked out
 * (spaces, newlines kept: diagnostics keep their line:column).  Everything
 * else is validated exactly as `dspsim test` does. */
#ifndef RG_CASE_H
#define RG_CASE_H

#include <stdint.h>

#include "case/case.h"

/* NULL with the parser's diagnostics in *diag (or "FILE: problem"). */
dsh_case *rg_case_load(const char *path, dsh_diag *diag);

/* Index of the pipeline period (job k = 0, 1, ...) before which a control
 * at at_ms takes effect on the board.  The harness sends a due control at
 * the first boundary of its steps (step_us: the shortest period of the
 * case) at or after at_ms; the pipeline's jobs are released first_us after
 * START and then every period_us, and a command sent between two
 * releases is answered before the next one (the IPC worker runs in the
 * idle time of the period).  So the control is seen by the first job
 * released after that boundary. */
uint64_t rg_control_period(double at_ms, uint32_t step_us, uint32_t period_us,
                           uint32_t first_us);

#endif

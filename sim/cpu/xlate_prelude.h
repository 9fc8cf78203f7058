/* SPDX-License-Identifier: BSD-3-Clause */
/* xlate_prelude.c: the declarations and helpers every unit's file starts
 * with. */
#ifndef DSPSIM_XLATE_PRELUDE_H
#define DSPSIM_XLATE_PRELUDE_H

#include "xlate_buf.h"

void xlate_prelude_write(xl_buf *out);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Executable memory for the direct back ends (xlate_codemem.c). */
#ifndef DSPSIM_XLATE_CODEMEM_H
#define DSPSIM_XLATE_CODEMEM_H

#include <stddef.h>

typedef struct xl_code xl_code;

/* len bytes of machine code copied into executable memory: its address
 * (*piece: for xlate_codemem_free), or NULL if memory ran out. */
void *xlate_codemem_put(const void *bytes, size_t len, xl_code **piece);
void xlate_codemem_free(xl_code *piece);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Private state of the ELF loader (shared by its source files). */
#ifndef DSPSIM_LOADER_ELF_INTERNAL_H
#define DSPSIM_LOADER_ELF_INTERNAL_H

#include <stdarg.h>

#include "dspsim/loader.h"

struct xt_elf {
    char *name;           /* path or name given by the caller */
    uint8_t *data;        /* the whole file */
    size_t size;          /* bytes in data */
    size_t mapped;        /* data is an anonymous mapping of this size */
    uint32_t entry;       /* e_entry */
    xt_elf_segment *segs; /* PT_LOAD segments with memsz > 0 */
    size_t nsegs;
    xt_elf_symbol *syms; /* sorted by address */
    size_t nsyms;
    char *names; /* storage of the symbol names */
};

/* snprintf into err as "NAME: ..." (err may be NULL). */
void xt_elf_errf(char *err, size_t errsz, const char *name, const char *fmt,
                 ...) __attribute__((format(printf, 4, 5)));

/* Read the symbol table of the parsed image into elf->syms.  Returns
 * XT_LOAD_OK when there is none. */
xt_load_status xt_elf_read_symbols(xt_elf *elf, void *libelf_handle, char *err,
                                   size_t errsz);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* ELF loader for guest programs: validation, PT_LOAD segments, symbols.
 *
 * A program is first opened and checked (xt_elf_open / xt_elf_parse: no
 * CPU needed), then its segments are written into guest memory
 * (xt_elf_load_cpu, or xt_elf_load with any xt_load_target).
 *
 * Accepted files: ELF magic, ELFCLASS32, little-endian (ELFDATA2LSB),
 * EV_CURRENT, e_machine EM_XTENSA (94), e_type ET_EXEC, at least one
 * PT_LOAD segment with p_memsz > 0.  Segments load at their physical
 * address p_paddr (what QEMU's loader uses; equal to p_vaddr for the
 * linker scripts of this project): p_filesz bytes from the file, then
 * zeros up to p_memsz.
 *
 * Units: addresses are 32-bit guest addresses; sizes and file offsets
 * are bytes.
 *
 * Errors: every failing call writes one line to err (no trailing newline)
 * of the form "PATH: problem", e.g. "prog.elf: wrong machine: e_machine
 * 62 (x86-64), need EM_XTENSA (94)".
 */
#ifndef DSPSIM_LOADER_H
#define DSPSIM_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dspsim/xtcpu.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum xt_load_status {
    XT_LOAD_OK = 0,
    XT_LOAD_ERR_IO,     /* cannot open or read: missing, directory, ... */
    XT_LOAD_ERR_FORMAT, /* not an acceptable ELF file (see above) */
    XT_LOAD_ERR_MEMORY, /* a segment or the entry point lies outside
                            mapped guest memory, or a write failed */
    XT_LOAD_ERR_NOMEM,  /* host allocation failed */
} xt_load_status;

typedef struct xt_elf xt_elf;

typedef struct xt_elf_segment {
    uint32_t paddr;  /* load address (p_paddr) */
    uint32_t vaddr;  /* p_vaddr, informational */
    uint32_t offset; /* file offset of the data */
    uint32_t filesz; /* bytes taken from the file */
    uint32_t memsz;  /* bytes in memory (>= filesz; the rest is zeroed) */
    uint32_t flags;  /* PF_X | PF_W | PF_R */
} xt_elf_segment;

typedef struct xt_elf_symbol {
    uint32_t addr;    /* st_value */
    uint32_t size;    /* st_size; 0 when unknown */
    uint32_t limit;   /* end of the symbol's section: a symbol of size 0
                         covers addresses up to the next symbol or this */
    const char *name; /* owned by the xt_elf */
    bool is_func;     /* STT_FUNC (else STT_OBJECT) */
} xt_elf_symbol;

/* Read and check the file at path.  On success *out owns a copy of the
 * file and its symbol table; free it with xt_elf_free. */
xt_load_status xt_elf_open(const char *path, xt_elf **out, char *err,
                           size_t errsz);
/* Same checks on an in-memory image (copied); name is used in messages. */
xt_load_status xt_elf_parse(const char *name, const void *data, size_t size,
                            xt_elf **out, char *err, size_t errsz);
void xt_elf_free(xt_elf *elf);

const char *xt_elf_name(const xt_elf *elf);
uint32_t xt_elf_entry(const xt_elf *elf);
/* PT_LOAD segments with p_memsz > 0, in file order. */
size_t xt_elf_segment_count(const xt_elf *elf);
const xt_elf_segment *xt_elf_segment_at(const xt_elf *elf, size_t i);

/* Where segments are written.  mapped() returns true when every byte of
 * [addr, addr + len) is writable guest memory (len >= 1), otherwise false
 * with the first bad address in *bad; write() stores n bytes (the range
 * is known to be mapped). */
typedef struct xt_load_target {
    bool (*mapped)(void *user, uint32_t addr, uint32_t len, uint32_t *bad);
    bool (*write)(void *user, uint32_t addr, const void *src, size_t n);
    void *user;
} xt_load_target;

/* Check every segment and the entry point against the target, then write
 * the segments.  Nothing is written when a check fails. */
xt_load_status xt_elf_load(const xt_elf *elf, const xt_load_target *target,
                           char *err, size_t errsz);
/* xt_elf_load into RAM and ROM regions of cpu through xt_mem_write.
 * Does not touch registers: set the PC to xt_elf_entry() yourself. */
xt_load_status xt_elf_load_cpu(const xt_elf *elf, xt_cpu *cpu, char *err,
                               size_t errsz);

/* Function and object symbols (defined, named), sorted by address. */
size_t xt_elf_symbol_count(const xt_elf *elf);
const xt_elf_symbol *xt_elf_symbol_at(const xt_elf *elf, size_t i);
/* The symbol containing addr, or NULL; *off (may be NULL) receives
 * addr - symbol address.  Matches xt_sym_lookup_fn (disasm.h) with the
 * xt_elf as user pointer; elf may be NULL (no symbols). */
const char *xt_elf_sym_lookup(const void *elf, uint32_t addr, uint32_t *off);
/* Format addr as "name", "name+0x1c", or "?" when no symbol contains it.
 * Always NUL-terminates; returns the text length (as snprintf). */
int xt_elf_format_sym(const xt_elf *elf, uint32_t addr, char *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* Disassembler: objdump-compatible text for decoded LX106 instructions. */
#ifndef DSPSIM_CPU_DISASM_H
#define DSPSIM_CPU_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "isa.h"

/* Optional symbol lookup for branch/call/literal targets: returns the name
 * of the symbol containing addr (and its offset into *off), or NULL. */
typedef const char *(*xt_sym_lookup_fn)(const void *user, uint32_t addr,
                                        uint32_t *off);

/* Format 'in' (decoded at its own PC) as objdump prints it after the
 * instruction bytes: mnemonic, a tab, operands ("add.n\ta2, a3, a4").
 * Targets (branches, j, call0, l32r) print like objdump: "0x%x" when sym
 * is NULL (objdump on a file without symbols, e.g. -b binary), otherwise
 * bare hex followed by " <sym+0xoff>" (" <sym>" at offset 0, " <sym-0x..>"
 * when off is negative as int32) when sym finds a symbol.
 * Differences from objdump: l32r never shows the literal value objdump
 * appends in parentheses; XT_OP_ILLEGAL prints all its bytes as
 * ".byte 0x.., 0x.., 0x.." (objdump prints ".byte" with one byte, or for
 * some undecodable words a bogus "excw").
 * Always NUL-terminates (n > 0); returns the full text length, like
 * snprintf (so a return >= n means the text was truncated). */
int xt_disasm_insn(const xt_insn *in, char *buf, size_t n, xt_sym_lookup_fn sym,
                   const void *user);

/* Decode the instruction at pc (bytes, avail readable) and format it as
 * xt_disasm_insn() does.  Returns the instruction length, 0 if avail is
 * too short (buf is then "").  The building block of the public
 * xt_disasm_at(cpu, addr, ...): fetch 3 bytes (or what is mapped) at addr
 * and call this. */
int xt_disasm_bytes(uint32_t pc, const uint8_t *bytes, size_t avail, char *buf,
                    size_t n, xt_sym_lookup_fn sym, const void *user);

/* Instruction bytes as objdump shows them: the little-endian word in hex,
 * most significant byte first ("000021" for 21 00 00; "0df0" for f0 0d).
 * Returns the text length (2 * len). */
int xt_insn_hex(const uint8_t *bytes, int len, char *buf, size_t n);

#endif

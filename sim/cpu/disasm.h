/* Disassembler: objdump-compatible text for decoded LX106 instructions. */
#ifndef DSPSIM_CPU_DISASM_H
#define DSPSIM_CPU_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "isa.h"

/* Optional symbol lookup for branch/call/literal targets: returns the name
 * of the symbol containing addr (and its offset into *off), or NULL. */
typedef const char *(*xt_sym_lookup_fn)(void *user, uint32_t addr,
                                        uint32_t *off);

/* Format 'in' (decoded at its own PC) as objdump prints it after the
 * instruction bytes: mnemonic, a tab, operands ("add.n\ta2, a3, a4").
 * Targets print as bare hex addresses, followed by " <sym+0xoff>" when
 * sym finds a symbol.  Always NUL-terminates; returns the text length. */
int xt_disasm_insn(const xt_insn *in, char *buf, size_t n,
                   xt_sym_lookup_fn sym, void *user);

#endif

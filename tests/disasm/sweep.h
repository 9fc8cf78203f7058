/* SPDX-License-Identifier: BSD-3-Clause */
/* Instruction-word sweeps through xtensa-lx106-elf-objdump, shared by the
 * disassembler comparison and the opcode enumeration tests.
 *
 * The words are written to a raw binary, each followed by two 0xff bytes:
 * op0 15 is no instruction of this core, so objdump prints ".byte 0xff"
 * one byte at a time there and is back in step at the next word even when
 * it could not decode the previous one (it then resumes one byte later,
 * and a 3-byte read from there ends inside the padding).  The binary is
 * disassembled with "objdump -D -z -b binary -m xtensa --adjust-vma=VMA"
 * and the line printed at each word's address is handed to a callback.
 */
#ifndef DSPSIM_TESTS_DISASM_SWEEP_H
#define DSPSIM_TESTS_DISASM_SWEEP_H

#include <stddef.h>
#include <stdint.h>

struct word_list {
    uint32_t *words;
    size_t n, cap;
};

void wl_add(struct word_list *wl, uint32_t word);
void wl_free(struct word_list *wl);

/* The deterministic default set: all 16-bit words (op0 8..13), all
 * op0=0 words with op1 0..3, every op0/op1/op2/r combination with
 * random s and t, every SR number for rsr/wsr/xsr with every t, and
 * random 24-bit words.  Roughly 800k words. */
void sweep_default_words(struct word_list *wl);

/* Every 24-bit word with the given op0 (2^20 words; op0 must be a
 * 24-bit one: 0..7, 14, 15) or, for op0 < 0, every 16-bit word. */
void sweep_exhaustive_words(struct word_list *wl, int op0);

/* Instruction length (2 or 3) of a word. */
int sweep_word_len(uint32_t word);

/* Little-endian bytes of a word. */
void sweep_word_bytes(uint32_t word, uint8_t out[3]);

/* Called once per word: its address, the objdump text after the bytes
 * column (mnemonic, TAB, operands; NULL if objdump printed no line at
 * that address) and the number of bytes objdump consumed there. */
typedef void (*sweep_fn)(void *user, uint32_t pc, uint32_t word,
                         const char *text, int objdump_len);

/* Disassemble wl with objdump (scratch files under workdir) and call fn
 * for each word in order.  Returns 0, or -1 if objdump could not run. */
int sweep_run(const char *objdump, const char *workdir,
              const struct word_list *wl, uint32_t vma, sweep_fn fn,
              void *user);

/* Deterministic xorshift32 generator. */
uint32_t sweep_rand(uint32_t *state);

/* Copy the mnemonic (text up to the first TAB) into buf. */
void sweep_mnemonic(const char *text, char *buf, size_t n);

#endif

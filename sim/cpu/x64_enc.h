/* SPDX-License-Identifier: BSD-3-Clause */
/* A small x86-64 encoder for the direct back end (xlate_x64.c): the
 * instruction forms it uses, appended to a growing byte buffer, and
 * labels with rel32 fix-ups.  Encodings from the Intel SDM, vol. 2. */
#ifndef DSPSIM_X64_ENC_H
#define DSPSIM_X64_ENC_H

#include <stddef.h>
#include <stdint.h>

/* Host registers by their encoding number. */
enum {
    RAX,
    RCX,
    RDX,
    RBX,
    RSP,
    RBP,
    RSI,
    RDI,
    R8,
    R9,
    R10,
    R11,
    R12,
    R13,
    R14,
    R15,
    NOREG = -1
};

/* Condition codes (the low nibble of Jcc/SETcc/CMOVcc). */
enum {
    CC_O,
    CC_NO,
    CC_B,
    CC_AE,
    CC_E,
    CC_NE,
    CC_BE,
    CC_A,
    CC_S,
    CC_NS,
    CC_P,
    CC_NP,
    CC_L,
    CC_GE,
    CC_LE,
    CC_G
};

typedef struct x64_fix {
    uint32_t at;  /* offset of a rel32 field (the last of its instruction) */
    uint32_t lab; /* the label it reaches */
    int sec;      /* the section of 'at' */
} x64_fix;

typedef struct x64_buf {
    uint8_t *p; /* the section being written */
    size_t n, cap;
    uint8_t *sp; /* the other one */
    size_t sn, scap;
    int sec;      /* 0 hot, 1 cold: placed after the hot one */
    int32_t *lab; /* label positions, -1 while unbound */
    uint8_t *labsec;
    unsigned nlab, caplab;
    x64_fix *fix;
    unsigned nfix, capfix;
    int oom;
    size_t bound[2]; /* 1 + where a label was last bound, per section */
} x64_buf;

void x64_bytes(x64_buf *b, const void *s, size_t n);
void x64_u16(x64_buf *b, unsigned v);
void x64_u32(x64_buf *b, uint32_t v);
void x64_u64(x64_buf *b, uint64_t v);
/* Empty the buffer for the next unit, keeping its memory. */
void x64_reset(x64_buf *b);

static inline void x64_u8(x64_buf *b, unsigned v)
{
    if (b->n < b->cap) /* the common case: no call */
        b->p[b->n++] = (uint8_t)v;
    else {
        uint8_t c = (uint8_t)v;
        x64_bytes(b, &c, 1);
    }
}
void x64_align(x64_buf *b, unsigned a); /* with int3 */

unsigned x64_label(x64_buf *b);           /* a new, unbound label */
void x64_bind(x64_buf *b, unsigned lab);  /* here */
void x64_rel32(x64_buf *b, unsigned lab); /* a rel32 field to lab */
/* Write into section sec from now on: 0 the hot code, 1 the cold code
 * (slow paths), which x64_resolve places after the hot section. */
void x64_section(x64_buf *b, int sec);
/* The sections joined in p (n bytes), every rel32 filled and every
 * label's position final: 0, or -1 if one is unbound or memory ran out. */
int x64_resolve(x64_buf *b);

/* reg op [base + index * scale + disp] (index NOREG: none).  op: one or
 * two opcode bytes (0x0Fxx), with REX.W if w; pfx66: the operand-size
 * prefix. */
void x64_mem(x64_buf *b, int pfx66, int w, unsigned op, int reg, int base,
             int index, unsigned scale, int32_t disp);
/* reg op rm, both registers (mod 11). */
void x64_rr(x64_buf *b, int w, unsigned op, int reg, int rm);

/* The common forms. */
void x64_mov_rm(x64_buf *b, int w, int r, int base, int32_t disp); /* r = [m] */
void x64_mov_mr(x64_buf *b, int w, int base, int32_t disp, int r); /* [m] = r */
void x64_mov_mi32(x64_buf *b, int base, int32_t disp, uint32_t imm); /* dword */
void x64_mov_mi8(x64_buf *b, int base, int32_t disp, unsigned imm);
void x64_mov_mi16(x64_buf *b, int base, int32_t disp, unsigned imm);
void x64_mov_ri(x64_buf *b, int r, uint32_t imm); /* 32-bit, zero-ext */
void x64_mov_ri64(x64_buf *b, int r, uint64_t imm);
void x64_mov_rr(x64_buf *b, int w, int dst, int src);
/* ALU group 1 by its /digit: 0 add, 1 or, 4 and, 5 sub, 6 xor, 7 cmp */
void x64_alu_ri(x64_buf *b, int w, unsigned ext, int r, int32_t imm);
void x64_alu_mi(x64_buf *b, int w, unsigned ext, int base, int32_t disp,
                int32_t imm);
/* r op= [m]: 0x03 add, 0x0B or, 0x23 and, 0x2B sub, 0x33 xor, 0x3B cmp */
void x64_alu_rm(x64_buf *b, int w, unsigned op, int r, int base, int32_t disp);
void x64_alu_rr(x64_buf *b, int w, unsigned op, int r, int rm);
/* shifts by /digit: 4 shl, 5 shr, 7 sar; by imm, or by cl */
void x64_shift_ri(x64_buf *b, int w, unsigned ext, int r, unsigned imm);
void x64_shift_rcl(x64_buf *b, int w, unsigned ext, int r);
void x64_lea(x64_buf *b, int r, int base, int index, unsigned scale,
             int32_t disp);
void x64_jcc(x64_buf *b, unsigned cc, unsigned lab);
void x64_jmp(x64_buf *b, unsigned lab);
void x64_jmp_r(x64_buf *b, int r);
void x64_call_m(x64_buf *b, int base, int32_t disp); /* call qword [m] */
void x64_call(x64_buf *b, unsigned lab);             /* call rel32 */
void x64_lea_rip(x64_buf *b, int r, unsigned lab);
void x64_push(x64_buf *b, int r);
void x64_pop(x64_buf *b, int r);
void x64_cmov(x64_buf *b, int w, unsigned cc, int dst, int src);

#endif

/* SPDX-License-Identifier: BSD-3-Clause */
/* The x86-64 encoder of the direct back end (x64_enc.h). */
#include <stdlib.h>
#include <string.h>

#include "populate.h"
#include "x64_enc.h"

static int grow(void **p, unsigned *cap, unsigned need, size_t elem)
{
    if (need <= *cap)
        return 0;
    unsigned n = *cap ? *cap * 2 : 64;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, (size_t)n * elem);
    if (!q)
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

void x64_bytes(x64_buf *b, const void *s, size_t n)
{
    if (b->oom)
        return;
    if (b->n + n > b->cap) {
        size_t c = b->cap ? b->cap * 2 : 256 * 1024;
        while (c < b->n + n)
            c *= 2;
        uint8_t *q = realloc(b->p, c);
        if (!q) {
            b->oom = 1;
            return;
        }
        /* the code is written into all of them soon */
        populate_pages(q + b->cap, c - b->cap, true);
        b->p = q;
        b->cap = c;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

void x64_u16(x64_buf *b, unsigned v)
{
    uint8_t c[2] = { (uint8_t)v, (uint8_t)(v >> 8) };
    if (b->n + 2 <= b->cap) {
        memcpy(b->p + b->n, c, 2);
        b->n += 2;
    } else {
        x64_bytes(b, c, 2);
    }
}

void x64_u32(x64_buf *b, uint32_t v)
{
    uint8_t c[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
                     (uint8_t)(v >> 24) };
    if (b->n + 4 <= b->cap) {
        memcpy(b->p + b->n, c, 4);
        b->n += 4;
    } else {
        x64_bytes(b, c, 4);
    }
}

void x64_reset(x64_buf *b)
{
    x64_section(b, 0);
    b->n = 0;
    b->sn = 0;
    b->nlab = 0;
    b->nfix = 0;
    b->oom = 0;
    b->bound[0] = b->bound[1] = 0;
}

void x64_u64(x64_buf *b, uint64_t v)
{
    x64_u32(b, (uint32_t)v);
    x64_u32(b, (uint32_t)(v >> 32));
}

void x64_align(x64_buf *b, unsigned a)
{
    while (!b->oom && b->n % a)
        x64_u8(b, 0xCC);
}

unsigned x64_label(x64_buf *b)
{
    unsigned cap = b->caplab;
    if (grow((void **)&b->lab, &b->caplab, b->nlab + 1, sizeof *b->lab) ||
        grow((void **)&b->labsec, &cap, b->nlab + 1, sizeof *b->labsec)) {
        b->oom = 1;
        return 0;
    }
    b->lab[b->nlab] = -1;
    b->labsec[b->nlab] = 0;
    return b->nlab++;
}

void x64_bind(x64_buf *b, unsigned lab)
{
    /* a jmp to here just before: left out (the labels bound at it now
     * reach here, which is where it went), unless a label was bound
     * after it, here: that one would then point past the code */
    if (!b->oom && b->nfix && b->n >= 5 && b->bound[b->sec] != b->n + 1) {
        const x64_fix *f = &b->fix[b->nfix - 1];
        if (f->lab == lab && f->sec == b->sec && f->at + 4 == b->n &&
            b->p[f->at - 1] == 0xE9) {
            b->n -= 5;
            b->nfix--;
        }
    }
    if (!b->oom && lab < b->nlab) {
        b->lab[lab] = (int32_t)b->n;
        b->labsec[lab] = (uint8_t)b->sec;
        b->bound[b->sec] = b->n + 1;
    }
}

void x64_section(x64_buf *b, int sec)
{
    if (sec == b->sec)
        return;
    uint8_t *p = b->p;
    size_t n = b->n, cap = b->cap;
    b->p = b->sp;
    b->n = b->sn;
    b->cap = b->scap;
    b->sp = p;
    b->sn = n;
    b->scap = cap;
    b->sec = sec;
}

void x64_rel32(x64_buf *b, unsigned lab)
{
    if (grow((void **)&b->fix, &b->capfix, b->nfix + 1, sizeof *b->fix)) {
        b->oom = 1;
        return;
    }
    b->fix[b->nfix].at = (uint32_t)b->n;
    b->fix[b->nfix].lab = lab;
    b->fix[b->nfix].sec = b->sec;
    b->nfix++;
    x64_u32(b, 0);
}

int x64_resolve(x64_buf *b)
{
    x64_section(b, 0);
    x64_align(b, 16);
    size_t cold = b->n;
    if (b->sn)
        x64_bytes(b, b->sp, b->sn);
    if (b->oom)
        return -1;
    for (unsigned i = 0; i < b->nlab; i++)
        if (b->lab[i] >= 0 && b->labsec[i]) {
            b->lab[i] += (int32_t)cold;
            b->labsec[i] = 0;
        }
    for (unsigned i = 0; i < b->nfix; i++) {
        const x64_fix *f = &b->fix[i];
        if (f->lab >= b->nlab || b->lab[f->lab] < 0)
            return -1;
        int32_t at = (int32_t)f->at + (f->sec ? (int32_t)cold : 0);
        int32_t rel = b->lab[f->lab] - (at + 4);
        memcpy(b->p + at, &rel, 4);
    }
    return 0;
}

/* An instruction is put together in a few bytes here and appended at
 * once: one room check, not one a byte (the emitter's hottest code). */
typedef struct {
    uint8_t c[16];
    unsigned n;
} ins_bytes;

static inline void put(ins_bytes *i, unsigned v)
{
    i->c[i->n++] = (uint8_t)v;
}

static inline void flush(x64_buf *b, const ins_bytes *i)
{
    if (b->cap - b->n >= sizeof i->c) {
        memcpy(b->p + b->n, i->c, sizeof i->c); /* a fixed size: two moves */
        b->n += i->n;
    } else {
        x64_bytes(b, i->c, i->n);
    }
}

static inline void opcode(ins_bytes *i, unsigned op)
{
    if (op > 0xFF)
        put(i, op >> 8);
    put(i, op & 0xFF);
}

void x64_mem(x64_buf *b, int pfx66, int w, unsigned op, int reg, int base,
             int index, unsigned scale, int32_t disp)
{
    ins_bytes i = { .n = 0 };
    if (pfx66)
        put(&i, 0x66);
    unsigned rex = 0x40u | (w ? 8u : 0u) | ((unsigned)(reg >> 3) & 1u) << 2 |
                   (index >= 0 ? ((unsigned)(index >> 3) & 1u) << 1 : 0u) |
                   ((unsigned)(base >> 3) & 1u);
    if (rex != 0x40u)
        put(&i, rex);
    opcode(&i, op);
    unsigned mod = (disp == 0 && (base & 7) != 5)  ? 0u
                   : (disp >= -128 && disp <= 127) ? 1u
                                                   : 2u;
    if (index < 0 && (base & 7) != 4) {
        put(&i, mod << 6 | ((unsigned)reg & 7u) << 3 | ((unsigned)base & 7u));
    } else {
        unsigned ss = scale == 8 ? 3u : scale == 4 ? 2u : scale == 2 ? 1u : 0u;
        put(&i, mod << 6 | ((unsigned)reg & 7u) << 3 | 4u);
        put(&i, ss << 6 | (index < 0 ? 4u : (unsigned)index & 7u) << 3 |
                    ((unsigned)base & 7u));
    }
    if (mod == 1) {
        put(&i, (unsigned)disp & 0xFF);
    } else if (mod == 2) {
        for (int k = 0; k < 4; k++)
            put(&i, (uint32_t)disp >> (8 * k) & 0xFF);
    }
    flush(b, &i);
}

void x64_rr(x64_buf *b, int w, unsigned op, int reg, int rm)
{
    ins_bytes i = { .n = 0 };
    unsigned rex = 0x40u | (w ? 8u : 0u) | ((unsigned)(reg >> 3) & 1u) << 2 |
                   ((unsigned)(rm >> 3) & 1u);
    if (rex != 0x40u)
        put(&i, rex);
    opcode(&i, op);
    put(&i, 0xC0u | ((unsigned)reg & 7u) << 3 | ((unsigned)rm & 7u));
    flush(b, &i);
}

void x64_mov_rm(x64_buf *b, int w, int r, int base, int32_t disp)
{
    x64_mem(b, 0, w, 0x8B, r, base, NOREG, 1, disp);
}

void x64_mov_mr(x64_buf *b, int w, int base, int32_t disp, int r)
{
    x64_mem(b, 0, w, 0x89, r, base, NOREG, 1, disp);
}

void x64_mov_mi32(x64_buf *b, int base, int32_t disp, uint32_t imm)
{
    x64_mem(b, 0, 0, 0xC7, 0, base, NOREG, 1, disp);
    x64_u32(b, imm);
}

void x64_mov_mi8(x64_buf *b, int base, int32_t disp, unsigned imm)
{
    x64_mem(b, 0, 0, 0xC6, 0, base, NOREG, 1, disp);
    x64_u8(b, imm);
}

void x64_mov_mi16(x64_buf *b, int base, int32_t disp, unsigned imm)
{
    x64_mem(b, 1, 0, 0xC7, 0, base, NOREG, 1, disp);
    x64_u16(b, imm);
}

void x64_mov_ri(x64_buf *b, int r, uint32_t imm)
{
    if (r >= 8)
        x64_u8(b, 0x41);
    x64_u8(b, 0xB8u + ((unsigned)r & 7u));
    x64_u32(b, imm);
}

void x64_mov_ri64(x64_buf *b, int r, uint64_t imm)
{
    x64_u8(b, 0x48u | ((unsigned)(r >> 3) & 1u));
    x64_u8(b, 0xB8u + ((unsigned)r & 7u));
    x64_u64(b, imm);
}

void x64_mov_rr(x64_buf *b, int w, int dst, int src)
{
    x64_rr(b, w, 0x8B, dst, src);
}

void x64_alu_ri(x64_buf *b, int w, unsigned ext, int r, int32_t imm)
{
    int small = imm >= -128 && imm <= 127;
    x64_rr(b, w, small ? 0x83 : 0x81, (int)ext, r);
    if (small)
        x64_u8(b, (unsigned)imm & 0xFF);
    else
        x64_u32(b, (uint32_t)imm);
}

void x64_alu_mi(x64_buf *b, int w, unsigned ext, int base, int32_t disp,
                int32_t imm)
{
    int small = imm >= -128 && imm <= 127;
    x64_mem(b, 0, w, small ? 0x83 : 0x81, (int)ext, base, NOREG, 1, disp);
    if (small)
        x64_u8(b, (unsigned)imm & 0xFF);
    else
        x64_u32(b, (uint32_t)imm);
}

void x64_alu_rm(x64_buf *b, int w, unsigned op, int r, int base, int32_t disp)
{
    x64_mem(b, 0, w, op, r, base, NOREG, 1, disp);
}

void x64_alu_rr(x64_buf *b, int w, unsigned op, int r, int rm)
{
    x64_rr(b, w, op, r, rm);
}

void x64_shift_ri(x64_buf *b, int w, unsigned ext, int r, unsigned imm)
{
    x64_rr(b, w, 0xC1, (int)ext, r);
    x64_u8(b, imm & 63u);
}

void x64_shift_rcl(x64_buf *b, int w, unsigned ext, int r)
{
    x64_rr(b, w, 0xD3, (int)ext, r);
}

void x64_lea(x64_buf *b, int r, int base, int index, unsigned scale,
             int32_t disp)
{
    x64_mem(b, 0, 1, 0x8D, r, base, index, scale, disp);
}

void x64_jcc(x64_buf *b, unsigned cc, unsigned lab)
{
    x64_u8(b, 0x0F);
    x64_u8(b, 0x80u | (cc & 15u));
    x64_rel32(b, lab);
}

void x64_jmp(x64_buf *b, unsigned lab)
{
    x64_u8(b, 0xE9);
    x64_rel32(b, lab);
}

void x64_jmp_r(x64_buf *b, int r)
{
    x64_rr(b, 0, 0xFF, 4, r);
}

void x64_call_m(x64_buf *b, int base, int32_t disp)
{
    x64_mem(b, 0, 0, 0xFF, 2, base, NOREG, 1, disp);
}

void x64_call(x64_buf *b, unsigned lab)
{
    x64_u8(b, 0xE8);
    x64_rel32(b, lab);
}

void x64_lea_rip(x64_buf *b, int r, unsigned lab)
{
    x64_u8(b, 0x48u | (((unsigned)r >> 3) & 1u) << 2);
    x64_u8(b, 0x8D);
    x64_u8(b, ((unsigned)r & 7u) << 3 | 5u);
    x64_rel32(b, lab);
}

void x64_push(x64_buf *b, int r)
{
    if (r >= 8)
        x64_u8(b, 0x41);
    x64_u8(b, 0x50u + ((unsigned)r & 7u));
}

void x64_pop(x64_buf *b, int r)
{
    if (r >= 8)
        x64_u8(b, 0x41);
    x64_u8(b, 0x58u + ((unsigned)r & 7u));
}

void x64_cmov(x64_buf *b, int w, unsigned cc, int dst, int src)
{
    x64_rr(b, w, 0x0F40u | (cc & 15u), dst, src);
}

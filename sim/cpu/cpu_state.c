/* SPDX-License-Identifier: BSD-3-Clause */
/* The CPU's saved state (xtcpu.h, "Saved state"; docs/snapshot-format.md):
 * every architectural register, the timing model's carried state
 * (interlock, SAR shift run, ICOUNT step), the counters, the timer and
 * interrupt lines, the recent control transfers, and the bytes of every
 * RAM and ROM region of its own (a region shared with another CPU,
 * xt_region_desc.share, is recorded with REGION_SHARED in its kind and no
 * bytes: the owner's state holds them).  Decoded and translated code is
 * not state: a load drops it. */
#include <stdlib.h>
#include <string.h>

#include "core_state.h"
#include "events.h"
#include "mem.h"

#define STATE_MAGIC   0x54535458u /* "XTST" */
#define REGION_SHARED 0x80000000u /* a region's kind: another CPU's bytes */
#define STATE_VERSION 1u

typedef struct sw {
    uint8_t *p; /* NULL: count only */
    size_t n, cap;
} sw;

static void put(sw *w, const void *src, size_t n)
{
    if (w->p && w->n + n <= w->cap)
        memcpy(w->p + w->n, src, n);
    w->n += n;
}

static void put32(sw *w, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
                     (uint8_t)(v >> 24) };
    put(w, b, 4);
}

static void put64(sw *w, uint64_t v)
{
    put32(w, (uint32_t)v);
    put32(w, (uint32_t)(v >> 32));
}

static void put32s(sw *w, const unsigned *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        put32(w, v[i]);
}

typedef struct sr {
    const uint8_t *p;
    size_t n, pos;
    int bad;
} sr;

static const uint8_t *get(sr *r, size_t n)
{
    if (r->bad || r->n - r->pos < n) {
        r->bad = 1;
        return NULL;
    }
    const uint8_t *p = r->p + r->pos;
    r->pos += n;
    return p;
}

static uint32_t get32(sr *r)
{
    const uint8_t *p = get(r, 4);
    return p ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                   (uint32_t)p[3] << 24
             : 0;
}

static uint64_t get64(sr *r)
{
    uint64_t lo = get32(r);
    return lo | (uint64_t)get32(r) << 32;
}

static void get32s(sr *r, unsigned *v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        v[i] = get32(r);
}

/* Which transfer slot i of the history holds (n > i): the last of
 * the n made so far that went there. */
static uint64_t slot_transfer(uint64_t n, unsigned i)
{
    return n - 1 - (n - 1 - i) % XT_HISTORY;
}

/* Everything but the memories. */
static void encode_regs(const xt_cpu *c, sw *w)
{
    put32(w, STATE_MAGIC);
    put32(w, STATE_VERSION);
    put32s(w, c->ar, 16);
    put32(w, c->pc);
    put32(w, c->sar);
    put32(w, c->litbase);
    put32(w, c->ps);
    put32(w, c->vecbase);
    put32s(w, c->epc, 4);
    put32s(w, c->eps, 4);
    put32s(w, c->excsave, 4);
    put32(w, c->depc);
    put32(w, c->exccause);
    put32(w, c->excvaddr);
    put32(w, c->interrupt);
    put32(w, c->intenable);
    put32(w, c->ccompare0);
    put32(w, c->icount);
    put32(w, c->icountlevel);
    put32(w, c->debugcause);
    put32(w, c->ibreakenable);
    put32(w, c->ibreaka0);
    put32(w, c->dbreaka0);
    put32(w, c->dbreakc0);
    put32(w, c->ddr);
    put32(w, c->prid);
    put32(w, c->ccount_offset);
    put(w, c->itlb_attr, 8);
    put(w, c->dtlb_attr, 8);
    put32(w, c->irq_lines);
    put64(w, c->cycles);
    put64(w, c->insns);
    put64(w, c->timer_at);
    /* carried between instructions and runs */
    uint8_t b[8] = { c->waiting, c->stop_req, c->exit_req, c->icount_pending,
                     c->hz_cost, c->sar_left, 0,           0 };
    put(w, b, 8);
    put32(w, c->hz_mask);
    put32(w, (uint32_t)c->exit_status);
    put32(w, c->fatal.pc);
    put32(w, c->fatal.exccause);
    put32(w, c->fatal.excvaddr);
    /* the timing model's parameters (a board may override them) */
    unsigned t[sizeof(xt_timing) / sizeof(unsigned)];
    memcpy(t, &c->timing, sizeof t);
    put32s(w, t, sizeof t / sizeof *t);
    /* recent control transfers (xt_recent_pcs, panic reports) */
    put32(w, (uint32_t)c->hist_n);
    for (unsigned i = 0; i < XT_HISTORY; i++) {
        /* a slot not yet written holds what reset left: no mark */
        xt_transfer h = { (uint32_t)c->hist[i], (uint32_t)(c->hist[i] >> 32),
                          0 };
        if (c->hist_n > i)
            h = core_hist_get(c, slot_transfer(c->hist_n, i));
        put32(w, h.from);
        put32(w, h.to);
        put32(w, h.from_exclusive);
    }
}

/* A region's kind in the record, and whether the record holds its bytes. */
static uint32_t region_kind(const xt_region *r)
{
    return (uint32_t)r->d.kind | (r->borrowed ? REGION_SHARED : 0);
}

static int has_bytes(const xt_region *r)
{
    return r->d.kind != XT_REGION_MMIO && !r->borrowed;
}

static void encode(const xt_cpu *c, sw *w)
{
    encode_regs(c, w);
    /* the memory map as a check, and the bytes of RAM and ROM */
    put32(w, c->nregions);
    for (unsigned i = 0; i < c->nregions; i++) {
        const xt_region *r = &c->regions[i];
        put32(w, r->d.base);
        put32(w, r->d.size);
        put32(w, region_kind(r));
        if (has_bytes(r))
            put(w, r->host, r->d.size);
    }
}

size_t xt_state_size(const xt_cpu *cpu)
{
    if (!cpu)
        return 0;
    sw w = { 0 };
    encode(cpu, &w);
    return w.n;
}

xt_err xt_state_save(const xt_cpu *cpu, void *buf, size_t size)
{
    if (!cpu || !buf)
        return XT_ERR_ARG;
    if (cpu->running)
        return XT_ERR_BUSY;
    sw w = { buf, 0, size };
    encode(cpu, &w);
    return w.n == size ? XT_OK : XT_ERR_ARG;
}

/* The registers of a record (what encode_regs wrote, after the magic and
 * version) into c, checked; a record that fails the checks leaves c as
 * it was.  *t: the timing parameters, for the caller to apply. */
static xt_err load_regs(xt_cpu *cpu, sr *rp, xt_timing *tp)
{
    sr r = *rp;
    xt_cpu *c = cpu, *bak = malloc(sizeof *cpu);
    if (!bak)
        return XT_ERR_NOMEM;
    memcpy(bak, cpu, sizeof *cpu);
    get32s(&r, c->ar, 16);
    c->pc = get32(&r);
    c->sar = get32(&r);
    c->litbase = get32(&r);
    c->ps = get32(&r);
    c->vecbase = get32(&r);
    get32s(&r, c->epc, 4);
    get32s(&r, c->eps, 4);
    get32s(&r, c->excsave, 4);
    c->depc = get32(&r);
    c->exccause = get32(&r);
    c->excvaddr = get32(&r);
    c->interrupt = get32(&r);
    c->intenable = get32(&r);
    c->ccompare0 = get32(&r);
    c->icount = get32(&r);
    c->icountlevel = get32(&r);
    c->debugcause = get32(&r);
    c->ibreakenable = get32(&r);
    c->ibreaka0 = get32(&r);
    c->dbreaka0 = get32(&r);
    c->dbreakc0 = get32(&r);
    c->ddr = get32(&r);
    c->prid = get32(&r);
    c->ccount_offset = get32(&r);
    memcpy(c->itlb_attr, get(&r, 8), 8);
    memcpy(c->dtlb_attr, get(&r, 8), 8);
    c->irq_lines = get32(&r);
    c->cycles = get64(&r);
    c->insns = get64(&r);
    c->timer_at = get64(&r);
    const uint8_t *b = get(&r, 8);
    c->waiting = b[0];
    c->wait_since = c->cycles; /* not in the state: an observation */
    c->stop_req = b[1];
    c->exit_req = b[2];
    c->icount_pending = b[3];
    c->hz_cost = b[4];
    c->sar_left = b[5];
    c->hz_mask = (uint16_t)get32(&r);
    c->exit_status = (int)get32(&r);
    c->fatal.reason = NULL;
    c->fatal.pc = get32(&r);
    c->fatal.exccause = get32(&r);
    c->fatal.excvaddr = get32(&r);
    unsigned tv[sizeof(xt_timing) / sizeof(unsigned)];
    xt_timing t;
    get32s(&r, tv, sizeof tv / sizeof *tv);
    memcpy(&t, tv, sizeof t);
    c->hist_n = get32(&r);
    for (unsigned i = 0; i < XT_HISTORY; i++) {
        uint32_t from = get32(&r), to = get32(&r), excl = get32(&r);
        c->hist_excl[i] = 0;
        /* slot i's transfer; a slot not yet written keeps slot i */
        uint64_t n = c->hist_n > i ? slot_transfer(c->hist_n, i) : i;
        core_hist_put(c, n, from, to, excl && c->hist_n > i);
    }
    /* values the engine relies on being in range (a crafted record) */
    if (r.bad || c->sar > 63 || t.base < 1 || t.base + t.isync_extra > 255 ||
        t.base + t.sync_extra > 255 || (c->interrupt & ~0x7FFFu) ||
        (c->irq_lines & ~0x7FFFu)) {
        memcpy(cpu, bak, sizeof *cpu);
        free(bak);
        return XT_ERR_STATE;
    }
    free(bak);
    *tp = t;
    *rp = r;
    return XT_OK;
}

xt_err xt_state_load(xt_cpu *cpu, const void *buf, size_t size)
{
    if (!cpu || !buf)
        return XT_ERR_ARG;
    if (cpu->running)
        return XT_ERR_BUSY;
    sr r = { buf, size, 0, 0 };
    if (get32(&r) != STATE_MAGIC || get32(&r) != STATE_VERSION)
        return XT_ERR_STATE;
    /* check the whole record against this engine's memory map before
     * changing anything */
    sr probe = r;
    sw regs = { 0 };
    encode_regs(cpu, &regs);
    probe.pos = regs.n;
    if (probe.pos > size || get32(&probe) != cpu->nregions)
        return XT_ERR_STATE;
    for (unsigned i = 0; i < cpu->nregions; i++) {
        const xt_region *g = &cpu->regions[i];
        if (get32(&probe) != g->d.base || get32(&probe) != g->d.size ||
            get32(&probe) != region_kind(g))
            return XT_ERR_STATE;
        if (has_bytes(g) && !get(&probe, g->d.size))
            return XT_ERR_STATE;
    }
    if (probe.bad || probe.pos != size)
        return XT_ERR_STATE;

    /* registers first, checked, then the memories; a record that fails the
     * checks leaves the engine as it was */
    xt_timing t;
    xt_err e = load_regs(cpu, &r, &t);
    if (e != XT_OK)
        return e;
    xt_cpu *c = cpu;
    get32(&r); /* the region count, checked above */
    for (unsigned i = 0; i < c->nregions; i++) {
        xt_region *g = &c->regions[i];
        get(&r, 12);
        if (has_bytes(g))
            memcpy(g->host, get(&r, g->d.size), g->d.size);
    }
    mem_mark_all_dirty(c);
    /* decoded and translated code is not state; the TLB attributes and
     * the data breakpoint decide the fast-path pointers */
    c->timing = t;
    mem_flush_code(c);
    mem_refresh_all(c);
    c->cyc_end = c->ins_end = UINT64_MAX;
    c->use_until = 0;
    events_update(c);
    return XT_OK;
}

/* ---- the state without the memories ------------------------------------ */
size_t xt_state_core_size(const xt_cpu *cpu)
{
    if (!cpu)
        return 0;
    sw w = { 0 };
    encode_regs(cpu, &w);
    return w.n;
}

xt_err xt_state_core_save(const xt_cpu *cpu, void *buf, size_t size)
{
    if (!cpu || !buf)
        return XT_ERR_ARG;
    if (cpu->running)
        return XT_ERR_BUSY;
    sw w = { buf, 0, size };
    encode_regs(cpu, &w);
    return w.n == size ? XT_OK : XT_ERR_ARG;
}

xt_err xt_state_core_load(xt_cpu *cpu, const void *buf, size_t size)
{
    if (!cpu || !buf)
        return XT_ERR_ARG;
    if (cpu->running)
        return XT_ERR_BUSY;
    if (size != xt_state_core_size(cpu))
        return XT_ERR_STATE;
    sr r = { buf, size, 0, 0 };
    if (get32(&r) != STATE_MAGIC || get32(&r) != STATE_VERSION)
        return XT_ERR_STATE;
    uint8_t itlb[8], dtlb[8];
    memcpy(itlb, cpu->itlb_attr, 8);
    memcpy(dtlb, cpu->dtlb_attr, 8);
    uint32_t dbreakc = cpu->dbreakc0;
    xt_timing t;
    xt_err e = load_regs(cpu, &r, &t);
    if (e != XT_OK)
        return e;
    /* decoded and translated code stays (the memories did not change):
     * it is dropped only where what it was made for did, and the
     * fast-path pointers recomputed only where they depend on a change */
    bool timing = memcmp(&t, &cpu->timing, sizeof t) != 0;
    cpu->timing = t;
    if (timing || memcmp(itlb, cpu->itlb_attr, 8))
        mem_flush_code(cpu);
    if (memcmp(dtlb, cpu->dtlb_attr, 8) || dbreakc != cpu->dbreakc0)
        mem_refresh_all(cpu);
    cpu->cyc_end = cpu->ins_end = UINT64_MAX;
    cpu->use_until = 0;
    events_update(cpu);
    return XT_OK;
}

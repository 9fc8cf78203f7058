/* SPDX-License-Identifier: BSD-3-Clause */
/* Races between the cores of a board: vector clocks over the inter-core
 * device's synchronisations, a shadow of every byte of the shared
 * memories (dspsim/board_race.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_internal.h"
#include "dspsim/board_race.h"
#include "dspsim/loader.h"

/* the shared memories: the mailbox up to the end of the largest IRAM */
#define SHADOW_BASE  BOARD_MBOX_BASE
#define SHADOW_END   (BOARD_IRAM_BASE + BOARD_IRAM_MAX_SIZE)
#define SHADOW_PAGES ((SHADOW_END - SHADOW_BASE) / XT_PAGE_SIZE)

/* an access remembered: the core's clock then (0: none), where, when */
typedef struct shadow_acc {
    uint32_t clock;
    uint32_t pc;
    uint64_t cycle;
} shadow_acc;

/* a byte: its last write and each core's last read since */
typedef struct shadow {
    shadow_acc w;
    uint8_t wcore;
    shadow_acc r[BOARD_MAX_CORES];
} shadow;

typedef uint32_t vclock[BOARD_MAX_CORES];

struct ds_race_det {
    ds_board *b;
    unsigned n;                  /* cores */
    vclock vc[BOARD_MAX_CORES];  /* each core's */
    vclock sem[BOARD_ICD_SEMS];  /* at each semaphore's last release */
    vclock msg[BOARD_MAX_CORES]; /* per target: at the ring */
    vclock ack[BOARD_MAX_CORES]; /* per sender: at the acknowledgement */
    shadow *page[SHADOW_PAGES];  /* allocated as touched */
    xt_hook hook[BOARD_MAX_CORES][2];
    struct race_core {
        struct ds_race_det *d;
        unsigned k;
    } ctx[BOARD_MAX_CORES];
    ds_race races[DS_BOARD_MAX_RACES];
    unsigned nraces;
    uint64_t dropped;
};

static void det_clear(struct ds_race_det *d)
{
    memset(d->vc, 0, sizeof(d->vc));
    memset(d->sem, 0, sizeof(d->sem));
    memset(d->msg, 0, sizeof(d->msg));
    memset(d->ack, 0, sizeof(d->ack));
    for (unsigned k = 0; k < d->n; k++)
        d->vc[k][k] = 1;
    for (unsigned p = 0; p < SHADOW_PAGES; p++) {
        free(d->page[p]);
        d->page[p] = NULL;
    }
    d->nraces = 0;
    d->dropped = 0;
}

/* ---- synchronisations ---------------------------------------------------- */
static void join(vclock into, const vclock from, unsigned n)
{
    for (unsigned j = 0; j < n; j++)
        if (from[j] > into[j])
            into[j] = from[j];
}

/* core k hands its clock over (it is copied into 'to') and moves on */
static void release(struct ds_race_det *d, unsigned k, vclock to)
{
    memcpy(to, d->vc[k], sizeof(vclock));
    d->vc[k][k]++;
}

static void sync_cb(void *user, ds_icd_sync ev, unsigned core, unsigned arg)
{
    struct ds_race_det *d = user;
    if (core >= d->n)
        return;
    switch (ev) {
    case DS_ICD_SYNC_START:
        if (arg < d->n) {
            join(d->vc[arg], d->vc[core], d->n);
            d->vc[core][core]++;
        }
        break;
    case DS_ICD_SYNC_RING:
        if (arg < d->n)
            release(d, core, d->msg[arg]);
        break;
    case DS_ICD_SYNC_TAKE:
        join(d->vc[core], d->msg[core], d->n);
        break;
    case DS_ICD_SYNC_ACK:
        if (arg < d->n)
            release(d, core, d->ack[arg]);
        break;
    case DS_ICD_SYNC_DONE:
        join(d->vc[core], d->ack[core], d->n);
        break;
    case DS_ICD_SYNC_SEM_TAKE:
        if (arg < BOARD_ICD_SEMS)
            join(d->vc[core], d->sem[arg], d->n);
        break;
    case DS_ICD_SYNC_SEM_GIVE:
        if (arg < BOARD_ICD_SEMS)
            release(d, core, d->sem[arg]);
        break;
    }
}

/* ---- accesses -------------------------------------------------------------- */
static shadow *shadow_of(struct ds_race_det *d, uint32_t addr)
{
    if (addr < SHADOW_BASE || addr >= SHADOW_END)
        return NULL;
    uint32_t off = addr - SHADOW_BASE, p = off / XT_PAGE_SIZE;
    if (!d->page[p]) {
        d->page[p] = calloc(XT_PAGE_SIZE, sizeof(shadow));
        if (!d->page[p])
            return NULL; /* out of memory: this page goes unchecked */
    }
    return &d->page[p][off % XT_PAGE_SIZE];
}

static void record(struct ds_race_det *d, uint32_t addr, unsigned size,
                   const ds_race_access *first, const ds_race_access *second)
{
    for (unsigned i = 0; i < d->nraces; i++) {
        ds_race *r = &d->races[i];
        if (r->first.pc == first->pc && r->second.pc == second->pc &&
            r->first.write == first->write &&
            r->second.write == second->write) {
            r->count++;
            return;
        }
    }
    if (d->nraces == DS_BOARD_MAX_RACES) {
        d->dropped++;
        return;
    }
    d->races[d->nraces++] = (ds_race){ .addr = addr,
                                       .size = size,
                                       .first = *first,
                                       .second = *second,
                                       .count = 1 };
}

static void check_access(struct ds_race_det *d, unsigned k, uint32_t addr,
                         unsigned size, bool write, uint32_t pc, uint64_t cycle)
{
    const uint32_t *vc = d->vc[k];
    bool found = false;
    ds_race_access first = { 0 };
    const ds_race_access second = { k, pc, cycle, write };
    uint32_t at = 0;
    for (unsigned i = 0; i < size; i++) {
        shadow *s = shadow_of(d, addr + i);
        if (!s)
            continue;
        /* the last write, by another core, not ordered before this */
        if (!found && s->w.clock && s->wcore != k &&
            s->w.clock > vc[s->wcore]) {
            first = (ds_race_access){ s->wcore, s->w.pc, s->w.cycle, true };
            found = true;
            at = addr + i;
        }
        if (write) {
            for (unsigned j = 0; j < d->n && !found; j++) {
                if (j == k || !s->r[j].clock || s->r[j].clock <= vc[j])
                    continue;
                first = (ds_race_access){ j, s->r[j].pc, s->r[j].cycle, false };
                found = true;
                at = addr + i;
            }
            s->w = (shadow_acc){ vc[k], pc, cycle };
            s->wcore = (uint8_t)k;
            memset(s->r, 0, sizeof(s->r));
        } else {
            s->r[k] = (shadow_acc){ vc[k], pc, cycle };
        }
    }
    if (found)
        record(d, at, addr + size - at, &first, &second);
}

static void mem_cb(xt_cpu *cpu, xt_hook_type type, uint32_t addr, unsigned size,
                   uint32_t value, void *user)
{
    (void)value;
    const struct race_core *c = user;
    struct ds_race_det *d = c->d;
    uint32_t pc = 0;
    xt_reg_read(cpu, XT_REG_PC, &pc);
    check_access(d, c->k, addr, size, type == XT_HOOK_MEM_WRITE, pc,
                 ds_board_core_cycles(d->b, c->k));
}

/* ---- the board's API --------------------------------------------------- */
ds_status ds_board_race_enable(ds_board *b)
{
    if (!b || b->ncores < 2 || b->running)
        return DS_ERR_ARG;
    if (b->race)
        return DS_OK;
    struct ds_race_det *d = calloc(1, sizeof(*d));
    if (!d)
        return DS_ERR_NOMEM;
    d->b = b;
    d->n = b->ncores;
    det_clear(d);
    b->race = d;
    for (unsigned k = 0; k < d->n; k++) {
        d->ctx[k] = (struct race_core){ d, k };
        static const xt_hook_type types[2] = { XT_HOOK_MEM_READ,
                                               XT_HOOK_MEM_WRITE };
        for (unsigned t = 0; t < 2; t++) {
            if (xt_hook_add(b->core[k].cpu, &d->hook[k][t], types[t],
                            (void *)mem_cb, &d->ctx[k], SHADOW_BASE,
                            SHADOW_END - 1) != XT_OK) {
                ds_board_race_free(b);
                return DS_ERR_CPU;
            }
        }
    }
    ds_icd_set_sync_observer(b->icd, sync_cb, d);
    return DS_OK;
}

void ds_board_race_free(ds_board *b)
{
    struct ds_race_det *d = b->race;
    if (!d)
        return;
    for (unsigned k = 0; k < d->n; k++)
        for (unsigned t = 0; t < 2; t++)
            if (d->hook[k][t])
                xt_hook_del(b->core[k].cpu, d->hook[k][t]);
    ds_icd_set_sync_observer(b->icd, NULL, NULL);
    for (unsigned p = 0; p < SHADOW_PAGES; p++)
        free(d->page[p]);
    free(d);
    b->race = NULL;
}

void ds_board_race_forget(ds_board *b, uint32_t addr, size_t n)
{
    struct ds_race_det *d = b->race;
    if (!d)
        return;
    for (size_t i = 0; i < n; i++) {
        uint32_t a = addr + (uint32_t)i;
        if (a < SHADOW_BASE || a >= SHADOW_END)
            continue;
        uint32_t off = a - SHADOW_BASE;
        shadow *p = d->page[off / XT_PAGE_SIZE];
        if (p)
            memset(&p[off % XT_PAGE_SIZE], 0, sizeof(shadow));
    }
}

void ds_board_race_reset(ds_board *b)
{
    if (b->race)
        det_clear(b->race);
}

bool ds_board_race_enabled(const ds_board *b)
{
    return b && b->race;
}

unsigned ds_board_race_count(const ds_board *b)
{
    return b && b->race ? b->race->nraces : 0;
}

const ds_race *ds_board_race_get(const ds_board *b, unsigned i)
{
    return b && b->race && i < b->race->nraces ? &b->race->races[i] : NULL;
}

uint64_t ds_board_race_dropped(const ds_board *b)
{
    return b && b->race ? b->race->dropped : 0;
}

static void access_text(const ds_race_access *a, const xt_elf *elf, char *buf,
                        size_t n)
{
    char sym[128];
    xt_elf_format_sym(elf, a->pc, sym, sizeof sym);
    snprintf(buf, n, "core %u %s at pc %08" PRIx32 " (%s), cycle %" PRIu64,
             a->core, a->write ? "write" : "read", a->pc, sym, a->cycle);
}

void ds_race_describe(const ds_race *x, const xt_elf *elf, char *line, size_t n)
{
    char sym[128], a[256], c[256], times[48] = "";
    xt_elf_format_sym(elf, x->addr, sym, sizeof sym);
    access_text(&x->first, elf, a, sizeof a);
    access_text(&x->second, elf, c, sizeof c);
    if (x->count > 1)
        snprintf(times, sizeof times, " (%" PRIu64 " times)", x->count);
    snprintf(line, n,
             "race on %08" PRIx32 " (%s, %u bytes): %s, and %s, not "
             "ordered by a synchronisation%s",
             x->addr, sym, x->size, a, c, times);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The inter-core device: doorbells, run control, semaphores
 * (dspsim/intercore.h). */
#include <stdlib.h>
#include <string.h>

#include "dspsim/intercore.h"

#define ICD_STATE_VERSION 1u
#define TAG_ICD           DS_SNAP_TAG('I', 'C', 'D', ' ')

/* one core's bank and doorbell */
typedef struct icd_core {
    uint32_t status;  /* BOARD_ICD_ST_DONE | _LOST | _SEM_ERR (IN is live) */
    uint32_t inten;   /* BOARD_ICD_INT_* */
    uint32_t in_msg;  /* BUSY | message */
    uint32_t in_from; /* the sender of in_msg */
    uint32_t in_data[BOARD_ICD_DATA_WORDS];
    uint32_t reply; /* the reply to this core's last acknowledged ring */
    uint32_t out_data[BOARD_ICD_DATA_WORDS];
    uint32_t boot;     /* BOARD_ICD_BOOT */
    uint32_t acked_by; /* the core that acknowledged its last message */
    bool line;         /* the level driven on irq */
} icd_core;

struct ds_icd {
    unsigned cores;
    uint32_t run;                /* BOARD_ICD_RUN */
    uint8_t sem[BOARD_ICD_SEMS]; /* 0 free, else 1 + holder */
    icd_core c[BOARD_MAX_CORES];
    ds_irq_out irq[BOARD_MAX_CORES];
    ds_icd_ops ops;
    ds_icd_sync_fn sync;
    void *sync_user;
};

static void sync(ds_icd *d, ds_icd_sync ev, unsigned core, unsigned arg)
{
    if (d->sync)
        d->sync(d->sync_user, ev, core, arg);
}

void ds_icd_set_sync_observer(ds_icd *d, ds_icd_sync_fn fn, void *user)
{
    d->sync = fn;
    d->sync_user = fn ? user : NULL;
}

ds_icd *ds_icd_new(unsigned cores, const ds_irq_out *irq, const ds_icd_ops *ops)
{
    if (cores < 2 || cores > BOARD_MAX_CORES || !irq)
        return NULL;
    ds_icd *d = calloc(1, sizeof(*d));
    if (!d)
        return NULL;
    d->cores = cores;
    memcpy(d->irq, irq, cores * sizeof(*irq));
    if (ops)
        d->ops = *ops;
    ds_icd_reset(d);
    return d;
}

void ds_icd_free(ds_icd *d)
{
    free(d);
}

static uint32_t status_of(const ds_icd *d, unsigned k)
{
    const icd_core *c = &d->c[k];
    return c->status | (c->in_msg & BOARD_ICD_BUSY ? BOARD_ICD_ST_IN : 0);
}

/* Drive core k's line from its status and enables. */
static void update_line(ds_icd *d, unsigned k)
{
    uint32_t st = status_of(d, k), en = d->c[k].inten;
    bool level = ((st & BOARD_ICD_ST_IN) && (en & BOARD_ICD_INT_IN)) ||
                 ((st & BOARD_ICD_ST_DONE) && (en & BOARD_ICD_INT_DONE));
    d->c[k].line = level;
    ds_irq_drive(&d->irq[k], level);
}

void ds_icd_reset(ds_icd *d)
{
    d->run = 1;
    memset(d->sem, 0, sizeof(d->sem));
    memset(d->c, 0, sizeof(d->c));
    for (unsigned k = 0; k < d->cores; k++)
        ds_irq_drive(&d->irq[k], false);
}

void ds_icd_redrive(ds_icd *d, unsigned core)
{
    if (core < d->cores)
        ds_irq_drive(&d->irq[core], d->c[core].line);
}

bool ds_icd_running(const ds_icd *d, unsigned core)
{
    return core < d->cores && (d->run >> core & 1u);
}

int ds_icd_sem_holder(const ds_icd *d, unsigned n)
{
    return n < BOARD_ICD_SEMS ? (int)d->sem[n] - 1 : -1;
}

/* ---- guest accesses ------------------------------------------------------ */
static bool in_table(uint32_t off, uint32_t base, unsigned n, unsigned *i)
{
    if (off < base || off >= base + 4 * n)
        return false;
    *i = (off - base) / 4;
    return true;
}

bool ds_icd_read(ds_icd *d, unsigned core, uint32_t off, unsigned size,
                 uint32_t *val)
{
    if (size != 4 || (off & 3) || core >= d->cores)
        return false;
    const icd_core *c = &d->c[core];
    unsigned i;
    /* reads that see another core's message or acknowledgement */
    bool sees_in = (c->in_msg & BOARD_ICD_BUSY) &&
                   (off == BOARD_ICD_IN_MSG || off == BOARD_ICD_IN_FROM ||
                    off == BOARD_ICD_STATUS ||
                    in_table(off, BOARD_ICD_IN_DATA(0), BOARD_ICD_DATA_WORDS,
                             &i));
    bool sees_done = (c->status & BOARD_ICD_ST_DONE) &&
                     (off == BOARD_ICD_STATUS || off == BOARD_ICD_REPLY);
    if (sees_in)
        sync(d, DS_ICD_SYNC_TAKE, core, c->in_from);
    if (sees_done)
        sync(d, DS_ICD_SYNC_DONE, core, c->acked_by);
    if (off == BOARD_ICD_INFO)
        *val = d->cores | (BOARD_ICD_SEMS << 8);
    else if (off == BOARD_ICD_CORE)
        *val = core;
    else if (off == BOARD_ICD_RUN)
        *val = d->run;
    else if (in_table(off, BOARD_ICD_BOOT(0), BOARD_MAX_CORES, &i))
        *val = i < d->cores ? d->c[i].boot : 0;
    else if (off == BOARD_ICD_STATUS)
        *val = status_of(d, core);
    else if (off == BOARD_ICD_INTEN)
        *val = c->inten;
    else if (off == BOARD_ICD_IN_MSG)
        *val = c->in_msg;
    else if (off == BOARD_ICD_IN_FROM)
        *val = c->in_from;
    else if (in_table(off, BOARD_ICD_IN_DATA(0), BOARD_ICD_DATA_WORDS, &i))
        *val = c->in_data[i];
    else if (off == BOARD_ICD_REPLY)
        *val = c->reply;
    else if (in_table(off, BOARD_ICD_OUT_DATA(0), BOARD_ICD_DATA_WORDS, &i))
        *val = c->out_data[i];
    else if (in_table(off, BOARD_ICD_DOORBELL(0), BOARD_MAX_CORES, &i))
        *val = i < d->cores ? d->c[i].in_msg : 0;
    else if (in_table(off, BOARD_ICD_SEM(0), BOARD_ICD_SEMS, &i)) {
        /* the read takes a free semaphore */
        *val = d->sem[i] == 0;
        if (*val) {
            d->sem[i] = (uint8_t)(core + 1);
            sync(d, DS_ICD_SYNC_SEM_TAKE, core, i);
        }
    } else if (in_table(off, BOARD_ICD_SEM_OWNER(0), BOARD_ICD_SEMS, &i))
        *val = d->sem[i];
    else if (off == BOARD_ICD_ACK)
        *val = 0; /* write-only */
    else
        return false; /* not a register */
    return true;
}

/* Core 'from' rings core 'to' with msg and its OUT_DATA. */
static void ring(ds_icd *d, unsigned from, unsigned to, uint32_t msg)
{
    icd_core *t = &d->c[to];
    if (to == from || (t->in_msg & BOARD_ICD_BUSY)) {
        d->c[from].status |= BOARD_ICD_ST_LOST;
        return;
    }
    sync(d, DS_ICD_SYNC_RING, from, to);
    t->in_msg = BOARD_ICD_BUSY | (msg & BOARD_ICD_MSG_MASK);
    t->in_from = from;
    memcpy(t->in_data, d->c[from].out_data, sizeof(t->in_data));
    update_line(d, to);
}

static void ack(ds_icd *d, unsigned core, uint32_t reply)
{
    icd_core *c = &d->c[core];
    if (!(c->in_msg & BOARD_ICD_BUSY))
        return;
    c->in_msg &= ~(uint32_t)BOARD_ICD_BUSY;
    unsigned s = c->in_from;
    sync(d, DS_ICD_SYNC_ACK, core, s);
    d->c[s].acked_by = core;
    d->c[s].reply = reply;
    d->c[s].status |= BOARD_ICD_ST_DONE;
    update_line(d, core);
    update_line(d, s);
}

static void start(ds_icd *d, unsigned core, uint32_t bits)
{
    for (unsigned k = 1; k < d->cores; k++) {
        if (!(bits >> k & 1u) || (d->run >> k & 1u))
            continue;
        d->run |= 1u << k;
        sync(d, DS_ICD_SYNC_START, core, k);
        if (d->ops.start)
            d->ops.start(d->ops.user, k, d->c[k].boot);
    }
}

bool ds_icd_write(ds_icd *d, unsigned core, uint32_t off, unsigned size,
                  uint32_t val)
{
    if (size != 4 || (off & 3) || core >= d->cores)
        return false;
    icd_core *c = &d->c[core];
    unsigned i;
    if (off == BOARD_ICD_RUN)
        start(d, core, val);
    else if (in_table(off, BOARD_ICD_BOOT(0), BOARD_MAX_CORES, &i)) {
        if (i < d->cores)
            d->c[i].boot = val;
    } else if (off == BOARD_ICD_STATUS) {
        c->status &= ~(val & (BOARD_ICD_ST_DONE | BOARD_ICD_ST_LOST |
                              BOARD_ICD_ST_SEM_ERR));
        update_line(d, core);
    } else if (off == BOARD_ICD_INTEN) {
        c->inten = val & (BOARD_ICD_INT_IN | BOARD_ICD_INT_DONE);
        update_line(d, core);
    } else if (off == BOARD_ICD_ACK)
        ack(d, core, val);
    else if (in_table(off, BOARD_ICD_OUT_DATA(0), BOARD_ICD_DATA_WORDS, &i))
        c->out_data[i] = val;
    else if (in_table(off, BOARD_ICD_DOORBELL(0), BOARD_MAX_CORES, &i)) {
        if (i < d->cores)
            ring(d, core, i, val);
        else
            c->status |= BOARD_ICD_ST_LOST; /* no such core */
    } else if (in_table(off, BOARD_ICD_SEM(0), BOARD_ICD_SEMS, &i)) {
        if (d->sem[i] == core + 1) {
            sync(d, DS_ICD_SYNC_SEM_GIVE, core, i);
            d->sem[i] = 0;
        } else
            c->status |= BOARD_ICD_ST_SEM_ERR;
    } else if (off != BOARD_ICD_INFO && off != BOARD_ICD_CORE &&
               off != BOARD_ICD_IN_MSG && off != BOARD_ICD_IN_FROM &&
               off != BOARD_ICD_REPLY &&
               !in_table(off, BOARD_ICD_IN_DATA(0), BOARD_ICD_DATA_WORDS, &i) &&
               !in_table(off, BOARD_ICD_SEM_OWNER(0), BOARD_ICD_SEMS, &i))
        return false; /* not a register (read-only ones ignore writes) */
    return true;
}

/* ---- saved state ------------------------------------------------------- */
void ds_icd_save(const ds_icd *d, ds_snap_w *w)
{
    size_t m = ds_snap_begin(w, TAG_ICD);
    ds_snap_put_u32(w, ICD_STATE_VERSION);
    ds_snap_put_u32(w, d->cores);
    ds_snap_put_u32(w, d->run);
    ds_snap_put_bytes(w, d->sem, sizeof(d->sem));
    for (unsigned k = 0; k < d->cores; k++) {
        const icd_core *c = &d->c[k];
        ds_snap_put_u32(w, c->status);
        ds_snap_put_u32(w, c->inten);
        ds_snap_put_u32(w, c->in_msg);
        ds_snap_put_u32(w, c->in_from);
        for (unsigned i = 0; i < BOARD_ICD_DATA_WORDS; i++)
            ds_snap_put_u32(w, c->in_data[i]);
        ds_snap_put_u32(w, c->reply);
        for (unsigned i = 0; i < BOARD_ICD_DATA_WORDS; i++)
            ds_snap_put_u32(w, c->out_data[i]);
        ds_snap_put_u32(w, c->boot);
        ds_snap_put_u32(w, c->acked_by);
    }
    ds_snap_end(w, m);
}

bool ds_icd_load(ds_icd *d, ds_snap_r *r)
{
    ds_snap_r s;
    if (!ds_snap_open(r, TAG_ICD, &s))
        return false;
    uint32_t ver = ds_snap_get_u32(&s), cores = ds_snap_get_u32(&s);
    if (!s.bad && (ver != ICD_STATE_VERSION || cores != d->cores))
        return ds_snap_fail(r,
                            "inter-core device: state version %u of %u "
                            "cores; this board: version %u, %u cores",
                            (unsigned)ver, (unsigned)cores, ICD_STATE_VERSION,
                            d->cores);
    d->run = ds_snap_get_u32(&s) | 1u;
    ds_snap_get_bytes(&s, d->sem, sizeof(d->sem));
    for (unsigned k = 0; k < d->cores; k++) {
        icd_core *c = &d->c[k];
        c->status = ds_snap_get_u32(&s) &
                    (BOARD_ICD_ST_DONE | BOARD_ICD_ST_LOST |
                     BOARD_ICD_ST_SEM_ERR);
        c->inten = ds_snap_get_u32(&s) &
                   (BOARD_ICD_INT_IN | BOARD_ICD_INT_DONE);
        c->in_msg = ds_snap_get_u32(&s);
        c->in_from = ds_snap_get_u32(&s);
        for (unsigned i = 0; i < BOARD_ICD_DATA_WORDS; i++)
            c->in_data[i] = ds_snap_get_u32(&s);
        c->reply = ds_snap_get_u32(&s);
        for (unsigned i = 0; i < BOARD_ICD_DATA_WORDS; i++)
            c->out_data[i] = ds_snap_get_u32(&s);
        c->boot = ds_snap_get_u32(&s);
        c->acked_by = ds_snap_get_u32(&s);
    }
    for (unsigned i = 0; i < BOARD_ICD_SEMS; i++)
        if (d->sem[i] > d->cores)
            s.bad = true;
    for (unsigned k = 0; k < d->cores; k++)
        if (d->c[k].in_from >= d->cores || d->c[k].acked_by >= d->cores)
            s.bad = true;
    if (!ds_snap_done(&s, "inter-core device")) {
        r->bad = true;
        return false;
    }
    for (unsigned k = 0; k < d->cores; k++)
        update_line(d, k);
    return true;
}

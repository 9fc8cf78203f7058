/* SPDX-License-Identifier: BSD-3-Clause */
/* DMA controller model: per-channel state machine on the event clock. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi/board_regs.h"
#include "dspsim/dma.h"

/* CH_STALL: an injected stall (ds_dma_fault_stall) holds the next fetch
 * or burst until stall_until. */
typedef enum { CH_IDLE, CH_FETCH, CH_XFER, CH_WAIT, CH_STALL } ch_state;

typedef struct channel {
    struct ds_dma *dma;
    unsigned idx;
    /* registers */
    uint32_t ctrl, desc, status, cur, bytes, err_addr;
    /* the descriptor being executed */
    uint32_t src, dst, remaining, next, flags;
    uint32_t pending;               /* bytes of the burst in flight */
    uint32_t d_src, d_dst, d_count; /* the descriptor as fetched */
    uint32_t moved;                 /* bytes the current descriptor has moved */
    ch_state state;
    ds_event_id ev;
    /* injected faults (issue 14) */
    uint64_t stall_until; /* nothing starts before this cycle */
    bool stall_fetch;     /* CH_STALL: a fetch (else a burst) resumes */
    bool fault_desc;      /* the next descriptor fetch fails */
    /* a burst's bytes between its read and its landing (a burst from
     * memory to a TX FIFO reads memory when it starts, the others as
     * they land) */
    uint8_t stage[4096];
} channel;

struct ds_dma {
    ds_clock *clk;
    ds_dma_config cfg;
    ds_bus dsp, host;
    ds_dma_ports ports;
    ds_irq_out irq;
    ds_log_fn log;
    void *log_user;
    uint64_t errors;
    ds_dma_observer_fn obs;
    void *obs_user;
    ds_quiet_fn quiet;
    void *quiet_user;
    ds_dma_lazy_fn lazy;
    void *lazy_user;
    const channel *writing; /* whose burst the dsp bus writes now */
    channel ch[BOARD_MAX_DMA_CHANNELS];
};

static const char *const dir_names[] = {
    "mem2mem", "host2dsp", "dsp2host", "mem2ssp", "ssp2mem",
};

static unsigned dir_of(uint32_t flags)
{
    return (flags & BOARD_DMA_DESC_DIR_MASK) >> BOARD_DMA_DESC_DIR_SHIFT;
}

static bool ch_irq(const channel *c)
{
    return ((c->status & (BOARD_DMA_ST_DONE | BOARD_DMA_ST_DESC_DONE)) &&
            (c->ctrl & BOARD_DMA_CTRL_IRQ_EN)) ||
           ((c->status & BOARD_DMA_ST_ERROR) &&
            (c->ctrl & BOARD_DMA_CTRL_ERR_IRQ_EN));
}

static void update_irq(ds_dma *dma)
{
    bool level = false;
    for (unsigned i = 0; i < dma->cfg.channels; i++)
        level |= ch_irq(&dma->ch[i]);
    ds_irq_drive(&dma->irq, level);
}

ds_dma *ds_dma_new(ds_clock *clk, const ds_dma_config *cfg, const ds_bus *dsp,
                   const ds_bus *host, const ds_dma_ports *ports,
                   ds_irq_out irq, ds_log_fn log, void *log_user)
{
    if (!clk || !cfg || !dsp || !host || cfg->channels < 1 ||
        cfg->channels > BOARD_MAX_DMA_CHANNELS || cfg->bytes_per_cycle < 1 ||
        cfg->burst_bytes < 4 || cfg->burst_bytes > 4096 || cfg->burst_bytes % 4)
        return NULL;
    ds_dma *dma = calloc(1, sizeof(*dma));
    if (!dma)
        return NULL;
    dma->clk = clk;
    dma->cfg = *cfg;
    dma->dsp = *dsp;
    dma->host = *host;
    if (ports)
        dma->ports = *ports;
    dma->irq = irq;
    dma->log = log;
    dma->log_user = log_user;
    for (unsigned i = 0; i < BOARD_MAX_DMA_CHANNELS; i++) {
        dma->ch[i].dma = dma;
        dma->ch[i].idx = i;
    }
    return dma;
}

void ds_dma_free(ds_dma *dma)
{
    if (!dma)
        return;
    for (unsigned i = 0; i < dma->cfg.channels; i++)
        ds_clock_cancel(dma->clk, dma->ch[i].ev);
    free(dma);
}

void ds_dma_set_lazy(ds_dma *dma, ds_dma_lazy_fn fn, void *user)
{
    dma->lazy = fn;
    dma->lazy_user = fn ? user : NULL;
}

/* Whatever touches the channels from outside may break a lazy landing's
 * promise (lazy_landing): every pending one becomes an ordinary event. */
static void harden(ds_dma *dma)
{
    if (ds_clock_lazy_pending(dma->clk))
        ds_clock_harden(dma->clk);
}

static void notify(channel *c, ds_dma_event ev, uint32_t src, uint32_t dst,
                   uint32_t bytes, uint64_t at)
{
    ds_dma *dma = c->dma;
    if (dma->obs)
        dma->obs(dma->obs_user, c->idx, ev, src, dst, bytes, at);
}

void ds_dma_set_observer(ds_dma *dma, ds_dma_observer_fn fn, void *user)
{
    harden(dma);
    dma->obs = fn;
    dma->obs_user = fn ? user : NULL;
}

void ds_dma_set_quiet(ds_dma *dma, ds_quiet_fn fn, void *user)
{
    dma->quiet = fn;
    dma->quiet_user = fn ? user : NULL;
}

static void ch_halt(channel *c)
{
    ds_clock_cancel(c->dma->clk, c->ev);
    c->ev = 0;
    c->state = CH_IDLE;
    c->pending = 0;
    c->status &= ~(uint32_t)(BOARD_DMA_ST_BUSY | BOARD_DMA_ST_WAITING);
}

void ds_dma_reset(ds_dma *dma)
{
    harden(dma);
    for (unsigned i = 0; i < dma->cfg.channels; i++) {
        channel *c = &dma->ch[i];
        ch_halt(c);
        c->ctrl = c->desc = c->status = c->cur = c->bytes = c->err_addr = 0;
        c->stall_until = 0;
        c->fault_desc = false;
    }
    update_irq(dma);
}

static void ch_error(channel *c, unsigned code, uint32_t addr, const char *what,
                     uint64_t at)
{
    ds_dma *dma = c->dma;
    ch_halt(c);
    c->status = (c->status & ~(uint32_t)BOARD_DMA_ST_ERR_MASK) |
                BOARD_DMA_ST_ERROR | (code << BOARD_DMA_ST_ERR_SHIFT);
    c->err_addr = addr;
    dma->errors++;
    if (dma->obs)
        notify(c, DS_DMA_EV_ERROR, c->src, c->dst, c->moved, at);
    if (dma->log) {
        char msg[256];
        snprintf(msg, sizeof(msg),
                 "dma channel %u: %s (address 0x%08x, "
                 "descriptor 0x%08x, cycle %llu)",
                 c->idx, what, (unsigned)addr, (unsigned)c->cur,
                 (unsigned long long)ds_clock_now(dma->clk));
        dma->log(dma->log_user, msg);
    }
    update_irq(dma);
}

static void ev_fetch(void *user, uint64_t at);
static void ev_burst(void *user, uint64_t at);
static void ev_land(void *user, uint64_t at);
static void ev_unstall(void *user, uint64_t at);
static bool side_read(channel *c, unsigned dir, uint8_t *dst, uint32_t n);
static void land(channel *c, unsigned dir, const uint8_t *data, uint32_t n,
                 uint64_t at);

static void schedule(channel *c, uint64_t at, ds_event_fn fn)
{
    c->ev = ds_clock_schedule(c->dma->clk, at, fn, c);
    if (!c->ev)
        ch_error(c, BOARD_DMA_ERR_DESC, c->cur, "out of host memory",
                 ds_clock_now(c->dma->clk));
}

/* Start the next burst of the current descriptor at time t, or wait for
 * the SSP port. */
static bool stalled(channel *c, uint64_t t, bool fetch)
{
    if (t >= c->stall_until)
        return false;
    c->state = CH_STALL;
    c->stall_fetch = fetch;
    c->status &= ~(uint32_t)BOARD_DMA_ST_WAITING;
    schedule(c, c->stall_until, ev_unstall);
    return true;
}

/* Cycles from a burst's start to its landing. */
static uint64_t burst_cycles(const ds_dma *dma, uint64_t n)
{
    return dma->cfg.burst_latency +
           (n + dma->cfg.bytes_per_cycle - 1) / dma->cfg.bytes_per_cycle;
}

/* Does channel c move data to or from SSP port 'port'? */
static bool on_port(const channel *c, unsigned port)
{
    unsigned dir = dir_of(c->flags);
    return (dir == BOARD_DMA_DIR_MEM2SSP && c->dst == port) ||
           (dir == BOARD_DMA_DIR_SSP2MEM && c->src == port);
}

/* May the landing at 'at' of c's burst of n bytes into its TX FIFO be a
 * lazy event (dspsim/clock.h)?  Only if all it does is fill the FIFO and
 * count: it leaves some of the descriptor (no DESC_DONE, no fetch, no
 * interrupt), it fills the FIFO (the channel then waits for the port, so
 * it starts nothing; a tick that makes room first hardens it, through
 * ds_dma_port_request), no stall ends after it (which would schedule one)
 * and no other channel serves the port (whose bursts could fill the FIFO
 * first and make it fail). */
static bool lazy_landing(const channel *c, uint32_t n, size_t room, uint64_t at)
{
    ds_dma *dma = c->dma;
    if (!dma->lazy || dma->obs || n >= c->remaining || room != n ||
        c->stall_until > at || !dma->lazy(dma->lazy_user))
        return false;
    for (unsigned i = 0; i < dma->cfg.channels; i++) {
        const channel *o = &dma->ch[i];
        if (o != c && o->state != CH_IDLE && on_port(o, c->dst))
            return false;
    }
    return true;
}

static void start_burst(channel *c, uint64_t t)
{
    ds_dma *dma = c->dma;
    uint32_t n = c->remaining;
    if (stalled(c, t, false))
        return;
    if (n > dma->cfg.burst_bytes)
        n = dma->cfg.burst_bytes;
    unsigned dir = dir_of(c->flags);
    size_t room = 0;
    if (dir == BOARD_DMA_DIR_MEM2SSP) {
        room = dma->ports.tx_space(dma->ports.user, c->dst);
        if (room < n)
            n = (uint32_t)room;
    } else if (dir == BOARD_DMA_DIR_SSP2MEM) {
        size_t have = dma->ports.rx_avail(dma->ports.user, c->src);
        if (have < n)
            n = (uint32_t)have;
    }
    if (n == 0) {
        c->state = CH_WAIT;
        c->status |= BOARD_DMA_ST_WAITING;
        return;
    }
    c->state = CH_XFER;
    c->status &= ~(uint32_t)BOARD_DMA_ST_WAITING;
    c->pending = n;
    uint64_t cost = burst_cycles(dma, n);
    if (dir != BOARD_DMA_DIR_MEM2SSP) {
        schedule(c, t + cost, ev_burst);
        return;
    }
    /* From memory to a TX FIFO the burst reads memory now, as it starts,
     * and fills the FIFO when it lands. */
    if (!side_read(c, dir, c->stage, n)) {
        char what[96];
        snprintf(what, sizeof(what),
                 "mem2ssp: source of %u bytes is outside DSP memory",
                 (unsigned)n);
        c->pending = 0;
        ch_error(c, BOARD_DMA_ERR_SRC, c->src, what, t);
        return;
    }
    /* Nothing can look before it lands and it raises no interrupt (the
     * descriptor goes on): it lands now, as of its cycle.  The FIFO had
     * room for it when it started. */
    if (dma->quiet && n < c->remaining &&
        t + cost < dma->quiet(dma->quiet_user, 0)) {
        c->pending = 0;
        land(c, dir, c->stage, n, t + cost);
        return;
    }
    if (!lazy_landing(c, n, room, t + cost)) {
        schedule(c, t + cost, ev_land);
        return;
    }
    c->ev = ds_clock_schedule_lazy(dma->clk, t + cost, ev_land, c);
    if (!c->ev)
        ch_error(c, BOARD_DMA_ERR_DESC, c->cur, "out of host memory", t);
}

static void start_fetch(channel *c, uint64_t t)
{
    if (stalled(c, t, true))
        return;
    c->state = CH_FETCH;
    c->moved = 0;
    schedule(c, t + c->dma->cfg.burst_latency, ev_fetch);
}

static uint32_t rd32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static void ev_fetch(void *user, uint64_t at)
{
    channel *c = user;
    ds_dma *dma = c->dma;
    uint8_t d[BOARD_DMA_DESC_SIZE];
    c->ev = 0;
    if (c->fault_desc) {
        c->fault_desc = false;
        ch_error(c, BOARD_DMA_ERR_DESC, c->cur,
                 "bad descriptor (injected fault)", at);
        return;
    }
    if ((c->cur & 3) || !dma->dsp.read(dma->dsp.user, c->cur, d, sizeof(d))) {
        ch_error(c, BOARD_DMA_ERR_DESC_ADDR, c->cur,
                 "descriptor address is unaligned or outside DSP memory", at);
        return;
    }
    c->src = rd32(d + BOARD_DMA_DESC_SRC);
    c->dst = rd32(d + BOARD_DMA_DESC_DST);
    c->remaining = rd32(d + BOARD_DMA_DESC_COUNT);
    c->next = rd32(d + BOARD_DMA_DESC_NEXT);
    c->flags = rd32(d + BOARD_DMA_DESC_FLAGS);
    unsigned dir = dir_of(c->flags);
    char why[128];
    why[0] = 0;
    if (c->remaining == 0)
        snprintf(why, sizeof(why), "bad descriptor: byte count is 0");
    else if (dir > BOARD_DMA_DIR_SSP2MEM)
        snprintf(why, sizeof(why),
                 "bad descriptor: direction %u is not "
                 "defined",
                 dir);
    else if (dir == BOARD_DMA_DIR_MEM2SSP && c->dst >= dma->ports.count)
        snprintf(why, sizeof(why),
                 "bad descriptor: SSP port %u does not "
                 "exist (%u ports)",
                 (unsigned)c->dst, dma->ports.count);
    else if (dir == BOARD_DMA_DIR_SSP2MEM && c->src >= dma->ports.count)
        snprintf(why, sizeof(why),
                 "bad descriptor: SSP port %u does not "
                 "exist (%u ports)",
                 (unsigned)c->src, dma->ports.count);
    else if (c->next & 3)
        snprintf(why, sizeof(why),
                 "bad descriptor: next descriptor 0x%08x "
                 "is not 4-byte aligned",
                 (unsigned)c->next);
    else {
        bool src_mem = dir != BOARD_DMA_DIR_SSP2MEM;
        bool dst_mem = dir != BOARD_DMA_DIR_MEM2SSP;
        if ((src_mem && !(c->flags & BOARD_DMA_DESC_SRC_INC) &&
             ((c->src & 3) || (c->remaining & 3))) ||
            (dst_mem && !(c->flags & BOARD_DMA_DESC_DST_INC) &&
             ((c->dst & 3) || (c->remaining & 3))))
            snprintf(why, sizeof(why),
                     "bad descriptor: a fixed (non-"
                     "incrementing) address needs 4-byte alignment and a "
                     "byte count multiple of 4");
    }
    if (why[0]) {
        ch_error(c, BOARD_DMA_ERR_DESC, c->cur, why, at);
        return;
    }
    c->d_src = c->src;
    c->d_dst = c->dst;
    c->d_count = c->remaining;
    if (dma->obs)
        notify(c, DS_DMA_EV_DESC_START, c->src, c->dst, c->remaining, at);
    start_burst(c, at);
}

/* Move n bytes one side of a transfer.  Returns false on a bus error. */
static bool side_read(channel *c, unsigned dir, uint8_t *dst, uint32_t n)
{
    ds_dma *dma = c->dma;
    if (dir == BOARD_DMA_DIR_SSP2MEM)
        return dma->ports.rx_pop(dma->ports.user, c->src, dst, n) == n;
    const ds_bus *bus = dir == BOARD_DMA_DIR_HOST2DSP ? &dma->host : &dma->dsp;
    if (c->flags & BOARD_DMA_DESC_SRC_INC)
        return bus->read(bus->user, c->src, dst, n);
    for (uint32_t i = 0; i < n; i += 4)
        if (!bus->read(bus->user, c->src, dst + i, 4))
            return false;
    return true;
}

static bool side_write(channel *c, unsigned dir, const uint8_t *src, uint32_t n)
{
    ds_dma *dma = c->dma;
    if (dir == BOARD_DMA_DIR_MEM2SSP)
        return dma->ports.tx_push(dma->ports.user, c->dst, src, n) == n;
    const ds_bus *bus = dir == BOARD_DMA_DIR_DSP2HOST ? &dma->host : &dma->dsp;
    bool ok = true;
    dma->writing = c;
    if (c->flags & BOARD_DMA_DESC_DST_INC)
        ok = bus->write(bus->user, c->dst, src, n);
    for (uint32_t i = 0; i < n && ok && !(c->flags & BOARD_DMA_DESC_DST_INC);
         i += 4)
        ok = bus->write(bus->user, c->dst, src + i, 4);
    dma->writing = NULL;
    return ok;
}

bool ds_dma_writer(const ds_dma *dma, unsigned *ch, uint32_t *desc)
{
    if (!dma || !dma->writing)
        return false;
    *ch = dma->writing->idx;
    *desc = dma->writing->cur;
    return true;
}

static void ev_burst(void *user, uint64_t at)
{
    channel *c = user;
    unsigned dir = dir_of(c->flags);
    uint32_t n = c->pending;
    c->ev = 0;
    c->pending = 0;
    if (!side_read(c, dir, c->stage, n)) {
        char what[96];
        snprintf(what, sizeof(what), "%s: source of %u bytes is outside %s",
                 dir_names[dir], (unsigned)n,
                 dir == BOARD_DMA_DIR_HOST2DSP  ? "host memory"
                 : dir == BOARD_DMA_DIR_SSP2MEM ? "the RX FIFO"
                                                : "DSP memory");
        ch_error(c, BOARD_DMA_ERR_SRC, c->src, what, at);
        return;
    }
    land(c, dir, c->stage, n, at);
}

/* A burst from memory into a TX FIFO lands: its bytes were read when it
 * started. */
static void ev_land(void *user, uint64_t at)
{
    channel *c = user;
    uint32_t n = c->pending;
    c->ev = 0;
    c->pending = 0;
    land(c, dir_of(c->flags), c->stage, n, at);
}

/* The second half of a burst: the n bytes read (data) are written, at
 * cycle at; then the next burst, fetch or the end. */
static void land(channel *c, unsigned dir, const uint8_t *data, uint32_t n,
                 uint64_t at)
{
    ds_dma *dma = c->dma;
    char what[96];
    if (!side_write(c, dir, data, n)) {
        snprintf(what, sizeof(what),
                 "%s: destination of %u bytes is "
                 "outside %s",
                 dir_names[dir], (unsigned)n,
                 dir == BOARD_DMA_DIR_DSP2HOST  ? "host memory"
                 : dir == BOARD_DMA_DIR_MEM2SSP ? "the TX FIFO (overflow)"
                                                : "DSP memory");
        ch_error(c, BOARD_DMA_ERR_DST, c->dst, what, at);
        return;
    }
    c->bytes += n;
    c->remaining -= n;
    c->moved += n;
    if (dma->obs)
        notify(c, DS_DMA_EV_BURST_DONE, c->src, c->dst, n, at);
    if (dir != BOARD_DMA_DIR_SSP2MEM && (c->flags & BOARD_DMA_DESC_SRC_INC))
        c->src += n;
    if (dir != BOARD_DMA_DIR_MEM2SSP && (c->flags & BOARD_DMA_DESC_DST_INC))
        c->dst += n;
    if (c->remaining) {
        start_burst(c, at);
        return;
    }
    /* descriptor finished */
    if (dma->obs)
        notify(c, DS_DMA_EV_DESC_DONE, c->d_src, c->d_dst, c->d_count, at);
    if (c->flags & BOARD_DMA_DESC_IRQ)
        c->status |= BOARD_DMA_ST_DESC_DONE;
    if (c->next) {
        c->cur = c->next;
        start_fetch(c, at);
    } else if (c->flags & BOARD_DMA_DESC_CIRCULAR) {
        c->cur = c->desc;
        start_fetch(c, at);
    } else {
        ch_halt(c);
        c->status |= BOARD_DMA_ST_DONE;
    }
    update_irq(dma);
}

static void ev_unstall(void *user, uint64_t at)
{
    channel *c = user;
    c->ev = 0;
    if (c->stall_fetch)
        start_fetch(c, at);
    else
        start_burst(c, at);
}

void ds_dma_fault_stall(ds_dma *dma, unsigned ch, uint64_t until)
{
    if (!dma || ch >= dma->cfg.channels)
        return;
    channel *c = &dma->ch[ch];
    harden(dma);
    if (until > c->stall_until)
        c->stall_until = until;
    /* a channel waiting for its SSP port holds still until then too */
    if (c->state == CH_WAIT)
        stalled(c, ds_clock_now(dma->clk), false);
}

void ds_dma_fault_desc_error(ds_dma *dma, unsigned ch)
{
    if (!dma || ch >= dma->cfg.channels)
        return;
    channel *c = &dma->ch[ch];
    harden(dma);
    if (c->state == CH_IDLE) {
        c->fault_desc = true;
        return;
    }
    ch_error(c, BOARD_DMA_ERR_DESC, c->cur, "bad descriptor (injected fault)",
             ds_clock_now(dma->clk));
}

void ds_dma_port_request(ds_dma *dma, unsigned port, uint64_t at)
{
    /* a landing still in flight on the port (lazy, it counted on the FIFO
     * staying full) */
    for (unsigned i = 0; i < dma->cfg.channels; i++)
        if (dma->ch[i].state == CH_XFER && on_port(&dma->ch[i], port)) {
            harden(dma);
            break;
        }
    for (unsigned i = 0; i < dma->cfg.channels; i++) {
        channel *c = &dma->ch[i];
        if (c->state == CH_WAIT && on_port(c, port))
            start_burst(c, at);
    }
}

unsigned ds_dma_port_stream(ds_dma *dma, unsigned port, const uint64_t *t,
                            unsigned n, uint64_t horizon, size_t room,
                            uint8_t *out)
{
    if (!dma->quiet || dma->obs || !room || room > dma->cfg.burst_bytes)
        return 0;
    /* one channel waits for the port: what its requests would do, burst by
     * burst, is then known */
    channel *c = NULL;
    for (unsigned i = 0; i < dma->cfg.channels; i++) {
        channel *w = &dma->ch[i];
        if (w->state != CH_WAIT || !on_port(w, port))
            continue;
        if (c || dir_of(w->flags) != BOARD_DMA_DIR_MEM2SSP)
            return 0;
        c = w;
    }
    if (!c || !(c->flags & BOARD_DMA_DESC_SRC_INC))
        return 0;
    uint64_t cost = burst_cycles(dma, room);
    /* start_burst with quiet time, request by request: a burst of all the
     * room that leaves some of the descriptor and lands before the next
     * tick and before horizon; after it lands the channel finds the FIFO
     * full and waits again */
    unsigned m = 0;
    while (m < n && t[m] >= c->stall_until &&
           (uint64_t)room * (m + 1) < c->remaining && t[m] + cost < horizon &&
           t[m] + cost < t[m + 1])
        m++;
    if (!m || !dma->dsp.read(dma->dsp.user, c->src, out, room * m))
        return 0;
    uint32_t bytes = (uint32_t)(room * m);
    c->bytes += bytes;
    c->remaining -= bytes;
    c->moved += bytes;
    c->src += bytes;
    c->status |= BOARD_DMA_ST_WAITING;
    return m;
}

unsigned ds_dma_port_steady(const ds_dma *dma, unsigned port, uint64_t at,
                            size_t room, uint64_t period, unsigned max,
                            uint32_t *lo, uint32_t *hi)
{
    if (!dma->lazy || dma->obs || !room || room > dma->cfg.burst_bytes ||
        burst_cycles(dma, room) >= period || !dma->lazy(dma->lazy_user))
        return 0;
    const channel *c = NULL;
    for (unsigned i = 0; i < dma->cfg.channels; i++) {
        const channel *w = &dma->ch[i];
        if (w->state == CH_IDLE || !on_port(w, port))
            continue;
        if (c || w->state != CH_WAIT ||
            dir_of(w->flags) != BOARD_DMA_DIR_MEM2SSP)
            return 0;
        c = w;
    }
    if (!c || !(c->flags & BOARD_DMA_DESC_SRC_INC) || c->stall_until > at)
        return 0;
    /* this request's burst takes room bytes and the one of the j-th tick
     * after it (from 0) too, leaving some, while remaining > (j + 2) room */
    uint64_t whole = (c->remaining - 1) / room;
    if (c->remaining <= room || whole < 2)
        return 0;
    uint64_t m = whole - 1;
    if (m > max)
        m = max;
    uint64_t end = (uint64_t)c->src + (m + 1) * room;
    if (end > UINT32_MAX)
        return 0;
    *lo = c->src;
    *hi = (uint32_t)end;
    return (unsigned)m;
}

static channel *chan_at(ds_dma *dma, uint32_t offset, uint32_t *reg)
{
    if (offset < BOARD_DMA_CH_BASE)
        return NULL;
    uint32_t n = (offset - BOARD_DMA_CH_BASE) / BOARD_DMA_CH_STRIDE;
    *reg = (offset - BOARD_DMA_CH_BASE) % BOARD_DMA_CH_STRIDE;
    if (n >= dma->cfg.channels || *reg >= BOARD_DMA_CH_REG_END)
        return NULL;
    return &dma->ch[n];
}

bool ds_dma_read(ds_dma *dma, uint32_t offset, unsigned size, uint32_t *value)
{
    if (size != 4 || (offset & 3))
        return false;
    if (offset == BOARD_DMA_INFO) {
        *value = dma->cfg.channels;
        return true;
    }
    if (offset == BOARD_DMA_IRQ_STATUS) {
        uint32_t v = 0;
        for (unsigned i = 0; i < dma->cfg.channels; i++)
            if (ch_irq(&dma->ch[i]))
                v |= 1u << i;
        *value = v;
        return true;
    }
    uint32_t reg;
    channel *c = chan_at(dma, offset, &reg);
    if (!c)
        return false;
    switch (reg) {
    case BOARD_DMA_CTRL:
        *value = c->ctrl;
        break;
    case BOARD_DMA_DESC:
        *value = c->desc;
        break;
    case BOARD_DMA_STATUS:
        *value = c->status;
        break;
    case BOARD_DMA_CUR_DESC:
        *value = c->cur;
        break;
    case BOARD_DMA_BYTES:
        *value = c->bytes;
        break;
    default:
        *value = c->err_addr;
        break;
    }
    return true;
}

bool ds_dma_write(ds_dma *dma, uint32_t offset, unsigned size, uint32_t value)
{
    if (size != 4 || (offset & 3))
        return false;
    if (offset == BOARD_DMA_INFO || offset == BOARD_DMA_IRQ_STATUS)
        return true; /* read-only */
    harden(dma);
    uint32_t reg;
    channel *c = chan_at(dma, offset, &reg);
    if (!c)
        return false;
    switch (reg) {
    case BOARD_DMA_CTRL:
        c->ctrl = value & (BOARD_DMA_CTRL_IRQ_EN | BOARD_DMA_CTRL_ERR_IRQ_EN);
        if (value & BOARD_DMA_CTRL_STOP)
            ch_halt(c);
        if ((value & BOARD_DMA_CTRL_START) && c->state == CH_IDLE) {
            c->status &= ~(uint32_t)(BOARD_DMA_ST_DONE | BOARD_DMA_ST_ERROR |
                                     BOARD_DMA_ST_DESC_DONE |
                                     BOARD_DMA_ST_ERR_MASK);
            c->status |= BOARD_DMA_ST_BUSY;
            c->bytes = 0;
            c->cur = c->desc;
            start_fetch(c, ds_clock_now(dma->clk));
        }
        break;
    case BOARD_DMA_DESC:
        c->desc = value;
        break;
    case BOARD_DMA_STATUS: {
        uint32_t w1c = value & (BOARD_DMA_ST_DONE | BOARD_DMA_ST_ERROR |
                                BOARD_DMA_ST_DESC_DONE);
        if (w1c & BOARD_DMA_ST_ERROR)
            w1c |= BOARD_DMA_ST_ERR_MASK;
        c->status &= ~w1c;
        break;
    }
    default:
        break; /* read-only */
    }
    update_irq(dma);
    return true;
}

uint32_t ds_dma_channel_status(const ds_dma *dma, unsigned ch)
{
    return ch < dma->cfg.channels ? dma->ch[ch].status : 0;
}

uint32_t ds_dma_channel_bytes(const ds_dma *dma, unsigned ch)
{
    return ch < dma->cfg.channels ? dma->ch[ch].bytes : 0;
}

uint64_t ds_dma_errors(const ds_dma *dma)
{
    return dma->errors;
}

/* ---- saved state ---------------------------------------------------------- */
#define DMA_STATE_VERSION 3u /* 3: the injected faults */

bool ds_dma_channel_in_flight(const ds_dma *dma, unsigned ch)
{
    return ch < dma->cfg.channels &&
           (dma->ch[ch].state == CH_XFER || dma->ch[ch].state == CH_FETCH);
}

/* A burst from memory into a TX FIFO in flight holds the bytes it read. */
static bool staged(const channel *c)
{
    return c->state == CH_XFER && dir_of(c->flags) == BOARD_DMA_DIR_MEM2SSP;
}

void ds_dma_save(const ds_dma *dma, ds_snap_w *w)
{
    size_t m = ds_snap_begin(w, DS_SNAP_TAG('D', 'M', 'A', ' '));
    ds_snap_put_u32(w, DMA_STATE_VERSION);
    ds_snap_put_u32(w, dma->cfg.channels);
    ds_snap_put_u64(w, dma->errors);
    for (unsigned i = 0; i < dma->cfg.channels; i++) {
        const channel *c = &dma->ch[i];
        const uint32_t v[] = {
            c->ctrl,           c->desc,     c->status,  c->cur,
            c->bytes,          c->err_addr, c->src,     c->dst,
            c->remaining,      c->next,     c->flags,   c->pending,
            c->d_src,          c->d_dst,    c->d_count, c->moved,
            (uint32_t)c->state
        };
        for (unsigned k = 0; k < sizeof v / sizeof *v; k++)
            ds_snap_put_u32(w, v[k]);
        ds_snap_put_u64(w, c->ev);
        ds_snap_put_u64(w, ds_clock_event_time(dma->clk, c->ev));
        ds_snap_put_u64(w, c->stall_until);
        ds_snap_put_u8(w, c->stall_fetch);
        ds_snap_put_u8(w, c->fault_desc);
        if (staged(c))
            ds_snap_put_bytes(w, c->stage, c->pending);
    }
    ds_snap_end(w, m);
}

bool ds_dma_load(ds_dma *dma, ds_snap_r *r)
{
    ds_snap_r s;
    if (!ds_snap_open(r, DS_SNAP_TAG('D', 'M', 'A', ' '), &s))
        return false;
    uint32_t ver = ds_snap_get_u32(&s), n = ds_snap_get_u32(&s);
    if (ver != DMA_STATE_VERSION || n != dma->cfg.channels)
        return ds_snap_fail(r,
                            "DMA: state version %u with %u channels; "
                            "this board has version %u with %u",
                            (unsigned)ver, (unsigned)n, DMA_STATE_VERSION,
                            dma->cfg.channels);
    dma->errors = ds_snap_get_u64(&s);
    for (unsigned i = 0; i < n; i++) {
        channel *c = &dma->ch[i];
        uint32_t *const v[] = { &c->ctrl,  &c->desc,  &c->status,
                                &c->cur,   &c->bytes, &c->err_addr,
                                &c->src,   &c->dst,   &c->remaining,
                                &c->next,  &c->flags, &c->pending,
                                &c->d_src, &c->d_dst, &c->d_count,
                                &c->moved };
        for (unsigned k = 0; k < sizeof v / sizeof *v; k++)
            *v[k] = ds_snap_get_u32(&s);
        uint32_t st = ds_snap_get_u32(&s);
        c->ev = ds_snap_get_u64(&s);
        uint64_t at = ds_snap_get_u64(&s);
        c->stall_until = ds_snap_get_u64(&s);
        c->stall_fetch = ds_snap_get_u8(&s) != 0;
        c->fault_desc = ds_snap_get_u8(&s) != 0;
        if (s.bad)
            break;
        if (st > CH_STALL || c->pending > dma->cfg.burst_bytes)
            return ds_snap_fail(r,
                                "DMA channel %u: state %u, burst %u "
                                "bytes: out of range",
                                i, (unsigned)st, (unsigned)c->pending);
        c->state = (ch_state)st;
        /* a running channel's descriptor was checked when fetched */
        unsigned dir = dir_of(c->flags);
        if (c->state == CH_XFER || c->state == CH_WAIT) {
            if (dir > BOARD_DMA_DIR_SSP2MEM ||
                (dir == BOARD_DMA_DIR_MEM2SSP && c->dst >= dma->ports.count) ||
                (dir == BOARD_DMA_DIR_SSP2MEM && c->src >= dma->ports.count))
                return ds_snap_fail(r,
                                    "DMA channel %u: descriptor in "
                                    "progress names direction %u / a "
                                    "port this board lacks",
                                    i, dir);
        }
        if (staged(c) && !ds_snap_get_bytes(&s, c->stage, c->pending))
            break;
        bool timed = c->state == CH_FETCH || c->state == CH_XFER ||
                     c->state == CH_STALL;
        ds_event_fn fn = c->state == CH_STALL   ? ev_unstall
                         : c->state == CH_FETCH ? ev_fetch
                         : staged(c)            ? ev_land
                                                : ev_burst;
        if (timed != (c->ev != 0) ||
            (timed && !ds_clock_restore_event(dma->clk, at, c->ev, fn, c)))
            return ds_snap_fail(r,
                                "DMA channel %u: its pending event (id "
                                "%llu) does not fit its state",
                                i, (unsigned long long)c->ev);
    }
    if (s.bad) {
        r->bad = true;
        return false;
    }
    return ds_snap_done(&s, "DMA");
}

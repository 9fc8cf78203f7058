/* SPDX-License-Identifier: BSD-3-Clause */
/* SSP/I2S port model: FIFOs, frame clock in the audio domain, underrun and
 * overrun. */
#include <stdlib.h>
#include <string.h>

#include "abi/board_regs.h"
#include "dspsim/ssp.h"

typedef struct fifo {
    uint8_t *buf;
    size_t cap, head, level; /* bytes */
} fifo;

struct ds_ssp {
    ds_clock *clk;
    ds_ssp_config cfg;
    ds_irq_out irq;
    ds_ssp_sink_fn sink;
    ds_ssp_sink_run_fn sink_run; /* or this: a run of frames a call */
    void *sink_user;
    ds_ssp_source_fn source;
    void *source_user;
    ds_ssp_request_fn request;
    void *request_user;
    ds_quiet_fn quiet;
    void *quiet_user;
    ds_ssp_stream_fn stream;
    void *stream_user;
    ds_ssp_lazy_fn lazy;
    void *lazy_user;
    uint64_t lazy_ticks;      /* ticks scheduled as lazy events */
    uint64_t hard_k, hard_at; /* the last lazy tick's hard_by: tick, time
                                 (hard_k 0: none; clock_sync clears it) */
    /* registers */
    uint32_t ctrl, format, clkdiv, status;
    size_t fb, cap; /* bytes a frame and a FIFO hold (format) */
    uint64_t underruns, overruns, frames;
    /* frame clock: frame k is due at t0 + floor(k * num / den) cycles
     * (tick_time); q and r hold floor and remainder of frame k's, stepped
     * by (qs, rs) = num / den and num % den, so a tick needs no division */
    uint64_t t0, k;
    uint64_t q, r, qs, rs, den;
    ds_event_id ev;
    bool irq_level; /* the level last driven */
    fifo tx, rx;
    size_t fifo_max; /* bytes allocated per FIFO */
    uint8_t *sbuf;   /* a streamed run's bytes (STREAM_MAX frames) */
    /* injected faults (issue 14): ticks left of an underrun / overrun
     * burst */
    unsigned fault_ur, fault_or;
};

/* Ticks a lazy tick looks ahead at most (ds_ssp_set_lazy): a run of
 * lazy ticks stops at the end of the DMA's descriptor anyway. */
#define LAZY_MAX 4096u

/* Ticks of one streamed run (ds_ssp_set_stream) at most: a run stops at
 * the end of the DMA's descriptor anyway (a period, 48 frames at 48 kHz
 * and 1 ms), and its bytes wait in the port. */
#define STREAM_MAX 256u

static unsigned width_of(const ds_ssp *p)
{
    return p->format & BOARD_SSP_FMT_WIDTH_MASK;
}

static unsigned channels_of(const ds_ssp *p)
{
    return ((p->format & BOARD_SSP_FMT_CH_MASK) >> BOARD_SSP_FMT_CH_SHIFT) + 1;
}

static unsigned container_of(const ds_ssp *p)
{
    return width_of(p) == 16 ? 2 : 4;
}

static size_t frame_bytes(const ds_ssp *p)
{
    return p->fb;
}

static size_t fifo_cap(const ds_ssp *p)
{
    return p->cap;
}

/* The format register and what follows from it (looked up at every
 * frame). */
static void set_format(ds_ssp *p, uint32_t v)
{
    p->format = v;
    p->fb = (size_t)container_of(p) * channels_of(p);
    p->cap = p->cfg.fifo_frames * p->fb;
}

static void fifo_clear(fifo *f)
{
    f->head = f->level = 0;
}

/* The ring holds level bytes from head (head < cap); a push or pop is at
 * most two contiguous copies (before and after the wrap) and no division:
 * it runs at every audio frame. */
static size_t fifo_push(fifo *f, size_t cap, const uint8_t *src, size_t n)
{
    if (n > cap - f->level)
        n = cap - f->level;
    size_t tail = f->head + f->level;
    if (tail >= cap)
        tail -= cap;
    size_t first = cap - tail < n ? cap - tail : n;
    memcpy(f->buf + tail, src, first);
    if (first < n)
        memcpy(f->buf, src + first, n - first);
    f->level += n;
    return n;
}

static size_t fifo_pop(fifo *f, size_t cap, uint8_t *dst, size_t n)
{
    if (n > f->level)
        n = f->level;
    size_t first = cap - f->head < n ? cap - f->head : n;
    memcpy(dst, f->buf + f->head, first);
    if (first < n)
        memcpy(dst + first, f->buf, n - first);
    f->head += n;
    if (f->head >= cap)
        f->head -= cap;
    f->level -= n;
    return n;
}

static bool irq_level(const ds_ssp *p)
{
    return ((p->status & BOARD_SSP_ST_UNDERRUN) &&
            (p->ctrl & BOARD_SSP_CTRL_UR_IRQ_EN)) ||
           ((p->status & BOARD_SSP_ST_OVERRUN) &&
            (p->ctrl & BOARD_SSP_CTRL_OR_IRQ_EN));
}

/* Drives the line on every register access, and from a frame tick only
 * when the level changes (a tick runs 48,000 times a second). */
static void update_irq(ds_ssp *p)
{
    p->irq_level = irq_level(p);
    ds_irq_drive(&p->irq, p->irq_level);
}

static void tick_irq(ds_ssp *p)
{
    if (irq_level(p) != p->irq_level)
        update_irq(p);
}

ds_ssp *ds_ssp_new(ds_clock *clk, const ds_ssp_config *cfg, ds_irq_out irq)
{
    if (!clk || !cfg || cfg->fifo_frames < 1 || !cfg->cpu_hz ||
        !cfg->audio_hz || cfg->drift_ppb <= -1000000000)
        return NULL;
    ds_ssp *p = calloc(1, sizeof(*p));
    if (!p)
        return NULL;
    p->clk = clk;
    p->cfg = *cfg;
    p->irq = irq;
    p->fifo_max = (size_t)cfg->fifo_frames * BOARD_SSP_MAX_CHANNELS * 4;
    p->tx.buf = malloc(p->fifo_max);
    p->rx.buf = malloc(p->fifo_max);
    if (!p->tx.buf || !p->rx.buf) {
        ds_ssp_free(p);
        return NULL;
    }
    ds_ssp_reset(p);
    return p;
}

void ds_ssp_free(ds_ssp *p)
{
    if (!p)
        return;
    ds_clock_cancel(p->clk, p->ev);
    free(p->tx.buf);
    free(p->rx.buf);
    free(p->sbuf);
    free(p);
}

void ds_ssp_reset(ds_ssp *p)
{
    ds_clock_cancel(p->clk, p->ev);
    p->ev = 0;
    p->ctrl = p->status = 0;
    set_format(p, BOARD_SSP_FORMAT_RESET);
    p->clkdiv = BOARD_SSP_CLKDIV_RESET;
    p->underruns = p->overruns = p->frames = 0;
    p->fault_ur = p->fault_or = 0;
    fifo_clear(&p->tx);
    fifo_clear(&p->rx);
    update_irq(p);
}

void ds_ssp_set_sink(ds_ssp *p, ds_ssp_sink_fn fn, void *user)
{
    p->sink = fn;
    p->sink_run = NULL;
    p->sink_user = user;
}

void ds_ssp_set_sink_run(ds_ssp *p, ds_ssp_sink_run_fn fn, void *user)
{
    p->sink_run = fn;
    p->sink = NULL;
    p->sink_user = user;
}

void ds_ssp_set_source(ds_ssp *p, ds_ssp_source_fn fn, void *user)
{
    p->source = fn;
    p->source_user = user;
}

void ds_ssp_set_request(ds_ssp *p, ds_ssp_request_fn fn, void *user)
{
    p->request = fn;
    p->request_user = user;
}

void ds_ssp_set_stream(ds_ssp *p, ds_ssp_stream_fn fn, void *user)
{
    p->stream = fn;
    p->stream_user = fn ? user : NULL;
    if (fn && !p->sbuf)
        p->sbuf = malloc((size_t)STREAM_MAX * BOARD_SSP_MAX_CHANNELS * 4);
}

void ds_ssp_set_lazy(ds_ssp *p, ds_ssp_lazy_fn fn, void *user)
{
    p->lazy = fn;
    p->lazy_user = fn ? user : NULL;
}

uint64_t ds_ssp_lazy_ticks(const ds_ssp *p)
{
    return p->lazy_ticks;
}

void ds_ssp_set_quiet(ds_ssp *p, ds_quiet_fn fn, void *user)
{
    p->quiet = fn;
    p->quiet_user = fn ? user : NULL;
}

/* ---- frame clock ------------------------------------------------------- */
static uint64_t tick_time(const ds_ssp *p, uint64_t k)
{
    unsigned __int128 num = (unsigned __int128)k * p->clkdiv * p->cfg.cpu_hz *
                            1000000000u;
    unsigned __int128 den = (unsigned __int128)p->cfg.audio_hz *
                            (uint64_t)(1000000000 + (int64_t)p->cfg.drift_ppb);
    return p->t0 + (uint64_t)(num / den);
}

/* Sets (q, r) to frame k's quotient and remainder and the steps. */
static void clock_sync(ds_ssp *p)
{
    unsigned __int128 num = (unsigned __int128)p->clkdiv * p->cfg.cpu_hz *
                            1000000000u;
    unsigned __int128 den = (unsigned __int128)p->cfg.audio_hz *
                            (uint64_t)(1000000000 + (int64_t)p->cfg.drift_ppb);
    unsigned __int128 kn = num * p->k;
    p->den = (uint64_t)den;
    p->qs = (uint64_t)(num / den);
    p->rs = (uint64_t)(num % den);
    p->q = (uint64_t)(kn / den);
    p->r = (uint64_t)(kn % den);
    p->hard_k = 0;
}

/* (q, r) of frame k to those of frame k + 1. */
static void step_qr(const ds_ssp *p, uint64_t *q, uint64_t *r)
{
    *q += p->qs;
    *r += p->rs;
    if (*r >= p->den) {
        *r -= p->den;
        (*q)++;
    }
}

/* Frame k + 1's time from frame k's: the same value as tick_time. */
static uint64_t clock_step(ds_ssp *p)
{
    p->k++;
    step_qr(p, &p->q, &p->r);
    return p->t0 + p->q;
}

uint64_t ds_ssp_frame_cycles(const ds_ssp *p)
{
    return tick_time(p, 1) - p->t0;
}

static int32_t decode(const uint8_t *b, unsigned width)
{
    if (width == 16)
        return (int16_t)(uint16_t)(b[0] | b[1] << 8);
    uint32_t v = b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                 (uint32_t)b[3] << 24;
    if (width == 24)
        return (int32_t)(v << 8) >> 8;
    return (int32_t)v;
}

/* n samples of width w from their containers at b (a streamed run): a
 * loop per width, so that the compiler sees each one's fixed stride. */
static void decode_run(int32_t *s, const uint8_t *b, size_t n, unsigned w)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (w == 32) {
        memcpy(s, b, n * 4); /* S32: the container is the value */
        return;
    }
#endif
    if (w == 16)
        for (size_t i = 0; i < n; i++)
            s[i] = decode(b + i * 2, 16);
    else
        for (size_t i = 0; i < n; i++)
            s[i] = decode(b + i * 4, w);
}

static void encode(uint8_t *b, int32_t s, unsigned width)
{
    uint32_t v = (uint32_t)s;
    if (width == 24)
        v = (uint32_t)((int32_t)(v << 8) >> 8);
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    if (width != 16) {
        b[2] = (uint8_t)(v >> 16);
        b[3] = (uint8_t)(v >> 24);
    }
}

/* One frame at cycle at: TX to the sink, RX from the source, the line. */
static void tick_frame(ds_ssp *p, uint64_t at)
{
    unsigned ch = channels_of(p), w = width_of(p), cb = container_of(p);
    size_t fb = frame_bytes(p), cap = fifo_cap(p);
    int32_t s[BOARD_SSP_MAX_CHANNELS];
    uint8_t raw[BOARD_SSP_MAX_CHANNELS * 4];
    p->frames++;
    if (p->ctrl & BOARD_SSP_CTRL_TX_EN) {
        if (p->fault_ur) {
            /* injected: the FIFO's frame is lost, silence goes out */
            p->fault_ur--;
            if (p->tx.level >= fb)
                fifo_pop(&p->tx, cap, raw, fb);
            p->underruns++;
            p->status |= BOARD_SSP_ST_UNDERRUN;
            memset(s, 0, sizeof(s));
        } else if (p->tx.level >= fb) {
            fifo_pop(&p->tx, cap, raw, fb);
            for (unsigned i = 0; i < ch; i++)
                s[i] = decode(raw + i * cb, w);
        } else {
            p->underruns++;
            p->status |= BOARD_SSP_ST_UNDERRUN;
            memset(s, 0, sizeof(s));
        }
        if (p->sink)
            p->sink(p->sink_user, p->cfg.index, s, ch, at);
        else if (p->sink_run)
            p->sink_run(p->sink_user, p->cfg.index, s, ch, 1, &at);
    }
    if (p->ctrl & BOARD_SSP_CTRL_RX_EN) {
        memset(s, 0, sizeof(s));
        if (p->source)
            p->source(p->source_user, p->cfg.index, s, ch, at);
        if (p->fault_or) {
            /* injected: the frame is dropped as if the FIFO were full */
            p->fault_or--;
            p->overruns++;
            p->status |= BOARD_SSP_ST_OVERRUN;
        } else if (cap - p->rx.level >= fb) {
            for (unsigned i = 0; i < ch; i++)
                encode(raw + i * cb, s[i], w);
            fifo_push(&p->rx, cap, raw, fb);
        } else {
            p->overruns++;
            p->status |= BOARD_SSP_ST_OVERRUN;
        }
    }
    tick_irq(p);
}

/* Ticks one event runs at most (a bound for any quiet function). */
#define QUIET_MAX_RUN 4096u

/* Will the next tick move a frame each way without an underrun or an
 * overrun (so without a change of the interrupt line)? */
static bool steady(const ds_ssp *p)
{
    size_t fb = frame_bytes(p);
    return (!(p->ctrl & BOARD_SSP_CTRL_TX_EN) ||
            (p->tx.level >= fb && !p->fault_ur)) &&
           (!(p->ctrl & BOARD_SSP_CTRL_RX_EN) ||
            (fifo_cap(p) - p->rx.level >= fb && !p->fault_or));
}

/* A streamed run (ds_ssp_set_stream) of at most max ticks from the one at
 * 'at', all before horizon h: the port plays out while its DMA refills it
 * a frame a tick.  Only a full TX FIFO with the RX side off qualifies, so
 * that every tick leaves exactly a frame of room and the DMA's burst fills
 * it again, the steady state of playback.  Returns the ticks run; *at is
 * then the next tick's time. */
static unsigned stream_run(ds_ssp *p, uint64_t *at, uint64_t h, unsigned max)
{
    size_t fb = frame_bytes(p), cap = fifo_cap(p);
    fifo *f = &p->tx;
    if (!p->stream || !p->sbuf || (p->ctrl & BOARD_SSP_CTRL_RX_EN) ||
        !(p->ctrl & BOARD_SSP_CTRL_TX_EN) || p->fault_ur || f->level != cap ||
        f->head % fb)
        return 0;
    uint64_t t[STREAM_MAX + 1];
    unsigned n = 0;
    if (max > STREAM_MAX)
        max = STREAM_MAX;
    /* the tick times ahead, stepped as clock_step steps, on a copy */
    uint64_t q = p->q, r = p->r;
    t[0] = *at;
    while (n < max && t[n] < h) {
        step_qr(p, &q, &r);
        t[++n] = p->t0 + q;
    }
    if (!n)
        return 0;
    unsigned m = p->stream(p->stream_user, p->cfg.index, t, n, h, fb, p->sbuf);
    unsigned ch = channels_of(p), w = width_of(p);
    int32_t run[STREAM_MAX * BOARD_SSP_MAX_CHANNELS];
    /* tick_frame for a full FIFO with RX off, m times: the frames at the
     * head leave (whole: the ring holds whole frames from a frame-aligned
     * head) and the burst's frames take their places; no line changes.
     * In contiguous stretches of the ring, none longer than the ring (a
     * burst's frame may itself leave later in the run). */
    for (unsigned k = 0; k < m;) {
        size_t nb = (size_t)(m - k) * fb;
        if (nb > cap - f->head)
            nb = cap - f->head;
        const uint8_t *fr = f->buf + f->head;
        int32_t *s = run + (size_t)k * ch;
        unsigned nf = (unsigned)(nb / fb);
        decode_run(s, fr, nf * ch, w);
        memcpy(f->buf + f->head, p->sbuf + (size_t)k * fb, nb);
        f->head += nb;
        if (f->head >= cap)
            f->head -= cap;
        k += nf;
    }
    if (p->sink)
        for (unsigned k = 0; k < m; k++)
            p->sink(p->sink_user, p->cfg.index, run + (size_t)k * ch, ch, t[k]);
    p->frames += m;
    for (unsigned k = 0; k < m; k++)
        clock_step(p);
    if (p->sink_run && m) /* nothing the sink sees moved in between */
        p->sink_run(p->sink_user, p->cfg.index, run, ch, m, t);
    *at = t[m];
    return m;
}

/* The tick after the one at 'at' (frame p->k, just stepped to): a lazy
 * event until when (ds_ssp_set_lazy), or 0: an ordinary one.  Playback's
 * steady state: TX alone, no fault to come, the FIFO a frame short of
 * full (a tick at a time: the one before refilled it). */
static uint64_t lazy_until(ds_ssp *p, uint64_t at)
{
    size_t fb = frame_bytes(p), cap = fifo_cap(p);
    if (!p->lazy || (p->ctrl & BOARD_SSP_CTRL_RX_EN) ||
        !(p->ctrl & BOARD_SSP_CTRL_TX_EN) || p->fault_ur || p->fault_or ||
        cap < 2 * fb || p->tx.level != cap - fb)
        return 0;
    unsigned m = p->lazy(p->lazy_user, p->cfg.index, at, fb, p->qs, LAZY_MAX);
    if (!m)
        return 0;
    /* the same hard tick from one lazy tick to the next: one division a
     * run of them */
    if (p->hard_k != p->k + m) {
        p->hard_k = p->k + m;
        p->hard_at = tick_time(p, p->hard_k);
    }
    p->lazy_ticks++;
    return p->hard_at;
}

static void ev_tick(void *user, uint64_t at)
{
    ds_ssp *p = user;
    p->ev = 0;
    for (unsigned run = 1;; run++) {
        tick_frame(p, at);
        uint64_t next = clock_step(p), h = 0;
        uint64_t hard = lazy_until(p, at);
        p->ev = hard ? ds_clock_schedule_lazy_until(p->clk, next, hard, ev_tick,
                                                    p)
                     : ds_clock_schedule(p->clk, next, ev_tick, p);
        if (p->request)
            p->request(p->request_user, p->cfg.index, at);
        /* nothing can look before the next tick (the request's burst, if
         * any, has landed) and it changes no interrupt line: it is the
         * next thing to happen, so it runs now, as of its own cycle.  Not
         * after a lazy tick that fires late: the core ran past the ticks
         * the quiet time would run now */
        if (!p->quiet || !p->ev || !steady(p) || run >= QUIET_MAX_RUN ||
            at < ds_clock_now(p->clk) ||
            next >= (h = p->quiet(p->quiet_user, p->ev)))
            return;
        ds_clock_cancel(p->clk, p->ev);
        p->ev = 0;
        at = next;
        unsigned m = stream_run(p, &at, h, QUIET_MAX_RUN - run);
        run += m;
        if (m && (at >= h || run >= QUIET_MAX_RUN)) {
            p->ev = ds_clock_schedule(p->clk, at, ev_tick, p);
            return;
        }
    }
}

/* ---- fault injection --------------------------------------------------- */
void ds_ssp_fault_xrun(ds_ssp *p, bool tx, unsigned frames)
{
    ds_clock_harden(p->clk); /* a lazy tick counted on no fault to come */
    if (tx)
        p->fault_ur += frames;
    else
        p->fault_or += frames;
}

void ds_ssp_set_drift(ds_ssp *p, int32_t drift_ppb)
{
    if (drift_ppb <= -1000000000)
        return;
    /* a lazy tick's hard tick follows the rate it was scheduled with */
    ds_clock_harden(p->clk);
    if (p->ev) {
        /* the pending tick keeps its time; the ones after it follow the
         * new rate */
        p->t0 = tick_time(p, p->k);
        p->k = 0;
    }
    p->cfg.drift_ppb = drift_ppb;
    clock_sync(p);
}

int32_t ds_ssp_drift(const ds_ssp *p)
{
    return p->cfg.drift_ppb;
}

/* ---- registers --------------------------------------------------------- */
static uint32_t status_value(const ds_ssp *p)
{
    size_t cap = fifo_cap(p), fb = frame_bytes(p);
    uint32_t s = p->status & (BOARD_SSP_ST_UNDERRUN | BOARD_SSP_ST_OVERRUN |
                              BOARD_SSP_ST_CFG_ERR);
    if (p->tx.level < fb)
        s |= BOARD_SSP_ST_TX_EMPTY;
    if (cap - p->tx.level < container_of(p))
        s |= BOARD_SSP_ST_TX_FULL;
    if (p->rx.level == 0)
        s |= BOARD_SSP_ST_RX_EMPTY;
    if (cap - p->rx.level < fb)
        s |= BOARD_SSP_ST_RX_FULL;
    return s;
}

bool ds_ssp_read(ds_ssp *p, uint32_t offset, unsigned size, uint32_t *value)
{
    if (size != 4 || (offset & 3) || offset >= BOARD_SSP_REG_END)
        return false;
    uint8_t b[4] = { 0, 0, 0, 0 };
    switch (offset) {
    case BOARD_SSP_CTRL:
        *value = p->ctrl;
        break;
    case BOARD_SSP_FORMAT:
        *value = p->format;
        break;
    case BOARD_SSP_CLKDIV:
        *value = p->clkdiv;
        break;
    case BOARD_SSP_STATUS:
        *value = status_value(p);
        break;
    case BOARD_SSP_TXDATA:
        *value = 0;
        break;
    case BOARD_SSP_RXDATA:
        if (p->rx.level >= container_of(p)) {
            fifo_pop(&p->rx, fifo_cap(p), b, container_of(p));
            *value = (uint32_t)decode(b, width_of(p));
            if (width_of(p) == 16)
                *value &= 0xFFFF;
        } else {
            *value = 0;
        }
        break;
    case BOARD_SSP_TXLEVEL:
        *value = (uint32_t)p->tx.level;
        break;
    case BOARD_SSP_RXLEVEL:
        *value = (uint32_t)p->rx.level;
        break;
    case BOARD_SSP_UNDERRUNS:
        *value = (uint32_t)p->underruns;
        break;
    case BOARD_SSP_OVERRUNS:
        *value = (uint32_t)p->overruns;
        break;
    default:
        *value = (uint32_t)p->frames;
        break;
    }
    return true;
}

static bool format_valid(uint32_t v)
{
    unsigned w = v & BOARD_SSP_FMT_WIDTH_MASK;
    return (w == 16 || w == 24 || w == 32) &&
           !(v &
             ~(uint32_t)(BOARD_SSP_FMT_WIDTH_MASK | BOARD_SSP_FMT_CH_MASK)) &&
           ((v & BOARD_SSP_FMT_CH_MASK) >> BOARD_SSP_FMT_CH_SHIFT) <
               BOARD_SSP_MAX_CHANNELS;
}

bool ds_ssp_write(ds_ssp *p, uint32_t offset, unsigned size, uint32_t value)
{
    if (size != 4 || (offset & 3) || offset >= BOARD_SSP_REG_END)
        return false;
    uint32_t en = BOARD_SSP_CTRL_TX_EN | BOARD_SSP_CTRL_RX_EN;
    bool running = (p->ctrl & en) != 0;
    switch (offset) {
    case BOARD_SSP_CTRL: {
        if (value & BOARD_SSP_CTRL_FLUSH) {
            fifo_clear(&p->tx);
            fifo_clear(&p->rx);
        }
        p->ctrl = value &
                  (en | BOARD_SSP_CTRL_UR_IRQ_EN | BOARD_SSP_CTRL_OR_IRQ_EN);
        bool now_running = (p->ctrl & en) != 0;
        if (!running && now_running) {
            p->t0 = ds_clock_now(p->clk);
            p->k = 1;
            clock_sync(p);
            p->ev = ds_clock_schedule(p->clk, tick_time(p, 1), ev_tick, p);
        } else if (running && !now_running) {
            ds_clock_cancel(p->clk, p->ev);
            p->ev = 0;
        }
        break;
    }
    case BOARD_SSP_FORMAT:
        if (running)
            break;
        if (!format_valid(value)) {
            p->status |= BOARD_SSP_ST_CFG_ERR;
            break;
        }
        if (value != p->format) {
            set_format(p, value);
            fifo_clear(&p->tx);
            fifo_clear(&p->rx);
        }
        break;
    case BOARD_SSP_CLKDIV:
        if (running)
            break;
        if (value == 0 || value > 0xFFFF)
            p->status |= BOARD_SSP_ST_CFG_ERR;
        else
            p->clkdiv = value;
        break;
    case BOARD_SSP_STATUS:
        p->status &= ~(value & (BOARD_SSP_ST_UNDERRUN | BOARD_SSP_ST_OVERRUN |
                                BOARD_SSP_ST_CFG_ERR));
        break;
    case BOARD_SSP_TXDATA: {
        uint8_t b[4];
        unsigned cb = container_of(p);
        if (fifo_cap(p) - p->tx.level >= cb) {
            encode(b, (int32_t)value, width_of(p));
            fifo_push(&p->tx, fifo_cap(p), b, cb);
        }
        break;
    }
    default:
        break; /* read-only */
    }
    update_irq(p);
    return true;
}

size_t ds_ssp_tx_space(const ds_ssp *p)
{
    return fifo_cap(p) - p->tx.level;
}
size_t ds_ssp_tx_push(ds_ssp *p, const uint8_t *src, size_t n)
{
    return fifo_push(&p->tx, fifo_cap(p), src, n);
}
size_t ds_ssp_rx_avail(const ds_ssp *p)
{
    return p->rx.level;
}
size_t ds_ssp_rx_pop(ds_ssp *p, uint8_t *dst, size_t n)
{
    return fifo_pop(&p->rx, fifo_cap(p), dst, n);
}

uint64_t ds_ssp_underruns(const ds_ssp *p)
{
    return p->underruns;
}
uint64_t ds_ssp_overruns(const ds_ssp *p)
{
    return p->overruns;
}
uint64_t ds_ssp_frames(const ds_ssp *p)
{
    return p->frames;
}

/* ---- memory buffers ---------------------------------------------------- */
void ds_ssp_buffer_sink(void *user, unsigned port, const int32_t *samples,
                        unsigned channels, uint64_t cycle)
{
    ds_ssp_buffer *b = user;
    (void)port;
    if (!b->count && !b->missed)
        b->first_cycle = cycle;
    b->last_cycle = cycle;
    if (b->capacity - b->count < channels) {
        b->missed++;
        return;
    }
    memcpy(b->samples + b->count, samples, channels * sizeof(int32_t));
    b->count += channels;
}

void ds_ssp_buffer_source(void *user, unsigned port, int32_t *samples,
                          unsigned channels, uint64_t cycle)
{
    ds_ssp_buffer *b = user;
    (void)port;
    if (!b->count && !b->missed)
        b->first_cycle = cycle;
    b->last_cycle = cycle;
    if (b->capacity - b->count < channels) {
        memset(samples, 0, channels * sizeof(int32_t));
        b->missed++;
        return;
    }
    memcpy(samples, b->samples + b->count, channels * sizeof(int32_t));
    b->count += channels;
}

/* ---- saved state ---------------------------------------------------------- */
#define SSP_STATE_VERSION 2u /* 2: drift and injected xruns */

static void fifo_save(const fifo *f, size_t cap, ds_snap_w *w)
{
    ds_snap_put_u32(w, (uint32_t)f->level);
    for (size_t i = 0; i < f->level; i++)
        ds_snap_put_u8(w, f->buf[(f->head + i) % cap]);
}

static bool fifo_load(fifo *f, size_t cap, ds_snap_r *r)
{
    uint32_t level = ds_snap_get_u32(r);
    if (level > cap)
        return ds_snap_fail(r, "SSP: FIFO of %u bytes in a %zu-byte FIFO",
                            (unsigned)level, cap);
    f->head = 0;
    f->level = level;
    return ds_snap_get_bytes(r, f->buf, level);
}

void ds_ssp_save(const ds_ssp *p, ds_snap_w *w)
{
    size_t m = ds_snap_begin(w, DS_SNAP_TAG('S', 'S', 'P', '0' + p->cfg.index));
    ds_snap_put_u32(w, SSP_STATE_VERSION);
    ds_snap_put_u32(w, p->cfg.fifo_frames);
    ds_snap_put_u32(w, p->ctrl);
    ds_snap_put_u32(w, p->format);
    ds_snap_put_u32(w, p->clkdiv);
    ds_snap_put_u32(w, p->status);
    ds_snap_put_u64(w, p->underruns);
    ds_snap_put_u64(w, p->overruns);
    ds_snap_put_u64(w, p->frames);
    ds_snap_put_u64(w, p->t0);
    ds_snap_put_u64(w, p->k);
    ds_snap_put_u64(w, p->ev);
    ds_snap_put_u64(w, ds_clock_event_time(p->clk, p->ev));
    ds_snap_put_u32(w, (uint32_t)p->cfg.drift_ppb);
    ds_snap_put_u32(w, p->fault_ur);
    ds_snap_put_u32(w, p->fault_or);
    fifo_save(&p->tx, fifo_cap(p), w);
    fifo_save(&p->rx, fifo_cap(p), w);
    ds_snap_end(w, m);
}

bool ds_ssp_load(ds_ssp *p, ds_snap_r *r)
{
    ds_snap_r s;
    if (!ds_snap_open(r, DS_SNAP_TAG('S', 'S', 'P', '0' + p->cfg.index), &s))
        return false;
    uint32_t ver = ds_snap_get_u32(&s), frames = ds_snap_get_u32(&s);
    if (ver != SSP_STATE_VERSION || frames != p->cfg.fifo_frames)
        return ds_snap_fail(r,
                            "SSP%u: state version %u with %u-frame "
                            "FIFOs; this board has version %u with %u",
                            p->cfg.index, (unsigned)ver, (unsigned)frames,
                            SSP_STATE_VERSION, p->cfg.fifo_frames);
    p->ctrl = ds_snap_get_u32(&s);
    uint32_t format = ds_snap_get_u32(&s), clkdiv = ds_snap_get_u32(&s);
    p->status = ds_snap_get_u32(&s);
    if (!s.bad && (!format_valid(format) || clkdiv == 0 || clkdiv > 0xFFFF))
        return ds_snap_fail(r,
                            "SSP%u: format %#x or clock divider %u out "
                            "of range",
                            p->cfg.index, (unsigned)format, (unsigned)clkdiv);
    set_format(p, format);
    p->clkdiv = clkdiv;
    p->underruns = ds_snap_get_u64(&s);
    p->overruns = ds_snap_get_u64(&s);
    p->frames = ds_snap_get_u64(&s);
    p->t0 = ds_snap_get_u64(&s);
    p->k = ds_snap_get_u64(&s);
    p->ev = ds_snap_get_u64(&s);
    uint64_t at = ds_snap_get_u64(&s);
    int32_t drift = (int32_t)ds_snap_get_u32(&s);
    p->fault_ur = ds_snap_get_u32(&s);
    p->fault_or = ds_snap_get_u32(&s);
    if (!s.bad && drift <= -1000000000)
        return ds_snap_fail(r, "SSP%u: clock drift %d ppb out of range",
                            p->cfg.index, (int)drift);
    p->cfg.drift_ppb = drift;
    if (!fifo_load(&p->tx, fifo_cap(p), &s) ||
        !fifo_load(&p->rx, fifo_cap(p), &s)) {
        r->bad = true;
        return false;
    }
    bool running = (p->ctrl & (BOARD_SSP_CTRL_TX_EN | BOARD_SSP_CTRL_RX_EN));
    /* the tick is the frame clock's: frame k at its time, frames ahead
     * later (k far below where 64-bit cycle times would wrap) */
    if (running && (p->k > (1ull << 40) || at != tick_time(p, p->k) ||
                    tick_time(p, p->k + 1) <= at))
        return ds_snap_fail(r,
                            "SSP%u: frame %llu at cycle %llu is not on "
                            "its frame clock",
                            p->cfg.index, (unsigned long long)p->k,
                            (unsigned long long)at);
    clock_sync(p);
    update_irq(p);
    if (running != (p->ev != 0) ||
        (p->ev && !ds_clock_restore_event(p->clk, at, p->ev, ev_tick, p)))
        return ds_snap_fail(r,
                            "SSP%u: its frame tick (event %llu) does not "
                            "fit its state",
                            p->cfg.index, (unsigned long long)p->ev);
    return ds_snap_done(&s, "SSP");
}

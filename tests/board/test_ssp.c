/* SPDX-License-Identifier: BSD-3-Clause */
/* Unit tests of the SSP port model on a hand-driven clock: reset values,
 * frame tick timing (with drift), sample formats, underrun and overrun,
 * interrupts, DMA requests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "abi/board_regs.h"
#include "dspsim/ssp.h"

static bool irq_level;
static unsigned nreq;
static uint64_t last_req;

static ds_clock *irq_clk; /* when set: the cycle the line last changed */
static uint64_t irq_at;

static void irq(void *u, unsigned line, bool level)
{
    (void)u;
    assert_int_equal(line, BOARD_IRQ_SSP(1));
    if (irq_clk && level != irq_level)
        irq_at = ds_clock_now(irq_clk);
    irq_level = level;
}
static void req(void *u, unsigned port, uint64_t at)
{
    (void)u;
    assert_int_equal(port, 1);
    nreq++;
    last_req = at;
}

typedef struct fx {
    ds_clock *clk;
    ds_ssp *p;
} fx;

static fx make(int32_t drift_ppb)
{
    fx f;
    f.clk = ds_clock_new();
    ds_ssp_config cfg = { 1, 4, 160000000, 12288000, drift_ppb };
    f.p = ds_ssp_new(f.clk, &cfg, (ds_irq_out){ irq, NULL, BOARD_IRQ_SSP(1) });
    assert_non_null(f.p);
    ds_ssp_set_request(f.p, req, NULL);
    irq_level = false;
    nreq = 0;
    return f;
}

static void done(fx *f)
{
    ds_ssp_free(f->p);
    ds_clock_free(f->clk);
}

static uint32_t rd(fx *f, uint32_t off)
{
    uint32_t v;
    assert_true(ds_ssp_read(f->p, off, 4, &v));
    return v;
}

static void wr(fx *f, uint32_t off, uint32_t v)
{
    assert_true(ds_ssp_write(f->p, off, 4, v));
}

static void test_reset_values(void **state)
{
    (void)state;
    fx f = make(0);
    assert_int_equal(rd(&f, BOARD_SSP_CTRL), 0);
    assert_int_equal(rd(&f, BOARD_SSP_FORMAT), BOARD_SSP_FORMAT_RESET);
    assert_int_equal(rd(&f, BOARD_SSP_CLKDIV), BOARD_SSP_CLKDIV_RESET);
    assert_int_equal(rd(&f, BOARD_SSP_STATUS),
                     BOARD_SSP_ST_TX_EMPTY | BOARD_SSP_ST_RX_EMPTY);
    for (uint32_t o = BOARD_SSP_TXLEVEL; o < BOARD_SSP_REG_END; o += 4)
        assert_int_equal(rd(&f, o), 0);
    uint32_t v;
    assert_false(ds_ssp_read(f.p, BOARD_SSP_REG_END, 4, &v));
    assert_false(ds_ssp_write(f.p, BOARD_SSP_CTRL, 1, 0));
    assert_int_equal(ds_clock_pending(f.clk), 0); /* no clock yet */
    done(&f);
}

typedef struct ticks {
    uint64_t at[8];
    int32_t s[8][BOARD_SSP_MAX_CHANNELS];
    unsigned n;
} ticks;

static void sink(void *u, unsigned port, const int32_t *s, unsigned ch,
                 uint64_t at)
{
    ticks *t = u;
    (void)port;
    if (t->n < 8) {
        t->at[t->n] = at;
        memcpy(t->s[t->n], s, ch * sizeof(int32_t));
    }
    t->n++;
}

static void test_tick_timing(void **state)
{
    (void)state;
    fx f = make(0);
    ticks t = { 0 };
    ds_ssp_set_sink(f.p, sink, &t);
    ds_clock_advance(f.clk, 1000);
    wr(&f, BOARD_SSP_CTRL, BOARD_SSP_CTRL_TX_EN);
    /* 48 kHz at 160 MHz: 3333.33 cycles; exact, no rounding drift */
    assert_int_equal(ds_ssp_frame_cycles(f.p), 3333);
    ds_clock_advance(f.clk, 1000 + 3 * 160000000ull / 48000);
    assert_int_equal(t.n, 3);
    assert_int_equal(t.at[0], 1000 + 3333);
    assert_int_equal(t.at[1], 1000 + 6666);
    assert_int_equal(t.at[2], 1000 + 10000);
    assert_int_equal(nreq, 3);
    assert_int_equal(last_req, 11000);
    /* one second of audio = 48000 frames = 160e6 cycles exactly */
    ds_clock_advance(f.clk, 1000 + 160000000ull);
    assert_int_equal(ds_ssp_frames(f.p), 48000);
    assert_int_equal(rd(&f, BOARD_SSP_FRAMES), 48000);
    /* disabling stops the clock */
    wr(&f, BOARD_SSP_CTRL, 0);
    assert_int_equal(ds_clock_pending(f.clk), 0);
    done(&f);

    /* +100 ppm: the audio clock is fast, 48000 frames take
     * 160e6 / 1.0001 = 159984001.6 cycles */
    f = make(100000);
    wr(&f, BOARD_SSP_CTRL, BOARD_SSP_CTRL_RX_EN);
    ds_clock_advance(f.clk, 159984001);
    assert_int_equal(ds_ssp_frames(f.p), 48000);
    ds_clock_advance(f.clk, 159984001 + 3332);
    assert_int_equal(ds_ssp_frames(f.p), 48000);
    /* CLKDIV 512 halves the rate (only while disabled) */
    wr(&f, BOARD_SSP_CLKDIV, 512);
    assert_int_equal(rd(&f, BOARD_SSP_CLKDIV), 256); /* ignored: running */
    wr(&f, BOARD_SSP_CTRL, 0);
    wr(&f, BOARD_SSP_CLKDIV, 512);
    assert_int_equal(rd(&f, BOARD_SSP_CLKDIV), 512);
    assert_int_equal(ds_ssp_frame_cycles(f.p), 6666); /* 6666.0001 */
    wr(&f, BOARD_SSP_CLKDIV, 0);
    assert_int_equal(rd(&f, BOARD_SSP_CLKDIV), 512);
    assert_true(rd(&f, BOARD_SSP_STATUS) & BOARD_SSP_ST_CFG_ERR);
    done(&f);
}

static void test_tx_underrun(void **state)
{
    (void)state;
    fx f = make(0);
    ticks t = { 0 };
    ds_ssp_set_sink(f.p, sink, &t);
    /* 16-bit stereo: 4-byte frames, FIFO of 4 frames = 16 bytes */
    wr(&f, BOARD_SSP_TXDATA, 0x7FFF);
    wr(&f, BOARD_SSP_TXDATA, 0x8000); /* -32768 */
    assert_int_equal(rd(&f, BOARD_SSP_TXLEVEL), 4);
    assert_int_equal(ds_ssp_tx_space(f.p), 12);
    uint8_t frame[4] = { 0x34, 0x12, 0xFF, 0xFF }; /* 0x1234, -1 */
    assert_int_equal(ds_ssp_tx_push(f.p, frame, 4), 4);
    assert_int_equal(ds_ssp_tx_push(f.p, frame, 2), 2); /* half a frame */
    wr(&f, BOARD_SSP_CTRL, BOARD_SSP_CTRL_TX_EN | BOARD_SSP_CTRL_UR_IRQ_EN);
    ds_clock_advance(f.clk, 3333 * 3 + 1);
    assert_int_equal(t.n, 3);
    assert_int_equal(t.s[0][0], 32767);
    assert_int_equal(t.s[0][1], -32768);
    assert_int_equal(t.s[1][0], 0x1234);
    assert_int_equal(t.s[1][1], -1);
    /* third tick: only half a frame left -> underrun, silence */
    assert_int_equal(t.s[2][0], 0);
    assert_int_equal(t.s[2][1], 0);
    assert_int_equal(ds_ssp_underruns(f.p), 1);
    assert_int_equal(rd(&f, BOARD_SSP_UNDERRUNS), 1);
    assert_int_equal(rd(&f, BOARD_SSP_TXLEVEL), 2); /* kept */
    assert_true(rd(&f, BOARD_SSP_STATUS) & BOARD_SSP_ST_UNDERRUN);
    assert_true(irq_level);
    wr(&f, BOARD_SSP_STATUS, BOARD_SSP_ST_UNDERRUN);
    assert_false(irq_level);
    assert_false(rd(&f, BOARD_SSP_STATUS) & BOARD_SSP_ST_UNDERRUN);
    ds_clock_advance(f.clk, 3333 * 5 + 2);
    assert_int_equal(ds_ssp_underruns(f.p), 3);
    assert_true(irq_level);
    /* masked: status set, line low */
    wr(&f, BOARD_SSP_CTRL, BOARD_SSP_CTRL_TX_EN);
    assert_false(irq_level);
    assert_true(rd(&f, BOARD_SSP_STATUS) & BOARD_SSP_ST_UNDERRUN);
    /* flush empties the FIFO */
    wr(&f, BOARD_SSP_CTRL, BOARD_SSP_CTRL_TX_EN | BOARD_SSP_CTRL_FLUSH);
    assert_int_equal(rd(&f, BOARD_SSP_TXLEVEL), 0);
    assert_int_equal(rd(&f, BOARD_SSP_CTRL), BOARD_SSP_CTRL_TX_EN);
    done(&f);
}

static int32_t src_vals[64];
static void test_rx_overrun_and_formats(void **state)
{
    (void)state;
    fx f = make(0);
    /* 24-bit mono: 4-byte containers, FIFO 4 frames */
    wr(&f, BOARD_SSP_FORMAT, BOARD_SSP_FORMAT_VALUE(24, 1));
    assert_int_equal(rd(&f, BOARD_SSP_FORMAT), 24);
    for (int i = 0; i < 64; i++)
        src_vals[i] = i + 1;
    src_vals[0] = 0x7FFFFF;
    src_vals[1] = 0x00FFFFFF; /* truncated to 24 bits: -1 */
    src_vals[2] = -0x800000;
    ds_ssp_buffer src = { src_vals, 64, 0, 0, 0, 0 };
    ds_ssp_set_source(f.p, ds_ssp_buffer_source, &src);
    wr(&f, BOARD_SSP_CTRL, BOARD_SSP_CTRL_RX_EN | BOARD_SSP_CTRL_OR_IRQ_EN);
    ds_clock_advance(f.clk, 4 * 3334);
    assert_int_equal(rd(&f, BOARD_SSP_RXLEVEL), 16);
    assert_true(rd(&f, BOARD_SSP_STATUS) & BOARD_SSP_ST_RX_FULL);
    assert_false(irq_level);
    /* 5th and 6th frames: no room -> overruns, frames dropped */
    ds_clock_advance(f.clk, 6 * 3334);
    assert_int_equal(ds_ssp_overruns(f.p), 2);
    assert_int_equal(rd(&f, BOARD_SSP_OVERRUNS), 2);
    assert_true(irq_level);
    assert_int_equal(rd(&f, BOARD_SSP_RXDATA), 0x7FFFFF);
    assert_int_equal(rd(&f, BOARD_SSP_RXDATA), 0xFFFFFFFF);
    assert_int_equal(rd(&f, BOARD_SSP_RXDATA), 0xFF800000);
    uint8_t b[4];
    assert_int_equal(ds_ssp_rx_pop(f.p, b, 4), 4);
    assert_int_equal(b[0], 4);
    /* the next frame is the 7th (5 and 6 were dropped) */
    ds_clock_advance(f.clk, 7 * 3334);
    assert_int_equal(rd(&f, BOARD_SSP_RXDATA), 7);
    assert_int_equal(rd(&f, BOARD_SSP_RXDATA), 0); /* empty */
    wr(&f, BOARD_SSP_STATUS, BOARD_SSP_ST_OVERRUN);
    assert_false(irq_level);
    /* FORMAT is ignored while enabled; invalid values set CFG_ERR */
    wr(&f, BOARD_SSP_FORMAT, BOARD_SSP_FORMAT_VALUE(32, 8));
    assert_int_equal(rd(&f, BOARD_SSP_FORMAT), 24);
    wr(&f, BOARD_SSP_CTRL, 0);
    wr(&f, BOARD_SSP_FORMAT, 20);
    wr(&f, BOARD_SSP_FORMAT, BOARD_SSP_FORMAT_VALUE(16, 1) | 0x1000);
    assert_int_equal(rd(&f, BOARD_SSP_FORMAT), 24);
    assert_true(rd(&f, BOARD_SSP_STATUS) & BOARD_SSP_ST_CFG_ERR);
    wr(&f, BOARD_SSP_FORMAT, BOARD_SSP_FORMAT_VALUE(32, 8));
    assert_int_equal(rd(&f, BOARD_SSP_FORMAT), 0x720);
    assert_int_equal(ds_ssp_tx_space(f.p), 4 * 8 * 4);
    done(&f);
}

static void test_sink_buffer_limits(void **state)
{
    (void)state;
    int32_t store[4];
    ds_ssp_buffer b = { store, 4, 0, 0, 0, 0 };
    int32_t fr[2] = { 5, 6 };
    ds_ssp_buffer_sink(&b, 0, fr, 2, 10);
    ds_ssp_buffer_sink(&b, 0, fr, 2, 20);
    ds_ssp_buffer_sink(&b, 0, fr, 2, 30); /* does not fit */
    assert_int_equal(b.count, 4);
    assert_int_equal(b.missed, 1);
    assert_int_equal(b.first_cycle, 10);
    assert_int_equal(b.last_cycle, 30);
    ds_ssp_buffer s = { store, 4, 0, 0, 0, 0 };
    int32_t out[2];
    ds_ssp_buffer_source(&s, 0, out, 2, 1);
    ds_ssp_buffer_source(&s, 0, out, 2, 2);
    ds_ssp_buffer_source(&s, 0, out, 2, 3); /* exhausted: silence */
    assert_int_equal(out[0], 0);
    assert_int_equal(s.missed, 1);
}

/* Quiet time (ds_ssp_set_quiet): ticks run back to back while nothing
 * looks, never one that underruns (it changes the interrupt line). */
typedef struct quiet_out {
    ticks t;
    uint64_t irq_at, underruns, fired;
} quiet_out;

static uint64_t quiet_others(void *user, ds_event_id own)
{
    return ds_clock_next_other(user, own);
}
static void looker(void *user, uint64_t at)
{
    (void)user;
    (void)at;
}

static void quiet_case(bool quiet, quiet_out *o)
{
    fx f = make(0);
    memset(o, 0, sizeof *o);
    irq_clk = f.clk;
    irq_at = 0;
    ds_ssp_set_sink(f.p, sink, &o->t);
    if (quiet)
        ds_ssp_set_quiet(f.p, quiet_others, f.clk);
    /* three frames queued: ticks 1-3 play them, tick 4 underruns */
    for (int i = 0; i < 6; i++)
        wr(&f, BOARD_SSP_TXDATA, (uint32_t)(i + 1) * 100);
    /* something else happens at cycle 5000, between ticks 1 and 2 */
    ds_clock_schedule(f.clk, 5000, looker, NULL);
    wr(&f, BOARD_SSP_CTRL, BOARD_SSP_CTRL_TX_EN | BOARD_SSP_CTRL_UR_IRQ_EN);
    o->fired = ds_clock_advance(f.clk, 3333 * 6 + 10);
    o->irq_at = irq_at;
    o->underruns = ds_ssp_underruns(f.p);
    irq_clk = NULL;
    done(&f);
}

static void test_quiet_ticks(void **state)
{
    (void)state;
    quiet_out plain, quiet;
    quiet_case(false, &plain);
    quiet_case(true, &quiet);
    assert_int_equal(plain.t.n, 6);
    assert_int_equal(quiet.t.n, 6);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(plain.t.at[i], quiet.t.at[i]);
        assert_memory_equal(plain.t.s[i], quiet.t.s[i], 2 * sizeof(int32_t));
    }
    assert_int_equal(plain.t.s[2][1], 600);
    /* the line rose at tick 4, with quiet time too */
    assert_int_equal(plain.irq_at, 4 * 3333 + 1);
    assert_int_equal(quiet.irq_at, plain.irq_at);
    assert_int_equal(quiet.underruns, 3);
    assert_int_equal(plain.underruns, 3);
    /* 6 ticks and the other event; with quiet time tick 3 ran right
     * after tick 2 (tick 2 waited for the event at 5000; tick 4 and the
     * underrunning ones are events of their own) */
    assert_int_equal(plain.fired, 7);
    assert_int_equal(quiet.fired, 6);
}

/* Streaming (ds_ssp_set_stream): with a DMA that serves a run of
 * requests at once, the same frames, stamps, levels and counters as with
 * requests one by one.  The fake DMA refills the FIFO from a source of 30
 * frames, a frame a request, landing at once; its stream serves whole
 * runs until the source runs dry.  A sink of runs (ds_ssp_set_sink_run)
 * gets the same frames and stamps, several frames a call. */
#define SRC_FRAMES 30
typedef struct stream_out {
    uint64_t at[64];
    int32_t s[64][2];
    unsigned n;
    uint64_t frames, underruns, fired;
    size_t space;
    unsigned runs, streamed, requests;
    unsigned sink_calls, sink_multi; /* run sink: calls, with > 1 frame */
} stream_out;
static stream_out *so;
static ds_ssp *sp;
static uint8_t src_bytes[SRC_FRAMES * 8];
static size_t src_pos, src_fb; /* bytes: read, a frame's */

static void rec_sink(void *u, unsigned port, const int32_t *s, unsigned ch,
                     uint64_t at)
{
    (void)u;
    (void)port;
    assert_int_equal(ch, 2);
    assert_true(so->n < 64);
    so->at[so->n] = at;
    memcpy(so->s[so->n], s, sizeof so->s[0]);
    so->n++;
}
/* The same record, from a sink that takes runs of frames. */
static void rec_run(void *u, unsigned port, const int32_t *s, unsigned ch,
                    unsigned frames, const uint64_t *at)
{
    assert_true(frames >= 1);
    so->sink_calls++;
    so->sink_multi += frames > 1;
    for (unsigned k = 0; k < frames; k++)
        rec_sink(u, port, s + (size_t)k * ch, ch, at[k]);
}
static void fill_req(void *u, unsigned port, uint64_t at)
{
    (void)u;
    (void)port;
    (void)at;
    size_t n = ds_ssp_tx_space(sp);
    if (n > SRC_FRAMES * src_fb - src_pos)
        n = SRC_FRAMES * src_fb - src_pos;
    src_pos += ds_ssp_tx_push(sp, src_bytes + src_pos, n);
    so->requests++;
}
static unsigned fill_stream(void *u, unsigned port, const uint64_t *t,
                            unsigned n, uint64_t horizon, size_t room,
                            uint8_t *out)
{
    (void)u;
    assert_int_equal(port, 1);
    assert_int_equal(room, src_fb);
    unsigned m = 0;
    for (; m < n && src_pos + room <= SRC_FRAMES * src_fb; m++) {
        assert_true(t[m] < horizon);
        assert_true(t[m] < t[m + 1]);
        memcpy(out + m * room, src_bytes + src_pos, room);
        src_pos += room;
    }
    so->runs++;
    so->streamed += m;
    return m;
}

static void stream_case(bool stream, bool run_sink, unsigned width,
                        stream_out *o)
{
    fx f = make(0);
    memset(o, 0, sizeof *o);
    so = o;
    sp = f.p;
    src_pos = 0;
    src_fb = width == 16 ? 4 : 8;
    wr(&f, BOARD_SSP_FORMAT, BOARD_SSP_FORMAT_VALUE(width, 2));
    for (size_t i = 0; i < sizeof src_bytes; i++)
        src_bytes[i] = (uint8_t)(i * 7 + 3);
    if (run_sink)
        ds_ssp_set_sink_run(f.p, rec_run, NULL);
    else
        ds_ssp_set_sink(f.p, rec_sink, NULL);
    ds_ssp_set_request(f.p, fill_req, NULL);
    ds_ssp_set_quiet(f.p, quiet_others, f.clk);
    if (stream)
        ds_ssp_set_stream(f.p, fill_stream, NULL);
    /* the FIFO full (4 frames), then 30 more from the source: ticks 1-34
     * play them, the rest underrun */
    for (int i = 0; i < 8; i++)
        wr(&f, BOARD_SSP_TXDATA, (uint32_t)(i + 1) * 100);
    assert_int_equal(ds_ssp_tx_space(f.p), 0);
    /* something else happens between ticks 12 and 13 */
    ds_clock_schedule(f.clk, 3333 * 12 + 1000, looker, NULL);
    wr(&f, BOARD_SSP_CTRL, BOARD_SSP_CTRL_TX_EN);
    o->fired = ds_clock_advance(f.clk, 3334 * 40);
    o->frames = ds_ssp_frames(f.p);
    o->underruns = ds_ssp_underruns(f.p);
    o->space = ds_ssp_tx_space(f.p);
    done(&f);
}

/* S16, S24 (in 4-byte containers) and S32 (copied as they are), each
 * with a 4-frame FIFO that a run wraps several times */
static void stream_ticks(unsigned width)
{
    static stream_out plain, streamed, runs;
    stream_case(false, false, width, &plain);
    stream_case(true, false, width, &streamed);
    stream_case(true, true, width, &runs);
    assert_int_equal(plain.n, 40);
    assert_int_equal(streamed.n, plain.n);
    assert_int_equal(runs.n, plain.n);
    for (unsigned i = 0; i < plain.n; i++) {
        assert_int_equal(plain.at[i], streamed.at[i]);
        assert_memory_equal(plain.s[i], streamed.s[i], sizeof plain.s[0]);
        /* a sink of runs gets the same frames and stamps */
        assert_int_equal(plain.at[i], runs.at[i]);
        assert_memory_equal(plain.s[i], runs.s[i], sizeof plain.s[0]);
    }
    assert_true(runs.sink_multi >= 2);
    assert_true(runs.sink_calls < runs.n);
    /* the source's frames in order after the four queued, then silence */
    int32_t first;
    if (width == 16) {
        int16_t h;
        memcpy(&h, src_bytes, 2);
        first = h;
    } else {
        uint32_t v;
        memcpy(&v, src_bytes, 4);
        first = width == 24 ? (int32_t)(v << 8) >> 8 : (int32_t)v;
    }
    assert_int_equal(plain.s[4][0], first);
    assert_int_equal(plain.s[34][0], 0);
    assert_int_equal(streamed.frames, plain.frames);
    assert_int_equal(streamed.underruns, 6);
    assert_int_equal(plain.underruns, 6);
    assert_int_equal(streamed.space, plain.space);
    /* runs did most of the refills: one before the other event, one
     * after it until the source ran dry */
    assert_int_equal(plain.streamed, 0);
    assert_true(streamed.streamed >= 24);
    assert_int_equal(streamed.streamed + streamed.requests, plain.requests);
    assert_true(streamed.runs >= 2);
}

static void test_stream_ticks(void **state)
{
    (void)state;
    stream_ticks(16);
    stream_ticks(24);
    stream_ticks(32);
}

/* Lazy ticks (ds_ssp_set_lazy): a tick that leaves a full TX FIFO a
 * frame short asks how many ticks after it are steady; with m the next
 * tick is a lazy event that must have fired by the m-th after it; not
 * asked with RX on or a FIFO short of data; a fault or a drift hardens. */
static unsigned lazy_m, lazy_calls;
static size_t lazy_room;
static uint64_t lazy_period;
static unsigned lazy_fn(void *u, unsigned port, uint64_t at, size_t room,
                        uint64_t period, unsigned max)
{
    (void)u;
    (void)at;
    assert_int_equal(port, 1);
    assert_true(max >= 8);
    lazy_calls++;
    lazy_room = room;
    lazy_period = period;
    return lazy_m;
}
static void refill_req(void *u, unsigned port, uint64_t at)
{
    (void)port;
    (void)at;
    static const uint8_t z[64];
    ds_ssp *p = u;
    ds_ssp_tx_push(p, z, ds_ssp_tx_space(p));
}

static void test_lazy_ticks(void **state)
{
    (void)state;
    fx f = make(0);
    ds_ssp_set_request(f.p, refill_req, f.p);
    ds_ssp_set_lazy(f.p, lazy_fn, NULL);
    lazy_calls = 0;
    lazy_m = 3;
    for (int i = 0; i < 8; i++) /* 16-bit stereo: 4 frames, full */
        wr(&f, BOARD_SSP_TXDATA, 1);
    wr(&f, BOARD_SSP_CTRL, BOARD_SSP_CTRL_TX_EN);
    ds_clock_advance(f.clk, 3333); /* tick 1 */
    assert_int_equal(lazy_calls, 1);
    assert_int_equal(lazy_room, 4);
    assert_int_equal(lazy_period, 3333);
    assert_int_equal(ds_ssp_lazy_ticks(f.p), 1);
    assert_int_equal(ds_clock_lazy_pending(f.clk), 1);
    assert_int_equal(ds_clock_next(f.clk), 6666);         /* tick 2 */
    assert_int_equal(ds_clock_next_strict(f.clk), 16666); /* tick 5 */
    ds_clock_advance(f.clk, 6666); /* tick 2 asks again: m 3 from tick 3 */
    assert_int_equal(ds_clock_next_strict(f.clk), 20000); /* tick 6 */
    /* an underrun to come: the pending lazy tick hardens; the tick that
     * underruns asks again (the fault is spent, the FIFO still full) */
    ds_ssp_fault_xrun(f.p, true, 1);
    assert_int_equal(ds_clock_lazy_pending(f.clk), 0);
    assert_int_equal(ds_clock_next_strict(f.clk), 10000);
    ds_clock_advance(f.clk, 10000);
    assert_int_equal(ds_ssp_underruns(f.p), 1);
    assert_int_equal(lazy_calls, 3);
    assert_int_equal(ds_clock_lazy_pending(f.clk), 1);
    ds_ssp_set_drift(f.p, 1000);
    assert_int_equal(ds_clock_lazy_pending(f.clk), 0);
    /* none: an ordinary tick */
    lazy_m = 0;
    ds_clock_advance(f.clk, 13333);
    assert_int_equal(lazy_calls, 4);
    assert_int_equal(ds_clock_lazy_pending(f.clk), 0);
    assert_int_equal(ds_ssp_lazy_ticks(f.p), 3);
    /* RX on: never asked */
    lazy_m = 3;
    wr(&f, BOARD_SSP_CTRL, 0);
    wr(&f, BOARD_SSP_CTRL, BOARD_SSP_CTRL_TX_EN | BOARD_SSP_CTRL_RX_EN);
    ds_clock_advance(f.clk, 40000);
    assert_int_equal(lazy_calls, 4);
    /* a FIFO the request leaves short: never asked either */
    wr(&f, BOARD_SSP_CTRL, BOARD_SSP_CTRL_FLUSH);
    ds_ssp_set_request(f.p, req, NULL);
    for (int i = 0; i < 8; i++)
        wr(&f, BOARD_SSP_TXDATA, 1);
    wr(&f, BOARD_SSP_CTRL, BOARD_SSP_CTRL_TX_EN);
    ds_clock_advance(f.clk, 60000);
    assert_int_equal(lazy_calls, 5); /* the first tick only */
    assert_int_equal(ds_ssp_lazy_ticks(f.p), 4);
    done(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset_values),
        cmocka_unit_test(test_tick_timing),
        cmocka_unit_test(test_tx_underrun),
        cmocka_unit_test(test_rx_overrun_and_formats),
        cmocka_unit_test(test_sink_buffer_limits),
        cmocka_unit_test(test_quiet_ticks),
        cmocka_unit_test(test_stream_ticks),
        cmocka_unit_test(test_lazy_ticks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

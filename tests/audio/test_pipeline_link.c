/* SPDX-License-Identifier: BSD-3-Clause */
/* Cross-pipeline connections with the fake DMA: two producer pipelines
 * (host -> volume -> output buffer) feeding one consumer (mixer -> DAI),
 * sample-exact against the kernels after the documented latency, in both
 * job orders; producers started, stopped, drained and freed while the
 * consumer runs (silence, no xrun, no stale data); a stopped consumer
 * (producers drop, never stall); graph rules; the buffer's frame counters
 * across their wrap. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "comp/comp_endpoint.h"
#include "comp/comp_mixer.h"
#include "comp/comp_volume.h"
#include "dsp/format.h"
#include "dsp/mixer.h"
#include "dsp/volume.h"
#include "pipeline/pipeline.h"
#include "pipe_test_util.h"

#define RATE   48000
#define PERIOD 48           /* frames per 1 ms period */
#define NHOST  64           /* periods of host data per stream */
#define NDAI   96           /* periods the DAI side can take */
#define PSAMP  (PERIOD * 2) /* samples per period, stereo */

static uint32_t rng = 7u;
static int32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (int32_t)rng;
}

static uint32_t xruns;
static void on_event(void *ctx, enum audio_event ev, uint32_t comp_id,
                     uint32_t value)
{
    (void)ctx;
    (void)comp_id;
    (void)value;
    if (ev != AUD_EV_POSITION)
        xruns++;
}

static const struct comp_volume_config vol_cfg[2] = {
    { .gain_db_q8_8 = { -6 * 256, 3 * 256 + 128 } },
    { .gain_db_q8_8 = { 2 * 256, -9 * 256 } },
};

static struct {
    struct host_alloc ta;
    struct fake_dma host[2], dai;
    struct pipeline prod[2], cons;
    int16_t host_mem[2][NHOST * PSAMP];
    int16_t vol[2][NHOST * PSAMP]; /* each producer's stream */
    int16_t dai_mem[NDAI * PSAMP];
} fx;

static struct pipeline_config config(uint32_t id)
{
    return (struct pipeline_config){
        .id = id,
        .dir = AUDIO_DIR_PLAYBACK,
        .period_us = 1000,
        .clock_hz = 80000000,
        .prefill_periods = 1,
        .alloc = &fx.ta.a,
        .notify = on_event,
    };
}

static struct comp_endpoint_config ep(struct fake_dma *d)
{
    return (struct comp_endpoint_config){ .dir = AUDIO_DIR_PLAYBACK,
                                          .dma = &fake_dma_ops,
                                          .dma_ctx = d };
}

/* The volume kernel over each host stream, as the producer computes it
 * (S16 in and out). */
static void expected_streams(void)
{
    static int32_t q[NHOST * PSAMP];
    struct vol_state v;

    for (int i = 0; i < 2; i++) {
        fmt_to_q1_31(q, fx.host_mem[i], AUDIO_FMT_S16_LE, NHOST * PSAMP);
        vol_init(&v, 2);
        vol_set_gain_db(&v, 0, vol_cfg[i].gain_db_q8_8[0]);
        vol_set_gain_db(&v, 1, vol_cfg[i].gain_db_q8_8[1]);
        vol_process_q1_31(&v, q, q, NHOST * PERIOD);
        fmt_from_q1_31(fx.vol[i], q, AUDIO_FMT_S16_LE, NHOST * PSAMP);
    }
}

/* Producer i: host(1) -b10-> volume(2) -b11 (output, 3 periods). */
static void build_producer(int i)
{
    struct pipeline_config c = config(10 + (uint32_t)i);
    struct comp_endpoint_config h = ep(&fx.host[i]);
    struct pipeline *p = &fx.prod[i];

    assert_int_equal(pipeline_init(p, &c), 0);
    assert_int_equal(pipeline_comp_new(p, COMP_TYPE_HOST, 1, &h, sizeof(h)), 0);
    assert_int_equal(pipeline_comp_new(p, COMP_TYPE_VOLUME, 2, &vol_cfg[i],
                                       sizeof(vol_cfg[i])),
                     0);
    assert_int_equal(
        pipeline_buffer_new(p, 10, AUDIO_FMT_S16_LE, 2, RATE, 2 * PERIOD), 0);
    assert_int_equal(
        pipeline_buffer_new(p, 11, AUDIO_FMT_S16_LE, 2, RATE, 3 * PERIOD), 0);
    assert_int_equal(pipeline_connect(p, 1, 10, 2), 0);
    assert_int_equal(pipeline_link_out(p, 2, 11), 0);
}

/* Consumer: mixer(3, 2 inputs) -b20-> dai(4). */
static void build_consumer(struct pipeline *p)
{
    struct pipeline_config c = config(20);
    struct comp_endpoint_config d = ep(&fx.dai);
    struct comp_mixer_config m = { .num_inputs = 2 };

    assert_int_equal(pipeline_init(p, &c), 0);
    assert_int_equal(pipeline_comp_new(p, COMP_TYPE_MIXER, 3, &m, sizeof(m)),
                     0);
    assert_int_equal(pipeline_comp_new(p, COMP_TYPE_DAI, 4, &d, sizeof(d)), 0);
    assert_int_equal(
        pipeline_buffer_new(p, 20, AUDIO_FMT_S16_LE, 2, RATE, 2 * PERIOD), 0);
    assert_int_equal(pipeline_connect(p, 3, 20, 4), 0);
}

/* The three pipelines, linked (producer i -> mixer input i), complete. */
static void setup_all(void)
{
    enum pipe_xarg bad;

    memset(&fx, 0, sizeof(fx));
    xruns = 0;
    host_alloc_init(&fx.ta);
    for (size_t k = 0; k < NHOST * PSAMP; k++) {
        fx.host_mem[0][k] = (int16_t)(rnd() >> 1);
        fx.host_mem[1][k] = (int16_t)(rnd() >> 1);
    }
    expected_streams();
    memset(fx.dai_mem, 0x55, sizeof(fx.dai_mem));
    for (int i = 0; i < 2; i++) {
        fake_dma_init(&fx.host[i], true, fx.host_mem[i],
                      sizeof(fx.host_mem[i]));
        build_producer(i);
    }
    fake_dma_init(&fx.dai, false, fx.dai_mem, sizeof(fx.dai_mem));
    build_consumer(&fx.cons);
    for (int i = 0; i < 2; i++)
        assert_int_equal(pipeline_xconnect(&fx.prod[i], 11, &fx.cons, 3, &bad),
                         0);
    /* the consumer may complete before its producers */
    assert_int_equal(pipeline_complete(&fx.cons), 0);
    for (int i = 0; i < 2; i++)
        assert_int_equal(pipeline_complete(&fx.prod[i]), 0);
    assert_ptr_equal(fx.prod[0].out_buf, pipeline_buffer(&fx.prod[0], 11));
    assert_ptr_equal(fx.prod[0].consumer, &fx.cons);
    assert_int_equal(fx.cons.n_xin, 2);
    assert_ptr_equal(fx.cons.order[0], pipeline_comp(&fx.cons, 3));
}

static void free_all(void)
{
    pipeline_free(&fx.prod[0]);
    pipeline_free(&fx.cons);
    pipeline_free(&fx.prod[1]);
    assert_int_equal(fx.ta.live, 0);
}

static void start(struct pipeline *p)
{
    assert_int_equal(pipeline_trigger(p, COMP_TRIGGER_START), 0);
}

/* Build and START the consumer, then both producers. */
static void start_all(void)
{
    setup_all();
    start(&fx.cons);
    start(&fx.prod[0]);
    start(&fx.prod[1]);
}

/* No xrun anywhere; free everything, nothing leaked. */
static void finish(void)
{
    assert_int_equal(xruns, 0);
    free_all();
}

/* One period of every running pipeline, producers first or the consumer
 * first (the two orders EDF may give equal-period tasks). */
static void tick(bool cons_first)
{
    struct pipeline *order[3] = { &fx.prod[0], &fx.prod[1], &fx.cons };

    if (cons_first) {
        order[0] = &fx.cons;
        order[2] = &fx.prod[0];
    }
    for (int i = 0; i < 3; i++)
        if (order[i]->state == PIPE_STATE_RUNNING)
            assert_int_equal(pipeline_copy(order[i]), 0);
}

/* Producer i's k-th period, or silence for k < 0. */
static const int16_t *vper(int i, int k)
{
    return k < 0 ? NULL : fx.vol[i] + (size_t)k * PSAMP;
}

/* DAI period d must be the mixer kernel's sum of a and b (NULL = silence),
 * converted to S16 as the mixer's output buffer does. */
static void expect_dai(size_t d, const int16_t *a, const int16_t *b)
{
    static const int16_t zero[PSAMP];
    int32_t qa[PSAMP], qb[PSAMP];
    const int32_t *in[2] = { qa, qb };
    int16_t want[PSAMP];

    fmt_to_q1_31(qa, a ? a : zero, AUDIO_FMT_S16_LE, PSAMP);
    fmt_to_q1_31(qb, b ? b : zero, AUDIO_FMT_S16_LE, PSAMP);
    mix_q1_31(qa, in, 2, PSAMP);
    fmt_from_q1_31(want, qa, AUDIO_FMT_S16_LE, PSAMP);
    for (size_t s = 0; s < PSAMP; s++)
        if (fx.dai_mem[d * PSAMP + s] != want[s])
            fail_msg("DAI period %zu sample %zu: %d want %d", d, s,
                     fx.dai_mem[d * PSAMP + s], want[s]);
}

/* All three started before the first period: the DAI plays the consumer's
 * prefill, one period of link prefill, then mix(vol1, vol2) sample-exact,
 * whichever task runs first. */
static void test_exact(void **state)
{
    (void)state;
    for (int order = 0; order < 2; order++) {
        start_all();
        for (int k = 0; k < 30; k++)
            tick(order);
        expect_dai(0, NULL, NULL); /* consumer's prefill */
        expect_dai(1, NULL, NULL); /* link prefill */
        for (int d = 2; d < 30; d++)
            expect_dai((size_t)d, vper(0, d - 2), vper(1, d - 2));
        assert_int_equal(fx.dai.pos, 30 * PERIOD * 4);
        for (int i = 0; i < 2; i++) {
            assert_int_equal(fx.host[i].pos, 30 * PERIOD * 4);
            assert_int_equal(fx.prod[i].out_dropped, 0);
            assert_int_equal(fx.cons.xin[i].silent_periods, 0);
        }
        finish();
    }
}

/* Consumer running; producers started and stopped on their own: silence
 * for a stopped input, no xrun, nothing stale after a restart. */
static void test_start_stop(void **state)
{
    (void)state;
    for (int order = 0; order < 2; order++) {
        setup_all();
        start(&fx.cons);
        start(&fx.prod[0]);
        for (int k = 0; k < 20; k++) {
            if (k == 5)
                start(&fx.prod[1]);
            if (k == 10)
                assert_int_equal(
                    pipeline_trigger(&fx.prod[0], COMP_TRIGGER_STOP), 0);
            if (k == 14)
                start(&fx.prod[0]);
            tick(order);
        }
        assert_int_equal(fx.cons.state, PIPE_STATE_RUNNING);
        assert_int_equal(xruns, 0);
        /* mixer period j is DAI period j + 1 */
        expect_dai(0, NULL, NULL);
        for (int j = 0; j < 19; j++) {
            int k1 = j >= 1 && j <= 9 ? j - 1 : j >= 15 ? 10 + j - 15 : -1;
            int k2 = j >= 6 ? j - 6 : -1;

            expect_dai((size_t)j + 1, vper(0, k1), vper(1, k2));
        }
        /* silence substituted: input 0 while stopped (periods 10-13),
		 * input 1 before its start (0-4) */
        assert_int_equal(fx.cons.xin[0].silent_periods, 4);
        assert_int_equal(fx.cons.xin[1].silent_periods, 5);
        /* pause / release: silence while paused, then prefill and the
		 * stream from where the host stands */
        assert_int_equal(pipeline_trigger(&fx.prod[1], COMP_TRIGGER_PAUSE), 0);
        tick(order);
        tick(order);
        assert_int_equal(pipeline_trigger(&fx.prod[1], COMP_TRIGGER_RELEASE),
                         0);
        for (int k = 0; k < 4; k++)
            tick(order);
        /* mixer periods 20..25: input 0 continues (k1 = j - 5) */
        expect_dai(21, vper(0, 15), NULL);
        expect_dai(22, vper(0, 16), NULL);
        expect_dai(23, vper(0, 17), NULL); /* release: prefill */
        /* the period queued when it paused (14) is dropped */
        expect_dai(24, vper(0, 18), vper(1, 15));
        expect_dai(25, vper(0, 19), vper(1, 16));
        finish();
    }
}

/* Consumer stopped: the producers keep running without xruns, dropping
 * their output; the consumer's START restarts the links. */
static void test_consumer_stopped(void **state)
{
    (void)state;
    setup_all();
    start(&fx.prod[0]);
    start(&fx.prod[1]);
    for (int k = 0; k < 10; k++)
        tick(false);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(fx.prod[i].state, PIPE_STATE_RUNNING);
        /* the prefill and 9 periods (the 10th is in the buffer) */
        assert_int_equal(fx.prod[i].out_dropped, 10 * PERIOD);
        assert_int_equal(fx.host[i].pos, 10 * PERIOD * 4);
    }
    start(&fx.cons);
    for (int k = 0; k < 8; k++)
        tick(true);
    expect_dai(0, NULL, NULL);
    expect_dai(1, NULL, NULL);
    for (int d = 2; d < 8; d++)
        expect_dai((size_t)d, vper(0, 10 + d - 2), vper(1, 10 + d - 2));
    /* STOP (the DAI fades), the producers go on; START again */
    assert_int_equal(pipeline_trigger(&fx.cons, COMP_TRIGGER_STOP), 0);
    for (int k = 0; k < 5; k++)
        tick(false);
    assert_int_equal(fx.dai.pos,
                     (8 * PERIOD + COMP_ENDPOINT_FADE_FRAMES(RATE)) * 4);
    memset(fx.dai_mem, 0x55, sizeof(fx.dai_mem));
    fake_dma_init(&fx.dai, false, fx.dai_mem, sizeof(fx.dai_mem));
    start(&fx.cons);
    for (int k = 0; k < 6; k++)
        tick(false);
    expect_dai(0, NULL, NULL);
    expect_dai(1, NULL, NULL);
    for (int d = 2; d < 6; d++)
        expect_dai((size_t)d, vper(0, 23 + d - 2), vper(1, 23 + d - 2));
    /* a paused consumer does not stall them either */
    assert_int_equal(pipeline_trigger(&fx.cons, COMP_TRIGGER_PAUSE), 0);
    for (int k = 0; k < 5; k++)
        tick(false);
    assert_int_equal(pipeline_trigger(&fx.cons, COMP_TRIGGER_RELEASE), 0);
    for (int k = 0; k < 3; k++)
        tick(false);
    expect_dai(6, vper(0, 27), vper(1, 27)); /* its own queue */
    expect_dai(7, NULL, NULL);               /* link restarted */
    expect_dai(8, vper(0, 34), vper(1, 34));
    finish();
}

/* DRAIN of a producer: everything it fetched reaches the mixer exactly
 * once, then it stops itself; the consumer goes on with silence. */
static void test_producer_drain(void **state)
{
    (void)state;
    for (int order = 0; order < 2; order++) {
        start_all();
        for (int k = 0; k < 6; k++)
            tick(order);
        assert_int_equal(pipeline_drain(&fx.prod[0]), 0);
        for (int k = 0; k < 6; k++)
            tick(order);
        assert_int_equal(fx.prod[0].state, PIPE_STATE_STOPPED);
        assert_int_equal(fx.prod[0].drains, 1);
        assert_int_equal(fx.host[0].pos, 6 * PERIOD * 4);
        assert_int_equal(fx.cons.state, PIPE_STATE_RUNNING);
        for (int j = 0; j < 11; j++)
            expect_dai((size_t)j + 1, vper(0, j >= 1 && j <= 6 ? j - 1 : -1),
                       vper(1, j - 1));
        finish();
    }
}

/* Consumer drain: its own queue plays out, the links are not read (the
 * producers drop meanwhile), then STOPPED. */
static void test_consumer_drain(void **state)
{
    (void)state;
    start_all();
    for (int k = 0; k < 4; k++)
        tick(false);
    assert_int_equal(pipeline_drain(&fx.cons), 0);
    tick(false);
    tick(false);
    assert_int_equal(fx.cons.state, PIPE_STATE_STOPPED);
    expect_dai(3, vper(0, 1), vper(1, 1));
    expect_dai(4, vper(0, 2), vper(1, 2)); /* the queued period */
    expect_dai(5, NULL, NULL);             /* then silence: done */
    assert_true(fx.prod[0].out_dropped > 0);
    assert_int_equal(fx.prod[0].state, PIPE_STATE_RUNNING);
    finish();
}

/* Freeing a producer while the consumer runs: its input is silence, the
 * buffer is the consumer's now (freed with it).  Freeing the consumer:
 * the producer drops, and a new consumer (its DAI reading the buffer
 * directly) can be connected to the running producer. */
static void test_free_reconnect(void **state)
{
    struct pipeline c2;
    struct pipeline_config c = config(30);
    struct comp_endpoint_config d = ep(&fx.dai);
    enum pipe_xarg bad;

    (void)state;
    start_all();
    for (int k = 0; k < 3; k++)
        tick(false);
    pipeline_free(&fx.prod[0]);
    assert_null(fx.cons.xin[0].prod);
    assert_non_null(fx.cons.xin[0].buf);
    for (int k = 0; k < 3; k++)
        tick(false);
    expect_dai(3, vper(0, 1), vper(1, 1));
    expect_dai(4, NULL, vper(1, 2));
    expect_dai(5, NULL, vper(1, 3));
    assert_int_equal(fx.cons.state, PIPE_STATE_RUNNING);
    pipeline_free(&fx.cons);
    assert_null(fx.prod[1].consumer);
    assert_null(pipeline_buffer(&fx.prod[1], 11)->sink);
    for (int k = 0; k < 3; k++)
        tick(false);
    assert_int_equal(fx.prod[1].state, PIPE_STATE_RUNNING);
    /* producer 1's buffer straight into a DAI */
    memset(fx.dai_mem, 0x55, sizeof(fx.dai_mem));
    fake_dma_init(&fx.dai, false, fx.dai_mem, sizeof(fx.dai_mem));
    assert_int_equal(pipeline_init(&c2, &c), 0);
    assert_int_equal(pipeline_comp_new(&c2, COMP_TYPE_DAI, 4, &d, sizeof(d)),
                     0);
    assert_int_equal(pipeline_xconnect(&fx.prod[1], 11, &c2, 4, &bad), 0);
    assert_int_equal(pipeline_complete(&c2), 0);
    start(&c2);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(pipeline_copy(&fx.prod[1]), 0);
        assert_int_equal(pipeline_copy(&c2), 0);
    }
    /* link prefill, then the stream from the 9th period on */
    expect_dai(0, NULL, NULL);
    for (int d2 = 1; d2 < 4; d2++)
        expect_dai((size_t)d2, vper(1, 9 + d2 - 1), NULL);
    /* the producer stops: the DAI plays silence, no xrun */
    assert_int_equal(pipeline_trigger(&fx.prod[1], COMP_TRIGGER_STOP), 0);
    assert_int_equal(pipeline_copy(&c2), 0);
    expect_dai(4, NULL, NULL);
    assert_int_equal(xruns, 0);
    pipeline_free(&c2);
    pipeline_free(&fx.prod[1]);
    assert_int_equal(fx.ta.live, 0);
}

/* Graph rules at COMPLETE and the connect checks not reachable over IPC. */
static void test_graph(void **state)
{
    struct comp_endpoint_config d = ep(&fx.dai), h;
    struct pipeline_config c = config(40);
    struct pipeline a, b;
    enum pipe_xarg bad;

    (void)state;
    setup_all();
    assert_int_equal(pipeline_xconnect(NULL, 11, &fx.cons, 3, &bad),
                     AUD_E_INVAL);
    assert_int_equal(bad, PIPE_XARG_PROD);
    assert_int_equal(pipeline_xconnect(&fx.prod[0], 11, NULL, 3, &bad),
                     AUD_E_PORT_FULL); /* the buffer is taken */
    assert_int_equal(bad, PIPE_XARG_BUF);
    free_all();

    /* a producer whose output buffer is not connected: dangling */
    memset(&fx, 0, sizeof(fx));
    host_alloc_init(&fx.ta);
    build_producer(0);
    assert_int_equal(pipeline_complete(&fx.prod[0]), AUD_E_UNCONNECTED);
    assert_int_equal(pipeline_xconnect(&fx.prod[0], 11, NULL, 3, &bad),
                     AUD_E_INVAL);
    assert_int_equal(bad, PIPE_XARG_CONS);
    /* a producer that also has a sink endpoint: two sinks */
    build_consumer(&fx.cons);
    assert_int_equal(
        pipeline_comp_new(&fx.prod[0], COMP_TYPE_DAI, 5, &d, sizeof(d)), 0);
    assert_int_equal(pipeline_buffer_new(&fx.prod[0], 12, AUDIO_FMT_S16_LE, 2,
                                         RATE, 3 * PERIOD),
                     0);
    assert_int_equal(pipeline_xconnect(&fx.prod[0], 11, &fx.cons, 3, &bad), 0);
    assert_int_equal(pipeline_xconnect(&fx.prod[0], 12, &fx.cons, 3, &bad),
                     AUD_E_PORT_FULL); /* one output per producer */
    assert_int_equal(bad, PIPE_XARG_BUF);
    assert_int_equal(pipeline_complete(&fx.prod[0]), AUD_E_UNCONNECTED);
    h = ep(&fx.host[1]);
    assert_int_equal(
        pipeline_comp_new(&fx.prod[0], COMP_TYPE_HOST, 6, &h, sizeof(h)), 0);
    assert_int_equal(pipeline_connect(&fx.prod[0], 6, 12, 5), 0);
    assert_int_equal(pipeline_complete(&fx.prod[0]), AUD_E_ENDPOINT);
    pipeline_free(&fx.prod[0]);
    pipeline_free(&fx.cons);
    assert_int_equal(fx.ta.live, 0);

    /* a cycle through two pipelines: a's buffer -> b, b's buffer -> a */
    host_alloc_init(&fx.ta);
    c.alloc = &fx.ta.a;
    assert_int_equal(pipeline_init(&a, &c), 0);
    c.id = 41;
    assert_int_equal(pipeline_init(&b, &c), 0);
    for (struct pipeline *p = &a; p; p = p == &a ? &b : NULL) {
        assert_int_equal(pipeline_comp_new(p, COMP_TYPE_VOLUME, 1, &vol_cfg[0],
                                           sizeof(vol_cfg[0])),
                         0);
        assert_int_equal(
            pipeline_buffer_new(p, 2, AUDIO_FMT_S16_LE, 2, RATE, 3 * PERIOD),
            0);
        assert_int_equal(pipeline_link_out(p, 1, 2), 0);
    }
    assert_int_equal(pipeline_xconnect(&a, 2, &b, 1, &bad), 0);
    assert_int_equal(pipeline_xconnect(&b, 2, &a, 1, &bad), AUD_E_CYCLE);
    assert_int_equal(bad, PIPE_XARG_CONS);
    assert_int_equal(pipeline_xconnect(&b, 2, &b, 1, &bad), AUD_E_INVAL);
    assert_int_equal(bad, PIPE_XARG_CONS);
    pipeline_free(&b); /* a's buffer goes back to a */
    assert_null(a.consumer);
    pipeline_free(&a);
    assert_int_equal(fx.ta.live, 0);
}

/* The buffer's frame counters wrap modulo 2^32 without a glitch. */
static void test_counter_wrap(void **state)
{
    struct audio_buffer b;
    int32_t in[10], out[10];

    (void)state;
    host_alloc_init(&fx.ta);
    assert_int_equal(
        audio_buffer_init(&b, &fx.ta.a, 1, AUDIO_FMT_S32_LE, 1, RATE, 8), 0);
    b.written = b.taken = 0xFFFFFFFAu;
    for (int round = 0; round < 5; round++) {
        for (int i = 0; i < 5; i++)
            in[i] = round * 100 + i;
        assert_int_equal(audio_buffer_write_q1_31(&b, in, 5), 0);
        assert_int_equal(audio_buffer_avail(&b), 5);
        assert_int_equal(audio_buffer_free_frames(&b), 3);
        assert_int_equal(audio_buffer_write_q1_31(&b, in, 4), AUD_E_OVERRUN);
        assert_int_equal(audio_buffer_read_q1_31(&b, out, 5), 0);
        assert_memory_equal(in, out, 5 * sizeof(int32_t));
        assert_int_equal(audio_buffer_avail(&b), 0);
    }
    assert_true(b.written < 0xFFFFFFFAu); /* wrapped */
    audio_buffer_free(&b);
    assert_int_equal(fx.ta.live, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact),
        cmocka_unit_test(test_start_stop),
        cmocka_unit_test(test_consumer_stopped),
        cmocka_unit_test(test_producer_drain),
        cmocka_unit_test(test_consumer_drain),
        cmocka_unit_test(test_free_reconnect),
        cmocka_unit_test(test_graph),
        cmocka_unit_test(test_counter_wrap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Pipelines whose period is not whole frames: 44.1 kHz at 1 ms (periods of
 * 44 or 45 frames, 441 every 10 periods) with a fake DMA.  host -> volume
 * -> DAI sample-exact after one 45-frame prefill period, the schedule
 * exact over 1000 periods at both endpoints and in the host positions; a
 * drain; SRC 48 kHz -> 44.1 kHz equal to the kernel run one-shot. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "comp/comp_endpoint.h"
#include "comp/comp_src.h"
#include "comp/comp_volume.h"
#include "dsp/format.h"
#include "dsp/src.h"
#include "dsp/volume.h"
#include "pipeline/pipeline.h"
#include "pipe_test_util.h"

#define RATE   44100u
#define MAXP   45u /* the largest 1 ms period at 44.1 kHz */
#define NPER   1000u
#define FRAMES (RATE * NPER / 1000u) /* 44100: exactly 1 s */

static uint32_t rng = 441u;
static int32_t rnd(void)
{
    return test_rand(&rng);
}

/* Frames of period n at 44.1 kHz / 1 ms, computed independently. */
static uint32_t sched(uint32_t n)
{
    return (n + 1u) * 441u / 10u - n * 441u / 10u;
}

struct fixture {
    struct host_alloc ta;
    struct fake_dma host, dai;
    struct pipeline p;
    struct pipeline_config cfg;
    uint32_t positions, last_pos, xruns;
};

static struct fixture fx;
static int16_t host_mem[(FRAMES + MAXP) * 2];
static int16_t dai_mem[(FRAMES + 2 * MAXP) * 2];

static void on_event(void *ctx, enum audio_event ev, uint32_t comp_id,
                     uint32_t value)
{
    (void)ctx;
    (void)comp_id;
    if (ev == AUD_EV_POSITION) {
        fx.positions++;
        fx.last_pos = value;
    } else {
        fx.xruns++;
    }
}

static void fixture_init(void *host, uint32_t host_bytes)
{
    memset(&fx, 0, sizeof(fx));
    host_alloc_init(&fx.ta);
    pipe_test_config(&fx.cfg, AUDIO_DIR_PLAYBACK, &fx.ta, on_event);
    memset(dai_mem, 0x55, sizeof(dai_mem));
    fake_dma_init(&fx.host, true, host, host_bytes);
    fake_dma_init(&fx.dai, false, dai_mem, sizeof(dai_mem));
    assert_int_equal(pipeline_init(&fx.p, &fx.cfg), 0);
}

static void fixture_done(void)
{
    pipeline_free(&fx.p);
    assert_int_equal(fx.ta.live, 0);
}

static struct comp_endpoint_config ep(struct fake_dma *d)
{
    struct comp_endpoint_config c = {
        .dir = AUDIO_DIR_PLAYBACK, .port = 0, .dma = &fake_dma_ops, .dma_ctx = d
    };
    return c;
}

static const struct comp_volume_config vol_cfg = {
    .gain_db_q8_8 = { -6 * 256, 3 * 256 + 128 },
    .ramp_ms = 0,
    .mute = 0,
};

/* host(10) -b100-> volume(11) -b101-> dai(12), S16 stereo, 44.1 kHz */
static void build_volume(void)
{
    struct comp_endpoint_config h = ep(&fx.host), d = ep(&fx.dai);

    assert_int_equal(
        pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 10, &h, sizeof(h)), 0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_VOLUME, 11, &vol_cfg,
                                       sizeof(vol_cfg)),
                     0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 12, &d, sizeof(d)),
                     0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 100, AUDIO_FMT_S16_LE, 2, RATE, 2 * MAXP),
        0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 101, AUDIO_FMT_S16_LE, 2, RATE, 2 * MAXP),
        0);
    assert_int_equal(pipeline_connect(&fx.p, 10, 100, 11), 0);
    assert_int_equal(pipeline_connect(&fx.p, 11, 101, 12), 0);
    assert_int_equal(pipeline_complete(&fx.p), 0);
}

/* The volume kernel over the host data, in the blocks the component saw
 * (the host's scheduled periods). */
static void expected_volume(int16_t *exp, uint32_t frames)
{
    static int32_t q[FRAMES * 2];
    struct vol_state v;
    uint32_t k = 0;

    fmt_to_q1_31(q, host_mem, AUDIO_FMT_S16_LE, frames * 2);
    vol_init(&v, 2);
    vol_set_gain_db(&v, 0, vol_cfg.gain_db_q8_8[0]);
    vol_set_gain_db(&v, 1, vol_cfg.gain_db_q8_8[1]);
    for (uint32_t n = 0; k < frames; n++) {
        uint32_t b = sched(n) < frames - k ? sched(n) : frames - k;

        vol_process_q1_31(&v, q + 2 * k, q + 2 * k, b);
        k += b;
    }
    fmt_from_q1_31(exp, q, AUDIO_FMT_S16_LE, frames * 2);
}

static void test_volume_441_exact(void **state)
{
    static int16_t exp[FRAMES * 2];
    const struct audio_buffer *b;
    uint32_t total = 0, n44 = 0;
    size_t diff = 0;

    (void)state;
    for (size_t i = 0; i < FRAMES * 2; i++)
        host_mem[i] = (int16_t)rnd();
    fixture_init(host_mem, FRAMES * 4);
    build_volume();
    b = pipeline_buffer(&fx.p, 101);
    assert_int_equal(b->params.period_frames, MAXP);
    assert_int_equal(b->params.period_rem, 100000);
    assert_int_equal(audio_period_min(&b->params), 44);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    assert_int_equal(fx.dai.cfg.period_bytes, MAXP * 4);
    assert_int_equal(fx.host.cfg.period_bytes, MAXP * 4);
    for (uint32_t n = 0; n < NPER; n++) {
        uint32_t h0 = fx.host.pos, d0 = fx.dai.pos;

        assert_int_equal(pipeline_copy(&fx.p), 0);
        /* both endpoints move exactly the scheduled period */
        assert_int_equal(fx.host.pos - h0, sched(n) * 4);
        assert_int_equal(fx.dai.pos - d0, sched(n) * 4);
        total += sched(n);
        n44 += sched(n) == 44;
        assert_int_equal(fx.last_pos, total * 4);
        if (n % 10 == 9)
            assert_int_equal(total, (n + 1) / 10 * 441);
    }
    assert_int_equal(total, FRAMES);
    assert_int_equal(n44, 900);
    assert_int_equal(fx.positions, NPER);
    assert_int_equal(fx.xruns, 0);
    assert_int_equal(fx.host.pos, FRAMES * 4);
    assert_int_equal(fx.dai.pos, FRAMES * 4);
    /* latency: one prefill period of the largest size (45 frames) */
    expected_volume(exp, FRAMES - MAXP);
    for (uint32_t i = 0; i < MAXP * 2; i++)
        assert_int_equal(dai_mem[i], 0);
    for (uint32_t i = 0; i < (FRAMES - MAXP) * 2; i++) {
        assert_int_equal(dai_mem[MAXP * 2 + i], exp[i]);
        diff += host_mem[i] != exp[i];
    }
    assert_true(diff > FRAMES);
    /* the host is dry now: an underrun, the schedule goes on */
    assert_int_equal(pipeline_copy(&fx.p), AUD_E_UNDERRUN);
    assert_int_equal(fx.p.state, PIPE_STATE_XRUN);
    /* START restarts the schedule at period 0 (44 frames) */
    fx.host.pos = 0;
    fx.dai.pos = 0;
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    for (uint32_t n = 0; n < 20; n++) {
        uint32_t d0 = fx.dai.pos;

        assert_int_equal(pipeline_copy(&fx.p), 0);
        assert_int_equal(fx.dai.pos - d0, sched(n) * 4);
    }
    fixture_done();
}

/* DRAIN at 44.1 kHz: every fetched frame reaches the DAI once, then
 * silence; the components run on periods of 44 or more frames. */
static void test_volume_441_drain(void **state)
{
    static int16_t exp[FRAMES * 2];
    uint32_t fetched, n;

    (void)state;
    for (size_t i = 0; i < FRAMES * 2; i++)
        host_mem[i] = (int16_t)rnd();
    fixture_init(host_mem, FRAMES * 4);
    build_volume();
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    for (n = 0; n < 7; n++)
        assert_int_equal(pipeline_copy(&fx.p), 0);
    fetched = fx.host.pos / 4;
    assert_int_equal(fetched, 7u * 441u / 10u);
    assert_int_equal(pipeline_drain(&fx.p), 0);
    for (n = 0; n < 5 && fx.p.state == PIPE_STATE_RUNNING; n++)
        assert_int_equal(pipeline_copy(&fx.p), 0);
    assert_int_equal(fx.p.state, PIPE_STATE_STOPPED);
    assert_int_equal(fx.p.drains, 1);
    assert_int_equal(fx.host.pos, fetched * 4); /* no new fetch */
    assert_int_equal(fx.xruns, 0);
    expected_volume(exp, fetched);
    for (uint32_t i = 0; i < MAXP * 2; i++)
        assert_int_equal(dai_mem[i], 0);
    for (uint32_t i = 0; i < fetched * 2; i++)
        assert_int_equal(dai_mem[MAXP * 2 + i], exp[i]);
    /* then silence, to the end of the period that ended the drain */
    assert_true(fx.dai.pos / 4 > MAXP + fetched);
    for (uint32_t i = (MAXP + fetched) * 2; i < fx.dai.pos / 2; i++)
        assert_int_equal(dai_mem[i], 0);
    fixture_done();
}

/* host 48 kHz (48 frames a period) -> src -> DAI 44.1 kHz (44/45), S32
 * stereo: the DAI gets a 45-frame prefill, then the SRC kernel's one-shot
 * output over the same input, bit for bit. */
static void test_src_48_to_441(void **state)
{
    enum { IN = 48u * NPER, CH = 2 };
    static int32_t in[IN * CH], out[(FRAMES + 64) * CH];
    static int32_t dai32[(FRAMES + 2 * MAXP) * CH];
    struct src_chain cv;
    struct comp_src_config sc = { .rate_in_hz = 48000, .rate_out_hz = 44100 };
    struct comp_endpoint_config h, d;
    int32_t *dl;
    size_t used, made;
    uint32_t total = 0;

    (void)state;
    for (size_t i = 0; i < IN * CH; i++)
        in[i] = rnd() / 2;
    fixture_init(in, sizeof(in));
    fake_dma_init(&fx.dai, false, dai32, sizeof(dai32));
    memset(dai32, 0x55, sizeof(dai32));
    h = ep(&fx.host);
    d = ep(&fx.dai);
    assert_int_equal(
        pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 10, &h, sizeof(h)), 0);
    assert_int_equal(
        pipeline_comp_new(&fx.p, COMP_TYPE_SRC, 11, &sc, sizeof(sc)), 0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 12, &d, sizeof(d)),
                     0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 100, AUDIO_FMT_S32_LE, CH, 48000, 2 * 48),
        0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 101, AUDIO_FMT_S32_LE, CH, RATE, 3 * MAXP),
        0);
    assert_int_equal(pipeline_connect(&fx.p, 10, 100, 11), 0);
    assert_int_equal(pipeline_connect(&fx.p, 11, 101, 12), 0);
    assert_int_equal(pipeline_complete(&fx.p), 0);
    assert_int_equal(pipeline_buffer(&fx.p, 100)->params.period_rem, 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    for (uint32_t n = 0; n < NPER; n++) {
        uint32_t h0 = fx.host.pos, d0 = fx.dai.pos;

        assert_int_equal(pipeline_copy(&fx.p), 0);
        assert_int_equal(fx.host.pos - h0, 48u * CH * 4);
        assert_int_equal(fx.dai.pos - d0, sched(n) * CH * 4);
        total += sched(n);
    }
    assert_int_equal(total, FRAMES);
    assert_int_equal(fx.xruns, 0);
    assert_int_equal(src_plan(&cv, 48000, 44100), 0);
    dl = malloc(src_chain_words(&cv, CH, SRC_MAX_BLOCK) * 4);
    assert_int_equal(src_chain_init(&cv, CH, SRC_MAX_BLOCK, dl), 0);
    used = made = 0;
    while (used < IN) {
        size_t n = IN - used < SRC_MAX_BLOCK ? IN - used : SRC_MAX_BLOCK;
        size_t u, m;

        src_chain_process(&cv, out + made * CH, FRAMES + 64 - made,
                          in + used * CH, n, &u, &m);
        assert_int_equal(u, n);
        used += u;
        made += m;
    }
    assert_true(made >= FRAMES - MAXP);
    /* the prefill, the SRC's lead (src_chain_lead_frames: 1 + 1 stage
	 * + 1), then the kernel's output */
    assert_int_equal(src_chain_lead_frames(&cv), 3);
    for (uint32_t i = 0; i < (MAXP + 3) * CH; i++)
        assert_int_equal(dai32[i], 0);
    assert_memory_equal(dai32 + (MAXP + 3) * CH, out,
                        (FRAMES - MAXP - 3) * CH * sizeof(int32_t));
    free(dl);
    fixture_done();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_volume_441_exact),
        cmocka_unit_test(test_volume_441_drain),
        cmocka_unit_test(test_src_48_to_441),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}

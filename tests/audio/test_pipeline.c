/* SPDX-License-Identifier: BSD-3-Clause */
/* Pipelines with a fake DMA: sample-exact playback, mixing and capture
 * against the kernels, graph errors, trigger state machine, xrun detection
 * and recovery, cycle accounting, out-of-memory at every allocation. */
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
#define PERIOD 48 /* frames per 1 ms period at 48 kHz */
#define NPER   20
#define FADE   COMP_ENDPOINT_FADE_FRAMES(RATE) /* 48: 1 ms stop fade */

static uint32_t rng = 99u;
static int32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (int32_t)rng;
}

struct events {
    uint32_t positions, last_pos, last_pos_comp;
    uint32_t underruns, overruns, last_xrun_comp;
};

static void on_event(void *ctx, enum audio_event ev, uint32_t comp_id,
                     uint32_t value)
{
    struct events *e = ctx;

    if (ev == AUD_EV_POSITION) {
        e->positions++;
        e->last_pos = value;
        e->last_pos_comp = comp_id;
    } else if (ev == AUD_EV_UNDERRUN) {
        e->underruns++;
        e->last_xrun_comp = comp_id;
    } else {
        e->overruns++;
        e->last_xrun_comp = comp_id;
    }
}

struct fixture {
    struct host_alloc ta;
    struct fake_dma host, host2, dai;
    struct fake_clock clk;
    struct events ev;
    struct pipeline p;
    struct pipeline_config cfg;
    int16_t host_mem[NPER * PERIOD * 2], host2_mem[NPER * PERIOD * 2];
    int16_t dai_mem[(NPER + 2) * PERIOD * 2];
};

static struct fixture fx;

static void fixture_init(uint32_t dir)
{
    memset(&fx.ev, 0, sizeof(fx.ev));
    host_alloc_init(&fx.ta);
    fx.clk.now = 1000;
    fx.clk.step = 10;
    memset(&fx.cfg, 0, sizeof(fx.cfg));
    fx.cfg.id = 1;
    fx.cfg.dir = dir;
    fx.cfg.period_us = 1000;
    fx.cfg.clock_hz = 80000000;
    fx.cfg.prefill_periods = 1;
    fx.cfg.alloc = &fx.ta.a;
    fx.cfg.cycles = fake_clock_read;
    fx.cfg.cycles_ctx = &fx.clk;
    fx.cfg.notify = on_event;
    fx.cfg.notify_ctx = &fx.ev;
    for (size_t i = 0; i < NPER * PERIOD * 2; i++) {
        fx.host_mem[i] = (int16_t)rnd();
        fx.host2_mem[i] = (int16_t)rnd();
    }
    memset(fx.dai_mem, 0x55, sizeof(fx.dai_mem));
    fake_dma_init(&fx.host, true, fx.host_mem, sizeof(fx.host_mem));
    fake_dma_init(&fx.host2, true, fx.host2_mem, sizeof(fx.host2_mem));
    fake_dma_init(&fx.dai, false, fx.dai_mem, sizeof(fx.dai_mem));
    assert_int_equal(pipeline_init(&fx.p, &fx.cfg), 0);
}

static void fixture_done(void)
{
    pipeline_free(&fx.p);
    assert_int_equal(fx.ta.live, 0);
}

static struct comp_endpoint_config ep(uint32_t dir, struct fake_dma *d)
{
    struct comp_endpoint_config c = {
        .dir = dir, .port = 0, .dma = &fake_dma_ops, .dma_ctx = d
    };
    return c;
}

static const struct comp_volume_config vol_cfg = {
    .gain_db_q8_8 = { -6 * 256, 3 * 256 + 128 },
    .ramp_ms = 0,
    .mute = 0,
};

/* host(10) -b100-> volume(11) -b101-> dai(12), S16 stereo */
static int build_playback(void)
{
    struct comp_endpoint_config h = ep(AUDIO_DIR_PLAYBACK, &fx.host);
    struct comp_endpoint_config d = ep(AUDIO_DIR_PLAYBACK, &fx.dai);
    int ret;

    if ((ret = pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 10, &h, sizeof(h))) ||
        (ret = pipeline_comp_new(&fx.p, COMP_TYPE_VOLUME, 11, &vol_cfg,
                                 sizeof(vol_cfg))) ||
        (ret = pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 12, &d, sizeof(d))) ||
        (ret = pipeline_buffer_new(&fx.p, 100, AUDIO_FMT_S16_LE, 2, RATE,
                                   2 * PERIOD)) ||
        (ret = pipeline_buffer_new(&fx.p, 101, AUDIO_FMT_S16_LE, 2, RATE,
                                   2 * PERIOD)) ||
        (ret = pipeline_connect(&fx.p, 10, 100, 11)) ||
        (ret = pipeline_connect(&fx.p, 11, 101, 12)))
        return ret;
    return pipeline_complete(&fx.p);
}

/* Expected DAI stream: the volume kernel over the host data. */
static void expected_playback(int16_t *exp, size_t frames)
{
    static int32_t q[NPER * PERIOD * 2];
    struct vol_state v;

    fmt_to_q1_31(q, fx.host_mem, AUDIO_FMT_S16_LE, frames * 2);
    vol_init(&v, 2);
    vol_set_gain_db(&v, 0, vol_cfg.gain_db_q8_8[0]);
    vol_set_gain_db(&v, 1, vol_cfg.gain_db_q8_8[1]);
    for (size_t k = 0; k < frames; k += PERIOD) /* per period, as run */
        vol_process_q1_31(&v, q + 2 * k, q + 2 * k, PERIOD);
    fmt_from_q1_31(exp, q, AUDIO_FMT_S16_LE, frames * 2);
}

static void test_playback_exact(void **state)
{
    static int16_t exp[NPER * PERIOD * 2];
    struct comp_dev *vol;
    size_t diff = 0;

    (void)state;
    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(build_playback(), 0);
    assert_int_equal(fx.p.period_cycles, 80000);
    assert_int_equal(fx.p.state, PIPE_STATE_READY);
    assert_int_equal(fx.p.order[0]->id, 10);
    assert_int_equal(fx.p.order[1]->id, 11);
    assert_int_equal(fx.p.order[2]->id, 12);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    assert_int_equal(fx.host.starts, 1);
    assert_int_equal(fx.dai.starts, 1);
    assert_int_equal(fx.dai.cfg.period_bytes, PERIOD * 4);
    for (int k = 0; k < NPER; k++) {
        assert_int_equal(pipeline_copy(&fx.p), 0);
        assert_int_equal(fx.ev.last_pos, (uint32_t)(k + 1) * PERIOD * 4);
    }
    assert_int_equal(fx.ev.positions, NPER);
    assert_int_equal(fx.ev.last_pos_comp, 10);
    expected_playback(exp, NPER * PERIOD);
    /* one prefill period of silence, then the processed stream */
    for (int i = 0; i < PERIOD * 2; i++)
        assert_int_equal(fx.dai_mem[i], 0);
    for (int i = 0; i < (NPER - 1) * PERIOD * 2; i++) {
        assert_int_equal(fx.dai_mem[PERIOD * 2 + i], exp[i]);
        diff += fx.host_mem[i] != exp[i];
    }
    assert_true(diff > (NPER - 1) * PERIOD); /* the gain did something */
    assert_int_equal(fx.dai.pos, NPER * PERIOD * 4);

    /* cycle accounting: the fake clock advances 10 per read */
    vol = pipeline_comp(&fx.p, 11);
    assert_int_equal(vol->cycles.periods, NPER);
    assert_int_equal(vol->cycles.worst, 10);
    assert_int_equal(audio_cycles_avg(&vol->cycles), 10);
    assert_int_equal(fx.p.cycles.periods, NPER);
    assert_int_equal(fx.p.cycles.last, 30);
    assert_int_equal(audio_cycles_avg(&fx.p.cycles), 30);
    fx.clk.step = 1000; /* a slow period raises worst, not the others */
    assert_int_equal(pipeline_copy(&fx.p), AUD_E_UNDERRUN); /* host dry */
    assert_int_equal(fx.p.cycles.worst, 1000); /* stopped at the host */
    assert_int_equal(audio_cycles_avg(&fx.p.cycles),
                     (NPER * 30 + 1000) / (NPER + 1));
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_STOP), 0);
    fixture_done();
}

static void test_two_streams_mixer(void **state)
{
    struct comp_endpoint_config h1 = ep(AUDIO_DIR_PLAYBACK, &fx.host);
    struct comp_endpoint_config h2 = ep(AUDIO_DIR_PLAYBACK, &fx.host2);
    struct comp_endpoint_config d = ep(AUDIO_DIR_PLAYBACK, &fx.dai);
    struct comp_mixer_config m = { .num_inputs = 2 };
    static int32_t a[NPER * PERIOD * 2], b[NPER * PERIOD * 2];
    static int16_t exp[NPER * PERIOD * 2];
    const int32_t *in[2] = { a, b };

    (void)state;
    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(
        pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 1, &h1, sizeof(h1)), 0);
    assert_int_equal(
        pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 2, &h2, sizeof(h2)), 0);
    assert_int_equal(
        pipeline_comp_new(&fx.p, COMP_TYPE_MIXER, 3, &m, sizeof(m)), 0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 4, &d, sizeof(d)),
                     0);
    for (uint32_t id = 20; id < 23; id++)
        assert_int_equal(pipeline_buffer_new(&fx.p, id, AUDIO_FMT_S16_LE, 2,
                                             RATE, 2 * PERIOD),
                         0);
    assert_int_equal(pipeline_connect(&fx.p, 1, 20, 3), 0);
    assert_int_equal(pipeline_connect(&fx.p, 2, 21, 3), 0);
    assert_int_equal(pipeline_connect(&fx.p, 3, 22, 4), 0);
    assert_int_equal(pipeline_complete(&fx.p), 0);
    assert_ptr_equal(fx.p.order[3], pipeline_comp(&fx.p, 4));
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    for (int k = 0; k < NPER; k++)
        assert_int_equal(pipeline_copy(&fx.p), 0);
    fmt_to_q1_31(a, fx.host_mem, AUDIO_FMT_S16_LE, NPER * PERIOD * 2);
    fmt_to_q1_31(b, fx.host2_mem, AUDIO_FMT_S16_LE, NPER * PERIOD * 2);
    mix_q1_31(a, in, 2, NPER * PERIOD * 2);
    fmt_from_q1_31(exp, a, AUDIO_FMT_S16_LE, NPER * PERIOD * 2);
    for (int i = 0; i < (NPER - 1) * PERIOD * 2; i++)
        assert_int_equal(fx.dai_mem[PERIOD * 2 + i], exp[i]);
    assert_int_equal(fx.ev.positions, 2 * NPER);
    fixture_done();
}

/* dai(30, S32 capture) -b40-> volume(31) -b41 (S32)-> convert(32)
 * -b42 (S16)-> host(33) */
static void test_capture_exact(void **state)
{
    static int32_t mic[NPER * PERIOD * 2], q[NPER * PERIOD * 2];
    static int16_t exp[NPER * PERIOD * 2];
    struct comp_endpoint_config d = ep(AUDIO_DIR_CAPTURE, &fx.dai);
    struct comp_endpoint_config h = ep(AUDIO_DIR_CAPTURE, &fx.host);
    struct vol_state v;

    (void)state;
    fixture_init(AUDIO_DIR_CAPTURE);
    for (size_t i = 0; i < NPER * PERIOD * 2; i++)
        mic[i] = rnd();
    fake_dma_init(&fx.dai, true, mic, sizeof(mic));
    memset(fx.host_mem, 0x55, sizeof(fx.host_mem));
    fake_dma_init(&fx.host, false, fx.host_mem, sizeof(fx.host_mem));
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 30, &d, sizeof(d)),
                     0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_VOLUME, 31, &vol_cfg,
                                       sizeof(vol_cfg)),
                     0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_CONVERT, 32, NULL, 0),
                     0);
    assert_int_equal(
        pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 33, &h, sizeof(h)), 0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 40, AUDIO_FMT_S32_LE, 2, RATE, PERIOD), 0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 41, AUDIO_FMT_S32_LE, 2, RATE, PERIOD), 0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 42, AUDIO_FMT_S16_LE, 2, RATE, 2 * PERIOD),
        0);
    /* connected out of order: the topological order still follows data */
    assert_int_equal(pipeline_connect(&fx.p, 32, 42, 33), 0);
    assert_int_equal(pipeline_connect(&fx.p, 31, 41, 32), 0);
    assert_int_equal(pipeline_connect(&fx.p, 30, 40, 31), 0);
    assert_int_equal(pipeline_complete(&fx.p), 0);
    assert_int_equal(fx.p.order[0]->id, 30);
    assert_int_equal(fx.p.order[3]->id, 33);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    for (int k = 0; k < NPER - 1; k++)
        assert_int_equal(pipeline_copy(&fx.p), 0);
    vol_init(&v, 2);
    vol_set_gain_db(&v, 0, vol_cfg.gain_db_q8_8[0]);
    vol_set_gain_db(&v, 1, vol_cfg.gain_db_q8_8[1]);
    vol_process_q1_31(&v, q, mic, NPER * PERIOD);
    fmt_from_q1_31(exp, q, AUDIO_FMT_S16_LE, NPER * PERIOD * 2);
    /* capture: prefill silence sits in front of the host */
    for (int i = 0; i < PERIOD * 2; i++)
        assert_int_equal(fx.host_mem[i], 0);
    for (int i = 0; i < (NPER - 2) * PERIOD * 2; i++)
        assert_int_equal(fx.host_mem[PERIOD * 2 + i], exp[i]);
    assert_int_equal(fx.ev.last_pos_comp, 33);
    assert_int_equal(fx.ev.last_pos, (NPER - 1) * PERIOD * 4);
    fixture_done();
}

static void test_graph_errors(void **state)
{
    struct comp_endpoint_config h = ep(AUDIO_DIR_PLAYBACK, &fx.host);
    struct comp_endpoint_config d = ep(AUDIO_DIR_PLAYBACK, &fx.dai);
    struct comp_endpoint_config dc = ep(AUDIO_DIR_CAPTURE, &fx.dai);
    struct comp_mixer_config m2 = { .num_inputs = 2 };

    (void)state;
    /* duplicate ids (components and buffers share the namespace) */
    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 1, &h, sizeof(h)),
                     0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 1, &d, sizeof(d)),
                     AUD_E_EXISTS);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 1, AUDIO_FMT_S16_LE, 2, RATE, 96),
        AUD_E_EXISTS);
    assert_int_equal(pipeline_comp_new(&fx.p, (enum comp_type)99, 2, NULL, 0),
                     AUD_E_TYPE);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 5, AUDIO_FMT_S16_LE, 2, 7000, 96),
        AUD_E_RATE);
    assert_int_equal(pipeline_connect(&fx.p, 1, 77, 1), AUD_E_NOENT);
    /* dangling: host's output buffer has no sink; dai has no input */
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 2, &d, sizeof(d)),
                     0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 3, AUDIO_FMT_S16_LE, 2, RATE, 96), 0);
    assert_int_equal(pipeline_link_out(&fx.p, 1, 3), 0);
    assert_int_equal(pipeline_link_out(&fx.p, 1, 3), AUD_E_PORT_FULL);
    assert_int_equal(pipeline_link_out(&fx.p, 2, 3),
                     AUD_E_PORT_FULL); /* sink only */
    assert_int_equal(pipeline_complete(&fx.p), AUD_E_UNCONNECTED);
    assert_int_equal(fx.p.state, PIPE_STATE_INIT);
    assert_int_equal(pipeline_link_in(&fx.p, 3, 2), 0);
    assert_int_equal(pipeline_complete(&fx.p), 0); /* fixed */
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_VOLUME, 9, &vol_cfg,
                                       sizeof(vol_cfg)),
                     AUD_E_STATE);
    fixture_done();

    /* cycle: host -> mixer -> volume -> back into the mixer */
    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 1, &h, sizeof(h)),
                     0);
    assert_int_equal(
        pipeline_comp_new(&fx.p, COMP_TYPE_MIXER, 2, &m2, sizeof(m2)), 0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_VOLUME, 3, &vol_cfg,
                                       sizeof(vol_cfg)),
                     0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 4, &d, sizeof(d)),
                     0);
    for (uint32_t id = 10; id < 13; id++)
        assert_int_equal(
            pipeline_buffer_new(&fx.p, id, AUDIO_FMT_S16_LE, 2, RATE, 96), 0);
    assert_int_equal(pipeline_connect(&fx.p, 1, 10, 2), 0);
    assert_int_equal(pipeline_connect(&fx.p, 2, 11, 3), 0);
    assert_int_equal(pipeline_connect(&fx.p, 3, 12, 2), 0);
    assert_int_equal(pipeline_complete(&fx.p), AUD_E_CYCLE);
    fixture_done();

    /* too many mixer inputs */
    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(
        pipeline_comp_new(&fx.p, COMP_TYPE_MIXER, 2, &m2, sizeof(m2)), 0);
    for (uint32_t id = 10; id < 13; id++) {
        struct comp_endpoint_config hh = ep(AUDIO_DIR_PLAYBACK, &fx.host);

        assert_int_equal(
            pipeline_comp_new(&fx.p, COMP_TYPE_HOST, id + 10, &hh, sizeof(hh)),
            0);
        assert_int_equal(
            pipeline_buffer_new(&fx.p, id, AUDIO_FMT_S16_LE, 2, RATE, 96), 0);
        assert_int_equal(pipeline_connect(&fx.p, id + 10, id, 2),
                         id < 12 ? AUD_OK : AUD_E_PORT_FULL);
    }
    /* a failed connect leaves nothing half-linked */
    assert_null(pipeline_buffer(&fx.p, 12)->source);
    fixture_done();

    /* format mismatch across volume (S16 in, S32 out) */
    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 1, &h, sizeof(h)),
                     0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_VOLUME, 2, &vol_cfg,
                                       sizeof(vol_cfg)),
                     0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 3, &d, sizeof(d)),
                     0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 10, AUDIO_FMT_S16_LE, 2, RATE, 96), 0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 11, AUDIO_FMT_S32_LE, 2, RATE, 96), 0);
    assert_int_equal(pipeline_connect(&fx.p, 1, 10, 2), 0);
    assert_int_equal(pipeline_connect(&fx.p, 2, 11, 3), 0);
    assert_int_equal(pipeline_complete(&fx.p), AUD_E_MISMATCH);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), AUD_E_STATE);
    fixture_done();

    /* endpoint of the wrong direction; two sinks; no whole-frame period;
	 * sink buffer below prefill + 1 periods */
    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 1, &h, sizeof(h)),
                     0);
    assert_int_equal(
        pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 2, &dc, sizeof(dc)), 0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 10, AUDIO_FMT_S16_LE, 2, RATE, 96), 0);
    assert_int_equal(pipeline_link_out(&fx.p, 1, 10), 0);
    assert_int_equal(pipeline_link_in(&fx.p, 10, 2),
                     AUD_E_PORT_FULL); /* capture DAI is a source */
    fixture_done();

    fixture_init(AUDIO_DIR_CAPTURE);
    assert_int_equal(
        pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 1, &dc, sizeof(dc)), 0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 2, &d, sizeof(d)),
                     0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 10, AUDIO_FMT_S16_LE, 2, RATE, 96), 0);
    assert_int_equal(pipeline_connect(&fx.p, 1, 10, 2), 0);
    assert_int_equal(pipeline_complete(&fx.p),
                     AUD_E_ENDPOINT); /* playback DAI in capture */
    fixture_done();

    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 1, &h, sizeof(h)),
                     0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 2, &d, sizeof(d)),
                     0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 10, AUDIO_FMT_S16_LE, 2, 44100, 89), 0);
    assert_int_equal(pipeline_connect(&fx.p, 1, 10, 2), 0);
    /* 44.1 frames a period: sized for the largest (45), 2 periods */
    assert_int_equal(pipeline_complete(&fx.p), AUD_E_BUF_SIZE);
    fixture_done();

    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 1, &h, sizeof(h)),
                     0);
    assert_int_equal(pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 2, &d, sizeof(d)),
                     0);
    assert_int_equal(
        pipeline_buffer_new(&fx.p, 10, AUDIO_FMT_S16_LE, 2, RATE, 95), 0);
    assert_int_equal(pipeline_connect(&fx.p, 1, 10, 2), 0);
    assert_int_equal(pipeline_complete(&fx.p), AUD_E_BUF_SIZE);
    fixture_done();

    /* only a source, no sink endpoint at all */
    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(pipeline_complete(&fx.p), AUD_E_ENDPOINT);
    fixture_done();

    /* bad pipeline configs */
    fixture_init(AUDIO_DIR_PLAYBACK);
    fx.cfg.period_us = 50;
    assert_int_equal(pipeline_init(&fx.p, &fx.cfg), AUD_E_PERIOD);
    fx.cfg.period_us = 30000;
    assert_int_equal(pipeline_init(&fx.p, &fx.cfg), AUD_E_PERIOD);
    fx.cfg.period_us = 1000;
    fx.cfg.prefill_periods = 5;
    assert_int_equal(pipeline_init(&fx.p, &fx.cfg), AUD_E_RANGE);
    fx.cfg.prefill_periods = 0;
    fx.cfg.clock_hz = 80000001;
    assert_int_equal(pipeline_init(&fx.p, &fx.cfg), AUD_E_RANGE);
    fx.cfg.clock_hz = 160000000;
    fx.cfg.period_us = 1333;
    assert_int_equal(pipeline_init(&fx.p, &fx.cfg), 0);
    assert_int_equal(fx.p.period_cycles, 213280000u / 1000u);
    fx.cfg.dir = 2;
    assert_int_equal(pipeline_init(&fx.p, &fx.cfg), AUD_E_INVAL);
    fixture_done();
}

static void test_trigger_states(void **state)
{
    (void)state;
    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), AUD_E_STATE);
    assert_int_equal(pipeline_copy(&fx.p), AUD_E_STATE);
    assert_int_equal(build_playback(), 0);
    assert_int_equal(pipeline_complete(&fx.p), AUD_E_STATE);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_PAUSE), AUD_E_STATE);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_RELEASE),
                     AUD_E_STATE);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_STOP), AUD_E_STATE);
    assert_int_equal(pipeline_trigger(&fx.p, (enum comp_trigger_cmd)9),
                     AUD_E_INVAL);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), AUD_E_STATE);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_RELEASE),
                     AUD_E_STATE);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_RESET), AUD_E_STATE);
    assert_int_equal(pipeline_copy(&fx.p), 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_PAUSE), 0);
    assert_int_equal(fx.p.state, PIPE_STATE_PAUSED);
    assert_false(fx.host.running);
    assert_int_equal(pipeline_copy(&fx.p), AUD_E_STATE);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_PAUSE), AUD_E_STATE);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), AUD_E_STATE);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_RELEASE), 0);
    assert_true(fx.host.running && fx.dai.running);
    assert_int_equal(pipeline_copy(&fx.p), 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_STOP), 0);
    assert_int_equal(fx.p.state, PIPE_STATE_STOPPED);
    assert_false(fx.host.running || fx.dai.running);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_STOP), AUD_E_STATE);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_RESET), 0);
    assert_int_equal(fx.p.state, PIPE_STATE_READY);
    /* a DMA that refuses to start: error, nothing left running */
    fx.dai.fail_start = true;
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), AUD_E_DMA);
    assert_int_equal(fx.p.state, PIPE_STATE_READY);
    assert_false(fx.host.running);
    fx.dai.fail_start = false;
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    assert_int_equal(pipeline_copy(&fx.p), 0);
    fixture_done(); /* freeing a running pipeline stops it */
    assert_false(fx.host.running || fx.dai.running);
}

static void test_xrun_recovery(void **state)
{
    static int16_t exp[NPER * PERIOD * 2];
    uint32_t base;

    (void)state;
    fixture_init(AUDIO_DIR_PLAYBACK);
    fx.host.limit = 5 * PERIOD * 4 + 40; /* host supplies 5.x periods */
    assert_int_equal(build_playback(), 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    for (int k = 0; k < 5; k++)
        assert_int_equal(pipeline_copy(&fx.p), 0);
    assert_int_equal(pipeline_copy(&fx.p), AUD_E_UNDERRUN);
    assert_int_equal(fx.p.state, PIPE_STATE_XRUN);
    assert_int_equal(fx.ev.underruns, 1);
    assert_int_equal(fx.ev.last_xrun_comp, 10);
    assert_int_equal(fx.p.last_xrun, AUD_E_UNDERRUN);
    assert_int_equal(
        comp_endpoint_stats(pipeline_comp(&fx.p, 10))->silence_frames,
        PERIOD - 10);
    assert_false(fx.host.running || fx.dai.running); /* DMA stopped */
    assert_int_equal(pipeline_copy(&fx.p), AUD_E_STATE);

    /* recovery: more host data, START again; the DAI first gets the
	 * prefill silence (no stale data), then the stream continues */
    fx.host.limit = sizeof(fx.host_mem);
    base = fx.dai.pos / 2; /* samples written to the DAI so far */
    /* (changed with the click-free stop: the xrun stopped the DAI after
	 * its 1 ms fade of the last frame, FADE frames more) */
    assert_int_equal(base, 5 * PERIOD * 2 + FADE * 2);
    assert_int_equal(fx.dai_mem[base - 1], 0);
    assert_int_equal(fx.dai_mem[base - 2], 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    assert_int_equal(fx.p.state, PIPE_STATE_RUNNING);
    assert_int_equal(fx.host.starts, 2);
    for (int k = 0; k < 3; k++)
        assert_int_equal(pipeline_copy(&fx.p), 0);
    for (int i = 0; i < PERIOD * 2; i++)
        assert_int_equal(fx.dai_mem[base + i], 0);
    /* the host resumes at its own position (5 periods + 10 frames) */
    expected_playback(exp, NPER * PERIOD);
    for (int i = 0; i < 2 * PERIOD * 2; i++)
        assert_int_equal(fx.dai_mem[base + PERIOD * 2 + i],
                         exp[(5 * PERIOD + 10) * 2 + i]);
    assert_int_equal(fx.ev.last_pos, 3 * PERIOD * 4); /* since START */
    assert_int_equal(fx.host.pos, 8 * PERIOD * 4 + 40);

    /* DAI far side full: overrun at the sink */
    fx.dai.limit = fx.dai.pos + 10;
    assert_int_equal(pipeline_copy(&fx.p), AUD_E_OVERRUN);
    assert_int_equal(fx.ev.overruns, 1);
    assert_int_equal(fx.ev.last_xrun_comp, 12);
    assert_int_equal(fx.p.xruns, 2);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_STOP), 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_RESET), 0);
    fixture_done();
}

/* host(10) -b100-> dai(12), S16 stereo: no volume component */
static int build_direct(void)
{
    struct comp_endpoint_config h = ep(AUDIO_DIR_PLAYBACK, &fx.host);
    struct comp_endpoint_config d = ep(AUDIO_DIR_PLAYBACK, &fx.dai);
    int ret;

    if ((ret = pipeline_comp_new(&fx.p, COMP_TYPE_HOST, 10, &h, sizeof(h))) ||
        (ret = pipeline_comp_new(&fx.p, COMP_TYPE_DAI, 12, &d, sizeof(d))) ||
        (ret = pipeline_buffer_new(&fx.p, 100, AUDIO_FMT_S16_LE, 2, RATE,
                                   2 * PERIOD)) ||
        (ret = pipeline_connect(&fx.p, 10, 100, 12)))
        return ret;
    return pipeline_complete(&fx.p);
}

/* The FADE frames at dai_mem[at..] fade the frame before them linearly to
 * exactly 0: frame f = last * (FADE-1-f) / FADE per channel, monotonic,
 * every step at most ceil(|last| / FADE).  Returns how many channels had a
 * non-zero last sample. */
static int check_fade(size_t at)
{
    int nz = 0;

    for (int c = 0; c < 2; c++) {
        int32_t last = fx.dai_mem[at - 2 + (size_t)c];
        int32_t prev = last;
        int32_t maxstep = (abs(last) + FADE - 1) / FADE;

        nz += last != 0;
        for (int f = 0; f < (int)FADE; f++) {
            int32_t v = fx.dai_mem[at + 2 * (size_t)f + (size_t)c];

            assert_int_equal(v, last * ((int32_t)FADE - 1 - f) / (int32_t)FADE);
            assert_true(abs(v) <= abs(prev));
            assert_true(v == 0 || (v > 0) == (last > 0));
            assert_true(abs(prev - v) <= maxstep);
            prev = v;
        }
        assert_int_equal(prev, 0);
    }
    return nz;
}

/* STOP while running: the DAI fades the last frame out over 1 ms, then
 * stops; the queued period is dropped and the next START gives prefill
 * silence, then fresh host data (no stale samples). */
static void test_stop_fade_restart(void **state)
{
    static int16_t exp[NPER * PERIOD * 2];
    size_t at = 5 * PERIOD * 2;

    (void)state;
    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(build_playback(), 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    for (int k = 0; k < 5; k++)
        assert_int_equal(pipeline_copy(&fx.p), 0);
    assert_int_equal(fx.dai.pos, 5 * PERIOD * 4);
    /* pause/release: no fade */
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_PAUSE), 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_RELEASE), 0);
    assert_int_equal(fx.dai.pos, 5 * PERIOD * 4);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_STOP), 0);
    assert_false(fx.host.running || fx.dai.running);
    assert_int_equal(fx.dai.pos, (5 * PERIOD + FADE) * 4);
    expected_playback(exp, NPER * PERIOD);
    for (size_t i = 0; i < at - PERIOD * 2; i++) /* the stream so far */
        assert_int_equal(fx.dai_mem[PERIOD * 2 + i], exp[i]);
    assert_int_equal(check_fade(at), 2);
    assert_int_equal(
        comp_endpoint_stats(pipeline_comp(&fx.p, 12))->position_bytes,
        (5 * PERIOD + FADE) * 4);
    /* a second STOP is refused, nothing more is sent */
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_STOP), AUD_E_STATE);
    assert_int_equal(fx.dai.pos, (5 * PERIOD + FADE) * 4);

    /* restart: prefill silence, then the host data from where the host
	 * DMA stands (5 periods); the period that was queued at the DAI
	 * (exp[4P..5P)) is not replayed */
    at += FADE * 2;
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    for (int k = 0; k < 3; k++)
        assert_int_equal(pipeline_copy(&fx.p), 0);
    for (size_t i = 0; i < PERIOD * 2; i++)
        assert_int_equal(fx.dai_mem[at + i], 0);
    for (size_t i = 0; i < 2 * PERIOD * 2; i++)
        assert_int_equal(fx.dai_mem[at + PERIOD * 2 + i],
                         exp[5 * PERIOD * 2 + i]);
    /* STOP from PAUSED: the DMA is already stopped, no fade */
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_PAUSE), 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_STOP), 0);
    assert_int_equal(fx.dai.pos, (8 * PERIOD + FADE) * 4);
    fixture_done();

    /* no volume component: the endpoint fades all the same, from the
	 * raw host samples */
    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(build_direct(), 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    for (int k = 0; k < 3; k++)
        assert_int_equal(pipeline_copy(&fx.p), 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_STOP), 0);
    assert_int_equal(fx.dai.pos, (3 * PERIOD + FADE) * 4);
    assert_int_equal(fx.dai_mem[3 * PERIOD * 2 - 2],
                     fx.host_mem[2 * PERIOD * 2 - 2]);
    assert_int_equal(check_fade(3 * PERIOD * 2), 2);
    fixture_done();
}

/* DRAIN: the queued frames come out exactly once, then silence, then the
 * pipeline is STOPPED with clean buffers; START gives prefill silence and
 * fresh data. */
static void test_drain(void **state)
{
    static int16_t exp[NPER * PERIOD * 2];
    size_t at;

    (void)state;
    fixture_init(AUDIO_DIR_PLAYBACK);
    assert_int_equal(pipeline_drain(NULL), AUD_E_INVAL);
    assert_int_equal(pipeline_drain(&fx.p), AUD_E_STATE);
    assert_int_equal(build_playback(), 0);
    assert_int_equal(pipeline_drain(&fx.p), AUD_E_STATE); /* READY */
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    for (int k = 0; k < 5; k++)
        assert_int_equal(pipeline_copy(&fx.p), 0);
    /* the host has delivered 5 periods, the DAI played prefill + 4 */
    assert_int_equal(fx.host.pos, 5 * PERIOD * 4);
    assert_int_equal(fx.dai.pos, 5 * PERIOD * 4);
    assert_int_equal(pipeline_drain(&fx.p), 0);
    assert_int_equal(fx.p.state, PIPE_STATE_RUNNING);
    assert_int_equal(pipeline_copy(&fx.p), 0); /* the queued period */
    assert_int_equal(fx.p.state, PIPE_STATE_RUNNING);
    assert_int_equal(pipeline_copy(&fx.p), 0); /* empty: silence, end */
    assert_int_equal(fx.p.state, PIPE_STATE_STOPPED);
    assert_false(fx.p.draining);
    assert_int_equal(fx.p.drains, 1);
    assert_false(fx.host.running || fx.dai.running);
    assert_int_equal(pipeline_copy(&fx.p), AUD_E_STATE);
    /* no new host data was fetched, not an xrun */
    assert_int_equal(fx.host.pos, 5 * PERIOD * 4);
    assert_int_equal(fx.p.xruns, 0);
    assert_int_equal(fx.ev.underruns + fx.ev.overruns, 0);
    /* prefill, every host frame exactly once, one period of silence; no
	 * fade after silence */
    assert_int_equal(fx.dai.pos, 7 * PERIOD * 4);
    expected_playback(exp, NPER * PERIOD);
    for (size_t i = 0; i < PERIOD * 2; i++)
        assert_int_equal(fx.dai_mem[i], 0);
    for (size_t i = 0; i < 5 * PERIOD * 2; i++)
        assert_int_equal(fx.dai_mem[PERIOD * 2 + i], exp[i]);
    for (size_t i = 0; i < PERIOD * 2; i++)
        assert_int_equal(fx.dai_mem[6 * PERIOD * 2 + i], 0);
    assert_int_equal(audio_buffer_avail(pipeline_buffer(&fx.p, 100)), 0);
    assert_int_equal(audio_buffer_avail(pipeline_buffer(&fx.p, 101)), 0);
    assert_int_equal(pipeline_drain(&fx.p), AUD_E_STATE); /* STOPPED */

    /* START: prefill silence then fresh host data */
    at = 7 * PERIOD * 2;
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
    for (int k = 0; k < 3; k++)
        assert_int_equal(pipeline_copy(&fx.p), 0);
    for (size_t i = 0; i < PERIOD * 2; i++)
        assert_int_equal(fx.dai_mem[at + i], 0);
    for (size_t i = 0; i < 2 * PERIOD * 2; i++)
        assert_int_equal(fx.dai_mem[at + PERIOD * 2 + i],
                         exp[5 * PERIOD * 2 + i]);

    /* drain across PAUSE/RELEASE; STOP during a drain ends it (with the
	 * fade) */
    assert_int_equal(pipeline_drain(&fx.p), 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_PAUSE), 0);
    assert_true(fx.p.draining);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_RELEASE), 0);
    assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_STOP), 0);
    assert_false(fx.p.draining);
    assert_int_equal(fx.dai.pos, (10 * PERIOD + FADE) * 4);
    assert_int_equal(check_fade(10 * PERIOD * 2), 2);
    assert_int_equal(fx.p.drains, 1);
    fixture_done();
}

/* Out of memory at every allocation while building: the specific code,
 * and nothing leaks. */
static void test_oom(void **state)
{
    int fails = 0;

    (void)state;
    for (long n = 0; n < 40; n++) {
        int ret;

        fixture_init(AUDIO_DIR_PLAYBACK);
        fx.ta.fail_after = n;
        ret = build_playback();
        fx.ta.fail_after = -1;
        if (ret) {
            assert_int_equal(ret, AUD_E_NOMEM);
            fails++;
        } else {
            assert_int_equal(pipeline_trigger(&fx.p, COMP_TRIGGER_START), 0);
            assert_int_equal(pipeline_copy(&fx.p), 0);
        }
        fixture_done();
    }
    assert_true(fails >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_playback_exact),
        cmocka_unit_test(test_two_streams_mixer),
        cmocka_unit_test(test_capture_exact),
        cmocka_unit_test(test_graph_errors),
        cmocka_unit_test(test_trigger_states),
        cmocka_unit_test(test_xrun_recovery),
        cmocka_unit_test(test_stop_fade_restart),
        cmocka_unit_test(test_drain),
        cmocka_unit_test(test_oom),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

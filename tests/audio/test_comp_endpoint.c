/* SPDX-License-Identifier: BSD-3-Clause */
/* Host/DAI endpoints over the fake DMA: config errors, wrap-split
 * transfers, every xrun case with its code and silence, positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "comp/comp_endpoint.h"
#include "comp_test_rig.h"

enum { P = 8 };

static void test_config(void **state)
{
    struct fake_dma d;
    struct comp_endpoint_config c = { .dir = 2,
                                      .dma = &fake_dma_ops,
                                      .dma_ctx = &d };
    struct audio_dma_ops no_transfer = fake_dma_ops;
    struct rig r;

    (void)state;
    assert_int_equal(rig_new(&r, COMP_TYPE_HOST, &c, sizeof(c)), AUD_E_CONFIG);
    c.dir = AUDIO_DIR_PLAYBACK;
    c.dma = NULL;
    assert_int_equal(rig_new(&r, COMP_TYPE_DAI, &c, sizeof(c)), AUD_E_CONFIG);
    no_transfer.transfer = NULL;
    c.dma = &no_transfer;
    assert_int_equal(rig_new(&r, COMP_TYPE_DAI, &c, sizeof(c)), AUD_E_CONFIG);
    c.dma = &fake_dma_ops;
    assert_int_equal(rig_new(&r, COMP_TYPE_DAI, &c, 4), AUD_E_CONFIG);
    assert_int_equal(rig_new(&r, COMP_TYPE_DAI, &c, sizeof(c)), 0);
    assert_false(comp_endpoint_is_source(r.dev)); /* playback DAI */
    assert_int_equal(r.dev->max_out, 0);
    comp_free(r.dev);
    c.dir = AUDIO_DIR_CAPTURE;
    assert_int_equal(rig_new(&r, COMP_TYPE_DAI, &c, sizeof(c)), 0);
    assert_true(comp_endpoint_is_source(r.dev));
    comp_free(r.dev);
    assert_int_equal(rig_new(&r, COMP_TYPE_HOST, &c, sizeof(c)), 0);
    assert_false(comp_endpoint_is_source(r.dev)); /* capture host */
    assert_null(comp_endpoint_stats(NULL));
    comp_free(r.dev);
    assert_int_equal(r.ta.live, 0);
}

/* Source: host playback into an S16 mono ring of 4 periods; the ring
 * wraps inside a period (two transfers); then the host runs dry; then
 * the far side reports its own overrun. */
static void test_source(void **state)
{
    int16_t host[5 * P];
    struct fake_dma d;
    struct comp_endpoint_config c = { .dir = AUDIO_DIR_PLAYBACK,
                                      .dma = &fake_dma_ops,
                                      .dma_ctx = &d };
    int32_t y[P];
    uint32_t pos;
    size_t n = 4;
    struct rig r;

    (void)state;
    for (int i = 0; i < 5 * P; i++)
        host[i] = (int16_t)(i * 100 - 2000);
    fake_dma_init(&d, true, host, sizeof(host));
    assert_int_equal(rig_new(&r, COMP_TYPE_HOST, &c, sizeof(c)), 0);
    rig_params(&r.pout, 48000, 1, AUDIO_FMT_S16_LE, P);
    assert_int_equal(rig_wire(&r, 0), 0);
    assert_int_equal(d.starts, 1);
    assert_int_equal(d.cfg.period_bytes, P * 2);
    audio_buffer_write_silence(&r.out, 3); /* misalign: wraps later */
    audio_buffer_consume(&r.out, 3);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(comp_copy(r.dev), 0);
        audio_buffer_read_q1_31(&r.out, y, P);
        for (int i = 0; i < P; i++)
            assert_int_equal(y[i], (int32_t)host[k * P + i] * 65536);
    }
    assert_true(d.transfers > 4); /* a period was split at the wrap */
    /* output full: overrun, what fits is moved */
    audio_buffer_write_silence(&r.out, 4 * P - 3);
    assert_int_equal(comp_copy(r.dev), AUD_E_OVERRUN);
    assert_int_equal(r.out.stats.overruns, 1);
    assert_int_equal(r.out.stats.overrun_frames, P - 3);
    audio_buffer_reset(&r.out);
    /* the host has 5 frames left: underrun, the rest is silence */
    assert_int_equal(comp_copy(r.dev), AUD_E_UNDERRUN);
    assert_int_equal(audio_buffer_avail(&r.out), P);
    audio_buffer_read_q1_31(&r.out, y, P);
    for (int i = 0; i < 5; i++)
        assert_int_equal(y[i], (int32_t)host[4 * P + 3 + i] * 65536);
    for (int i = 5; i < P; i++)
        assert_int_equal(y[i], 0);
    assert_int_equal(comp_endpoint_stats(r.dev)->silence_frames, P - 5);
    assert_int_equal(comp_get_control(r.dev, COMP_CTL_POSITION, &pos, &n), 0);
    assert_int_equal(pos, sizeof(host));
    /* the far side's own overrun (it overwrote unread data): passed on,
	 * not a DMA error */
    audio_buffer_reset(&r.out);
    d.xrun_once = AUD_E_OVERRUN;
    assert_int_equal(comp_copy(r.dev), AUD_E_OVERRUN);
    assert_int_equal(comp_endpoint_stats(r.dev)->dma_errors, 0);
    assert_int_equal(comp_trigger(r.dev, COMP_TRIGGER_STOP), 0);
    assert_false(d.running);
    rig_free(&r);
    assert_int_equal(r.ta.live, 0);
}

/* Sink: DAI playback from an S24 stereo ring; underrun sends what is
 * there then silence; far side full = overrun; the far side's own
 * underrun; DMA error. */
static void test_sink(void **state)
{
    int32_t ssp[4 * P * 2];
    struct fake_dma d;
    struct comp_endpoint_config c = { .dir = AUDIO_DIR_PLAYBACK,
                                      .dma = &fake_dma_ops,
                                      .dma_ctx = &d };
    int32_t x[P * 2];
    struct rig r;

    (void)state;
    memset(ssp, 0x77, sizeof(ssp));
    fake_dma_init(&d, false, ssp, sizeof(ssp));
    assert_int_equal(rig_new(&r, COMP_TYPE_DAI, &c, sizeof(c)), 0);
    rig_params(&r.pin, 48000, 2, AUDIO_FMT_S24_4LE, P);
    assert_int_equal(rig_wire(&r, 1), 0);
    for (int i = 0; i < P * 2; i++)
        x[i] = (i + 1) * 256 * 1000;
    audio_buffer_write_q1_31(&r.in[0], x, P);
    assert_int_equal(comp_copy(r.dev), 0);
    for (int i = 0; i < P * 2; i++)
        assert_int_equal(ssp[i], (i + 1) * 1000);
    audio_buffer_write_q1_31(&r.in[0], x, 3);
    assert_int_equal(comp_copy(r.dev), AUD_E_UNDERRUN);
    for (int i = 0; i < 3 * 2; i++)
        assert_int_equal(ssp[P * 2 + i], (i + 1) * 1000);
    for (int i = 3 * 2; i < P * 2; i++)
        assert_int_equal(ssp[P * 2 + i], 0); /* silence */
    assert_int_equal(r.in[0].stats.underruns, 1);
    assert_int_equal(r.in[0].stats.underrun_frames, P - 3);
    d.limit = d.pos + 12; /* far side takes 1.5 frames */
    audio_buffer_write_q1_31(&r.in[0], x, P);
    assert_int_equal(comp_copy(r.dev), AUD_E_OVERRUN);
    assert_int_equal(audio_buffer_avail(&r.in[0]), P - 1);
    /* the far side's own underrun (it played stale data): passed on,
	 * not a DMA error, and the next period goes out again */
    d.limit = sizeof(ssp);
    audio_buffer_write_q1_31(&r.in[0], x, 1);
    d.xrun_once = AUD_E_UNDERRUN;
    assert_int_equal(comp_copy(r.dev), AUD_E_UNDERRUN);
    assert_int_equal(comp_endpoint_stats(r.dev)->dma_errors, 0);
    assert_int_equal(comp_copy(r.dev), 0);
    d.running = false; /* the fake fails transfers now */
    assert_int_equal(comp_copy(r.dev), AUD_E_DMA);
    assert_int_equal(comp_endpoint_stats(r.dev)->dma_errors, 1);
    rig_free(&r);
    assert_int_equal(r.ta.live, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config),
        cmocka_unit_test(test_source),
        cmocka_unit_test(test_sink),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

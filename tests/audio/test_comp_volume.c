/* SPDX-License-Identifier: BSD-3-Clause */
/* Volume component: config/params/control validation with specific codes,
 * output equal to the kernel (with a ramped change mid-stream). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "comp/comp_volume.h"
#include "comp_test_rig.h"
#include "dsp/volume.h"

static const struct comp_volume_config cfg0 = {
    .gain_db_q8_8 = { -3 * 256, -12 * 256 },
    .ramp_ms = 10,
};

static void test_config_errors(void **state)
{
    struct rig r;
    struct comp_volume_config c = cfg0;

    (void)state;
    assert_int_equal(rig_new(&r, COMP_TYPE_VOLUME, &c, sizeof(c) - 1),
                     AUD_E_CONFIG);
    assert_int_equal(rig_new(&r, COMP_TYPE_VOLUME, NULL, sizeof(c)),
                     AUD_E_CONFIG);
    c.gain_db_q8_8[7] = 18 * 256 + 1;
    assert_int_equal(rig_new(&r, COMP_TYPE_VOLUME, &c, sizeof(c)), AUD_E_RANGE);
    c = cfg0;
    c.ramp_ms = 5001;
    assert_int_equal(rig_new(&r, COMP_TYPE_VOLUME, &c, sizeof(c)), AUD_E_RANGE);
    c = cfg0;
    c.mute = 2;
    assert_int_equal(rig_new(&r, COMP_TYPE_VOLUME, &c, sizeof(c)), AUD_E_RANGE);
    assert_int_equal(rig_new(&r, COMP_TYPE_COUNT, &cfg0, sizeof(cfg0)),
                     AUD_E_TYPE);
    host_alloc_init(&r.ta);
    r.ta.fail_after = 1; /* dev ok, priv fails */
    assert_int_equal(
        comp_new(&r.ta.a, COMP_TYPE_VOLUME, 1, &cfg0, sizeof(cfg0), &r.dev),
        AUD_E_NOMEM);
    assert_int_equal(r.ta.live, 0);
}

static void test_params_errors(void **state)
{
    struct rig r;

    (void)state;
    assert_int_equal(rig_new(&r, COMP_TYPE_VOLUME, &cfg0, sizeof(cfg0)), 0);
    rig_params(&r.pin, 48000, 2, AUDIO_FMT_S16_LE, 48);
    rig_params(&r.pout, 48000, 2, AUDIO_FMT_S16_LE, 48);
    assert_int_equal(comp_copy(r.dev), AUD_E_STATE);
    assert_int_equal(comp_trigger(r.dev, COMP_TRIGGER_START), AUD_E_STATE);
    assert_int_equal(comp_set_params(r.dev, NULL, &r.pout), AUD_E_INVAL);
    r.pout.rate_hz = 44100;
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_MISMATCH);
    r.pout = r.pin;
    r.pout.fmt = AUDIO_FMT_S32_LE;
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_MISMATCH);
    r.pout = r.pin;
    r.pin.channels = r.pout.channels = 9;
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_CHANNELS);
    r.pin.channels = r.pout.channels = 2;
    r.pin.fmt = r.pout.fmt = (enum audio_fmt)4;
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_FORMAT);
    r.pin.fmt = r.pout.fmt = AUDIO_FMT_S24_4LE;
    r.pin.rate_hz = r.pout.rate_hz = 4000;
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_RATE);
    r.pin.rate_hz = r.pout.rate_hz = 48000;
    r.pin.period_frames = 0;
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_PERIOD);
    r.pin.period_frames = 48;
    r.ta.fail_after = 0;
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_NOMEM);
    assert_int_equal(r.dev->state, COMP_STATE_INIT);
    r.ta.fail_after = -1;
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), 0);
    assert_int_equal(comp_trigger(r.dev, COMP_TRIGGER_STOP), AUD_E_STATE);
    assert_int_equal(comp_trigger(r.dev, COMP_TRIGGER_START), 0);
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_STATE);
    assert_int_equal(comp_trigger(r.dev, COMP_TRIGGER_RESET), AUD_E_STATE);
    comp_free(r.dev);
    assert_int_equal(r.ta.live, 0);
}

static void test_controls(void **state)
{
    struct rig r;
    int32_t g[8];
    size_t n = sizeof(g);
    uint32_t v;

    (void)state;
    assert_int_equal(rig_new(&r, COMP_TYPE_VOLUME, &cfg0, sizeof(cfg0)), 0);
    assert_int_equal(comp_get_control(r.dev, COMP_CTL_VOLUME_GAIN, g, &n), 0);
    assert_int_equal(n, sizeof(g));
    assert_int_equal(g[0], -3 * 256);
    g[0] = 19 * 256;
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_VOLUME_GAIN, g, 4),
                     AUD_E_RANGE);
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_VOLUME_GAIN, g, 3),
                     AUD_E_CONFIG);
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_VOLUME_GAIN, g, 36),
                     AUD_E_CONFIG);
    v = 2;
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_VOLUME_MUTE, &v, 4),
                     AUD_E_RANGE);
    v = 6000;
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_VOLUME_RAMP_MS, &v, 4),
                     AUD_E_RANGE);
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_TONE_FREQ, &v, 4),
                     AUD_E_CONTROL);
    n = 4;
    assert_int_equal(comp_get_control(r.dev, COMP_CTL_VOLUME_GAIN, g, &n),
                     AUD_E_CONFIG);
    n = 4;
    assert_int_equal(comp_get_control(r.dev, COMP_CTL_VOLUME_RAMP_MS, &v, &n),
                     0);
    assert_int_equal(v, 10);
    comp_free(r.dev);
    assert_int_equal(r.ta.live, 0);
}

/* 30 periods of S32 stereo; gain change (ramped 10 ms) at period 5 and
 * mute at period 20: identical to the kernel driven the same way. */
static void test_process_matches_kernel(void **state)
{
    enum { P = 48, N = 30 };
    static int32_t x[N * P * 2], y[N * P * 2], ref[N * P * 2];
    struct vol_state v;
    struct rig r;
    uint32_t one = 1;
    int32_t g[2] = { 6 * 256, -40 * 256 };
    uint32_t s = 1;

    (void)state;
    for (int i = 0; i < N * P * 2; i++) {
        s = s * 1103515245u + 12345u;
        x[i] = (int32_t)s;
    }
    assert_int_equal(rig_new(&r, COMP_TYPE_VOLUME, &cfg0, sizeof(cfg0)), 0);
    rig_params(&r.pin, 48000, 2, AUDIO_FMT_S32_LE, P);
    r.pout = r.pin;
    assert_int_equal(rig_wire(&r, 1), 0);
    vol_init(&v, 2);
    vol_set_gain_db(&v, 0, cfg0.gain_db_q8_8[0]);
    vol_set_gain_db(&v, 1, cfg0.gain_db_q8_8[1]);
    vol_set_ramp_frames(&v, 480);
    for (int k = 0; k < N; k++) {
        if (k == 5) {
            assert_int_equal(
                comp_set_control(r.dev, COMP_CTL_VOLUME_GAIN, g, sizeof(g)), 0);
            vol_set_gain_db(&v, 0, g[0]);
            vol_set_gain_db(&v, 1, g[1]);
        }
        if (k == 20) {
            assert_int_equal(
                comp_set_control(r.dev, COMP_CTL_VOLUME_MUTE, &one, 4), 0);
            vol_set_mute(&v, true);
        }
        audio_buffer_write_q1_31(&r.in[0], x + k * P * 2, P);
        assert_int_equal(comp_copy(r.dev), 0);
        assert_int_equal(audio_buffer_read_q1_31(&r.out, y + k * P * 2, P), 0);
        vol_process_q1_31(&v, ref + k * P * 2, x + k * P * 2, P);
    }
    assert_memory_equal(y, ref, sizeof(y));
    assert_int_equal(y[N * P * 2 - 1], 0); /* muted by the end */
    /* nothing to read: copy does nothing, no error */
    assert_int_equal(comp_copy(r.dev), 0);
    assert_int_equal(audio_buffer_avail(&r.out), 0);
    rig_free(&r);
    assert_int_equal(r.ta.live, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_errors),
        cmocka_unit_test(test_params_errors),
        cmocka_unit_test(test_controls),
        cmocka_unit_test(test_process_matches_kernel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

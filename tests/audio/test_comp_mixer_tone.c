/* SPDX-License-Identifier: BSD-3-Clause */
/* Mixer, tone and convert components over their kernels. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "comp/comp_mixer.h"
#include "comp/comp_tone.h"
#include "comp_test_rig.h"
#include "dsp/format.h"
#include "dsp/gain.h"
#include "dsp/mixer.h"
#include "dsp/tone.h"

static uint32_t s = 5;
static int32_t rnd(void)
{
    s = s * 1103515245u + 12345u;
    return (int32_t)s;
}

static void test_mixer(void **state)
{
    enum { P = 32 };
    struct comp_mixer_config m = { .num_inputs = 1 };
    int32_t x[3][P * 2], y[P * 2], ref[P * 2];
    const int32_t *in[3] = { x[0], x[1], x[2] };
    struct rig r;

    (void)state;
    assert_int_equal(rig_new(&r, COMP_TYPE_MIXER, &m, sizeof(m)), AUD_E_CONFIG);
    m.num_inputs = 5;
    assert_int_equal(rig_new(&r, COMP_TYPE_MIXER, &m, sizeof(m)), AUD_E_CONFIG);
    m.num_inputs = 3;
    assert_int_equal(rig_new(&r, COMP_TYPE_MIXER, &m, 2), AUD_E_CONFIG);
    assert_int_equal(rig_new(&r, COMP_TYPE_MIXER, &m, sizeof(m)), 0);
    assert_int_equal(r.dev->min_in, 3);
    rig_params(&r.pin, 32000, 2, AUDIO_FMT_S24_4LE, P);
    r.pout = r.pin;
    r.pout.fmt = AUDIO_FMT_S16_LE;
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_MISMATCH);
    r.pout = r.pin;
    assert_int_equal(rig_wire(&r, 3), 0);
    /* inputs of different params: caught generically */
    r.in[2].params.rate_hz = 48000;
    assert_int_equal(comp_trigger(r.dev, COMP_TRIGGER_STOP), 0);
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_MISMATCH);
    r.in[2].params.rate_hz = 32000;
    assert_int_equal(comp_trigger(r.dev, COMP_TRIGGER_START), 0);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < P * 2; i++)
            x[k][i] = fmt_s24_to_q1_31(rnd()); /* exact in S24 */
    /* input 2 has only 20 frames: the mixer takes 20 */
    audio_buffer_write_q1_31(&r.in[0], x[0], P);
    audio_buffer_write_q1_31(&r.in[1], x[1], P);
    audio_buffer_write_q1_31(&r.in[2], x[2], 20);
    assert_int_equal(comp_copy(r.dev), 0);
    assert_int_equal(audio_buffer_avail(&r.out), 20);
    assert_int_equal(audio_buffer_avail(&r.in[0]), P - 20);
    audio_buffer_write_q1_31(&r.in[2], x[2] + 40, P - 20);
    assert_int_equal(comp_copy(r.dev), 0);
    assert_int_equal(audio_buffer_read_q1_31(&r.out, y, P), 0);
    mix_q1_31(ref, in, 3, P * 2);
    for (int i = 0; i < P * 2; i++)
        assert_int_equal(y[i],
                         (int32_t)((uint32_t)fmt_q1_31_to_s24(ref[i]) << 8));
    rig_free(&r);
    assert_int_equal(r.ta.live, 0);
}

/* Per-input gains: config forms and ranges, the control, and the output
 * equal to mix_gain_q1_31 with the converted gains, period by period. */
static void test_mixer_gains(void **state)
{
    enum { P = 16 };
    struct comp_mixer_config m = { .num_inputs = 2,
                                   .gain_db_q8_8 = { -6 * 256, 19 * 256 } };
    int32_t x[2][P], y[P], ref[P], g[2], db[4];
    const int32_t *in[2] = { x[0], x[1] };
    size_t n = sizeof(db);
    struct rig r;

    (void)state;
    assert_int_equal(rig_new(&r, COMP_TYPE_MIXER, &m, sizeof(m)), AUD_E_RANGE);
    m.gain_db_q8_8[1] = 3 * 256;
    m.gain_db_q8_8[2] = 1; /* gain of a third input */
    assert_int_equal(rig_new(&r, COMP_TYPE_MIXER, &m, sizeof(m)), AUD_E_CONFIG);
    m.gain_db_q8_8[2] = 0;
    assert_int_equal(rig_new(&r, COMP_TYPE_MIXER, &m, 8), AUD_E_CONFIG);
    assert_int_equal(rig_new(&r, COMP_TYPE_MIXER, &m, sizeof(m)), 0);
    assert_int_equal(comp_get_control(r.dev, COMP_CTL_MIXER_GAIN, db, &n), 0);
    assert_int_equal(n, 8);
    assert_int_equal(db[0], -6 * 256);
    assert_int_equal(db[1], 3 * 256);
    rig_params(&r.pin, 48000, 1, AUDIO_FMT_S32_LE, P);
    r.pout = r.pin;
    assert_int_equal(rig_wire(&r, 2), 0);
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < P; i++) {
            x[0][i] = rnd();
            x[1][i] = rnd() >> 1;
        }
        audio_buffer_write_q1_31(&r.in[0], x[0], P);
        audio_buffer_write_q1_31(&r.in[1], x[1], P);
        assert_int_equal(comp_copy(r.dev), 0);
        assert_int_equal(audio_buffer_read_q1_31(&r.out, y, P), 0);
        g[0] = gain_db_to_lin_q4_28(db[0]);
        g[1] = gain_db_to_lin_q4_28(db[1]);
        mix_gain_q1_31(ref, in, g, 2, P);
        assert_memory_equal(y, ref, sizeof(y));
        /* next period: change input 0 only, then both to 0 dB */
        db[0] = k == 0 ? -20 * 256 : 0;
        db[1] = k == 0 ? db[1] : 0;
        assert_int_equal(
            comp_set_control(r.dev, COMP_CTL_MIXER_GAIN, db, k == 0 ? 4 : 8),
            0);
    }
    db[0] = -121 * 256;
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_MIXER_GAIN, db, 4),
                     AUD_E_RANGE);
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_MIXER_GAIN, db, 12),
                     AUD_E_CONFIG);
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_MIXER_GAIN, db, 0),
                     AUD_E_CONFIG);
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_VOLUME_GAIN, db, 4),
                     AUD_E_CONTROL);
    n = 4;
    assert_int_equal(comp_get_control(r.dev, COMP_CTL_MIXER_GAIN, db, &n),
                     AUD_E_CONFIG);
    rig_free(&r);
    assert_int_equal(r.ta.live, 0);
}

static void test_tone(void **state)
{
    enum { P = 48 };
    struct comp_tone_config c = { .freq_q16_16 = 30000u << 16,
                                  .ampl_q1_31 = 0x40000000 };
    struct tone_state t;
    int32_t y[P * 3], ref[P * 3], a = -1;
    uint32_t f;
    size_t n = 4;
    struct rig r;

    (void)state;
    c.ampl_q1_31 = -5;
    assert_int_equal(rig_new(&r, COMP_TYPE_TONE, &c, sizeof(c)), AUD_E_RANGE);
    c.ampl_q1_31 = 0x40000000;
    assert_int_equal(rig_new(&r, COMP_TYPE_TONE, &c, sizeof(c)), 0);
    assert_int_equal(r.dev->max_in, 0);
    rig_params(&r.pout, 48000, 3, AUDIO_FMT_S32_LE, P);
    /* 30 kHz is above 48 kHz / 2 */
    assert_int_equal(rig_wire(&r, 0), AUD_E_RANGE);
    f = 997u << 16;
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_TONE_FREQ, &f, 4), 0);
    assert_int_equal(comp_set_params(r.dev, NULL, &r.pout), 0);
    assert_int_equal(comp_trigger(r.dev, COMP_TRIGGER_START), 0);
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_TONE_AMPL, &a, 4),
                     AUD_E_RANGE);
    f = 24000u << 16;
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_TONE_FREQ, &f, 4),
                     AUD_E_RANGE);
    assert_int_equal(comp_get_control(r.dev, COMP_CTL_TONE_FREQ, &f, &n), 0);
    assert_int_equal(f, 997u << 16);
    tone_init(&t, 48000, 3);
    tone_set_freq(&t, 997u << 16);
    tone_set_ampl(&t, 0x40000000);
    for (int k = 0; k < 5; k++) {
        assert_int_equal(comp_copy(r.dev), 0);
        assert_int_equal(audio_buffer_read_q1_31(&r.out, y, P), 0);
        tone_generate_q1_31(&t, ref, P);
        assert_memory_equal(y, ref, sizeof(y));
    }
    /* output full: only what fits is generated */
    audio_buffer_write_silence(&r.out, 4 * P - 10);
    assert_int_equal(comp_copy(r.dev), 0);
    assert_int_equal(audio_buffer_free_frames(&r.out), 0);
    rig_free(&r);
    assert_int_equal(r.ta.live, 0);
}

static void test_convert(void **state)
{
    enum { P = 16 };
    int32_t x[P * 2], y[P * 2];
    struct rig r;

    (void)state;
    assert_int_equal(rig_new(&r, COMP_TYPE_CONVERT, x, 4), AUD_E_CONFIG);
    assert_int_equal(rig_new(&r, COMP_TYPE_CONVERT, NULL, 0), 0);
    rig_params(&r.pin, 16000, 2, AUDIO_FMT_S32_LE, P);
    rig_params(&r.pout, 16000, 1, AUDIO_FMT_S16_LE, P);
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_MISMATCH);
    r.pout.channels = 2;
    assert_int_equal(rig_wire(&r, 1), 0);
    for (int i = 0; i < P * 2; i++)
        x[i] = rnd();
    x[0] = INT32_MAX;
    audio_buffer_write_q1_31(&r.in[0], x, P);
    assert_int_equal(comp_copy(r.dev), 0);
    audio_buffer_read_q1_31(&r.out, y, P);
    for (int i = 0; i < P * 2; i++)
        assert_int_equal(y[i], fmt_s16_to_q1_31(fmt_q1_31_to_s16(x[i])));
    assert_int_equal(y[0], 0x7fff0000);
    rig_free(&r);
    assert_int_equal(r.ta.live, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mixer),
        cmocka_unit_test(test_mixer_gains),
        cmocka_unit_test(test_tone),
        cmocka_unit_test(test_convert),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

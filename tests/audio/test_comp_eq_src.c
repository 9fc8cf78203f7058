/* SPDX-License-Identifier: BSD-3-Clause */
/* eq_iir, eq_fir (blob layout v1) and src components over their kernels. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "comp/comp_eq_fir.h"
#include "comp/comp_eq_iir.h"
#include "comp/comp_src.h"
#include "comp_test_rig.h"
#include "dsp/fir.h"
#include "dsp/iir.h"
#include "dsp/src.h"

static uint32_t s = 77;
static int32_t rnd(void)
{
    s = s * 1103515245u + 12345u;
    return (int32_t)s >> 2;
}

static size_t put32(uint8_t *p, int32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)((uint32_t)v >> (8 * i));
    return 4;
}

static size_t put16(uint8_t *p, int v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)((unsigned int)v >> 8);
    return 2;
}

/* One LP-ish biquad (b = 0.25 0.5 0.25, a1 = -0.5, a2 = 0.1). */
static size_t iir_blob(uint8_t *b)
{
    size_t n = 0;
    int32_t c[6] = { 1 << 28, 1 << 29, 1 << 28, -(1 << 29), 107374182, 0 };

    memcpy(b, "EQIR", 4);
    n = 4;
    n += put16(b + n, 1);
    n += put16(b + n, 1);
    for (int i = 0; i < 6; i++)
        n += put32(b + n, c[i]);
    return n;
}

static void test_eq_iir(void **state)
{
    enum { P = 48 };
    uint8_t blob[64], got[64];
    size_t n = iir_blob(blob), gn = sizeof(got);
    struct iir_coefs co;
    struct iir_state st[2];
    int32_t x[P * 2], y[P * 2], ref[P * 2];
    struct rig r;

    (void)state;
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_IIR, blob, n - 1), AUD_E_BLOB);
    blob[0] = 'X';
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_IIR, blob, n), AUD_E_BLOB);
    blob[0] = 'E';
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_IIR, NULL, 0), AUD_E_BLOB);
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_IIR, blob, n), 0);
    rig_params(&r.pin, 48000, 2, AUDIO_FMT_S32_LE, P);
    r.pout = r.pin;
    assert_int_equal(rig_wire(&r, 1), 0);
    assert_int_equal(iir_blob_parse(&co, blob, n), 0);
    iir_init(&st[0], &co);
    iir_init(&st[1], &co);
    for (int k = 0; k < 4; k++) {
        for (int i = 0; i < P * 2; i++)
            x[i] = rnd();
        audio_buffer_write_q1_31(&r.in[0], x, P);
        assert_int_equal(comp_copy(r.dev), 0);
        audio_buffer_read_q1_31(&r.out, y, P);
        iir_process_q1_31(st, 2, ref, x, P);
        assert_memory_equal(y, ref, sizeof(y));
    }
    blob[4] = 2; /* version 2: rejected, old blob stays */
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_BLOB, blob, n),
                     AUD_E_BLOB);
    blob[4] = 1;
    assert_int_equal(comp_get_control(r.dev, COMP_CTL_BLOB, got, &gn), 0);
    assert_int_equal(gn, n);
    assert_memory_equal(got, blob, n);
    rig_free(&r);
    assert_int_equal(r.ta.live, 0);
}

/* num_sets sets of taps; coefficient k of set j = (j+1)*1000 - 300*k. */
static size_t fir_blob(uint8_t *b, int sets, int taps, int shift)
{
    size_t n = 0;

    memcpy(b, "EQFR", 4);
    n = 4;
    n += put16(b + n, 1);
    n += put16(b + n, sets);
    n += put16(b + n, taps);
    n += put16(b + n, shift);
    for (int j = 0; j < sets; j++)
        for (int k = 0; k < taps; k++)
            n += put16(b + n, (j + 1) * 1000 - 300 * k);
    return n;
}

static void test_eq_fir(void **state)
{
    enum { P = 40, T = 9 };
    static uint8_t blob[12 + 2 * 256 * 8 + 2];
    int16_t h[2][T];
    int32_t d[2][FIR_DELAY_WORDS(T)];
    struct fir_state st[2];
    int32_t x[P * 2], y[P * 2], ref[P * 2];
    size_t n;
    struct rig r;

    (void)state;
    n = fir_blob(blob, 1, 0, 0);
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_FIR, blob, n), AUD_E_BLOB);
    n = fir_blob(blob, 1, 257, 0);
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_FIR, blob, n), AUD_E_BLOB);
    n = fir_blob(blob, 9, 4, 0);
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_FIR, blob, n), AUD_E_BLOB);
    n = fir_blob(blob, 1, 4, 9);
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_FIR, blob, n), AUD_E_BLOB);
    n = fir_blob(blob, 1, 4, -16);
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_FIR, blob, n), AUD_E_BLOB);
    n = fir_blob(blob, 1, 4, 0);
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_FIR, blob, n + 1), AUD_E_BLOB);
    blob[3] = 'X';
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_FIR, blob, n), AUD_E_BLOB);
    n = fir_blob(blob, 1, 256, 0);
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_FIR, blob, n), 0);
    comp_free(r.dev);

    /* two sets, three channels: AUD_E_CHANNELS */
    n = fir_blob(blob, 2, T, 2);
    assert_int_equal(rig_new(&r, COMP_TYPE_EQ_FIR, blob, n), 0);
    rig_params(&r.pin, 16000, 3, AUDIO_FMT_S32_LE, P);
    r.pout = r.pin;
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_CHANNELS);
    r.pin.channels = r.pout.channels = 2;
    assert_int_equal(rig_wire(&r, 1), 0);
    for (int j = 0; j < 2; j++) {
        for (int k = 0; k < T; k++)
            h[j][k] = (int16_t)((j + 1) * 1000 - 300 * k);
        fir_init(&st[j], h[j], T, 2, d[j]);
    }
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < P * 2; i++)
            x[i] = rnd();
        audio_buffer_write_q1_31(&r.in[0], x, P);
        assert_int_equal(comp_copy(r.dev), 0);
        audio_buffer_read_q1_31(&r.out, y, P);
        fir_process_q1_31(st, 2, ref, x, P);
        assert_memory_equal(y, ref, sizeof(y));
    }
    /* replacing with a 3-set blob on a stereo stream is refused */
    n = fir_blob(blob, 3, T, 0);
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_BLOB, blob, n),
                     AUD_E_CHANNELS);
    n = fir_blob(blob, 1, 3, 0);
    r.ta.fail_after = 1;
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_BLOB, blob, n),
                     AUD_E_NOMEM);
    r.ta.fail_after = -1;
    assert_int_equal(comp_set_control(r.dev, COMP_CTL_BLOB, blob, n), 0);
    rig_free(&r);
    assert_int_equal(r.ta.live, 0);
}

/* 48 kHz -> 16 kHz (a chain of two stages) in 1 ms periods (48 in, 16
 * out) equals its lead of silence and then the chain run one-shot over
 * the whole input; an unsupported
 * pair (or equal rates) is AUD_E_RATE at create. */
static void test_src(void **state)
{
    enum { PI = 48, PO = 16, N = 40 };
    struct comp_src_config c = { .rate_in_hz = 48000, .rate_out_hz = 12000 };
    static int32_t x[N * PI * 2], y[(N * PO + 16) * 2], ref[N * PO * 2];
    static int32_t mem[8192];
    struct src_chain ch;
    size_t cons, prod, got = 0;
    struct rig r;

    (void)state;
    assert_int_equal(rig_new(&r, COMP_TYPE_SRC, &c, sizeof(c)), AUD_E_RATE);
    c.rate_out_hz = 48000;
    assert_int_equal(rig_new(&r, COMP_TYPE_SRC, &c, sizeof(c)), AUD_E_RATE);
    c.rate_out_hz = 16000;
    assert_int_equal(rig_new(&r, COMP_TYPE_SRC, &c, sizeof(c)), 0);
    rig_params(&r.pin, 48000, 2, AUDIO_FMT_S32_LE, PI);
    rig_params(&r.pout, 32000, 2, AUDIO_FMT_S32_LE, PO);
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_RATE);
    r.pout.rate_hz = 16000;
    r.pout.channels = 1;
    assert_int_equal(comp_set_params(r.dev, &r.pin, &r.pout), AUD_E_MISMATCH);
    r.pout.channels = 2;
    assert_int_equal(rig_wire(&r, 1), 0);
    for (int i = 0; i < N * PI * 2; i++)
        x[i] = rnd();
    for (int k = 0; k < N; k++) {
        audio_buffer_write_q1_31(&r.in[0], x + k * PI * 2, PI);
        assert_int_equal(comp_copy(r.dev), 0);
        uint32_t a = audio_buffer_avail(&r.out);

        audio_buffer_read_q1_31(&r.out, y + got * 2, a);
        got += a;
    }
    assert_int_equal(src_plan(&ch, 48000, 16000), 0);
    assert_int_equal(ch.n, 2);
    assert_true(src_chain_words(&ch, 2, N * PI) <= sizeof(mem) / 4);
    assert_int_equal(src_chain_init(&ch, 2, N * PI, mem), 0);
    src_chain_process(&ch, ref, N * PO, x, N * PI, &cons, &prod);
    /* the component's lead of silence, then the chain's output */
    {
        uint32_t lead = src_chain_lead_frames(&ch);

        assert_int_equal(lead, 4); /* 1 + 2 stages + 1 */
        assert_int_equal(got, prod + lead);
        assert_true(got >= N * PO - 1);
        for (uint32_t i = 0; i < lead * 2; i++)
            assert_int_equal(y[i], 0);
        assert_memory_equal(y + lead * 2, ref, prod * 2 * sizeof(int32_t));
    }
    rig_free(&r);
    assert_int_equal(r.ta.live, 0);
}

/* quality (protocol 1.6): an unknown value is AUD_E_RANGE, a size other
 * than 8 or 12 bytes AUD_E_CONFIG; quality=high in 1 ms periods equals
 * its lead and then the quality=high chain run one-shot; the 8-byte form
 * is the default. */
static void test_src_quality(void **state)
{
    enum { PI = 48, PO = 44, N = 30 };
    struct comp_src_config c = { .rate_in_hz = 48000,
                                 .rate_out_hz = 44100,
                                 .quality = 2 };
    static int32_t x[N * PI * 2], y[(N * (PO + 1) + 16) * 2],
        ref[N * (PO + 1) * 2];
    static int32_t mem[16384];
    struct src_chain ch;
    size_t cons, prod, got = 0;
    struct rig r;

    (void)state;
    assert_int_equal(rig_new(&r, COMP_TYPE_SRC, &c, sizeof(c)), AUD_E_RANGE);
    assert_int_equal(rig_new(&r, COMP_TYPE_SRC, &c, 4), AUD_E_CONFIG);
    assert_int_equal(rig_new(&r, COMP_TYPE_SRC, &c, 16), AUD_E_CONFIG);
    assert_int_equal(rig_new(&r, COMP_TYPE_SRC, &c, 8), 0); /* default */
    rig_free(&r);
    c.quality = COMP_SRC_QUALITY_HIGH;
    assert_int_equal(rig_new(&r, COMP_TYPE_SRC, &c, sizeof(c)), 0);
    rig_params(&r.pin, 48000, 2, AUDIO_FMT_S32_LE, PI);
    rig_params(&r.pout, 44100, 2, AUDIO_FMT_S32_LE, PO + 1);
    assert_int_equal(rig_wire(&r, 1), 0);
    for (int i = 0; i < N * PI * 2; i++)
        x[i] = rnd();
    for (int k = 0; k < N; k++) {
        audio_buffer_write_q1_31(&r.in[0], x + k * PI * 2, PI);
        assert_int_equal(comp_copy(r.dev), 0);
        uint32_t a = audio_buffer_avail(&r.out);

        audio_buffer_read_q1_31(&r.out, y + got * 2, a);
        got += a;
    }
    assert_int_equal(src_plan_q(&ch, 48000, 44100, SRC_QUALITY_HIGH), 0);
    assert_true(src_chain_words(&ch, 2, N * PI) <= sizeof(mem) / 4);
    assert_int_equal(src_chain_init(&ch, 2, N * PI, mem), 0);
    src_chain_process_q(&ch, ref, N * (PO + 1), x, N * PI, &cons, &prod);
    {
        uint32_t lead = src_chain_lead_frames(&ch);

        assert_int_equal(got, prod + lead);
        for (uint32_t i = 0; i < lead * 2; i++)
            assert_int_equal(y[i], 0);
        assert_memory_equal(y + lead * 2, ref, prod * 2 * sizeof(int32_t));
    }
    /* and it is not the default's output */
    assert_int_equal(src_plan(&ch, 48000, 44100), 0);
    assert_int_equal(src_chain_init(&ch, 2, N * PI, mem), 0);
    src_chain_process(&ch, y, N * (PO + 1), x, N * PI, &cons, &got);
    assert_int_equal(got, prod);
    assert_true(memcmp(y, ref, prod * 2 * sizeof(int32_t)) != 0);
    rig_free(&r);
    assert_int_equal(r.ta.live, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eq_iir),
        cmocka_unit_test(test_eq_fir),
        cmocka_unit_test(test_src),
        cmocka_unit_test(test_src_quality),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Circular audio buffer: argument validation, wrap-around copies in every
 * format against independent references, xrun accounting, spans. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "buffer/audio_buffer.h"
#include "pipe_test_util.h"

static uint32_t rng = 12345u;
static int32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (int32_t)rng;
}

/* Independent references of the stored value seen back as Q1.31. */
static int32_t ref_round_trip(int32_t x, enum audio_fmt f)
{
    long long v;

    if (f == AUDIO_FMT_S32_LE)
        return x;
    int k = f == AUDIO_FMT_S16_LE ? 16 : 8;
    long long max = f == AUDIO_FMT_S16_LE ? 32767 : 8388607;

    v = ((long long)x + (1LL << (k - 1))) >> k; /* floor(x/2^k + 1/2) */
    if (v > max)
        v = max;
    if (v < -max - 1)
        v = -max - 1;
    return (int32_t)(v * (1LL << k));
}

static void test_init_errors(void **state)
{
    struct host_alloc t;
    struct audio_buffer b;

    (void)state;
    host_alloc_init(&t);
    assert_int_equal(
        audio_buffer_init(NULL, &t.a, 1, AUDIO_FMT_S16_LE, 2, 48000, 96),
        AUD_E_INVAL);
    assert_int_equal(
        audio_buffer_init(&b, NULL, 1, AUDIO_FMT_S16_LE, 2, 48000, 96),
        AUD_E_INVAL);
    assert_int_equal(
        audio_buffer_init(&b, &t.a, 1, (enum audio_fmt)3, 2, 48000, 96),
        AUD_E_FORMAT);
    assert_int_equal(
        audio_buffer_init(&b, &t.a, 1, AUDIO_FMT_S16_LE, 0, 48000, 96),
        AUD_E_CHANNELS);
    assert_int_equal(
        audio_buffer_init(&b, &t.a, 1, AUDIO_FMT_S16_LE, 9, 48000, 96),
        AUD_E_CHANNELS);
    assert_int_equal(
        audio_buffer_init(&b, &t.a, 1, AUDIO_FMT_S16_LE, 2, 48000, 0),
        AUD_E_BUF_SIZE);
    assert_int_equal(audio_buffer_init(&b, &t.a, 1, AUDIO_FMT_S32_LE, 8, 48000,
                                       AUDIO_BUFFER_MAX_BYTES / 32 + 1),
                     AUD_E_BUF_SIZE);
    t.fail_after = 0;
    assert_int_equal(
        audio_buffer_init(&b, &t.a, 1, AUDIO_FMT_S16_LE, 2, 48000, 96),
        AUD_E_NOMEM);
    assert_int_equal(t.live, 0);
    t.fail_after = -1;
    assert_int_equal(audio_buffer_init(&b, &t.a, 7, AUDIO_FMT_S32_LE, 8, 48000,
                                       AUDIO_BUFFER_MAX_BYTES / 32),
                     AUD_OK);
    assert_int_equal(b.frame_bytes, 32);
    assert_int_equal((uintptr_t)b.data % AUDIO_BUFFER_ALIGN, 0);
    audio_buffer_free(&b);
    assert_int_equal(t.live, 0);
}

/* Random-sized writes and reads through a small ring, every format and
 * 1/2/3/8 channels: the stream read equals the reference stream. */
static void test_wrap_stream(void **state)
{
    static const enum audio_fmt fmts[] = { AUDIO_FMT_S16_LE, AUDIO_FMT_S24_4LE,
                                           AUDIO_FMT_S32_LE };
    static const unsigned int chans[] = { 1, 2, 3, 8 };
    enum { TOTAL = 5000, CAP = 37 };
    static int32_t src[TOTAL * 8], got[TOTAL * 8];
    struct host_alloc t;

    (void)state;
    host_alloc_init(&t);
    for (unsigned int fi = 0; fi < 3; fi++) {
        for (unsigned int ci = 0; ci < 4; ci++) {
            unsigned int ch = chans[ci];
            struct audio_buffer b;
            uint32_t w = 0, r = 0, wraps = 0;

            for (unsigned int i = 0; i < TOTAL * ch; i++)
                src[i] = rnd() >> (i % 3 == 0 ? 0 : (i % 7));
            src[0] = INT32_MAX; /* rounding overflow -> saturate */
            src[1] = INT32_MIN;
            assert_int_equal(
                audio_buffer_init(&b, &t.a, 1, fmts[fi], ch, 48000, CAP), 0);
            while (r < TOTAL) {
                uint32_t n = (uint32_t)rnd() % 20;

                if (n > TOTAL - w)
                    n = TOTAL - w;
                if (n <= audio_buffer_free_frames(&b)) {
                    if (b.wr + n > CAP)
                        wraps++;
                    assert_int_equal(
                        audio_buffer_write_q1_31(&b, src + w * ch, n), 0);
                    w += n;
                }
                n = (uint32_t)rnd() % 23;
                if (n <= audio_buffer_avail(&b)) {
                    assert_int_equal(
                        audio_buffer_read_q1_31(&b, got + r * ch, n), 0);
                    r += n;
                }
            }
            assert_true(wraps > 50);
            for (unsigned int i = 0; i < TOTAL * ch; i++)
                assert_int_equal(got[i], ref_round_trip(src[i], fmts[fi]));
            assert_int_equal(b.stats.overruns + b.stats.underruns, 0);
            audio_buffer_free(&b);
        }
    }
    assert_int_equal(t.live, 0);
}

static void test_xrun_accounting(void **state)
{
    struct host_alloc t;
    struct audio_buffer b;
    int32_t blk[2 * 16] = { 0 };

    (void)state;
    host_alloc_init(&t);
    assert_int_equal(
        audio_buffer_init(&b, &t.a, 1, AUDIO_FMT_S16_LE, 2, 48000, 10), 0);
    assert_int_equal(audio_buffer_write_q1_31(&b, blk, 8), 0);
    assert_int_equal(audio_buffer_write_q1_31(&b, blk, 3), AUD_E_OVERRUN);
    assert_int_equal(audio_buffer_avail(&b), 8); /* nothing moved */
    assert_int_equal(b.stats.overruns, 1);
    assert_int_equal(b.stats.overrun_frames, 1);
    assert_int_equal(audio_buffer_write_silence(&b, 5), AUD_E_OVERRUN);
    assert_int_equal(b.stats.overrun_frames, 4);
    assert_int_equal(audio_buffer_read_q1_31(&b, blk, 9), AUD_E_UNDERRUN);
    assert_int_equal(audio_buffer_avail(&b), 8);
    assert_int_equal(b.stats.underruns, 1);
    assert_int_equal(b.stats.underrun_frames, 1);
    assert_int_equal(audio_buffer_peek_q1_31(&b, blk, 9), AUD_E_UNDERRUN);
    assert_int_equal(audio_buffer_consume(&b, 9), AUD_E_UNDERRUN);
    assert_int_equal(audio_buffer_produce(&b, 3), AUD_E_OVERRUN);
    assert_int_equal(b.stats.underruns, 2);
    assert_int_equal(b.stats.overruns, 3);
    audio_buffer_free(&b);
}

/* Spans stop at the wrap point; produce/consume move the positions;
 * reset clears stale data. */
static void test_spans_reset(void **state)
{
    struct host_alloc t;
    struct audio_buffer b;
    void *wp;
    void *rp;
    int32_t blk[10];

    (void)state;
    host_alloc_init(&t);
    assert_int_equal(
        audio_buffer_init(&b, &t.a, 1, AUDIO_FMT_S32_LE, 1, 48000, 10), 0);
    assert_int_equal(audio_buffer_write_span(&b, &wp), 10);
    assert_ptr_equal(wp, b.data);
    for (int i = 0; i < 7; i++)
        ((int32_t *)wp)[i] = 100 + i;
    assert_int_equal(audio_buffer_produce(&b, 7), 0);
    assert_int_equal(audio_buffer_read_span(&b, &rp), 7);
    assert_int_equal(audio_buffer_consume(&b, 6), 0);
    assert_int_equal(audio_buffer_write_span(&b, &wp), 3); /* to end */
    assert_ptr_equal(wp, b.data + 7 * 4);
    ((int32_t *)wp)[0] = 107;
    ((int32_t *)wp)[1] = 108;
    ((int32_t *)wp)[2] = 109;
    assert_int_equal(audio_buffer_produce(&b, 3), 0);
    assert_int_equal(audio_buffer_write_span(&b, &wp), 6); /* wrapped */
    assert_ptr_equal(wp, b.data);
    ((int32_t *)wp)[0] = 110;
    assert_int_equal(audio_buffer_produce(&b, 1), 0);
    assert_int_equal(audio_buffer_avail(&b), 5);
    assert_int_equal(audio_buffer_read_span(&b, &rp), 4);
    assert_int_equal(audio_buffer_read_q1_31(&b, blk, 5), 0);
    for (int i = 0; i < 5; i++)
        assert_int_equal(blk[i], 106 + i);
    audio_buffer_reset(&b);
    assert_int_equal(audio_buffer_avail(&b), 0);
    assert_int_equal(b.rd, 0);
    assert_int_equal(audio_buffer_produce(&b, 10), 0);
    assert_int_equal(audio_buffer_read_q1_31(&b, blk, 10), 0);
    for (int i = 0; i < 10; i++)
        assert_int_equal(blk[i], 0);
    audio_buffer_free(&b);
    assert_int_equal(t.live, 0);
    assert_string_equal(aud_err_name(AUD_E_CYCLE), "AUD_E_CYCLE");
    assert_string_equal(aud_err_name(-999), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_errors),
        cmocka_unit_test(test_wrap_stream),
        cmocka_unit_test(test_xrun_accounting),
        cmocka_unit_test(test_spans_reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

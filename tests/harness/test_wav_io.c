/* SPDX-License-Identifier: BSD-3-Clause */
/* WAV I/O through libsndfile: format round trips, the S24 mapping,
 * foreign formats written by sox, and error messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "audio/wav_io.h"
#include "harness_test_util.h"

static const char *dir;

static int setup(void **state)
{
    (void)state;
    dir = ht_make_tmpdir("wav");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    ht_remove_tree(dir);
    return 0;
}

static void test_quantize(void **state)
{
    (void)state;
    /* 0x12348000: exactly half an s16 LSB above 0x1234 -> away from 0 */
    assert_int_equal(dsh_q31_quantize(0x12348000, DSH_PCM_S16), 0x12350000);
    assert_int_equal(dsh_q31_quantize(0x12347fff, DSH_PCM_S16), 0x12340000);
    assert_int_equal(dsh_q31_quantize(-0x12348000, DSH_PCM_S16), -0x12350000);
    /* saturation at positive full scale */
    assert_int_equal(dsh_q31_quantize(INT32_MAX, DSH_PCM_S16), 0x7fff0000);
    assert_int_equal(dsh_q31_quantize(INT32_MAX, DSH_PCM_S24), 0x7fffff00);
    assert_int_equal(dsh_q31_quantize(INT32_MIN, DSH_PCM_S24), INT32_MIN);
    assert_int_equal(dsh_q31_quantize(12345, DSH_PCM_S32), 12345);
    /* S24_4LE container: bits 23..0, sign-extended; top byte ignored */
    assert_int_equal(dsh_q31_from_s24_4le(0x00800000u), INT32_MIN);
    assert_int_equal(dsh_q31_from_s24_4le(0xAB7FFFFFu), 0x7fffff00);
    assert_int_equal(dsh_q31_from_s24_4le(0xFFFFFFFFu), -256);
    assert_int_equal(dsh_s24_4le_from_q31(-256), 0xFFFFFFFFu);
    assert_int_equal(dsh_s24_4le_from_q31(0x7fffff00), 0x007FFFFFu);
    dsh_pcm_format f;
    assert_true(dsh_pcm_format_parse("s24_4le", &f) && f == DSH_PCM_S24);
    assert_false(dsh_pcm_format_parse("s20", &f));
}

static void roundtrip(dsh_pcm_format fmt, int bytes_per_sample)
{
    const char *p = ht_path(dir, "rt.wav");
    int32_t in[6] = { 0, INT32_MAX, INT32_MIN, 0x12345678, -0x12345678, 1 };
    char err[512];
    assert_true(dsh_audio_write_wav(p, in, 3, 2, 16000, fmt, err, sizeof err));
    size_t len;
    char *raw = ht_read_file(p, &len);
    assert_non_null(raw);
    assert_int_equal(len, 44 + 6 * bytes_per_sample); /* plain RIFF */
    free(raw);
    dsh_audio a;
    assert_true(dsh_audio_read(p, &a, err, sizeof err));
    assert_int_equal(a.frames, 3);
    assert_int_equal(a.channels, 2);
    assert_int_equal(a.rate, 16000);
    assert_int_equal(a.info.bits, (unsigned)fmt);
    for (int i = 0; i < 6; i++)
        assert_int_equal(a.samples[i], dsh_q31_quantize(in[i], fmt));
    dsh_audio_free(&a);
}

static void test_roundtrip_formats(void **state)
{
    (void)state;
    roundtrip(DSH_PCM_S16, 2);
    roundtrip(DSH_PCM_S24, 3);
    roundtrip(DSH_PCM_S32, 4);
}

static void sox(const char *args)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "sox %s 2>&1", args);
    int rc = system(cmd);
    if (rc != 0)
        fail_msg("'%s' failed (%d)", cmd, rc);
}

static void test_foreign_formats(void **state)
{
    (void)state;
    char args[1024];
    /* 8-bit unsigned WAV, float WAV, FLAC and AIFF written by sox */
    const char *names[] = { "u8.wav", "f32.wav", "s24.flac", "s16.aiff" };
    const char *opts[] = { "-b 8 -e unsigned-integer", "-b 32 -e float",
                           "-b 24", "-b 16" };
    for (int i = 0; i < 4; i++) {
        snprintf(args, sizeof args,
                 "-D -n -r 8000 -c 1 %s %s synth 0.5 sine "
                 "1000 vol 0.5",
                 opts[i], ht_path(dir, names[i]));
        sox(args);
        dsh_audio a;
        char err[512];
        if (!dsh_audio_read(ht_path(dir, names[i]), &a, err, sizeof err))
            fail_msg("%s: %s", names[i], err);
        assert_int_equal(a.rate, 8000);
        assert_int_equal(a.channels, 1);
        assert_int_equal(a.frames, 4000);
        /* a 0.5-amplitude sine: peak within 1 % (8-bit) of 2^30 */
        int32_t peak = 0;
        for (uint64_t k = 0; k < a.frames; k++)
            if (abs(a.samples[k]) > peak)
                peak = abs(a.samples[k]);
        if (abs(peak - (1 << 30)) > (1 << 30) / 100)
            fail_msg("%s: peak %d", names[i], peak);
        dsh_audio_free(&a);
    }
}

static void test_errors(void **state)
{
    (void)state;
    char err[512];
    dsh_audio_info info;
    assert_false(
        dsh_audio_probe(ht_path(dir, "none.wav"), &info, err, sizeof err));
    assert_non_null(strstr(err, "none.wav: cannot read as a sound file"));
    ht_write_text(ht_path(dir, "text.wav"), "RIFF but not really\n");
    dsh_audio a;
    assert_false(dsh_audio_read(ht_path(dir, "text.wav"), &a, err, sizeof err));
    assert_non_null(strstr(err, "text.wav: cannot read"));
    info.rate = 44100;
    info.channels = 1;
    assert_false(dsh_audio_check_params(&info, "x.wav", 48000, 2,
                                        "stream 'music'", err, sizeof err));
    assert_string_equal(err,
                        "'x.wav' is 44100 Hz, 1 channel but stream "
                        "'music' is 48000 Hz, 2 channels (no resampling or "
                        "channel mapping is done)");
    assert_true(
        dsh_audio_check_params(&info, "x.wav", 44100, 1, "s", err, sizeof err));
    /* unwritable path */
    int32_t s = 0;
    assert_false(dsh_audio_write_wav("/nonexistent-dir/x.wav", &s, 1, 1, 48000,
                                     DSH_PCM_S16, err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent-dir/x.wav: cannot create"));
}

/* A file cut short of what its header promises is an error, not a
 * shorter input; one complete file passes. */
static void test_truncated(void **state)
{
    (void)state;
    const char *p = ht_path(dir, "full.wav");
    int32_t s[200] = { 0 };
    char err[512];
    dsh_audio_info info;
    dsh_audio a;
    assert_true(
        dsh_audio_write_wav(p, s, 100, 2, 48000, DSH_PCM_S16, err, sizeof err));
    assert_true(dsh_audio_probe(p, &info, err, sizeof err));
    assert_int_equal(info.frames, 100);
    /* keep the header and 30 frames (4 bytes each) of 100 */
    FILE *f = fopen(p, "rb");
    assert_non_null(f);
    unsigned char buf[1024];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    assert_int_equal(n, 44 + 400);
    const char *t = ht_path(dir, "cut.wav");
    f = fopen(t, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(buf, 1, 44 + 120, f), 44 + 120);
    fclose(f);
    assert_false(dsh_audio_probe(t, &info, err, sizeof err));
    assert_non_null(strstr(err, "cut.wav: truncated file: its header "
                                "promises 100 frames, the file holds 30"));
    assert_false(dsh_audio_read(t, &a, err, sizeof err));
    assert_non_null(strstr(err, "truncated file"));
}

/* Frames [first, first + n) of a stream against the same frames read
 * whole. */
static void stream_check(dsh_audio_stream *st, const dsh_audio *a,
                         uint64_t first, uint64_t n)
{
    static int32_t got[3 * 7000];
    char err[512];
    assert_true(n * a->channels <= sizeof got / sizeof *got);
    if (!dsh_audio_stream_read(st, first, n, got, err, sizeof err))
        fail_msg("frames %llu + %llu: %s", (unsigned long long)first,
                 (unsigned long long)n, err);
    assert_memory_equal(got, a->samples + first * a->channels,
                        n * a->channels * sizeof *got);
}

/* A stream gives the frames a whole read gives, in any order: forward
 * across its window (16384 samples: 5461 frames of 3 channels), back,
 * far ahead, the last frame; integer and float files alike.  Past the
 * end is an error naming the span. */
static void test_stream(void **state)
{
    (void)state;
    enum { FRAMES = 20000, CH = 3 };
    const char *p = ht_path(dir, "st.wav");
    int32_t *s = malloc(FRAMES * CH * sizeof *s);
    assert_non_null(s);
    uint32_t x = 12345;
    for (unsigned i = 0; i < FRAMES * CH; i++) {
        x = x * 1103515245u + 12345u;
        s[i] = (int32_t)x;
    }
    char err[512], args[1024];
    assert_true(dsh_audio_write_wav(p, s, FRAMES, CH, 48000, DSH_PCM_S32, err,
                                    sizeof err));
    free(s);
    const char *fl = ht_path(dir, "st_float.wav");
    snprintf(args, sizeof args, "-D %s -e floating-point -b 32 %s",
             ht_path(dir, "st.wav"), fl);
    sox(args);
    const char *files[] = { p, fl };
    dsh_audio_info info0;
    for (unsigned k = 0; k < 2; k++) {
        dsh_audio a;
        dsh_audio_info info;
        assert_true(dsh_audio_read(files[k], &a, err, sizeof err));
        dsh_audio_stream *st = dsh_audio_stream_open(files[k], &info, err,
                                                     sizeof err);
        assert_non_null(st);
        assert_int_equal(info.frames, FRAMES);
        assert_int_equal(info.channels, CH);
        assert_int_equal(info.bits, k ? 0 : 32);
        for (uint64_t f = 0; f + 997 <= FRAMES; f += 997)
            stream_check(st, &a, f, 997);
        stream_check(st, &a, 100, 7000); /* back, over two windows */
        stream_check(st, &a, 15000, 1);  /* ahead */
        stream_check(st, &a, 5460, 2);   /* across a window's end */
        stream_check(st, &a, FRAMES - 1, 1);
        stream_check(st, &a, 0, 0);
        int32_t one[CH];
        assert_false(
            dsh_audio_stream_read(st, FRAMES - 1, 2, one, err, sizeof err));
        assert_non_null(strstr(err, "st"));
        assert_non_null(strstr(err, "frames 19999 to 20001 asked of 20000"));
        stream_check(st, &a, 3, 5); /* still usable */
        dsh_audio_stream_close(st);
        dsh_audio_free(&a);
    }
    assert_null(dsh_audio_stream_open(ht_path(dir, "none.wav"), &info0, err,
                                      sizeof err));
    assert_non_null(strstr(err, "none.wav: cannot read as a sound file"));
}

/* Writes go to a temporary file renamed over the target: an existing file
 * is replaced whole, a failed write leaves the old one and no temporary
 * file behind. */
static void test_write_replaces(void **state)
{
    (void)state;
    const char *p = ht_path(dir, "repl.wav");
    int32_t s[4] = { 1 << 24, -(1 << 24), 1 << 20, 0 };
    char err[512];
    ht_write_text(p, "old contents");
    assert_true(
        dsh_audio_write_wav(p, s, 2, 2, 48000, DSH_PCM_S16, err, sizeof err));
    dsh_audio a;
    assert_true(dsh_audio_read(p, &a, err, sizeof err));
    assert_int_equal(a.frames, 2);
    assert_int_equal(a.samples[0], 1 << 24);
    dsh_audio_free(&a);
    /* 0 channels: libsndfile refuses the format; the target stays */
    assert_false(
        dsh_audio_write_wav(p, s, 2, 0, 48000, DSH_PCM_S16, err, sizeof err));
    assert_true(dsh_audio_read(p, &a, err, sizeof err));
    assert_int_equal(a.frames, 2);
    dsh_audio_free(&a);
    /* the rename fails (the target is a non-empty directory): error, the
     * finished temporary file removed */
    char sub[1024];
    snprintf(sub, sizeof sub, "%s/busy", dir);
    assert_int_equal(mkdir(sub, 0777), 0);
    ht_write_text(ht_path(dir, "busy/x"), "x");
    assert_false(
        dsh_audio_write_wav(sub, s, 2, 2, 48000, DSH_PCM_S16, err, sizeof err));
    assert_non_null(strstr(err, "cannot rename the finished file"));
    /* no ".NAME.tmp-*" left in the directory */
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "ls -a '%s' | grep -q '\\.tmp-'", dir);
    assert_int_not_equal(system(cmd), 0);
}
/* A FLAC whose STREAMINFO claims 4,294,967,279 frames (16 GiB of
 * samples) but holds 48 (issue 14): the read fails as truncated after
 * decoding what is there, without allocating for the claim.  Outside
 * AddressSanitizer the address space is limited to 1 GiB, so a reader
 * that allocates the claimed size fails with "out of memory" instead. */
static void test_flac_claiming_4g_frames(void **state)
{
    (void)state;
    char args[1024];
    const char *path = ht_path(dir, "claim.flac");
    snprintf(args, sizeof args,
             "-D -n -r 48000 -c 2 -b 16 %s synth 0.001 "
             "sine 997",
             path);
    sox(args);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    unsigned char h[26];
    assert_int_equal(fread(h, 1, sizeof h, f), sizeof h);
    assert_memory_equal(h, "fLaC", 4);
    /* STREAMINFO at 8: total samples = the low 36 bits of bytes 18..25 */
    uint64_t v = 0;
    for (int i = 18; i < 26; i++)
        v = v << 8 | h[i];
    assert_int_equal(v & 0xfffffffffull, 48);
    v = (v & ~0xfffffffffull) | 4294967279ull;
    for (int i = 25; i >= 18; i--, v >>= 8)
        h[i] = (unsigned char)v;
    assert_int_equal(fseek(f, 0, SEEK_SET), 0);
    assert_int_equal(fwrite(h, 1, sizeof h, f), sizeof h);
    fclose(f);
#if !defined(__SANITIZE_ADDRESS__)
    struct rlimit old, lim;
    assert_int_equal(getrlimit(RLIMIT_AS, &old), 0);
    lim = old;
    lim.rlim_cur = 1ull << 30;
    assert_int_equal(setrlimit(RLIMIT_AS, &lim), 0);
#endif
    dsh_audio a;
    char err[512] = "";
    bool ok = dsh_audio_read(path, &a, err, sizeof err);
#if !defined(__SANITIZE_ADDRESS__)
    assert_int_equal(setrlimit(RLIMIT_AS, &old), 0);
#endif
    assert_false(ok);
    if (!strstr(err, "claim.flac: read 48 of 4294967279 frames"))
        fail_msg("message: %s", err);
    /* streamed: the frames that are there, then the same error where
     * they end (no memory for the promise) */
    dsh_audio_info info;
    dsh_audio_stream *st = dsh_audio_stream_open(path, &info, err, sizeof err);
    assert_non_null(st);
    assert_int_equal(info.frames, 4294967279ull);
    int32_t buf[2 * 64];
    assert_true(dsh_audio_stream_read(st, 0, 40, buf, err, sizeof err));
    assert_false(dsh_audio_stream_read(st, 40, 64, buf, err, sizeof err));
    if (!strstr(err, "claim.flac: read 48 of 4294967279 frames"))
        fail_msg("stream message: %s", err);
    dsh_audio_stream_close(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quantize),
        cmocka_unit_test(test_roundtrip_formats),
        cmocka_unit_test(test_foreign_formats),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_stream),
        cmocka_unit_test(test_write_replaces),
        cmocka_unit_test(test_flac_claiming_4g_frames),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

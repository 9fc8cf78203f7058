/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz harness: the sound-file reader and the format conversions
 * (harness/audio): the input is written to a file (a fresh name each
 * time: libsndfile picks the format from the bytes, WAV, WAVEX, AIFF,
 * FLAC, W64, CAF, AU, ...), then dsh_audio_probe, dsh_audio_read and
 * the stream reader (dsh_audio_stream, spans of sizes the input's own
 * bytes pick, with one step back).
 * Checked: probe, read and stream agree (rate, channels, frames); a
 * stream of a file read whole gives the same samples, and a failed
 * stream read says why; a read file
 * has what it promised; every sample survives the conversions: quantised
 * to s16/s24/s32 it is a multiple of the format's LSB and within one LSB
 * of the original, the S24_4LE container round trip is exact on an s24
 * sample, and Q1.31 -> double -> Q1.31 is exact; a short file is written
 * back as s16, s24 and s32 WAV and read again, equal to the quantised
 * samples. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audio/pcm_format.h"
#include "audio/wav_io.h"
#include "fuzz_util.h"

static const char *dir;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    dir = fz_tmpdir("wav");
    return 0;
}

static void check_roundtrip(const dsh_audio *a)
{
    static const dsh_pcm_format fmts[] = { DSH_PCM_S16, DSH_PCM_S24,
                                           DSH_PCM_S32 };
    size_t n = (size_t)a->frames * a->channels;
    for (size_t i = 0; i < n; i++) {
        int32_t s = a->samples[i];
        for (unsigned f = 0; f < 3; f++) {
            int32_t q = dsh_q31_quantize(s, fmts[f]);
            int64_t lsb = f == 0 ? 1 << 16 : f == 1 ? 1 << 8 : 1;
            int64_t d = (int64_t)q - s;
            if (q % lsb || d > lsb || d < -lsb)
                abort();
        }
        int32_t s24 = dsh_q31_quantize(s, DSH_PCM_S24);
        if (dsh_q31_from_s24_4le(dsh_s24_4le_from_q31(s24)) != s24)
            abort();
        if (dsh_q31_from_double(dsh_q31_to_double(s)) != s)
            abort();
    }
    if (n > 4096 || a->rate > 655350 || a->channels > 8)
        return;
    for (unsigned f = 0; f < 3; f++) {
        char err[512];
        const char *out = fz_path(dir, "out.wav");
        if (!dsh_audio_write_wav(out, a->samples, a->frames, a->channels,
                                 a->rate, fmts[f], err, sizeof err))
            continue; /* e.g. a rate libsndfile cannot write */
        dsh_audio b;
        if (!dsh_audio_read(out, &b, err, sizeof err))
            abort(); /* what we wrote must read back */
        if (b.frames != a->frames || b.channels != a->channels ||
            b.rate != a->rate)
            abort();
        for (size_t i = 0; i < n; i++)
            if (b.samples[i] != dsh_q31_quantize(a->samples[i], fmts[f]))
                abort();
        dsh_audio_free(&b);
        unlink(out);
    }
}

/* The file through a stream, in spans of 1 to 4096 / channels frames
 * (sizes from the input's bytes), one step back after the fourth span;
 * whole (a) when read succeeded, else at most 64 spans. */
static void check_stream(const char *path, const dsh_audio_info *info,
                         const dsh_audio *a, const uint8_t *data, size_t size)
{
    char err[512] = "";
    dsh_audio_info si;
    dsh_audio_stream *s = dsh_audio_stream_open(path, &si, err, sizeof err);
    if (!s) {
        if (!err[0] || a)
            abort(); /* it says why; what read whole opens */
        return;
    }
    if (!info || si.frames != info->frames || si.rate != info->rate ||
        si.channels != info->channels)
        abort();
    static int32_t buf[4096];
    uint64_t per = 4096 / si.channels, f = 0;
    bool back = false;
    for (size_t k = 0; f < si.frames && (a || k < 64); k++) {
        uint64_t n = 1 + (size ? data[k % size] : 0) % per;
        if (n > si.frames - f)
            n = si.frames - f;
        err[0] = 0;
        if (!dsh_audio_stream_read(s, f, n, buf, err, sizeof err)) {
            if (!err[0] || a)
                abort();
            break;
        }
        if (a && memcmp(buf, a->samples + f * si.channels,
                        (size_t)n * si.channels * sizeof *buf))
            abort();
        f += n;
        if (k == 3 && !back && f > 7) {
            f -= 7; /* a restart steps back */
            back = true;
        }
    }
    dsh_audio_stream_close(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir)
        LLVMFuzzerInitialize(NULL, NULL);
    const char *in = fz_path(dir, "in.snd");
    fz_write(in, data, size);
    dsh_audio_info info;
    char err[512];
    bool probed = dsh_audio_probe(in, &info, err, sizeof err);
    dsh_audio a;
    bool read = dsh_audio_read(in, &a, err, sizeof err);
    if (read) {
        if (!probed || a.frames != info.frames || a.rate != info.rate ||
            a.channels != info.channels || !a.samples)
            abort();
        check_stream(in, &info, &a, data, size);
        check_roundtrip(&a);
        dsh_audio_free(&a);
    } else if (!err[0]) {
        abort(); /* a failure always says why */
    } else {
        check_stream(in, probed ? &info : NULL, NULL, data, size);
    }
    unlink(in);
    return 0;
}

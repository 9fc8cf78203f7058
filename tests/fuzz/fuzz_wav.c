/* SPDX-License-Identifier: BSD-3-Clause */
/* Fuzz harness: the sound-file reader and the format conversions
 * (harness/audio): the input is written to a file (a fresh name each
 * time: libsndfile picks the format from the bytes, WAV, WAVEX, AIFF,
 * FLAC, W64, CAF, AU, ...), then dsh_audio_probe and dsh_audio_read.
 * Checked: probe and read agree (rate, channels, frames); a read file
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
        check_roundtrip(&a);
        dsh_audio_free(&a);
    } else if (!err[0]) {
        abort(); /* a failure always says why */
    }
    unlink(in);
    return 0;
}
